-- 33. Sucumbíos — FARC, Cartels, Govt, AUC
-- Unshaded: Remove up to 3 Insurgent pieces from a space bordering Ecuador.
-- Shaded: Place 2 pieces in Ecuador. It is a 0 Pop Dept. No more than 2 pieces per
-- Faction may stack there.
-- Bordering Ecuador (map `borders`): Nariño, Pasto, Putumayo, Pasto-Tumaco LoC.
-- Shaded: the card does not say whose pieces, so (5.1) the executing Faction picks any
-- 2 Available pieces of any Faction; RTT only lets it place its own.
---@type CardScript
return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop after any piece, or take no space at all.
    g:choose_space{ prompt = "Sucumbíos: remove up to 3 Insurgent pieces from which space?", optional = true,
      from = g:spaces(function(s) return g:borders(s, "ecuador") end),
      effect = function(s) g:remove_up_to(s, "insurgents", 3) end }
  end,
  shaded = function(g)
    -- Ecuador is a space for the rest of the game (1.3.5); the map gives it 0 Pop and the
    -- limit of 2 pieces per Faction (1.4.2), which g:place_pieces follows.
    g:open_space("ecuador")
    g:place_pieces("ecuador", { "govt", "farc", "auc", "cartels" }, 2)
  end,
}
