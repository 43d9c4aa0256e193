-- 68. Narco-Subs (CAGF)
-- Unshaded: Submersibles seized: Remove from coastal spaces 2 Cartels pieces or up to 2
-- Shipments.
-- Shaded: Littoral stealth: Cartels Resources +2 per Cartels piece in coastal spaces.

local function coastal(g)
  return g:spaces_where(function(s) return g:is_coastal(s) end)
end

return {
  unshaded = function(g)
    local with_pieces = g:filter(coastal(g), function(s) return g:count(s, "cartels") > 0 end)
    local with_ships = g:filter(coastal(g), function(s) return g:shipments(s) > 0 end)
    -- The executing Faction picks one of the two effects among those that can do
    -- something (5.1.3).
    local modes = {}
    if #with_pieces > 0 then modes[#modes + 1] = "remove" end
    if #with_ships > 0 then modes[#modes + 1] = "shipments" end
    if #modes == 0 then return end
    local mode = modes[1]
    if #modes > 1 then
      mode = g:choose_step{ prompt = "Remove 2 Cartels pieces (remove) or up to 2 Shipments (shipments)?", from = modes }
    end
    if mode == "remove" then
      -- "2 Cartels pieces": as many as there are, up to 2 (5.1.3); any kind (an Event,
      -- not an Assault: Bases need not be last).
      for _ = 1, 2 do
        local from = g:filter(coastal(g), function(s) return g:count(s, "cartels") > 0 end)
        local s = g:choose_space{ prompt = "Remove a Cartels piece from which coastal space?", from = from }
        if not s then break end
        local opts = {}
        if g:count(s, "cartels", "base") > 0 then opts[#opts + 1] = { "cartels", "base" } end
        for _, st in ipairs({ "underground", "active" }) do
          if g:count(s, "cartels", "guerrilla", st) > 0 then opts[#opts + 1] = { "cartels", "guerrilla", st } end
        end
        local _, kind, state = g:choose_piece{ prompt = "Remove which Cartels piece?", space = s, from = opts }
        g:remove(s, "cartels", kind, 1, state)
      end
    else
      -- "Up to 2": the executing Faction may stop after the first.
      for _ = 1, 2 do
        local from = g:filter(coastal(g), function(s) return g:shipments(s) > 0 end)
        local s = g:choose_space{ prompt = "Remove a Shipment from which coastal space?", from = from, optional = true }
        if not s then break end
        g:remove_shipment(s)
      end
    end
  end,
  shaded = function(g)
    local n = 0
    for _, s in ipairs(coastal(g)) do n = n + g:count(s, "cartels") end
    g:add_resources("cartels", 2 * n)
  end,
}
