-- 66. Tingo María (CFAG)
-- Unshaded: Coca crop fails: Remove 3 Cartels Bases from Forest.
-- Shaded: Hearty coca variety: Within stacking, place an available Cartels Base into each
-- Forest that already has one.
return {
  unshaded = function(g)
    -- 5.1.3: as many as there are, up to 3; the executing Faction picks which.
    for _ = 1, 3 do
      local from = g:spaces_where(function(s) return g:terrain(s) == "forest" and g:count(s, "cartels", "base") > 0 end)
      local s = g:choose_space{ prompt = "Remove a Cartels Base from which Forest?", from = from }
      if not s then break end
      g:remove(s, "cartels", "base")
    end
  end,
  shaded = function(g)
    local from = g:spaces_where(function(s)
      return g:terrain(s) == "forest" and g:count(s, "cartels", "base") > 0 and g:can_stack(s, "cartels", "base")
    end)
    -- 1.4.1: with fewer Bases Available than Forests, the executing Faction picks (5.1.3).
    local n = math.min(#from, g:available("cartels", "base"))
    local chosen = from
    if n < #from then
      chosen = g:choose_spaces{ prompt = "Place a Cartels Base in which Forest?", from = from, min = n, max = n }
    end
    for _, s in ipairs(chosen) do g:place(s, "cartels", "base") end
  end,
}
