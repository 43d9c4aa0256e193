-- 37. Former Military (AGFC)
-- Unshaded: Ties that bind: Government free Sweeps or Assaults FARC within each space, no
--   moves; AUC Guerrillas act as Troops.
-- Shaded: Ex-officers advise paramilitaries: AUC free Marches any of its Guerrillas and then,
--   at any 1 destination, free Ambushes.
return {
  unshaded = function(g)
    -- Hard case 9: in each space, the Government (ordered to act, 5.1) Sweeps or Assaults
    -- in place, against FARC only, each AUC Guerrilla there counting as a Troops cube.
    -- 5.1.2: this Event overrides Momentum that forbids Sweep or Assault (e.g. 42 shaded
    -- by FARC), so the engine's own Operations (which obey it) are not used.
    for _, s in ipairs(g:spaces()) do
      local auc = g:count(s, "auc", "guerrilla")
      local ug = g:count(s, "farc", "guerrilla", "underground")
      local ag = g:count(s, "farc", "guerrilla", "active")
      -- 3.2.3: Sweep only in Cities and Departments, not FARC Zones.
      local acts = 0
      if (g:is_city(s) or g:is_department(s)) and not g:farc_zone(s) and ug > 0 then
        acts = g:sweep_activations(s, auc, 0)
      end
      -- 3.2.4: Assault removes Active Guerrillas, Bases once no FARC Guerrilla is left.
      local cap = 0
      if ag > 0 or (ug == 0 and g:count(s, "farc", "base") > 0) then
        cap = g:assault_capacity(s, auc, 0)
      end
      -- 5.1.3: offer only what does something; ask only when both do.
      local op = nil
      if acts > 0 and cap > 0 then
        op = g:choose_op{ prompt = "Free Sweep or Assault against FARC in " .. g:name(s) .. "?", from = { "sweep", "assault" }, by = "govt" }
      elseif acts > 0 then
        op = "sweep"
      elseif cap > 0 then
        op = "assault"
      end
      if op == "sweep" then
        g:activate_guerrillas{ space = s, n = acts, against = { "farc" }, by = "govt" }
      elseif op == "assault" then
        local lost = g:remove_enemies{ space = s, n = cap, how = "exposed", against = { "farc" }, by = "govt" }
        -- 3.2.5 Drug Bust: each Shipment removed by the Assault.
        if lost > 0 then g:add_aid(6 * lost) end
      end
    end
  end,
  shaded = function(g)
    -- AUC, ordered to act, makes the choices of its March and Ambush (5.1).
    local ok, dests = g:free_op{ faction = "auc", op = "march" }
    if not ok then return end
    -- 4.3.2/4.4.1: an Ambush needs an Underground AUC Guerrilla and an enemy piece there.
    local from = g:filter(dests, function(s)
      return g:count(s, "auc", "guerrilla", "underground") > 0 and g:count(s) > g:count(s, "auc")
    end)
    local s = g:choose_space{ prompt = "Free Ambush at which March destination?", from = from, by = "auc" }
    if s then g:attack_in("auc", s, true) end
  end,
}
