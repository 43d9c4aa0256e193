-- 45. Los Derechos Humanos (AFGC)
-- Unshaded: Officers disciplined: Shift each space with cubes and Terror 1 level toward
--   Active Support.
-- Shaded: International human rights cartel: –1 Aid for each space with AUC pieces. Subtract
--   a die roll from Govt Resources.
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces()) do
      -- LoCs hold no Support: shift_support does nothing there.
      if g:count(s, "govt", "cubes") > 0 and g:terror(s) > 0 then g:shift_support(s, 1) end
    end
  end,
  shaded = function(g)
    local n = #g:spaces_where(function(s) return g:count(s, "auc") > 0 end)
    g:add_aid(-n)
    local roll = g:roll()
    g:log("die roll " .. roll .. ": Government Resources -" .. roll)
    g:add_resources("govt", -roll)
  end,
}
