-- 30. Peace Commission — FARC, AUC, Cartels, Govt (2nd Ed)
-- Unshaded: Remove 1 FARC Zone and 1 FARC Base there.
-- Shaded: Government places 1 FARC Zone and 1 FARC Base there. (See 6.4.4)
return {
  unshaded = function(g)
    -- 5.1.3: a Zone with a FARC Base if there is one.
    local cands = g:best(g:spaces_where(function(x) return g:farc_zone(x) end),
      function(x) return g:count(x, "farc", "base") > 0 end,
      function() return true end)
    local s = g:choose_space{ prompt = "Peace Commission: remove which FARC Zone?", from = cands }
    if not s then return end
    g:remove_farc_zone(s)
    if g:count(s, "farc", "base") > 0 then g:remove(s, "farc", "base") end
  end,
  shaded = function(g)
    -- 6.4.4: the Government picks among the Departments not yet a Zone with the most FARC
    -- pieces, Redeploys its cubes and removes its Bases there (g:place_farc_zone).
    local z = g:place_farc_zone(g:spaces_where(function(x) return g:is_department(x) and not g:farc_zone(x) end))
    if z and g:can_place(z, "farc", "base") then g:place(z, "farc", "base") end
  end,
}
