-- 7. 7th Special Forces (GAFC) — Government Capability (5.3), 2nd Ed
-- Unshaded: Infrastructure protection training: Each Sabotage phase, Govt may remove 1-3 Terror or Sabotage.
-- Shaded: US training ineffective: Sabotage phase—Sabotage LoCs with any Guerrillas equal to cubes.
---@type CardScript
return {
  -- 6.2: after Sabotage, the Government may remove up to 3 Terror or Sabotage markers
  -- ("may": 0 to 3, hard case 14).
  unshaded = function(g) g:capability{ sabotage_phase_removals = 3 } end,
  -- 6.2 Sabotages LoCs where Guerrillas outnumber cubes; now also where they equal them
  -- (at least 1 Guerrilla still needed, hard case 25).
  shaded = function(g) g:capability{ sabotage_when_equal = true } end,
}
