-- 13. Plan Meteoro (GCFA) — Government Capability (5.3)
-- Unshaded: Transport protection units: Patrol conducts a free Assault in each LoC.
-- Shaded: Transport security deemphasized: Patrols do not conduct a free Assault.
---@type CardScript
return {
  -- 3.2.2: Patrol's free Assault ("if desired") is in 1 LoC; now in each LoC, the
  -- Government picking them one at a time (docs/rulings.md "Event cards 1–18").
  unshaded = function(g) g:capability{ patrol_assault_each_loc = true } end,
  shaded = function(g) g:capability{ patrol_no_assault = true } end,
}
