-- 16. Coffee Prices (GCAF)
-- Unshaded: They're up: Each Mountain, +5 Resources to Faction with most pieces, tied spaces to Govt.
-- Shaded: They're down: Government Resources –10.
local FACTIONS = { "govt", "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces_where(function(s) return g:terrain(s) == "mountain" end)) do
      -- The Faction with strictly the most pieces (all its pieces, Bases included); any
      -- tie for most goes to the Government. A Mountain with no pieces at all is a tie
      -- among all four (0 each), so it pays the Government too (as RTT reads it).
      local best, most, tied = nil, -1, false
      for _, f in ipairs(FACTIONS) do
        local n = g:count(s, f)
        if n > most then
          best, most, tied = f, n, false
        elseif n == most then
          tied = true
        end
      end
      if tied then best = "govt" end
      g:add_resources(best, 5)
    end
  end,
  shaded = function(g)
    g:add_resources("govt", -10)
  end,
}
