-- 40. Demobilization (AGCF)
-- Unshaded: Negotiated reintegration: Replace 3 AUC Guerrillas with available Police.
-- Shaded: Talks a ruse, fighters recycled: Move all cubes in a Dept with AUC to any Cities.
--   Place 1 AUC piece in each of 2 Cities.

-- The Guerrilla state to take in space s: ask only when both states are there.
local function pick_state(g, s, prompt)
  local ug = g:count(s, "auc", "guerrilla", "underground")
  local ag = g:count(s, "auc", "guerrilla", "active")
  if ug > 0 and ag > 0 then
    local _, _, state = g:choose_piece{
      prompt = prompt, space = s,
      from = { { "auc", "guerrilla", "underground" }, { "auc", "guerrilla", "active" } },
    }
    return state
  end
  return ug > 0 and "underground" or "active"
end

return {
  unshaded = function(g)
    -- "3": as many as possible up to 3 (5.1.3). Hard case 3: a replacement is allowed only
    -- where the Police may stack (not in a FARC Zone, 6.4.4); if no Police is Available the
    -- Guerrilla is removed anyway (5.1.1).
    for _ = 1, 3 do
      local from = g:spaces_where(function(s)
        return g:count(s, "auc", "guerrilla") > 0 and g:can_stack(s, "govt", "police")
      end)
      local s = g:choose_space{ prompt = "Replace an AUC Guerrilla with Police in which space?", from = from }
      if not s then return end
      local state = pick_state(g, s, "Replace which AUC Guerrilla?")
      g:replace(s, "auc", "guerrilla", state, "govt", "police")
    end
  end,
  shaded = function(g)
    -- 5.1.3: prefer a Department where there are cubes to move (the placement part does
    -- not depend on the Department).
    local depts = g:spaces_where(function(s) return g:is_department(s) and g:count(s, "auc") > 0 end)
    depts = g:best(depts, function(s) return g:count(s, "govt", "cubes") > 0 end, function() return true end)
    local cities = g:spaces_where(function(s) return g:is_city(s) end)
    local d = g:choose_space{ prompt = "Move all cubes out of which Department with AUC?", from = depts }
    if d then
      for _, kind in ipairs{ "troops", "police" } do
        local left = g:count(d, "govt", kind)
        while left > 0 do
          local c = g:choose_space{ prompt = "Move " .. kind .. " from " .. g:name(d) .. " to which City?", from = cities }
          local n = left
          if left > 1 then
            n = g:choose_number{ prompt = "How many " .. kind .. " to " .. g:name(c) .. "?", min = 1, max = left }
          end
          g:move(d, c, "govt", kind, n)
          left = left - n
        end
      end
    end
    -- "1 AUC piece": a Guerrilla or a Base, as Available and stacking allow (5.1.1).
    local function placeable(s)
      return g:can_place(s, "auc", "guerrilla") or g:can_place(s, "auc", "base")
    end
    for _ = 1, 2 do
      local from = g:filter(cities, function(s) return placeable(s) end)
      if #from == 0 then return end
      local c = g:choose_space{ prompt = "Place 1 AUC piece in which City?", from = from }
      cities = g:filter(cities, function(s) return s ~= c end)
      local opts = {}
      if g:can_place(c, "auc", "guerrilla") then opts[#opts + 1] = { "auc", "guerrilla" } end
      if g:can_place(c, "auc", "base") then opts[#opts + 1] = { "auc", "base" } end
      local kind = opts[1][2]
      if #opts > 1 then
        local _, k = g:choose_piece{ prompt = "Place which AUC piece?", space = c, from = opts }
        kind = k
      end
      g:place(c, "auc", kind)
    end
  end,
}
