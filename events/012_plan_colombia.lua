-- 12. Plan Colombia (GACF)
-- Unshaded: Add lesser of Aid or +20 to Govt Resources. Then Aid +10.
-- Shaded (Insurgent Momentum): No Air Strike or Activation by Patrol until next Propaganda.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("govt", math.min(g:aid(), 20))
    g:add_aid(10)
  end,
  shaded = function(g)
    g:momentum{ no_air_strike = true, patrol_no_activation = true }
  end,
}
