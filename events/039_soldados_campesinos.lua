-- 39. Soldados Campesinos (AGFC)
-- Unshaded: Local forces platoons: Place 1 Police into each of 6 Depts.
-- Shaded: Local forces augment autodefensas: In up to 3 Depts, replace 1 Police with 1
--   available AUC Guerrilla.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_spaces{ prompt = "Soldados Campesinos: place 1 Police in which Department?", n = 6,
      from = g:spaces("department"), effect = function(s) g:place(s, "govt", "police") end }
  end,
  shaded = function(g)
    -- 5.1.1: with no AUC Guerrilla Available the Police is removed anyway (hard case 3).
    g:choose_spaces{ prompt = "Soldados Campesinos: replace 1 Police with 1 AUC Guerrilla in which Department?",
      up_to = 3, from = g:spaces("department"), effect = function(s) g:replace(s, "govt", "police", "auc", "guerrilla") end }
  end,
}
