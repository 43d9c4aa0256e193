-- 68. Narco-Subs (CAGF)
-- Unshaded: Submersibles seized: Remove from coastal spaces 2 Cartels pieces or up to 2
-- Shipments.
-- Shaded: Littoral stealth: Cartels Resources +2 per Cartels piece in coastal spaces.
---@type CardScript
return {
  unshaded = function(g)
    local coastal = g:spaces("coastal")
    -- 5.1.3 weighs the two: "2 Cartels pieces" where only 1 is left falls short, "up to 2
    -- Shipments" never does.
    g:choose{ prompt = "Narco-Subs: remove 2 Cartels pieces (remove) or up to 2 Shipments (shipments)?",
      from = { "remove", "shipments" }, effect = function(w)
        if w == "remove" then return g:remove_pieces{ faction = "cartels", n = 2, from = coastal } end
        for _ = 1, 2 do
          if not g:choose_space{ prompt = "Narco-Subs: remove a Shipment from which coastal space?", optional = true,
            from = g:spaces(coastal, "shipment"), effect = function(s) g:remove_shipment(s) end }
          then return end
        end
      end }
  end,
  shaded = function(g)
    g:add_resources("cartels", 2 * g:sum(g:spaces("coastal"), function(s) return g:count(s, "cartels") end))
  end,
}
