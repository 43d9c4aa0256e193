-- 32. Secuestrados — FARC, Cartels, Govt, AUC
-- Unshaded: Shift 2 spaces from Neutral or Passive Opposition to Passive Support.
-- Shaded: FARC Resources +12.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_spaces{ prompt = "Secuestrados: which space goes to Passive Support?", n = 2,
      from = g:spaces(function(s) return g:support(s) == 0 or g:support(s) == -1 end),
      effect = function(s) g:set_support(s, "passive_support") end }
  end,
  shaded = function(g) g:add_resources("farc", 12) end,
}
