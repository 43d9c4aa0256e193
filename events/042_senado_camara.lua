-- 42. Senado & Cámara (AGCF)
-- Unshaded: Unity behind Presidential war policy: 2 Neutral spaces to Passive Support. Govt
--   Resources +3.
-- Shaded (Insurgent Momentum): Insurgent sympathies: No Sweep or Assault against executing
--   Faction until next Propaganda.
return {
  unshaded = function(g)
    -- Neutral: a space that can hold Support (1.6) and is at neither Support nor Opposition.
    local from = g:spaces_where(function(s) return g:populated(s) and g:support(s) == 0 end)
    -- "2": as many as possible, up to 2 (5.1.3).
    local n = math.min(2, #from)
    local chosen = g:choose_spaces{ prompt = "Set which Neutral space to Passive Support?", from = from, min = n, max = n }
    for _, s in ipairs(chosen) do g:set_support(s, 1) end
    g:add_resources("govt", 3)
  end,
  shaded = function(g)
    local f = g:executing()
    if f == "govt" then
      -- Hard case 12: the Government is never Swept or Assaulted, so the Momentum has no
      -- effect; the card still goes to the Momentum box (5.4), with no hook set.
      g:log("Senado & Cámara shaded executed by the Government: no effect")
      g:momentum{}
      return
    end
    g:momentum{ no_sweep_assault_against = f }
  end,
}
