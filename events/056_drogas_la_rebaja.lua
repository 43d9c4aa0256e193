-- 56. Drogas La Rebaja (CGFA) — 2nd Ed
-- Unshaded: Cali cartel's drugstore chain seized: Transfer 15 Resources from Cartels to Government.
-- Shaded: Retail empire: Add twice Cartels pieces in Cities to Cartels Resources. Then place a
-- Cartels Base in each of 2 Cities.
return {
  unshaded = function(g)
    -- 5.1.3: as much as the Cartels have; Government Resources stop at 99 (5.1.1).
    g:transfer_resources("cartels", "govt", 15)
  end,
  shaded = function(g)
    local n = 0
    for _, s in ipairs(g:spaces_where(function(s) return g:is_city(s) end)) do
      n = n + g:count(s, "cartels")
    end
    g:add_resources("cartels", 2 * n)
    -- 1.4.1/1.4.2: only Available Bases, only Cities with room; one Base per City.
    local used = {}
    for _ = 1, 2 do
      local from = g:spaces_where(function(s)
        return g:is_city(s) and not used[s] and g:can_place(s, "cartels", "base")
      end)
      local s = g:choose_space{ prompt = "Place a Cartels Base in which City?", from = from }
      if not s then break end
      used[s] = true
      g:place(s, "cartels", "base")
    end
  end,
}
