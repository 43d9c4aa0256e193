-- 18. NSPD-18 (GCAF)
-- Unshaded: US "War on Terror" takes on FARC: Add lesser of Aid or +20 to Govt Resources. Then Aid +20.
-- Shaded: US focused on Mid-East and South Asia: Government Resources –6. Subtract a die roll from Aid.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("govt", math.min(g:aid(), 20))
    g:add_aid(20) -- 5.1.1: at most 29
  end,
  shaded = function(g)
    g:add_resources("govt", -6)
    local die = g:roll()
    g:log("NSPD-18: rolled " .. die)
    g:add_aid(-die)
  end,
}
