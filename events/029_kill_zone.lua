-- 29. Kill Zone — FARC, AUC, Cartels, Govt
-- Unshaded: Govt in 1 space Activates all FARC and executes free Assault.
-- Shaded: FARC or AUC in a space executes 2 free Ambushes with any of its Guerrillas
-- without Activating.
-- 5.1: a Faction ordered to act makes the selections of its action, here the space too
-- (as the Attacking Faction does in the 5.1 EXAMPLE); the executing Faction picks which
-- Insurgent acts in the shaded text.

-- Does s hold a piece of an enemy of f?
local function enemy_here(g, s, f)
  return g:count(s) > g:count(s, f)
end

return {
  unshaded = function(g)
    -- 5.1.3: a space where the Assault can remove something once FARC is Active; else one
    -- where FARC can at least be Activated.
    local cands = g:best(
      g:spaces_where(function(x) return g:count(x, "farc") > 0 end),
      function(x) return g:assault_capacity(x) > 0 end,
      function(x) return g:count(x, "farc", "guerrilla", "underground") > 0 end)
    local s = g:choose_space{ prompt = "Kill Zone: in which space does the Government Activate FARC and Assault?",
      from = cands, by = "govt" }
    if not s then return end
    g:activate(s, "farc")
    -- 5.5: a free Assault by Assault's rules (3.2.4), only in that space.
    g:free_op{ faction = "govt", op = "assault", spaces = { s } }
  end,
  shaded = function(g)
    local function spaces_for(f)
      return g:spaces_where(function(x) return g:count(x, f, "guerrilla") > 0 and enemy_here(g, x, f) end)
    end
    local who = {}
    for _, f in ipairs({ "farc", "auc" }) do
      if #spaces_for(f) > 0 then who[#who + 1] = f end
    end
    local f = g:choose_faction{ prompt = "Kill Zone: which Faction Ambushes?", from = who }
    if not f then return end
    local s = g:choose_space{ prompt = "Kill Zone: Ambush in which space?", from = spaces_for(f), by = f }
    for _ = 1, 2 do
      if not enemy_here(g, s, f) then break end
      -- 4.3.2 (5.1.1: no Activation, any Guerrilla): the Attack succeeds, 2 enemy pieces go
      -- (Bases last, 3.3.3), and an Available Guerrilla is placed as for a roll of 1.
      g:remove_enemies{ space = s, n = 2, how = "attack", by = f }
      if g:can_place(s, f, "guerrilla") then g:place(s, f, "guerrilla") end
    end
  end,
}
