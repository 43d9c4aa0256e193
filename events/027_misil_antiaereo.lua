-- 27. Misil Antiaéreo — FARC, AUC, Govt, Cartels
-- Unshaded: Government executes 3 free Special Activities.
-- Shaded (Insurgent Momentum): Until next Propaganda, no Govt Special Activities where
-- Guerrillas.
return {
  unshaded = function(g)
    -- 5.5: each one free, of the Government's choice among those possible now (Air Lift,
    -- Air Strike, Eradicate, 4.2), by its own rules; the Government makes the choices (5.1).
    for _ = 1, 3 do
      if not g:free_special{ faction = "govt", by = "govt" } then break end
    end
  end,
  shaded = function(g)
    g:momentum{ no_govt_special_where_guerrillas = true }
  end,
}
