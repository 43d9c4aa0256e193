-- 28. Hugo Chávez — FARC, AUC, Cartels, Govt
-- Unshaded: Remove up to 3 Insurgent pieces from a space next to Venezuela.
-- Shaded: Place a FARC Base in a Dept next to Venezuela. Sabotage each empty LoC touching
-- Cúcuta.
-- "Next to Venezuela" is the map's `borders` list (map.md): Cesar, Cúcuta, Santander,
-- Arauca, Vichada, Guainía and the Arauca-Cúcuta and Ayacucho-Cúcuta LoCs. (RTT never
-- offers the Arauca-Cúcuta LoC because of a typo; the card includes it.)
local INSURGENT_PIECES = {
  { "farc", "guerrilla", "underground" }, { "farc", "guerrilla", "active" }, { "farc", "base" },
  { "auc", "guerrilla", "underground" }, { "auc", "guerrilla", "active" }, { "auc", "base" },
  { "cartels", "guerrilla", "underground" }, { "cartels", "guerrilla", "active" }, { "cartels", "base" },
}

return {
  unshaded = function(g)
    local s = g:choose_space{ prompt = "Hugo Chávez: remove Insurgent pieces from which space?",
      from = g:spaces_where(function(x) return g:borders(x, "venezuela") and g:count(x, "insurgents") > 0 end),
      optional = true }
    if not s then return end
    -- "Up to 3": the executing Faction may stop after any piece.
    for _ = 1, 3 do
      local here = {}
      for _, p in ipairs(INSURGENT_PIECES) do
        if g:count(s, p[1], p[2], p[3]) > 0 then here[#here + 1] = p end
      end
      local f, kind, state = g:choose_piece{ prompt = "Hugo Chávez: remove which piece?", space = s,
        from = here, optional = true }
      if not f then break end
      g:remove(s, f, kind, 1, state)
    end
  end,
  shaded = function(g)
    local s = g:choose_space{ prompt = "Hugo Chávez: place a FARC Base in which Department?",
      from = g:spaces_where(function(x)
        return g:is_department(x) and g:borders(x, "venezuela") and g:can_place(x, "farc", "base")
      end) }
    if s then g:place(s, "farc", "base") end
    -- Empty = no pieces at all; g:sabotage skips a LoC already Sabotaged or no marker left.
    for _, l in ipairs(g:adjacent("cucuta")) do
      if g:is_loc(l) and g:count(l) == 0 then g:sabotage(l) end
    end
  end,
}
