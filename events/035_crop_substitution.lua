-- 35. Crop Substitution — FARC, Cartels, AUC, Govt
-- Unshaded: Replace the Cartels Bases in 1 Department with 1 Police each. Aid +3.
-- Shaded: Shift a Department with a Cartels Base by 2 levels toward Active Opposition.
return {
  unshaded = function(g)
    local depts = g:spaces_where(function(x) return g:is_department(x) and g:count(x, "cartels", "base") > 0 end)
    -- 5.1.3: where the Police may stand (not a FARC Zone, 1.4.2) if there is such a
    -- Department; elsewhere the Bases are only removed.
    depts = g:best(depts, function(x) return g:can_stack(x, "govt", "police") end, function() return true end)
    local s = g:choose_space{ prompt = "Crop Substitution: replace the Cartels Bases in which Department?",
      from = depts }
    if s then
      for _ = 1, g:count(s, "cartels", "base") do
        if g:can_stack(s, "govt", "police") then
          -- 5.1.1 (hard case 3): removed anyway if no Police is Available.
          g:replace(s, "cartels", "base", nil, "govt", "police")
        else
          g:remove(s, "cartels", "base")
        end
      end
    end
    g:add_aid(3)
  end,
  shaded = function(g)
    -- 5.1.3: a Department that can shift the full 2 levels if any, else 1.
    local depts = g:best(
      g:spaces_where(function(x) return g:is_department(x) and g:populated(x) and g:count(x, "cartels", "base") > 0 end),
      function(x) return g:support(x) >= 0 end,
      function(x) return g:support(x) > -2 end)
    local s = g:choose_space{ prompt = "Crop Substitution: shift which Department toward Active Opposition?",
      from = depts }
    if s then g:shift_support(s, -2) end
  end,
}
