-- 65. Poppies (CFAG) — single Event, 2nd Ed
-- Growers and Government eradication focus on heroin source: Place or remove 1 Shipment and
-- Insurgent Base in any Mountain Department.
-- 2nd Ed: a Shipment AND an Insurgent Base, both in the same Mountain Department.
---@type CardScript
return {
  unshaded = function(g)
    -- One verb for both (docs/rulings.md "Event cards 55–72"); 5.1.3 weighs every verb and space.
    g:choose{ prompt = "Poppies: place or remove a Shipment and an Insurgent Base?", from = { "place", "remove" },
      effect = function(verb)
        g:choose_space{ prompt = "Poppies: " .. verb .. " them in which Mountain Department?",
          from = g:spaces("mountain"), effect = function(s)
            if verb == "remove" then
              g:remove_shipment(s)
              return g:remove(s, "insurgents", "base")
            end
            g:choose_faction{ prompt = "Poppies: place the Shipment with whose Guerrilla?", from = { "farc", "auc", "cartels" },
              effect = function(f) g:place_shipment(s, f) end }
            g:place_pieces(s, "insurgents", 1, { "base" })
          end }
      end }
  end,
}
