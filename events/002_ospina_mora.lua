-- 2. Ospina & Mora (GFAC) — Government Capability (5.3)
-- Unshaded: Sweep costs 1 Resource per space.
-- Shaded: Sweep Operations may target only 1 space per card.
---@type CardScript
return {
  unshaded = function(g) g:capability{ sweep_cost = 1 } end,
  shaded = function(g) g:capability{ sweep_max_spaces = 1 } end,
}
