-- 33. Sucumbíos — FARC, Cartels, Govt, AUC
-- Unshaded: Remove up to 3 Insurgent pieces from a space bordering Ecuador.
-- Shaded: Place 2 pieces in Ecuador. It is a 0 Pop Dept. No more than 2 pieces per
-- Faction may stack there.
-- Bordering Ecuador (map `borders`): Nariño, Pasto, Putumayo, Pasto-Tumaco LoC.
-- Shaded: the card does not say whose pieces, so (5.1) the executing Faction picks any
-- 2 Available pieces of any Faction; RTT only lets it place its own.
local removal = require("removal")
local ALL_KINDS = {
  { "govt", "troops" }, { "govt", "police" }, { "govt", "base" },
  { "farc", "guerrilla" }, { "farc", "base" },
  { "auc", "guerrilla" }, { "auc", "base" },
  { "cartels", "guerrilla" }, { "cartels", "base" },
}

return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop after any piece.
    removal.up_to_from_border(g, "ecuador", 3, "Sucumbíos")
  end,
  shaded = function(g)
    -- Ecuador becomes a space for the rest of the game (1.3.5); the map gives it 0 Pop and
    -- the limit of 2 pieces per Faction (1.4.2), which g:can_place checks.
    g:open_space("ecuador")
    for _ = 1, 2 do
      local kinds = g:filter(ALL_KINDS, function(k) return g:can_place("ecuador", k[1], k[2]) end)
      if #kinds == 0 then break end
      local f, kind = g:choose_piece{ prompt = "Sucumbíos: place which piece in Ecuador?", space = "ecuador",
        from = kinds }
      g:place("ecuador", f, kind)
    end
  end,
}
