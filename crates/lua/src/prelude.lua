-- The script host's own Lua, run once per VM before any card script. It builds the
-- sandbox every card and library chunk runs in, the card API handle `g`, and the runner
-- the host calls for each Event.
--
-- Arguments: `g` (an empty table: the handle), `G` (the host's API functions, by name),
-- `modules` (events/lib: name -> compiled chunk), `ctx` (the host's per-Event slots),
-- `on_error` (the host's message handler: it finds where in events/ an error happened),
-- `charge` (takes work done in C functions off the Event's budget, budget.rs) and
-- `BUDGET` (the Event's budget, in Lua instructions).
local g, G, modules, ctx, on_error, charge, BUDGET = ...

-- Keep what the sandbox needs before anything is locked.
local raw_tostring, raw_setmetatable, raw_getmetatable = tostring, setmetatable, getmetatable
local rawget, rawequal, rawlen, type, error, select, next = rawget, rawequal, rawlen, type, error, select, next
local xpcall, ipairs, tonumber, assert = xpcall, ipairs, tonumber, assert
local sort, pack, unpack = table.sort, table.pack, table.unpack
local s_find, s_match, s_gmatch, s_gsub, s_rep, s_format, s_sub, s_byte =
  string.find, string.match, string.gmatch, string.gsub, string.rep, string.format, string.sub, string.byte
local t_move, t_concat, t_insert, t_remove = table.move, table.concat, table.insert, table.remove
local m_type, m_toint, ult, maxinteger = math.type, math.tointeger, math.ult, math.maxinteger
local u_len, u_offset, u_codepoint = utf8.len, utf8.offset, utf8.codepoint

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

-- Work inside C functions. No instruction counts it, so the guards below charge it to the
-- Event's budget (`charge`), in instructions' worth: a step of a pattern, an element of a
-- table read or moved, `BYTES` bytes copied. A call that alone would cost more than the
-- whole budget is refused with its own message. Counts and strings are read as the C
-- functions read them ("10" is the count 10, the number 10 the string "10"), and tables
-- with a metatable go through Lua versions of the table functions, whose metamethods the
-- budget counts as they run.
local BYTES = 8
local function too_costly(name, what)
  error(name .. ": " .. what .. " is too much work for an Event", 3)
end
-- Charge `units` for what `name` is asked to do; more than the whole budget at once is
-- refused as `what`.
local function spend(name, what, units)
  if units > BUDGET then too_costly(name, what) end
  charge(units)
end
-- A count as the C library reads it (lua_tointegerx): an integer, a float with an integer
-- value, or a string that converts to one; nil for anything else.
local function to_int(x)
  if m_type(x) == "integer" then return x end
  local n = tonumber(x)
  return n and m_toint(n)
end
-- A string argument as the C library reads it: a number stands for its text.
local function to_str(x)
  if m_type(x) then return raw_tostring(x) end
  return x
end
-- The index after the set `[...]` that starts at `i` (lstrlib.c's classEnd).
local function set_end(p, i, n)
  i = i + 1
  if s_byte(p, i) == 94 then i = i + 1 end -- '^'
  repeat
    if i > n then return n + 1 end
    local c = s_byte(p, i)
    i = i + (c == 37 and 2 or 1) -- '%' escapes the next character
  until s_byte(p, i) == 93 -- ']'
  return i + 1
end
-- The steps a match of pattern `p` may take from one place of a subject of `ns` bytes:
-- a step per item, times every length of the subject for each repetition (* + -),
-- balance (%b) and back-reference (%1-%9), times two for each `?`.
local function pattern_steps(p, ns)
  local n, i, f, m = #p, 1, 1.0, ns + 1.0
  while i <= n do
    local c = s_byte(p, i)
    if c == 37 then -- '%'
      local d = s_byte(p, i + 1)
      if d == 98 then -- %bxy
        f = f * m
        i = i + 4
      elseif d == 102 then -- %f[set]
        i = set_end(p, i + 2, n)
      else
        if d and d >= 49 and d <= 57 then f = f * m end
        i = i + 2
      end
    elseif c == 91 then -- '['
      i = set_end(p, i, n)
    else
      i = i + 1
    end
    c = s_byte(p, i)
    if c == 42 or c == 43 or c == 45 then -- * + -
      f = f * m
      i = i + 1
    elseif c == 63 then -- ?
      f = f + f
      i = i + 1
    end
  end
  return (n + 1) * f
end
-- Charge a search of `p` in `s` (plain, or a pattern anchored by `^` where `anchors`);
-- returns both as the C function reads them.
local function search(name, s, p, plain, anchors)
  s, p = to_str(s), to_str(p)
  if type(s) ~= "string" or type(p) ~= "string" then return s, p end -- the C function says why
  local ns, np = #s, #p
  local units
  if plain then
    -- A byte compared at every place, then the needle's bytes where the first matches.
    units = np > ns and 0 or (ns - np + 1) * (1 + np / BYTES)
  else
    units = ((anchors and s_byte(p, 1) == 94) and 1 or ns + 1) * pattern_steps(p, ns)
  end
  if units > BUDGET then
    error(name .. ": this " .. (plain and "search" or "pattern") .. " on a subject this long is too much work for an Event", 3)
  end
  charge(units)
  return s, p
end

-- The values `string.byte(s, i, j)` and `utf8.codepoint(s, i, j)` push: the bytes from
-- i to j (lstrlib.c's posrelatI and getendpos), charged a unit each past the first few
-- before the call (a call that pushes too many fails in the C function, as it did).
local function pushes(s, i, j)
  s = to_str(s)
  if type(s) ~= "string" then return end
  local l = #s
  local pi = i == nil and 1 or to_int(i)
  if pi == nil then return end
  local pe = j == nil and pi or to_int(j)
  if pe == nil then return end
  if pi <= 0 then pi = (pi == 0 or pi < -l) and 1 or l + pi + 1 end
  if pe > l then pe = l elseif pe < 0 then pe = pe < -l and 0 or l + pe + 1 end
  if pe - pi > 8 then charge(pe - pi + 1) end
end
-- A string read a character at a time by a C function: a unit a byte.
local function scanned(s)
  s = to_str(s)
  if type(s) == "string" and #s > 64 then charge(#s) end
end

-- Tables: `plain` ones (no metatable) go to the C functions, charged by their length; the
-- others to Lua versions of ltablib.c's, which count every metamethod they call.
local function plain(t)
  return type(t) == "table" and raw_getmetatable(t) == nil
end
local function check_int(x, arg, fname)
  local i = to_int(x)
  if i == nil then
    error("bad argument #" .. arg .. " to '" .. fname .. "' ("
      .. (tonumber(x) and "number has no integer representation" or "number expected, got " .. type(x)) .. ")", 3)
  end
  return i
end
-- `#t` as an integer (luaL_len).
local function len_of(t)
  local n = #t
  if m_type(n) == "integer" then return n end
  n = to_int(n)
  if n == nil then error("object length is not an integer", 3) end
  return n
end
local function lua_insert(t, ...)
  local nargs = select("#", ...)
  local e = len_of(t) + 1 -- the first empty element
  if nargs == 1 then
    t[e] = ...
    return
  end
  if nargs ~= 2 then error("wrong number of arguments to 'insert'", 2) end
  local pos, v = ...
  pos = check_int(pos, 2, "insert")
  if not ult(pos - 1, e) then error("bad argument #2 to 'insert' (position out of bounds)", 2) end
  spend("table.insert", "so long a table", e - pos)
  for i = e, pos + 1, -1 do t[i] = t[i - 1] end
  t[pos] = v
end
local function lua_remove(t, pos)
  local size = len_of(t)
  pos = pos == nil and size or check_int(pos, 2, "remove")
  if pos ~= size and ult(size, pos - 1) then error("bad argument #2 to 'remove' (position out of bounds)", 2) end
  spend("table.remove", "so long a table", size - pos)
  local v = t[pos]
  while pos < size do
    t[pos] = t[pos + 1]
    pos = pos + 1
  end
  t[pos] = nil
  return v
end
local function lua_concat(t, sep, i, j)
  local last = len_of(t)
  sep = to_str(sep)
  if sep == nil then
    sep = ""
  elseif type(sep) ~= "string" then
    error("bad argument #2 to 'concat' (string expected, got " .. type(sep) .. ")", 2)
  end
  i = i == nil and 1 or check_int(i, 3, "concat")
  last = j == nil and last or check_int(j, 4, "concat")
  if i > last then return "" end
  if ult(BUDGET, last - i) then too_costly("table.concat", "so long a range") end
  charge(last - i + 1)
  local parts = {}
  for k = i, last do
    local v = t[k]
    if type(v) ~= "string" and m_type(v) == nil then
      error("invalid value (at index " .. k .. ") in table for 'concat'", 2)
    end
    parts[k - i + 1] = v
  end
  local r = t_concat(parts, sep)
  charge(#r / BYTES)
  return r
end
local function lua_unpack(t, i, j)
  i = i == nil and 1 or check_int(i, 2, "unpack")
  local e = j == nil and len_of(t) or check_int(j, 3, "unpack")
  if i > e then return end
  if ult(999999, e - i) then error("too many results to unpack", 2) end
  charge(e - i + 1)
  local out = {}
  for k = i, e do out[k - i + 1] = t[k] end
  return unpack(out, 1, e - i + 1)
end
local function lua_move(a1, f, e, t, a2)
  local tt = a2 == nil and a1 or a2
  if e >= f then
    if not (f > 0 or e < maxinteger + f) then error("bad argument #3 to 'move' (too many elements to move)", 2) end
    local n = e - f + 1
    if t > maxinteger - n + 1 then error("bad argument #4 to 'move' (destination wrap around)", 2) end
    if t > e or t <= f or (a2 ~= nil and a1 ~= tt) then
      for k = 0, n - 1 do tt[t + k] = a1[f + k] end
    else
      for k = n - 1, 0, -1 do tt[t + k] = a1[f + k] end
    end
  end
  return tt
end

-- table.sort: Lua 5.4's own quicksort (ltablib.c), run in Lua so that the budget counts
-- its work, and with pivots that depend on the array alone: Lua draws them from the
-- clock once a partition is lopsided, so that equal elements could end in a different
-- order at every run. Arrays of fewer than 100 elements sort exactly as in Lua; after
-- more lopsided partitions than a sound sort meets, a range is heap-sorted, so a sort
-- never takes more than about n log n comparisons.
local function default_lt(a, b) return a < b end
local function bad_order()
  error("table.sort: invalid order function for sorting (it must be a strict order, as `a < b` is: never true for two equal elements, e.g. not `a <= b`)", 0)
end
local function sift(t, lo, root, last, lt)
  local x = t[lo + root]
  while true do
    local child = 2 * root + 1
    if child > last then break end
    local c = t[lo + child]
    if child < last then
      local c2 = t[lo + child + 1]
      if lt(c, c2) then
        child = child + 1
        c = c2
      end
    end
    if not lt(x, c) then break end
    t[lo + root] = c
    root = child
  end
  t[lo + root] = x
end
local function heapsort(t, lo, up, lt)
  local last = up - lo
  for root = (last - 1) // 2, 0, -1 do sift(t, lo, root, last, lt) end
  for k = last, 1, -1 do
    local x = t[lo]
    t[lo] = t[lo + k]
    t[lo + k] = x
    sift(t, lo, 0, k - 1, lt)
  end
end
local function auxsort(t, lo, up, lt, rnd, lopsided)
  while lo < up do
    local a, b = t[lo], t[up]
    if lt(b, a) then
      t[lo] = b
      t[up] = a
    end
    if up - lo == 1 then return end
    local p
    if up - lo < 100 or rnd == 0 then
      p = (lo + up) // 2
    else
      local r4 = (up - lo) // 4
      p = rnd % (r4 * 2) + lo + r4
    end
    local vp, vl = t[p], t[lo]
    if lt(vp, vl) then
      t[p] = vl
      t[lo] = vp
    else
      local vu = t[up]
      if lt(vu, vp) then
        t[p] = vu
        t[up] = vp
      end
    end
    if up - lo == 2 then return end
    local pivot = t[p]
    t[p] = t[up - 1]
    t[up - 1] = pivot
    -- Partition: a[lo .. i - 1] <= pivot <= a[j + 1 .. up].
    local i, j = lo, up - 1
    while true do
      i = i + 1
      local ai = t[i]
      while lt(ai, pivot) do
        if i == up - 1 then bad_order() end
        i = i + 1
        ai = t[i]
      end
      j = j - 1
      local aj = t[j]
      while lt(pivot, aj) do
        if j < i then bad_order() end
        j = j - 1
        aj = t[j]
      end
      if j < i then
        t[up - 1] = ai
        t[i] = pivot
        break
      end
      t[i] = aj
      t[j] = ai
    end
    p = i
    local n
    if p - lo < up - p then
      auxsort(t, lo, p - 1, lt, rnd, lopsided)
      n = p - lo
      lo = p + 1
    else
      auxsort(t, p + 1, up, lt, rnd, lopsided)
      n = up - p
      up = p - 1
    end
    if up > lo and (up - lo) // 128 > n then -- lopsided
      lopsided = lopsided - 1
      if lopsided < 0 then
        heapsort(t, lo, up, lt)
        return
      end
      rnd = (rnd * 1103515245 + 12345) & 0xffffffff
    end
  end
end
local function safe_sort(t, lt)
  if type(t) ~= "table" then return sort(t, lt) end -- the C function says why not
  local n = len_of(t)
  if n > 1 then
    if n >= 0x7fffffff then error("bad argument #1 to 'sort' (array too big)", 2) end
    if lt == nil then
      lt = default_lt
    elseif type(lt) ~= "function" then
      error("bad argument #2 to 'sort' (function expected, got " .. type(lt) .. ")", 2)
    end
    spend("table.sort", "so long an array", n)
    local lopsided, m = 2, n
    while m > 1 do
      m = m // 2
      lopsided = lopsided + 2
    end
    auxsort(t, 1, n, lt, 0, lopsided)
  end
end

local guarded = {
  rep = function(s, n, sep)
    s, sep = to_str(s), to_str(sep)
    local k = to_int(n)
    if k and type(s) == "string" and (sep == nil or type(sep) == "string") then
      local bytes = k * (#s + (sep and #sep or 0))
      if k > 1e6 or bytes > 1 << 24 then too_costly("string.rep", "so many repetitions") end
      if k > 0 then charge((k + bytes) / BYTES) end
      return s_rep(s, k, sep)
    end
    return s_rep(s, n, sep) -- the C function says why not
  end,
  find = function(s, p, init, plain_find)
    s, p = search("string.find", s, p, plain_find, true)
    return s_find(s, p, init, plain_find)
  end,
  match = function(s, p, init)
    s, p = search("string.match", s, p, false, true)
    return s_match(s, p, init)
  end,
  gmatch = function(s, p, init)
    s, p = search("string.gmatch", s, p, false, false)
    return s_gmatch(s, p, init)
  end,
  gsub = function(s, p, r, n)
    s, p = search("string.gsub", s, p, false, true)
    local out, k = s_gsub(s, p, r, n)
    charge(#out / BYTES)
    return out, k
  end,
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
      if t ~= "string" and t ~= "number" then
        args[k] = safe_tostring(args[k])
      elseif t == "string" and #args[k] > 256 then
        -- `%s` measures the string (strlen), however little of it goes in the result.
        charge(#args[k] / BYTES)
      end
    end
    return s_format(fmt, unpack(args, 1, args.n))
  end,
  move = function(a1, f, e, t, a2)
    local fi, ei, ti = to_int(f), to_int(e), to_int(t)
    if not (fi and ei and ti and type(a1) == "table" and (a2 == nil or type(a2) == "table")) then
      return t_move(a1, f, e, t, a2) -- the C function says why not
    end
    if ei >= fi and ult(1000000, ei - fi) then too_costly("table.move", "so long a range") end
    if plain(a1) and (a2 == nil or plain(a2)) then
      local r = t_move(a1, fi, ei, ti, a2)
      charge(ei - fi + 1)
      return r
    end
    return lua_move(a1, fi, ei, ti, a2)
  end,
  insert = function(t, ...)
    if plain(t) then
      if select("#", ...) == 2 then -- at a position: the elements after it move up
        t_insert(t, ...)
        charge(rawlen(t))
        return
      end
      return t_insert(t, ...)
    end
    if type(t) ~= "table" then return t_insert(t, ...) end
    return lua_insert(t, ...)
  end,
  remove = function(t, pos)
    if plain(t) then
      local size = rawlen(t)
      local v = t_remove(t, pos)
      if pos ~= nil then charge(size) end -- the elements after it move down
      return v
    end
    if type(t) ~= "table" then return t_remove(t, pos) end
    return lua_remove(t, pos)
  end,
  concat = function(t, sep, i, j)
    if plain(t) then
      local r = t_concat(t, sep, i, j)
      charge((to_int(j) or rawlen(t)) - (to_int(i) or 1) + 1 + #r / BYTES)
      return r
    end
    if type(t) ~= "table" then return t_concat(t, sep, i, j) end
    return lua_concat(t, sep, i, j)
  end,
  unpack = function(t, i, j)
    if plain(t) then
      local n = (to_int(j) or rawlen(t)) - (to_int(i) or 1)
      if n >= 0 and n < 1e6 then charge(n + 1) end -- more is refused by the C function
      return unpack(t, i, j)
    end
    if type(t) ~= "table" then return unpack(t, i, j) end
    return lua_unpack(t, i, j)
  end,
  sort = safe_sort,
  -- A value pushed for each byte or character read (the new long strings, their
  -- comparisons and the numbers read from strings are charged by the host, budget.rs).
  byte = function(s, i, j)
    pushes(s, i, j)
    return s_byte(s, i, j)
  end,
  codepoint = function(s, i, j, ...)
    pushes(s, i, j)
    return u_codepoint(s, i, j, ...)
  end,
  -- These read the string a character at a time: a unit a byte.
  len = function(s, ...)
    scanned(s)
    return u_len(s, ...)
  end,
  offset = function(s, ...)
    scanned(s)
    return u_offset(s, ...)
  end,
  -- With a base, the number is read by lbaselib.c's own loop.
  tonumber = function(x, ...)
    if select("#", ...) > 0 then
      local s = to_str(x)
      if type(s) == "string" and #s > 64 then charge(#s / BYTES) end
    end
    return tonumber(x, ...)
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
}, {
  rep = guarded.rep, find = guarded.find, match = guarded.match, gmatch = guarded.gmatch, gsub = guarded.gsub,
  format = guarded.format, byte = guarded.byte,
})
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
  tonumber = guarded.tonumber, tostring = safe_tostring, type = type, rawequal = rawequal, rawlen = rawlen,
  rawget = rawget, setmetatable = safe_setmetatable, getmetatable = raw_getmetatable,
  string = string_lib,
  table = readonly("table", table, nil, {
    move = guarded.move, insert = guarded.insert, remove = guarded.remove, concat = guarded.concat,
    unpack = guarded.unpack, sort = guarded.sort,
  }),
  math = readonly("math", math, {
    random = "math.random is not available to Events: roll the game's dice with g:roll()",
    randomseed = "math.randomseed is not available to Events: roll the game's dice with g:roll()",
  }),
  utf8 = readonly("utf8", utf8, nil, { len = guarded.len, offset = guarded.offset, codepoint = guarded.codepoint }),
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
