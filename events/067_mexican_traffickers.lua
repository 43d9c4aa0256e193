-- 67. Mexican Traffickers (CAGF) — 2nd Ed
-- Unshaded: Major shipment busted en route: Cartels Resources –20.
-- Shaded (Insurgent Momentum): New routes to US market: This Resources phase, Cartels add
-- Resources equal to 4 x Bases.
---@type CardScript
return {
  unshaded = function(g) g:add_resources("cartels", -20) end,
  shaded = function(g)
    -- 5.4: until the next Reset. The Cartels' Resources-phase earnings (6.3.2, normally
    -- 3 x Bases) become 4 x Bases, not 3 x plus 4 x: the card does not say "additional"
    -- (as RTT reads it).
    g:momentum{ cartels_earnings_per_base = 4 }
  end,
}
