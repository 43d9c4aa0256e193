-- 32. Secuestrados — FARC, Cartels, Govt, AUC
-- Unshaded: Shift 2 spaces from Neutral or Passive Opposition to Passive Support.
-- Shaded: FARC Resources +12.
return {
  unshaded = function(g)
    local from = g:spaces_where(function(x)
      return g:populated(x) and (g:support(x) == 0 or g:support(x) == -1)
    end)
    local k = math.min(2, #from)   -- 5.1.3: as many as possible up to 2
    local chosen = g:choose_spaces{ prompt = "Secuestrados: which 2 spaces go to Passive Support?",
      from = from, min = k, max = k }
    for _, s in ipairs(chosen) do g:set_support(s, 1) end
  end,
  shaded = function(g)
    g:add_resources("farc", 12)
  end,
}
