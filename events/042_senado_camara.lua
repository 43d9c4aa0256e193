-- 42. Senado & Cámara (AGCF)
-- Unshaded: Unity behind Presidential war policy: 2 Neutral spaces to Passive Support. Govt
--   Resources +3.
-- Shaded (Insurgent Momentum): Insurgent sympathies: No Sweep or Assault against executing
--   Faction until next Propaganda.
---@type CardScript
return {
  unshaded = function(g)
    -- Neutral: a space that can hold Support (1.6) at neither Support nor Opposition.
    g:choose_spaces{ prompt = "Senado & Cámara: set which Neutral space to Passive Support?", shifts_support = "passive_support", n = 2,
      from = g:spaces("populated", "neutral"),
      effect = function(s) g:set_support(s, "passive_support") end }
    g:add_resources("govt", 3)
  end,
  shaded = function(g)
    -- Hard case 12: the Government is never Swept or Assaulted, so executed by it the card
    -- goes to the Momentum box (5.4) with no effect.
    local f = g:executing()
    g:momentum(f == "govt" and {} or { no_sweep_assault_against = f })
  end,
}
