-- 50. Carabineros (ACGF)
-- Unshaded: National police field forces: Govt places a total of up to 3 Police into any
--   Departments.
-- Shaded: National police corruption: Remove any 2 Police or replace them with available
--   AUC Guerrillas.
---@type CardScript
return {
  unshaded = function(g)
    g:place_in{ faction = "govt", kind = "police", n = 3, up_to = true, by = "govt", from = g:spaces("department") }
  end,
  shaded = function(g)
    -- Hard case 4: one mode for both Police. With no AUC Guerrilla Available, replacing is
    -- removing (5.1.1): no question.
    local replace = g:available("auc", "guerrilla") > 0 and g:choose{
      prompt = "Carabineros: remove 2 Police, or replace them with AUC Guerrillas?", from = { "remove", "replace" } } == "replace"
    for _ = 1, 2 do
      g:choose_space{ prompt = "Carabineros: take 1 Police from which space?", from = g:holding("govt", "police"), effect = function(s)
        if replace then g:replace(s, "govt", "police", "auc", "guerrilla") else g:remove(s, "govt", "police") end
      end }
    end
  end,
}
