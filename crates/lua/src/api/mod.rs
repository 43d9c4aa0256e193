//! The card API: what the handle `g` offers a card script. It stands at the level of the
//! card text: a script asks the engine to run its own Operations and Special Activities
//! (`g:free_op`, `g:free_special`), to carry out piece and marker changes as the rules
//! allow them (1.4.1, 1.4.2, 5.1.1: `g:place` places what is Available and may stack), and
//! asks its questions through choices that apply 5.1.3 themselves (`then =`: only the
//! spaces where the most of the text can be carried out are offered).
//!
//! Every function is listed in `API` (name, signature, what it does). The prelude makes a
//! `g:` method of each; the LuaLS definitions (`abyss lua-defs`) and the name checks of
//! `abyss validate` come from the same list, so the documentation cannot drift.
//!
//! Words cross the boundary as interned Lua strings (crates/lua/src/words.rs): spaces are
//! their slugs ("bogota"), Factions "govt", "farc", "auc", "cartels" (and "insurgents"),
//! piece kinds "troops", "police", "base", "guerrilla" (and "cubes"), Guerrilla states
//! "underground" and "active". Questions go to the executing Faction unless `by` names
//! another (5.1).

mod choose;
mod effect;
mod grant;
mod lasting;
pub(crate) mod query;
mod raw;

use super::current::{self, Unavailable};
use super::words::{Arg, Word, Words};
use abyss_core::game::decision::Stop;
use abyss_core::game::{Exec, Game};
use abyss_core::kernel::{Faction, PieceKind, PieceType, SpaceId};
use mlua::{FromLuaMulti, IntoLuaMulti, Lua, Table};
use std::rc::Rc;

/// One function of the card API.
pub struct ApiFn {
    pub name: &'static str,
    /// Lua-style signature, e.g. "place(space, faction, kind, n?) -> integer".
    pub sig: &'static str,
    pub doc: &'static str,
    /// Written in Lua in the prelude rather than served by the host.
    pub lua: bool,
}

macro_rules! api {
    ($( $name:literal, $sig:literal, $doc:literal $(, $lua:ident)? ; )*) => {
        pub const API: &[ApiFn] = &[ $( ApiFn { name: $name, sig: $sig, doc: $doc, lua: api!(@lua $($lua)?) } ),* ];
    };
    (@lua lua) => { true };
    (@lua) => { false };
}

api! {
    // ---- the Event being executed
    "executing", "executing() -> faction", "The Faction executing the Event.";
    "card", "card() -> integer", "The number of the card being executed.";
    "side", "side() -> \"unshaded\"|\"shaded\"", "The side being executed.";
    "as", "as(faction, body: fun())", "Run `body` with `faction` making every selection (5.1: the Faction the text orders to act), instead of the executing Faction.";
    // ---- the map
    "spaces", "spaces(...: Trait|Level|Space|(Trait|Level|Space)[]|fun(s: Space): boolean) -> space[]", "The spaces in play in map order that meet every condition given: a trait (\"city\", \"department\", \"loc\", \"pipeline\", \"mountain\", \"forest\", \"grassland\", \"coastal\", \"populated\", \"zero_pop\", \"farc_zone\", \"support\", \"opposition\", \"sabotaged\", \"shipment\"), a Support level (\"neutral\"...), a space, a list of these (any of them, e.g. {\"city\", \"department\"} or g:holding(...)), and last a function that must be true.", lua;
    "is", "is(space, trait: Trait|Level) -> boolean", "Has the space this trait, or is it at this Support level (see g:spaces)?";
    "name", "name(space) -> string", "A space's printed name.";
    "in_play", "in_play(space) -> boolean", "Is the space in play (Ecuador and Panamá only once an Event opens them)?";
    "pop", "pop(space) -> integer", "Population (0 for LoCs).";
    "econ", "econ(space) -> integer", "Econ value (LoCs only, else 0).";
    "borders", "borders(space, country) -> boolean", "Does the space border a country (\"ecuador\", \"venezuela\", \"panama\", ...)?";
    "adjacent", "adjacent(space: Space|Space[]) -> space[]", "The spaces in play adjacent to a space, or to any space of a list, in map order.";
    "is_adjacent", "is_adjacent(a: space, b: space) -> boolean", "Are two spaces adjacent?";
    // ---- pieces and markers
    "count", "count(space, faction?, kind?, state?) -> integer", "Pieces in a space: faction nil for all or \"insurgents\"; kind nil for all or \"cubes\"; state \"underground\"/\"active\" for Guerrillas.";
    "holding", "holding(faction?, kind?, state?) -> space[]", "The spaces in play, in map order, with at least one such piece (the arguments of g:count).";
    "available", "available(faction, kind) -> integer", "Pieces of a type in Available Forces.";
    "on_map", "on_map(faction, kind) -> integer", "Pieces of a type on the map.";
    "can_place", "can_place(space, faction, kind, n?) -> boolean", "Are n (1) such pieces Available, and may they all stack there (1.4.2: Bases, FARC Zones, Ecuador and Panamá)?";
    "support", "support(space) -> integer", "Support level: 2 Active Support ... -2 Active Opposition.";
    "control", "control(space) -> \"govt\"|\"farc\"|nil", "Who controls the space.";
    "terror", "terror(space) -> integer", "Terror markers in a space.";
    "sabotaged", "sabotaged(space) -> boolean", "Does the LoC carry Sabotage?";
    "markers_left", "markers_left() -> integer", "Terror and Sabotage markers not on the map (the pool of 40).";
    "shipments", "shipments(space?, faction?) -> integer", "Shipments held (in a space, by a Faction's Guerrillas; all on the map with no arguments).";
    "shipments_available", "shipments_available() -> integer", "Shipment markers not on the map.";
    // ---- tracks
    "resources", "resources(faction) -> integer", "A Faction's Resources.";
    "aid", "aid() -> integer", "Aid.";
    "president", "president() -> string", "El Presidente's slug.";
    "eligible", "eligible(faction) -> boolean", "Is the Faction Eligible?";
    "total_support", "total_support() -> integer", "Total Support (Government victory).";
    "total_opposition", "total_opposition() -> integer", "Total Opposition.";
    // ---- pieces: what the rules allow is done, the rest ignored (1.4.1, 1.4.2, 5.1.1)
    "place", "place(space, faction, kind, n?) -> integer", "Place n (1) Available pieces (Guerrillas Underground), as many as are Available and may stack; returns how many.";
    "place_pieces", "place_pieces(space, faction, n, kinds?: kind[]) -> integer", "Place \"any n pieces\" of a Faction: its executor picks each piece's kind among those it can place (all its kinds, or `kinds`); returns how many.";
    "remove", "remove(space, faction, kind?, n?, state?) -> integer", "Remove n (1; \"all\" for every one) pieces of a Faction (\"insurgents\": any Insurgent) to Available; the executor picks which when they differ (kind nil: any kind; Bases need not go last). Shipments held pass to their owner (4.5.3). Returns how many.";
    "remove_up_to", "remove_up_to(space, faction, n, kind?) -> integer", "Remove up to n pieces, one at a time: the executor may stop. Returns how many.";
    "replace", "replace(space, faction, kind?, by_faction, by_kind?, n?, state?) -> integer", "Replace n (1; \"all\") pieces (kind nil: of any kind, the executor picks; Guerrillas: of `state` only, if given) with Available pieces of by_faction (a list: the executor picks; by_kind nil: the executor picks the kind). 5.1.1: with none Available the piece is removed; where stacking forbids the replacement nothing happens there. Returns how many were replaced or removed.";
    "move", "move(from, to, faction, kind?, n?, state?) -> integer", "Move n (1; \"all\") pieces, as many as may stack; they keep their state and Shipments; returns how many.";
    "activate", "activate(space, faction?, n?) -> integer", "Flip n (all if nil) Underground Guerrillas of a Faction (nil: all Insurgents) Active; returns how many.";
    "underground", "underground(space, faction?, n?) -> integer", "Flip n (all if nil) Active Guerrillas Underground; returns how many.";
    "flip", "flip{ n=, to=\"active\"|\"underground\", faction?=, from?=space[], up_to?=false, by?= } -> integer", "Flip n Guerrillas anywhere (among `from`), one at a time: the chooser picks each space and Faction; `up_to` lets it stop.";
    "place_in", "place_in{ faction=, kind=, n=, from=space[], up_to?=false, by?= } -> integer", "Place n pieces one at a time, each in a space the chooser picks among `from` where it can go.";
    "move_pieces", "move_pieces{ faction=, kind=, n=, to=\"adjacent\"|\"any\"|space[], from?=space[], up_to?=false, by?= } -> integer", "Move n pieces one at a time (each at most once): the chooser picks origin, piece and destination.";
    "remove_pieces", "remove_pieces{ faction=, kind?=, n=, from?=space[], up_to?=false, by?= } -> integer", "Remove n pieces one at a time from spaces among `from`: the chooser picks each space and piece.";
    "shift_support", "shift_support(space, levels) -> integer", "Shift toward Active Support (+) or Opposition (-), as far as the track allows; returns the shift made.";
    "set_support", "set_support(space, level: integer|level)", "Set Support (2..-2, or \"passive_support\"...) in a populated space.";
    "place_terror", "place_terror(space, n?) -> integer", "Place up to n (1) Terror markers, as the pool allows; returns how many.";
    "remove_terror", "remove_terror(space, n?) -> integer", "Remove up to n (all if nil) Terror markers; returns how many.";
    "sabotage", "sabotage(space) -> boolean", "Sabotage a LoC if it is not and a marker is left.";
    "remove_sabotage", "remove_sabotage(space) -> boolean", "Remove Sabotage from a LoC.";
    "place_farc_zone", "place_farc_zone{ from=space[], effect?=fun(space) } -> space|nil", "6.4.4: the Government places a FARC Zone in a candidate Department with the most FARC pieces (among them, those where `effect` does the most, 5.1.3), Redeploying out of it and removing its Government Bases; then runs `effect`.";
    "remove_farc_zone", "remove_farc_zone(space)", "Remove a FARC Zone.";
    "add_resources", "add_resources(faction, n) -> integer", "Add (or subtract) Resources within 0..99 (1.7); returns the new value.";
    "transfer_resources", "transfer_resources(from, to, n) -> integer", "Move up to n Resources from one Faction to another; returns the amount moved.";
    "add_aid", "add_aid(n) -> integer", "Add (or subtract) Aid within 0..29; returns the new value.";
    "place_shipment", "place_shipment(space, faction) -> boolean", "Place an available Shipment with a Guerrilla of the Faction there (its owner picks which when it matters); false if none.";
    "remove_shipment", "remove_shipment(space) -> boolean", "Remove a Shipment held in the space (the executor picks which); false if none.";
    "remove_from_game", "remove_from_game(faction, kind, n) -> integer", "Permanently remove up to n Available pieces; returns how many.";
    "open_space", "open_space(space)", "Put an event-only space (Ecuador, Panamá) in play for the rest of the game.";
    "roll", "roll() -> integer", "Roll a die (the game's own dice).";
    "log", "log(text: string)", "Write a line to the game log.";
    "stay_eligible", "stay_eligible(faction)", "The Faction is Eligible for the next card whatever it did (2.3.7).";
    "ineligible_through_next", "ineligible_through_next(faction)", "The Faction is Ineligible through the next card: it cannot act on this card either (2.3.7).";
    "capability", "capability(hooks: table)", "Put this card's side in the Govt Capabilities box (5.3) and set its hooks for the rest of the game, e.g. { sweep_cost = 1 }.";
    "momentum", "momentum(hooks: table)", "Put this card in the Momentum box (5.4): its hooks last until the next Reset.";
    "lasting", "lasting(hooks: table)", "Set hooks for the rest of the game without a Capability marker (e.g. a space's lasting rule such as Panamá's).";
    // ---- questions (5.1: `by` defaults to the executing Faction)
    "choose_space", "choose_space{ prompt=, from=space[], optional?=false, by?=, effect?=fun(space), shifts_support?=false } -> space|nil", "Choose one space among `from`. With `effect`, only the spaces where it carries out the most of the text are offered (5.1.3), none if it can do nothing anywhere, and `effect` runs for the space chosen. `shifts_support`: the choice shifts Support or Opposition: `true`, or the shift itself, a number of levels (-2: 2 toward Active Opposition) or the level set (\"passive_opposition\"); a Non-player then picks where the totals change most (8.4.3).";
    "choose_spaces", "choose_spaces{ prompt=, from=space[], n?=, up_to?=, by?=, effect?=fun(space), highest?=fun(space): number, shifts_support?=false } -> space[]", "Choose n spaces (as many as possible), or up to `up_to`, one at a time; `effect` runs after each pick (5.1.3 as in choose_space); `highest` offers only the remaining spaces of highest value; `shifts_support` as in choose_space.";
    "choose_faction", "choose_faction{ prompt=, from=faction[], optional?=false, by?=, effect?=fun(faction) } -> faction|nil", "Choose a Faction (with `effect`: among those where it does the most, 5.1.3).";
    "choose", "choose{ prompt=, from=word[], by?=, effect?=fun(word) } -> word|nil", "Choose one word: an Operation (\"sweep\"), a step (\"remove\", \"replace\", \"place\"), a Support level, a Faction. With `effect` (the text to carry out for the word chosen, e.g. one of an Event's modes), only the words where it does the most are offered (5.1.3), none (nil) if it can do nothing with any, and `effect` runs for the word chosen.";
    "choose_number", "choose_number{ prompt=, min=, max=, by?= } -> integer", "Choose a number.";
    "ask", "ask{ prompt=, by?= } -> boolean", "A yes-or-no question.";
    // ---- Operations and Special Activities the Event grants (5.5)
    "free_op", "free_op{ op=|ops=, by=, where?=space[], against?=faction[], each?=false, limited?=false, no_move?=false, ambush?=false, any_guerrilla?=false, no_activation?=false, markers?=1, force?=\"auc_as_troops\"|\"police_as_troops\", overrides?=false } -> space[]", "The Faction `by` executes the free Operation (or picks among `ops`) by the engine's own rules, in `where` (for March: destinations), affecting only `against`. `each`: in each space possible. `overrides`: lasting Events that forbid or limit it yield (5.1.2). Returns the spaces it selected (none if impossible).";
    "op_possible", "op_possible{ same as free_op } -> boolean", "Could that free Operation be executed now?";
    "free_special", "free_special{ by=, special?=, max_spaces?=, overrides?=false } -> boolean", "The Faction executes a free Special Activity (or picks one possible now); false if none is possible.";
    "special_possible", "special_possible{ by=, special=, overrides?=false } -> boolean", "Could that free Special Activity be executed now?";
    // ---- helpers written in Lua
    "filter", "filter(list, pred: fun(x): boolean) -> list", "The elements of a list for which pred is true, in order.", lua;
    "contains", "contains(list, x) -> boolean", "Does the list contain x?", lua;
    "sum", "sum(list, f: fun(x): number) -> number", "The sum of f over a list.", lua;
    "others", "others(faction) -> faction[]", "The three other Factions (a Faction's enemies).", lua;
}

/// A Lua error from the API function `name`.
pub(crate) fn err(name: &str, msg: impl std::fmt::Display) -> mlua::Error {
    mlua::Error::RuntimeError(format!("g:{name}: {msg}"))
}

pub(crate) type R<T> = mlua::Result<T>;

/// The message a script sees when the game stopped under it (never the script's fault).
pub(crate) const HALTED: &str = "the game stopped";

/// Record why the game stopped and abort the script.
pub(crate) fn stop(s: Stop) -> mlua::Error {
    current::set_stop(s);
    mlua::Error::RuntimeError(HALTED.into())
}

/// Borrow the running game for API function `name`.
pub(crate) fn game<T>(name: &'static str, f: impl for<'a, 'r> FnOnce(&'a mut Game<'r>, Exec) -> R<T>) -> R<T> {
    match current::with(f) {
        Ok(r) => r,
        Err(Unavailable::Stopped) => Err(mlua::Error::RuntimeError(HALTED.into())),
        Err(Unavailable::NoEvent) => Err(err(
            name,
            "may only be called while an Event runs (not when the script is loaded)",
        )),
        Err(Unavailable::Busy) => Err(err(name, "was called from inside another g: call")),
    }
}

/// The context every API function shares: the VM's words and the handle `g`.
pub(crate) struct Api {
    pub words: Rc<Words>,
    /// Calls a script function under the host's `locate` message handler
    /// (crates/lua/src/lib.rs, `Located`).
    pub xcall: mlua::Function,
}

impl Api {
    /// A script function the host calls itself (an `effect`, a `highest`, a `g:as` body).
    pub fn located(&self, f: mlua::Function) -> ScriptFn<'_> {
        ScriptFn { f, xcall: &self.xcall }
    }
}

/// A script function the host calls itself (an `effect`, a `highest`, a `g:as` body),
/// called under the host's `locate` handler: an error in it is then reported at its own
/// line, not at the line of the `g:` call that handed it to the host (the stack between
/// them unwinds before the Event's own handler runs).
pub(crate) struct ScriptFn<'a> {
    pub f: mlua::Function,
    pub xcall: &'a mlua::Function,
}

impl ScriptFn<'_> {
    pub fn call<Ret: mlua::FromLuaMulti>(&self, arg: impl mlua::IntoLua) -> R<Ret> {
        self.xcall.call((&self.f, arg))
    }

    pub fn call_alone<Ret: mlua::FromLuaMulti>(&self) -> R<Ret> {
        self.xcall.call(&self.f)
    }
}

/// Register every host function as a method of `methods` (the table behind `g`).
pub(crate) fn register(lua: &Lua, methods: &Table, api: Rc<Api>) -> R<()> {
    query::register(lua, methods, &api)?;
    effect::register(lua, methods, &api)?;
    choose::register(lua, methods, &api)?;
    grant::register(lua, methods, &api)?;
    lasting::register(lua, methods, &api)?;
    // Last: the raw functions take the place of any mlua twin (a plain effect keeps its own).
    raw::register(lua, methods, &api.words)?;
    for f in API.iter().filter(|f| !f.lua) {
        if methods.raw_get::<mlua::Value>(f.name)?.is_nil() {
            return Err(mlua::Error::RuntimeError(format!("the host serves no `{}`", f.name)));
        }
    }
    Ok(())
}

/// Define the method `name`: `body` gets the arguments after `g`, which must be the handle
/// itself (a call written `g.name(...)` is refused with the fix).
pub(crate) fn method<A, Ret>(
    lua: &Lua,
    methods: &Table,
    api: &Rc<Api>,
    name: &'static str,
    body: impl Fn(&Lua, &Api, A) -> R<Ret> + 'static,
) -> R<()>
where
    A: FromLuaMulti,
    Ret: IntoLuaMulti,
{
    let api = api.clone();
    let f = lua.create_function(move |lua, (this, args): (super::words::This, A)| {
        if !this.0 {
            return Err(err(name, format!("call it as g:{name}(...), with a colon")));
        }
        body(lua, &api, args)
    })?;
    methods.raw_set(name, f)
}

// ---- reading arguments ---------------------------------------------------------------

pub(crate) fn space(name: &str, a: &Arg) -> R<SpaceId> {
    match a {
        Arg::Word(Word::Space(s)) => Ok(*s),
        other => Err(err(
            name,
            format!("{} is not a space (spaces are slugs such as \"bogota\")", shown(other)),
        )),
    }
}

pub(crate) fn faction(name: &str, a: &Arg) -> R<Faction> {
    match a {
        Arg::Word(Word::Faction(f)) => Ok(*f),
        other => Err(err(
            name,
            format!("{} is not a Faction (govt, farc, auc, cartels)", shown(other)),
        )),
    }
}

/// Factions as a bit mask: a Faction, "insurgents", or nil for all.
pub(crate) fn factions(name: &str, a: &Arg) -> R<u8> {
    match a {
        Arg::Nil => Ok(0b1111),
        Arg::Word(Word::Insurgents) => Ok(0b1110),
        Arg::Word(Word::Faction(f)) => Ok(1 << f.index()),
        Arg::Table(t) => {
            let mut m = 0;
            for v in t.sequence_values::<Arg>() {
                m |= 1 << faction(name, &v?)?.index();
            }
            Ok(m)
        }
        other => Err(err(
            name,
            format!(
                "{} is not a Faction, \"insurgents\" or a list of Factions",
                shown(other)
            ),
        )),
    }
}

/// Piece kinds as a selection: nil for all, "cubes", or one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kinds {
    All,
    Cubes,
    One(PieceKind),
}

impl Kinds {
    pub(crate) fn has(self, t: PieceType) -> bool {
        match self {
            Kinds::All => true,
            Kinds::Cubes => t.is_cube(),
            Kinds::One(k) => t.kind == k,
        }
    }
}

pub(crate) fn kinds(name: &str, a: &Arg) -> R<Kinds> {
    match a {
        Arg::Nil => Ok(Kinds::All),
        Arg::Word(Word::Cubes) => Ok(Kinds::Cubes),
        Arg::Word(Word::Kind(k)) => Ok(Kinds::One(*k)),
        other => Err(err(
            name,
            format!(
                "{} is not a piece kind (troops, police, base, guerrilla, cubes)",
                shown(other)
            ),
        )),
    }
}

pub(crate) fn kind(name: &str, a: &Arg) -> R<PieceKind> {
    match a {
        Arg::Word(Word::Kind(k)) => Ok(*k),
        other => Err(err(
            name,
            format!("{} is not a piece kind (troops, police, base, guerrilla)", shown(other)),
        )),
    }
}

/// A Faction's piece type, refusing kinds the Faction has not (no Government Guerrillas).
pub(crate) fn piece_type(name: &str, f: Faction, k: PieceKind) -> R<PieceType> {
    PieceType::new(f, k).ok_or_else(|| err(name, format!("{} has no {}", f.name(), k.slug())))
}

pub(crate) fn state(name: &str, a: &Arg) -> R<Option<bool>> {
    match a {
        Arg::Nil => Ok(None),
        Arg::Word(Word::State(u)) => Ok(Some(*u)),
        other => Err(err(
            name,
            format!("{} is not a Guerrilla state (underground, active)", shown(other)),
        )),
    }
}

/// How many: a count 0..=255 (`default` if nil), or "all" (255).
pub(crate) fn how_many(name: &str, a: &Arg, default: u8) -> R<u8> {
    match a {
        Arg::Nil => Ok(default),
        Arg::Word(Word::All) => Ok(u8::MAX),
        Arg::Int(n) if (0..=255).contains(n) => Ok(*n as u8),
        Arg::Num(x) if x.fract() == 0.0 && (0.0..=255.0).contains(x) => Ok(*x as u8),
        other => Err(err(
            name,
            format!("{} is not a count from 0 to 255 (or \"all\")", shown(other)),
        )),
    }
}

/// A signed amount (Resources, Aid, levels) within ±`limit`.
pub(crate) fn amount(name: &str, a: &Arg, limit: i64) -> R<i16> {
    match a {
        Arg::Int(n) if (-limit..=limit).contains(n) => Ok(*n as i16),
        Arg::Num(x) if x.fract() == 0.0 && x.abs() <= limit as f64 => Ok(*x as i16),
        other => Err(err(
            name,
            format!("{} is not a whole number from -{limit} to {limit}", shown(other)),
        )),
    }
}

pub(crate) fn flag(name: &str, a: &Arg) -> R<bool> {
    match a {
        Arg::Nil => Ok(false),
        Arg::Bool(b) => Ok(*b),
        other => Err(err(name, format!("{} is not true or false", shown(other)))),
    }
}

/// How an argument reads in a message.
pub(crate) fn shown(a: &Arg) -> String {
    match a {
        Arg::Nil => "nil".into(),
        Arg::Bool(b) => b.to_string(),
        Arg::Int(i) => i.to_string(),
        Arg::Num(x) => x.to_string(),
        Arg::Word(w) => match w {
            Word::Space(_) => "a space".into(),
            Word::Faction(f) => format!("`{}`", f.slug()),
            Word::Insurgents => "`insurgents`".into(),
            Word::Kind(k) => format!("`{}`", k.slug()),
            Word::Cubes => "`cubes`".into(),
            Word::State(u) => (if *u { "`underground`" } else { "`active`" }).into(),
            Word::Op(o) => format!("`{}`", o.slug()),
            Word::Special(x) => format!("`{}`", x.slug().replace('-', "_")),
            Word::Step(x) => format!("`{}`", x.slug().replace('-', "_")),
            Word::Trait(_) => "a space trait".into(),
            Word::Side(x) => format!("`{}`", x.slug()),
            Word::Level(l) => format!("`{}`", l.slug()),
            Word::Country(_) => "a country".into(),
            Word::All => "`all`".into(),
        },
        Arg::Text(t) => {
            let t: String = t.chars().filter(|c| !c.is_control()).take(40).collect();
            format!("`{t}`")
        }
        Arg::Table(_) => "a table".into(),
        Arg::Function(_) => "a function".into(),
        Arg::Other(t) => format!("a {t}"),
    }
}

/// The fields of an argument table, read in one pass straight off the Lua stack: no key
/// string is made and looked up per field (a 5.1.3 dry run reads the same tables again
/// and again). A key the function does not know is refused, as a misspelt option would
/// otherwise be ignored in silence.
pub(crate) struct Fields {
    known: &'static [&'static str],
    vals: Vec<Arg>,
}

impl Fields {
    /// The value of field `key` (nil when absent). `key` is one of the known fields.
    pub(crate) fn get(&self, key: &str) -> &Arg {
        match key_index(self.known, key.as_bytes()) {
            Some(i) => &self.vals[i],
            None => {
                debug_assert!(false, "field `{key}` is not among {:?}", self.known);
                &Arg::Nil
            }
        }
    }
}

/// The index of `key` among `known`. Length and first byte are compared before the
/// bytes: most keys differ there, and a grant's table is read at every try of its text.
#[inline]
fn key_index(known: &[&str], key: &[u8]) -> Option<usize> {
    known
        .iter()
        .position(|k| k.len() == key.len() && k.as_bytes().first() == key.first() && k.as_bytes() == key)
}

/// Run `f` with table `t` pushed on the Lua stack (its index given) and `room` more free
/// slots, reading it without conversions or references; the stack is put back as it was
/// afterwards, whatever `f` returns.
fn with_table<T>(
    lua: &Lua,
    name: &str,
    t: &Table,
    room: std::os::raw::c_int,
    f: impl FnOnce(&mlua::state::RawLua, *mut mlua::ffi::lua_State, std::os::raw::c_int) -> R<T>,
) -> R<T> {
    use mlua::ffi;
    lua.exec_raw_lua(|raw| -> R<T> {
        let l = raw.state();
        // SAFETY: room for the table and `room` more is checked first; the stack is set
        // back to its height before returning.
        unsafe {
            if ffi::lua_checkstack(l, room + 1) == 0 {
                return Err(err(name, "out of Lua stack"));
            }
            let top = ffi::lua_gettop(l);
            if let Err(e) = raw.push(t) {
                ffi::lua_settop(l, top);
                return Err(e);
            }
            let r = f(raw, l, top + 1);
            ffi::lua_settop(l, top);
            r
        }
    })
}

/// How many unknown fields a message names (one more is kept, to know there are more).
const UNKNOWN_SHOWN: usize = 4;

/// Read table `t`'s fields, `known` the fields function `name` takes. A `prompt` keeps
/// its text even when it happens to spell a word.
pub(crate) fn fields(lua: &Lua, name: &str, t: &Table, known: &'static [&'static str]) -> R<Fields> {
    use mlua::ffi;
    let mut vals: Vec<Arg> = known.iter().map(|_| Arg::Nil).collect();
    // The unknown keys, the first few in sorted order: `lua_next` visits keys in the
    // order of the VM's string hashes, which change from process to process, and the
    // message must not.
    let mut unknown: Vec<String> = Vec::new();
    with_table(lua, name, t, 3, |raw, l, table| {
        // SAFETY: `table` is the table's index (see `with_table`); lua_next is called with
        // the key it gave, and each value is popped before the next.
        unsafe {
            ffi::lua_pushnil(l);
            let mut result = Ok(());
            while ffi::lua_next(l, table) != 0 {
                let value = ffi::lua_gettop(l);
                let slot = if ffi::lua_type(l, value - 1) == ffi::LUA_TSTRING {
                    let mut len = 0usize;
                    let p = ffi::lua_tolstring(l, value - 1, &mut len);
                    let key = std::slice::from_raw_parts(p as *const u8, len);
                    match key_index(known, key) {
                        Some(i) => Ok(i),
                        None => Err(String::from_utf8_lossy(&key[..len.min(40)]).into_owned()),
                    }
                } else {
                    let ty = std::ffi::CStr::from_ptr(ffi::lua_typename(l, ffi::lua_type(l, value - 1)));
                    Err(ty.to_string_lossy().into_owned())
                };
                match slot {
                    Ok(i) => {
                        let v = if known[i] == "prompt" && ffi::lua_type(l, value) == ffi::LUA_TSTRING {
                            let mut len = 0usize;
                            let p = ffi::lua_tolstring(l, value, &mut len);
                            let text = std::slice::from_raw_parts(p as *const u8, len);
                            // Valid UTF-8 (as a rule) is checked fast, not character by character.
                            let text = match std::str::from_utf8(text) {
                                Ok(t) => t.to_owned(),
                                Err(_) => String::from_utf8_lossy(text).into_owned(),
                            };
                            Ok(Arg::Text(text))
                        } else {
                            <Arg as mlua::FromLua>::from_stack(value, raw)
                        };
                        match v {
                            Ok(v) => vals[i] = v,
                            Err(e) => {
                                result = Err(e);
                                break;
                            }
                        }
                    }
                    Err(k) => {
                        if let Err(at) = unknown.binary_search(&k) {
                            unknown.insert(at, k);
                            unknown.truncate(UNKNOWN_SHOWN + 1);
                        }
                    }
                }
                ffi::lua_settop(l, value - 1);
            }
            result
        }
    })?;
    if let Some((k, more)) = unknown.split_first() {
        let also = match more.len() {
            0 => String::new(),
            n => {
                let shown: Vec<String> = more.iter().take(UNKNOWN_SHOWN - 1).map(|k| format!("`{k}`")).collect();
                let etc = if n > shown.len() { ", ..." } else { "" };
                format!(", and {}{etc}", shown.join(", "))
            }
        };
        return Err(err(
            name,
            format!("unknown field `{k}`{also} (fields: {})", known.join(", ")),
        ));
    }
    Ok(Fields { known, vals })
}

/// A list of spaces (a Lua sequence of slugs), without repeats.
pub(crate) fn space_list(lua: &Lua, name: &str, a: &Arg) -> R<Vec<SpaceId>> {
    use mlua::ffi;
    let Arg::Table(t) = a else {
        return Err(err(name, format!("{} is not a list of spaces", shown(a))));
    };
    // Read off the stack: each element is a slug known by its address (no conversion, no
    // reference made); a space listed twice counts once.
    let mut out = Vec::new();
    let mut seen = 0u64;
    with_table(lua, name, t, 1, |raw, l, table| {
        // SAFETY: `table` is the table's index (see `with_table`); one element at a time is
        // pushed and popped.
        unsafe {
            let mut result = Ok(());
            for i in 1.. {
                let ty = ffi::lua_rawgeti(l, table, i);
                if ty == ffi::LUA_TNIL {
                    break;
                }
                let word = if ty == ffi::LUA_TSTRING {
                    let p = ffi::lua_tolstring(l, -1, std::ptr::null_mut());
                    crate::words::with_words(|w| w.lookup(p as usize))
                } else {
                    None
                };
                match word {
                    Some(Word::Space(s)) => {
                        if seen & s.bit() == 0 {
                            seen |= s.bit();
                            out.push(s);
                        }
                    }
                    // Not a space: say what it is.
                    _ => {
                        result = <Arg as mlua::FromLua>::from_stack(-1, raw).and_then(|v| space(name, &v).map(|_| ()));
                        if result.is_ok() {
                            result = Err(err(name, "a list of spaces holds something else"));
                        }
                        break;
                    }
                }
                ffi::lua_settop(l, table);
            }
            result
        }
    })?;
    Ok(out)
}

/// A list of spaces as a Lua sequence.
pub(crate) fn spaces_table(lua: &Lua, api: &Api, it: impl IntoIterator<Item = SpaceId>) -> R<Table> {
    use mlua::ffi;
    let it = it.into_iter();
    // Each slug is copied from the VM's table of slugs (argument 1 below): no reference
    // is made for it, and no string hashed.
    // SAFETY: exec_raw runs this protected, with the slug table at index 1; the new table
    // is pushed, filled one element at a time (pushed, then popped by lua_rawseti), and
    // finally moved to index 1, so it is the one value left as the result.
    unsafe {
        lua.exec_raw::<Table>(&api.words.slug_table, |l| {
            ffi::lua_createtable(l, it.size_hint().0 as std::os::raw::c_int, 0);
            for (i, s) in it.enumerate() {
                ffi::lua_rawgeti(l, 1, s.index() as ffi::lua_Integer + 1);
                ffi::lua_rawseti(l, -2, i as ffi::lua_Integer + 1);
            }
            ffi::lua_replace(l, 1);
        })
    }
}

/// The prompt of a question: text the script wrote.
pub(crate) fn prompt(name: &str, f: &Fields) -> R<abyss_core::game::Prompt> {
    match f.get("prompt") {
        Arg::Text(p) => Ok(abyss_core::game::Prompt::Text(Rc::from(p.as_str()))),
        _ => Err(err(name, "a `prompt` is required: the question a player reads")),
    }
}

/// A script's question, typed (crates/core/src/game/question.rs): the card and side of the Event, the
/// method, the line of the script that asks (its stable key) and what the script declared
/// of it (`shifts_support`, where the method takes it); the prompt is for people only.
pub(crate) fn question(
    lua: &Lua,
    name: &'static str,
    f: &Fields,
    method: abyss_core::game::CardMethod,
) -> R<abyss_core::game::Question> {
    let text = prompt(name, f)?;
    let (shifts_support, shift) = shift_declared(name, f.get("shifts_support"))?;
    let line = lua.inspect_stack(1, |d| d.current_line()).flatten().unwrap_or(0) as u32;
    let (card, side) = game(name, |_, x| Ok((x.card, x.side)))?;
    let ask = abyss_core::game::Ask::Card(abyss_core::game::CardAsk {
        card,
        side,
        method,
        line,
        shifts_support,
        shift,
    });
    Ok(abyss_core::game::Question::new(ask, text))
}

/// `shifts_support`: absent or false (no shift), true (a shift, not said which), a number
/// of levels (+ toward Active Support, - toward Active Opposition) or a level the space is
/// set to. A Non-player picks the space by 8.4.3 from what is declared.
fn shift_declared(name: &str, a: &Arg) -> R<(bool, Option<abyss_core::game::Shift>)> {
    use abyss_core::game::Shift;
    match a {
        Arg::Nil => Ok((false, None)),
        Arg::Bool(b) => Ok((*b, None)),
        Arg::Int(n) if (1..=4).contains(&n.unsigned_abs()) => Ok((true, Some(Shift::By(*n as i8)))),
        Arg::Word(Word::Level(l)) => Ok((true, Some(Shift::To(*l)))),
        other => Err(err(
            name,
            format!(
                "`shifts_support` is true, a number of levels (-4 to 4, not 0) or a level such as `passive_opposition`, not {}",
                shown(other)
            ),
        )),
    }
}

/// The deciding Faction of a question: `by`, else the executing Faction (5.1).
pub(crate) fn decider(name: &str, f: &Fields, exec: Exec) -> R<Faction> {
    match f.get("by") {
        Arg::Nil => Ok(exec.faction),
        a => faction(name, a),
    }
}

/// The name in the card API closest to a misspelt one (edit distance at most 3). Names
/// longer than 40 characters get no suggestion (nothing is that long).
pub fn did_you_mean(name: &str) -> Option<&'static str> {
    if name.len() > 40 {
        return None;
    }
    API.iter()
        .map(|a| (abyss_core::content::suggest::distance(name, a.name), a.name))
        .filter(|(d, _)| *d <= 3)
        .min()
        .map(|(_, n)| n)
}

/// Every `g:name` (or `g.name`) a script's source uses outside comments, with its line.
pub fn names_used(source: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (i, line) in source.lines().enumerate() {
        let code = line.split("--").next().unwrap_or("");
        let b = code.as_bytes();
        let mut j = 0;
        while j + 2 < b.len() {
            let starts = b[j] == b'g' && (b[j + 1] == b':' || b[j + 1] == b'.') && (j == 0 || !is_word(b[j - 1]));
            if starts {
                let k0 = j + 2;
                let mut k = k0;
                while k < b.len() && is_word(b[k]) {
                    k += 1;
                }
                if k > k0 {
                    out.push((i + 1, code[k0..k].to_string()));
                }
                j = k;
            } else {
                j += 1;
            }
        }
    }
    out
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn api_names_are_unique() {
        for (i, a) in API.iter().enumerate() {
            assert!(!API[i + 1..].iter().any(|b| b.name == a.name), "{} twice", a.name);
            assert!(a.sig.starts_with(a.name), "{}: signature {}", a.name, a.sig);
        }
    }

    #[test]
    fn names_used_finds_api_calls_outside_comments() {
        let src = "local x = g:count(s)\n-- g:nothing()\ng.place(g, s) ; tag:foo()";
        assert_eq!(names_used(src), vec![(1, "count".into()), (3, "place".into())]);
    }

    #[test]
    fn misspelt_names_get_a_suggestion_and_huge_ones_none() {
        assert_eq!(did_you_mean("plcae"), Some("place"));
        assert_eq!(did_you_mean("choose_spaec"), Some("choose_space"));
        assert_eq!(did_you_mean(&"x".repeat(10_000_000)), None);
    }
}
