-- 44. Colombia Nueva (AFGC)
-- Unshaded: Anti-corruption campaign: Shift a non-Opposition City to Active Support. Govt
--   Resources +3.
-- Shaded: Political campaign divisive: Shift a City from Support to Neutral. Govt Resources –3.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Colombia Nueva: shift which non-Opposition City to Active Support?", shifts_support = "active_support",
      from = g:spaces("city", { "neutral", "support" }),
      effect = function(s) g:set_support(s, "active_support") end }
    g:add_resources("govt", 3)
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Colombia Nueva: shift which City from Support to Neutral?", shifts_support = "neutral",
      from = g:spaces("city", "support"),
      effect = function(s) g:set_support(s, "neutral") end }
    g:add_resources("govt", -3)
  end,
}
