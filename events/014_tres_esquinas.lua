-- 14. Tres Esquinas (GCFA)
-- Unshaded: Forward base: Government places 1 Base and 3 Troops into any Department.
-- Shaded: Base overrun: Remove 1 Government Base and 1 cube from a Department.
---@type CardScript
return {
  unshaded = function(g)
    -- "Government places": the Government picks the Department (5.1).
    g:choose_space{ prompt = "Tres Esquinas: place a Government Base and 3 Troops in which Department?",
      from = g:spaces("department"), by = "govt", effect = function(s)
        g:place(s, "govt", "base")
        g:place(s, "govt", "troops", 3)
      end }
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Tres Esquinas: remove a Government Base and a cube from which Department?",
      from = g:spaces("department"), effect = function(s)
        g:remove(s, "govt", "base")
        g:remove(s, "govt", "cubes")
      end }
  end,
}
