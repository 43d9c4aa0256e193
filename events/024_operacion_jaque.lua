-- 24. Operación Jaque — FARC, Govt, Cartels, AUC
-- Unshaded: 1 City to Active Support. Mark FARC Ineligible through next card.
-- Shaded: Remove 2 Troops from a space with FARC pieces. Shift a City with Support to
-- Neutral.
return {
  unshaded = function(g)
    -- 5.1.3: a City not yet at Active Support.
    local s = g:choose_space{ prompt = "Operación Jaque: which City goes to Active Support?",
      from = g:spaces_where(function(x) return g:is_city(x) and g:populated(x) and g:support(x) < 2 end) }
    if s then g:set_support(s, 2) end
    g:ineligible_through_next("farc")
  end,
  shaded = function(g)
    -- 5.1.3 (hard case 1): a space with 2 Troops if any, else one with 1.
    local cands = g:best(
      g:spaces_where(function(x) return g:count(x, "farc") > 0 end),
      function(x) return g:count(x, "govt", "troops") >= 2 end,
      function(x) return g:count(x, "govt", "troops") >= 1 end)
    local s = g:choose_space{ prompt = "Operación Jaque: remove 2 Troops from which space with FARC pieces?",
      from = cands }
    if s then g:remove(s, "govt", "troops", math.min(2, g:count(s, "govt", "troops"))) end
    local c = g:choose_space{ prompt = "Operación Jaque: which City with Support goes to Neutral?",
      from = g:spaces_where(function(x) return g:is_city(x) and g:support(x) > 0 end) }
    if c then g:set_support(c, 0) end
  end,
}
