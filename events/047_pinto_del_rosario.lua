-- 47. Pinto & del Rosario (AFCG)
-- Unshaded: Human rights investigators: All AUC Guerrillas Active. All Police free Assault
--   AUC as if Troops.
-- Shaded: Prosecutors killed: AUC places 2 Guerrillas in Cúcuta, executes free Terror there,
--   and flips any 2 AUC Guerrillas Underground.
---@type CardScript
return {
  unshaded = function(g)
    for _, s in ipairs(g:holding("auc", "guerrilla")) do g:activate(s, "auc") end
    -- Hard case 9: in each space, only the Police Assault, as Troops, AUC alone. 5.1.2: the
    -- Event's Assault beats lasting Events that forbid it.
    g:free_op{ op = "assault", by = "govt", against = { "auc" }, each = true, force = "police_as_troops",
      overrides = true }
  end,
  shaded = function(g)
    -- AUC, ordered to act, makes the selections (5.1).
    g:as("auc", function()
      g:place("cucuta", "auc", "guerrilla", 2)
      -- The Event names the space (5.1.1): with no Underground AUC Guerrilla there, an Active
      -- one executes the Terror (hard case 11); with none at all there is no Terror
      -- (docs/rulings.md "Event cards 37–54").
      g:free_op{ op = "terror", by = "auc", where = { "cucuta" },
        any_guerrilla = g:count("cucuta", "auc", "guerrilla", "underground") == 0 }
      g:flip{ n = 2, to = "underground", faction = "auc" }
    end)
  end,
}
