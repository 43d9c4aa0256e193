-- 71. Darién (CAFG)
-- Unshaded: Arms traffic interdicted: Remove a Guerrilla from Chocó; its Faction suffers –5
-- Resources.
-- Shaded: Border sanctuary: Place 1-2 Bases in Panamá. It is a 0 Pop Forest. Sweep does not
-- Activate Guerrillas there.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_faction{ prompt = "Darién: remove whose Guerrilla from Chocó?", from = { "farc", "auc", "cartels" },
      effect = function(f) if g:remove("choco", f, "guerrilla") > 0 then g:add_resources(f, -5) end end }
  end,
  shaded = function(g)
    -- Panamá enters play for the rest of the game as a 0-Population Forest adjacent only to
    -- Chocó (rules/map.toml), where Sweep never Activates (a lasting rule, no marker).
    g:open_space("panama")
    g:lasting{ sweep_never_activates = "panama" }
    -- The executing Faction places its own Bases (docs/rulings.md "Event cards 55–72").
    local me = g:executing()
    local most = math.min(2, g:available(me, "base"))
    if most > 0 then
      g:place("panama", me, "base", g:choose_number{ prompt = "Darién: place how many Bases in Panamá?", min = 1, max = most })
    end
  end,
}
