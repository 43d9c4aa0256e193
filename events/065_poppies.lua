-- 65. Poppies (CFAG) — single Event, 2nd Ed
-- Growers and Government eradication focus on heroin source: Place or remove 1 Shipment and
-- Insurgent Base in any Mountain Department.
-- 2nd Ed: a Shipment AND an Insurgent Base, both in the same Mountain Department.

local INSURGENTS = { "farc", "auc", "cartels" }

local function holders(g, s)
  return g:filter(INSURGENTS, function(f) return g:count(s, f, "guerrilla") > 0 end)
end
local function placeable_bases(g, s)
  return g:filter(INSURGENTS, function(f) return g:can_place(s, f, "base") end)
end
local function bases_there(g, s)
  return g:filter(INSURGENTS, function(f) return g:count(s, f, "base") > 0 end)
end

-- What each mode can do in a space: the Shipment part and the Base part.
local function can(g, mode, s)
  if mode == "place" then
    return g:shipments_available() > 0 and #holders(g, s) > 0, #placeable_bases(g, s) > 0
  end
  return g:shipments(s) > 0, #bases_there(g, s) > 0
end

return {
  unshaded = function(g)
    -- Hard case 1 (5.1.3): if some Mountain Department allows the whole effect (Shipment
    -- and Base) in some mode, only such choices are legal; else those doing part of it.
    local mountains = g:spaces_where(function(s) return g:is_department(s) and g:terrain(s) == "mountain" end)
    local full, part = {}, {}
    for _, mode in ipairs({ "place", "remove" }) do
      for _, s in ipairs(mountains) do
        local a, b = can(g, mode, s)
        if a and b then full[#full + 1] = { mode, s } end
        if a or b then part[#part + 1] = { mode, s } end
      end
    end
    local options = #full > 0 and full or part
    if #options == 0 then return end
    local modes = {}
    for _, o in ipairs(options) do
      if not g:contains(modes, o[1]) then modes[#modes + 1] = o[1] end
    end
    local mode = modes[1]
    if #modes > 1 then
      mode = g:choose_step{ prompt = "Place or remove a Shipment and an Insurgent Base?", from = modes }
    end
    local spaces = {}
    for _, o in ipairs(options) do
      if o[1] == mode then spaces[#spaces + 1] = o[2] end
    end
    local s = g:choose_space{ prompt = "In which Mountain Department?", from = spaces }
    local ship, base = can(g, mode, s)
    if mode == "place" then
      if ship then
        local f = g:choose_faction{ prompt = "Place the Shipment with which Faction's Guerrilla?", from = holders(g, s) }
        g:place_shipment(s, f)
      end
      if base then
        local f = g:choose_faction{ prompt = "Place which Faction's Base?", from = placeable_bases(g, s) }
        g:place(s, f, "base")
      end
    else
      if ship then g:remove_shipment(s) end
      if base then
        local f = g:choose_faction{ prompt = "Remove which Faction's Base?", from = bases_there(g, s) }
        g:remove(s, f, "base")
      end
    end
  end,
}
