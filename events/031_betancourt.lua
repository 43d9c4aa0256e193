-- 31. Betancourt — FARC, Cartels, Govt, AUC
-- Unshaded: Shift 2 Cities and 1 Dept 1 level each toward Active Support.
-- Shaded: Shift 3 spaces from Passive Opposition to Active Opposition.

-- Choose exactly min(n, #from) spaces: "N" means as many as possible up to N (5.1.3).
local function choose_n(g, prompt, from, n)
  local k = math.min(n, #from)
  return g:choose_spaces{ prompt = prompt, from = from, min = k, max = k }
end

return {
  unshaded = function(g)
    local function can_shift(x) return g:populated(x) and g:support(x) < 2 end
    local cities = choose_n(g, "Betancourt: shift which 2 Cities toward Active Support?",
      g:spaces_where(function(x) return g:is_city(x) and can_shift(x) end), 2)
    local depts = choose_n(g, "Betancourt: shift which Department toward Active Support?",
      g:spaces_where(function(x) return g:is_department(x) and can_shift(x) end), 1)
    for _, s in ipairs(cities) do g:shift_support(s, 1) end
    for _, s in ipairs(depts) do g:shift_support(s, 1) end
  end,
  shaded = function(g)
    local chosen = choose_n(g, "Betancourt: which 3 Passive Opposition spaces go to Active Opposition?",
      g:spaces_where(function(x) return g:populated(x) and g:support(x) == -1 end), 3)
    for _, s in ipairs(chosen) do g:set_support(s, -2) end
  end,
}
