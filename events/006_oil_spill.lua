-- 6. Oil Spill (GFCA)
-- Unshaded: Rebels blamed: Shift 2 Opposition or Neutral Departments adjacent to Sabotage to Passive Support.
-- Shaded: Multinationals make mess: Sabotage a pipeline. Shift an adjacent Department by 1 level toward Active Opposition.
-- Implementation note (RTT lets Cities be chosen too): the card says Departments; we follow the card.

local function shiftable_department(g, s)
  return g:is_department(s) and g:populated(s) and g:support(s) > -2
end

return {
  unshaded = function(g)
    local function next_to_sabotage(s)
      for _, a in ipairs(g:adjacent(s)) do
        if g:is_loc(a) and g:sabotaged(a) then return true end
      end
      return false
    end
    -- Departments with a Support marker slot (Pop > 0, 1.6.2) at Neutral or Opposition.
    local from = g:spaces_where(function(s)
      return g:is_department(s) and g:populated(s) and g:support(s) <= 0 and next_to_sabotage(s)
    end)
    local chosen = from
    if #from > 2 then
      chosen = g:choose_spaces{ prompt = "Shift which Department to Passive Support?", from = from, min = 2, max = 2 }
    end
    for _, s in ipairs(chosen) do g:set_support(s, 1) end
  end,

  shaded = function(g)
    local function has_shiftable_neighbour(p)
      for _, a in ipairs(g:adjacent(p)) do
        if shiftable_department(g, a) then return true end
      end
      return false
    end
    local can_sabotage = g:markers_left() > 0
    -- 5.1.3: a pipeline where both halves can be done, else where either can.
    local from = g:best(
      g:spaces_where(function(s) return g:is_pipeline(s) end),
      function(p) return can_sabotage and not g:sabotaged(p) and has_shiftable_neighbour(p) end,
      function(p) return (can_sabotage and not g:sabotaged(p)) or has_shiftable_neighbour(p) end)
    local p = g:choose_space{ prompt = "Sabotage which pipeline?", from = from }
    if not p then return end
    g:sabotage(p)
    local depts = g:filter(g:adjacent(p), function(s) return shiftable_department(g, s) end)
    local d = g:choose_space{ prompt = "Shift which adjacent Department toward Active Opposition?", from = depts }
    if d then g:shift_support(d, -1) end
  end,
}
