-- 52. Castaño (ACFG)
-- Unshaded: AUC leader's memoir a best seller: Shift 2 City or Mountain each 1 level toward
--   Active Support.
-- Shaded: Charismatic AUC political leader: Place an AUC Base into a space with AUC, then add
--   +1 AUC Resources per AUC Base.
return {
  unshaded = function(g)
    -- 5.1.3: only spaces that can still shift (populated, not at Active Support).
    local from = g:spaces_where(function(s)
      return (g:is_city(s) or g:terrain(s) == "mountain") and g:populated(s) and g:support(s) < 2
    end)
    local n = math.min(2, #from)
    local chosen = g:choose_spaces{
      prompt = "Shift which City or Mountain 1 level toward Active Support?", from = from, min = n, max = n,
    }
    for _, s in ipairs(chosen) do g:shift_support(s, 1) end
  end,
  shaded = function(g)
    local from = g:spaces_where(function(s) return g:count(s, "auc") > 0 and g:can_place(s, "auc", "base") end)
    local s = g:choose_space{ prompt = "Place an AUC Base in which space with AUC?", from = from }
    if s then g:place(s, "auc", "base") end
    -- 5.1.3: the Resources are added even if no Base could be placed.
    g:add_resources("auc", g:on_map("auc", "base"))
  end,
}
