-- 1. 1st Division (GFAC) — Government Capability (5.3)
-- Unshaded: Jointness: 1 Civic Action space each Support Phase requires Govt Control and any cube.
-- Shaded: Service parochialism: Civic Action requires at least 2 Troops and 2 Police.
---@type CardScript
return {
  -- 6.4.1 normally needs Troops and Police; here 1 space per Support Phase needs only
  -- Govt Control and any cube.
  unshaded = function(g) g:capability{ civic_action_any_cube_spaces = 1 } end,
  -- Civic Action (in Train, 3.2.1, and in the Support Phase, 6.4.1): 2 Troops and 2 Police.
  shaded = function(g) g:capability{ civic_action_min_troops = 2, civic_action_min_police = 2 } end,
}
