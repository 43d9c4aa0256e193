-- 50. Carabineros (ACGF)
-- Unshaded: National police field forces: Govt places a total of up to 3 Police into any
--   Departments.
-- Shaded: National police corruption: Remove any 2 Police or replace them with available
--   AUC Guerrillas.
return {
  unshaded = function(g)
    -- "Govt places": the Government chooses where (5.1), "up to": it may stop.
    for _ = 1, 3 do
      local from = g:spaces_where(function(s)
        return g:is_department(s) and g:can_place(s, "govt", "police")
      end)
      local s = g:choose_space{ prompt = "Place 1 Police in which Department?", from = from, optional = true, by = "govt" }
      if not s then return end
      g:place(s, "govt", "police")
    end
  end,
  shaded = function(g)
    -- Hard case 4: one mode for both Police. Replacing is only a choice while an AUC
    -- Guerrilla is Available; a Police whose replacement is not Available is removed
    -- anyway (hard case 3, 5.1.1).
    local mode = "remove"
    if g:available("auc", "guerrilla") > 0 then
      mode = g:choose_step{ prompt = "Remove 2 Police, or replace them with AUC Guerrillas?", from = { "remove", "replace" } }
    end
    for _ = 1, 2 do
      local from = g:spaces_where(function(s)
        return g:count(s, "govt", "police") > 0
          and (mode == "remove" or g:can_stack(s, "auc", "guerrilla"))
      end)
      local s = g:choose_space{ prompt = "Take 1 Police from which space?", from = from }
      if not s then return end
      if mode == "replace" then
        g:replace(s, "govt", "police", nil, "auc", "guerrilla")
      else
        g:remove(s, "govt", "police")
      end
    end
  end,
}
