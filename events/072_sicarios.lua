-- 72. Sicarios (CAFG)
-- Unshaded: Hired drug guns unreliable: Replace all Cartels Guerrillas in 2 spaces with other
-- Guerrillas.
-- Shaded: Unemployed ready to work for syndicates: Place all available Cartels Guerrillas into
-- spaces with Cartels Bases.
---@type CardScript
return {
  unshaded = function(g)
    -- g:replace: with none Available the Guerrilla is removed anyway (5.1.1); a Shipment may
    -- pass to the new Guerrilla (4.5.3 "even as ... replaced").
    g:choose_spaces{ prompt = "Sicarios: replace the Cartels Guerrillas in which space?", n = 2, from = g:holding("cartels", "guerrilla"),
      effect = function(s) g:replace(s, "cartels", "guerrilla", { "farc", "auc" }, "guerrilla", "all") end }
  end,
  shaded = function(g)
    g:place_in{ faction = "cartels", kind = "guerrilla", n = g:available("cartels", "guerrilla"),
      from = g:holding("cartels", "base") }
  end,
}
