-- 58. General Serrano (CGAF)
-- Unshaded: National Police hammer cartels: Cartels Resources –6. Remove all Cartels Guerrillas.
-- Shaded: Officials on cartel payroll: Cartels relocate up to 4 Police to any spaces.
return {
  unshaded = function(g)
    g:add_resources("cartels", -6)
    for _, s in ipairs(g:spaces()) do
      local n = g:count(s, "cartels", "guerrilla")
      if n > 0 then g:remove(s, "cartels", "guerrilla", n) end
    end
  end,
  shaded = function(g)
    -- 5.1: the Cartels are ordered to relocate, so they choose (hard case 10). "Up to 4":
    -- they may stop. 1.4.2: no Police into a FARC Zone.
    for _ = 1, 4 do
      local from = g:spaces_where(function(s) return g:count(s, "govt", "police") > 0 end)
      local s = g:choose_space{ prompt = "Relocate a Police from which space?", from = from, optional = true, by = "cartels" }
      if not s then break end
      local to = g:spaces_where(function(d) return d ~= s and g:can_stack(d, "govt", "police") end)
      local d = g:choose_space{ prompt = "Relocate the Police to which space?", from = to, by = "cartels" }
      if not d then break end
      g:move(s, d, "govt", "police")
    end
  end,
}
