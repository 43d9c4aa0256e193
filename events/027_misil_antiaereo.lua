-- 27. Misil Antiaéreo — FARC, AUC, Govt, Cartels
-- Unshaded: Government executes 3 free Special Activities.
-- Shaded (Insurgent Momentum): Until next Propaganda, no Govt Special Activities where
-- Guerrillas.
---@type CardScript
return {
  unshaded = function(g)
    -- Each one of the Government's choice among those possible now (5.5); the same one may
    -- come again. No override (5.1.2): the text names no Special Activity a lasting Event bars.
    for _ = 1, 3 do g:free_special{ by = "govt" } end
  end,
  shaded = function(g)
    g:momentum{ no_govt_special_where_guerrillas = true }
  end,
}
