-- 22. Alfonso Cano — FARC, Govt, Cartels, AUC
-- Unshaded: Shift an Opposition space to Neutral.
-- Shaded (Insurgent Momentum): May Agitate also in up to 3 spaces with FARC piece and no
-- Govt Control.
---@type CardScript
return {
  unshaded = function(g)
    g:choose_space{ prompt = "Alfonso Cano: which Opposition space goes to Neutral?", shifts_support = "neutral",
      from = g:spaces("opposition"), effect = function(s) g:set_support(s, "neutral") end }
  end,
  shaded = function(g)
    -- 5.4, 6.4.2: up to 3 extra Agitation spaces until the next Reset.
    g:momentum{ agitation_extra_spaces = 3 }
  end,
}
