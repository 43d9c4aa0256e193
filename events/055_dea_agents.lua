-- 55. DEA Agents (CGFA) — 2nd Ed
-- Unshaded: Law enforcement assistance: Remove 2 Shipments and any 5 Cartels Guerrillas. Aid +3.
-- Shaded: Más Yanquis: In 3 spaces with Cartels pieces, shift 1 level toward Active Opposition.
---@type CardScript
return {
  unshaded = function(g)
    for _ = 1, 2 do
      g:choose_space{ prompt = "DEA Agents: remove a Shipment from which space?",
        from = g:spaces("shipment"), effect = function(s) g:remove_shipment(s) end }
    end
    g:remove_pieces{ faction = "cartels", kind = "guerrilla", n = 5 }
    g:add_aid(3)
  end,
  shaded = function(g)
    g:choose_spaces{ prompt = "DEA Agents: shift which space toward Active Opposition?", shifts_support = -1, n = 3,
      from = g:holding("cartels"), effect = function(s) g:shift_support(s, -1) end }
  end,
}
