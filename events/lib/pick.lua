-- "N spaces" when only part of the choice is real (5.1): when the candidates are no more
-- than the spaces wanted, all are taken without a question (which goes first is no choice
-- the text gives); otherwise the executor picks, one at a time. `effect` (optional) is
-- carried out for each space as soon as it is taken, as in g:choose_spaces.
local M = {}

--- `n` spaces of `from`: all of them when there are no more, else the executor's pick.
--- `shifts_support`: the pick shifts Support or Opposition (as in g:choose_spaces).
function M.n(g, n, from, prompt, effect, shifts_support)
  if #from > n then
    return g:choose_spaces{ prompt = prompt, from = from, n = n, effect = effect, shifts_support = shifts_support }
  end
  if effect then
    for _, s in ipairs(from) do effect(s) end
  end
  return from
end

--- The `n` spaces of `from` with the highest `value(space)`: only a tie at the cut is a
--- choice (the executor's, 5.1).
function M.highest(g, n, from, value, prompt, effect)
  local out, left = {}, from
  while #out < n and #left > 0 do
    local top = -math.huge
    for _, s in ipairs(left) do top = math.max(top, value(s)) end
    local tier = g:filter(left, function(s) return value(s) == top end)
    for _, s in ipairs(M.n(g, n - #out, tier, prompt, effect)) do out[#out + 1] = s end
    left = g:filter(left, function(s) return value(s) < top end)
  end
  return out
end

return M
