-- 51. Pipeline Repairs (ACGF)
-- Unshaded: Speedy patching: Remove all Pipeline Sabotage or, if none, Government
--   Resources +12.
-- Shaded: Security concerns hinder maintenance: Sabotage 3 Pipelines with or adjacent to
--   FARC Guerrillas.
return {
  unshaded = function(g)
    local sabotaged = g:spaces_where(function(s) return g:is_pipeline(s) and g:sabotaged(s) end)
    if #sabotaged == 0 then
      g:add_resources("govt", 12)
      return
    end
    for _, s in ipairs(sabotaged) do g:remove_sabotage(s) end
  end,
  shaded = function(g)
    local function farc_near(s)
      if g:count(s, "farc", "guerrilla") > 0 then return true end
      for _, a in ipairs(g:adjacent(s)) do
        if g:count(a, "farc", "guerrilla") > 0 then return true end
      end
      return false
    end
    local from = g:spaces_where(function(s)
      return g:is_pipeline(s) and not g:sabotaged(s) and farc_near(s)
    end)
    -- "3": as many as possible, up to 3 and as the marker pool allows (3.3.4, 5.1.3).
    local n = math.min(3, #from, g:markers_left())
    local chosen = g:choose_spaces{ prompt = "Sabotage which pipeline?", from = from, min = n, max = n }
    for _, s in ipairs(chosen) do g:sabotage(s) end
  end,
}
