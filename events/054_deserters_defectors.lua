-- 54. Deserters & Defectors (ACFG) — single Event
-- Text: Remove up to 2 Guerrillas or replace them with any other Factions' available
--   Guerrillas.
---@type CardScript
return {
  unshaded = function(g)
    local insurgents = g:others("govt")
    -- Hard case 4: one mode for both Guerrillas (as 50 shaded).
    local replace = g:choose{ prompt = "Deserters & Defectors: remove up to 2 Guerrillas, or replace them?",
      from = { "remove", "replace" } } == "replace"
    -- The Guerrillas this Event placed (new[space][Faction]) are not "them" (hard case 4).
    local new = {}
    local function placed_in(s, f) return new[s] and new[s][f] or 0 end
    local function takeable(s) return function(f) return g:count(s, f, "guerrilla") > placed_in(s, f) end end
    for _ = 1, 2 do
      local placed -- whose Guerrilla the replacement placed (the live run of `effect` sets it last)
      local s = g:choose_space{ prompt = "Deserters & Defectors: take a Guerrilla from which space?", optional = true,
        from = g:filter(g:holding("insurgents", "guerrilla"), function(s) return not new[s] or #g:filter(insurgents, takeable(s)) > 0 end), effect = function(s)
          if not replace then return g:remove(s, "insurgents", "guerrilla") end
          local f = g:choose_faction{ prompt = "Deserters & Defectors: replace whose Guerrilla?",
            from = g:filter(insurgents, takeable(s)) }
          local others = g:filter(insurgents, function(o) return o ~= f end)
          placed = g:choose_faction{ prompt = "Deserters & Defectors: replace it with whose Guerrilla?",
            from = g:filter(others, function(o) return g:can_place(s, o, "guerrilla") end) }
          -- Where the new ones are f's only Underground Guerrillas, an Active one is taken.
          local state = g:count(s, f, "guerrilla", "underground") <= placed_in(s, f) and "active" or nil
          -- 5.1.1: with no other Guerrilla Available it is removed (hard case 3).
          g:replace(s, f, "guerrilla", placed or others, "guerrilla", 1, state)
        end }
      if not s then return end
      if placed then new[s] = new[s] or {}; new[s][placed] = placed_in(s, placed) + 1 end
    end
  end,
}
