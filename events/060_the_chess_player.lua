-- 60. The Chess Player (CGAF)
-- Unshaded: Kingpin strategy scores: Remove all Cartels pieces from 2 Cities or 1 Dept.
-- Govt Resources +6.
-- Shaded: Cali's Gilberto Rodríguez Orejuela expands empire: Cartels place an available Base
-- in each of 2 Cities and free Bribe in 1 space.
---@type CardScript
return {
  unshaded = function(g)
    local function clear(s) g:remove(s, "cartels", nil, "all") end
    g:choose_space{ prompt = "The Chess Player: remove all Cartels pieces from which City (then a 2nd) or Department?",
      from = g:spaces{ "city", "department" }, effect = function(s)
        clear(s)
        if not g:is(s, "city") then return end
        g:choose_space{ prompt = "The Chess Player: and from which 2nd City?", from = g:spaces("city"), effect = clear }
      end }
    g:add_resources("govt", 6)
  end,
  shaded = function(g)
    -- 5.1: the Cartels are ordered to act, so they choose.
    g:choose_spaces{ prompt = "The Chess Player: place a Cartels Base in which City?", n = 2, by = "cartels",
      from = g:spaces("city"), effect = function(s) g:place(s, "cartels", "base") end }
    g:free_special{ by = "cartels", special = "bribe", max_spaces = 1 }
  end,
}
