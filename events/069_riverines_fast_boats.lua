-- 69. Riverines & Fast Boats (CAGF) — single Event
-- Move any of your cubes or Guerrillas from 1 space through a chain of up to 3 adjacent
-- Depts. You then may execute a free Op other than Patrol or March within the final space.
---@type CardScript
return {
  unshaded = function(g)
    local me = g:executing()
    local kind = me == "govt" and "cubes" or "guerrilla"
    -- The Departments the chain may enter: Government forces enter no FARC Zone, not even on
    -- the way (6.4.4). (A word or a list: g:spaces takes either as a condition.)
    local depts = me == "govt" and g:spaces("department", function(d) return not g:is(d, "farc_zone") end) or "department"
    -- Where a chain of up to 3 adjacent Departments from `src` can end, in map order: those
    -- 1, 2 or 3 steps away.
    local function ends(src)
      local one = g:spaces(depts, g:adjacent(src))
      local two = g:spaces(depts, g:adjacent(one))
      return g:spaces(depts, { one, two, g:adjacent(two) }, function(d) return d ~= src end)
    end
    local src = g:choose_space{ prompt = "Riverines: move your pieces out of which space?",
      from = g:spaces(g:holding(me, kind), g:adjacent(g:spaces(depts))) }
    if not src then return end
    local dest = g:choose_space{ prompt = "Riverines: move them to which Department (the end of the chain)?", from = ends(src) }
    -- "Any" of them: at least 1; g:move keeps to stacking at the destination (1.4.2).
    g:move(src, dest, me, kind, g:choose_number{ prompt = "Riverines: move how many?", min = 1, max = g:count(src, me, kind) })
    local grant = { ops = me == "govt" and { "train", "sweep", "assault" } or { "rally", "attack", "terror" }, by = me, where = { dest } }
    if g:op_possible(grant) and g:ask{ prompt = "Riverines: execute a free Operation in " .. g:name(dest) .. "?" } then g:free_op(grant) end
  end,
}
