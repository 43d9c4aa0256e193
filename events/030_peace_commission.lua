-- 30. Peace Commission — FARC, AUC, Cartels, Govt (2nd Ed)
-- Unshaded: Remove 1 FARC Zone and 1 FARC Base there.
-- Shaded: Government places 1 FARC Zone and 1 FARC Base there. (See 6.4.4)
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Peace Commission: remove which FARC Zone (and a FARC Base there)?",
      from = g:spaces("farc_zone"), effect = function(s)
        g:remove_farc_zone(s)
        g:remove(s, "farc", "base")
      end }
  end,
  shaded = function(g)
    -- 6.4.4: the Government picks among the Departments with the most FARC pieces (5.1.3:
    -- among those, one that can take the Base), Redeploys and removes its Bases there.
    g:place_farc_zone{ from = g:spaces("department"), effect = function(z) g:place(z, "farc", "base") end }
  end,
}
