-- 33. Sucumbíos — FARC, Cartels, Govt, AUC
-- Unshaded: Remove up to 3 Insurgent pieces from a space bordering Ecuador.
-- Shaded: Place 2 pieces in Ecuador. It is a 0 Pop Dept. No more than 2 pieces per
-- Faction may stack there.
-- Bordering Ecuador (map `borders`): Nariño, Pasto, Putumayo, Pasto-Tumaco LoC.
-- Shaded: the card does not say whose pieces, so (5.1) the executing Faction picks any
-- 2 Available pieces of any Faction; RTT only lets it place its own.
local INSURGENT_PIECES = {
  { "farc", "guerrilla", "underground" }, { "farc", "guerrilla", "active" }, { "farc", "base" },
  { "auc", "guerrilla", "underground" }, { "auc", "guerrilla", "active" }, { "auc", "base" },
  { "cartels", "guerrilla", "underground" }, { "cartels", "guerrilla", "active" }, { "cartels", "base" },
}
local ALL_KINDS = {
  { "govt", "troops" }, { "govt", "police" }, { "govt", "base" },
  { "farc", "guerrilla" }, { "farc", "base" },
  { "auc", "guerrilla" }, { "auc", "base" },
  { "cartels", "guerrilla" }, { "cartels", "base" },
}

return {
  unshaded = function(g)
    local s = g:choose_space{ prompt = "Sucumbíos: remove Insurgent pieces from which space?",
      from = g:spaces_where(function(x) return g:borders(x, "ecuador") and g:count(x, "insurgents") > 0 end),
      optional = true }
    if not s then return end
    for _ = 1, 3 do   -- "up to 3"
      local here = {}
      for _, p in ipairs(INSURGENT_PIECES) do
        if g:count(s, p[1], p[2], p[3]) > 0 then here[#here + 1] = p end
      end
      local f, kind, state = g:choose_piece{ prompt = "Sucumbíos: remove which piece?", space = s,
        from = here, optional = true }
      if not f then break end
      g:remove(s, f, kind, 1, state)
    end
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
