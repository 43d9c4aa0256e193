-- 25. Ejército de Liberación Nacional — FARC, AUC, Govt, Cartels
-- Unshaded: Remove all FARC pieces from 1 Mountain.
-- Shaded: Place any 3 FARC pieces into Antioquia or an adjacent Department.

-- How many FARC pieces could be placed in s now (Guerrillas, and Bases within stacking).
local function room(g, s)
  local n = 0
  if g:can_stack(s, "farc", "guerrilla") then n = n + g:available("farc", "guerrilla") end
  if g:can_place(s, "farc", "base") then n = n + 1 end
  return n
end

return {
  unshaded = function(g)
    local s = g:choose_space{ prompt = "ELN: remove all FARC pieces from which Mountain?",
      from = g:spaces_where(function(x) return g:terrain(x) == "mountain" and g:count(x, "farc") > 0 end) }
    if not s then return end
    -- Shipments held by the Guerrillas removed pass on or are lost (4.5.3): g:remove does it.
    local n = g:count(s, "farc", "guerrilla")
    if n > 0 then g:remove(s, "farc", "guerrilla", n) end
    n = g:count(s, "farc", "base")
    if n > 0 then g:remove(s, "farc", "base", n) end
  end,
  shaded = function(g)
    local cands = { "antioquia" }
    for _, x in ipairs(g:adjacent("antioquia")) do
      if g:is_department(x) then cands[#cands + 1] = x end
    end
    -- 5.1.3: a space where all 3 can be placed if any, else one where some can.
    cands = g:best(cands, function(x) return room(g, x) >= 3 end, function(x) return room(g, x) >= 1 end)
    local s = g:choose_space{ prompt = "ELN: place 3 FARC pieces into which space?", from = cands }
    if not s then return end
    for _ = 1, 3 do
      local kinds = {}
      if g:can_place(s, "farc", "guerrilla") then kinds[#kinds + 1] = { "farc", "guerrilla" } end
      if g:can_place(s, "farc", "base") then kinds[#kinds + 1] = { "farc", "base" } end
      if #kinds == 0 then break end
      local _, kind = g:choose_piece{ prompt = "ELN: place which FARC piece?", space = s, from = kinds }
      g:place(s, "farc", kind)
    end
  end,
}
