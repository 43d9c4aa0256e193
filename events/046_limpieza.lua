-- 46. Limpieza (AFCG) — single Event
-- Text: Ruthless elimination: An Insurgent Faction executes free Terror with any Guerrilla,
--   removes any 2 enemy pieces in the space, and sets it to Passive Support or Opposition
--   (unless 0 Pop). The Terror places 2 markers.
local INSURGENTS = { "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    -- 5.1: the executing Faction picks the Insurgent Faction (an Insurgent with a
    -- Guerrilla on the map: "with any Guerrilla"); that Faction, ordered to act, makes the
    -- choices inside its Terror (space, Guerrilla, pieces removed, level) (hard case 10).
    local factions = {}
    for _, f in ipairs(INSURGENTS) do
      if #g:spaces_where(function(s) return g:count(s, f, "guerrilla") > 0 end) > 0 then
        factions[#factions + 1] = f
      end
    end
    local f = g:choose_faction{ prompt = "Which Insurgent Faction executes the free Terror?", from = factions }
    if not f then return end

    local from = g:spaces_where(function(s) return g:count(s, f, "guerrilla") > 0 end)
    local s = g:choose_space{ prompt = "Free Terror in which space?", from = from, by = f }

    -- 5.1.1/5.5: Terror "with any Guerrilla" may use an already Active one; an Underground
    -- one that executes it is Activated (3.3.4).
    local ug = g:count(s, f, "guerrilla", "underground")
    local ag = g:count(s, f, "guerrilla", "active")
    local state = ug > 0 and "underground" or "active"
    if ug > 0 and ag > 0 then
      local _, _, st = g:choose_piece{
        prompt = "Terror with which Guerrilla?", space = s, by = f,
        from = { { f, "guerrilla", "underground" }, { f, "guerrilla", "active" } },
      }
      state = st
    end
    if state == "underground" then g:activate(s, f, 1) end

    -- The Terror places 2 markers (Sabotage on a LoC: only one fits, 3.3.4); its shift is
    -- replaced by the Event's setting below.
    if g:is_loc(s) then
      g:sabotage(s)
    else
      g:place_terror(s, 2)
    end
    -- 3.3.4 AID CUT: AUC Terror, including via Event, in a single space.
    if f == "auc" then g:aid_cut(1) end

    -- "any 2 enemy pieces": like Assassinate, even Bases (no "Bases last").
    g:remove_enemies{ space = s, n = 2, how = "any", by = f }

    if g:populated(s) then
      local support = g:ask{ prompt = "Set " .. g:name(s) .. " to Passive Support (yes) or Passive Opposition (no)?", by = f }
      g:set_support(s, support and 1 or -1)
    end
  end,
}
