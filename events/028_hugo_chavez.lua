-- 28. Hugo Chávez — FARC, AUC, Cartels, Govt
-- Unshaded: Remove up to 3 Insurgent pieces from a space next to Venezuela.
-- Shaded: Place a FARC Base in a Dept next to Venezuela. Sabotage each empty LoC touching
-- Cúcuta.
-- "Next to Venezuela" is the map's `borders` list (map.md): Cesar, Cúcuta, Santander,
-- Arauca, Vichada, Guainía and the Arauca-Cúcuta and Ayacucho-Cúcuta LoCs. (RTT never
-- offers the Arauca-Cúcuta LoC because of a typo; the card includes it.)
---@type CardScript
return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop after any piece, or take no space at all.
    g:choose_space{ prompt = "Hugo Chávez: remove up to 3 Insurgent pieces from which space?", optional = true,
      from = g:spaces(function(s) return g:borders(s, "venezuela") end),
      effect = function(s) g:remove_up_to(s, "insurgents", 3) end }
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Hugo Chávez: place a FARC Base in which Department?",
      from = g:spaces(function(s) return g:is(s, "department") and g:borders(s, "venezuela") end),
      effect = function(s) g:place(s, "farc", "base") end }
    for _, l in ipairs(g:adjacent("cucuta")) do
      if g:is(l, "loc") and g:count(l) == 0 then g:sabotage(l) end
    end
  end,
}
