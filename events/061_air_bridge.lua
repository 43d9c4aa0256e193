-- 61. Air Bridge (CFGA)
-- Unshaded: Peruvian coca supply controlled: Remove all Cartels pieces from 1 City. Cartels
-- Resources –6.
-- Shaded: Colombian coca growers fill Peruvian void: Place 1 Cartels Base into each of 3
-- Depts with no Cartels pieces.
return {
  unshaded = function(g)
    local from = g:spaces_where(function(s) return g:is_city(s) and g:count(s, "cartels") > 0 end)
    local s = g:choose_space{ prompt = "Remove all Cartels pieces from which City?", from = from }
    if s then
      for _, kind in ipairs({ "guerrilla", "base" }) do
        local n = g:count(s, "cartels", kind)
        if n > 0 then g:remove(s, "cartels", kind, n) end
      end
    end
    g:add_resources("cartels", -6)
  end,
  shaded = function(g)
    -- 5.1.3: as many of the 3 as Available Bases and stacking (1.4.2) allow.
    for _ = 1, 3 do
      local from = g:spaces_where(function(s)
        return g:is_department(s) and g:count(s, "cartels") == 0 and g:can_place(s, "cartels", "base")
      end)
      local s = g:choose_space{ prompt = "Place a Cartels Base in which Department without Cartels pieces?", from = from }
      if not s then break end
      g:place(s, "cartels", "base")
    end
  end,
}
