-- 17. Madrid Donors (GCAF)
-- Unshaded: Aid conference generous: Add lesser of Aid or +20 to Govt Resources. Then Aid +6.
-- Shaded (Insurgent Momentum): EU aid focuses on reconstruction: No Sweep or Assault in Depts until next Propaganda.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("govt", math.min(g:aid(), 20))
    g:add_aid(6)
  end,
  shaded = function(g)
    -- 5.4: until the next Reset (6.6).
    g:momentum{ no_sweep_assault_in_departments = true }
  end,
}
