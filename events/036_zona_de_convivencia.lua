-- 36. Zona de Convivencia — FARC, Cartels, AUC, Govt (single Event, 2nd Ed)
-- Text: Govt places a FARC Zone in Mountain and 1 FARC Base there. (See 6.4.4) Shift 2
-- adjacent spaces each 1 level toward Active Support, if possible. Executing Faction
-- remains Eligible past this card.
return {
  unshaded = function(g)
    -- 6.4.4 (and its EXAMPLE): the Government picks among the Mountain Departments, not yet
    -- Zones, with the most FARC pieces; it Redeploys its cubes and removes its Bases there.
    local z = g:place_farc_zone(g:spaces_where(function(x)
      return g:terrain(x) == "mountain" and not g:farc_zone(x)
    end))
    if z then
      if g:can_place(z, "farc", "base") then g:place(z, "farc", "base") end
      -- "If possible": spaces adjacent to the Zone that can still shift toward Support;
      -- the executing Faction picks 2 (5.1).
      local from = g:filter(g:adjacent(z), function(x) return g:populated(x) and g:support(x) < 2 end)
      local k = math.min(2, #from)
      local chosen = g:choose_spaces{ prompt = "Zona de Convivencia: shift which 2 adjacent spaces toward Active Support?",
        from = from, min = k, max = k }
      for _, s in ipairs(chosen) do g:shift_support(s, 1) end
    end
    g:stay_eligible(g:executing())
  end,
}
