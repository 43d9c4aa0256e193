//! What outlasts the Event: Capabilities (5.3), Momentum (5.4), other lasting rules, and
//! the Event's say over eligibility (2.3.7).

use super::{Api, R, err, faction, game, method, space};
use crate::words::{Arg, Word};
use abyss_core::kernel::{HOOKS, HookKind};
use mlua::{Lua, Table, Value};
use std::rc::Rc;

/// The hooks of a table such as { sweep_cost = 1 }, sorted by name (a fixed order).
fn hooks(name: &str, t: &Table) -> R<Vec<(&'static str, u8)>> {
    // Read first, then checked in the order of the names: `pairs` visits keys in the order
    // of the VM's string hashes, which change from process to process, and the message
    // for a table with two faults must not.
    let mut pairs = Vec::new();
    for pair in t.pairs::<Value, Arg>() {
        let (k, v) = pair?;
        let key = match &k {
            Value::String(s) => Ok(s.to_string_lossy()),
            other => Err(other.type_name()),
        };
        pairs.push((key, v));
    }
    pairs.sort_by(|a, b| a.0.cmp(&b.0));
    let mut out = Vec::new();
    for (key, v) in pairs {
        let key = match key {
            Ok(k) => k,
            Err(ty) => return Err(err(name, format!("hook names are strings, not {ty}"))),
        };
        let Some(&(hook, kind)) = HOOKS.iter().find(|h| h.0 == key) else {
            let names: Vec<&str> = HOOKS.iter().map(|h| h.0).collect();
            let key = crate::capped(&key, 40);
            return Err(err(name, format!("unknown hook `{key}` (hooks: {})", names.join(", "))));
        };
        let bad = || err(name, format!("hook `{hook}`: unexpected value {}", super::shown(&v)));
        let value = match (kind, &v) {
            (HookKind::Flag, Arg::Bool(b)) => *b as u8,
            (HookKind::Number | HookKind::Flag, Arg::Int(n)) => u8::try_from(*n).map_err(|_| bad())?,
            (HookKind::Factions, Arg::Word(Word::Faction(f))) => f.index() as u8,
            (HookKind::Spaces, a @ Arg::Word(Word::Space(_))) => space(name, a)?.0,
            _ => return Err(bad()),
        };
        out.push((hook, value));
    }
    out.sort();
    Ok(out)
}

pub(super) fn register(lua: &Lua, m: &Table, api: &Rc<Api>) -> R<()> {
    for name in ["capability", "momentum", "lasting"] {
        method(lua, m, api, name, move |_, _, (t,): (Table,)| {
            let hs = hooks(name, &t)?;
            game(name, |g, x| {
                let r = g.rules;
                let marker = match name {
                    "capability" => Some(g.state.set_capability(r, x.card, x.side)),
                    "momentum" => Some(g.state.add_momentum(r, x.card)),
                    _ => None,
                };
                if let Some(Err(e)) = marker {
                    return Err(err(name, e.describe(r)));
                }
                for (hook, v) in hs {
                    let set = if name == "momentum" {
                        g.state.set_momentum_modifier(hook, v)
                    } else {
                        g.state.set_lasting_modifier(hook, v)
                    };
                    set.map_err(|e| err(name, e))?;
                }
                crate::current::did(1);
                Ok(())
            })
        })?;
    }
    method(lua, m, api, "stay_eligible", |_, _, (f,): (Arg,)| {
        let f = faction("stay_eligible", &f)?;
        game("stay_eligible", |g, _| {
            g.card.event_override[f.index()] = Some(true);
            crate::current::did(1);
            Ok(())
        })
    })?;
    method(lua, m, api, "ineligible_through_next", |_, _, (f,): (Arg,)| {
        let f = faction("ineligible_through_next", &f)?;
        game("ineligible_through_next", |g, _| {
            // Ineligible at once, so it does not act on this card either, and through the
            // next card (docs/rulings.md: "Ineligible through next card").
            g.card.event_override[f.index()] = Some(false);
            g.state.set_eligible(f, false);
            crate::current::did(1);
            Ok(())
        })
    })?;
    Ok(())
}
