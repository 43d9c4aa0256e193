-- 69. Riverines & Fast Boats (CAGF) — single Event
-- Move any of your cubes or Guerrillas from 1 space through a chain of up to 3 adjacent
-- Depts. You then may execute a free Op other than Patrol or March within the final space.

-- The executing Faction's movable piece classes: {kind, state}.
local function classes(me)
  if me == "govt" then return { { "troops", nil, "Troops" }, { "police", nil, "Police" } } end
  return { { "guerrilla", "underground", "Underground Guerrillas" }, { "guerrilla", "active", "Active Guerrillas" } }
end

local function count_in(g, s, me, c)
  return g:count(s, me, c[1], c[2])
end

return {
  unshaded = function(g)
    local me = g:executing()
    -- 1.4.2/6.4.4: Government forces never enter a FARC Zone, not even passing through.
    local function dept_ok(s)
      return g:is_department(s) and not (me == "govt" and g:farc_zone(s))
    end
    local function pieces_in(s)
      local n = 0
      for _, c in ipairs(classes(me)) do n = n + count_in(g, s, me, c) end
      return n
    end
    -- Hard case 16: with no piece that can move, nothing happens.
    local from = g:spaces_where(function(s)
      return pieces_in(s) > 0 and #g:filter(g:adjacent(s), dept_ok) > 0
    end)
    local src = g:choose_space{ prompt = "Move your cubes or Guerrillas out of which space?", from = from }
    if not src then return end
    -- The chain: 1 to 3 Departments, each adjacent to the one before; the executing
    -- Faction may stop after the 1st or 2nd.
    local path = { src }
    local here = src
    for i = 1, 3 do
      local nxt = g:filter(g:adjacent(here), function(s) return dept_ok(s) and not g:contains(path, s) end)
      local d = g:choose_space{ prompt = "Move on to which adjacent Department?", from = nxt, optional = i > 1 }
      if not d then break end
      path[#path + 1] = d
      here = d
    end
    local dest = here
    -- "Any of your cubes or Guerrillas": how many of each; stacking is checked at the
    -- destination for the moving Faction (1.4.2, hard case 7: Ecuador).
    for _, c in ipairs(classes(me)) do
      local have = count_in(g, src, me, c)
      if have > 0 then
        local n = g:choose_number{ prompt = "How many " .. c[3] .. " move?", min = 0, max = have }
        for _ = 1, n do
          if not g:can_stack(dest, me, c[1]) then break end
          g:move(src, dest, me, c[1], 1, c[2])
        end
      end
    end
    -- 5.5: a free Operation in the final space only; 5.1.1: only the executing Faction's
    -- own Operations; "may": it may decline. Only Operations possible there are offered
    -- (hard case 8).
    local ops = me == "govt" and { "train", "sweep", "assault" } or { "rally", "attack", "terror" }
    ops = g:filter(ops, function(op) return g:op_possible{ faction = me, op = op, spaces = { dest } } end)
    if #ops > 0 and g:ask{ prompt = "Execute a free Operation in the final space?" } then
      local op = g:choose_op{ prompt = "Which free Operation?", from = ops }
      g:free_op{ faction = me, op = op, spaces = { dest } }
    end
  end,
}
