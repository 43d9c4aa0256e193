-- 41. Mancuso (AGCF)
-- Unshaded: AUC No.2 extradited: AUC Resources –6. Remove all AUC pieces from 1 space.
-- Shaded: AUC drug lord: AUC Resources +3 for each space with AUC and Cartels pieces.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("auc", -6)
    g:choose_space{ prompt = "Mancuso: remove all AUC pieces from which space?", from = g:holding("auc"),
      effect = function(s) g:remove(s, "auc", nil, "all") end }
  end,
  shaded = function(g)
    g:add_resources("auc", 3 * #g:spaces(g:holding("auc"), g:holding("cartels")))
  end,
}
