-- 23. DoD Contractors — FARC, Govt, Cartels, AUC
-- Unshaded: In a Dept, Activate all Guerrillas and remove all Cartels Bases.
-- Shaded: Govt removes 3 Troops. Mark Govt and FARC Ineligible through next card.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "DoD Contractors: Activate all Guerrillas and remove all Cartels Bases in which Department?",
      from = g:spaces("department"), effect = function(s)
        g:activate(s)
        g:remove(s, "cartels", "base", "all")
      end }
  end,
  shaded = function(g)
    -- "Govt removes": the Government picks which Troops (5.1).
    g:remove_pieces{ faction = "govt", kind = "troops", n = 3, by = "govt" }
    -- Ineligible at once: the Government does not act on this card either (2.3.7).
    g:ineligible_through_next("govt")
    g:ineligible_through_next("farc")
  end,
}
