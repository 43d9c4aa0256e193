-- 24. Operación Jaque — FARC, Govt, Cartels, AUC
-- Unshaded: 1 City to Active Support. Mark FARC Ineligible through next card.
-- Shaded: Remove 2 Troops from a space with FARC pieces. Shift a City with Support to
-- Neutral.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Operación Jaque: which City goes to Active Support?", shifts_support = "active_support", from = g:spaces("city"),
      effect = function(s) g:set_support(s, "active_support") end }
    g:ineligible_through_next("farc")
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Operación Jaque: remove 2 Troops from which space with FARC pieces?",
      from = g:holding("farc"),
      effect = function(s) g:remove(s, "govt", "troops", 2) end }
    g:choose_space{ prompt = "Operación Jaque: which City with Support goes to Neutral?", shifts_support = "neutral",
      from = g:spaces("city", "support"),
      effect = function(s) g:set_support(s, "neutral") end }
  end,
}
