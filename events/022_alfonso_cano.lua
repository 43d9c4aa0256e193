-- 22. Alfonso Cano — FARC, Govt, Cartels, AUC
-- Unshaded: Shift an Opposition space to Neutral.
-- Shaded (Insurgent Momentum): May Agitate also in up to 3 spaces with FARC piece and no
-- Govt Control.
return {
  unshaded = function(g)
    local s = g:choose_space{ prompt = "Alfonso Cano: which Opposition space becomes Neutral?",
      from = g:spaces_where(function(x) return g:populated(x) and g:support(x) < 0 end) }
    if s then g:set_support(s, 0) end
  end,
  shaded = function(g)
    -- 5.4, 6.4.2: up to 3 extra Agitation spaces until the next Reset.
    g:momentum{ agitation_extra_spaces = 3 }
  end,
}
