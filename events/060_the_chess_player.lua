-- 60. The Chess Player (CGAF)
-- Unshaded: Kingpin strategy scores: Remove all Cartels pieces from 2 Cities or 1 Dept.
-- Govt Resources +6.
-- Shaded: Cali's Gilberto Rodríguez Orejuela expands empire: Cartels place an available Base
-- in each of 2 Cities and free Bribe in 1 space.

local function clear_cartels(g, s)
  for _, kind in ipairs({ "guerrilla", "base" }) do
    local n = g:count(s, "cartels", kind)
    if n > 0 then g:remove(s, "cartels", kind, n) end
  end
end

return {
  unshaded = function(g)
    -- The executing Faction picks a City (then a 2nd City, 5.1.3: if there is one) or a
    -- Department; only spaces with Cartels pieces can do anything.
    local function with_cartels(pred)
      return g:spaces_where(function(s) return pred(s) and g:count(s, "cartels") > 0 end)
    end
    local from = with_cartels(function(s) return g:is_city(s) or g:is_department(s) end)
    local s = g:choose_space{ prompt = "Remove all Cartels pieces from which space (2 Cities or 1 Department)?", from = from }
    if s then
      clear_cartels(g, s)
      if g:is_city(s) then
        local s2 = g:choose_space{ prompt = "Remove all Cartels pieces from which 2nd City?", from = with_cartels(function(x) return g:is_city(x) end) }
        if s2 then clear_cartels(g, s2) end
      end
    end
    g:add_resources("govt", 6)
  end,
  shaded = function(g)
    -- 5.1: the Cartels are ordered to act, so they choose (hard case 10).
    local used = {}
    for _ = 1, 2 do
      local from = g:spaces_where(function(s)
        return g:is_city(s) and not used[s] and g:can_place(s, "cartels", "base")
      end)
      local s = g:choose_space{ prompt = "Place a Cartels Base in which City?", from = from, by = "cartels" }
      if not s then break end
      used[s] = true
      g:place(s, "cartels", "base")
    end
    -- 5.5: a free Bribe in 1 space only, by its own rules (4.5.4); skipped if impossible.
    g:free_special{ faction = "cartels", special = "bribe", max_spaces = 1 }
  end,
}
