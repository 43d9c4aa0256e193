//! The words a card script passes to the API — spaces ("bogota"), Factions ("farc"),
//! piece kinds, Guerrilla states, Operations, space traits — and how they cross the
//! boundary without costing anything.
//!
//! Lua keeps one copy of every short string (up to 40 bytes; every word here is shorter),
//! so the same word is always the same object. The host makes each word once when the VM
//! starts and keeps it alive; an argument is then recognised by the object's address in
//! one hash lookup, with no copy and no allocation. Values go back to Lua the same way:
//! pushed from the host's own text, which Lua finds in its string table.

use abyss_core::game::decision::{Op, Special, Step};
use abyss_core::kernel::{Faction, PieceKind, Ruleset, Side, SpaceId, Support};
use mlua::state::RawLua;
use mlua::{FromLua, Function, IntoLua, Lua, LuaString, Table, Value, ffi};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::os::raw::c_int;
use std::rc::Rc;

// Lua keeps each short string once: the address of its text identifies it (that is what
// `LuaString::to_pointer` gives, and what `Arg::from_stack` reads).

/// A trait a space may have, for `g:is(space, trait)` and `g:spaces(trait)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Trait {
    City,
    Department,
    Loc,
    Pipeline,
    Mountain,
    Forest,
    Grassland,
    Coastal,
    /// Population 1 or more (can hold Support or Opposition, 1.6).
    Populated,
    /// A City or Department with Population 0.
    ZeroPop,
    FarcZone,
    /// At Active or Passive Support (1.6).
    Support,
    /// At Active or Passive Opposition (1.6).
    Opposition,
    /// A LoC with a Sabotage marker (3.3.4).
    Sabotaged,
    /// Holding a Shipment (with a Guerrilla there, 4.5.3).
    Shipment,
}

impl Trait {
    pub(crate) const ALL: [(&'static str, Trait); 15] = [
        ("city", Trait::City),
        ("department", Trait::Department),
        ("loc", Trait::Loc),
        ("pipeline", Trait::Pipeline),
        ("mountain", Trait::Mountain),
        ("forest", Trait::Forest),
        ("grassland", Trait::Grassland),
        ("coastal", Trait::Coastal),
        ("populated", Trait::Populated),
        ("zero_pop", Trait::ZeroPop),
        ("farc_zone", Trait::FarcZone),
        ("support", Trait::Support),
        ("opposition", Trait::Opposition),
        ("sabotaged", Trait::Sabotaged),
        ("shipment", Trait::Shipment),
    ];
}

/// A word the card API knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    Space(SpaceId),
    Faction(Faction),
    /// "insurgents": FARC, AUC and Cartels.
    Insurgents,
    Kind(PieceKind),
    /// "cubes": Troops and Police.
    Cubes,
    /// "underground" (true) or "active" (false).
    State(bool),
    Op(Op),
    Special(Special),
    Step(Step),
    Trait(Trait),
    Side(Side),
    Level(Support),
    /// A foreign country a space may border (rules/map.toml `borders`).
    Country(u8),
    /// "all": every piece there.
    All,
}

/// Hashes an address: its bits are already spread.
#[derive(Default)]
pub(crate) struct AddrHasher(u64);
impl Hasher for AddrHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, _: &[u8]) {
        unreachable!("only addresses are hashed")
    }
    fn write_usize(&mut self, n: usize) {
        // Addresses are aligned (low bits zero): mix the high half of the product into
        // the low bits (the table's index) and keep the top bits (its tags) spread.
        let h = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

/// Every word of one VM, by the address of its Lua string.
pub(crate) struct Words {
    by_addr: HashMap<usize, Word, BuildHasherDefault<AddrHasher>>,
    /// Keeps the strings alive, so their addresses stay theirs.
    _keep: Vec<LuaString>,
    /// Each space's slug, by space index, to hand back to Lua.
    pub spaces: Vec<LuaString>,
    /// Each space's printed name, by space index.
    pub names: Vec<LuaString>,
    /// A Lua table of every space slug by index (from 1), kept in the registry: lists of
    /// spaces are copied from it without hashing each string again.
    pub slug_table: mlua::Table,
    /// The countries of rules/map.toml, by index.
    pub countries: Vec<String>,
    /// The address of the handle `g` (its table), set once the host made it.
    pub g_addr: std::cell::Cell<usize>,
    /// For each trait of `Trait::ALL` the map alone decides, the spaces that have it (a
    /// bit each): `g:spaces("department")` then costs no walk over the map.
    pub map_traits: Vec<(Trait, u64)>,
}

impl Words {
    pub(crate) fn new(lua: &Lua, rules: &Ruleset) -> mlua::Result<Words> {
        let mut words: Vec<(String, Word)> = Vec::new();
        for s in rules.map.ids() {
            words.push((rules.map.space(s).slug.clone(), Word::Space(s)));
        }
        words.extend(api_words());
        let mut countries: Vec<String> = Vec::new();
        for s in rules.map.ids() {
            for b in &rules.map.space(s).borders {
                if !countries.contains(b) {
                    countries.push(b.clone());
                }
            }
        }
        for (i, c) in countries.iter().enumerate() {
            words.push((c.clone(), Word::Country(i as u8)));
        }
        let spaces = rules
            .map
            .ids()
            .map(|s| lua.create_string(&rules.map.space(s).slug))
            .collect::<mlua::Result<Vec<_>>>()?;
        let mut by_addr = HashMap::default();
        let mut keep = Vec::new();
        for (text, w) in words {
            let s = lua.create_string(&text)?;
            // A word a map slug shadows keeps its first meaning: "ecuador" and "panama"
            // are spaces first (g:borders reads them as countries too).
            by_addr.entry(s.to_pointer() as usize).or_insert(w);
            keep.push(s);
        }
        let names = rules
            .map
            .ids()
            .map(|s| lua.create_string(&rules.map.space(s).name))
            .collect::<mlua::Result<Vec<_>>>()?;
        let slug_table = lua.create_sequence_from(spaces.iter().cloned())?;
        Ok(Words {
            by_addr,
            _keep: keep,
            spaces,
            names,
            slug_table,
            countries,
            g_addr: std::cell::Cell::new(0),
            map_traits: Trait::ALL
                .iter()
                .filter_map(|&(_, t)| {
                    let mut mask = 0u64;
                    for s in rules.map.ids() {
                        if crate::api::query::map_trait(rules.map.space(s), t)? {
                            mask |= s.bit();
                        }
                    }
                    Some((t, mask))
                })
                .collect(),
        })
    }

    /// A space's slug as a Lua value.
    pub(crate) fn space(&self, s: SpaceId) -> LuaString {
        self.spaces[s.index()].clone()
    }

    pub(crate) fn lookup(&self, addr: usize) -> Option<Word> {
        self.by_addr.get(&addr).copied()
    }
}

/// The words the card API reads as something other than a space or a country, each with
/// its meaning: Factions, piece kinds, Guerrilla states, Operations, Special Activities,
/// steps, traits, sides, Support levels and `all`. A space id must be none of them
/// (src/content/map.rs): the API would read it as the word, and no script could name
/// the space.
pub(crate) fn api_words() -> Vec<(String, Word)> {
    let mut words: Vec<(String, Word)> = Vec::new();
    for f in Faction::ALL {
        words.push((f.slug().into(), Word::Faction(f)));
    }
    words.push(("insurgents".into(), Word::Insurgents));
    for k in [
        PieceKind::Troops,
        PieceKind::Police,
        PieceKind::Guerrilla,
        PieceKind::Base,
    ] {
        words.push((k.slug().into(), Word::Kind(k)));
    }
    words.push(("cubes".into(), Word::Cubes));
    words.push(("underground".into(), Word::State(true)));
    words.push(("active".into(), Word::State(false)));
    for o in Op::COIN.iter().chain(&Op::INSURGENT) {
        words.push((o.slug().into(), Word::Op(*o)));
    }
    for f in Faction::ALL {
        for sa in Special::of(f) {
            let w = sa.slug().replace('-', "_");
            if !words.iter().any(|(x, _)| *x == w) {
                words.push((w, Word::Special(*sa)));
            }
        }
    }
    for st in Step::ALL {
        let w = st.slug().replace('-', "_");
        if !words.iter().any(|(x, _)| *x == w) {
            words.push((w, Word::Step(st)));
        }
    }
    for (w, t) in Trait::ALL {
        words.push((w.into(), Word::Trait(t)));
    }
    for side in [Side::Unshaded, Side::Shaded] {
        words.push((side.slug().into(), Word::Side(side)));
    }
    for level in Support::ALL {
        words.push((level_word(level).into(), Word::Level(level)));
    }
    words.push(("all".into(), Word::All));
    words
}

/// Is `word` one the card API reads as something other than a space (`api_words`)?
pub(crate) fn is_api_word(word: &str) -> bool {
    static WORDS: std::sync::LazyLock<Vec<String>> =
        std::sync::LazyLock::new(|| api_words().into_iter().map(|(w, _)| w).collect());
    WORDS.iter().any(|w| w == word)
}

/// The word for a Support level, as scripts write it.
pub(crate) fn level_word(level: Support) -> &'static str {
    level.slug()
}

thread_local! {
    /// The words of the VM whose API call is being converted (set by the host around
    /// every call into Lua).
    /// A plain pointer, read on every argument conversion: the guard of `activate` holds
    /// the `Rc` that keeps it alive, and puts the one before it back.
    static ACTIVE: std::cell::Cell<*const Words> = const { std::cell::Cell::new(std::ptr::null()) };
}

/// The words being converted with, taken away while their game waits on a coroutine
/// (crate::suspend); the guard that keeps them alive waits on the coroutine's stack.
pub(crate) fn take_active() -> *const Words {
    ACTIVE.with(|a| a.replace(std::ptr::null()))
}

/// Put back what `take_active` took.
pub(crate) fn restore_active(words: *const Words) {
    ACTIVE.with(|a| a.set(words));
}

/// Run `f` with the words of the VM being called (None outside a call: an empty set).
pub(crate) fn with_words<T: Default>(f: impl FnOnce(&Words) -> T) -> T {
    let p = ACTIVE.with(|a| a.get());
    // SAFETY: a non-null pointer comes from the live guard of `activate` (see ACTIVE).
    match unsafe { p.as_ref() } {
        Some(w) => f(w),
        None => T::default(),
    }
}

/// Make `words` the ones argument conversion uses until the guard drops.
pub(crate) fn activate(words: &Rc<Words>) -> ActiveWords {
    let before = ACTIVE.with(|a| a.replace(Rc::as_ptr(words)));
    // The guard holds the words before it alive too: put back, they cannot dangle even if
    // guards drop out of order.
    let before = (!before.is_null()).then(|| {
        // SAFETY: a non-null ACTIVE came from `Rc::as_ptr` of words a live guard holds.
        unsafe {
            Rc::increment_strong_count(before);
            Rc::from_raw(before)
        }
    });
    ActiveWords {
        _held: words.clone(),
        before,
    }
}

pub(crate) struct ActiveWords {
    _held: Rc<Words>,
    before: Option<Rc<Words>>,
}
impl Drop for ActiveWords {
    fn drop(&mut self) {
        let before = self.before.as_ref().map_or(std::ptr::null(), Rc::as_ptr);
        ACTIVE.with(|a| a.set(before));
    }
}

/// An argument of an API call, converted straight off the Lua stack.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    Nil,
    Bool(bool),
    Int(i64),
    Num(f64),
    Word(Word),
    /// A string that is no word (a prompt, a log line, a misspelt name).
    Text(String),
    Table(Table),
    Function(Function),
    /// Any other value, by its type name.
    Other(&'static str),
}

impl Arg {
    fn of_value(v: Value) -> Arg {
        match v {
            Value::Nil => Arg::Nil,
            Value::Boolean(b) => Arg::Bool(b),
            Value::Integer(i) => Arg::Int(i),
            Value::Number(n) => Arg::Num(n),
            Value::String(s) => {
                let addr = s.to_pointer() as usize;
                match with_words(|w| w.lookup(addr)) {
                    Some(w) => Arg::Word(w),
                    None => Arg::Text(String::from_utf8_lossy(&s.as_bytes()).into_owned()),
                }
            }
            Value::Table(t) => Arg::Table(t),
            Value::Function(f) => Arg::Function(f),
            other => Arg::Other(other.type_name()),
        }
    }
}

impl FromLua for Arg {
    fn from_lua(v: Value, _lua: &Lua) -> mlua::Result<Arg> {
        Ok(Arg::of_value(v))
    }

    unsafe fn from_stack(idx: c_int, lua: &RawLua) -> mlua::Result<Arg> {
        let state = lua.state();
        // SAFETY: mlua calls this with a valid index of the callback's stack.
        unsafe {
            match ffi::lua_type(state, idx) {
                ffi::LUA_TNIL | ffi::LUA_TNONE => Ok(Arg::Nil),
                ffi::LUA_TBOOLEAN => Ok(Arg::Bool(ffi::lua_toboolean(state, idx) != 0)),
                ffi::LUA_TNUMBER => {
                    let mut is_int = 0;
                    let i = ffi::lua_tointegerx(state, idx, &mut is_int);
                    if is_int != 0 {
                        Ok(Arg::Int(i))
                    } else {
                        Ok(Arg::Num(ffi::lua_tonumber(state, idx)))
                    }
                }
                ffi::LUA_TSTRING => {
                    // The address of the string's text, as `LuaString::to_pointer` gives.
                    let mut len = 0usize;
                    let p = ffi::lua_tolstring(state, idx, &mut len);
                    if let Some(w) = with_words(|w| w.lookup(p as usize)) {
                        return Ok(Arg::Word(w));
                    }
                    let bytes = std::slice::from_raw_parts(p as *const u8, len);
                    Ok(Arg::Text(String::from_utf8_lossy(bytes).into_owned()))
                }
                _ => Ok(Arg::of_value(<Value as FromLua>::from_stack(idx, lua)?)),
            }
        }
    }
}

/// The first argument of a method call: is it the handle `g` itself (`g:name(...)`, not
/// `g.name(...)`)? Read off the stack without making a reference to it.
pub(crate) struct This(pub bool);

impl FromLua for This {
    fn from_lua(v: Value, _lua: &Lua) -> mlua::Result<This> {
        let addr = match &v {
            Value::Table(t) => t.to_pointer() as usize,
            _ => 0,
        };
        Ok(This(addr != 0 && with_words(|w| w.g_addr.get() == addr)))
    }

    unsafe fn from_stack(idx: c_int, lua: &RawLua) -> mlua::Result<This> {
        let state = lua.state();
        // SAFETY: mlua calls this with a valid index of the callback's stack.
        let addr = unsafe {
            if ffi::lua_type(state, idx) != ffi::LUA_TTABLE {
                return Ok(This(false));
            }
            ffi::lua_topointer(state, idx) as usize
        };
        Ok(This(with_words(|w| w.g_addr.get() == addr)))
    }
}

/// A word going back to Lua (a space slug, a Faction...): pushed from the host's text.
pub(crate) struct Out(pub &'static str);

impl IntoLua for Out {
    fn into_lua(self, lua: &Lua) -> mlua::Result<Value> {
        Ok(Value::String(lua.create_string(self.0)?))
    }

    unsafe fn push_into_stack(self, lua: &RawLua) -> mlua::Result<()> {
        // SAFETY: mlua reserves stack room for the callback's results.
        unsafe {
            ffi::lua_pushlstring(lua.state(), self.0.as_ptr() as *const _, self.0.len());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_from_a_script_is_the_word_the_host_made() {
        let lua = Lua::new();
        let rules = abyss_core::content::embedded_rules();
        let words = Rc::new(Words::new(&lua, &rules).unwrap());
        let _a = activate(&words);
        let f = lua.create_function(|_, a: Arg| Ok(format!("{a:?}"))).unwrap();
        let got: String = lua.load("local f = ...; return f('bogota')").call(f.clone()).unwrap();
        assert!(got.starts_with("Word(Space"), "{got}");
        let got: String = f.call("farc").unwrap();
        assert_eq!(got, "Word(Faction(Farc))");
    }
}
