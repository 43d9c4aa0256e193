-- 53. Criminal Air Force (ACFG) — single Event
-- Text: Insurgent access to small aircraft: An Insurgent Faction moves 1 or 2 Guerrillas
--   between any 2 Departments and flips them Underground.
-- The executing Faction picks the Insurgent Faction; that Faction, ordered to act, picks the
-- Departments and the Guerrillas (5.1, hard case 10). "Between": each Guerrilla flies either
-- way (docs/rulings.md "Event cards 37–54").
---@type CardScript
return {
  unshaded = function(g)
    local depts = g:spaces("department")
    g:choose_faction{ prompt = "Criminal Air Force: which Insurgent Faction moves Guerrillas?",
      from = { "farc", "auc", "cartels" }, effect = function(f) g:as(f, function()
        local a = g:choose_space{ prompt = "Criminal Air Force: fly Guerrillas between which Department...",
          from = g:spaces("department", g:holding(f, "guerrilla")) }
        if not a then return end
        g:choose_space{ prompt = "Criminal Air Force: ...and which other Department?",
          from = g:filter(depts, function(s) return s ~= a end), effect = function(b)
            local landed -- where the 1st Guerrilla landed: it does not fly again (it is Underground)
            for i = 1, 2 do -- "1 or 2" (hard case 14): the 2nd flight is optional
              local from = g:choose_space{ prompt = "Criminal Air Force: fly a Guerrilla out of which Department?",
                from = { a, b }, optional = i == 2, effect = function(s)
                  local to, back = s == a and b or a, s == landed and 1 or 0
                  -- Where the landed one is f's only Underground Guerrilla, an Active one flies.
                  local state = g:count(s, f, "guerrilla", "underground") <= back and "active" or nil
                  local active = g:count(to, f, "guerrilla", "active")
                  if g:count(s, f, "guerrilla") > back and g:move(s, to, f, "guerrilla", 1, state) > 0
                    and g:count(to, f, "guerrilla", "active") > active then g:underground(to, f, 1) end
                end }
              if not from then break end
              landed = from == a and b or a
            end
          end }
      end) end }
  end,
}
