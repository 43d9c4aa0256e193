-- 49. Bloques (ACGF)
-- Unshaded: Militias defy Castaño: Permanently remove 3 available AUC Guerrillas.
-- Shaded: Independent militias join AUC: Place an AUC Guerrilla and Base in any Department.
return {
  unshaded = function(g)
    -- Only Available ones (5.1.3: fewer if fewer are Available).
    g:remove_from_game("auc", "guerrilla", 3)
  end,
  shaded = function(g)
    -- 5.1.3: a Department where both fit (Available, 1.4.2 Base stacking) if any, else one
    -- where either does.
    local depts = g:spaces_where(function(s) return g:is_department(s) end)
    local from = g:best(depts,
      function(s) return g:can_place(s, "auc", "guerrilla") and g:can_place(s, "auc", "base") end,
      function(s) return g:can_place(s, "auc", "guerrilla") or g:can_place(s, "auc", "base") end)
    local s = g:choose_space{ prompt = "Place an AUC Guerrilla and Base in which Department?", from = from }
    if not s then return end
    g:place_up_to(s, "auc", "guerrilla", 1)
    g:place_up_to(s, "auc", "base", 1)
  end,
}
