-- 32. Secuestrados — FARC, Cartels, Govt, AUC
-- Unshaded: Shift 2 spaces from Neutral or Passive Opposition to Passive Support.
-- Shaded: FARC Resources +12.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_spaces{ prompt = "Secuestrados: which space goes to Passive Support?", shifts_support = "passive_support", n = 2,
      from = g:spaces{ "neutral", "passive_opposition" },
      effect = function(s) g:set_support(s, "passive_support") end }
  end,
  shaded = function(g) g:add_resources("farc", 12) end,
}
