-- 4. Caño Limón—Coveñas (GFCA)
-- Unshaded: Profitable pipeline: Add twice the Econ of 3 unSabotaged pipelines to Government Resources.
-- Shaded: Pipeline draws attacks: Sabotage the 3 pipelines with highest value and no cubes.
local pick = require("pick")

---@type CardScript
return {
  unshaded = function(g)
    -- The executing Faction picks the 3 (5.1); with 3 or fewer unSabotaged, all count (5.1.3).
    local open = g:spaces("pipeline", function(s) return not g:sabotaged(s) end)
    local counted = pick.n(g, 3, open, "Caño Limón: Which unSabotaged pipeline counts?")
    g:add_resources("govt", 2 * g:sum(counted, function(s) return g:econ(s) end))
  end,
  shaded = function(g)
    -- A Sabotaged pipeline cannot take the marker again, so the 3 come from the others (as
    -- RTT reads it); the executing Faction breaks a tie at the cut (5.1).
    local from = g:spaces("pipeline", function(s) return not g:sabotaged(s) and g:count(s, "govt", "cubes") == 0 end)
    pick.highest(g, 3, from, function(s) return g:econ(s) end,
      "Caño Limón: Sabotage which of the highest-value pipelines without cubes?", function(s) g:sabotage(s) end)
  end,
}
