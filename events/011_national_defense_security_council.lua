-- 11. National Defense & Security Council (GACF) — Government Capability (5.3)
-- Unshaded: Military-police jointness: 1 Police may enter each Sweep space.
-- Shaded: Military-police rivalry: A Sweep Operation Activates Guerrillas via Troops or Police, not both.
---@type CardScript
return {
  -- 3.2.3: only Troops move into Sweep spaces; now also 1 Police per space, by the same
  -- routes (docs/rulings.md "Event cards 1–18").
  unshaded = function(g) g:capability{ sweep_police_may_enter = true } end,
  -- 3.2.3: Sweep Activates 1 per cube; now per Troops or per Police, whichever is larger.
  shaded = function(g) g:capability{ sweep_troops_or_police = true } end,
}
