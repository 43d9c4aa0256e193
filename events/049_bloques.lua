-- 49. Bloques (ACGF)
-- Unshaded: Militias defy Castaño: Permanently remove 3 available AUC Guerrillas.
-- Shaded: Independent militias join AUC: Place an AUC Guerrilla and Base in any Department.
---@type CardScript
return {
  unshaded = function(g) g:remove_from_game("auc", "guerrilla", 3) end,
  shaded = function(g)
    g:choose_space{ prompt = "Bloques: place an AUC Guerrilla and Base in which Department?",
      from = g:spaces("department"), effect = function(s) g:place(s, "auc", "guerrilla"); g:place(s, "auc", "base") end }
  end,
}
