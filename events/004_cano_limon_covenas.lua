-- 4. Caño Limón—Coveñas (GFCA)
-- Unshaded: Profitable pipeline: Add twice the Econ of 3 unSabotaged pipelines to Government Resources.
-- Shaded: Pipeline draws attacks: Sabotage the 3 pipelines with highest value and no cubes.

local function pipelines(g, pred)
  return g:spaces_where(function(s) return g:is_pipeline(s) and pred(s) end)
end

return {
  unshaded = function(g)
    -- The executing Faction picks the 3 (5.1); with 3 or fewer unSabotaged, all count (5.1.3).
    local open = pipelines(g, function(s) return not g:sabotaged(s) end)
    local chosen = open
    if #open > 3 then
      chosen = g:choose_spaces{ prompt = "Which unSabotaged pipeline counts for Caño Limón?",
        from = open, min = 3, max = 3 }
    end
    local econ = 0
    for _, s in ipairs(chosen) do econ = econ + g:econ(s) end
    g:add_resources("govt", 2 * econ)
  end,

  shaded = function(g)
    -- Already Sabotaged pipelines cannot be Sabotaged again, so the 3 are taken among the
    -- unSabotaged pipelines without cubes (5.1.3), highest Econ first; the executing
    -- Faction breaks ties at the cut (5.1).
    local left = pipelines(g, function(s)
      return not g:sabotaged(s) and g:count(s, "govt", "cubes") == 0
    end)
    local need = 3
    while need > 0 and #left > 0 and g:markers_left() > 0 do
      local top = 0
      for _, s in ipairs(left) do top = math.max(top, g:econ(s)) end
      local tier = g:filter(left, function(s) return g:econ(s) == top end)
      local pick = tier
      if #tier > need then
        pick = g:choose_spaces{ prompt = "Sabotage which of the highest-value pipelines without cubes?",
          from = tier, min = need, max = need }
      end
      for _, s in ipairs(pick) do
        if g:sabotage(s) then need = need - 1 end
      end
      left = g:filter(left, function(s) return g:econ(s) ~= top end)
    end
  end,
}
