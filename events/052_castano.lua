-- 52. Castaño (ACFG)
-- Unshaded: AUC leader's memoir a best seller: Shift 2 City or Mountain each 1 level toward
--   Active Support.
-- Shaded: Charismatic AUC political leader: Place an AUC Base into a space with AUC, then add
--   +1 AUC Resources per AUC Base.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_spaces{ prompt = "Castaño: shift which City or Mountain 1 level toward Active Support?", shifts_support = 1, n = 2,
      from = g:spaces{ "city", "mountain" },
      effect = function(s) g:shift_support(s, 1) end }
  end,
  shaded = function(g)
    g:choose_space{ prompt = "Castaño: place an AUC Base in which space with AUC?",
      from = g:holding("auc"), effect = function(s) g:place(s, "auc", "base") end }
    -- 5.1.3: the Resources come even if no Base could be placed.
    g:add_resources("auc", g:on_map("auc", "base"))
  end,
}
