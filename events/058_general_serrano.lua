-- 58. General Serrano (CGAF)
-- Unshaded: National Police hammer cartels: Cartels Resources –6. Remove all Cartels Guerrillas.
-- Shaded: Officials on cartel payroll: Cartels relocate up to 4 Police to any spaces.
---@type CardScript
return {
  unshaded = function(g)
    g:add_resources("cartels", -6)
    for _, s in ipairs(g:holding("cartels", "guerrilla")) do g:remove(s, "cartels", "guerrilla", "all") end
  end,
  shaded = function(g)
    -- 5.1: the Cartels are ordered to relocate, so they choose.
    g:move_pieces{ faction = "govt", kind = "police", n = 4, to = "any", up_to = true, by = "cartels" }
  end,
}
