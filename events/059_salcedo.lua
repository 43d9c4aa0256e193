-- 59. Salcedo (CGAF)
-- Unshaded: Cartel informant: All Cartels Guerrillas to Active. Free Assault against Cartels
-- in each space.
-- Shaded: Cali cartel security chief: Cartels flip all their Guerrillas Underground and
-- relocate up to 3 of them anywhere.
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces()) do g:activate(s, "cartels") end
    -- Hard case 9: an Assault in each space that targets only the Cartels: as many
    -- pieces as the cubes there may remove (3.2.4), Bases last (1.4.1). Free: no cost
    -- (5.5); the Event names every space, so no per-card space limit applies (5.1.1).
    for _, s in ipairs(g:spaces()) do
      if g:count(s, "cartels") > 0 then
        local n = g:assault_capacity(s)
        if n > 0 then
          -- 5.1: the Government conducts the Assault, so it picks the pieces (hard case 10).
          local lost = g:remove_enemies{ space = s, n = n, how = "exposed", against = { "cartels" }, by = "govt" }
          -- 3.2.5 Drug Bust: +6 Aid per Shipment the Assault removes.
          if lost > 0 then g:add_aid(6 * lost) end
        end
      end
    end
  end,
  shaded = function(g)
    for _, s in ipairs(g:spaces()) do g:underground(s, "cartels") end
    -- 5.1: the Cartels relocate, so they choose (hard case 10); "up to 3": they may stop.
    -- 1.4.2: stacking at the destination (Ecuador).
    for _ = 1, 3 do
      local from = g:spaces_where(function(s) return g:count(s, "cartels", "guerrilla") > 0 end)
      local s = g:choose_space{ prompt = "Relocate a Cartels Guerrilla from which space?", from = from, optional = true, by = "cartels" }
      if not s then break end
      local to = g:spaces_where(function(d) return d ~= s and g:can_stack(d, "cartels", "guerrilla") end)
      local d = g:choose_space{ prompt = "Relocate the Guerrilla to which space?", from = to, by = "cartels" }
      if not d then break end
      g:move(s, d, "cartels", "guerrilla")
    end
  end,
}
