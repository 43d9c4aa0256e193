-- 64. Cocaine Labs (CFAG) — 2nd Ed
-- Unshaded: FARC taps suppliers: Place 2 Shipments with FARC Guerrillas in the same spaces as
-- Cartels Bases.
-- Shaded: Well-oiled industry: For each Cartels Base, Cartels Resources +2 if in City, +1 if
-- in Dept.
return {
  unshaded = function(g)
    -- 5.1.3: as many of the 2 as free Shipment markers and such spaces allow; a Guerrilla
    -- may hold several Shipments (4.5.3), so one space may take both.
    for _ = 1, 2 do
      if g:shipments_available() == 0 then break end
      local from = g:spaces_where(function(s)
        return g:count(s, "cartels", "base") > 0 and g:count(s, "farc", "guerrilla") > 0
      end)
      local s = g:choose_space{ prompt = "Place a Shipment with a FARC Guerrilla in which space with a Cartels Base?", from = from }
      if not s then break end
      g:place_shipment(s, "farc")
    end
  end,
  shaded = function(g)
    local n = 0
    for _, s in ipairs(g:spaces()) do
      local b = g:count(s, "cartels", "base")
      if g:is_city(s) then n = n + 2 * b elseif g:is_department(s) then n = n + b end
    end
    g:add_resources("cartels", n)
  end,
}
