-- 72. Sicarios (CAFG)
-- Unshaded: Hired drug guns unreliable: Replace all Cartels Guerrillas in 2 spaces with other
-- Guerrillas.
-- Shaded: Unemployed ready to work for syndicates: Place all available Cartels Guerrillas into
-- spaces with Cartels Bases.
return {
  unshaded = function(g)
    local from = g:spaces_where(function(s) return g:count(s, "cartels", "guerrilla") > 0 end)
    local n = math.min(2, #from)
    local chosen = g:choose_spaces{ prompt = "Replace the Cartels Guerrillas in which space?", from = from, min = n, max = n }
    for _, s in ipairs(chosen) do
      for _, st in ipairs({ "underground", "active" }) do
        for _ = 1, g:count(s, "cartels", "guerrilla", st) do
          -- The executing Faction picks FARC or AUC for each, among those Available and
          -- allowed to stack (Ecuador); with none, the Guerrilla is removed anyway
          -- (1.4.1, 5.1.1; hard case 3).
          local by = g:filter({ "farc", "auc" }, function(f) return g:can_place(s, f, "guerrilla") end)
          local f = nil
          if #by > 0 then
            f = g:choose_faction{ prompt = "Replace the Cartels Guerrilla with whose Guerrilla?", from = by }
          end
          if f then
            g:replace(s, "cartels", "guerrilla", st, f, "guerrilla")
          else
            g:remove(s, "cartels", "guerrilla", 1, st)
          end
        end
      end
    end
  end,
  shaded = function(g)
    -- The executing Faction spreads them among the spaces with Cartels Bases (1.4.2:
    -- stacking, Ecuador).
    while g:available("cartels", "guerrilla") > 0 do
      local from = g:spaces_where(function(s)
        return g:count(s, "cartels", "base") > 0 and g:can_stack(s, "cartels", "guerrilla")
      end)
      if #from == 0 then break end
      local left = g:available("cartels", "guerrilla")
      local s = g:choose_space{ prompt = "Place Cartels Guerrillas in which space with a Cartels Base?", from = from }
      local n = left
      if #from > 1 then
        n = g:choose_number{ prompt = "Place how many Cartels Guerrillas there?", min = 1, max = left }
      end
      if g:place_up_to(s, "cartels", "guerrilla", n) == 0 then break end
    end
  end,
}
