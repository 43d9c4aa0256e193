-- 55. DEA Agents (CGFA) — 2nd Ed
-- Unshaded: Law enforcement assistance: Remove 2 Shipments and any 5 Cartels Guerrillas. Aid +3.
-- Shaded: Más Yanquis: In 3 spaces with Cartels pieces, shift 1 level toward Active Opposition.
return {
  unshaded = function(g)
    -- 5.1: the executing Faction picks which Shipments and Guerrillas; 5.1.3: as many as
    -- there are, up to 2 and 5.
    for _ = 1, 2 do
      local from = g:spaces_where(function(s) return g:shipments(s) > 0 end)
      local s = g:choose_space{ prompt = "Remove a Shipment from which space?", from = from }
      if not s then break end
      g:remove_shipment(s)
    end
    for _ = 1, 5 do
      local from = g:spaces_where(function(s) return g:count(s, "cartels", "guerrilla") > 0 end)
      local s = g:choose_space{ prompt = "Remove a Cartels Guerrilla from which space?", from = from }
      if not s then break end
      local opts = {}
      for _, st in ipairs({ "underground", "active" }) do
        if g:count(s, "cartels", "guerrilla", st) > 0 then opts[#opts + 1] = { "cartels", "guerrilla", st } end
      end
      local _, _, state = g:choose_piece{ prompt = "Remove which Cartels Guerrilla?", space = s, from = opts }
      g:remove(s, "cartels", "guerrilla", 1, state)
    end
    g:add_aid(3)
  end,
  shaded = function(g)
    -- 5.1.3: only spaces where the shift can happen (populated, not yet Active Opposition).
    local from = g:spaces_where(function(s)
      return g:count(s, "cartels") > 0 and g:populated(s) and g:support(s) > -2
    end)
    local n = math.min(3, #from)
    local chosen = g:choose_spaces{ prompt = "Shift which space toward Active Opposition?", from = from, min = n, max = n }
    for _, s in ipairs(chosen) do g:shift_support(s, -1) end
  end,
}
