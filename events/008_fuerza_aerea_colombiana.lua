-- 8. Fuerza Aérea Colombiana (GAFC)
-- Unshaded: Govt executes 3 free Air Strikes.
-- Shaded: Government Resources –9.
return {
  unshaded = function(g)
    for _ = 1, 3 do
      -- 5.5: each free Air Strike as Air Strike's own rules allow (4.2.2); none left, stop.
      if not g:free_special{ faction = "govt", special = "air_strike" } then break end
    end
  end,
  shaded = function(g)
    g:add_resources("govt", -9)
  end,
}
