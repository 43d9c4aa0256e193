-- 61. Air Bridge (CFGA)
-- Unshaded: Peruvian coca supply controlled: Remove all Cartels pieces from 1 City. Cartels
-- Resources –6.
-- Shaded: Colombian coca growers fill Peruvian void: Place 1 Cartels Base into each of 3
-- Depts with no Cartels pieces.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Air Bridge: remove all Cartels pieces from which City?", from = g:spaces("city"),
      effect = function(s) g:remove(s, "cartels", nil, "all") end }
    g:add_resources("cartels", -6)
  end,
  shaded = function(g)
    g:choose_spaces{ prompt = "Air Bridge: place a Cartels Base in which Department?", n = 3,
      from = g:spaces("department", function(s) return g:count(s, "cartels") == 0 end),
      effect = function(s) g:place(s, "cartels", "base") end }
  end,
}
