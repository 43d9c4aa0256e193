-- 56. Drogas La Rebaja (CGFA) — 2nd Ed
-- Unshaded: Cali cartel's drugstore chain seized: Transfer 15 Resources from Cartels to Government.
-- Shaded: Retail empire: Add twice Cartels pieces in Cities to Cartels Resources. Then place a
-- Cartels Base in each of 2 Cities.
---@type CardScript
return {
  -- 5.1.3: as much as the Cartels have; Government Resources stop at 99 (5.1.1).
  unshaded = function(g) g:transfer_resources("cartels", "govt", 15) end,
  shaded = function(g)
    g:add_resources("cartels", 2 * g:sum(g:spaces("city"), function(s) return g:count(s, "cartels") end))
    g:choose_spaces{ prompt = "Drogas La Rebaja: place a Cartels Base in which City?", n = 2,
      from = g:spaces("city"), effect = function(s) g:place(s, "cartels", "base") end }
  end,
}
