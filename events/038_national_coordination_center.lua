-- 38. National Coordination Center (AGFC)
-- Unshaded: New command fights paramilitaries: Remove all Active AUC Guerrillas from up to 3
--   spaces with cubes or Support.
-- Shaded: Sympathizers alert AUC: All AUC Guerrillas in spaces with cubes or Support to
--   Underground.
local function cubes_or_support(g, s)
  return g:count(s, "govt", "cubes") > 0 or g:support(s) > 0
end

return {
  unshaded = function(g)
    -- 5.1.3: offer only spaces where there is an Active AUC Guerrilla to remove.
    local from = g:spaces_where(function(s)
      return cubes_or_support(g, s) and g:count(s, "auc", "guerrilla", "active") > 0
    end)
    -- "Up to 3": the executing Faction may stop early (min 0).
    local chosen = g:choose_spaces{
      prompt = "Remove all Active AUC Guerrillas from which space?", from = from, min = 0, max = 3,
    }
    for _, s in ipairs(chosen) do
      g:remove(s, "auc", "guerrilla", g:count(s, "auc", "guerrilla", "active"), "active")
    end
  end,
  shaded = function(g)
    for _, s in ipairs(g:spaces()) do
      if cubes_or_support(g, s) then g:underground(s, "auc") end
    end
  end,
}
