-- 51. Pipeline Repairs (ACGF)
-- Unshaded: Speedy patching: Remove all Pipeline Sabotage or, if none, Government
--   Resources +12.
-- Shaded: Security concerns hinder maintenance: Sabotage 3 Pipelines with or adjacent to
--   FARC Guerrillas.
---@type CardScript
return {
  unshaded = function(g)
    local sabotaged = g:spaces("pipeline", "sabotaged")
    for _, s in ipairs(sabotaged) do g:remove_sabotage(s) end
    if #sabotaged == 0 then g:add_resources("govt", 12) end
  end,
  shaded = function(g)
    local farc = g:holding("farc", "guerrilla")
    g:choose_spaces{ prompt = "Pipeline Repairs: Sabotage which pipeline?", n = 3,
      from = g:spaces("pipeline", { farc, g:adjacent(farc) }),
      effect = function(s) g:sabotage(s) end }
  end,
}
