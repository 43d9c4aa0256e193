-- 43. Calima Front (AFGC)
-- Unshaded: Suspect leftists massacred: Place 2 Terror in and remove all FARC Bases from a
--   Dept with Troops.
-- Shaded: Brutality blamed on Army: Place 2 Terror in a Dept with Troops. Aid –9.
local function depts_with_troops(g)
  return g:spaces("department", g:holding("govt", "troops"))
end

---@type CardScript
return {
  unshaded = function(g)
    -- 5.1.3: "all FARC Bases" is never left undone, so a Department without one is offered
    -- too (docs/rulings.md "Event cards 37–54").
    g:choose_space{ prompt = "Calima Front: place 2 Terror and remove all FARC Bases in which Department?",
      from = depts_with_troops(g), effect = function(s) g:place_terror(s, 2); g:remove(s, "farc", "base", "all") end }
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Calima Front: place 2 Terror in which Department with Troops?", from = depts_with_troops(g),
      effect = function(s) g:place_terror(s, 2) end }
    g:add_aid(-9)
  end,
}
