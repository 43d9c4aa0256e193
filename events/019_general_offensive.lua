-- 19. General Offensive — FARC, Govt, AUC, Cartels (single Event)
-- Text: In each space possible, choose and execute either free Sweep without movement or
-- Assault (if Government), or free Attack or Terror (if Insurgent).

local INSURGENTS = { "farc", "auc", "cartels" }

-- Pieces an Assault there could target: Active Guerrillas, or Bases of an Insurgent
-- Faction with no Guerrillas there (3.2.4, 1.4.1 Bases last).
local function exposed(g, s)
  for _, f in ipairs(INSURGENTS) do
    if g:count(s, f, "guerrilla", "active") > 0 then return true end
    if g:count(s, f, "guerrilla") == 0 and g:count(s, f, "base") > 0 then return true end
  end
  return false
end

local function govt(g)
  -- 5.1.3: only spaces where a free Sweep (Activation by the cubes there, 3.2.3) or a
  -- free Assault (3.2.4) does something; no movement, so the cubes already there act.
  local function can_sweep(s)
    return g:sweep_activations(s) > 0 and g:count(s, "insurgents", "guerrilla", "underground") > 0
  end
  local function can_assault(s)
    return g:assault_capacity(s) > 0 and exposed(g, s)
  end
  for _, s in ipairs(g:spaces()) do
    local ops = {}
    if can_sweep(s) then ops[#ops + 1] = "sweep" end
    if can_assault(s) then ops[#ops + 1] = "assault" end
    if #ops > 0 then
      local op = g:choose_op{ prompt = "General Offensive in " .. g:name(s) .. ": Sweep or Assault?", from = ops }
      if op == "sweep" then
        g:activate_guerrillas{ space = s, n = g:sweep_activations(s) }
      else
        g:assault_in(s)
      end
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
