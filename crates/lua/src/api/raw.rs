//! The hottest queries as plain Lua C functions: a card's space filter calls them for every
//! space on the map, and a 5.1.3 dry run for every candidate, so they skip mlua's general
//! callback machinery (argument conversion into references, error wrapping) and read their
//! arguments straight off the Lua stack. Each does what its mlua twin in query.rs did; the
//! unsafe part is this file's small frame (`call`).

use super::{Kinds, err};
use crate::current;
use crate::words::{Arg, Word, with_words};
use abyss_core::game::Game;
use abyss_core::kernel::{Control, Faction, PieceKind, PieceType, SpaceId};
use mlua::ffi;
use std::os::raw::c_int;

/// An argument off the stack, as far as these functions need: a word, a string that is no
/// word, nil, or something else.
enum Raw {
    Nil,
    Int(i64),
    Word(Word),
    Text(String),
    Other(&'static str),
}

/// SAFETY: `l` is the state Lua called the C function with, `idx` an argument index.
unsafe fn arg(l: *mut ffi::lua_State, idx: c_int) -> Raw {
    unsafe {
        match ffi::lua_type(l, idx) {
            ffi::LUA_TNIL | ffi::LUA_TNONE => Raw::Nil,
            ffi::LUA_TSTRING => {
                let mut len = 0usize;
                let p = ffi::lua_tolstring(l, idx, &mut len);
                match with_words(|w| w.lookup(p as usize)) {
                    Some(w) => Raw::Word(w),
                    None => {
                        let bytes = std::slice::from_raw_parts(p as *const u8, len.min(60));
                        Raw::Text(String::from_utf8_lossy(bytes).into_owned())
                    }
                }
            }
            ffi::LUA_TNUMBER => {
                let mut is_int = 0;
                let n = ffi::lua_tointegerx(l, idx, &mut is_int);
                if is_int != 0 {
                    Raw::Int(n)
                } else {
                    Raw::Other("number that is not whole")
                }
            }
            ffi::LUA_TTABLE => Raw::Other("table"),
            ffi::LUA_TBOOLEAN => Raw::Other("boolean"),
            _ => Raw::Other("value"),
        }
    }
}

fn shown(a: &Raw) -> String {
    match a {
        Raw::Nil => "nil".into(),
        Raw::Int(n) => n.to_string(),
        // As the mlua path shows a word (the slug the script wrote).
        Raw::Word(w) => super::shown(&crate::words::Arg::Word(*w)),
        Raw::Text(t) => format!("`{}`", t.chars().filter(|c| !c.is_control()).collect::<String>()),
        Raw::Other(t) => format!("a {t}"),
    }
}

fn space(name: &str, a: Raw) -> Result<SpaceId, String> {
    match a {
        Raw::Word(Word::Space(s)) => Ok(s),
        other => Err(format!(
            "g:{name}: {} is not a space (spaces are slugs such as \"bogota\")",
            shown(&other)
        )),
    }
}

fn kind(name: &str, a: Raw) -> Result<PieceKind, String> {
    match a {
        Raw::Word(Word::Kind(k)) => Ok(k),
        other => Err(format!(
            "g:{name}: {} is not a piece kind (troops, police, base, guerrilla)",
            shown(&other)
        )),
    }
}

/// A count 0..=255 (`default` if nil), or "all" (255).
fn how_many(name: &str, a: Raw, default: u8) -> Result<u8, String> {
    match a {
        Raw::Nil => Ok(default),
        Raw::Word(Word::All) => Ok(u8::MAX),
        Raw::Int(n) if (0..=255).contains(&n) => Ok(n as u8),
        other => Err(format!(
            "g:{name}: {} is not a count from 0 to 255 (or \"all\")",
            shown(&other)
        )),
    }
}

fn faction(name: &str, a: Raw) -> Result<Faction, String> {
    match a {
        Raw::Word(Word::Faction(f)) => Ok(f),
        other => Err(format!(
            "g:{name}: {} is not a Faction (govt, farc, auc, cartels)",
            shown(&other)
        )),
    }
}

/// What a query returns.
enum Ret {
    Int(i64),
    Bool(bool),
    Word(Option<&'static str>),
    /// A list of spaces, in map order (bit = space index).
    Spaces(u64),
    /// A space's printed name.
    Name(usize),
    Nil,
}

/// The frame of every raw query: check that `g` is the first argument, run `body` with the
/// game, push its result or raise its error. No Rust value with a destructor is alive when
/// `lua_error` unwinds this frame (the message is pushed and dropped first).
unsafe fn call(
    l: *mut ffi::lua_State,
    name: &'static str,
    body: impl FnOnce(*mut ffi::lua_State) -> Result<Ret, String>,
) -> c_int {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // SAFETY: `l` is the calling state; index 1 is the method's `self`.
        let this = unsafe {
            ffi::lua_type(l, 1) == ffi::LUA_TTABLE
                && with_words(|w| w.g_addr.get() == ffi::lua_topointer(l, 1) as usize)
        };
        if !this {
            return Err(format!("g:{name}: call it as g:{name}(...), with a colon"));
        }
        // A game that stopped under the script refuses the call in `game` below.
        body(l)
    }));
    let message = match result {
        Ok(Ok(ret)) => {
            // SAFETY: a C function may push its results.
            unsafe {
                match ret {
                    Ret::Int(n) => ffi::lua_pushinteger(l, n),
                    Ret::Bool(b) => ffi::lua_pushboolean(l, b as c_int),
                    Ret::Word(Some(w)) => {
                        ffi::lua_pushlstring(l, w.as_ptr() as *const _, w.len());
                    }
                    Ret::Word(None) | Ret::Nil => ffi::lua_pushnil(l),
                    Ret::Spaces(mask) => {
                        // Copied from the VM's table of slugs (upvalue 1): no string is hashed.
                        ffi::lua_createtable(l, mask.count_ones() as c_int, 0);
                        let mut rest = mask;
                        let mut i = 0;
                        while rest != 0 {
                            let s = rest.trailing_zeros() as ffi::lua_Integer;
                            rest &= rest - 1;
                            i += 1;
                            ffi::lua_rawgeti(l, ffi::lua_upvalueindex(1), s + 1);
                            ffi::lua_rawseti(l, -2, i);
                        }
                    }
                    Ret::Name(s) => {
                        ffi::lua_rawgeti(l, ffi::lua_upvalueindex(2), s as ffi::lua_Integer + 1);
                    }
                }
            }
            return 1;
        }
        Ok(Err(m)) => m,
        Err(_) => format!("g:{name}: internal error (a bug in abyss, not in the script)"),
    };
    // SAFETY: the message is copied into Lua, then dropped before lua_error unwinds.
    unsafe {
        ffi::lua_pushlstring(l, message.as_ptr() as *const _, message.len());
        drop(message);
        ffi::lua_error(l)
    }
}

/// Borrow the game for a raw query.
fn game<T>(name: &str, f: impl for<'a, 'r> FnOnce(&'a mut Game<'r>) -> T) -> Result<T, String> {
    current::with(|g, _| f(g)).map_err(|e| match e {
        current::Unavailable::Stopped => super::HALTED.into(),
        _ => format!("g:{name}: may only be called while an Event runs (not from inside another g: call)"),
    })
}

macro_rules! raw {
    ($fname:ident, $name:literal, |$l:ident| $body:expr) => {
        unsafe extern "C-unwind" fn $fname($l: *mut ffi::lua_State) -> c_int {
            let body = |$l: *mut ffi::lua_State| $body;
            // SAFETY: Lua calls this with its state; `call` keeps the frame sound.
            unsafe { call($l, $name, body) }
        }
    };
}

/// The pieces `g:count` and `g:holding` count, from their arguments at `at`, `at + 1` and
/// `at + 2`: Factions (a bit each), kinds, Guerrilla state. Safety: `l` is the state of
/// the C function being called (as for `arg`).
unsafe fn which_pieces(l: *mut ffi::lua_State, name: &str, at: c_int) -> Result<(u8, Kinds, Option<bool>), String> {
    let who = match unsafe { arg(l, at) } {
        Raw::Nil => 0b1111,
        Raw::Word(Word::Insurgents) => 0b1110,
        Raw::Word(Word::Faction(f)) => 1 << f.index(),
        other => {
            return Err(format!(
                "g:{name}: {} is not a Faction or \"insurgents\"",
                shown(&other)
            ));
        }
    };
    let k = match unsafe { arg(l, at + 1) } {
        Raw::Nil => Kinds::All,
        Raw::Word(Word::Cubes) => Kinds::Cubes,
        Raw::Word(Word::Kind(k)) => Kinds::One(k),
        other => return Err(format!("g:{name}: {} is not a piece kind", shown(&other))),
    };
    let u = match unsafe { arg(l, at + 2) } {
        Raw::Nil => None,
        Raw::Word(Word::State(u)) => Some(u),
        other => return Err(format!("g:{name}: {} is not a Guerrilla state", shown(&other))),
    };
    Ok((who, k, u))
}

raw!(count, "count", |l| {
    let s = space("count", unsafe { arg(l, 2) })?;
    let (who, k, u) = unsafe { which_pieces(l, "count", 3) }?;
    let slots = super::query::slots_of(who, k, u);
    game("count", |g| Ret::Int(super::query::count_in(g, s, slots) as i64))
});

// One call for "the spaces with such pieces", which cards would otherwise ask space by
// space (a 5.1.3 choice among all spaces tries its text in each of them).
raw!(holding, "holding", |l| {
    let (who, k, u) = unsafe { which_pieces(l, "holding", 2) }?;
    let slots = super::query::slots_of(who, k, u);
    game("holding", |g| Ret::Spaces(super::query::holding_in(g, slots)))
});

raw!(support, "support", |l| {
    let s = space("support", unsafe { arg(l, 2) })?;
    game("support", |g| Ret::Int(g.state.support(s).value() as i64))
});

raw!(is, "is", |l| {
    let s = space("is", unsafe { arg(l, 2) })?;
    match unsafe { arg(l, 3) } {
        Raw::Word(Word::Trait(t)) => game("is", |g| Ret::Bool(super::query::has_trait(g, s, t))),
        Raw::Word(Word::Level(v)) => game("is", |g| Ret::Bool(g.state.support(s) == v)),
        other => Err(format!(
            "g:is: {} is not a space trait or a Support level",
            shown(&other)
        )),
    }
});

raw!(control, "control", |l| {
    let s = space("control", unsafe { arg(l, 2) })?;
    game("control", |g| {
        Ret::Word(match g.state.control(s) {
            Control::Govt => Some("govt"),
            Control::Farc => Some("farc"),
            Control::Uncontrolled => None,
        })
    })
});

raw!(terror, "terror", |l| {
    let s = space("terror", unsafe { arg(l, 2) })?;
    game("terror", |g| Ret::Int(g.state.space(s).terror as i64))
});

raw!(sabotaged, "sabotaged", |l| {
    let s = space("sabotaged", unsafe { arg(l, 2) })?;
    game("sabotaged", |g| Ret::Bool(g.state.space(s).sabotage))
});

raw!(pop, "pop", |l| {
    let s = space("pop", unsafe { arg(l, 2) })?;
    game("pop", |g| Ret::Int(g.rules.map.space(s).pop as i64))
});

raw!(econ, "econ", |l| {
    let s = space("econ", unsafe { arg(l, 2) })?;
    game("econ", |g| Ret::Int(g.rules.map.space(s).econ as i64))
});

raw!(in_play, "in_play", |l| {
    let s = space("in_play", unsafe { arg(l, 2) })?;
    game("in_play", |g| Ret::Bool(g.state.in_play(s)))
});

raw!(resources, "resources", |l| {
    let f = faction("resources", unsafe { arg(l, 2) })?;
    game("resources", |g| Ret::Int(g.state.resources(f) as i64))
});

raw!(available, "available", |l| {
    let f = faction("available", unsafe { arg(l, 2) })?;
    let k = match unsafe { arg(l, 3) } {
        Raw::Word(Word::Kind(k)) => k,
        other => return Err(format!("g:available: {} is not a piece kind", shown(&other))),
    };
    let t = piece_type("available", f, k)?;
    game("available", |g| Ret::Int(g.state.available(t) as i64))
});

raw!(is_adjacent, "is_adjacent", |l| {
    let a = space("is_adjacent", unsafe { arg(l, 2) })?;
    let b = space("is_adjacent", unsafe { arg(l, 3) })?;
    game("is_adjacent", |g| Ret::Bool(g.rules.map.adjacent(a, b)))
});

raw!(borders, "borders", |l| {
    let s = space("borders", unsafe { arg(l, 2) })?;
    // The country: a word of rules/map.toml's countries; Ecuador and Panamá are also
    // event-only spaces (1.3.5), whose slug reads as the space; a country no space borders
    // is simply not bordered.
    let c = unsafe { arg(l, 3) };
    if !matches!(
        c,
        Raw::Word(Word::Country(_)) | Raw::Word(Word::Space(_)) | Raw::Text(_)
    ) {
        return Err(format!("g:borders: {} is not a country", shown(&c)));
    }
    game("borders", |g| {
        let borders = &g.rules.map.space(s).borders;
        Ret::Bool(match &c {
            Raw::Word(Word::Country(i)) => {
                with_words(|w| w.countries.get(usize::from(*i)).is_some_and(|n| borders.contains(n)))
            }
            Raw::Word(Word::Space(x)) => borders.iter().any(|n| *n == g.rules.map.space(*x).slug),
            Raw::Text(t) => borders.contains(t),
            _ => false,
        })
    })
});

/// The spaces in play that word `a` admits as a condition of `g:spaces`: a trait, a Support
/// level (the spaces at that level) or a space (that one).
fn admitted(g: &Game, name: &str, a: Raw) -> Result<u64, String> {
    let within = |keep: &dyn Fn(SpaceId) -> bool| g.spaces().filter(|&s| keep(s)).fold(0u64, |m, s| m | s.bit());
    match a {
        Raw::Word(Word::Trait(t)) => match with_words(|w| w.map_traits.iter().find(|m| m.0 == t).map(|m| m.1)) {
            Some(mask) => Ok(mask & g.state.in_play_mask()),
            None => Ok(within(&|s| super::query::has_trait(g, s, t))),
        },
        Raw::Word(Word::Level(l)) => Ok(within(&|s| g.state.support(s) == l)),
        Raw::Word(Word::Space(s)) => Ok(s.bit() & g.state.in_play_mask()),
        other => Err(format!(
            "g:{name}: {} is not a space trait, a Support level or a space",
            shown(&other)
        )),
    }
}

/// The spaces in play the list at stack index `i` admits: any of its elements, each a word
/// (`admitted`) or, `nested` times over, a list of them. Safety: `l` is the calling state
/// and `i` a table on its stack; each element pushed is popped before the next, so the
/// stack grows by at most one slot a level (a C function has LUA_MINSTACK free).
unsafe fn any_of(g: &Game, name: &str, l: *mut ffi::lua_State, i: c_int, nested: u8) -> Result<u64, String> {
    let in_play = g.state.in_play_mask();
    let mut any = 0u64;
    for j in 1.. {
        let t = unsafe { ffi::lua_rawgeti(l, i, j) };
        let m = match t {
            ffi::LUA_TNIL => {
                unsafe { ffi::lua_settop(l, -2) };
                break;
            }
            // Most elements are spaces (a list from g:spaces or g:holding): read directly.
            ffi::LUA_TSTRING => {
                let p = unsafe { ffi::lua_tolstring(l, -1, std::ptr::null_mut()) };
                match with_words(|w| w.lookup(p as usize)) {
                    Some(Word::Space(s)) => Ok(s.bit() & in_play),
                    _ => admitted(g, name, unsafe { arg(l, -1) }),
                }
            }
            ffi::LUA_TTABLE if nested > 0 => unsafe { any_of(g, name, l, ffi::lua_gettop(l), nested - 1) },
            _ => admitted(g, name, unsafe { arg(l, -1) }),
        };
        unsafe { ffi::lua_settop(l, -2) };
        any |= m?;
    }
    Ok(any)
}

// `g:spaces(...)`: the spaces in play, in map order, that meet every condition given. A
// condition is a word (`admitted`) or a list (any of its elements: words, or lists of
// them, such as {"city", "department"} or { g:holding("farc"), "support" }); a function as
// the last argument is the prelude's to apply.
raw!(spaces_with, "spaces", |l| {
    // SAFETY (every stack access below): `l` is the calling state and `i` an argument.
    let top = unsafe { ffi::lua_gettop(l) };
    game("spaces", |g| {
        let mut mask = g.state.in_play_mask();
        for i in 2..=top {
            mask &= match unsafe { ffi::lua_type(l, i) } {
                ffi::LUA_TNIL => continue,
                ffi::LUA_TFUNCTION if i == top => continue,
                ffi::LUA_TFUNCTION => return Err("g:spaces: a function must be the last argument".to_string()),
                ffi::LUA_TTABLE => unsafe { any_of(g, "spaces", l, i, 1) }?,
                _ => admitted(g, "spaces", unsafe { arg(l, i) })?,
            };
        }
        Ok(Ret::Spaces(mask))
    })?
});

// `g:adjacent(s)`: the spaces in play adjacent to s; `g:adjacent(list)`: those adjacent to
// any space of the list (a space of the list adjacent to another is one of them).
raw!(adjacent, "adjacent", |l| {
    // SAFETY: `l` is the calling state; argument 2 is a table when `any_of` reads it.
    let list = unsafe { ffi::lua_type(l, 2) } == ffi::LUA_TTABLE;
    let one = if list {
        None
    } else {
        Some(space("adjacent", unsafe { arg(l, 2) })?)
    };
    game("adjacent", |g| {
        let of = match one {
            Some(s) => s.bit(),
            None => unsafe { any_of(g, "adjacent", l, 2, 0) }?,
        };
        let near = SpaceId::in_mask(of).fold(0u64, |m, s| m | g.rules.map.adjacency[s.index()]);
        Ok(Ret::Spaces(near & g.state.in_play_mask()))
    })?
});

// ---- the simplest effects, which 5.1.3 dry runs call for every candidate ----------------

raw!(place, "place", |l| {
    let s = space("place", unsafe { arg(l, 2) })?;
    let f = faction("place", unsafe { arg(l, 3) })?;
    let t = piece_type("place", f, kind("place", unsafe { arg(l, 4) })?)?;
    let n = how_many("place", unsafe { arg(l, 5) }, 1)?;
    game("place", |g| Ret::Int(super::effect::place(g, s, t, n) as i64))
});

raw!(shift_support, "shift_support", |l| {
    let s = space("shift_support", unsafe { arg(l, 2) })?;
    let n = match unsafe { arg(l, 3) } {
        Raw::Int(n) if (-4..=4).contains(&n) => n as i8,
        other => {
            return Err(format!(
                "g:shift_support: {} is not a whole number from -4 to 4",
                shown(&other)
            ));
        }
    };
    game("shift_support", |g| {
        super::effect::shift_support(g, s, n).map(|d| Ret::Int(d as i64))
    })?
});

raw!(set_support, "set_support", |l| {
    let s = space("set_support", unsafe { arg(l, 2) })?;
    let level = match unsafe { arg(l, 3) } {
        Raw::Word(Word::Level(l)) => l,
        Raw::Int(n) if (-2..=2).contains(&n) => abyss_core::kernel::Support::from_value(n as i8).expect("within -2..2"),
        other => {
            return Err(format!(
                "g:set_support: {} is not a level (-2..2 or \"passive_support\"...)",
                shown(&other)
            ));
        }
    };
    game("set_support", |g| {
        super::effect::set_support(g, s, level).map(|()| Ret::Nil)
    })?
});

raw!(place_terror, "place_terror", |l| {
    let s = space("place_terror", unsafe { arg(l, 2) })?;
    let n = how_many("place_terror", unsafe { arg(l, 3) }, 1)?;
    game(
        "place_terror",
        |g| Ret::Int(super::effect::place_terror(g, s, n) as i64),
    )
});

raw!(sabotage, "sabotage", |l| {
    let s = space("sabotage", unsafe { arg(l, 2) })?;
    game("sabotage", |g| super::effect::sabotage(g, s).map(Ret::Bool))?
});

raw!(name, "name", |l| {
    let s = space("name", unsafe { arg(l, 2) })?;
    Ok(Ret::Name(s.index()))
});

fn piece_type(name: &str, f: Faction, k: PieceKind) -> Result<PieceType, String> {
    PieceType::new(f, k).ok_or_else(|| err(name, format!("{} has no {}", f.name(), k.slug())).to_string())
}

/// A C closure of `f` with the two tables as its upvalues 1 and 2, and a plain effect's
/// mlua twin (`to_twin`) as upvalue 3 (nil for the queries).
///
/// # Safety
/// `f` must follow the Lua C API.
unsafe fn closure(
    lua: &mlua::Lua,
    f: ffi::lua_CFunction,
    slugs: &mlua::Table,
    names: &mlua::Table,
    twin: Option<mlua::Function>,
) -> mlua::Result<mlua::Function> {
    // SAFETY: the three pushed values (a missing twin is nil) are popped into the closure
    // by lua_pushcclosure, which exec_raw leaves on the stack as the result.
    unsafe {
        lua.exec_raw::<mlua::Function>((slugs.clone(), names.clone(), twin), |l| {
            ffi::lua_pushcclosure(l, f, 3);
        })
    }
}

// ---- plain effects off mlua's path -----------------------------------------------------

/// Argument `idx` as the mlua path reads it (`Arg::from_stack`), when it is a plain value:
/// nil, a boolean, a number or a string. Safety: as for `arg`.
unsafe fn plain_arg(l: *mut ffi::lua_State, idx: c_int) -> Arg {
    unsafe {
        match ffi::lua_type(l, idx) {
            ffi::LUA_TBOOLEAN => Arg::Bool(ffi::lua_toboolean(l, idx) != 0),
            ffi::LUA_TNUMBER => {
                let mut is_int = 0;
                let n = ffi::lua_tointegerx(l, idx, &mut is_int);
                if is_int != 0 {
                    Arg::Int(n)
                } else {
                    Arg::Num(ffi::lua_tonumber(l, idx))
                }
            }
            ffi::LUA_TSTRING => {
                let mut len = 0usize;
                let p = ffi::lua_tolstring(l, idx, &mut len);
                match with_words(|w| w.lookup(p as usize)) {
                    Some(w) => Arg::Word(w),
                    None => {
                        let bytes = std::slice::from_raw_parts(p as *const u8, len);
                        Arg::Text(String::from_utf8_lossy(bytes).into_owned())
                    }
                }
            }
            _ => Arg::Nil,
        }
    }
}

/// Are all the arguments after `g` plain values (`plain_arg`)? Safety: as for `arg`.
unsafe fn all_plain(l: *mut ffi::lua_State) -> bool {
    unsafe {
        (2..=ffi::lua_gettop(l)).all(|i| {
            matches!(
                ffi::lua_type(l, i),
                ffi::LUA_TNIL | ffi::LUA_TBOOLEAN | ffi::LUA_TNUMBER | ffi::LUA_TSTRING
            )
        })
    }
}

/// Hand the call, arguments as they are, to the method's mlua twin (upvalue 3): it reads
/// what `plain_arg` does not (a list of Factions, a table). Safety: `l` is the calling
/// state of a `plain!` closure; no Rust value with a destructor is alive here, so an error
/// raised by the twin may unwind this frame.
unsafe fn to_twin(l: *mut ffi::lua_State) -> c_int {
    unsafe {
        let top = ffi::lua_gettop(l);
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(3));
        ffi::lua_insert(l, 1);
        ffi::lua_call(l, top, ffi::LUA_MULTRET);
        ffi::lua_gettop(l)
    }
}

/// An mlua error's message, as the script would see it from the mlua path.
fn message(e: mlua::Error) -> String {
    match e {
        mlua::Error::RuntimeError(m) => m,
        other => other.to_string(),
    }
}

/// A plain effect of effect.rs (`$body` takes its arguments as `[Arg; N]`) as a C closure:
/// mlua's general callback (argument conversion, references, error wrapping) costs more
/// than the effect itself in most calls, and a 5.1.3 dry run calls effects for every
/// candidate. Calls with other arguments than plain values go to the mlua twin.
macro_rules! plain {
    ($fname:ident, $name:literal, $n:literal, |$a:ident| $body:expr) => {
        unsafe extern "C-unwind" fn $fname(l: *mut ffi::lua_State) -> c_int {
            // SAFETY: Lua calls this with its state; `call` keeps the frame sound, and
            // `to_twin` runs with no Rust value alive.
            unsafe {
                if !all_plain(l) {
                    return to_twin(l);
                }
                call(l, $name, |l| {
                    let $a: [Arg; $n] = std::array::from_fn(|i| plain_arg(l, i as c_int + 2));
                    $body.map_err(message)
                })
            }
        }
    };
}

plain!(remove, "remove", 5, |a| {
    super::effect::remove(a).map(|n| Ret::Int(n.into()))
});
plain!(remove_up_to, "remove_up_to", 4, |a| {
    super::effect::remove_up_to(a).map(|n| Ret::Int(n.into()))
});
plain!(activate, "activate", 3, |a| {
    super::effect::flip_guerrillas("activate", true, a).map(|n| Ret::Int(n.into()))
});
plain!(underground, "underground", 3, |a| {
    super::effect::flip_guerrillas("underground", false, a).map(|n| Ret::Int(n.into()))
});
plain!(add_resources, "add_resources", 2, |a| {
    super::effect::add_resources(a).map(|n| Ret::Int(n.into()))
});
plain!(add_aid, "add_aid", 1, |a| {
    super::effect::add_aid(a).map(|n| Ret::Int(n.into()))
});
plain!(place_shipment, "place_shipment", 2, |a| {
    super::effect::place_shipment(a).map(Ret::Bool)
});
plain!(remove_shipment, "remove_shipment", 1, |a| {
    super::effect::remove_shipment(a).map(Ret::Bool)
});

/// Register the raw queries and the plain effects as methods of `methods`. Each is a C
/// closure whose upvalues are the VM's table of space slugs and of space names; a plain
/// effect's mlua twin, already registered in `methods`, becomes its upvalue 3.
pub(super) fn register(lua: &mlua::Lua, methods: &mlua::Table, words: &crate::words::Words) -> mlua::Result<()> {
    let names = lua.create_sequence_from(words.names.iter().cloned())?;
    let fns: [(&str, ffi::lua_CFunction); 22] = [
        ("name", name),
        ("place", place),
        ("shift_support", shift_support),
        ("set_support", set_support),
        ("place_terror", place_terror),
        ("sabotage", sabotage),
        ("spaces_with", spaces_with),
        ("adjacent", adjacent),
        ("count", count),
        ("holding", holding),
        ("support", support),
        ("is", is),
        ("control", control),
        ("terror", terror),
        ("sabotaged", sabotaged),
        ("pop", pop),
        ("econ", econ),
        ("in_play", in_play),
        ("resources", resources),
        ("available", available),
        ("is_adjacent", is_adjacent),
        ("borders", borders),
    ];
    let plain: [(&str, ffi::lua_CFunction); 8] = [
        ("remove", remove),
        ("remove_up_to", remove_up_to),
        ("activate", activate),
        ("underground", underground),
        ("add_resources", add_resources),
        ("add_aid", add_aid),
        ("place_shipment", place_shipment),
        ("remove_shipment", remove_shipment),
    ];
    let queries = fns.into_iter().map(|(name, f)| (name, f, false));
    for (name, f, twin) in queries.chain(plain.into_iter().map(|(name, f)| (name, f, true))) {
        let twin: Option<mlua::Function> = if twin { Some(methods.raw_get(name)?) } else { None };
        // SAFETY: each function above follows the Lua C API and keeps its frame sound.
        let f = unsafe { closure(lua, f, &words.slug_table, &names, twin)? };
        methods.raw_set(name, f)?;
    }
    Ok(())
}
