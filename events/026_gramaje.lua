-- 26. Gramaje — FARC, AUC, Govt, Cartels (2nd Ed)
-- Unshaded: All Cartels Guerrillas in spaces with FARC free Attack FARC.
-- Shaded: Cartels transfer 6 Resources to FARC for each space with Cartels Base and FARC
-- Guerrilla.
return {
  unshaded = function(g)
    -- A free Attack (3.3.3, 5.5) by the Cartels in each space with Cartels Guerrillas and
    -- FARC pieces, against FARC only; the Cartels make the Attack's choices (5.1).
    for _, s in ipairs(g:spaces()) do
      if g:count(s, "cartels", "guerrilla") > 0 and g:count(s, "farc") > 0 then
        g:activate(s, "cartels")
        local roll = g:roll()
        g:log("Cartels Attack FARC in " .. g:name(s) .. ": rolls " .. roll)
        if roll <= g:count(s, "cartels", "guerrilla") then
          -- Up to 2 FARC pieces, Bases last (3.3.3); a Shipment removed goes to the Cartels.
          g:remove_enemies{ space = s, n = 2, how = "attack", against = { "farc" }, by = "cartels" }
        end
        -- Captured Goods (3.3.3): a roll of 1 places an Available Cartels Guerrilla.
        if roll == 1 and g:can_place(s, "cartels", "guerrilla") then
          g:place(s, "cartels", "guerrilla")
        end
      end
    end
  end,
  shaded = function(g)
    local n = #g:spaces_where(function(s)
      return g:count(s, "cartels", "base") > 0 and g:count(s, "farc", "guerrilla") > 0
    end)
    -- As much as the Cartels have (5.1.3).
    if n > 0 then g:transfer_resources("cartels", "farc", 6 * n) end
  end,
}
