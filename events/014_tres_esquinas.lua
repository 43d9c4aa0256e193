-- 14. Tres Esquinas (GCFA)
-- Unshaded: Forward base: Government places 1 Base and 3 Troops into any Department.
-- Shaded: Base overrun: Remove 1 Government Base and 1 cube from a Department.
return {
  unshaded = function(g)
    -- "Government places": the Government picks the Department (5.1, hard case 10).
    -- 5.1.1: Available pieces only, stacking kept (2 Bases, no Govt pieces in a FARC Zone,
    -- Ecuador at most 2 pieces per Faction, hard cases 5 and 6).
    -- 5.1.3 (hard case 1): if a Department can take the Base and all 3 Troops, only such
    -- Departments are offered; else those that can take part of it.
    local troops = g:available("govt", "troops")
    local depts = g:spaces_where(function(s) return g:is_department(s) end)
    local from = g:best(depts,
      function(s)
        -- Ecuador holds at most 2 pieces per Faction: never the Base and 3 Troops.
        return s ~= "ecuador" and g:can_place(s, "govt", "base") and troops >= 3
          and g:can_stack(s, "govt", "troops")
      end,
      function(s) return g:can_place(s, "govt", "base") or g:can_place(s, "govt", "troops") end)
    local s = g:choose_space{ prompt = "Place the Government Base and 3 Troops in which Department?",
      from = from, by = "govt" }
    if not s then return end
    g:place_up_to(s, "govt", "base", 1)
    g:place_up_to(s, "govt", "troops", 3)
  end,

  shaded = function(g)
    -- 5.1.3 (hard case 1): a Department with both a Government Base and a cube if any,
    -- else one with either. The executing Faction chooses (5.1).
    local depts = g:spaces_where(function(s) return g:is_department(s) end)
    local from = g:best(depts,
      function(s) return g:count(s, "govt", "base") > 0 and g:count(s, "govt", "cubes") > 0 end,
      function(s) return g:count(s, "govt", "base") > 0 or g:count(s, "govt", "cubes") > 0 end)
    local s = g:choose_space{ prompt = "Remove a Government Base and a cube from which Department?", from = from }
    if not s then return end
    if g:count(s, "govt", "base") > 0 then g:remove(s, "govt", "base", 1) end
    local cubes = {}
    for _, k in ipairs{ "troops", "police" } do
      if g:count(s, "govt", k) > 0 then cubes[#cubes + 1] = { "govt", k } end
    end
    local _, kind = g:choose_piece{ prompt = "Remove which cube?", space = s, from = cubes }
    if kind then g:remove(s, "govt", kind, 1) end
  end,
}
