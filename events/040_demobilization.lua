-- 40. Demobilization (AGCF)
-- Unshaded: Negotiated reintegration: Replace 3 AUC Guerrillas with available Police.
-- Shaded: Talks a ruse, fighters recycled: Move all cubes in a Dept with AUC to any Cities.
--   Place 1 AUC piece in each of 2 Cities.
---@type CardScript
return {
  unshaded = function(g)
    -- 5.1.1: with no Police Available the Guerrilla is removed, even in a FARC Zone
    -- (docs/rulings.md "Event cards 37–54"); with Police Available, not there (6.4.4).
    for _ = 1, 3 do
      g:choose_space{ prompt = "Demobilization: replace an AUC Guerrilla with Police in which space?", from = g:holding("auc", "guerrilla"),
        effect = function(s) g:replace(s, "auc", "guerrilla", "govt", "police") end }
    end
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Demobilization: move all cubes out of which Department with AUC?",
      from = g:spaces("department", g:holding("auc")), effect = function(d)
        local cubes = g:count(d, "govt", "cubes")
        g:move_pieces{ faction = "govt", kind = "cubes", n = cubes, from = { d }, to = g:spaces("city") }
      end }
    g:choose_spaces{ prompt = "Demobilization: place 1 AUC piece in which City?", n = 2, from = g:spaces("city"),
      effect = function(c) g:place_pieces(c, "auc", 1) end }
  end,
}
