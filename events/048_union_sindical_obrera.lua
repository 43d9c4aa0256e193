-- 48. Unión Sindical Obrera (AFCG)
-- Unshaded: AUC targets oil labor organizers: Remove 1 Opposition or FARC Base adjacent to
--   3-Econ pipeline.
-- Shaded: Labor backs FARC: Shift 1 level toward Active Opposition in 2 Cities other than
--   Bogotá.
---@type CardScript
return {
  unshaded = function(g)
    local pipelines = g:spaces("pipeline", function(p) return g:econ(p) == 3 end)
    g:choose_space{ prompt = "Unión Sindical Obrera: remove 1 Opposition or FARC Base in which space?", shifts_support = "neutral",
      from = g:spaces({ "opposition", g:holding("farc", "base") }, g:adjacent(pipelines)), effect = function(s)
        -- The executing Faction picks which where both are (5.1). "Remove 1 Opposition": the
        -- space becomes Neutral (as RTT reads it, docs/rulings.md "Event cards 37–54").
        if g:count(s, "farc", "base") > 0 and (g:support(s) >= 0 or g:ask{ prompt =
          "Unión Sindical Obrera: remove the FARC Base (yes) or the Opposition (no) in " .. g:name(s) .. "?" }) then
          g:remove(s, "farc", "base")
        else g:set_support(s, "neutral") end
      end }
  end,
  shaded = function(g)
    g:choose_spaces{ prompt = "Unión Sindical Obrera: shift which City (not Bogotá) 1 level toward Active Opposition?", shifts_support = -1,
      n = 2, from = g:spaces("city", function(s) return s ~= "bogota" end),
      effect = function(s) g:shift_support(s, -1) end }
  end,
}
