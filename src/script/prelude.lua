-- The script host's own Lua, run once per VM before any card script. It builds the
-- sandbox every card and library chunk runs in, the card API handle `g`, and the runner
-- the host calls for each Event.
--
-- Arguments: `g` (an empty table: the handle), `G` (the host's API functions, by name),
-- `modules` (events/lib: name -> compiled chunk), `ctx` (the host's per-Event slots) and
-- `on_error` (the host's message handler: it finds where in events/ an error happened).
local g, G, modules, ctx, on_error = ...

-- Keep what the sandbox needs before anything is locked.
local raw_tostring, raw_setmetatable, raw_getmetatable = tostring, setmetatable, getmetatable
local rawget, rawequal, rawlen, type, error, select, next = rawget, rawequal, rawlen, type, error, select, next
local xpcall, ipairs, tonumber, assert = xpcall, ipairs, tonumber, assert
local sort, pack, unpack = table.sort, table.pack, table.unpack
local s_find, s_match, s_gmatch, s_gsub, s_rep, s_format, s_sub, s_byte =
  string.find, string.match, string.gmatch, string.gsub, string.rep, string.format, string.sub, string.byte
local t_move = table.move

-- `pairs` in a fixed order: Lua seeds its string hashing per VM, so the order of `next`
-- over string keys may differ between runs; an Event must not depend on it.
local function key_lt(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return ta < tb end
  if ta == "number" or ta == "string" then return a < b end
  error("pairs: keys of type " .. ta .. " have no fixed order; use an array and ipairs", 3)
end
local function sorted_pairs(t)
  local keys = {}
  for k in next, t do keys[#keys + 1] = k end
  sort(keys, key_lt)
  local i = 0
  return function()
    i = i + 1
    local k = keys[i]
    if k ~= nil then return k, t[k] end
  end, t, nil
end

-- `tostring` without memory addresses (they differ between processes): a value without
-- its own __tostring reads as its type.
local function safe_tostring(v)
  local t = type(v)
  if t == "string" or t == "number" or t == "boolean" or t == "nil" then return raw_tostring(v) end
  local mt = raw_getmetatable(v)
  if type(mt) == "table" and rawget(mt, "__tostring") ~= nil then return raw_tostring(v) end
  return t
end

-- `setmetatable` without finalizers or weak tables: both would make a game depend on when
-- the garbage collector runs, and finalizers run outside every budget. The metatable is
-- always copied, so it cannot gain __gc or __mode afterwards; getmetatable gives the
-- original (or the metatable's own __metatable field, as Lua does).
local function safe_setmetatable(t, mt)
  if type(mt) == "table" then
    if rawget(mt, "__gc") ~= nil or rawget(mt, "__mode") ~= nil then
      error("setmetatable: __gc and __mode are not available to Events", 2)
    end
    local copy = {}
    for k, v in next, mt do copy[k] = v end
    if rawget(mt, "__metatable") == nil then copy.__metatable = mt end
    mt = copy
  end
  return raw_setmetatable(t, mt)
end

-- C functions whose work no budget can interrupt get bounds (docs/modding.md).
local function too_costly(name, what)
  error(name .. ": " .. what .. " is too much work for an Event", 3)
end
local function check_pattern(name, s, p)
  if type(s) ~= "string" or type(p) ~= "string" then return end
  local q, i, n = 0, 1, #p
  while i <= n do
    local c = s_byte(p, i)
    if c == 37 then -- '%' escapes the next character
      i = i + 2
    else
      if c == 42 or c == 43 or c == 45 or c == 63 then q = q + 1 end -- * + - ?
      i = i + 1
    end
  end
  -- Backtracking costs up to (length of the subject) ^ (repetitions + 1).
  if #s > 0 and (#s) ^ (q + 1) > 1e8 then too_costly(name, "this pattern on a subject this long") end
end
local guarded = {
  rep = function(s, n, sep)
    local len = (type(s) == "string" and #s or 0) + (type(sep) == "string" and #sep or 0)
    if type(n) == "number" and (n > 1e6 or n * len > 1 << 24) then too_costly("string.rep", "so many repetitions") end
    return s_rep(s, n, sep)
  end,
  find = function(s, p, init, plain)
    if not plain then check_pattern("string.find", s, p) end
    return s_find(s, p, init, plain)
  end,
  match = function(s, p, init) check_pattern("string.match", s, p); return s_match(s, p, init) end,
  gmatch = function(s, p) check_pattern("string.gmatch", s, p); return s_gmatch(s, p) end,
  gsub = function(s, p, r, n) check_pattern("string.gsub", s, p); return s_gsub(s, p, r, n) end,
  format = function(fmt, ...)
    if type(fmt) == "string" then
      local i, n = 1, #fmt
      while i <= n do
        if s_byte(fmt, i) == 37 then
          local j = i + 1
          if s_byte(fmt, j) == 37 then
            i = j + 1
          else
            while j <= n and s_find("-+ #0123456789.", s_sub(fmt, j, j), 1, true) do j = j + 1 end
            if s_sub(fmt, j, j) == "p" then error("string.format: %p (a memory address) is not available to Events", 2) end
            i = j + 1
          end
        else
          i = i + 1
        end
      end
    end
    local args = pack(...)
    for k = 1, args.n do
      local t = type(args[k])
      if t ~= "string" and t ~= "number" then args[k] = safe_tostring(args[k]) end
    end
    return s_format(fmt, unpack(args, 1, args.n))
  end,
  move = function(a1, f, e, t, a2)
    if type(f) == "number" and type(e) == "number" and e - f > 1e6 then too_costly("table.move", "so long a range") end
    return t_move(a1, f, e, t, a2)
  end,
}

-- A read-only view of a library: lookups go to a private copy (a table __index, so a
-- method call costs one extra lookup), writes are refused; `drop` maps names left out to
-- the message using them gives.
local function readonly(name, lib, drop, swap)
  local copy = {}
  for k, v in next, lib do copy[k] = v end
  for k, v in next, swap or {} do copy[k] = v end
  for k, msg in next, drop or {} do copy[k] = function() error(msg, 2) end end
  return raw_setmetatable({}, {
    __index = copy,
    __newindex = function(_, k) error("`" .. name .. "." .. safe_tostring(k) .. "` is read-only", 2) end,
    __metatable = false,
  })
end

local string_lib = readonly("string", string, {
  dump = "string.dump is not available to Events",
  pack = "string.pack is not available to Events",
  unpack = "string.unpack is not available to Events",
  packsize = "string.packsize is not available to Events",
}, { rep = guarded.rep, find = guarded.find, match = guarded.match, gmatch = guarded.gmatch, gsub = guarded.gsub, format = guarded.format })
-- Strings' own methods ("x"):upper() go to the same read-only library, and the string
-- metatable can be neither read nor changed: no script reaches the real library.
do
  local smt = raw_getmetatable("")
  smt.__index = string_lib
  smt.__metatable = false
end

-- The closest known name to a misspelt one (edit distance at most 3), for messages.
local known = {}
local function did_you_mean(name)
  if #name > 40 then return nil end
  local best, best_d = nil, 4
  for _, k in ipairs(known) do
    local prev = {}
    for j = 0, #k do prev[j] = j end
    for i = 1, #name do
      local cur = { [0] = i }
      for j = 1, #k do
        local cost = (s_sub(name, i, i) == s_sub(k, j, j)) and 0 or 1
        local a, b, c = prev[j - 1] + cost, prev[j] + 1, cur[j - 1] + 1
        cur[j] = a < b and (a < c and a or c) or (b < c and b or c)
      end
      prev = cur
    end
    if prev[#k] < best_d then best, best_d = k, prev[#k] end
  end
  return best
end

-- Helpers written in Lua (they call the host functions).

-- These walk a list as `ipairs` does (up to the first nil, through `__index`), without
-- its call per element: every card's space filter goes through them.
local function a_list(name, list)
  if type(list) ~= "table" then
    error("g:" .. name .. ": the first argument must be a list (a table), not " .. type(list), 3)
  end
end

--- The elements of `list` for which `pred(x)` is true, in order.
function G:filter(list, pred)
  a_list("filter", list)
  local out, n, i = {}, 0, 1
  local x = list[1]
  while x ~= nil do
    if pred(x) then n = n + 1; out[n] = x end
    i = i + 1
    x = list[i]
  end
  return out
end

--- Does `list` contain `x`?
function G:contains(list, x)
  a_list("contains", list)
  local i = 1
  local y = list[1]
  while y ~= nil do
    if y == x then return true end
    i = i + 1
    y = list[i]
  end
  return false
end

--- The sum of f(x) over `list`.
function G:sum(list, f)
  a_list("sum", list)
  local n, i = 0, 1
  local x = list[1]
  while x ~= nil do
    n = n + f(x)
    i = i + 1
    x = list[i]
  end
  return n
end

--- The three other Factions.
local FACTIONS = { "govt", "farc", "auc", "cartels" }
function G:others(f)
  local out = {}
  for _, x in ipairs(FACTIONS) do
    if x ~= f then out[#out + 1] = x end
  end
  return out
end

--- The spaces in play, in map order, that meet every condition given: a trait, a Support
--- level, a space, or a list of these (any of them); a function as the last condition is
--- applied last, to those left.
local spaces_with = G.spaces_with
function G:spaces(...)
  local n = select("#", ...)
  local last = n > 0 and select(n, ...)
  if type(last) == "function" then return G.filter(self, spaces_with(self, ...), last) end
  return spaces_with(self, ...)
end
G.spaces_with = nil

for k in next, G do known[#known + 1] = k end
sort(known)

-- `g`: read-only; its methods are G's. A name G lacks is an error that suggests one.
raw_setmetatable(G, {
  __index = function(_, k)
    local hint = type(k) == "string" and did_you_mean(k)
    error("the card API has no `" .. safe_tostring(k) .. "`" .. (hint and ("; did you mean g:" .. hint .. "?") or ""), 2)
  end,
  __newindex = function(_, k) error("`g." .. safe_tostring(k) .. "` is read-only", 2) end,
  __metatable = false,
})
raw_setmetatable(g, {
  __index = G,
  __newindex = function(_, k) error("`g." .. safe_tostring(k) .. "` is read-only", 2) end,
  __metatable = false,
})

-- `require` reaches only events/lib/. Each Event gets fresh instances of the modules it
-- requires, read-only to it, so no card can change another through a module.
local function readonly_module(name, m)
  if type(m) ~= "table" then return m end
  return raw_setmetatable({}, {
    __index = m,
    __newindex = function(_, k) error("module `" .. name .. "` is read-only (`" .. safe_tostring(k) .. "`)", 2) end,
    __metatable = false,
  })
end
local function require(name)
  local cache = ctx.loaded
  if cache == nil then
    cache = {}
    ctx.loaded = cache
  end
  local m = cache[name]
  if m == nil then
    local load = type(name) == "string" and modules[name]
    if not load then
      local module_names = {}
      for k in next, modules do module_names[#module_names + 1] = k end
      sort(module_names)
      local there = #module_names > 0 and table.concat(module_names, ", ") or "none"
      error("require: no module `" .. safe_tostring(name) .. "` in events/lib/ (there are: " .. there .. ")", 2)
    end
    m = readonly_module(name, load())
    if m == nil then m = true end
    cache[name] = m
  end
  return m
end

local env_values = {
  assert = assert, error = error, ipairs = ipairs, pairs = sorted_pairs, select = select,
  tonumber = tonumber, tostring = safe_tostring, type = type, rawequal = rawequal, rawlen = rawlen,
  rawget = rawget, setmetatable = safe_setmetatable, getmetatable = raw_getmetatable,
  string = string_lib,
  table = readonly("table", table, nil, { move = guarded.move }),
  math = readonly("math", math, {
    random = "math.random is not available to Events: roll the game's dice with g:roll()",
    randomseed = "math.randomseed is not available to Events: roll the game's dice with g:roll()",
  }),
  utf8 = readonly("utf8", utf8),
  require = require,
}
-- A known name is found by a table lookup (no Lua call per global a card reads); an
-- unknown one falls through to the error.
raw_setmetatable(env_values, {
  __index = function(_, k) error("unknown name `" .. safe_tostring(k) .. "`", 2) end,
  __metatable = false,
})
local env = raw_setmetatable({}, {
  __index = env_values,
  __newindex = function(_, k)
    error("assigning the global `" .. safe_tostring(k) .. "`: declare it `local`", 2)
  end,
  __metatable = false,
})

-- The host runs every Event through here: a fresh instance of the card's chunk (so no
-- state outlives the Event), its side's function, and the host's message handler, which
-- records where the error happened before the stack unwinds. (The host gives the chunks
-- their sandbox back after the Event: a table assigned to `_ENV` at a script's top level
-- would otherwise stay in the compiled chunk for the next Event.)
local function run_side(chunk, side)
  local card = chunk()
  local f = type(card) == "table" and rawget(card, side)
  if type(f) ~= "function" then error("the script defines no `" .. side .. "` function", 0) end
  return f(g)
end
local function run(chunk, side)
  ctx.loaded = nil
  local ok, e = xpcall(run_side, on_error, chunk, side)
  ctx.loaded = nil
  if not ok then error(e, 0) end
end

-- Run a loaded chunk (a card's or a module's top level) under the same handler.
local function run_chunk(chunk)
  ctx.loaded = nil
  local ok, e = xpcall(chunk, on_error)
  ctx.loaded = nil
  if not ok then error(e, 0) end
  return e
end

return env, run, run_chunk
