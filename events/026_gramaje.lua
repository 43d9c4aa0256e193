-- 26. Gramaje — FARC, AUC, Govt, Cartels (2nd Ed)
-- Unshaded: All Cartels Guerrillas in spaces with FARC free Attack FARC.
-- Shaded: Cartels transfer 6 Resources to FARC for each space with Cartels Base and FARC
-- Guerrilla.
---@type CardScript
return {
  unshaded = function(g)
    g:free_op{ op = "attack", by = "cartels", against = { "farc" }, each = true }
  end,
  shaded = function(g)
    local n = #g:spaces(g:holding("cartels", "base"), g:holding("farc", "guerrilla"))
    g:transfer_resources("cartels", "farc", 6 * n)
  end,
}
