-- 46. Limpieza (AFCG) — single Event
-- Text: Ruthless elimination: An Insurgent Faction executes free Terror with any Guerrilla,
--   removes any 2 enemy pieces in the space, and sets it to Passive Support or Opposition
--   (unless 0 Pop). The Terror places 2 markers.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_faction{ prompt = "Limpieza: which Insurgent Faction executes the free Terror?",
      from = { "farc", "auc", "cartels" }, effect = function(f)
        -- The Faction ordered to act makes the selections (5.1).
        g:as(f, function()
          local s = g:free_op{ op = "terror", by = f, limited = true, any_guerrilla = true, markers = 2 }[1]
          if not s then return end
          g:remove(s, g:others(f), nil, 2)
          if g:is(s, "populated") then
            g:set_support(s, g:choose{ prompt = "Limpieza: set " .. g:name(s) .. " to",
              from = { "passive_support", "passive_opposition" } })
          end
        end)
      end }
  end,
}
