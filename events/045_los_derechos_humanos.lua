-- 45. Los Derechos Humanos (AFGC)
-- Unshaded: Officers disciplined: Shift each space with cubes and Terror 1 level toward
--   Active Support.
-- Shaded: International human rights cartel: –1 Aid for each space with AUC pieces. Subtract
--   a die roll from Govt Resources.
---@type CardScript
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces(g:holding("govt", "cubes"), function(s) return g:terror(s) > 0 end)) do
      g:shift_support(s, 1)
    end
  end,
  shaded = function(g)
    g:add_aid(-#g:holding("auc"))
    local roll = g:roll()
    g:log("die roll " .. roll .. ": Government Resources -" .. roll)
    g:add_resources("govt", -roll)
  end,
}
