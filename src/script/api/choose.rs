//! Questions. The chooser is the executing Faction unless `by` names another (5.1).
//!
//! 5.1.3 ("if not all of an executed Event's text can be carried out, implement that
//! which can") is the engine's, not the script's: a choice given `effect` — the text to carry
//! out for the candidate chosen — first tries `effect` on every candidate in a dry run
//! (src/game/dryrun.rs), counting what the primitives could not do, and offers only the
//! candidates where something happens and the least is left undone. When nothing can
//! happen anywhere, nothing is asked. Questions inside `effect` are explored depth first
//! during the dry run, so a candidate counts with its best way of carrying out the text;
//! a choice with its own `effect` among them offers the explorer only what 5.1.3 allows.

use super::{
    Api, Fields, R, decider, err, faction, fields, flag, game, how_many, method, prompt, shown, space_list, stop,
};
use crate::game::decision::{Choice, Prompt};
use crate::kernel::{Faction, SpaceId};
use crate::script::current;
use crate::script::words::{Arg, Out, Word};
use mlua::{Function, IntoLua, Lua, Table, Value};
use std::rc::Rc;

/// Tries of `effect` for one candidate, and for one question, before settling: a question
/// with more than 10 candidates gives each an equal share of the 512.
const TRIES_PER_CANDIDATE: usize = 48;
const TRIES_PER_QUESTION: usize = 512;

/// How well `effect` does for a candidate: something happened, and how much was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Outcome {
    changed: bool,
    short: u32,
}

impl Outcome {
    const NONE: Outcome = Outcome {
        changed: false,
        short: u32::MAX,
    };
    fn better_than(self, o: Outcome) -> bool {
        (self.changed && !o.changed) || (self.changed == o.changed && self.short < o.short)
    }
}

/// 5.1.3: the indexes of the candidates (each passed to `effect` as a Lua value) where the
/// most of the text can be carried out; none when nothing can happen with any of them.
/// When none can change anything and the choice is `required`, the least part of the
/// text left undone with any of them counts as left undone (a dry run within another's
/// `effect`: "shift 1 adjacent Department" with none that can shift leaves the shift
/// undone; "remove all" from none is done).
fn most_done(lua: &Lua, name: &'static str, values: &[Value], effect: &Function, required: bool) -> R<Vec<usize>> {
    // Inside a dry run (a question within another's `effect`), this question is judged in
    // a dry run of its own, as it will be when asked: the outer try then follows only the
    // answers 5.1.3 allows, and finds the full text within its budget of tries (an outer
    // explorer alone may spend it all on answers that do nothing). The outer try's
    // shortfall so far is set aside meanwhile.
    let outer_short = current::take_shortfall();
    let outer_did = current::take_did();
    // Nested in a dry run, the first of the best is all that will be used (`best_at_once`):
    // the first candidate that carries out all the text is that one.
    let first_perfect = game(name, |g, _| Ok(g.in_dry_run()))?;
    let kept = most_done_now(name, values, effect, first_perfect);
    current::fall_short(outer_short);
    current::did(outer_did);
    let kept = match kept {
        Ok((kept, least)) => {
            if kept.is_empty() && required {
                current::fall_short(least);
            }
            Ok(kept)
        }
        Err(e) => Err(e),
    };
    let _ = lua;
    kept
}

fn most_done_now(name: &'static str, values: &[Value], effect: &Function, first_perfect: bool) -> R<(Vec<usize>, u32)> {
    let explorer = game(name, |g, _| Ok(g.dry_begin()))?;
    let end = || {
        game(name, |g, _| {
            g.dry_end();
            Ok(())
        })
    };
    let mut outcomes = Vec::with_capacity(values.len());
    // Each candidate gets the same share of the question's tries, so its outcome depends
    // on the position and the candidate alone, not on the candidates tried before it: an
    // agent that judges one candidate (`Agent::uniform_dice`) sees the verdict the whole
    // list would give.
    let per_candidate = (TRIES_PER_QUESTION / values.len().max(1)).clamp(1, TRIES_PER_CANDIDATE);
    for v in values {
        explorer.borrow_mut().reset();
        let mut best = Outcome::NONE;
        let mut mine = 0usize;
        loop {
            game(name, |g, _| {
                g.dry_rewind();
                Ok(())
            })
            .inspect_err(|_| {
                let _ = end();
            })?;
            current::take_shortfall();
            current::take_did();
            let result = effect.call::<()>(v.clone());
            let short = current::take_shortfall();
            let did = current::take_did();
            let stopped = current::take_stop();
            match (result, stopped) {
                // A dead end on this path of answers: it does not count.
                (_, Some(_)) => {}
                (Err(e), None) => {
                    let _ = end();
                    return Err(e);
                }
                (Ok(()), None) => {
                    // A primitive that did something says so. A text that fell short with
                    // nothing done changed nothing; a text with nothing to do (vacuous
                    // "all") is checked against the position itself.
                    let changed = did > 0 || (short == 0 && game(name, |g, _| Ok(g.dry_changed()))?);
                    let o = Outcome { changed, short };
                    if o.better_than(best) {
                        best = o;
                    }
                }
            }
            mine += 1;
            let perfect = best.changed && best.short == 0;
            if perfect || mine >= per_candidate || !explorer.borrow_mut().advance() {
                break;
            }
        }
        outcomes.push(best);
        if first_perfect && best.changed && best.short == 0 {
            break;
        }
    }
    end()?;
    let least = outcomes.iter().map(|o| o.short).min().unwrap_or(1);
    let Some(top) = outcomes.iter().copied().filter(|o| o.changed).min_by_key(|o| o.short) else {
        return Ok((vec![], least));
    };
    Ok(((0..outcomes.len()).filter(|&i| outcomes[i] == top).collect(), 0))
}

/// In a dry run, count `n` parts of the text not carried out.
fn short_in_dry_run(name: &'static str, n: u32) -> R<()> {
    game(name, |g, _| {
        if n > 0 && g.in_dry_run() {
            current::fall_short(n);
        }
        Ok(())
    })
}

/// The optional `effect` of a question: the text to carry out for the candidate chosen.
fn effect_of(name: &str, f: &Fields) -> R<Option<Function>> {
    match f.get("effect") {
        Arg::Nil => Ok(None),
        Arg::Function(f) => Ok(Some(f)),
        other => Err(err(name, format!("`effect` must be a function, not {}", shown(&other)))),
    }
}

/// The spaces of `from` that `effect` (if any) lets carry out the most (5.1.3).
fn candidates(
    lua: &Lua,
    api: &Api,
    name: &'static str,
    from: Vec<SpaceId>,
    effect: Option<&Function>,
    required: bool,
) -> R<Vec<SpaceId>> {
    let Some(effect) = effect else { return Ok(from) };
    let values: Vec<Value> = from.iter().map(|&s| Value::String(api.words.space(s))).collect();
    let keep = most_done(lua, name, &values, effect, required)?;
    Ok(keep.into_iter().map(|i| from[i]).collect())
}

/// Inside a dry run, a choice with an `effect` takes its best candidate at once: its own
/// dry run has just found which do the most, so the outer one need not try them all again
/// (a nested choice would otherwise multiply the tries).
fn best_at_once(name: &'static str, effect: bool) -> R<bool> {
    Ok(effect && game(name, |g, _| Ok(g.in_dry_run()))?)
}

/// Ask `by` to pick one of `opts` (or Done when `optional`); in a dry run with an
/// `effect`, the first of the best.
fn ask_space(
    name: &'static str,
    by: Faction,
    p: &Prompt,
    opts: &[SpaceId],
    optional: bool,
    effect: bool,
) -> R<Option<SpaceId>> {
    if opts.is_empty() {
        return Ok(None);
    }
    if best_at_once(name, effect)? {
        return Ok(Some(opts[0]));
    }
    game(name, |g, _| super::effect::pick_space(g, by, p.clone(), opts, optional))
}

fn word_value(lua: &Lua, c: Choice) -> R<Value> {
    let w = match c {
        Choice::Op(o) => o.slug().to_string(),
        Choice::Step(s) => s.slug().replace('-', "_"),
        Choice::Faction(f) => f.slug().to_string(),
        Choice::Level(l) => l.slug().to_string(),
        Choice::Special(s) => s.slug().replace('-', "_"),
        _ => return Ok(Value::Nil),
    };
    Ok(Value::String(lua.create_string(w)?))
}

pub(super) fn register(lua: &Lua, m: &Table, api: &Rc<Api>) -> R<()> {
    method(lua, m, api, "choose_space", |lua, api, (t,): (Table,)| {
        let name = "choose_space";
        let f = fields(lua, name, &t, &["prompt", "from", "optional", "by", "effect"])?;
        let p = prompt(name, &f)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let from = space_list(name, &f.get("from"))?;
        let optional = flag(name, &f.get("optional"))?;
        let effect = effect_of(name, &f)?;
        let from = game(name, |g, _| {
            Ok(from.into_iter().filter(|&s| g.state.in_play(s)).collect::<Vec<_>>())
        })?;
        let none = from.is_empty();
        let opts = candidates(lua, api, name, from, effect.as_ref(), !optional)?;
        let Some(s) = ask_space(name, by, &p, &opts, optional, effect.is_some())? else {
            // 5.1.3: a required choice with nothing to choose from leaves its text undone.
            if !optional && none {
                short_in_dry_run(name, 1)?;
            }
            return Ok(Value::Nil);
        };
        if let Some(effect) = effect {
            effect.call::<()>(api.words.space(s))?;
        }
        Ok(Value::String(api.words.space(s)))
    })?;
    method(lua, m, api, "choose_spaces", |lua, api, (t,): (Table,)| {
        let name = "choose_spaces";
        let f = fields(
            lua,
            name,
            &t,
            &["prompt", "from", "n", "up_to", "by", "effect", "highest"],
        )?;
        let p = prompt(name, &f)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let from = space_list(name, &f.get("from"))?;
        let (n, up_to) = match (f.get("n"), f.get("up_to")) {
            (Arg::Nil, Arg::Nil) => {
                return Err(err(
                    name,
                    "say how many: `n =` (exactly, as many as possible) or `up_to =`",
                ));
            }
            (n, Arg::Nil) => (how_many(name, &n, 1)?, false),
            (Arg::Nil, u) => (how_many(name, &u, 1)?, true),
            _ => return Err(err(name, "give `n` or `up_to`, not both")),
        };
        let effect = effect_of(name, &f)?;
        let highest = match f.get("highest") {
            Arg::Nil => None,
            Arg::Function(f) => Some(f),
            other => {
                return Err(err(
                    name,
                    format!("`highest` must be a function, not {}", shown(&other)),
                ));
            }
        };
        let mut left = game(name, |g, _| {
            Ok(from.into_iter().filter(|&s| g.state.in_play(s)).collect::<Vec<_>>())
        })?;
        let mut chosen = Vec::new();
        while chosen.len() < n as usize && !left.is_empty() {
            // With `highest`, the remaining spaces of highest value; a value tier where
            // nothing can be done gives way to the next one.
            let mut tiers = left.clone();
            let mut opts = Vec::new();
            while !tiers.is_empty() && opts.is_empty() {
                let mut pool = tiers.clone();
                if let Some(h) = &highest {
                    let mut scored = Vec::with_capacity(pool.len());
                    for &s in &pool {
                        scored.push((s, h.call::<f64>(api.words.space(s))?));
                    }
                    let top = scored.iter().map(|x| x.1).fold(f64::MIN, f64::max);
                    pool = scored.into_iter().filter(|x| x.1 == top).map(|x| x.0).collect();
                }
                tiers.retain(|s| !pool.contains(s));
                // The last tier decides whether the pick leaves its text undone.
                let last = tiers.is_empty() || highest.is_none();
                opts = candidates(lua, api, name, pool, effect.as_ref(), !up_to && last)?;
                if highest.is_none() {
                    break;
                }
            }
            let Some(s) = ask_space(name, by, &p, &opts, up_to, effect.is_some())? else {
                break;
            };
            left.retain(|&x| x != s);
            chosen.push(s);
            if let Some(effect) = &effect {
                effect.call::<()>(api.words.space(s))?;
            }
        }
        // 5.1.3: picks short of `n` for want of spaces leave their text undone.
        if !up_to && left.is_empty() {
            short_in_dry_run(name, (n as usize).saturating_sub(chosen.len()) as u32)?;
        }
        super::spaces_table(lua, api, chosen)
    })?;
    method(lua, m, api, "choose_faction", |lua, _, (t,): (Table,)| {
        let name = "choose_faction";
        let f = fields(lua, name, &t, &["prompt", "from", "optional", "by", "effect"])?;
        let p = prompt(name, &f)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let Arg::Table(list) = f.get("from") else {
            return Err(err(name, "`from` must be a list of Factions"));
        };
        let mut from: Vec<Faction> = Vec::new();
        for v in list.sequence_values::<Arg>() {
            let f = faction(name, &v?)?;
            if !from.contains(&f) {
                from.push(f);
            }
        }
        let optional = flag(name, &f.get("optional"))?;
        let effect = effect_of(name, &f)?;
        if let Some(effect) = &effect {
            let values: Vec<Value> = from.iter().map(|f| Out(f.slug()).into_lua(lua)).collect::<R<_>>()?;
            let keep = most_done(lua, name, &values, effect, !optional)?;
            from = keep.into_iter().map(|i| from[i]).collect();
        }
        if from.is_empty() {
            // A Faction to choose is a parameter of the text, not a part of it: with none
            // to choose, nothing is counted undone here.
            return Ok(Value::Nil);
        }
        let c = if best_at_once(name, effect.is_some())? {
            Choice::Faction(from[0])
        } else {
            game(name, |g, _| {
                g.ask(by, p.clone(), None, |_, o| {
                    o.extend(from.iter().map(|&f| Choice::Faction(f)));
                    if optional {
                        o.push(Choice::Done);
                    }
                })
                .map_err(stop)
            })?
        };
        let Choice::Faction(f) = c else { return Ok(Value::Nil) };
        let v = Out(f.slug()).into_lua(lua)?;
        if let Some(effect) = effect {
            effect.call::<()>(v.clone())?;
        }
        Ok(v)
    })?;
    method(lua, m, api, "choose", |lua, _, (t,): (Table,)| {
        let name = "choose";
        let f = fields(lua, name, &t, &["prompt", "from", "by", "effect"])?;
        let p = prompt(name, &f)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let Arg::Table(list) = f.get("from") else {
            return Err(err(name, "`from` must be a list of words"));
        };
        let effect = effect_of(name, &f)?;
        let mut opts = Vec::new();
        for v in list.sequence_values::<Arg>() {
            let c = match v? {
                Arg::Word(Word::Op(o)) => Choice::Op(o),
                Arg::Word(Word::Step(s)) => Choice::Step(s),
                Arg::Word(Word::Faction(f)) => Choice::Faction(f),
                Arg::Word(Word::Level(l)) => Choice::Level(l),
                Arg::Word(Word::Special(s)) => Choice::Special(s),
                other => {
                    return Err(err(
                        name,
                        format!(
                            "{} is not a word a player can answer (an Operation, a step such as \"remove\" or \"replace\", a Faction, a Support level)",
                            shown(&other)
                        ),
                    ));
                }
            };
            if !opts.contains(&c) {
                opts.push(c);
            }
        }
        if opts.is_empty() {
            return Err(err(name, "`from` is empty"));
        }
        if let Some(effect) = &effect {
            let values: Vec<Value> = opts.iter().map(|&c| word_value(lua, c)).collect::<R<_>>()?;
            let keep = most_done(lua, name, &values, effect, true)?;
            opts = keep.into_iter().map(|i| opts[i]).collect();
            if opts.is_empty() {
                return Ok(Value::Nil);
            }
        }
        let c = if best_at_once(name, effect.is_some())? {
            opts[0]
        } else {
            game(name, |g, _| {
                g.ask(by, p.clone(), None, |_, o| o.extend(opts)).map_err(stop)
            })?
        };
        let v = word_value(lua, c)?;
        if let Some(effect) = effect {
            effect.call::<()>(v.clone())?;
        }
        Ok(v)
    })?;
    method(lua, m, api, "choose_number", |lua, _, (t,): (Table,)| {
        let name = "choose_number";
        let f = fields(lua, name, &t, &["prompt", "min", "max", "by"])?;
        let p = prompt(name, &f)?;
        let lo = how_many(name, &f.get("min"), 0)?;
        let hi = how_many(name, &f.get("max"), 0)?;
        if lo > hi {
            return Err(err(name, format!("min {lo} is above max {hi}")));
        }
        game(name, |g, x| {
            let by = decider(name, &f, x)?;
            g.ask_number(by, p.clone(), None, lo, hi).map_err(stop)
        })
    })?;
    method(lua, m, api, "ask", |lua, _, (t,): (Table,)| {
        let name = "ask";
        let f = fields(lua, name, &t, &["prompt", "by"])?;
        let p = prompt(name, &f)?;
        game(name, |g, x| {
            let by = decider(name, &f, x)?;
            g.ask_yes(by, p.clone(), None).map_err(stop)
        })
    })?;
    method(lua, m, api, "place_farc_zone", |lua, api, (t,): (Table,)| {
        let name = "place_farc_zone";
        let f = fields(lua, name, &t, &["from", "effect"])?;
        let from = space_list(name, &f.get("from"))?;
        let effect = effect_of(name, &f)?;
        let tied = game(name, |g, _| Ok(g.farc_zone_candidates(|_, s| from.contains(&s))))?;
        // 5.1.3 among the Departments 6.4.4 ties: those where the rest of the text can be
        // carried out once the Zone is there (its Redeploy and removed Government Bases
        // included), if any.
        let tied = match &effect {
            Some(effect) if tied.len() > 1 => {
                let effect = effect.clone();
                let zone_then_effect = lua.create_function(move |lua, v: Value| {
                    let z = super::space(name, &<Arg as mlua::FromLua>::from_lua(v.clone(), lua)?)?;
                    game(name, |g, _| g.place_farc_zone(|_, s| s == z).map_err(stop))?;
                    effect.call::<()>(v)
                })?;
                let best = candidates(lua, api, name, tied.clone(), Some(&zone_then_effect), false)?;
                if best.is_empty() { tied } else { best }
            }
            _ => tied,
        };
        let zone = game(name, |g, _| g.place_farc_zone(|_, s| tied.contains(&s)).map_err(stop))?;
        current::did(zone.is_some() as u32);
        let Some(z) = zone else {
            game(name, |g, _| {
                if g.in_dry_run() {
                    current::fall_short(1);
                }
                Ok(())
            })?;
            return Ok(Value::Nil);
        };
        if let Some(effect) = effect {
            effect.call::<()>(api.words.space(z))?;
        }
        Ok(Value::String(api.words.space(z)))
    })?;
    Ok(())
}
