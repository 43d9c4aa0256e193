-- 44. Colombia Nueva (AFGC)
-- Unshaded: Anti-corruption campaign: Shift a non-Opposition City to Active Support. Govt
--   Resources +3.
-- Shaded: Political campaign divisive: Shift a City from Support to Neutral. Govt Resources –3.
return {
  unshaded = function(g)
    -- 5.1.3: a City already at Active Support would change nothing; offer the others.
    local from = g:spaces_where(function(s)
      return g:is_city(s) and g:support(s) >= 0 and g:support(s) < 2
    end)
    local s = g:choose_space{ prompt = "Shift which non-Opposition City to Active Support?", from = from }
    if s then g:set_support(s, 2) end
    g:add_resources("govt", 3)
  end,
  shaded = function(g)
    local from = g:spaces_where(function(s) return g:is_city(s) and g:support(s) > 0 end)
    local s = g:choose_space{ prompt = "Shift which City from Support to Neutral?", from = from }
    if s then g:set_support(s, 0) end
    g:add_resources("govt", -3)
  end,
}
