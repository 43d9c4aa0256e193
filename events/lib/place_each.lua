-- "Place a piece in each of these spaces": in every one that can take it when there are
-- enough pieces Available; otherwise the executing Faction picks which (1.4.1, 5.1).
local M = {}

function M.place_each(g, from, faction, kind, prompt)
  local room = g:filter(from, function(s) return g:can_place(s, faction, kind) end)
  if g:available(faction, kind) >= #room then
    for _, s in ipairs(room) do g:place(s, faction, kind) end
  else
    g:choose_spaces{ prompt = prompt, n = #room, from = room, effect = function(s) g:place(s, faction, kind) end }
  end
end

return M
