-- 57. Op Millenium (CGFA)
-- Unshaded: Colombian-US strike at Bernal syndicate: Replace up to 3 Cartels pieces with
-- available Police.
-- Shaded: Investigation penetrated: In each of 2 spaces, replace a Police with an available
-- Cartels piece.
---@type CardScript
return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop. g:replace removes the piece when no Police
    -- is Available (5.1.1) and does nothing where Police may not stand (a FARC Zone, 1.4.2).
    for _ = 1, 3 do
      if not g:choose_space{ prompt = "Op Millenium: replace a Cartels piece with Police in which space?",
        from = g:holding("cartels"), optional = true, effect = function(s) g:replace(s, "cartels", nil, "govt", "police") end }
      then return end
    end
  end,
  shaded = function(g)
    g:choose_spaces{ prompt = "Op Millenium: replace a Police with a Cartels piece in which space?", n = 2,
      from = g:holding("govt", "police"), effect = function(s) g:replace(s, "govt", "police", "cartels") end }
  end,
}
