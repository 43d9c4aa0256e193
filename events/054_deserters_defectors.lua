-- 54. Deserters & Defectors (ACFG) — single Event
-- Text: Remove up to 2 Guerrillas or replace them with any other Factions' available
--   Guerrillas.
local INSURGENTS = { "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    -- Hard case 4: one mode for both Guerrillas (as RTT reads it, like 50 shaded).
    local mode = g:choose_step{ prompt = "Remove up to 2 Guerrillas, or replace them?", from = { "remove", "replace" } }
    -- Guerrillas placed by this Event are not picked again (hard case 4): placed[space..faction].
    local placed = {}
    local function pickable(s, f, state)
      local n = g:count(s, f, "guerrilla", state)
      if state == "underground" then n = n - (placed[s .. ":" .. f] or 0) end
      return n
    end
    local function has_pick(s)
      for _, f in ipairs(INSURGENTS) do
        if pickable(s, f, "underground") + pickable(s, f, "active") > 0 then return true end
      end
      return false
    end
    -- "Up to 2": the executing Faction may stop.
    for _ = 1, 2 do
      local s = g:choose_space{ prompt = "Take a Guerrilla from which space?", from = g:spaces_where(has_pick), optional = true }
      if not s then return end
      local opts = {}
      for _, f in ipairs(INSURGENTS) do
        for _, st in ipairs{ "underground", "active" } do
          if pickable(s, f, st) > 0 then opts[#opts + 1] = { f, "guerrilla", st } end
        end
      end
      local f, _, state = opts[1][1], nil, opts[1][3]
      if #opts > 1 then
        f, _, state = g:choose_piece{ prompt = "Which Guerrilla?", space = s, from = opts }
      end
      if mode == "remove" then
        g:remove(s, f, "guerrilla", 1, state)
      else
        -- 5.1.1: another Faction's Available Guerrilla that may stack there; if there is
        -- none, the Guerrilla is removed anyway (hard case 3).
        local by = g:filter(INSURGENTS, function(o)
          return o ~= f and g:available(o, "guerrilla") > 0 and g:can_stack(s, o, "guerrilla")
        end)
        local o = g:choose_faction{ prompt = "Replace it with a Guerrilla of which Faction?", from = by }
        if o then
          g:replace(s, f, "guerrilla", state, o, "guerrilla")
          placed[s .. ":" .. o] = (placed[s .. ":" .. o] or 0) + 1
        else
          g:remove(s, f, "guerrilla", 1, state)
        end
      end
    end
  end,
}
