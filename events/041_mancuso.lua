-- 41. Mancuso (AGCF)
-- Unshaded: AUC No.2 extradited: AUC Resources –6. Remove all AUC pieces from 1 space.
-- Shaded: AUC drug lord: AUC Resources +3 for each space with AUC and Cartels pieces.
return {
  unshaded = function(g)
    g:add_resources("auc", -6)
    -- 5.1: the executing Faction picks the space; only spaces with AUC pieces do something.
    local from = g:spaces_where(function(s) return g:count(s, "auc") > 0 end)
    local s = g:choose_space{ prompt = "Remove all AUC pieces from which space?", from = from }
    if not s then return end
    -- Bases last does not apply: the Event removes all of them.
    g:remove(s, "auc", "guerrilla", g:count(s, "auc", "guerrilla"))
    g:remove(s, "auc", "base", g:count(s, "auc", "base"))
  end,
  shaded = function(g)
    local n = #g:spaces_where(function(s) return g:count(s, "auc") > 0 and g:count(s, "cartels") > 0 end)
    g:add_resources("auc", 3 * n)
  end,
}
