-- 54. Deserters & Defectors (ACFG) — single Event
-- Text: Remove up to 2 Guerrillas or replace them with any other Factions' available
--   Guerrillas.
local INSURGENTS = { "farc", "auc", "cartels" }

---@type CardScript
return {
  unshaded = function(g)
    -- Hard case 4: one mode for both Guerrillas (as 50 shaded).
    local replace = g:choose{ prompt = "Deserters & Defectors: remove up to 2 Guerrillas, or replace them?", from = { "remove", "replace" } } == "replace"
    -- The Guerrillas this Event placed (by space and Faction) are not "them" (hard case 4).
    local new = {}
    local function others(f) return g:filter(INSURGENTS, function(o) return o ~= f end) end
    local function fits(s, f) return g:filter(others(f), function(o) return g:can_place(s, o, "guerrilla") end) end
    -- 5.1.1: a replacement must fit (1.4.2), unless none is Available: then it is a removal.
    local function takeable(s, f)
      return g:count(s, f, "guerrilla") > (new[s .. f] or 0) and (not replace or #fits(s, f) > 0
        or g:sum(others(f), function(o) return g:available(o, "guerrilla") end) == 0)
    end
    for _ = 1, 2 do
      local s = g:choose_space{ prompt = "Deserters & Defectors: take a Guerrilla from which space?", optional = true,
        from = g:spaces(function(s) return #g:filter(INSURGENTS, function(f) return takeable(s, f) end) > 0 end) }
      if not s then return end
      if not replace then
        g:remove(s, "insurgents", "guerrilla")
      else
        local f = g:choose_faction{ prompt = "Deserters & Defectors: replace whose Guerrilla?", from = g:filter(INSURGENTS, function(f) return takeable(s, f) end) }
        local o = g:choose_faction{ prompt = "Deserters & Defectors: replace it with whose Guerrilla?", from = fits(s, f) }
        -- Where the new ones are f's only Underground Guerrillas, an Active one is taken.
        local state = g:count(s, f, "guerrilla", "underground") <= (new[s .. f] or 0) and "active" or nil
        -- With no other Guerrilla Available it is removed (hard case 3).
        g:replace(s, f, "guerrilla", o or others(f), "guerrilla", 1, state)
        if o then new[s .. o] = (new[s .. o] or 0) + 1 end
      end
    end
  end,
}
