-- 20. Mono Jojoy — FARC, Govt, AUC, Cartels
-- Unshaded: Govt player repositions up to 6 FARC Guerrillas into adjacent spaces.
-- Shaded: FARC free Marches any of its Guerrillas then flips up to 3 of its Guerrillas
-- Underground.
---@type CardScript
return {
  unshaded = function(g)
    -- "Govt player" makes the selections (5.1); each Guerrilla moves once, within stacking.
    g:move_pieces{ faction = "farc", kind = "guerrilla", n = 6, to = "adjacent", up_to = true, by = "govt" }
  end,
  shaded = function(g)
    g:free_op{ op = "march", by = "farc" }
    g:flip{ n = 3, to = "underground", faction = "farc", up_to = true, by = "farc" }
  end,
}
