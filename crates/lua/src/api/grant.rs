//! Free Operations and Special Activities an Event grants (5.5), run by the engine's own
//! procedures on the Event's terms (crates/core/src/game/grant.rs). In a dry run (5.1.3) a grant is
//! only judged possible or not: its own choices are the granted Faction's, at the time.

use super::{Api, Fields, R, err, faction, factions, fields, flag, game, how_many, method, shown, space_list, stop};
use crate::current;
use crate::words::{Arg, Word};
use abyss_core::game::decision::{Op, Special};
use abyss_core::game::{Force, Game, Grant};
use abyss_core::kernel::Faction;
use mlua::{Lua, Table};
use std::rc::Rc;

const OP_FIELDS: &[&str] = &[
    "op",
    "ops",
    "by",
    "where",
    "against",
    "each",
    "limited",
    "no_move",
    "ambush",
    "any_guerrilla",
    "no_activation",
    "markers",
    "force",
    "overrides",
];

fn op_word(name: &str, a: &Arg) -> R<Op> {
    match a {
        Arg::Word(Word::Op(o)) => Ok(*o),
        other => Err(err(name, format!("{} is not an Operation", shown(other)))),
    }
}

/// Read a grant from the table of `g:free_op` or `g:op_possible`.
fn grant_of(lua: &Lua, name: &str, f: &Fields, g: &Game) -> R<Grant> {
    let by = match f.get("by") {
        Arg::Nil => return Err(err(name, "`by` must name the Faction that executes the Operation")),
        a => faction(name, a)?,
    };
    let ops = match (f.get("op"), f.get("ops")) {
        (a, Arg::Nil) if !matches!(a, Arg::Nil) => vec![op_word(name, a)?],
        (Arg::Nil, Arg::Table(list)) => list
            .sequence_values::<Arg>()
            .map(|v| op_word(name, &v?))
            .collect::<R<Vec<Op>>>()?,
        _ => return Err(err(name, "give `op = \"...\"` or `ops = { ... }`")),
    };
    if ops.is_empty() {
        return Err(err(
            name,
            "`ops` is empty: list the Operations the Faction may choose from, e.g. ops = { \"sweep\", \"assault\" }",
        ));
    }
    for &op in &ops {
        // 5.1.1: an Event never gives a Faction another Faction's Operations.
        if !Op::of(by).contains(&op) {
            return Err(err(name, format!("{} cannot {} (5.1.1)", by.name(), op.slug())));
        }
    }
    let mut grant = Grant::new(by, ops[0]);
    grant.ops = ops;
    if let a @ Arg::Table(_) = f.get("where") {
        grant.only = space_list(lua, name, a)?.iter().fold(0, |m, s| m | s.bit());
    }
    let nowhere = matches!(f.get("where"), Arg::Table(_)) && grant.only == 0;
    grant.against = match f.get("against") {
        Arg::Nil => 0b1111,
        a => factions(name, a)?,
    };
    grant.each = flag(name, f.get("each"))?;
    grant.limited = flag(name, f.get("limited"))?;
    grant.no_move = flag(name, f.get("no_move"))?;
    grant.ambush = flag(name, f.get("ambush"))?;
    grant.any_guerrilla = flag(name, f.get("any_guerrilla"))?;
    grant.no_activation = flag(name, f.get("no_activation"))?;
    grant.markers = how_many(name, f.get("markers"), 1)?.max(1);
    grant.overrides = flag(name, f.get("overrides"))?;
    grant.force = match f.get("force") {
        Arg::Nil => Force::Cubes,
        Arg::Text(f) if f == "auc_as_troops" => Force::AucGuerrillasAsTroops,
        Arg::Text(f) if f == "police_as_troops" => Force::PoliceAsTroops,
        other => {
            return Err(err(
                name,
                format!(
                    "`force` must be \"auc_as_troops\" or \"police_as_troops\", not {}",
                    shown(other)
                ),
            ));
        }
    };
    if grant.no_move && !grant.ops.contains(&Op::Sweep) {
        return Err(err(name, "`no_move` is for Sweep"));
    }
    if grant.ambush && !grant.ops.contains(&Op::Attack) {
        return Err(err(name, "`ambush` is for Attack"));
    }
    if grant.ambush && by == Faction::Cartels {
        return Err(err(name, "the Cartels have no Ambush (4.5)"));
    }
    if nowhere {
        // Nowhere to act: a grant in an empty list of spaces is impossible.
        grant.ops.clear();
    }
    let _ = g;
    Ok(grant)
}

fn special_word(name: &str, a: &Arg) -> R<Option<Special>> {
    match a {
        Arg::Nil => Ok(None),
        Arg::Word(Word::Special(s)) => Ok(Some(*s)),
        other => Err(err(name, format!("{} is not a Special Activity", shown(other)))),
    }
}

pub(super) fn register(lua: &Lua, m: &Table, api: &Rc<Api>) -> R<()> {
    method(lua, m, api, "free_op", |lua, api, (t,): (Table,)| {
        let name = "free_op";
        let f = fields(lua, name, &t, OP_FIELDS)?;
        let spaces = game(name, |g, _| {
            let grant = grant_of(lua, name, &f, g)?;
            // In a dry run (5.1.3) the grant is carried out too, its questions explored.
            if grant.ops.is_empty() || !g.grant_possible(&grant) {
                if g.in_dry_run() {
                    current::fall_short(1);
                }
                return Ok(0);
            }
            let spaces = g.execute_grant(&grant).map_err(stop)?;
            current::did((spaces != 0) as u32);
            Ok(spaces)
        })?;
        super::spaces_table(
            lua,
            api,
            (0..64u8)
                .filter(|i| spaces & (1 << i) != 0)
                .map(abyss_core::kernel::SpaceId),
        )
    })?;
    method(lua, m, api, "op_possible", |lua, _, (t,): (Table,)| {
        let name = "op_possible";
        let f = fields(lua, name, &t, OP_FIELDS)?;
        game(name, |g, _| {
            let grant = grant_of(lua, name, &f, g)?;
            Ok(!grant.ops.is_empty() && g.grant_possible(&grant))
        })
    })?;
    method(lua, m, api, "free_special", |lua, _, (t,): (Table,)| {
        let name = "free_special";
        let f = fields(lua, name, &t, &["by", "special", "max_spaces", "overrides"])?;
        let by = faction(name, f.get("by"))?;
        let sa = special_word(name, f.get("special"))?;
        if let Some(sa) = sa
            && (!Special::of(by).contains(&sa) || sa == Special::Ambush)
        {
            return Err(err(
                name,
                format!(
                    "{} cannot {} this way (an Ambush is g:free_op{{ op = \"attack\", ambush = true }})",
                    by.name(),
                    sa.slug()
                ),
            ));
        }
        let max_spaces = match f.get("max_spaces") {
            Arg::Nil => None,
            a => Some(how_many(name, a, 1)?),
        };
        let overrides = flag(name, f.get("overrides"))?;
        game(name, |g, _| {
            let done = g.execute_granted_special(by, sa, max_spaces, overrides).map_err(stop)?;
            current::did(done as u32);
            if !done && g.in_dry_run() {
                current::fall_short(1);
            }
            Ok(done)
        })
    })?;
    method(lua, m, api, "special_possible", |lua, _, (t,): (Table,)| {
        let name = "special_possible";
        let f = fields(lua, name, &t, &["by", "special", "overrides"])?;
        let by = faction(name, f.get("by"))?;
        let Some(sa) = special_word(name, f.get("special"))? else {
            return Err(err(name, "`special` is required"));
        };
        let overrides = flag(name, f.get("overrides"))?;
        game(name, |g, _| Ok(g.granted_special_possible(by, sa, overrides)))
    })?;
    Ok(())
}
