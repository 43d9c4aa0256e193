-- 19. General Offensive — FARC, Govt, AUC, Cartels (single Event)
-- Text: In each space possible, choose and execute either free Sweep without movement or
-- Assault (if Government), or free Attack or Terror (if Insurgent).
---@type CardScript
return {
  unshaded = function(g)
    local f = g:executing()
    local ops = f == "govt" and { "sweep", "assault" } or { "attack", "terror" }
    -- 5.1.2: "in each space possible" beats lasting Events that forbid or limit these.
    g:free_op{ ops = ops, by = f, each = true, no_move = (f == "govt"), overrides = true }
  end,
}
