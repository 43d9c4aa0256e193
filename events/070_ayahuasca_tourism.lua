-- 70. Ayahuasca Tourism (CAFG)
-- Unshaded: Eco-tourism helps trade balance: Government Resources +6 for each Forest without
-- Guerrillas.
-- Shaded: Eco-tourists taken: A Faction executes free Terror with any 1 Guerrilla in each
-- Forest and gets +3 Resources per Terror.

local function forests(g)
  return g:spaces_where(function(s) return g:terrain(s) == "forest" end)
end

return {
  unshaded = function(g)
    -- Hard case 13: +6 per Forest (in play) with no Guerrilla of any Faction.
    local n = #g:filter(forests(g), function(s) return g:count(s, "insurgents", "guerrilla") == 0 end)
    g:add_resources("govt", 6 * n)
  end,
  shaded = function(g)
    -- 5.1, hard case 10: the executing Faction picks which Insurgent Faction acts (one
    -- with a Guerrilla in some Forest); that Faction then Terrors in every Forest where it
    -- has a Guerrilla, free (5.5). "Any 1 Guerrilla": even an Active one may do it (5.5
    -- EXAMPLE); the acting Faction picks which where it has both.
    local who = g:filter({ "farc", "auc", "cartels" }, function(f)
      return #g:filter(forests(g), function(s) return g:count(s, f, "guerrilla") > 0 end) > 0
    end)
    local f = g:choose_faction{ prompt = "Which Faction executes the free Terror?", from = who }
    if not f then return end
    local n = 0
    for _, s in ipairs(forests(g)) do
      if g:count(s, f, "guerrilla") > 0 then
        local use_active = g:count(s, f, "guerrilla", "active") > 0
        if use_active and g:count(s, f, "guerrilla", "underground") > 0 then
          local _, _, st = g:choose_piece{ prompt = "Terror with which Guerrilla?", space = s, by = f,
            from = { { f, "guerrilla", "underground" }, { f, "guerrilla", "active" } } }
          use_active = st == "active"
        end
        g:terror_in(f, s, use_active)
        n = n + 1
      end
    end
    -- 3.3.4 Aid Cut: once for the whole Event, by the number of spaces (hard case 11).
    if f == "auc" then g:aid_cut(n) end
    g:add_resources(f, 3 * n)
  end,
}
