-- 37. Former Military (AGFC)
-- Unshaded: Ties that bind: Government free Sweeps or Assaults FARC within each space, no
--   moves; AUC Guerrillas act as Troops.
-- Shaded: Ex-officers advise paramilitaries: AUC free Marches any of its Guerrillas and then,
--   at any 1 destination, free Ambushes.
---@type CardScript
return {
  unshaded = function(g)
    -- 5.1.2 EXAMPLE: this Event's Assault beats Senado & Cámara (and other lasting limits).
    g:free_op{ ops = { "sweep", "assault" }, by = "govt", against = { "farc" }, each = true, no_move = true,
      force = "auc_as_troops", overrides = true }
  end,
  shaded = function(g)
    local destinations = g:free_op{ op = "march", by = "auc" }
    g:free_op{ op = "attack", ambush = true, by = "auc", where = destinations, limited = true }
  end,
}
