-- 66. Tingo María (CFAG)
-- Unshaded: Coca crop fails: Remove 3 Cartels Bases from Forest.
-- Shaded: Hearty coca variety: Within stacking, place an available Cartels Base into each
-- Forest that already has one.
local place = require("place_each")
---@type CardScript
return {
  unshaded = function(g)
    g:remove_pieces{ faction = "cartels", kind = "base", n = 3, from = g:spaces("forest") }
  end,
  shaded = function(g)
    place.place_each(g, g:spaces("forest", g:holding("cartels", "base")),
      "cartels", "base", "Tingo María: place a Cartels Base in which Forest?")
  end,
}
