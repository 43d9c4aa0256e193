-- 63. Narco-War (CFGA) — single Event
-- Rival syndicates go for the throat: In each space with Cartels Guerrillas, remove all but 1;
-- Cartels conduct free Terror with that 1. Mark Cartels Ineligible through next card.
return {
  unshaded = function(g)
    for _, s in ipairs(g:spaces()) do
      local n = g:count(s, "cartels", "guerrilla")
      if n > 0 then
        -- 5.1: the executing Faction picks which Guerrilla remains (Active or Underground).
        local keep
        local act = g:count(s, "cartels", "guerrilla", "active")
        local ug = g:count(s, "cartels", "guerrilla", "underground")
        if act > 0 and ug > 0 then
          local _, _, st = g:choose_piece{ prompt = "Which Cartels Guerrilla remains?", space = s,
            from = { { "cartels", "guerrilla", "underground" }, { "cartels", "guerrilla", "active" } } }
          keep = st
        elseif act > 0 then
          keep = "active"
        else
          keep = "underground"
        end
        -- 4.5.3: Shipments on removed Guerrillas pass to the remaining one or are lost.
        if ug - (keep == "underground" and 1 or 0) > 0 then
          g:remove(s, "cartels", "guerrilla", ug - (keep == "underground" and 1 or 0), "underground")
        end
        if act - (keep == "active" and 1 or 0) > 0 then
          g:remove(s, "cartels", "guerrilla", act - (keep == "active" and 1 or 0), "active")
        end
        -- 5.1.1/5.5: Terror "with that 1", even if already Active (it flips if Underground);
        -- the Cartels make the Terror's choices (3.3.4); free.
        g:terror_in("cartels", s)
      end
    end
    g:ineligible_through_next("cartels")
  end,
}
