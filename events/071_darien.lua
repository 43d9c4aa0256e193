-- 71. Darién (CAFG)
-- Unshaded: Arms traffic interdicted: Remove a Guerrilla from Chocó; its Faction suffers –5
-- Resources.
-- Shaded: Border sanctuary: Place 1-2 Bases in Panamá. It is a 0 Pop Forest. Sweep does not
-- Activate Guerrillas there.
return {
  unshaded = function(g)
    local opts = {}
    for _, f in ipairs({ "farc", "auc", "cartels" }) do
      for _, st in ipairs({ "underground", "active" }) do
        if g:count("choco", f, "guerrilla", st) > 0 then opts[#opts + 1] = { f, "guerrilla", st } end
      end
    end
    -- 5.1.3: no Guerrilla in Chocó, nothing happens (no Faction loses Resources).
    if #opts == 0 then return end
    local f, _, st = g:choose_piece{ prompt = "Remove which Guerrilla from Chocó?", space = "choco", from = opts }
    g:remove("choco", f, "guerrilla", 1, st)
    g:add_resources(f, -5)
  end,
  shaded = function(g)
    -- Panamá enters play for the rest of the game as a 0-Population Forest adjacent only
    -- to Chocó (rules/map.toml), where Sweep never Activates (a lasting rule, no marker).
    g:open_space("panama")
    g:lasting{ sweep_never_activates = "panama" }
    -- Whose Bases: the card does not say; the executing Faction places its own (as RTT
    -- implements it), within availability and stacking (1.4.1, 1.4.2): "1-2" lets it
    -- choose 1 or 2.
    local me = g:executing()
    local room = 0
    if g:can_place("panama", me, "base") then
      room = math.min(2, g:available(me, "base"))
    end
    if room == 0 then return end
    local n = room
    if room == 2 then
      n = g:choose_number{ prompt = "Place how many Bases in Panamá?", min = 1, max = 2 }
    end
    g:place_up_to("panama", me, "base", n)
  end,
}
