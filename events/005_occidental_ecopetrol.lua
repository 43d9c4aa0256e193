-- 5. Occidental & Ecopetrol (GFCA)
-- Unshaded: Oil company security: Place 6 Police onto pipelines. 3 Guerrillas there or adjacent flip to Active.
-- Shaded: Industry thought exploitative: Shift a space adjacent to a 3-Econ LoC by 2 levels toward Active Opposition.
---@type CardScript
return {
  unshaded = function(g)
    local pipelines, police = g:spaces("pipeline"), {}
    for _, s in ipairs(pipelines) do police[s] = g:count(s, "govt", "police") end
    g:place_in{ faction = "govt", kind = "police", n = 6, from = pipelines }
    -- "there": the pipelines that received Police; the executing Faction picks the 3 (5.1).
    local zone = {}
    for _, s in ipairs(pipelines) do
      if g:count(s, "govt", "police") > police[s] then
        zone[#zone + 1] = s
        for _, a in ipairs(g:adjacent(s)) do zone[#zone + 1] = a end
      end
    end
    g:flip{ n = 3, to = "active", from = zone }
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Occidental & Ecopetrol: shift which space 2 levels toward Active Opposition?", shifts_support = -2,
      from = g:adjacent(g:spaces("loc", function(l) return g:econ(l) == 3 end)),
      effect = function(s) g:shift_support(s, -2) end }
  end,
}
