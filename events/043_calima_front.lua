-- 43. Calima Front (AFGC)
-- Unshaded: Suspect leftists massacred: Place 2 Terror in and remove all FARC Bases from a
--   Dept with Troops.
-- Shaded: Brutality blamed on Army: Place 2 Terror in a Dept with Troops. Aid –9.
local function depts_with_troops(g)
  return g:spaces_where(function(s) return g:is_department(s) and g:count(s, "govt", "troops") > 0 end)
end

return {
  unshaded = function(g)
    -- Hard case 1 (5.1.3): if some Department allows the whole effect (a FARC Base to remove
    -- and 2 Terror markers left to place), only those are offered.
    local from = g:best(depts_with_troops(g),
      function(s) return g:count(s, "farc", "base") > 0 and g:markers_left() >= 2 end,
      function(s) return g:count(s, "farc", "base") > 0 or g:markers_left() > 0 end)
    local s = g:choose_space{ prompt = "Place 2 Terror and remove all FARC Bases in which Department?", from = from }
    if not s then return end
    g:place_terror(s, 2)
    g:remove(s, "farc", "base", g:count(s, "farc", "base"))
  end,
  shaded = function(g)
    local from = {}
    if g:markers_left() > 0 then from = depts_with_troops(g) end
    local s = g:choose_space{ prompt = "Place 2 Terror in which Department with Troops?", from = from }
    if s then g:place_terror(s, 2) end
    g:add_aid(-9)
  end,
}
