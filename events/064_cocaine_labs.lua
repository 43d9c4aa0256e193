-- 64. Cocaine Labs (CFAG) — 2nd Ed
-- Unshaded: FARC taps suppliers: Place 2 Shipments with FARC Guerrillas in the same spaces as
-- Cartels Bases.
-- Shaded: Well-oiled industry: For each Cartels Base, Cartels Resources +2 if in City, +1 if
-- in Dept.
---@type CardScript
return {
  unshaded = function(g)
    -- A Guerrilla may hold several Shipments (4.5.3): one space may take both.
    for _ = 1, 2 do
      g:choose_space{ prompt = "Cocaine Labs: place a Shipment with a FARC Guerrilla in which space?",
        from = g:holding("cartels", "base"),
        effect = function(s) g:place_shipment(s, "farc") end }
    end
  end,
  shaded = function(g)
    g:add_resources("cartels", g:sum(g:holding("cartels", "base"), function(s)
      return g:count(s, "cartels", "base") * (g:is(s, "city") and 2 or g:is(s, "department") and 1 or 0)
    end))
  end,
}
