-- 34. Airdropped AKs — FARC, Cartels, AUC, Govt
-- Unshaded: Drop an Insurgent Faction's Resources by –5.
-- Shaded: An Insurgent Faction places 2 Guerrillas and 1 Base into a 0 Population
-- Department.
-- Unshaded: the card names one Faction (RTT drops all three Insurgents).
---@type CardScript
return {
  unshaded = function(g)
    g:choose_faction{ prompt = "Airdropped AKs: which Insurgent Faction loses 5 Resources?",
      from = { "farc", "auc", "cartels" }, effect = function(f) g:add_resources(f, -5) end }
  end,
  shaded = function(g)
    g:choose_faction{ prompt = "Airdropped AKs: which Insurgent Faction places 2 Guerrillas and a Base?",
      from = { "farc", "auc", "cartels" }, effect = function(f)
        -- The placing Faction picks the Department (5.1). Where only 2 of its pieces fit
        -- (Ecuador, 1.4.2), the Base goes first (docs/rulings.md "Event cards 19–36").
        g:choose_space{ prompt = "Airdropped AKs: place 2 Guerrillas and a Base into which Department?", by = f,
          from = g:spaces("zero_pop"), effect = function(s)
            g:place(s, f, "base")
            g:place(s, f, "guerrilla", 2)
          end }
      end }
  end,
}
