-- Shared by Events that remove Insurgent pieces ("Remove up to 3 Insurgent pieces from a
-- space bordering ..."): the executing Faction picks piece by piece and may stop.
local M = {}

local INSURGENT_PIECES = {
  { "farc", "guerrilla", "underground" }, { "farc", "guerrilla", "active" }, { "farc", "base" },
  { "auc", "guerrilla", "underground" }, { "auc", "guerrilla", "active" }, { "auc", "base" },
  { "cartels", "guerrilla", "underground" }, { "cartels", "guerrilla", "active" }, { "cartels", "base" },
}

--- In the chosen space among those bordering `country`, remove up to `n` Insurgent pieces.
--- An Event removal, not an Operation's: Bases need not go last.
function M.up_to_from_border(g, country, n, title)
  local s = g:choose_space{ prompt = title .. ": remove Insurgent pieces from which space?",
    from = g:spaces_where(function(x) return g:borders(x, country) and g:count(x, "insurgents") > 0 end),
    optional = true }
  if not s then return end
  for _ = 1, n do
    local here = {}
    for _, p in ipairs(INSURGENT_PIECES) do
      if g:count(s, p[1], p[2], p[3]) > 0 then here[#here + 1] = p end
    end
    local f, kind, state = g:choose_piece{ prompt = title .. ": remove which piece?", space = s,
      from = here, optional = true }
    if not f then break end
    g:remove(s, f, kind, 1, state)
  end
end

return M
