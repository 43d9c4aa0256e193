-- 48. Unión Sindical Obrera (AFCG)
-- Unshaded: AUC targets oil labor organizers: Remove 1 Opposition or FARC Base adjacent to
--   3-Econ pipeline.
-- Shaded: Labor backs FARC: Shift 1 level toward Active Opposition in 2 Cities other than
--   Bogotá.
return {
  unshaded = function(g)
    local pipelines = g:spaces_where(function(s) return g:is_pipeline(s) and g:econ(s) == 3 end)
    local function next_to_pipeline(s)
      for _, p in ipairs(pipelines) do
        if g:is_adjacent(s, p) then return true end
      end
      return false
    end
    -- "Remove 1 Opposition": the Opposition marker goes, leaving the space Neutral (as RTT
    -- reads it, after a designer answer); the card face does not say otherwise.
    local from = g:spaces_where(function(s)
      return next_to_pipeline(s) and (g:support(s) < 0 or g:count(s, "farc", "base") > 0)
    end)
    local s = g:choose_space{ prompt = "Remove 1 Opposition or FARC Base in which space?", from = from }
    if not s then return end
    local opposition = g:support(s) < 0
    local base = g:count(s, "farc", "base") > 0
    if opposition and base then
      base = g:ask{ prompt = "Remove the FARC Base (yes) or the Opposition (no) in " .. g:name(s) .. "?" }
      opposition = not base
    end
    if base then
      g:remove(s, "farc", "base")
    else
      g:set_support(s, 0)
    end
  end,
  shaded = function(g)
    local from = g:spaces_where(function(s)
      return g:is_city(s) and s ~= "bogota" and g:support(s) > -2
    end)
    -- "2": as many as possible, up to 2 (5.1.3); a City at Active Opposition cannot shift.
    local n = math.min(2, #from)
    local chosen = g:choose_spaces{
      prompt = "Shift which City (not Bogotá) 1 level toward Active Opposition?", from = from, min = n, max = n,
    }
    for _, s in ipairs(chosen) do g:shift_support(s, -1) end
  end,
}
