//! The card API: what the handle `g` offers a card script. Every function is listed in
//! `API` (name, signature, what it does); the prelude makes a `g:` method of each, the
//! language-server definitions (`abyss lua-defs`) and the name checks of `abyss validate`
//! are generated from the same list, so the documentation cannot drift from the host.
//!
//! Spaces are their slugs ("bogota"), Factions "govt", "farc", "auc", "cartels", piece
//! kinds "troops", "police", "base", "guerrilla", Guerrilla states "underground" and
//! "active". Questions go to the executing Faction unless `by` names another (5.1).

use super::{Exec, intern};
use crate::game::Game;
use crate::game::decision::{Choice, Op, Special, Step, Stop};
use crate::game::ops::{Action, ShipmentFate, Targeting};
use crate::kernel::{Control, Faction, HOOKS, HookKind, LocType, PieceKind, PieceType, SpaceId, Support, Terrain};
use mlua::{FromLuaMulti, IntoLuaMulti, Lua, MultiValue, Table, Value};

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
    // ---- the map
    "spaces", "spaces() -> space[]", "Every space in play, in map order.";
    "spaces_where", "spaces_where(pred: fun(space): boolean) -> space[]", "The spaces in play for which pred is true, in map order.", lua;
    "name", "name(space) -> string", "A space's printed name.";
    "in_play", "in_play(space) -> boolean", "Is the space in play (Ecuador and Panamá only once an Event opens them)?";
    "is_city", "is_city(space) -> boolean", "Is the space a City?";
    "is_department", "is_department(space) -> boolean", "Is the space a Department?";
    "is_loc", "is_loc(space) -> boolean", "Is the space a Line of Communication?";
    "is_pipeline", "is_pipeline(space) -> boolean", "Is the space a pipeline LoC?";
    "terrain", "terrain(space) -> \"forest\"|\"mountain\"|\"grassland\"|nil", "A Department's terrain.";
    "pop", "pop(space) -> integer", "Population (0 for LoCs).";
    "econ", "econ(space) -> integer", "Econ value (LoCs only, else 0).";
    "is_coastal", "is_coastal(space) -> boolean", "Does the space touch the sea?";
    "borders", "borders(space, country: string) -> boolean", "Does the space border a country (\"ecuador\", \"venezuela\", \"panama\", ...)?";
    "adjacent", "adjacent(space) -> space[]", "The spaces in play adjacent to a space, in map order.";
    "is_adjacent", "is_adjacent(a: space, b: space) -> boolean", "Are two spaces adjacent?";
    // ---- pieces and markers
    "count", "count(space, faction?, kind?, state?) -> integer", "Pieces in a space: faction nil for all or \"insurgents\"; kind nil for all or \"cubes\"; state \"underground\"/\"active\" for Guerrillas.";
    "available", "available(faction, kind) -> integer", "Pieces of a type in Available Forces.";
    "on_map", "on_map(faction, kind) -> integer", "Pieces of a type on the map.";
    "can_place", "can_place(space, faction, kind) -> boolean", "Is one such piece Available, and may it stack there (1.4.2)?";
    "can_stack", "can_stack(space, faction, kind) -> boolean", "May one more such piece stand there (1.4.2: Bases, FARC Zones, Ecuador)?";
    "support", "support(space) -> integer", "Support level: 2 Active Support ... -2 Active Opposition.";
    "populated", "populated(space) -> boolean", "Can the space hold Support or Opposition (a City or Department with Population)?";
    "control", "control(space) -> \"govt\"|\"farc\"|nil", "Who controls the space.";
    "terror", "terror(space) -> integer", "Terror markers in a space.";
    "sabotaged", "sabotaged(space) -> boolean", "Does the LoC carry Sabotage?";
    "markers_left", "markers_left() -> integer", "Terror and Sabotage markers not on the map (the pool of 40).";
    "farc_zone", "farc_zone(space) -> boolean", "Is the space a FARC Zone?";
    "shipments", "shipments(space?) -> integer", "Shipments held in a space (all on the map with no space).";
    "shipments_available", "shipments_available() -> integer", "Shipment markers not on the map.";
    // ---- tracks
    "resources", "resources(faction) -> integer", "A Faction's Resources.";
    "aid", "aid() -> integer", "Aid.";
    "president", "president() -> string", "El Presidente's slug.";
    "eligible", "eligible(faction) -> boolean", "Is the Faction Eligible?";
    "total_support", "total_support() -> integer", "Total Support (Government victory).";
    "total_opposition", "total_opposition() -> integer", "Total Opposition.";
    // ---- primitives
    "place", "place(space, faction, kind, n?) -> integer", "Place n (1) Available pieces (Guerrillas Underground); error if unavailable or against stacking.";
    "place_up_to", "place_up_to(space, faction, kind, n) -> integer", "Place up to n pieces, stopping when none is Available or stacking forbids; returns how many.";
    "remove", "remove(space, faction, kind, n?, state?) -> integer", "Remove n (1) pieces to Available; Shipments held pass on or are lost (4.5.3).";
    "replace", "replace(space, faction, kind, state?, by_faction, by_kind) -> boolean", "Replace one piece with an Available piece (1.4.1): false if none was Available (the piece is removed anyway).";
    "move", "move(from, to, faction, kind, n?, state?) -> integer", "Move n (1) pieces; they keep their state and Shipments.";
    "activate", "activate(space, faction, n?) -> integer", "Flip up to n (all if nil) Underground Guerrillas Active; returns how many.";
    "underground", "underground(space, faction, n?) -> integer", "Flip up to n (all if nil) Active Guerrillas Underground; returns how many.";
    "set_support", "set_support(space, level: integer)", "Set Support (2..-2) in a populated space.";
    "shift_support", "shift_support(space, levels: integer) -> integer", "Shift toward Active Support (+) or Opposition (-), as far as the track allows; returns the shift made.";
    "place_terror", "place_terror(space, n?) -> integer", "Place up to n (1) Terror markers, as the pool allows; returns how many.";
    "remove_terror", "remove_terror(space, n?) -> integer", "Remove up to n (all if nil) Terror markers; returns how many.";
    "sabotage", "sabotage(space) -> boolean", "Sabotage a LoC if it is not and a marker is left.";
    "remove_sabotage", "remove_sabotage(space) -> boolean", "Remove Sabotage from a LoC.";
    "place_farc_zone", "place_farc_zone(candidates: space[]) -> space|nil", "6.4.4: the Government places a FARC Zone in one of the candidate Departments with the most FARC pieces, Redeploying out of it and removing its Bases.";
    "remove_farc_zone", "remove_farc_zone(space)", "Remove a FARC Zone.";
    "add_resources", "add_resources(faction, n) -> integer", "Add (or subtract) Resources within 0..99 (5.1.1); returns the new value.";
    "transfer_resources", "transfer_resources(from, to, n) -> integer", "Move up to n Resources from one Faction to another; returns the amount moved.";
    "add_aid", "add_aid(n) -> integer", "Add (or subtract) Aid within 0..29; returns the new value.";
    "place_shipment", "place_shipment(space, faction) -> boolean", "Place an available Shipment with a Guerrilla of the Faction there; false if none.";
    "remove_shipment", "remove_shipment(space) -> boolean", "Remove a Shipment held in the space; false if none.";
    "remove_from_game", "remove_from_game(faction, kind, n) -> integer", "Permanently remove up to n Available pieces; returns how many.";
    "open_space", "open_space(space)", "Put an event-only space (Ecuador, Panamá) in play for the rest of the game.";
    "roll", "roll() -> integer", "Roll a die (the game's own dice).";
    "log", "log(text: string)", "Write a line to the game log.";
    "stay_eligible", "stay_eligible(faction)", "The Faction is Eligible for the next card whatever it did (2.3.7).";
    "ineligible_through_next", "ineligible_through_next(faction)", "The Faction is Ineligible through the next card (2.3.7).";
    "capability", "capability(hooks: table)", "Put this card's side in the Govt Capabilities box (5.3) and set its hooks for the rest of the game, e.g. { sweep_cost = 1 }.";
    "momentum", "momentum(hooks: table)", "Put this card in the Momentum box (5.4): its hooks last until the next Reset.";
    "lasting", "lasting(hooks: table)", "Set hooks for the rest of the game without a Capability marker (e.g. a space's lasting rule such as Panamá's).";
    // ---- questions (5.1: `by` defaults to the executing Faction)
    "choose_spaces", "choose_spaces{prompt=, from=space[], min?=0, max?=#from, by?=faction} -> space[]", "Choose spaces one by one among `from`.";
    "choose_space", "choose_space{prompt=, from=space[], optional?=false, by?=faction} -> space|nil", "Choose one space among `from` (nil if none, or if optional and declined).";
    "choose_faction", "choose_faction{prompt=, from=faction[], optional?=false, by?=faction} -> faction|nil", "Choose a Faction.";
    "choose_piece", "choose_piece{prompt=, space=, from={ {faction, kind, state?}, ... }, optional?=false, by?=faction} -> faction, kind, state", "Choose a class of pieces (returns nil if none or declined).";
    "choose_number", "choose_number{prompt=, min=, max=, by?=faction} -> integer", "Choose a number.";
    "choose_step", "choose_step{prompt=, from=string[], by?=faction} -> string", "Choose among named steps (\"remove\", \"replace\", \"place\", ...).";
    "choose_op", "choose_op{prompt=, from=string[], by?=faction} -> string", "Choose an Operation (\"sweep\", \"assault\", \"attack\", \"terror\", ...).";
    "ask", "ask{prompt=, by?=faction} -> boolean", "A yes/no question.";
    // ---- operations by the engine's own rules
"free_op", "free_op{faction=, op=, spaces?=space[], limited?=false, no_move?=false} -> boolean, space[]", "The Faction executes a free Operation (3.1.2, 5.5) without Special Activity, only in `spaces` if given (March: only into them); `no_move`: a Sweep that moves no cubes. Returns false if it cannot, else true and the spaces selected (March: the destinations).";
"free_special", "free_special{faction=, special?=, max_spaces?=, spaces?=space[], by?=faction} -> boolean", "The Faction executes a free Special Activity (5.5): `special`, or the one it chooses among those possible now. Bribe honours `max_spaces` and `spaces`. false if none can be done.";
    "op_possible", "op_possible{faction=, op=, spaces?=space[], limited?=false, no_move?=false} -> boolean", "Could the Faction execute this free Operation now (the test free_op makes)?";
    "special_possible", "special_possible(faction, special) -> boolean", "Could the Faction execute this free Special Activity now?";
    "hook", "hook(name) -> integer|boolean|faction[]|space[]", "The effective value of a Capability/Momentum hook (src/kernel/modifiers.rs), for Events that must respect one.";
    "assault_capacity_of", "assault_capacity_of(space, troops, police) -> integer", "Pieces an Assault by exactly this force removes there (3.2.4 with the hooks), ignoring the cubes present.";
    "activate_guerrillas", "activate_guerrillas{space=, n=, against?=faction[], by?=faction} -> nil", "Activate up to n Underground Guerrillas in a space, `by` choosing whose (Sweep's activation).";
    "remove_enemies", "remove_enemies{space=, n=, how?=\"exposed\"|\"attack\"|\"any\", against?=faction[], by?=faction} -> integer", "Remove up to n enemy pieces, Bases last (1.4.1): exposed = Active Guerrillas (Assault), attack = cubes and Guerrillas, any = any piece. Returns Shipments lost.";
    "assault_capacity", "assault_capacity(space, extra_troops?, extra_police?) -> integer", "Pieces an Assault there removes (3.2.4), counting extra cubes.";
"sweep_activations", "sweep_activations(space, extra_troops?, extra_police?) -> integer", "Guerrillas a Sweep there Activates (3.2.3, with the hooks), counting extra cubes.";
    "assault_in", "assault_in(space)", "Resolve an Assault in the space (with Drug Bust), as the Government.";
    "attack_in", "attack_in(faction, space, ambush?) -> nil", "Resolve an Attack (or an Ambush) by the Faction in the space (3.3.3, 4.3.2).";
"terror_in", "terror_in(faction, space, use_active?) -> nil", "Terror in the space: Activate 1 Underground Guerrilla of the Faction (unless use_active and an Active one is there, 5.5), then the marker and shift (3.3.4).";
    "aid_cut", "aid_cut(spaces: integer)", "AUC Terror's Aid cut for that many spaces (3.3.4).";
    // ---- helpers
    "filter", "filter(list, pred) -> list", "The elements of list for which pred is true.", lua;
    "best", "best(list, full: fun(x): boolean, part?: fun(x): boolean) -> list", "5.1.3: the elements where the whole effect can be done, else those where part can.", lua;
    "contains", "contains(list, x) -> boolean", "Does the list contain x?", lua;
}

/// Why a host call failed.
pub(crate) enum ApiError {
    Stop(Stop),
    Lua(mlua::Error),
}

impl From<mlua::Error> for ApiError {
    fn from(e: mlua::Error) -> Self {
        ApiError::Lua(e)
    }
}
impl From<Stop> for ApiError {
    fn from(s: Stop) -> Self {
        ApiError::Stop(s)
    }
}

type R = Result<MultiValue, ApiError>;

fn err(name: &str, msg: impl std::fmt::Display) -> ApiError {
    ApiError::Lua(mlua::Error::RuntimeError(format!("g:{name}: {msg}")))
}

/// The names a script calls as `g:name(` or `g.name(`, with their lines.
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

/// The closest API name to a misspelt one (edit distance at most 3).
pub fn did_you_mean(name: &str) -> Option<&'static str> {
    fn dist(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut cur = vec![i + 1];
            for (j, cb) in b.iter().enumerate() {
                cur.push((prev[j] + (ca != *cb) as usize).min(prev[j + 1] + 1).min(cur[j] + 1));
            }
            prev = cur;
        }
        prev[b.len()]
    }
    API.iter()
        .map(|a| (dist(name, a.name), a.name))
        .filter(|(d, _)| *d <= 3)
        .min()
        .map(|(_, n)| n)
}

// ---- conversions -----------------------------------------------------------------------

fn args<T: FromLuaMulti>(lua: &Lua, name: &str, a: MultiValue) -> Result<T, ApiError> {
    T::from_lua_multi(a, lua).map_err(|e| {
        let sig = API.iter().find(|f| f.name == name).map_or(name, |f| f.sig);
        err(name, format!("bad arguments ({e}); expected g:{sig}"))
    })
}

fn ret(lua: &Lua, v: impl IntoLuaMulti) -> R {
    Ok(v.into_lua_multi(lua)?)
}

fn space(g: &Game, name: &str, s: &str) -> Result<SpaceId, ApiError> {
    g.rules.map.find(s).ok_or_else(|| {
        err(
            name,
            format!("unknown space `{s}` (spaces are slugs such as \"bogota\")"),
        )
    })
}

fn faction(name: &str, s: &str) -> Result<Faction, ApiError> {
    Faction::from_slug(s).ok_or_else(|| err(name, format!("unknown Faction `{s}` (govt, farc, auc, cartels)")))
}

fn piece_type(name: &str, f: Faction, k: &str) -> Result<PieceType, ApiError> {
    let kind = PieceKind::from_slug(k).ok_or_else(|| {
        err(
            name,
            format!("unknown piece kind `{k}` (troops, police, base, guerrilla)"),
        )
    })?;
    PieceType::new(f, kind).ok_or_else(|| err(name, format!("{} has no {k}", f.name())))
}

fn guerrilla_state(name: &str, s: Option<&str>) -> Result<Option<bool>, ApiError> {
    match s {
        None => Ok(None),
        Some("underground") => Ok(Some(true)),
        Some("active") => Ok(Some(false)),
        Some(o) => Err(err(
            name,
            format!("unknown Guerrilla state `{o}` (underground, active)"),
        )),
    }
}

fn spaces_of(g: &Game, name: &str, t: &Table) -> Result<Vec<SpaceId>, ApiError> {
    let mut out = Vec::new();
    for v in t.sequence_values::<String>() {
        let s = space(g, name, &v?)?;
        if !out.contains(&s) {
            out.push(s);
        }
    }
    Ok(out)
}

fn factions_of(name: &str, t: Option<Table>) -> Result<u8, ApiError> {
    let Some(t) = t else { return Ok(0b1111) };
    let mut m = 0;
    for v in t.sequence_values::<String>() {
        m |= 1 << faction(name, &v?)?.index();
    }
    Ok(m)
}

fn slug(g: &Game, s: SpaceId) -> String {
    g.rules.map.space(s).slug.clone()
}

fn list(lua: &Lua, g: &Game, it: impl IntoIterator<Item = SpaceId>) -> Result<Table, ApiError> {
    Ok(lua.create_sequence_from(it.into_iter().map(|s| slug(g, s)))?)
}

/// The deciding Faction of a question: `by`, else the executing Faction (5.1).
fn decider(name: &str, t: &Table, exec: Exec) -> Result<Faction, ApiError> {
    match t.get::<Option<String>>("by")? {
        Some(b) => faction(name, &b),
        None => Ok(exec.faction),
    }
}

fn prompt(name: &str, t: &Table) -> Result<&'static str, ApiError> {
    let p: Option<String> = t.get("prompt")?;
    let p = p.ok_or_else(|| err(name, "a `prompt` is required: the question a player reads"))?;
    Ok(intern(&p))
}

fn refused(g: &Game, name: &str, e: crate::kernel::Refusal) -> ApiError {
    err(name, e.describe(g.rules))
}

fn hook_value(g: &Game, name: &str, hook: &str, v: Value) -> Result<u8, ApiError> {
    let kind = HOOKS
        .iter()
        .find(|h| h.0 == hook)
        .map(|h| h.1)
        .ok_or_else(|| err(name, format!("unknown hook `{hook}`")))?;
    let bad = || err(name, format!("hook `{hook}`: unexpected value {v:?}"));
    Ok(match (kind, &v) {
        (HookKind::Flag, Value::Boolean(b)) => *b as u8,
        (HookKind::Number | HookKind::Flag, Value::Integer(n)) => u8::try_from(*n).map_err(|_| bad())?,
        (HookKind::Factions, Value::String(s)) => faction(name, &s.to_str()?)?.index() as u8,
        (HookKind::Spaces, Value::String(s)) => space(g, name, &s.to_str()?)?.0,
        _ => return Err(bad()),
    })
}

fn op_of(name: &str, s: &str) -> Result<Op, ApiError> {
    Op::COIN
        .iter()
        .chain(&Op::INSURGENT)
        .copied()
        .find(|o| o.slug() == s)
        .ok_or_else(|| err(name, format!("unknown Operation `{s}`")))
}

fn special_of(name: &str, s: &str) -> Result<Special, ApiError> {
    let want = s.replace('_', "-");
    Faction::ALL
        .iter()
        .flat_map(|f| Special::of(*f).iter().copied())
        .find(|x| x.slug() == want)
        .ok_or_else(|| err(name, format!("unknown Special Activity `{s}`")))
}

/// The Action a free Special Activity runs in: the Operation it goes with (4.1), already
/// under way so that nothing is held back for it; the Event grants the activity alone.
fn special_action(f: Faction, sa: Special) -> Action {
    let op = match sa {
        Special::AirLift | Special::AirStrike | Special::Eradicate => Op::Assault,
        Special::Extort | Special::Kidnap | Special::Assassinate => Op::Terror,
        _ => Op::Rally,
    };
    let mut act = Action::new(f, op).free();
    act.by_event = true;
    act.count = 1;
    act
}

// ---- dispatch ----------------------------------------------------------------------------

/// Serve one call `g:name(...)` of the Event `exec`.
pub(crate) fn call(g: &mut Game, lua: &Lua, exec: Exec, name: &str, a: MultiValue) -> R {
    let r = g.rules;
    match name {
        "executing" => ret(lua, exec.faction.slug()),
        "card" => ret(lua, exec.card),
        "side" => ret(lua, exec.side.slug()),
        "spaces" => ret(lua, list(lua, g, g.spaces())?),
        "name" | "in_play" | "is_city" | "is_department" | "is_loc" | "is_pipeline" | "terrain" | "pop" | "econ"
        | "is_coastal" | "support" | "populated" | "control" | "terror" | "sabotaged" | "farc_zone" | "adjacent" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let d = r.map.space(s);
            let sp = g.state.space(s);
            match name {
                "name" => ret(lua, d.name.as_str()),
                "in_play" => ret(lua, g.state.in_play(s)),
                "is_city" => ret(lua, d.is_city()),
                "is_department" => ret(lua, d.is_department()),
                "is_loc" => ret(lua, d.is_loc()),
                "is_pipeline" => ret(lua, d.loc_type == Some(LocType::Pipeline)),
                "terrain" => ret(
                    lua,
                    d.terrain.map(|t| match t {
                        Terrain::Forest => "forest",
                        Terrain::Mountain => "mountain",
                        Terrain::Grassland => "grassland",
                    }),
                ),
                "pop" => ret(lua, d.pop),
                "econ" => ret(lua, d.econ),
                "is_coastal" => ret(lua, d.coastal),
                "support" => ret(lua, g.state.support(s).value()),
                "populated" => ret(lua, d.can_hold_support()),
                "control" => ret(
                    lua,
                    match g.state.control(s) {
                        Control::Govt => Some("govt"),
                        Control::Farc => Some("farc"),
                        Control::Uncontrolled => None,
                    },
                ),
                "terror" => ret(lua, sp.terror),
                "sabotaged" => ret(lua, sp.sabotage),
                "farc_zone" => ret(lua, sp.farc_zone),
                _ => ret(lua, list(lua, g, g.state.adjacent(r, s))?),
            }
        }
        "borders" => {
            let (s, country): (String, String) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            ret(lua, r.map.space(s).borders.iter().any(|b| *b == country))
        }
        "is_adjacent" => {
            let (x, y): (String, String) = args(lua, name, a)?;
            let (x, y) = (space(g, name, &x)?, space(g, name, &y)?);
            ret(lua, r.map.adjacent(x, y))
        }
        "count" => {
            let (s, f, k, u): (String, Option<String>, Option<String>, Option<String>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let factions: Vec<Faction> = match f.as_deref() {
                None => Faction::ALL.to_vec(),
                Some("insurgents") => Faction::INSURGENTS.to_vec(),
                Some(x) => vec![faction(name, x)?],
            };
            let u = guerrilla_state(name, u.as_deref())?;
            let sp = g.state.space(s);
            let mut n = 0u32;
            for t in PieceType::all() {
                if !factions.contains(&t.faction) {
                    continue;
                }
                let kind_ok = match k.as_deref() {
                    None => true,
                    Some("cubes") => t.is_cube(),
                    Some(x) => {
                        PieceKind::from_slug(x).ok_or_else(|| err(name, format!("unknown piece kind `{x}`")))? == t.kind
                    }
                };
                if !kind_ok {
                    continue;
                }
                n += match (u, t.is_guerrilla()) {
                    (Some(u), true) => sp.guerrillas(t.faction, u) as u32,
                    (Some(_), false) => 0,
                    (None, _) => sp.count(t) as u32,
                };
            }
            ret(lua, n)
        }
        "available" | "on_map" => {
            let (f, k): (String, String) = args(lua, name, a)?;
            let t = piece_type(name, faction(name, &f)?, &k)?;
            ret(
                lua,
                if name == "available" {
                    g.state.available(t)
                } else {
                    g.state.on_map(r, t)
                },
            )
        }
        "can_place" | "can_stack" => {
            let (s, f, k): (String, String, String) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let t = piece_type(name, faction(name, &f)?, &k)?;
            let ok = g.state.can_stack(r, s, t, None).is_ok() && (name == "can_stack" || g.state.available(t) > 0);
            ret(lua, ok)
        }
        "markers_left" => ret(
            lua,
            r.forces
                .limits
                .terror_sabotage_markers
                .saturating_sub(g.state.markers_on_map()),
        ),
        "shipments" => {
            let s: Option<String> = args(lua, name, a)?;
            let s = s.map(|s| space(g, name, &s)).transpose()?;
            let n = g
                .state
                .shipments_on_map()
                .filter(|&(_, p)| s.is_none() || g.state.piece_space(p) == s)
                .count();
            ret(lua, n)
        }
        "shipments_available" => {
            let on = g.state.shipments_on_map().count();
            ret(lua, (r.forces.limits.shipments as usize).saturating_sub(on))
        }
        "resources" => {
            let f: String = args(lua, name, a)?;
            ret(lua, g.state.resources(faction(name, &f)?))
        }
        "aid" => ret(lua, g.state.aid()),
        "president" => ret(
            lua,
            r.forces
                .presidents
                .get(g.state.president() as usize)
                .map(|p| p.slug.as_str()),
        ),
        "eligible" => {
            let f: String = args(lua, name, a)?;
            ret(lua, g.state.eligible(faction(name, &f)?))
        }
        "total_support" => ret(lua, g.state.total_support()),
        "total_opposition" => ret(lua, g.state.total_opposition()),
        _ => call_effect(g, lua, exec, name, a),
    }
}

/// The primitives, questions and operations: the calls that change the game.
fn call_effect(g: &mut Game, lua: &Lua, exec: Exec, name: &str, a: MultiValue) -> R {
    let r = g.rules;
    match name {
        "place" | "place_up_to" => {
            let (s, f, k, n): (String, String, String, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let t = piece_type(name, faction(name, &f)?, &k)?;
            let n = n.unwrap_or(1);
            let mut placed = 0u8;
            for _ in 0..n {
                if g.state.available(t) == 0 {
                    if name == "place" {
                        return Err(err(
                            name,
                            format!("no {} {} Available (check g:available first)", t.faction.name(), k),
                        ));
                    }
                    break;
                }
                match g.state.place(r, s, t) {
                    Ok(_) => placed += 1,
                    Err(e) if name == "place" => return Err(refused(g, name, e)),
                    Err(_) => break,
                }
            }
            ret(lua, placed)
        }
        "remove" => {
            let (s, f, k, n, u): (String, String, String, Option<u8>, Option<String>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let t = piece_type(name, faction(name, &f)?, &k)?;
            let u = guerrilla_state(name, u.as_deref())?;
            let n = n.unwrap_or(1);
            for _ in 0..n {
                if let Err(e) = g.state.find_piece(r, s, t, u) {
                    return Err(refused(g, name, e));
                }
                g.remove_one(exec.faction, s, t, u, ShipmentFate::Owner)?;
            }
            ret(lua, n)
        }
        "replace" => {
            let (s, f, k, u, bf, bk): (String, String, String, Option<String>, String, String) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let from = piece_type(name, faction(name, &f)?, &k)?;
            let u = guerrilla_state(name, u.as_deref())?;
            let to = piece_type(name, faction(name, &bf)?, &bk)?;
            let p = g.state.find_piece(r, s, from, u).map_err(|e| refused(g, name, e))?;
            g.state
                .can_stack(r, s, to, Some(from))
                .map_err(|e| refused(g, name, e))?;
            // 4.5.3: a Shipment on the replaced Guerrilla passes on first, or is lost.
            if g.state.holds_shipment(p) {
                g.remove_one(exec.faction, s, from, u, ShipmentFate::Owner)?;
                let placed = g.state.available(to) > 0;
                if placed {
                    g.state.place(r, s, to).map_err(|e| refused(g, name, e))?;
                }
                return ret(lua, placed);
            }
            match g.state.replace(r, s, from, u, to).map_err(|e| refused(g, name, e))? {
                crate::kernel::Effect::Replaced { placed, .. } => ret(lua, placed.is_some()),
                _ => ret(lua, true),
            }
        }
        "move" => {
            let (x, y, f, k, n, u): (String, String, String, String, Option<u8>, Option<String>) = args(lua, name, a)?;
            let (x, y) = (space(g, name, &x)?, space(g, name, &y)?);
            let t = piece_type(name, faction(name, &f)?, &k)?;
            let u = guerrilla_state(name, u.as_deref())?;
            let n = n.unwrap_or(1);
            for _ in 0..n {
                g.state.move_piece(r, x, y, t, u).map_err(|e| refused(g, name, e))?;
            }
            ret(lua, n)
        }
        "activate" | "underground" => {
            let (s, f, n): (String, String, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let f = faction(name, &f)?;
            if f == Faction::Govt {
                return Err(err(name, "only Guerrillas flip"));
            }
            let from_underground = name == "activate";
            let mut done = 0u8;
            while n.is_none_or(|n| done < n) && g.state.space(s).guerrillas(f, from_underground) > 0 {
                let e = if from_underground {
                    g.state.activate(r, s, f)
                } else {
                    g.state.go_underground(r, s, f)
                };
                e.map_err(|e| refused(g, name, e))?;
                done += 1;
            }
            ret(lua, done)
        }
        "set_support" => {
            let (s, level): (String, i8) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let level = Support::from_value(level).ok_or_else(|| err(name, "levels run from -2 to 2"))?;
            g.state.set_support(r, s, level).map_err(|e| refused(g, name, e))?;
            ret(lua, ())
        }
        "shift_support" => {
            let (s, n): (String, i8) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            if !r.map.space(s).can_hold_support() {
                return ret(lua, 0);
            }
            let before = g.state.support(s).value();
            let to = (before + n).clamp(-2, 2);
            if to != before {
                g.state
                    .set_support(r, s, Support::from_value(to).expect("clamped"))
                    .map_err(|e| refused(g, name, e))?;
            }
            ret(lua, to - before)
        }
        "place_terror" => {
            let (s, n): (String, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let mut done = 0u8;
            for _ in 0..n.unwrap_or(1) {
                if g.state.markers_on_map() >= r.forces.limits.terror_sabotage_markers {
                    break;
                }
                g.state.place_terror(r, s).map_err(|e| refused(g, name, e))?;
                done += 1;
            }
            ret(lua, done)
        }
        "remove_terror" => {
            let (s, n): (String, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let mut done = 0u8;
            while n.is_none_or(|n| done < n) && g.state.space(s).terror > 0 {
                g.state.remove_terror(s).map_err(|e| refused(g, name, e))?;
                done += 1;
            }
            ret(lua, done)
        }
        "sabotage" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            if !r.map.space(s).is_loc() {
                return Err(err(name, format!("{} is not a LoC", r.map.space(s).name)));
            }
            let ok = !g.state.space(s).sabotage
                && g.state.markers_on_map() < r.forces.limits.terror_sabotage_markers
                && g.state.place_sabotage(r, s).is_ok();
            ret(lua, ok)
        }
        "remove_sabotage" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            ret(lua, g.state.space(s).sabotage && g.state.remove_sabotage(s).is_ok())
        }
        "place_farc_zone" => {
            let t: Table = args(lua, name, a)?;
            let cands = spaces_of(g, name, &t)?;
            let mask = cands.iter().fold(0u64, |m, s| m | s.bit());
            let zone = g.place_farc_zone(|_, s| mask & s.bit() != 0)?;
            ret(lua, zone.map(|s| slug(g, s)))
        }
        "remove_farc_zone" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            g.state.remove_farc_zone(s).map_err(|e| refused(g, name, e))?;
            ret(lua, ())
        }
        "add_resources" => {
            let (f, n): (String, i16) = args(lua, name, a)?;
            let f = faction(name, &f)?;
            g.state.gain_resources(r, f, n);
            ret(lua, g.state.resources(f))
        }
        "transfer_resources" => {
            let (x, y, n): (String, String, u8) = args(lua, name, a)?;
            let (x, y) = (faction(name, &x)?, faction(name, &y)?);
            let moved = n.min(g.state.resources(x));
            g.state.gain_resources(r, x, -(moved as i16));
            g.state.gain_resources(r, y, moved as i16);
            ret(lua, moved)
        }
        "add_aid" => {
            let n: i16 = args(lua, name, a)?;
            g.state.gain_aid(r, n);
            ret(lua, g.state.aid())
        }
        "place_shipment" => {
            let (s, f): (String, String) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let t = PieceType::guerrilla(faction(name, &f)?);
            let Ok(p) = g.state.find_piece(r, s, t, None) else {
                return ret(lua, false);
            };
            ret(lua, g.state.place_shipment(r, p).is_ok())
        }
        "remove_shipment" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let i = g
                .state
                .shipments_on_map()
                .find(|&(_, p)| g.state.piece_space(p) == Some(s))
                .map(|(i, _)| i);
            ret(lua, i.is_some_and(|i| g.state.remove_shipment(i).is_ok()))
        }
        "remove_from_game" => {
            let (f, k, n): (String, String, u8) = args(lua, name, a)?;
            let t = piece_type(name, faction(name, &f)?, &k)?;
            let mut done = 0u8;
            while done < n && g.state.remove_from_game(r, t).is_ok() {
                done += 1;
            }
            ret(lua, done)
        }
        "open_space" => {
            let s: String = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            if !g.state.in_play(s) {
                g.state.open_space(r, s).map_err(|e| refused(g, name, e))?;
            }
            ret(lua, ())
        }
        "roll" => ret(lua, g.state.dice.d6()),
        "log" => {
            let text: String = args(lua, name, a)?;
            let card = exec.card;
            g.note(move |_| format!("card {card}: {text}"));
            ret(lua, ())
        }
        "stay_eligible" | "ineligible_through_next" => {
            let f: String = args(lua, name, a)?;
            let f = faction(name, &f)?;
            g.card.event_override[f.index()] = Some(name == "stay_eligible");
            ret(lua, ())
        }
        "capability" | "momentum" | "lasting" => {
            let t: Table = args(lua, name, a)?;
            let mut hooks = Vec::new();
            for pair in t.pairs::<String, Value>() {
                let (hook, v) = pair?;
                hooks.push((hook.clone(), hook_value(g, name, &hook, v)?));
            }
            hooks.sort();
            if name == "capability" {
                g.state
                    .set_capability(r, exec.card, exec.side)
                    .map_err(|e| refused(g, name, e))?;
            } else if name == "momentum" {
                g.state.add_momentum(r, exec.card).map_err(|e| refused(g, name, e))?;
            }
            for (hook, v) in hooks {
                let set = if name != "momentum" {
                    g.state.set_lasting_modifier(&hook, v)
                } else {
                    g.state.set_momentum_modifier(&hook, v)
                };
                set.map_err(|e| err(name, e))?;
            }
            ret(lua, ())
        }
        _ => call_question(g, lua, exec, name, a),
    }
}

fn call_question(g: &mut Game, lua: &Lua, exec: Exec, name: &str, a: MultiValue) -> R {
    match name {
        "choose_spaces" | "choose_space" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            let from: Table = t
                .get("from")
                .map_err(|_| err(name, "`from` must be a list of spaces"))?;
            let mut left = spaces_of(g, name, &from)?;
            let (min, max) = if name == "choose_space" {
                let optional: Option<bool> = t.get("optional")?;
                (if optional == Some(true) { 0 } else { 1 }, 1)
            } else {
                let min: Option<usize> = t.get("min")?;
                let max: Option<usize> = t.get("max")?;
                (min.unwrap_or(0), max.unwrap_or(left.len()))
            };
            let mut chosen = Vec::new();
            while chosen.len() < max && !left.is_empty() {
                let c = g.ask(by, p, None, |_, o| {
                    o.extend(left.iter().map(|&s| Choice::Space(s)));
                    if chosen.len() >= min {
                        o.push(Choice::Done);
                    }
                })?;
                let Choice::Space(s) = c else { break };
                left.retain(|&x| x != s);
                chosen.push(s);
            }
            if name == "choose_space" {
                return ret(lua, chosen.first().map(|&s| slug(g, s)));
            }
            ret(lua, list(lua, g, chosen)?)
        }
        "choose_faction" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            let from: Table = t
                .get("from")
                .map_err(|_| err(name, "`from` must be a list of Factions"))?;
            let mut opts = Vec::new();
            for v in from.sequence_values::<String>() {
                let c = Choice::Faction(faction(name, &v?)?);
                if !opts.contains(&c) {
                    opts.push(c);
                }
            }
            if t.get::<Option<bool>>("optional")? == Some(true) {
                opts.push(Choice::Done);
            }
            if opts.is_empty() {
                return ret(lua, ());
            }
            match g.ask(by, p, None, |_, o| o.extend(opts))? {
                Choice::Faction(f) => ret(lua, f.slug()),
                _ => ret(lua, ()),
            }
        }
        "choose_piece" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            let s: Option<String> = t.get("space")?;
            let about = s.map(|s| space(g, name, &s)).transpose()?;
            let from: Table = t
                .get("from")
                .map_err(|_| err(name, "`from` must be a list of {faction, kind, state?}"))?;
            let mut opts = Vec::new();
            for v in from.sequence_values::<Table>() {
                let v = v?;
                let f = faction(name, &v.get::<String>(1)?)?;
                let pt = piece_type(name, f, &v.get::<String>(2)?)?;
                let u = guerrilla_state(name, v.get::<Option<String>>(3)?.as_deref())?;
                let c = Choice::Piece(pt, if pt.is_guerrilla() { u } else { None });
                if !opts.contains(&c) {
                    opts.push(c);
                }
            }
            if t.get::<Option<bool>>("optional")? == Some(true) {
                opts.push(Choice::Done);
            }
            if opts.is_empty() {
                return ret(lua, ());
            }
            match g.ask(by, p, about, |_, o| o.extend(opts))? {
                Choice::Piece(pt, u) => ret(
                    lua,
                    (
                        pt.faction.slug(),
                        pt.kind.slug(),
                        u.map(|u| if u { "underground" } else { "active" }),
                    ),
                ),
                _ => ret(lua, ()),
            }
        }
        "choose_number" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            let (lo, hi): (u8, u8) = (t.get("min")?, t.get("max")?);
            if lo > hi {
                return Err(err(name, format!("min {lo} is above max {hi}")));
            }
            ret(lua, g.ask_number(by, p, None, lo, hi)?)
        }
        "choose_step" | "choose_op" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            let from: Table = t.get("from")?;
            let mut opts = Vec::new();
            for v in from.sequence_values::<String>() {
                let v = v?;
                let c = if name == "choose_op" {
                    Choice::Op(op_of(name, &v)?)
                } else {
                    Choice::Step(
                        Step::ALL
                            .into_iter()
                            .find(|s| s.slug() == v)
                            .ok_or_else(|| err(name, format!("unknown step `{v}`")))?,
                    )
                };
                opts.push(c);
            }
            if opts.is_empty() {
                return Err(err(name, "`from` is empty"));
            }
            match g.ask(by, p, None, |_, o| o.extend(opts))? {
                Choice::Op(o) => ret(lua, o.slug()),
                Choice::Step(s) => ret(lua, s.slug()),
                c => Err(err(name, format!("unexpected answer {c}"))),
            }
        }
        "ask" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let p = prompt(name, &t)?;
            ret(lua, g.ask_yes(by, p, None)?)
        }
        _ => call_operation(g, lua, exec, name, a),
    }
}

fn call_operation(g: &mut Game, lua: &Lua, exec: Exec, name: &str, a: MultiValue) -> R {
    let r = g.rules;
    match name {
        "free_op" | "op_possible" => {
            let t: Table = args(lua, name, a)?;
            let f = faction(name, &t.get::<String>("faction")?)?;
            let op = op_of(name, &t.get::<String>("op")?)?;
            if !Op::of(f).contains(&op) {
                // 5.1.1: an Event never gives a Faction another Faction's Operations.
                return Err(err(name, format!("{} cannot {}", f.name(), op.slug())));
            }
            let mut act = Action::new(f, op).free();
            act.by_event = true;
            act.specials_allowed = false;
            if t.get::<Option<bool>>("limited")? == Some(true) {
                act.limited = true;
            }
            if t.get::<Option<bool>>("no_move")? == Some(true) {
                if op != Op::Sweep {
                    return Err(err(name, "`no_move` is for Sweep"));
                }
                act.no_move = true;
            }
            if let Some(sp) = t.get::<Option<Table>>("spaces")? {
                act.only = spaces_of(g, name, &sp)?.iter().fold(0, |m, s| m | s.bit());
                if act.only == 0 {
                    return ret(lua, false);
                }
            }
            let possible = g.op_possible(&act);
            if name == "op_possible" {
                return ret(lua, possible);
            }
            if !possible {
                g.note(move |_| format!("{} cannot execute the free {}", f.name(), op.slug()));
                return ret(lua, false);
            }
            g.operation(&mut act)?;
            let spaces = list(lua, g, g.spaces().filter(|&s| act.selected(s)))?;
            ret(lua, (true, spaces))
        }
        "special_possible" => {
            let (f, sa): (String, String) = args(lua, name, a)?;
            let f = faction(name, &f)?;
            let sa = special_of(name, &sa)?;
            ret(
                lua,
                Special::of(f).contains(&sa) && sa != Special::Ambush && g.special_possible(&special_action(f, sa), sa),
            )
        }
        "hook" => {
            let h: String = args(lua, name, a)?;
            let kind = HOOKS
                .iter()
                .find(|x| x.0 == h)
                .map(|x| x.1)
                .ok_or_else(|| err(name, format!("unknown hook `{h}`")))?;
            let v = g.state.mods().get(&h).expect("every hook has a value");
            match kind {
                HookKind::Number => ret(lua, v),
                HookKind::Flag => ret(lua, v != 0),
                HookKind::Factions => ret(
                    lua,
                    lua.create_sequence_from(
                        Faction::ALL
                            .iter()
                            .filter(|f| v & (1 << f.index()) != 0)
                            .map(|f| f.slug()),
                    )?,
                ),
                HookKind::Spaces => ret(lua, list(lua, g, g.rules.map.ids().filter(|s| v & s.bit() != 0))?),
            }
        }
        "assault_capacity_of" => {
            let (s, t, p): (String, u8, u8) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            ret(lua, g.assault_capacity_by(s, t, p))
        }
        "free_special" => {
            let t: Table = args(lua, name, a)?;
            let f = faction(name, &t.get::<String>("faction")?)?;
            let sa = match t.get::<Option<String>>("special")? {
                Some(s) => {
                    let sa = special_of(name, &s)?;
                    if !Special::of(f).contains(&sa) || sa == Special::Ambush {
                        return Err(err(
                            name,
                            format!(
                                "{} cannot {} this way (Ambush: g:attack_in with ambush)",
                                f.name(),
                                sa.slug()
                            ),
                        ));
                    }
                    if !g.special_possible(&special_action(f, sa), sa) {
                        g.note(move |_| format!("{} cannot execute the free {}", f.name(), sa.slug()));
                        return ret(lua, false);
                    }
                    sa
                }
                None => {
                    // The Faction chooses among its Special Activities possible now.
                    let by = decider(name, &t, Exec { faction: f, ..exec })?;
                    let opts: Vec<Choice> = Special::of(f)
                        .iter()
                        .filter(|&&sa| sa != Special::Ambush && g.special_possible(&special_action(f, sa), sa))
                        .map(|&sa| Choice::Special(sa))
                        .collect();
                    if opts.is_empty() {
                        return ret(lua, false);
                    }
                    match g.ask(by, "Which free Special Activity?", None, |_, o| o.extend(opts))? {
                        Choice::Special(sa) => sa,
                        c => return Err(err(name, format!("unexpected answer {c}"))),
                    }
                }
            };
            let mut act = special_action(f, sa);
            act.sa_max_spaces = t.get("max_spaces")?;
            if let Some(sp) = t.get::<Option<Table>>("spaces")? {
                act.only = spaces_of(g, name, &sp)?.iter().fold(0, |m, s| m | s.bit());
            }
            g.special_activity(&mut act, sa)?;
            ret(lua, true)
        }
        "activate_guerrillas" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let s = space(g, name, &t.get::<String>("space")?)?;
            let n: u8 = t.get("n")?;
            let against = factions_of(name, t.get("against")?)?;
            g.activate_guerrillas(by, s, n, against)?;
            ret(lua, ())
        }
        "remove_enemies" => {
            let t: Table = args(lua, name, a)?;
            let by = decider(name, &t, exec)?;
            let s = space(g, name, &t.get::<String>("space")?)?;
            let n: u8 = t.get("n")?;
            let how = match t.get::<Option<String>>("how")?.as_deref() {
                None | Some("exposed") => Targeting::Exposed,
                Some("attack") => Targeting::Attack,
                Some("any") => Targeting::Any,
                Some(o) => return Err(err(name, format!("unknown `how` {o} (exposed, attack, any)"))),
            };
            let against = factions_of(name, t.get("against")?)?;
            let fate = if by == Faction::Govt {
                ShipmentFate::Owner
            } else {
                ShipmentFate::CapturedBy(by)
            };
            ret(lua, g.remove_enemies(by, s, n, how, against, fate)?)
        }
        "assault_capacity" => {
            let (s, t, p): (String, Option<u8>, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            ret(lua, g.assault_capacity_with(s, t.unwrap_or(0), p.unwrap_or(0)))
        }
        "sweep_activations" => {
            let (s, t, p): (String, Option<u8>, Option<u8>) = args(lua, name, a)?;
            let s = space(g, name, &s)?;
            let (ct, cp) = (g.state.count(s, PieceType::TROOPS), g.state.count(s, PieceType::POLICE));
            ret(lua, g.sweep_activations_by(s, ct + t.unwrap_or(0), cp + p.unwrap_or(0)))
        }
        "assault_in" => {
            let s: String = args(lua, name, a)?;
            g.assault_in(space(g, name, &s)?)?;
            ret(lua, ())
        }
        "attack_in" => {
            let (f, s, ambush): (String, String, Option<bool>) = args(lua, name, a)?;
            let f = faction(name, &f)?;
            let s = space(g, name, &s)?;
            if f == Faction::Govt || g.state.count(s, PieceType::guerrilla(f)) == 0 {
                return Err(err(
                    name,
                    format!("{} has no Guerrilla in {}", f.name(), r.map.space(s).name),
                ));
            }
            let ambush = ambush == Some(true);
            if ambush && g.state.space(s).guerrillas(f, true) == 0 {
                return Err(err(name, "an Ambush needs an Underground Guerrilla (4.3.2)"));
            }
            g.attack_in(f, s, ambush)?;
            ret(lua, ())
        }
        "terror_in" => {
            let (f, s, use_active): (String, String, Option<bool>) = args(lua, name, a)?;
            let f = faction(name, &f)?;
            let s = space(g, name, &s)?;
            if f == Faction::Govt {
                return Err(err(name, "the Government does not Terror"));
            }
            let active_used = use_active == Some(true) && g.state.space(s).guerrillas(f, false) > 0;
            if !active_used && g.state.space(s).guerrillas(f, true) > 0 {
                g.state.activate(r, s, f).map_err(|e| refused(g, name, e))?;
            }
            g.terror_effect(f, s);
            ret(lua, ())
        }
        "aid_cut" => {
            let n: u8 = args(lua, name, a)?;
            g.aid_cut(n);
            ret(lua, ())
        }
        _ => {
            let hint = did_you_mean(name).map_or(String::new(), |s| format!("; did you mean g:{s}?"));
            Err(err(name, format!("no such function in the card API{hint}")))
        }
    }
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
    fn misspelt_names_get_a_suggestion() {
        assert_eq!(did_you_mean("plcae"), Some("place"));
        assert_eq!(did_you_mean("choose_spaec"), Some("choose_space"));
    }
}
