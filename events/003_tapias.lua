-- 3. Tapias (GFAC) — Government Capability (5.3)
-- Unshaded: CO tightens civil-military bonds: Assault costs 1 Resource per space.
-- Shaded: Civil-military rivalries fester: Assault Operations may target only 1 space per card.
---@type CardScript
return {
  -- 3.2.4: Assault costs 3 per space; now 1.
  unshaded = function(g) g:capability{ assault_cost = 1 } end,
  -- "per card": the engine counts Assault spaces per card, Limited or not.
  shaded = function(g) g:capability{ assault_max_spaces = 1 } end,
}
