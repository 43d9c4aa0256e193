-- 25. Ejército de Liberación Nacional — FARC, AUC, Govt, Cartels
-- Unshaded: Remove all FARC pieces from 1 Mountain.
-- Shaded: Place any 3 FARC pieces into Antioquia or an adjacent Department.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "ELN: remove all FARC pieces from which Mountain?", from = g:spaces("mountain"),
      effect = function(s) g:remove(s, "farc", nil, "all") end }
  end,
  shaded = function(g)
    local from = g:spaces("department", g:adjacent("antioquia"))
    table.insert(from, 1, "antioquia")
    g:choose_space{ prompt = "ELN: place any 3 FARC pieces into which space?", from = from,
      effect = function(s) g:place_pieces(s, "farc", 3) end }
  end,
}
