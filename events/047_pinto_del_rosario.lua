-- 47. Pinto & del Rosario (AFCG)
-- Unshaded: Human rights investigators: All AUC Guerrillas Active. All Police free Assault
--   AUC as if Troops.
-- Shaded: Prosecutors killed: AUC places 2 Guerrillas in Cúcuta, executes free Terror there,
--   and flips any 2 AUC Guerrillas Underground.
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces()) do g:activate(s, "auc") end
    -- Hard case 9: in each space with Police, only the Police Assault, each counting as a
    -- Troops cube (Mountain: 1 per 2), against AUC only; the Government (the Faction
    -- ordered to act) picks the pieces (5.1). Bases last (3.2.4).
    for _, s in ipairs(g:spaces()) do
      local police = g:count(s, "govt", "police")
      if police > 0 and g:count(s, "auc") > 0 then
        local n = g:assault_capacity_of(s, police, 0)
        if n > 0 then
          local lost = g:remove_enemies{ space = s, n = n, how = "exposed", against = { "auc" }, by = "govt" }
          -- 3.2.5 Drug Bust: each Shipment removed by the Assault.
          if lost > 0 then g:add_aid(6 * lost) end
        end
      end
    end
  end,
  shaded = function(g)
    -- AUC is ordered to act: it makes the choices (5.1). 5.1.1: only Available Guerrillas.
    g:place_up_to("cucuta", "auc", "guerrilla", 2)
    -- Hard case 11: the free Terror is made even with no Underground AUC Guerrilla there
    -- ("executes free Terror there"), but needs an AUC Guerrilla to make it.
    if g:count("cucuta", "auc", "guerrilla") > 0 then
      g:terror_in("auc", "cucuta")
      -- 3.3.4 AID CUT: AUC Terror via Event, in a single space, once.
      g:aid_cut(1)
    end
    -- "any 2": as many as possible, up to 2, chosen by AUC.
    for _ = 1, 2 do
      local from = g:spaces_where(function(s) return g:count(s, "auc", "guerrilla", "active") > 0 end)
      local s = g:choose_space{ prompt = "Flip an AUC Guerrilla Underground in which space?", from = from, by = "auc" }
      if not s then break end
      g:underground(s, "auc", 1)
    end
  end,
}
