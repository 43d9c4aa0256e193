-- 15. War Tax (GCFA)
-- Unshaded: Defense budget shot in the arm: Roll a die and add 4 times the result to Government Resources.
-- Shaded: Middle class resents cost of war: Shift a City from Neutral or Passive Support to Passive Opposition.
---@type CardScript
return {
  unshaded = function(g)
    local die = g:roll()
    g:log("War Tax: rolled " .. die)
    g:add_resources("govt", 4 * die)
  end,
  shaded = function(g)
    g:choose_space{ prompt = "War Tax: shift which City to Passive Opposition?", shifts_support = "passive_opposition",
      from = g:spaces("city", { "neutral", "passive_support" }),
      effect = function(s) g:set_support(s, "passive_opposition") end }
  end,
}
