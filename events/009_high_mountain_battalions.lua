-- 9. High Mountain Battalions (GAFC) — Government Capability (5.3)
-- Unshaded: Elites guard high-altitude corridors: Assault treats Mountain as City.
-- Shaded: Equipment not delivered: Assault in Mountain removes only 1 piece for 4 Troops.
---@type CardScript
return {
  -- 3.2.4: in a City each Troops and Police cube removes 1 piece; Mountain counts as City,
  -- for Madrid Donors' "no Assault in Depts" too (docs/rulings.md "Event cards 1–18").
  unshaded = function(g) g:capability{ assault_mountain_as_city = true } end,
  -- 3.2.4: Mountain needs 2 Troops per piece; now 4.
  shaded = function(g) g:capability{ mountain_troops_per_removal = 4 } end,
}
