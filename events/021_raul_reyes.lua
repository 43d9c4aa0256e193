-- 21. Raúl Reyes — FARC, Govt, AUC, Cartels
-- Unshaded: FARC Resources –6. Remove 1 FARC Base.
-- Shaded: FARC Resources +6. Place a FARC Base in a City or Department.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("farc", -6)
    g:choose_space{ prompt = "Raúl Reyes: remove a FARC Base from which space?",
      from = g:holding("farc", "base"),
      effect = function(s) g:remove(s, "farc", "base") end }
  end,
  shaded = function(g)
    g:add_resources("farc", 6)
    g:choose_space{ prompt = "Raúl Reyes: place a FARC Base in which City or Department?",
      from = g:spaces{ "city", "department" }, effect = function(s) g:place(s, "farc", "base") end }
  end,
}
