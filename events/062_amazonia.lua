-- 62. Amazonía (CFGA)
-- Unshaded: Brasília's Op Cobra blocks border: Remove up to 3 Insurgent pieces from 0
-- Population Forests.
-- Shaded: Jungle landing strips: Place 1 Cartels Base each in Guainía, Vaupés, and Amazonas.

local INSURGENTS = { "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    -- "Up to 3": the executing Faction may stop. Any 0-Population Forest in play (Panamá
    -- too once Darién opened it). An Event removal, not an Assault: Bases need not be last.
    for _ = 1, 3 do
      local from = g:spaces_where(function(s)
        return g:terrain(s) == "forest" and g:pop(s) == 0 and g:count(s, "insurgents") > 0
      end)
      local s = g:choose_space{ prompt = "Remove an Insurgent piece from which 0-Population Forest?", from = from, optional = true }
      if not s then break end
      local opts = {}
      for _, f in ipairs(INSURGENTS) do
        if g:count(s, f, "base") > 0 then opts[#opts + 1] = { f, "base" } end
        for _, st in ipairs({ "underground", "active" }) do
          if g:count(s, f, "guerrilla", st) > 0 then opts[#opts + 1] = { f, "guerrilla", st } end
        end
      end
      local f, kind, state = g:choose_piece{ prompt = "Remove which piece?", space = s, from = opts }
      g:remove(s, f, kind, 1, state)
    end
  end,
  shaded = function(g)
    -- 1.4.1/1.4.2: only where a Base may stack; if fewer Bases are Available than spaces,
    -- the executing Faction picks where they go (5.1.3).
    local from = g:filter({ "guainia", "vaupes", "amazonas" }, function(s) return g:can_stack(s, "cartels", "base") end)
    local n = math.min(#from, g:available("cartels", "base"))
    local chosen = from
    if n < #from then
      chosen = g:choose_spaces{ prompt = "Place a Cartels Base in which space?", from = from, min = n, max = n }
    end
    for _, s in ipairs(chosen) do g:place(s, "cartels", "base") end
  end,
}
