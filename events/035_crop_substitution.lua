-- 35. Crop Substitution — FARC, Cartels, AUC, Govt
-- Unshaded: Replace the Cartels Bases in 1 Department with 1 Police each. Aid +3.
-- Shaded: Shift a Department with a Cartels Base by 2 levels toward Active Opposition.
---@type CardScript
return {
  unshaded = function(g)
    -- 5.1.1: with no Police Available a Base is removed; in a FARC Zone no Police may stand
    -- (1.4.2, 6.4.4), so nothing happens there and other Departments come first (5.1.3).
    g:choose_space{ prompt = "Crop Substitution: replace the Cartels Bases in which Department?",
      from = g:spaces("department"), effect = function(s) g:replace(s, "cartels", "base", "govt", "police", "all") end }
    g:add_aid(3)
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Crop Substitution: shift which Department toward Active Opposition?", shifts_support = -2,
      from = g:spaces("department", g:holding("cartels", "base")),
      effect = function(s) g:shift_support(s, -2) end }
  end,
}
