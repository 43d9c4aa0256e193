-- 21. Raúl Reyes — FARC, Govt, AUC, Cartels
-- Unshaded: FARC Resources –6. Remove 1 FARC Base.
-- Shaded: FARC Resources +6. Place a FARC Base in a City or Department.
return {
  unshaded = function(g)
    g:add_resources("farc", -6)
    local s = g:choose_space{ prompt = "Raúl Reyes: remove a FARC Base from which space?",
      from = g:spaces_where(function(x) return g:count(x, "farc", "base") > 0 end) }
    if s then g:remove(s, "farc", "base") end
  end,
  shaded = function(g)
    g:add_resources("farc", 6)
    -- 5.1.1: only where a FARC Base is Available and may stack (1.4.2); none, no Base.
    local s = g:choose_space{ prompt = "Raúl Reyes: place a FARC Base in which space?",
      from = g:spaces_where(function(x)
        return (g:is_city(x) or g:is_department(x)) and g:can_place(x, "farc", "base")
      end) }
    if s then g:place(s, "farc", "base") end
  end,
}
