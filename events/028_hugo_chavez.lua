-- 28. Hugo Chávez — FARC, AUC, Cartels, Govt
-- Unshaded: Remove up to 3 Insurgent pieces from a space next to Venezuela.
-- Shaded: Place a FARC Base in a Dept next to Venezuela. Sabotage each empty LoC touching
-- Cúcuta.
-- "Next to Venezuela" is the map's `borders` list (map.md): Cesar, Cúcuta, Santander,
-- Arauca, Vichada, Guainía and the Arauca-Cúcuta and Ayacucho-Cúcuta LoCs. (RTT never
-- offers the Arauca-Cúcuta LoC because of a typo; the card includes it.)
local removal = require("removal")

return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop after any piece.
    removal.up_to_from_border(g, "venezuela", 3, "Hugo Chávez")
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
