//! Effects: pieces, markers and tracks. Each does what the rules allow and ignores the
//! rest (1.4.1 no piece that is not Available, 1.4.2 stacking, 1.7 the tracks' limits,
//! 5.1.1), returns how much it did, and in a dry run counts what it could not do (5.1.3).

use super::{
    Api, Fields, Kinds, R, amount, err, faction, factions, fields, flag, game, how_many, kind, kinds, method,
    piece_type, space, space_list, state, stop,
};
use crate::current;
use crate::words::{Arg, Word};
use abyss_core::game::decision::{Choice, Doing, Op};
use abyss_core::game::{Action, Exec, Game};
use abyss_core::game::{Ask, CardAsk, CardMethod, Question};
use abyss_core::kernel::{Faction, PieceKind, PieceType, SpaceId, Support};
use mlua::{Lua, Table};
use std::rc::Rc;

/// Count what a primitive did, and in a dry run the `want - done` parts of the text it
/// did not carry out.
fn short(g: &Game, want: u32, done: u32) {
    current::did(done);
    if g.in_dry_run() && done < want {
        current::fall_short(want - done);
    }
}

/// "All" of something, or "up to" a number: carried out whatever was there (a text that
/// finds nothing to act on leaves nothing undone; whether it changed anything at all is
/// judged on the whole text, in `choose`).
fn short_all(_g: &Game, done: u32) {
    current::did(done);
}

/// `n` of something (`u8::MAX`: all of it) with `done` carried out.
fn short_n(g: &Game, n: u8, done: u32) {
    if n == u8::MAX {
        short_all(g, done);
    } else {
        short(g, u32::from(n), done);
    }
}

/// An amount added to a track: any whole number, taken as at most ±999 (the tracks end
/// at 0 and 99 or 29 anyway, 1.7).
fn saturated(name: &str, a: &Arg) -> R<i16> {
    match a {
        Arg::Int(n) => Ok((*n).clamp(-999, 999) as i16),
        Arg::Num(x) if x.fract() == 0.0 => Ok(x.clamp(-999.0, 999.0) as i16),
        other => Err(err(name, format!("{} is not a whole number", super::shown(other)))),
    }
}

/// The Factions whose pieces `who` names, in order.
fn factions_in(who: u8) -> impl Iterator<Item = Faction> {
    Faction::ALL.into_iter().filter(move |f| who & (1 << f.index()) != 0)
}

/// Ask `by` which class of the pieces in `s` that pass `keep` to take (with Done when
/// `optional`); None when there is none or `by` stopped.
#[allow(clippy::too_many_arguments)]
fn which_piece(
    g: &mut Game,
    by: Faction,
    s: SpaceId,
    who: u8,
    k: Kinds,
    u: Option<bool>,
    optional: bool,
    method: CardMethod,
) -> R<Option<(PieceType, Option<bool>)>> {
    let mut opts = Vec::new();
    g.piece_classes(s, who, |t, st| k.has(t) && (u.is_none() || st == u), &mut opts);
    if opts.is_empty() {
        return Ok(None);
    }
    if optional {
        opts.push(Choice::Done);
    }
    match g
        .ask(by, host_question(g, method), Some(s), |_, o| o.extend(opts))
        .map_err(stop)?
    {
        Choice::Piece(t, st) => Ok(Some((t, st))),
        _ => Ok(None),
    }
}

/// Remove up to `n` pieces from `s`, `by` choosing each; may stop when `optional`. "All"
/// (`n` = 255) takes every one without asking which.
#[allow(clippy::too_many_arguments)]
fn remove_n(
    g: &mut Game,
    by: Faction,
    s: SpaceId,
    who: u8,
    k: Kinds,
    u: Option<bool>,
    n: u8,
    optional: bool,
) -> R<u32> {
    let mut done = 0u32;
    if n == u8::MAX && !optional {
        loop {
            let mut opts = Vec::new();
            g.piece_classes(s, who, |t, st| k.has(t) && (u.is_none() || st == u), &mut opts);
            let Some(Choice::Piece(t, st)) = opts.first().copied() else {
                break;
            };
            // Those without Shipments first: a Shipment goes last, to whoever is left (4.5.3).
            let p = g
                .state
                .find_piece(g.rules, s, t, st)
                .map_err(|e| err("remove", e.describe(g.rules)))?;
            g.event_remove_piece(by, p).map_err(stop)?;
            done += 1;
        }
        return Ok(done);
    }
    for _ in 0..n {
        let Some((t, st)) = which_piece(g, by, s, who, k, u, optional, CardMethod::RemovePiece)? else {
            break;
        };
        let p = g.pick_piece(by, s, t, st).map_err(stop)?;
        g.event_remove_piece(by, p).map_err(stop)?;
        done += 1;
    }
    Ok(done)
}

/// g:place: `n` pieces of type `t` in `s`, as many as are Available and may stack.
pub(super) fn place(g: &mut Game, s: SpaceId, t: PieceType, n: u8) -> u32 {
    let done = place_n(g, s, t, n);
    short(g, n as u32, done);
    done
}

/// g:shift_support: as far as the track allows; the shift made.
pub(super) fn shift_support(g: &mut Game, s: SpaceId, n: i8) -> Result<i8, String> {
    if !g.rules.map.space(s).can_hold_support() || !g.state.in_play(s) {
        short(g, n.unsigned_abs() as u32, 0);
        return Ok(0);
    }
    let before = g.state.support(s).value();
    let to = (before + n).clamp(-2, 2);
    if to != before {
        g.state
            .set_support(g.rules, s, Support::from_value(to).expect("clamped"))
            .map_err(|e| err("shift_support", e.describe(g.rules)).to_string())?;
    }
    short(g, n.unsigned_abs() as u32, (to - before).unsigned_abs() as u32);
    Ok(to - before)
}

/// g:set_support: in a populated space in play (else nothing, and the text falls short).
pub(super) fn set_support(g: &mut Game, s: SpaceId, level: Support) -> Result<(), String> {
    if !g.rules.map.space(s).can_hold_support() || !g.state.in_play(s) {
        short(g, 1, 0);
        return Ok(());
    }
    let before = g.state.support(s);
    g.state
        .set_support(g.rules, s, level)
        .map_err(|e| err("set_support", e.describe(g.rules)).to_string())?;
    current::did((before != level) as u32);
    Ok(())
}

/// g:place_terror: up to `n` markers, as the pool allows.
pub(super) fn place_terror(g: &mut Game, s: SpaceId, n: u8) -> u32 {
    let mut done = 0u32;
    while (done as u8) < n && g.state.markers_on_map() < g.rules.forces.limits.terror_sabotage_markers {
        if g.state.place_terror(g.rules, s).is_err() {
            break;
        }
        done += 1;
    }
    short(g, n as u32, done);
    done
}

/// g:sabotage: a LoC not yet Sabotaged, while markers are left.
pub(super) fn sabotage(g: &mut Game, s: SpaceId) -> Result<bool, String> {
    if !g.rules.map.space(s).is_loc() {
        return Err(err("sabotage", format!("{} is not a LoC", g.rules.map.space(s).name)).to_string());
    }
    let ok = !g.state.space(s).sabotage
        && g.state.markers_on_map() < g.rules.forces.limits.terror_sabotage_markers
        && g.state.place_sabotage(g.rules, s).is_ok();
    short(g, 1, ok as u32);
    Ok(ok)
}

/// Place `n` pieces of type `t` in `s`, as many as Available and stacking allow.
fn place_n(g: &mut Game, s: SpaceId, t: PieceType, n: u8) -> u32 {
    let n = n.min(g.room_for(s, t));
    for _ in 0..n {
        let _ = g.state.place(g.rules, s, t);
    }
    n as u32
}

/// The piece types of the Factions in `who` with kinds among `ks` that have room in `s`.
fn placeable(g: &Game, s: SpaceId, who: u8, ks: &[PieceKind]) -> Vec<Choice> {
    PieceType::all()
        .into_iter()
        .filter(|t| who & (1 << t.faction.index()) != 0 && (ks.is_empty() || ks.contains(&t.kind)))
        .filter(|&t| g.room_for(s, t) > 0)
        .map(|t| Choice::Piece(t, None))
        .collect()
}

fn kind_list(name: &str, a: &Arg) -> R<Vec<PieceKind>> {
    match a {
        Arg::Nil => Ok(vec![]),
        Arg::Table(t) => t.sequence_values::<Arg>().map(|v| kind(name, &v?)).collect(),
        other => Ok(vec![kind(name, other)?]),
    }
}

/// `flip`, `place_in`, `move_pieces`, `remove_pieces`: the chooser and the common fields.
struct Spread {
    by: Faction,
    n: u8,
    up_to: bool,
    from: Option<Vec<SpaceId>>,
}

fn spread(lua: &Lua, name: &str, f: &Fields, exec: Exec) -> R<Spread> {
    let from = match f.get("from") {
        Arg::Nil => None,
        a => Some(space_list(lua, name, a)?),
    };
    Ok(Spread {
        by: super::decider(name, f, exec)?,
        n: how_many(name, f.get("n"), 1)?,
        up_to: flag(name, f.get("up_to"))?,
        from,
    })
}

impl Spread {
    fn allows(&self, s: SpaceId) -> bool {
        self.from.as_ref().is_none_or(|f| f.contains(&s))
    }
    /// Count the shortfall of a spread effect in a dry run.
    fn short(&self, g: &Game, done: u32) {
        if self.up_to || self.n == u8::MAX {
            short_all(g, done);
        } else {
            short(g, self.n as u32, done);
        }
    }

    /// One piece at a time, up to `n`: `by` picks a space among those `eligible` (and
    /// `from`) allow, or Done when `up_to`; `each` acts there and says how many pieces it
    /// changed (None: `by` stopped). The shortfall is counted at the end.
    fn one_at_a_time(
        &self,
        g: &mut Game,
        method: CardMethod,
        eligible: impl Fn(&Game, SpaceId) -> bool,
        mut each: impl FnMut(&mut Game, SpaceId) -> R<Option<u32>>,
    ) -> R<u32> {
        let mut done = 0u32;
        while (done as u8) < self.n {
            let opts: Vec<SpaceId> = g.spaces().filter(|&s| self.allows(s) && eligible(g, s)).collect();
            let q = host_question(g, method);
            let Some(s) = pick_space(g, self.by, q, &opts, self.up_to)? else {
                break;
            };
            let Some(n) = each(g, s)? else { break };
            done += n;
        }
        self.short(g, done);
        Ok(done)
    }
}

/// A question the host asks while it carries out a card's effect (which piece, which
/// space a piece moves to...): typed as the card's, with line 0 (the effect's own call
/// is the script's line; these are its sub-questions, told apart by `method`).
fn host_question(g: &Game, method: CardMethod) -> Question {
    let (card, side) = match g.doing {
        Doing::Event { card, side, .. } => (card, side),
        _ => (0, abyss_core::kernel::Side::Unshaded),
    };
    Question::from(Ask::Card(CardAsk {
        card,
        side,
        method,
        line: 0,
        shifts_support: false,
        shift: None,
    }))
}

/// Ask `by` for one space among `opts` (with Done when `optional`).
pub(super) fn pick_space(
    g: &mut Game,
    by: Faction,
    q: Question,
    opts: &[SpaceId],
    optional: bool,
) -> R<Option<SpaceId>> {
    if opts.is_empty() {
        return Ok(None);
    }
    let c = g
        .ask(by, q, None, |_, o| {
            o.extend(opts.iter().map(|&s| Choice::Space(s)));
            if optional {
                o.push(Choice::Done);
            }
        })
        .map_err(stop)?;
    Ok(match c {
        Choice::Space(s) => Some(s),
        _ => None,
    })
}

pub(super) fn register(lua: &Lua, m: &Table, api: &Rc<Api>) -> R<()> {
    method(
        lua,
        m,
        api,
        "place_pieces",
        |_, _, (s, f, n, ks): (Arg, Arg, Arg, Arg)| {
            let s = space("place_pieces", &s)?;
            let who = factions("place_pieces", &f)?;
            let n = how_many("place_pieces", &n, 1)?;
            let ks = kind_list("place_pieces", &ks)?;
            game("place_pieces", |g, x| {
                let mut done = 0u32;
                for _ in 0..n {
                    let opts = placeable(g, s, who, &ks);
                    if opts.is_empty() {
                        break;
                    }
                    let c = g
                        .ask(x.faction, host_question(g, CardMethod::PlacePiece), Some(s), |_, o| {
                            o.extend(opts)
                        })
                        .map_err(stop)?;
                    if let Choice::Piece(t, _) = c {
                        done += place_n(g, s, t, 1);
                    }
                }
                short(g, n as u32, done);
                Ok(done)
            })
        },
    )?;
    method(
        lua,
        m,
        api,
        "remove",
        |_, _, (s, f, k, n, u): (Arg, Arg, Arg, Arg, Arg)| remove([s, f, k, n, u]),
    )?;
    method(
        lua,
        m,
        api,
        "remove_up_to",
        |_, _, (s, f, n, k): (Arg, Arg, Arg, Arg)| remove_up_to([s, f, n, k]),
    )?;
    method(
        lua,
        m,
        api,
        "replace",
        |_, _, (s, f, k, bf, bk, n, u): (Arg, Arg, Arg, Arg, Arg, Arg, Arg)| {
            let s = space("replace", &s)?;
            let from_f = faction("replace", &f)?;
            // kind nil: any of the Faction's pieces ("replace up to 3 Cartels pieces").
            let from_k = kinds("replace", &k)?;
            if let Kinds::One(k) = from_k {
                piece_type("replace", from_f, k)?;
            }
            let to_who = factions("replace", &bf)?;
            let to_kinds = kind_list("replace", &bk)?;
            let n = how_many("replace", &n, 1)?;
            let u = state("replace", &u)?;
            game("replace", |g, x| {
                let mut done = 0u32;
                for _ in 0..n {
                    let Some((t, u)) = which_piece(
                        g,
                        x.faction,
                        s,
                        1 << from_f.index(),
                        from_k,
                        u,
                        false,
                        CardMethod::ReplacePiece,
                    )?
                    else {
                        break;
                    };
                    // The replacements there are: by Faction and kind, other than the piece's own.
                    let types: Vec<PieceType> = PieceType::all()
                        .into_iter()
                        .filter(|c| to_who & (1 << c.faction.index()) != 0 && *c != t)
                        .filter(|c| to_kinds.is_empty() || to_kinds.contains(&c.kind))
                        .collect();
                    if types.is_empty() {
                        return Err(super::err("replace", "no piece type to replace with"));
                    }
                    let available: Vec<PieceType> =
                        types.iter().copied().filter(|&c| g.state.available(c) > 0).collect();
                    let fits: Vec<PieceType> = available
                        .iter()
                        .copied()
                        .filter(|&c| g.state.can_stack(g.rules, s, c, Some(t)).is_ok())
                        .collect();
                    let to = if available.is_empty() {
                        // 5.1.1: none Available, so the piece is removed rather than replaced.
                        types[0]
                    } else if fits.is_empty() {
                        // 1.4.2: stacking forbids every replacement here; nothing happens.
                        break;
                    } else if fits.len() == 1 {
                        fits[0]
                    } else {
                        let c = g
                            .ask(x.faction, host_question(g, CardMethod::ReplaceWith), Some(s), |_, o| {
                                o.extend(fits.iter().map(|&c| Choice::Piece(c, None)))
                            })
                            .map_err(stop)?;
                        let Choice::Piece(c, _) = c else {
                            return Err(super::err("replace", "expected a piece"));
                        };
                        c
                    };
                    let p = g.pick_piece(x.faction, s, t, u).map_err(stop)?;
                    g.event_replace_piece(x.faction, p, to).map_err(stop)?;
                    done += 1;
                }
                short_n(g, n, done);
                Ok(done)
            })
        },
    )?;
    method(
        lua,
        m,
        api,
        "move",
        |_, _, (a, b, f, k, n, u): (Arg, Arg, Arg, Arg, Arg, Arg)| {
            let (from, to) = (space("move", &a)?, space("move", &b)?);
            let who = 1 << faction("move", &f)?.index();
            let (k, n, u) = (kinds("move", &k)?, how_many("move", &n, 1)?, state("move", &u)?);
            if from == to {
                return Err(err("move", "the pieces are already there"));
            }
            game("move", |g, x| {
                let mut done = 0u32;
                let mut act = Action::new(x.faction, Op::Train);
                for _ in 0..n {
                    let mut opts = Vec::new();
                    g.piece_classes(
                        from,
                        who,
                        |t, st| k.has(t) && (u.is_none() || st == u) && g.room_for_move(to, t),
                        &mut opts,
                    );
                    if opts.is_empty() {
                        break;
                    }
                    let c = g
                        .ask(
                            x.faction,
                            host_question(g, CardMethod::MovePiece),
                            Some(from),
                            |_, o| o.extend(opts),
                        )
                        .map_err(stop)?;
                    let Choice::Piece(t, st) = c else { break };
                    g.move_pieces(&mut act, from, to, t, st, 1).map_err(stop)?;
                    done += 1;
                }
                short_n(g, n, done);
                Ok(done)
            })
        },
    )?;
    for (name, to_active) in [("activate", true), ("underground", false)] {
        method(lua, m, api, name, move |_, _, (s, f, n): (Arg, Arg, Arg)| {
            flip_guerrillas(name, to_active, [s, f, n])
        })?;
    }
    method(lua, m, api, "flip", |lua, _, (t,): (Table,)| {
        game("flip", |g, x| {
            let f = fields(lua, "flip", &t, &["n", "to", "faction", "from", "up_to", "by"])?;
            let sp = spread(lua, "flip", &f, x)?;
            let to_active = match f.get("to") {
                Arg::Word(Word::State(u)) => !u,
                other => {
                    return Err(err(
                        "flip",
                        format!(
                            "`to` must be \"active\" or \"underground\", not {}",
                            super::shown(other)
                        ),
                    ));
                }
            };
            let who = match f.get("faction") {
                Arg::Nil => 0b1110,
                a => factions("flip", a)? & 0b1110,
            };
            // A Guerrilla of Faction f in s that can flip.
            let ready = move |g: &Game, s: SpaceId, f: Faction| g.state.space(s).guerrillas(f, to_active) > 0;
            sp.one_at_a_time(
                g,
                CardMethod::FlipIn,
                |g, s| factions_in(who).any(|f| ready(g, s, f)),
                |g, s| {
                    let ready: Vec<Choice> = factions_in(who)
                        .filter(|&f| ready(g, s, f))
                        .map(Choice::Faction)
                        .collect();
                    let Choice::Faction(f) = g
                        .ask(sp.by, host_question(g, CardMethod::FlipFaction), Some(s), |_, o| {
                            o.extend(ready)
                        })
                        .map_err(stop)?
                    else {
                        return Ok(None);
                    };
                    let r = if to_active {
                        g.state.activate(g.rules, s, f)
                    } else {
                        g.state.go_underground(g.rules, s, f)
                    };
                    r.map_err(|e| err("flip", e.describe(g.rules)))?;
                    Ok(Some(1))
                },
            )
        })
    })?;
    method(lua, m, api, "place_in", |lua, _, (t,): (Table,)| {
        game("place_in", |g, x| {
            let f = fields(lua, "place_in", &t, &["faction", "kind", "n", "from", "up_to", "by"])?;
            let sp = spread(lua, "place_in", &f, x)?;
            let ty = piece_type(
                "place_in",
                faction("place_in", f.get("faction"))?,
                kind("place_in", f.get("kind"))?,
            )?;
            sp.one_at_a_time(
                g,
                CardMethod::PlaceIn,
                |g, s| g.room_for(s, ty) > 0,
                |g, s| Ok(Some(place_n(g, s, ty, 1))),
            )
        })
    })?;
    method(lua, m, api, "remove_pieces", |lua, _, (t,): (Table,)| {
        game("remove_pieces", |g, x| {
            let f = fields(
                lua,
                "remove_pieces",
                &t,
                &["faction", "kind", "n", "from", "up_to", "by"],
            )?;
            let sp = spread(lua, "remove_pieces", &f, x)?;
            let who = factions("remove_pieces", f.get("faction"))?;
            let k = kinds("remove_pieces", f.get("kind"))?;
            let slots = super::query::slots_of(who, k, None);
            sp.one_at_a_time(
                g,
                CardMethod::RemoveFrom,
                |g, s| super::query::count_in(g, s, slots) > 0,
                |g, s| Ok(Some(remove_n(g, sp.by, s, who, k, None, 1, false)?)),
            )
        })
    })?;
    method(lua, m, api, "move_pieces", |lua, _, (t,): (Table,)| {
        game("move_pieces", |g, x| {
            let f = fields(
                lua,
                "move_pieces",
                &t,
                &["faction", "kind", "n", "to", "from", "up_to", "by"],
            )?;
            let sp = spread(lua, "move_pieces", &f, x)?;
            let who = 1 << faction("move_pieces", f.get("faction"))?.index();
            let k = kinds("move_pieces", f.get("kind"))?;
            let dests = f.get("to");
            let fixed = match &dests {
                Arg::Table(_) => Some(space_list(lua, "move_pieces", dests)?),
                Arg::Text(w) if w == "any" => None,
                Arg::Text(w) if w == "adjacent" => None,
                other => {
                    return Err(err(
                        "move_pieces",
                        format!(
                            "`to` must be \"adjacent\", \"any\" or a list of spaces, not {}",
                            super::shown(other)
                        ),
                    ));
                }
            };
            let adjacent = matches!(&dests, Arg::Text(w) if w == "adjacent");
            let mut act = Action::new(x.faction, Op::Train);
            // Where a piece of type t may go from `from`; whether it may go anywhere is asked
            // of every space and type while listing the origins, so that stops at the first.
            let dest = |g: &Game, from: SpaceId, t: PieceType, s: SpaceId| {
                s != from
                    && (!adjacent || g.rules.map.adjacent(from, s))
                    && fixed.as_ref().is_none_or(|f| f.contains(&s))
                    && g.room_for_move(s, t)
            };
            let may_go = |g: &Game, from: SpaceId, t: PieceType| g.spaces().any(|s| dest(g, from, t, s));
            // Its own loop rather than `one_at_a_time`: which origins are eligible depends on
            // the pieces moved so far (`act`), which each move changes.
            let mut done = 0u32;
            while (done as u8) < sp.n {
                let origins: Vec<SpaceId> = g
                    .spaces()
                    .filter(|&s| sp.allows(s))
                    .filter(|&s| {
                        PieceType::all().into_iter().any(|t| {
                            who & (1 << t.faction.index()) != 0
                                && k.has(t)
                                && g.unmoved(&act, s, t, None) > 0
                                && may_go(g, s, t)
                        })
                    })
                    .collect();
                let Some(from) = pick_space(g, sp.by, host_question(g, CardMethod::MoveFrom), &origins, sp.up_to)?
                else {
                    break;
                };
                let mut opts = Vec::new();
                g.piece_classes(
                    from,
                    who,
                    |t, u| k.has(t) && g.unmoved(&act, from, t, u) > 0 && may_go(g, from, t),
                    &mut opts,
                );
                let Choice::Piece(ty, u) = g
                    .ask(sp.by, host_question(g, CardMethod::MovePiece), Some(from), |_, o| {
                        o.extend(opts)
                    })
                    .map_err(stop)?
                else {
                    break;
                };
                let to: Vec<SpaceId> = g.spaces().filter(|&s| dest(g, from, ty, s)).collect();
                let Some(to) = pick_space(g, sp.by, host_question(g, CardMethod::MoveTo), &to, false)? else {
                    break;
                };
                g.move_pieces(&mut act, from, to, ty, u, 1).map_err(stop)?;
                done += 1;
            }
            sp.short(g, done);
            Ok(done)
        })
    })?;

    method(lua, m, api, "remove_terror", |_, _, (s, n): (Arg, Arg)| {
        let s = space("remove_terror", &s)?;
        let n = how_many("remove_terror", &n, u8::MAX)?;
        game("remove_terror", |g, _| {
            let mut done = 0u32;
            while (done as u8) < n && g.state.space(s).terror > 0 {
                let _ = g.state.remove_terror(s);
                done += 1;
            }
            short_n(g, n, done);
            Ok(done)
        })
    })?;
    method(lua, m, api, "remove_sabotage", |_, _, (s,): (Arg,)| {
        let s = space("remove_sabotage", &s)?;
        game("remove_sabotage", |g, _| {
            let ok = g.state.space(s).sabotage && g.state.remove_sabotage(s).is_ok();
            short(g, 1, ok as u32);
            Ok(ok)
        })
    })?;
    method(lua, m, api, "remove_farc_zone", |_, _, (s,): (Arg,)| {
        let s = space("remove_farc_zone", &s)?;
        game("remove_farc_zone", |g, _| {
            g.state
                .remove_farc_zone(s)
                .map_err(|e| err("remove_farc_zone", e.describe(g.rules)))?;
            current::did(1);
            Ok(())
        })
    })?;
    method(lua, m, api, "add_resources", |_, _, (f, n): (Arg, Arg)| {
        add_resources([f, n])
    })?;
    method(lua, m, api, "transfer_resources", |_, _, (a, b, n): (Arg, Arg, Arg)| {
        let (a, b) = (faction("transfer_resources", &a)?, faction("transfer_resources", &b)?);
        let n = amount("transfer_resources", &n, 999)?.max(0);
        game("transfer_resources", |g, _| {
            let moved = n.min(g.state.resources(a) as i16);
            g.state.gain_resources(g.rules, a, -moved);
            g.state.gain_resources(g.rules, b, moved);
            current::did((moved != 0) as u32);
            Ok(moved)
        })
    })?;
    method(lua, m, api, "add_aid", |_, _, (n,): (Arg,)| add_aid([n]))?;
    method(lua, m, api, "place_shipment", |_, _, (s, f): (Arg, Arg)| {
        place_shipment([s, f])
    })?;
    method(lua, m, api, "remove_shipment", |_, _, (s,): (Arg,)| {
        remove_shipment([s])
    })?;
    method(lua, m, api, "remove_from_game", |_, _, (f, k, n): (Arg, Arg, Arg)| {
        let t = piece_type(
            "remove_from_game",
            faction("remove_from_game", &f)?,
            kind("remove_from_game", &k)?,
        )?;
        let n = how_many("remove_from_game", &n, 1)?;
        game("remove_from_game", |g, _| {
            let mut done = 0u32;
            while (done as u8) < n && g.state.remove_from_game(g.rules, t).is_ok() {
                done += 1;
            }
            short(g, n as u32, done);
            Ok(done)
        })
    })?;
    method(lua, m, api, "open_space", |_, _, (s,): (Arg,)| {
        let s = space("open_space", &s)?;
        game("open_space", |g, _| {
            if !g.state.in_play(s) {
                g.state
                    .open_space(g.rules, s)
                    .map_err(|e| err("open_space", e.describe(g.rules)))?;
                current::did(1);
            }
            Ok(())
        })
    })?;
    method(lua, m, api, "roll", |_, _, ()| {
        game("roll", |g, _| Ok(g.state.dice.d6()))
    })?;
    method(lua, m, api, "log", |_, _, (text,): (Arg,)| {
        let text = match text {
            Arg::Text(t) => t,
            a => super::shown(&a),
        };
        // Log lines reach terminals: no control characters, and no novels.
        let text: String = text.chars().filter(|c| !c.is_control()).take(300).collect();
        game("log", |g, x| {
            let card = x.card;
            g.note(move |_| format!("card {card}: {text}"));
            Ok(())
        })
    })?;
    Ok(())
}

// ---- the plain effects: also served off mlua's path (raw.rs `plain!`) -------------------

/// g:remove(space, factions, kind, n, state): the executor picks which pieces.
pub(super) fn remove([s, f, k, n, u]: [Arg; 5]) -> R<u32> {
    let s = space("remove", &s)?;
    let who = factions("remove", &f)?;
    let (k, n, u) = (kinds("remove", &k)?, how_many("remove", &n, 1)?, state("remove", &u)?);
    game("remove", |g, x| {
        let done = remove_n(g, x.faction, s, who, k, u, n, false)?;
        short_n(g, n, done);
        Ok(done)
    })
}

/// g:remove_up_to(space, factions, n, kind).
pub(super) fn remove_up_to([s, f, n, k]: [Arg; 4]) -> R<u32> {
    let s = space("remove_up_to", &s)?;
    let who = factions("remove_up_to", &f)?;
    let (n, k) = (how_many("remove_up_to", &n, 1)?, kinds("remove_up_to", &k)?);
    game("remove_up_to", |g, x| {
        let done = remove_n(g, x.faction, s, who, k, None, n, true)?;
        short_all(g, done);
        Ok(done)
    })
}

/// g:activate / g:underground(space, factions, n): flip Guerrillas (all when n is nil).
pub(super) fn flip_guerrillas(name: &'static str, to_active: bool, [s, f, n]: [Arg; 3]) -> R<u32> {
    let s = space(name, &s)?;
    let who = match f {
        Arg::Nil => 0b1110,
        a => factions(name, &a)? & 0b1110,
    };
    let n = how_many(name, &n, u8::MAX)?;
    game(name, |g, x| {
        let mut done = 0u32;
        let there: u8 = factions_in(who)
            .map(|f| g.state.count(s, PieceType::guerrilla(f)))
            .sum();
        while (done as u8) < n {
            let ready: Vec<Faction> = factions_in(who)
                .filter(|&f| g.state.space(s).guerrillas(f, to_active) > 0)
                .collect();
            let f = match ready.as_slice() {
                [] => break,
                [f] => *f,
                _ if n == u8::MAX => ready[0],
                _ => match g
                    .ask(x.faction, host_question(g, CardMethod::FlipFaction), Some(s), |_, o| {
                        o.extend(ready.iter().map(|&f| Choice::Faction(f)))
                    })
                    .map_err(stop)?
                {
                    Choice::Faction(f) => f,
                    _ => break,
                },
            };
            let r = if to_active {
                g.state.activate(g.rules, s, f)
            } else {
                g.state.go_underground(g.rules, s, f)
            };
            r.map_err(|e| err(name, e.describe(g.rules)))?;
            done += 1;
        }
        if n == u8::MAX {
            short_all(g, there as u32);
        } else {
            short(g, n as u32, done);
        }
        Ok(done)
    })
}

/// g:add_resources(faction, n): the Faction's Resources after.
pub(super) fn add_resources([f, n]: [Arg; 2]) -> R<u8> {
    let f = faction("add_resources", &f)?;
    // 1.7: the track stops at 0 and 99 whatever the amount.
    let n = saturated("add_resources", &n)?;
    game("add_resources", |g, _| {
        let before = g.state.resources(f);
        g.state.gain_resources(g.rules, f, n);
        current::did((before != g.state.resources(f)) as u32);
        Ok(g.state.resources(f))
    })
}

/// g:add_aid(n): Aid after.
pub(super) fn add_aid([n]: [Arg; 1]) -> R<u8> {
    let n = saturated("add_aid", &n)?;
    game("add_aid", |g, _| {
        let before = g.state.aid();
        g.state.gain_aid(g.rules, n);
        current::did((before != g.state.aid()) as u32);
        Ok(g.state.aid())
    })
}

/// g:place_shipment(space, faction): with one of the Faction's Guerrillas there.
pub(super) fn place_shipment([s, f]: [Arg; 2]) -> R<bool> {
    let s = space("place_shipment", &s)?;
    let f = faction("place_shipment", &f)?;
    if f == Faction::Govt {
        return Err(err(
            "place_shipment",
            "Shipments go with Guerrillas: the Government has none (4.5.3)",
        ));
    }
    game("place_shipment", |g, _| {
        let t = PieceType::guerrilla(f);
        let on = g.state.shipments_on_map().count();
        if g.state.count(s, t) == 0 || on >= g.rules.forces.limits.shipments as usize {
            short(g, 1, 0);
            return Ok(false);
        }
        // The owner says which of its Guerrillas holds it when they differ.
        let (ug, ag) = (
            g.state.space(s).guerrillas(f, true),
            g.state.space(s).guerrillas(f, false),
        );
        let u = if ug > 0 && ag > 0 {
            let c = g
                .ask(f, host_question(g, CardMethod::ShipmentHolder), Some(s), |_, o| {
                    o.extend([Choice::Piece(t, Some(true)), Choice::Piece(t, Some(false))])
                })
                .map_err(stop)?;
            matches!(c, Choice::Piece(_, Some(true)))
        } else {
            ug > 0
        };
        let p = g
            .state
            .find_piece(g.rules, s, t, Some(u))
            .map_err(|e| err("place_shipment", e.describe(g.rules)))?;
        let ok = g.state.place_shipment(g.rules, p).is_ok();
        current::did(ok as u32);
        Ok(ok)
    })
}

/// g:remove_shipment(space): the executor picks whose, when they differ (5.1).
pub(super) fn remove_shipment([s]: [Arg; 1]) -> R<bool> {
    let s = space("remove_shipment", &s)?;
    game("remove_shipment", |g, x| {
        let here: Vec<(u8, Faction)> = g
            .state
            .shipments_on_map()
            .filter(|&(_, p)| g.state.piece_space(p) == Some(s))
            .map(|(i, p)| (i, g.rules.forces.type_of(p).faction))
            .collect();
        let Some(&(first, _)) = here.first() else {
            short(g, 1, 0);
            return Ok(false);
        };
        // 5.1: the executor picks which Shipment goes, by whose it is.
        let mut owners: Vec<Faction> = here.iter().map(|&(_, f)| f).collect();
        owners.dedup();
        let i = if owners.len() > 1 {
            let c = g
                .ask(
                    x.faction,
                    host_question(g, CardMethod::ShipmentOwner),
                    Some(s),
                    |_, o| o.extend(owners.iter().map(|&f| Choice::Faction(f))),
                )
                .map_err(stop)?;
            here.iter()
                .find(|&&(_, f)| Choice::Faction(f) == c)
                .map_or(first, |&(i, _)| i)
        } else {
            first
        };
        let ok = g.state.remove_shipment(i).is_ok();
        current::did(ok as u32);
        Ok(ok)
    })
}
