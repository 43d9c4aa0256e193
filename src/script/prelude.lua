-- The script host's own Lua, run once per VM before any card script. It builds the
-- sandbox environment every card and library chunk runs in, and the card API handle `g`.
-- Arguments: the names of the host functions (src/script/api.rs), the context table whose
-- `call` field the host sets while an Event runs, and the host's `require`.
local names, ctx, require_impl = ...

-- `pairs` in a fixed order: Lua 5.4 seeds its string hashing per process, so the order of
-- `next` over string keys may differ between runs; an Event must not depend on it.
local function key_lt(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  error("pairs: keys of type " .. ta .. " have no fixed order; use an array and ipairs", 3)
end
local function sorted_pairs(t)
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  table.sort(keys, key_lt)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end

-- A read-only view of a library table; `drop` maps the names left out to the message an
-- access gives.
local function readonly(name, t, drop)
  local copy = {}
  for k, v in next, t do
    if not (drop and drop[k]) then copy[k] = v end
  end
  return setmetatable({}, {
    __index = function(_, k)
      local v = copy[k]
      if v == nil and drop and drop[k] then error(drop[k], 2) end
      return v
    end,
    __newindex = function(_, k) error("`" .. name .. "." .. tostring(k) .. "` is read-only", 2) end,
    __metatable = false,
  })
end

-- The closest known name to a misspelt one (edit distance at most 3), for messages.
local function did_you_mean(name, known)
  local best, best_d = nil, 4
  for _, k in ipairs(known) do
    local prev = {}
    for j = 0, #k do prev[j] = j end
    for i = 1, #name do
      local cur = { [0] = i }
      for j = 1, #k do
        local cost = (name:sub(i, i) == k:sub(j, j)) and 0 or 1
        cur[j] = math.min(prev[j - 1] + cost, prev[j] + 1, cur[j - 1] + 1)
      end
      prev = cur
    end
    if prev[#k] < best_d then best, best_d = k, prev[#k] end
  end
  return best
end

-- `g`: a read-only handle whose methods live in G.
local G = {}
local known = {}
local g = setmetatable({}, {
  __index = function(_, k)
    local v = G[k]
    if v == nil then
      local hint = did_you_mean(tostring(k), known)
      error("the card API has no `" .. tostring(k) .. "`" .. (hint and ("; did you mean g:" .. hint .. "?") or ""), 2)
    end
    return v
  end,
  __newindex = function(_, k) error("`g." .. tostring(k) .. "` is read-only", 2) end,
  __metatable = false,
})
for _, name in ipairs(names) do
  G[name] = function(self, ...)
    if self ~= g then error("call it as g:" .. name .. "(...), with a colon", 2) end
    local call = ctx.call
    if not call then error("g:" .. name .. " may only be called while an Event runs", 2) end
    return call(name, ...)
  end
end

for _, name in ipairs(names) do known[#known + 1] = name end
for _, name in ipairs({ "filter", "spaces_where", "best", "contains" }) do known[#known + 1] = name end

-- Helpers written in Lua (they call the host functions above).

--- The elements of `list` for which `pred(x)` is true, in order.
function G:filter(list, pred)
  local out = {}
  for _, x in ipairs(list) do
    if pred(x) then out[#out + 1] = x end
  end
  return out
end

--- The spaces in play for which `pred(space)` is true, in map order.
function G:spaces_where(pred)
  return g:filter(g:spaces(), pred)
end

--- Rule 5.1.3: the spaces of `list` where the whole effect can be done (`full`), or if
--- there are none, those where part of it can (`part`, optional).
function G:best(list, full, part)
  local f = g:filter(list, full)
  if #f > 0 or not part then return f end
  return g:filter(list, part)
end

--- Does `list` contain `x`?
function G:contains(list, x)
  for _, y in ipairs(list) do
    if y == x then return true end
  end
  return false
end

local env_values = {
  assert = assert, error = error, ipairs = ipairs, pairs = sorted_pairs, select = select,
  tonumber = tonumber, tostring = tostring, type = type, rawequal = rawequal, rawlen = rawlen,
  rawget = rawget, setmetatable = setmetatable, getmetatable = getmetatable,
  string = readonly("string", string, { dump = "string.dump is not available to Events" }),
  table = readonly("table", table),
  math = readonly("math", math, {
    random = "math.random is not available to Events: roll the game's dice with g:roll()",
    randomseed = "math.randomseed is not available to Events: roll the game's dice with g:roll()",
  }),
  utf8 = readonly("utf8", utf8),
  require = require_impl,
}
local env = setmetatable({}, {
  __index = function(_, k)
    local v = env_values[k]
    if v == nil then error("unknown name `" .. tostring(k) .. "`", 2) end
    return v
  end,
  __newindex = function(_, k)
    error("assigning the global `" .. tostring(k) .. "`: declare it `local`", 2)
  end,
  __metatable = false,
})
return env, g
