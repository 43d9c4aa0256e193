-- 34. Airdropped AKs — FARC, Cartels, AUC, Govt
-- Unshaded: Drop an Insurgent Faction's Resources by –5.
-- Shaded: An Insurgent Faction places 2 Guerrillas and 1 Base into a 0 Population
-- Department.
-- Unshaded: the card names one Faction (RTT drops all three Insurgents).
local INSURGENTS = { "farc", "auc", "cartels" }

-- Pieces of f that could go into s: up to 2 Guerrillas and 1 Base.
local function room(g, f, s)
  local n = 0
  if g:can_stack(s, f, "guerrilla") then n = math.min(2, g:available(f, "guerrilla")) end
  if g:can_place(s, f, "base") then n = n + 1 end
  -- Ecuador holds at most 2 pieces per Faction (33 shaded, rules/map.toml); g:can_stack
  -- only answers for one more piece.
  if s == "ecuador" then n = math.min(n, 2 - g:count(s, f)) end
  return n
end

local function zero_pop_departments(g)
  return g:spaces_where(function(x) return g:is_department(x) and g:pop(x) == 0 end)
end

return {
  unshaded = function(g)
    -- 5.1.3: a Faction with Resources to lose.
    local f = g:choose_faction{ prompt = "Airdropped AKs: which Insurgent Faction loses 5 Resources?",
      from = g:filter(INSURGENTS, function(x) return g:resources(x) > 0 end) }
    if f then g:add_resources(f, -5) end
  end,
  shaded = function(g)
    local function spaces_for(f)
      -- 5.1.3 (hard case 1): Departments where all 3 pieces fit if any, else where some do.
      return g:best(zero_pop_departments(g),
        function(x) return room(g, f, x) >= 3 end,
        function(x) return room(g, f, x) >= 1 end)
    end
    -- The executing Faction picks the Insurgent (5.1), preferring one that can place all 3.
    local who = g:best(INSURGENTS,
      function(f) return #g:filter(zero_pop_departments(g), function(x) return room(g, f, x) >= 3 end) > 0 end,
      function(f) return #spaces_for(f) > 0 end)
    local f = g:choose_faction{ prompt = "Airdropped AKs: which Insurgent Faction places pieces?", from = who }
    if not f then return end
    -- The placing Faction picks the Department of its placement.
    local s = g:choose_space{ prompt = "Airdropped AKs: place 2 Guerrillas and 1 Base into which Department?",
      from = spaces_for(f), by = f }
    -- The Base first (where the 2-per-Faction limit of Ecuador bites, the Base is the piece
    -- that matters most), then the Guerrillas.
    if g:can_place(s, f, "base") then g:place(s, f, "base") end
    g:place_up_to(s, f, "guerrilla", 2)
  end,
}
