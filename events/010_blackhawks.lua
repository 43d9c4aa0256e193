-- 10. Blackhawks (GACF) — Government Capability (5.3)
-- Unshaded: US helos delivered: Air Lift moves any number of Troops.
-- Shaded: Delivery of US helos delayed: Air Lift moves only 1 Troops cube.
---@type CardScript
return {
  -- 4.2.1: Air Lift moves up to 3 Troops; 255 (u8::MAX) is the hook's "any number".
  unshaded = function(g) g:capability{ air_lift_max = 255 } end,
  shaded = function(g) g:capability{ air_lift_max = 1 } end,
}
