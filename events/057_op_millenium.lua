-- 57. Op Millenium (CGFA)
-- Unshaded: Colombian-US strike at Bernal syndicate: Replace up to 3 Cartels pieces with
-- available Police.
-- Shaded: Investigation penetrated: In each of 2 spaces, replace a Police with an available
-- Cartels piece.

local function cartels_classes(g, s)
  local out = {}
  if g:count(s, "cartels", "base") > 0 then out[#out + 1] = { "cartels", "base" } end
  for _, st in ipairs({ "underground", "active" }) do
    if g:count(s, "cartels", "guerrilla", st) > 0 then out[#out + 1] = { "cartels", "guerrilla", st } end
  end
  return out
end

return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop. Police may not enter a FARC Zone (1.4.2),
    -- so no replacement there; with no Police Available the piece is removed anyway
    -- (1.4.1, 5.1.1; hard case 3).
    for _ = 1, 3 do
      local from = g:spaces_where(function(s)
        return g:count(s, "cartels") > 0 and g:can_stack(s, "govt", "police")
      end)
      local s = g:choose_space{ prompt = "Replace a Cartels piece with Police in which space?", from = from, optional = true }
      if not s then break end
      local _, kind, state = g:choose_piece{ prompt = "Replace which Cartels piece?", space = s, from = cartels_classes(g, s) }
      g:replace(s, "cartels", kind, state, "govt", "police")
    end
  end,
  shaded = function(g)
    -- 5.1.3: 2 spaces with Police if there are; the executing Faction picks the Cartels piece
    -- among those Available that may stack (a Base needs room, 1.4.2); if none is Available
    -- the Police is removed anyway (hard case 3).
    local from = g:spaces_where(function(s) return g:count(s, "govt", "police") > 0 end)
    local n = math.min(2, #from)
    local chosen = g:choose_spaces{ prompt = "Replace a Police in which space?", from = from, min = n, max = n }
    for _, s in ipairs(chosen) do
      local opts = {}
      if g:available("cartels", "guerrilla") > 0 then opts[#opts + 1] = { "cartels", "guerrilla" } end
      if g:available("cartels", "base") > 0 and g:can_stack(s, "cartels", "base") then
        opts[#opts + 1] = { "cartels", "base" }
      end
      local kind = "guerrilla"
      if #opts > 0 then
        local _
        _, kind = g:choose_piece{ prompt = "Replace the Police with which Cartels piece?", space = s, from = opts }
      end
      g:replace(s, "govt", "police", nil, "cartels", kind)
    end
  end,
}
