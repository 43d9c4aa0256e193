-- 53. Criminal Air Force (ACFG) — single Event
-- Text: Insurgent access to small aircraft: An Insurgent Faction moves 1 or 2 Guerrillas
--   between any 2 Departments and flips them Underground.
local INSURGENTS = { "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    local depts = g:spaces_where(function(s) return g:is_department(s) end)
    -- Departments a Guerrilla of f may fly into from `from` (1.4.2: Ecuador's limit).
    local function destinations(f, from)
      return g:filter(depts, function(d) return d ~= from and g:can_stack(d, f, "guerrilla") end)
    end
    local function sources(f)
      return g:filter(depts, function(s) return g:count(s, f, "guerrilla") > 0 and #destinations(f, s) > 0 end)
    end
    -- 5.1: the executing Faction picks the Insurgent Faction; that Faction, ordered to act,
    -- picks the Departments and Guerrillas (hard case 10).
    local factions = g:filter(INSURGENTS, function(f) return #sources(f) > 0 end)
    local f = g:choose_faction{ prompt = "Which Insurgent Faction moves Guerrillas?", from = factions }
    if not f then return end
    local from = g:choose_space{ prompt = "Move Guerrillas from which Department?", from = sources(f), by = f }
    local to = g:choose_space{ prompt = "Move them to which Department?", from = destinations(f, from), by = f }
    -- "1 or 2" (hard case 14): the acting Faction picks, within what is there and stacking.
    local max = math.min(2, g:count(from, f, "guerrilla"))
    if to == "ecuador" then
      -- 1.4.2 (Sucumbíos): at most 2 pieces of each Faction in Ecuador.
      max = math.min(max, 2 - g:count(to, f))
    end
    local n = 1
    if max > 1 then
      n = g:choose_number{ prompt = "Move how many Guerrillas (1 or 2)?", min = 1, max = max, by = f }
    end
    for _ = 1, n do
      local ug = g:count(from, f, "guerrilla", "underground")
      local ag = g:count(from, f, "guerrilla", "active")
      local state = ug > 0 and "underground" or "active"
      if ug > 0 and ag > 0 then
        local _, _, st = g:choose_piece{
          prompt = "Move which Guerrilla?", space = from, by = f,
          from = { { f, "guerrilla", "underground" }, { f, "guerrilla", "active" } },
        }
        state = st
      end
      g:move(from, to, f, "guerrilla", 1, state)
      -- The moved Guerrilla ends Underground (those already there keep their state).
      if state == "active" then g:underground(to, f, 1) end
    end
  end,
}
