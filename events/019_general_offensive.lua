-- 19. General Offensive — FARC, Govt, AUC, Cartels (single Event)
-- Text: In each space possible, choose and execute either free Sweep without movement or
-- Assault (if Government), or free Attack or Terror (if Insurgent).

local INSURGENTS = { "farc", "auc", "cartels" }

local function govt(g)
  -- Factions that Momentum spares from Sweep and Assault (42 shaded); 5.1.3: only spaces
  -- where the free Sweep (no movement: the cubes already there Activate, 3.2.3) or the
  -- free Assault (3.2.4) does something, as the engine's own rules allow them there
  -- (FARC Zones, 17 shaded "no Sweep or Assault in Departments", 2/3 shaded limits).
  local spared = g:hook("no_sweep_assault_against")
  local function targets_underground(s)
    for _, f in ipairs(INSURGENTS) do
      if not g:contains(spared, f) and g:count(s, f, "guerrilla", "underground") > 0 then return true end
    end
    return false
  end
  local function can_sweep(s)
    return g:sweep_activations(s) > 0 and targets_underground(s)
      and g:op_possible{ faction = "govt", op = "sweep", spaces = { s }, no_move = true }
  end
  local function can_assault(s)
    return g:op_possible{ faction = "govt", op = "assault", spaces = { s } }
  end
  for _, s in ipairs(g:spaces()) do
    local ops = {}
    if can_sweep(s) then ops[#ops + 1] = "sweep" end
    if can_assault(s) then ops[#ops + 1] = "assault" end
    if #ops > 0 then
      local op = g:choose_op{ prompt = "General Offensive in " .. g:name(s) .. ": Sweep or Assault?", from = ops }
      -- 5.5: free, by the Operation's own rules, only in this space; Sweep without movement.
      g:free_op{ faction = "govt", op = op, spaces = { s }, no_move = (op == "sweep") }
    end
  end
end

local function insurgent(g, f)
  local terrors = 0
  for _, s in ipairs(g:spaces()) do
    local ops = {}
    -- 3.3.3: Attack needs a Guerrilla of the Faction and an enemy piece.
    if g:count(s, f, "guerrilla") > 0 and g:count(s) > g:count(s, f) then ops[#ops + 1] = "attack" end
    -- 3.3.4 (5.5): free Terror still Activates an Underground Guerrilla.
    if g:count(s, f, "guerrilla", "underground") > 0 then ops[#ops + 1] = "terror" end
    if #ops > 0 then
      local op = g:choose_op{ prompt = "General Offensive in " .. g:name(s) .. ": Attack or Terror?", from = ops }
      if op == "attack" then
        g:attack_in(f, s)
      else
        g:terror_in(f, s)
        terrors = terrors + 1
      end
    end
  end
  -- 3.3.4 Aid Cut: AUC Terror via Event cuts Aid once, -3 for 1 space, -5 for several.
  if f == "auc" then g:aid_cut(terrors) end
end

return {
  unshaded = function(g)
    local f = g:executing()
    if f == "govt" then govt(g) else insurgent(g, f) end
  end,
}
