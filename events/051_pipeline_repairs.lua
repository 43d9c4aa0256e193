-- 51. Pipeline Repairs (ACGF)
-- Unshaded: Speedy patching: Remove all Pipeline Sabotage or, if none, Government
--   Resources +12.
-- Shaded: Security concerns hinder maintenance: Sabotage 3 Pipelines with or adjacent to
--   FARC Guerrillas.
---@type CardScript
return {
  unshaded = function(g)
    local sabotaged = g:spaces(function(s) return g:is(s, "pipeline") and g:sabotaged(s) end)
    for _, s in ipairs(sabotaged) do g:remove_sabotage(s) end
    if #sabotaged == 0 then g:add_resources("govt", 12) end
  end,
  shaded = function(g)
    local function farc(s) return g:count(s, "farc", "guerrilla") > 0 end
    g:choose_spaces{ prompt = "Pipeline Repairs: Sabotage which pipeline?", n = 3,
      from = g:spaces(function(s) return g:is(s, "pipeline") and (farc(s) or #g:filter(g:adjacent(s), farc) > 0) end),
      effect = function(s) g:sabotage(s) end }
  end,
}
