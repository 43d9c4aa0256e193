-- 38. National Coordination Center (AGFC)
-- Unshaded: New command fights paramilitaries: Remove all Active AUC Guerrillas from up to 3
--   spaces with cubes or Support.
-- Shaded: Sympathizers alert AUC: All AUC Guerrillas in spaces with cubes or Support to
--   Underground.
local function with_cubes_or_support(g)
  return g:spaces{ g:holding("govt", "cubes"), "support" }
end

---@type CardScript
return {
  unshaded = function(g)
    g:choose_spaces{ prompt = "National Coordination Center: Remove all Active AUC Guerrillas from which space?",
      up_to = 3, from = with_cubes_or_support(g),
      effect = function(s) g:remove(s, "auc", "guerrilla", "all", "active") end }
  end,
  shaded = function(g)
    for _, s in ipairs(g:spaces(with_cubes_or_support(g), g:holding("auc", "guerrilla"))) do g:underground(s, "auc") end
  end,
}
