-- 16. Coffee Prices (GCAF)
-- Unshaded: They're up: Each Mountain, +5 Resources to Faction with most pieces, tied spaces to Govt.
-- Shaded: They're down: Government Resources –10.
---@type CardScript
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces("mountain")) do
      -- Strictly the most pieces (Bases too); any tie for most pays the Government, an
      -- empty Mountain (0 each) included (docs/rulings.md "Event cards 1–18").
      local best, most = "govt", -1
      for _, f in ipairs{ "govt", "farc", "auc", "cartels" } do
        local n = g:count(s, f)
        if n > most then best, most = f, n elseif n == most then best = "govt" end
      end
      g:add_resources(best, 5)
    end
  end,
  shaded = function(g) g:add_resources("govt", -10) end,
}
