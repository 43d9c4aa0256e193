-- 36. Zona de Convivencia — FARC, Cartels, AUC, Govt (single Event, 2nd Ed)
-- Text: Govt places a FARC Zone in Mountain and 1 FARC Base there. (See 6.4.4) Shift 2
-- adjacent spaces each 1 level toward Active Support, if possible. Executing Faction
-- remains Eligible past this card.
---@type CardScript
return {
  unshaded = function(g)
    -- 6.4.4 and its EXAMPLE: the Government picks among the Mountains with the most FARC
    -- pieces (5.1.3: among those, one where the rest can be done), Redeploys and removes
    -- its Bases there. The executing Faction picks the 2 adjacent spaces (5.1).
    g:place_farc_zone{ from = g:spaces("mountain"), effect = function(z)
      g:place(z, "farc", "base")
      g:choose_spaces{ prompt = "Zona de Convivencia: shift which adjacent space toward Active Support?", shifts_support = 1, n = 2,
        from = g:adjacent(z), effect = function(s) g:shift_support(s, 1) end }
    end }
    g:stay_eligible(g:executing())
  end,
}
