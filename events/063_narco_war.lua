-- 63. Narco-War (CFGA) — single Event
-- Rival syndicates go for the throat: In each space with Cartels Guerrillas, remove all but 1;
-- Cartels conduct free Terror with that 1. Mark Cartels Ineligible through next card.
---@type CardScript
return {
  unshaded = function(g)
    local spaces = g:holding("cartels", "guerrilla")
    -- 5.1: the executing Faction picks which go (docs/rulings.md "Event cards 55–72"); a Shipment
    -- on a removed Guerrilla passes to the one left (4.5.3).
    for _, s in ipairs(spaces) do g:remove(s, "cartels", "guerrilla", g:count(s, "cartels", "guerrilla") - 1) end
    -- 5.1.1: "with that 1", even if it is already Active.
    g:free_op{ op = "terror", by = "cartels", where = spaces, each = true, any_guerrilla = true }
    g:ineligible_through_next("cartels")
  end,
}
