-- 39. Soldados Campesinos (AGFC)
-- Unshaded: Local forces platoons: Place 1 Police into each of 6 Depts.
-- Shaded: Local forces augment autodefensas: In up to 3 Depts, replace 1 Police with 1
--   available AUC Guerrilla.
return {
  unshaded = function(g)
    -- 1.4.2/6.4.4: no Police into a FARC Zone (can_stack); 5.1.1: only Available Police.
    local from = g:spaces_where(function(s)
      return g:is_department(s) and g:can_stack(s, "govt", "police")
    end)
    -- "6" (not "up to"): as many as possible, up to 6 (5.1.3).
    local n = math.min(6, #from, g:available("govt", "police"))
    if n == 0 then return end
    local chosen = g:choose_spaces{
      prompt = "Place 1 Police in which Department?", from = from, min = n, max = n,
    }
    for _, s in ipairs(chosen) do g:place(s, "govt", "police") end
  end,
  shaded = function(g)
    -- Hard case 3: replacing is allowed where the AUC Guerrilla may stack; with none
    -- Available, the Police is removed anyway (5.1.1).
    local from = g:spaces_where(function(s)
      return g:is_department(s) and g:count(s, "govt", "police") > 0
        and g:can_stack(s, "auc", "guerrilla")
    end)
    local chosen = g:choose_spaces{
      prompt = "Replace 1 Police with 1 AUC Guerrilla in which Department?", from = from, min = 0, max = 3,
    }
    for _, s in ipairs(chosen) do
      g:replace(s, "govt", "police", nil, "auc", "guerrilla")
    end
  end,
}
