-- 20. Mono Jojoy — FARC, Govt, AUC, Cartels
-- Unshaded: Govt player repositions up to 6 FARC Guerrillas into adjacent spaces.
-- Shaded: FARC free Marches any of its Guerrillas then flips up to 3 of its Guerrillas
-- Underground.

-- Where a FARC Guerrilla may go from s: adjacent spaces in play where stacking allows it
-- (1.4.2: Ecuador holds at most 2 pieces per Faction; checked for the moving Faction).
local function destinations(g, s)
  return g:filter(g:adjacent(s), function(d) return g:can_stack(d, "farc", "guerrilla") end)
end

return {
  unshaded = function(g)
    -- "Govt player" chooses (5.1: the card names who decides). Each Guerrilla moves once:
    -- `moved[space][state]` counts the Guerrillas that arrived there and may not move again.
    local moved = {}
    local function movable(s, state)
      local m = moved[s] and moved[s][state] or 0
      return g:count(s, "farc", "guerrilla", state) - m
    end
    for _ = 1, 6 do
      local sources = g:spaces_where(function(s)
        return (movable(s, "underground") > 0 or movable(s, "active") > 0) and #destinations(g, s) > 0
      end)
      local from = g:choose_space{ prompt = "Mono Jojoy: move a FARC Guerrilla from which space?",
        from = sources, optional = true, by = "govt" }
      if not from then break end
      local choices = {}
      for _, st in ipairs({ "underground", "active" }) do
        if movable(from, st) > 0 then choices[#choices + 1] = { "farc", "guerrilla", st } end
      end
      local _, _, state = g:choose_piece{ prompt = "Mono Jojoy: which FARC Guerrilla?", space = from,
        from = choices, by = "govt" }
      local to = g:choose_space{ prompt = "Mono Jojoy: move it into which adjacent space?",
        from = destinations(g, from), by = "govt" }
      g:move(from, to, "farc", "guerrilla", 1, state)
      moved[to] = moved[to] or {}
      moved[to][state] = (moved[to][state] or 0) + 1
    end
  end,
  shaded = function(g)
    -- 5.5: a free March by the March rules (3.3.2); FARC makes its choices.
    g:free_op{ faction = "farc", op = "march" }
    -- Then FARC flips up to 3 of its Active Guerrillas Underground ("up to": FARC may stop).
    for _ = 1, 3 do
      local s = g:choose_space{ prompt = "Mono Jojoy: flip a FARC Guerrilla Underground in which space?",
        from = g:spaces_where(function(x) return g:count(x, "farc", "guerrilla", "active") > 0 end),
        optional = true, by = "farc" }
      if not s then break end
      g:underground(s, "farc", 1)
    end
  end,
}
