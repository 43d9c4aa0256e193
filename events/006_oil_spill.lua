-- 6. Oil Spill (GFCA)
-- Unshaded: Rebels blamed: Shift 2 Opposition or Neutral Departments adjacent to Sabotage to Passive Support.
-- Shaded: Multinationals make mess: Sabotage a pipeline. Shift an adjacent Department by 1 level toward Active Opposition.
-- Implementation note (RTT lets Cities be chosen too): the card says Departments; we follow the card.
local pick = require("pick")

---@type CardScript
return {
  unshaded = function(g)
    -- A 0-Pop Department is Neutral but holds no Support marker (1.6.2 NOTE): it cannot shift.
    local from = g:spaces("department", "populated", { "neutral", "opposition" }, g:adjacent(g:spaces("sabotaged")))
    pick.n(g, 2, from, "Oil Spill: shift which Department to Passive Support?",
      function(s) g:set_support(s, "passive_support") end, true)
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Oil Spill: Sabotage which pipeline?", from = g:spaces("pipeline"), effect = function(p)
      g:sabotage(p)
      g:choose_space{ prompt = "Oil Spill: shift which adjacent Department toward Active Opposition?", shifts_support = -1,
        from = g:spaces("department", g:adjacent(p)),
        effect = function(d) g:shift_support(d, -1) end }
    end }
  end,
}
