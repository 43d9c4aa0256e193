-- 5. Occidental & Ecopetrol (GFCA)
-- Unshaded: Oil company security: Place 6 Police onto pipelines. 3 Guerrillas there or adjacent flip to Active.
-- Shaded: Industry thought exploitative: Shift a space adjacent to a 3-Econ LoC by 2 levels toward Active Opposition.
return {
  unshaded = function(g)
    -- 5.1.1: only Available Police; the executing Faction spreads them (5.1).
    local marked = {}
    for _ = 1, 6 do
      local from = g:spaces_where(function(s)
        return g:is_pipeline(s) and g:can_place(s, "govt", "police")
      end)
      if #from == 0 then break end
      local s = g:choose_space{ prompt = "Place a Police on which pipeline?", from = from }
      g:place(s, "govt", "police")
      if not g:contains(marked, s) then marked[#marked + 1] = s end
    end
    -- "there or adjacent": the pipelines that got Police and the spaces next to them.
    local zone = {}
    for _, s in ipairs(marked) do
      if not g:contains(zone, s) then zone[#zone + 1] = s end
      for _, a in ipairs(g:adjacent(s)) do
        if not g:contains(zone, a) then zone[#zone + 1] = a end
      end
    end
    -- 3 Underground Guerrillas of any Faction, one at a time, chosen by the executing
    -- Faction; fewer if fewer are there (5.1.3, hard case 16: none is no error).
    for _ = 1, 3 do
      local from = g:filter(g:spaces(), function(s)
        return g:contains(zone, s) and g:count(s, "insurgents", "guerrilla", "underground") > 0
      end)
      if #from == 0 then break end
      local s = g:choose_space{ prompt = "Flip a Guerrilla to Active in which space?", from = from }
      local kinds = {}
      for _, f in ipairs{ "farc", "auc", "cartels" } do
        if g:count(s, f, "guerrilla", "underground") > 0 then
          kinds[#kinds + 1] = { f, "guerrilla", "underground" }
        end
      end
      local f = g:choose_piece{ prompt = "Flip whose Guerrilla to Active?", space = s, from = kinds }
      g:activate(s, f, 1)
    end
  end,

  shaded = function(g)
    local function next_to_3econ(s)
      for _, a in ipairs(g:adjacent(s)) do
        if g:is_loc(a) and g:econ(a) == 3 then return true end
      end
      return false
    end
    -- 5.1.3: a space that can shift the full 2 levels if there is one, else 1 level.
    local from = g:best(
      g:spaces_where(function(s) return g:populated(s) and next_to_3econ(s) end),
      function(s) return g:support(s) >= 0 end,
      function(s) return g:support(s) > -2 end)
    local s = g:choose_space{ prompt = "Shift which space 2 levels toward Active Opposition?", from = from }
    if s then g:shift_support(s, -2) end
  end,
}
