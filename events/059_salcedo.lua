-- 59. Salcedo (CGAF)
-- Unshaded: Cartel informant: All Cartels Guerrillas to Active. Free Assault against Cartels
-- in each space.
-- Shaded: Cali cartel security chief: Cartels flip all their Guerrillas Underground and
-- relocate up to 3 of them anywhere.
---@type CardScript
return {
  unshaded = function(g)
    for _, s in ipairs(g:holding("cartels", "guerrilla")) do g:activate(s, "cartels") end
    -- 5.1.2: the Event's Assault beats lasting Events that forbid it (Senado & Cámara).
    g:free_op{ op = "assault", by = "govt", against = { "cartels" }, each = true, overrides = true }
  end,
  shaded = function(g)
    for _, s in ipairs(g:holding("cartels", "guerrilla")) do g:underground(s, "cartels") end
    -- 5.1: the Cartels relocate, so they choose.
    g:move_pieces{ faction = "cartels", kind = "guerrilla", n = 3, to = "any", up_to = true, by = "cartels" }
  end,
}
