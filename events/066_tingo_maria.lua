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
    place.place_each(g, g:spaces(function(s) return g:is(s, "forest") and g:count(s, "cartels", "base") > 0 end),
      "cartels", "base", "Tingo María: place a Cartels Base in which Forest?")
  end,
}
