-- 62. Amazonía (CFGA)
-- Unshaded: Brasília's Op Cobra blocks border: Remove up to 3 Insurgent pieces from 0
-- Population Forests.
-- Shaded: Jungle landing strips: Place 1 Cartels Base each in Guainía, Vaupés, and Amazonas.
local place = require("place_each")
---@type CardScript
return {
  unshaded = function(g)
    -- An Event removal, not an Assault: Bases need not go last.
    g:remove_pieces{ faction = "insurgents", n = 3, up_to = true,
      from = g:spaces("forest", "zero_pop") }
  end,
  shaded = function(g)
    place.place_each(g, { "guainia", "vaupes", "amazonas" }, "cartels", "base", "Amazonía: place a Cartels Base in which space?")
  end,
}
