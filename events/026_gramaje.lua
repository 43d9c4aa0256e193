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
    local n = #g:spaces(function(s) return g:count(s, "cartels", "base") > 0 and g:count(s, "farc", "guerrilla") > 0 end)
    g:transfer_resources("cartels", "farc", 6 * n)
  end,
}
