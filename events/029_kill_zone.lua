-- 29. Kill Zone — FARC, AUC, Cartels, Govt
-- Unshaded: Govt in 1 space Activates all FARC and executes free Assault.
-- Shaded: FARC or AUC in a space executes 2 free Ambushes with any of its Guerrillas
-- without Activating.
-- 5.1: the Faction ordered to act picks the space (as the Attacking Faction does in the
-- 5.1 EXAMPLE); the executing Faction picks which Insurgent acts in the shaded text.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Kill Zone: Activate all FARC and Assault in which space?", from = g:holding("insurgents"),
      by = "govt", effect = function(s)
        g:activate(s, "farc")
        -- 5.1.2: the Event's Assault beats lasting Events that forbid it.
        g:free_op{ op = "assault", by = "govt", where = { s }, overrides = true }
      end }
  end,
  shaded = function(g)
    g:choose_faction{ prompt = "Kill Zone: which Faction Ambushes?", from = { "farc", "auc" }, effect = function(f)
      g:choose_space{ prompt = "Kill Zone: Ambush twice in which space?", by = f,
        from = g:holding(f, "guerrilla"), effect = function(s)
          for _ = 1, 2 do
            g:free_op{ op = "attack", ambush = true, any_guerrilla = true, no_activation = true, by = f, where = { s } }
          end
        end }
    end }
  end,
}
