-- 70. Ayahuasca Tourism (CAFG)
-- Unshaded: Eco-tourism helps trade balance: Government Resources +6 for each Forest without
-- Guerrillas.
-- Shaded: Eco-tourists taken: A Faction executes free Terror with any 1 Guerrilla in each
-- Forest and gets +3 Resources per Terror.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("govt", 6 * #g:spaces("forest", function(s) return g:count(s, "insurgents", "guerrilla") == 0 end))
  end,
  shaded = function(g)
    -- 5.1: the executing Faction picks the Insurgent; it makes the Terror's selections.
    -- "Any 1 Guerrilla": an Active one too (5.5 EXAMPLE). One Terror, so one Aid Cut (3.3.4).
    g:choose_faction{ prompt = "Ayahuasca Tourism: which Faction executes the free Terror?", from = { "farc", "auc", "cartels" },
      effect = function(f)
        local n = #g:free_op{ op = "terror", by = f, where = g:spaces("forest"), each = true, any_guerrilla = true }
        g:add_resources(f, 3 * n)
      end }
  end,
}
