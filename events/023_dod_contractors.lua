-- 23. DoD Contractors — FARC, Govt, Cartels, AUC
-- Unshaded: In a Dept, Activate all Guerrillas and remove all Cartels Bases.
-- Shaded: Govt removes 3 Troops. Mark Govt and FARC Ineligible through next card.
local INSURGENTS = { "farc", "auc", "cartels" }

return {
  unshaded = function(g)
    -- 5.1.3: a Department where something happens (an Underground Guerrilla or a Cartels Base).
    local s = g:choose_space{ prompt = "DoD Contractors: in which Department?",
      from = g:spaces_where(function(x)
        return g:is_department(x)
          and (g:count(x, "insurgents", "guerrilla", "underground") > 0 or g:count(x, "cartels", "base") > 0)
      end) }
    if not s then return end
    for _, f in ipairs(INSURGENTS) do g:activate(s, f) end
    local n = g:count(s, "cartels", "base")
    if n > 0 then g:remove(s, "cartels", "base", n) end
  end,
  shaded = function(g)
    -- "Govt removes": the Government picks which Troops (5.1); as many as possible up to 3.
    for _ = 1, 3 do
      local s = g:choose_space{ prompt = "DoD Contractors: remove Troops from which space?",
        from = g:spaces_where(function(x) return g:count(x, "govt", "troops") > 0 end), by = "govt" }
      if not s then break end
      g:remove(s, "govt", "troops")
    end
    g:ineligible_through_next("govt")
    g:ineligible_through_next("farc")
  end,
}
