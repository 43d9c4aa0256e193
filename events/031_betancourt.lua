-- 31. Betancourt — FARC, Cartels, Govt, AUC
-- Unshaded: Shift 2 Cities and 1 Dept 1 level each toward Active Support.
-- Shaded: Shift 3 spaces from Passive Opposition to Active Opposition.
---@type CardScript
return {
  unshaded = function(g)
    local function shift(s) g:shift_support(s, 1) end
    g:choose_spaces{ prompt = "Betancourt: shift which City toward Active Support?", shifts_support = 1, n = 2,
      from = g:spaces("city"), effect = shift }
    g:choose_spaces{ prompt = "Betancourt: shift which Department toward Active Support?", shifts_support = 1, n = 1,
      from = g:spaces("department"), effect = shift }
  end,
  shaded = function(g)
    g:choose_spaces{ prompt = "Betancourt: which Passive Opposition space goes to Active Opposition?", shifts_support = "active_opposition", n = 3,
      from = g:spaces("passive_opposition"),
      effect = function(s) g:set_support(s, "active_opposition") end }
  end,
}
