//! Questions. The chooser is the executing Faction unless `by` names another (5.1).
//!
//! 5.1.3 ("if not all of an executed Event's text can be carried out, implement that
//! which can") is the engine's, not the script's: a choice given `effect` — the text to carry
//! out for the candidate chosen — first tries `effect` on every candidate in a dry run
//! (crates/core/src/game/dryrun.rs), counting what the primitives could not do, and offers only the
//! candidates where something happens and the least is left undone. When nothing can
//! happen anywhere, nothing is asked. Questions inside `effect` are explored depth first
//! during the dry run, so a candidate counts with its best way of carrying out the text;
//! a choice with its own `effect` among them offers the explorer only what 5.1.3 allows.

use super::{
    Api, Fields, R, ScriptFn, decider, err, faction, fields, flag, game, how_many, method, question, shown, space_list,
    stop,
};
use crate::current;
use crate::words::{Arg, Out, Word};
use abyss_core::game::decision::Choice;
use abyss_core::game::{CardMethod, Question};
use abyss_core::kernel::{Faction, SpaceId};
use mlua::{IntoLua, Lua, Table, Value};
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
    /// Something happened and nothing was left undone.
    fn perfect(self) -> bool {
        self.changed && self.short == 0
    }
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
///
/// Nested in a dry run, with `may_carry`, the first candidate that carries out all the
/// text is the one the question takes (`best_at_once`); when its try asked nothing, that
/// try is kept as done (`dry_keep`) and the second value is true: running `effect` again
/// would do the same thing over.
fn most_done(
    lua: &Lua,
    name: &'static str,
    values: &Values,
    effect: &ScriptFn,
    required: bool,
    known: &mut [Option<Outcome>],
    may_carry: bool,
) -> R<(Vec<usize>, bool)> {
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
    let kept = most_done_now(name, values, effect, first_perfect, known, may_carry);
    current::fall_short(outer_short);
    current::did(outer_did);
    let kept = match kept {
        Ok((kept, least, carried)) => {
            if kept.is_empty() && required {
                current::fall_short(least);
            }
            // The text kept as carried out changed the position, as its run again would.
            current::did(u32::from(carried));
            Ok((kept, carried))
        }
        Err(e) => Err(e),
    };
    let _ = lua;
    kept
}

/// The candidates of a question as `effect` receives them: `value(i)` makes the Lua value
/// of candidate i when its text is tried (only the candidates judged are made).
struct Values<'a> {
    n: usize,
    value: &'a dyn Fn(usize) -> R<Value>,
}

/// Judges candidates by dry run, one at a time, within one dry run of the whole question.
struct Judge<'a> {
    name: &'static str,
    values: &'a Values<'a>,
    effect: &'a ScriptFn<'a>,
    explorer: Rc<std::cell::RefCell<abyss_core::game::Explorer>>,
    per_candidate: usize,
    /// The questions the explorer answered in the latest try.
    asked: std::cell::Cell<usize>,
    /// The candidate whose try ran last, and whether that try met no question at all.
    last: std::cell::Cell<Option<(usize, bool)>>,
}

impl<'a> Judge<'a> {
    fn begin(name: &'static str, values: &'a Values<'a>, effect: &'a ScriptFn<'a>) -> R<Judge<'a>> {
        let explorer = game(name, |g, _| Ok(g.dry_begin()))?;
        explorer.borrow_mut().watch_shortfall(current::shortfall);
        // Each candidate gets the same share of the question's tries, so its outcome
        // depends on the position and the candidate alone, not on the candidates tried
        // before it: an agent that draws (`Agent::draw_dice`) judges only some.
        let per_candidate = (TRIES_PER_QUESTION / values.n.max(1)).clamp(1, TRIES_PER_CANDIDATE);
        Ok(Judge {
            name,
            values,
            effect,
            explorer,
            per_candidate,
            asked: std::cell::Cell::new(0),
            last: std::cell::Cell::new(None),
        })
    }

    fn end(self) -> R<()> {
        game(self.name, |g, _| {
            g.dry_end();
            Ok(())
        })
    }

    /// How well the text does with candidate `i`, at its best within its tries.
    fn outcome(&self, i: usize) -> R<Outcome> {
        let name = self.name;
        let v = (self.values.value)(i)?;
        self.explorer.borrow_mut().reset();
        let mut best = Outcome::NONE;
        let mut mine = 0usize;
        let met = current::questions_met();
        loop {
            game(name, |g, _| {
                g.dry_rewind();
                Ok(())
            })?;
            current::take_shortfall();
            current::take_did();
            let result = self.effect.call::<()>(v.clone());
            let short = current::take_shortfall();
            let did = current::take_did();
            let stopped = current::take_stop();
            let mut skip = None;
            match (result, stopped) {
                // A dead end on this path of answers: it does not count.
                (_, Some(_)) => {}
                (Err(e), None) => return Err(e),
                (Ok(()), None) => {
                    // A primitive that did something says so. A text that fell short with
                    // nothing done changed nothing; a text with nothing to do (vacuous
                    // "all") is checked against the position itself.
                    let changed = did > 0 || (short == 0 && game(name, |g, _| Ok(g.dry_changed()))?);
                    let o = Outcome { changed, short };
                    if o.better_than(best) {
                        best = o;
                    }
                    // The paths that share this try's answers up to where it first fell
                    // short fall at least as short: none of them can do better than the
                    // best that changed something and fell no shorter.
                    if let Some((k, s)) = self.explorer.borrow_mut().short_at(short)
                        && best.changed
                        && best.short <= s
                    {
                        skip = Some(k);
                    }
                }
            }
            if let Some(k) = skip {
                self.explorer.borrow_mut().skip_after(k);
            }
            mine += 1;
            let asked = self.explorer.borrow().asked;
            self.asked.set(asked);
            self.last.set(Some((i, asked == 0 && current::questions_met() == met)));
            if best.perfect() || mine >= self.per_candidate || !self.explorer.borrow_mut().advance() {
                return Ok(best);
            }
        }
    }

    /// `outcome`, judged once.
    fn known(&self, known: &mut [Option<Outcome>], i: usize) -> R<Outcome> {
        if let Some(o) = known[i] {
            return Ok(o);
        }
        let o = self.outcome(i)?;
        known[i] = Some(o);
        Ok(o)
    }
}

/// End the judge's dry run, whatever `r` is.
fn ending<T>(judge: Judge, r: R<T>) -> R<T> {
    match r {
        Ok(x) => judge.end().map(|_| x),
        Err(e) => {
            let _ = judge.end();
            Err(e)
        }
    }
}

fn most_done_now(
    name: &'static str,
    values: &Values,
    effect: &ScriptFn,
    first_perfect: bool,
    known: &mut [Option<Outcome>],
    may_carry: bool,
) -> R<(Vec<usize>, u32, bool)> {
    let judge = Judge::begin(name, values, effect)?;
    let mut judged = 0;
    let mut carried = false;
    let r = (|| {
        for i in 0..values.n {
            let fresh = known[i].is_none();
            let o = judge.known(known, i)?;
            judged = i + 1;
            if first_perfect && o.perfect() {
                // Its try is the last one run, and it asked nothing: the text as done.
                carried = may_carry && fresh && judge.asked.get() == 0;
                break;
            }
        }
        Ok(())
    })();
    if carried && r.is_ok() {
        game(name, |g, _| {
            g.dry_keep();
            Ok(())
        })?;
    } else {
        ending(judge, r)?;
    }
    let outcomes: Vec<Outcome> = known[..judged].iter().map(|o| o.unwrap_or(Outcome::NONE)).collect();
    let least = outcomes.iter().map(|o| o.short).min().unwrap_or(1);
    let Some(top) = outcomes.iter().copied().filter(|o| o.changed).min_by_key(|o| o.short) else {
        return Ok((vec![], least, false));
    };
    Ok((
        (0..outcomes.len()).filter(|&i| outcomes[i] == top).collect(),
        0,
        carried,
    ))
}

/// How a question with an `effect` is settled (5.1.3).
enum Settled<T> {
    /// Ask among these candidates (Done too when optional); none: nothing is asked.
    Ask(Vec<T>),
    /// Noted as the answer (`Game::answer_noted`), drawn for an agent that draws or the
    /// only candidate allowed: the candidate, or None for Done.
    Drawn(Option<T>),
    /// In a dry run, the candidate taken, its text already carried out (`most_done`).
    Carried(T),
}

/// 5.1.3 for `by`'s question among `items` (passed to `effect` as `values`): the
/// candidates where the most of the text is carried out, to ask among as usual. For an
/// agent that draws (`Agent::draw_dice`) the candidates are judged one at a time as
/// the draw needs (crates/core/src/game/sample.rs): when some candidate carries out all the text,
/// those are the ones offered, so the first drawn that does is the answer (Done, when
/// `optional`, once one is known to); otherwise every candidate is judged as usual.
///
/// When two candidates or more (Done counted) are listed and one carries out all the
/// text, the answer is noted in the record even if no other candidate is allowed
/// (`Game::answer_noted`): so a draw judges no candidate after the one it takes.
#[allow(clippy::too_many_arguments)]
fn settle<T: Copy>(
    lua: &Lua,
    name: &'static str,
    by: Faction,
    items: &[T],
    values: &Values,
    effect: &ScriptFn,
    required: bool,
    optional: bool,
    choice: impl Fn(T) -> Choice,
) -> R<Settled<T>> {
    trace_effect_site(lua, name)?;
    let mut known: Vec<Option<Outcome>> = vec![None; values.n];
    let n = values.n;
    let dice = if n + usize::from(optional) >= 2 {
        // Its answer is noted (`Game::answer_noted`): only where noting it counts.
        game(name, |g, _| {
            Ok(if g.notes_answers() {
                g.agents[by.index()].draw_dice()
            } else {
                None
            })
        })?
    } else {
        None
    };
    if let Some(mut dice) = dice {
        // As in `most_done`, the counts of the text around are set aside meanwhile.
        let outer = (current::take_shortfall(), current::take_did());
        let r = Judge::begin(name, values, effect).and_then(|judge| {
            let r = draw_perfect(n, optional, &mut dice, |i, judging| {
                Ok(match known[i] {
                    Some(o) => Some(o.perfect()),
                    None if judging => Some(judge.known(&mut known, i)?.perfect()),
                    None => None,
                })
            });
            // The pick is judged last (`draw_perfect`): when its try met no question, the
            // game's own run of its text would do exactly what the try did (the run is
            // deterministic), so the try stands for it (`dry_keep_as_live`). The answer is
            // then recorded after the text is carried out; in validator mode its check of
            // the invariants sees the position after the text, which a sound card keeps.
            let quiet = matches!(r, Ok(Some(Some(i))) if judge.last.get() == Some((i, true)));
            if quiet && game(name, |g, _| Ok(g.dry_keep_as_live()))? {
                game(name, |g, _| {
                    g.dry_keep();
                    Ok(())
                })?;
                #[cfg(test)]
                tests::KEPT.with(|k| k.set(k.get() + 1));
                return r.map(|d| d.map(|d| (d, true)));
            }
            ending(judge, r).map(|d| d.map(|d| (d, false)))
        });
        current::fall_short(outer.0);
        current::did(outer.1);
        if let Some((pick, carried)) = r? {
            let c = pick.map_or(Choice::Done, |i| choice(items[i]));
            game(name, |g, _| g.answer_noted(by, c).map_err(stop))?;
            return Ok(match pick {
                Some(i) if carried => Settled::Carried(items[i]),
                _ => Settled::Drawn(pick.map(|i| items[i])),
            });
        }
    }
    let (keep, carried) = most_done(lua, name, values, effect, required, &mut known, true)?;
    if carried {
        return Ok(Settled::Carried(items[keep[0]]));
    }
    // The only candidate allowed, of two or more listed, carries out all the text: noted
    // as the agent that draws would have noted it.
    if let [only] = keep[..]
        && n >= 2
        && !optional
        && known[only].is_some_and(Outcome::perfect)
        && game(name, |g, _| Ok(g.notes_answers()))?
    {
        game(name, |g, _| g.answer_noted(by, choice(items[only])).map_err(stop))?;
        return Ok(Settled::Drawn(Some(items[only])));
    }
    Ok(Settled::Ask(keep.into_iter().map(|i| items[i]).collect()))
}

/// In a traced game (a validator's playout and its replay), note where in events/ the
/// Event asks this question with an `effect` (outside dry runs): a replay that does
/// something else in the Event names that line (`playout::verify_playout`).
fn trace_effect_site(lua: &Lua, name: &'static str) -> R<()> {
    if !current::traced() || game(name, |g, _| Ok(g.in_dry_run()))? {
        return Ok(());
    }
    for level in 0..64 {
        let Some((src, line)) =
            lua.inspect_stack(level, |d| (d.source().source.map(|s| s.into_owned()), d.current_line()))
        else {
            break;
        };
        if let Some(path) = src
            .as_deref()
            .and_then(|s| s.strip_prefix('@'))
            .filter(|p| p.starts_with("events/"))
        {
            let site = (path.to_string(), line.unwrap_or(0));
            return game(name, |g, _| {
                g.trace_effect_site(site);
                Ok(())
            });
        }
    }
    Ok(())
}

/// `perfect(i, judging)`: does candidate i carry out all the text? None when it was not
/// judged yet and `judging` is false.
type Perfect<'a> = dyn FnMut(usize, bool) -> R<Option<bool>> + 'a;

/// Does one of the candidates in `left` (Done, index `n`, aside) carry out all the text?
/// Those already judged are looked at first: each verdict depends on its candidate alone,
/// so the answer is the same, and a known one spares judging others.
fn any_perfect(n: usize, left: &[usize], perfect: &mut Perfect) -> R<bool> {
    for judging in [false, true] {
        for &j in left.iter().filter(|&&j| j < n) {
            if perfect(j, judging)? == Some(true) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// Draw among the `n` candidates (and Done, index `n`, when `optional`) those that carry
/// out all the text (`perfect`, judged as drawn). Some(the pick, None for Done), or None
/// when no candidate carries out all the text. Once a candidate that does is drawn, no
/// other is judged (its answer is noted either way, see `settle`), so its try is the last
/// one run and may stand for the text carried out.
fn draw_perfect(
    n: usize,
    optional: bool,
    dice: &mut abyss_core::kernel::Dice,
    mut perfect: impl FnMut(usize, bool) -> R<Option<bool>>,
) -> R<Option<Option<usize>>> {
    let mut left: Vec<usize> = (0..n + usize::from(optional)).collect();
    while !left.is_empty() {
        let i = left.swap_remove(dice.below(left.len() as u32) as usize);
        if i == n {
            // Done is offered with the candidates that carry out the text, if any.
            return Ok(any_perfect(n, &left, &mut perfect)?.then_some(None));
        }
        if perfect(i, true)? == Some(true) {
            return Ok(Some(Some(i)));
        }
    }
    Ok(None)
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

/// The optional `effect` of a question: the text to carry out for the candidate chosen
/// (`Api::located`: its errors are reported at their own line).
fn effect_of<'a>(api: &'a Api, name: &str, f: &Fields) -> R<Option<ScriptFn<'a>>> {
    match f.get("effect") {
        Arg::Nil => Ok(None),
        Arg::Function(f) => Ok(Some(api.located(f.clone()))),
        other => Err(err(name, format!("`effect` must be a function, not {}", shown(other)))),
    }
}

/// The spaces of `from` that `effect` (if any) lets carry out the most (5.1.3), to ask
/// `by` among, or `by`'s answer drawn among them (see `settle`).
#[allow(clippy::too_many_arguments)]
fn candidates(
    lua: &Lua,
    api: &Api,
    name: &'static str,
    by: Faction,
    from: Vec<SpaceId>,
    effect: Option<&ScriptFn>,
    required: bool,
    optional: bool,
) -> R<Settled<SpaceId>> {
    let Some(effect) = effect else {
        return Ok(Settled::Ask(from));
    };
    let value = |i: usize| Ok(Value::String(api.words.space(from[i])));
    let values = Values {
        n: from.len(),
        value: &value,
    };
    settle(lua, name, by, &from, &values, effect, required, optional, Choice::Space)
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
    p: &Question,
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
        current::met_question();
        let name = "choose_space";
        let f = fields(
            lua,
            name,
            &t,
            &["prompt", "from", "optional", "by", "effect", "shifts_support"],
        )?;
        let p = question(lua, name, &f, CardMethod::ChooseSpace)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let mut from = space_list(lua, name, f.get("from"))?;
        let optional = flag(name, f.get("optional"))?;
        let effect = effect_of(api, name, &f)?;
        let in_play = game(name, |g, _| Ok(g.state.in_play_mask()))?;
        from.retain(|s| in_play & s.bit() != 0);
        let none = from.is_empty();
        let s = match candidates(lua, api, name, by, from, effect.as_ref(), !optional, optional)? {
            Settled::Drawn(s) => s,
            Settled::Ask(opts) => ask_space(name, by, &p, &opts, optional, effect.is_some())?,
            Settled::Carried(s) => return Ok(Value::String(api.words.space(s))),
        };
        let Some(s) = s else {
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
        current::met_question();
        let name = "choose_spaces";
        let f = fields(
            lua,
            name,
            &t,
            &[
                "prompt",
                "from",
                "n",
                "up_to",
                "by",
                "effect",
                "highest",
                "shifts_support",
            ],
        )?;
        let p = question(lua, name, &f, CardMethod::ChooseSpaces)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let from = space_list(lua, name, f.get("from"))?;
        let (n, up_to) = match (f.get("n"), f.get("up_to")) {
            (Arg::Nil, Arg::Nil) => {
                return Err(err(
                    name,
                    "say how many: `n =` (exactly, as many as possible) or `up_to =`",
                ));
            }
            (n, Arg::Nil) => (how_many(name, n, 1)?, false),
            (Arg::Nil, u) => (how_many(name, u, 1)?, true),
            _ => return Err(err(name, "give `n` or `up_to`, not both")),
        };
        let effect = effect_of(api, name, &f)?;
        let highest = match f.get("highest") {
            Arg::Nil => None,
            Arg::Function(f) => Some(api.located(f.clone())),
            other => {
                return Err(err(name, format!("`highest` must be a function, not {}", shown(other))));
            }
        };
        let mut left = from;
        let in_play = game(name, |g, _| Ok(g.state.in_play_mask()))?;
        left.retain(|s| in_play & s.bit() != 0);
        let mut chosen = Vec::new();
        while chosen.len() < n as usize && !left.is_empty() {
            // With `highest`, the remaining spaces of highest value; a value tier where
            // nothing can be done gives way to the next one.
            let mut tiers = left.clone();
            let mut opts = Vec::new();
            let mut drawn = None;
            let mut carried = false;
            while !tiers.is_empty() && opts.is_empty() {
                let mut pool = tiers.clone();
                if let Some(h) = &highest {
                    let mut scored = Vec::with_capacity(pool.len());
                    for &s in &pool {
                        let v = h.call::<f64>(api.words.space(s))?;
                        if v.is_nan() {
                            let slug = game(name, |g, _| Ok(g.rules.map.space(s).slug.clone()))?;
                            return Err(err(
                                name,
                                format!(
                                    "`highest` returned NaN for `{slug}` (0/0, or math.huge - math.huge): it must return a number to compare, e.g. guard a division by a Population of 0"
                                ),
                            ));
                        }
                        scored.push((s, v));
                    }
                    // Every value, -inf included, is a tier: the highest one is never empty.
                    let top = scored.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
                    pool = scored.into_iter().filter(|x| x.1 == top).map(|x| x.0).collect();
                }
                tiers.retain(|s| !pool.contains(s));
                // The last tier decides whether the pick leaves its text undone.
                let last = tiers.is_empty() || highest.is_none();
                match candidates(lua, api, name, by, pool, effect.as_ref(), !up_to && last, up_to)? {
                    Settled::Ask(o) => opts = o,
                    Settled::Drawn(s) => {
                        drawn = Some(s);
                        break;
                    }
                    Settled::Carried(s) => {
                        (drawn, carried) = (Some(Some(s)), true);
                        break;
                    }
                }
                if highest.is_none() {
                    break;
                }
            }
            let s = match drawn {
                Some(s) => s,
                None => ask_space(name, by, &p, &opts, up_to, effect.is_some())?,
            };
            let Some(s) = s else {
                break;
            };
            left.retain(|&x| x != s);
            chosen.push(s);
            if let Some(effect) = effect.as_ref().filter(|_| !carried) {
                effect.call::<()>(api.words.space(s))?;
            }
        }
        // 5.1.3: picks short of `n` for want of spaces leave their text undone.
        if !up_to && left.is_empty() {
            short_in_dry_run(name, (n as usize).saturating_sub(chosen.len()) as u32)?;
        }
        super::spaces_table(lua, api, chosen)
    })?;
    method(lua, m, api, "choose_faction", |lua, api, (t,): (Table,)| {
        current::met_question();
        let name = "choose_faction";
        let f = fields(lua, name, &t, &["prompt", "from", "optional", "by", "effect"])?;
        let p = question(lua, name, &f, CardMethod::ChooseFaction)?;
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
        let optional = flag(name, f.get("optional"))?;
        let effect = effect_of(api, name, &f)?;
        let mut drawn = None;
        if let Some(effect) = &effect {
            let value = |i: usize| Out(from[i].slug()).into_lua(lua);
            let values = Values {
                n: from.len(),
                value: &value,
            };
            match settle(
                lua,
                name,
                by,
                &from,
                &values,
                effect,
                !optional,
                optional,
                Choice::Faction,
            )? {
                Settled::Ask(keep) => from = keep,
                Settled::Drawn(f) => drawn = Some(f.map_or(Choice::Done, Choice::Faction)),
                Settled::Carried(f) => return Out(f.slug()).into_lua(lua),
            }
        }
        if from.is_empty() {
            // A Faction to choose is a parameter of the text, not a part of it: with none
            // to choose, nothing is counted undone here.
            return Ok(Value::Nil);
        }
        let c = if let Some(c) = drawn {
            c
        } else if best_at_once(name, effect.is_some())? {
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
    method(lua, m, api, "choose", |lua, api, (t,): (Table,)| {
        current::met_question();
        let name = "choose";
        let f = fields(lua, name, &t, &["prompt", "from", "by", "effect"])?;
        let p = question(lua, name, &f, CardMethod::Choose)?;
        let by = game(name, |_, x| decider(name, &f, x))?;
        let Arg::Table(list) = f.get("from") else {
            return Err(err(name, "`from` must be a list of words"));
        };
        let effect = effect_of(api, name, &f)?;
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
        let mut drawn = None;
        if let Some(effect) = &effect {
            let value = |i: usize| word_value(lua, opts[i]);
            let values = Values {
                n: opts.len(),
                value: &value,
            };
            match settle(lua, name, by, &opts, &values, effect, true, false, |c| c)? {
                Settled::Ask(keep) => opts = keep,
                Settled::Drawn(c) => drawn = c,
                Settled::Carried(c) => return word_value(lua, c),
            }
            if opts.is_empty() {
                return Ok(Value::Nil);
            }
        }
        let c = if let Some(c) = drawn {
            c
        } else if best_at_once(name, effect.is_some())? {
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
        current::met_question();
        let name = "choose_number";
        let f = fields(lua, name, &t, &["prompt", "min", "max", "by"])?;
        let p = question(lua, name, &f, CardMethod::ChooseNumber)?;
        let lo = how_many(name, f.get("min"), 0)?;
        let hi = how_many(name, f.get("max"), 0)?;
        if lo > hi {
            return Err(err(name, format!("min {lo} is above max {hi}")));
        }
        game(name, |g, x| {
            let by = decider(name, &f, x)?;
            g.ask_number(by, p.clone(), None, lo, hi).map_err(stop)
        })
    })?;
    method(lua, m, api, "ask", |lua, _, (t,): (Table,)| {
        current::met_question();
        let name = "ask";
        let f = fields(lua, name, &t, &["prompt", "by"])?;
        let p = question(lua, name, &f, CardMethod::YesNo)?;
        game(name, |g, x| {
            let by = decider(name, &f, x)?;
            g.ask_yes(by, p.clone(), None).map_err(stop)
        })
    })?;
    method(lua, m, api, "place_farc_zone", |lua, api, (t,): (Table,)| {
        current::met_question();
        let name = "place_farc_zone";
        let f = fields(lua, name, &t, &["from", "effect"])?;
        let from = space_list(lua, name, f.get("from"))?;
        let effect = effect_of(api, name, &f)?;
        let tied = game(name, |g, _| Ok(g.farc_zone_candidates(|_, s| from.contains(&s))))?;
        // 5.1.3 among the Departments 6.4.4 ties: those where the rest of the text can be
        // carried out once the Zone is there (its Redeploy and removed Government Bases
        // included), if any.
        let tied = match &effect {
            Some(effect) if tied.len() > 1 => {
                let (f, xcall) = (effect.f.clone(), api.xcall.clone());
                let zone_then_effect = lua.create_function(move |lua, v: Value| {
                    let z = super::space(name, &<Arg as mlua::FromLua>::from_lua(v.clone(), lua)?)?;
                    game(name, |g, _| g.place_farc_zone(|_, s| s == z).map_err(stop))?;
                    xcall.call::<()>((&f, v))
                })?;
                let zone_then_effect = api.located(zone_then_effect);
                let value = |i: usize| Ok(Value::String(api.words.space(tied[i])));
                let values = Values {
                    n: tied.len(),
                    value: &value,
                };
                let (keep, _) = most_done(
                    lua,
                    name,
                    &values,
                    &zone_then_effect,
                    false,
                    &mut vec![None; values.n],
                    false,
                )?;
                if keep.is_empty() {
                    tied
                } else {
                    keep.into_iter().map(|i| tied[i]).collect()
                }
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

#[cfg(test)]
mod tests {
    use super::*;
    use abyss_core::kernel::Dice;

    thread_local! {
        /// Tries kept as the live run (`settle`).
        pub(super) static KEPT: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    #[test]
    fn a_kept_try_plays_as_the_live_run_would() {
        // With a log the drawn candidate's text is run again for real; without one, its
        // dry try stands for that run when it met no question. Both games must be the same
        // answer for answer and end in the same position.
        let (rules, setup) = crate::embedded_position("standard", 1);
        let mut kept = [0u64; 2];
        for seed in 1..=25 {
            let play = |log: bool| {
                let setup = abyss_core::game::playout::reseeded(&setup, seed);
                let mut g =
                    abyss_core::game::playout::new_game(&rules, setup, abyss_core::game::playout::random_agents(seed));
                g.telemetry.log = log.then(Vec::new);
                let result = g.play();
                (
                    format!("{result:?}"),
                    g.answers.clone(),
                    g.state.clone(),
                    g.events_played.len(),
                )
            };
            let k0 = KEPT.with(|k| k.get());
            let live = play(true);
            let k1 = KEPT.with(|k| k.get());
            let quiet = play(false);
            kept[0] += k1 - k0;
            kept[1] += KEPT.with(|k| k.get()) - k1;
            assert_eq!(live.0, quiet.0, "seed {seed}");
            assert_eq!(live.1, quiet.1, "seed {seed}: answers");
            assert!(live.2 == quiet.2, "seed {seed}: position");
            assert_eq!(live.3, quiet.3, "seed {seed}: Events");
        }
        // None kept with a log; many without.
        assert!(kept[0] == 0 && kept[1] > 100, "{kept:?}");
    }

    /// `draw_perfect` among `n` candidates, `perfect` those that carry out all the text.
    fn drawn(dice: &mut Dice, n: usize, optional: bool, perfect: &[usize]) -> Option<Option<usize>> {
        draw_perfect(n, optional, dice, |i, _| Ok(Some(perfect.contains(&i)))).unwrap()
    }

    #[test]
    fn done_and_the_candidates_that_do_all_are_drawn_alike() {
        // The list asked would be candidates 0 and 3, and Done.
        let mut dice = Dice::new(11);
        let mut times = [0u32; 3];
        for _ in 0..30_000 {
            match drawn(&mut dice, 5, true, &[0, 3]) {
                Some(Some(0)) => times[0] += 1,
                Some(Some(3)) => times[1] += 1,
                Some(None) => times[2] += 1,
                d => panic!("drawn {d:?}"),
            }
        }
        for t in times {
            assert!((9_550..=10_450).contains(&t), "{times:?}");
        }
    }

    #[test]
    fn with_no_candidate_doing_all_every_one_is_left_to_be_judged_in_full() {
        let mut dice = Dice::new(2);
        for _ in 0..100 {
            // Done drawn first must not be the answer: the list asked may hold candidates
            // that do part of the text.
            assert_eq!(drawn(&mut dice, 4, true, &[]), None);
            assert_eq!(drawn(&mut dice, 4, false, &[]), None);
        }
    }

    #[test]
    fn a_single_candidate_doing_all_is_drawn_or_done_when_done_is_offered() {
        let mut dice = Dice::new(4);
        for _ in 0..100 {
            assert_eq!(drawn(&mut dice, 6, false, &[5]), Some(Some(5)));
            let d = drawn(&mut dice, 6, true, &[5]);
            assert!(d == Some(Some(5)) || d == Some(None), "{d:?}");
        }
    }

    #[test]
    fn no_candidate_is_judged_after_the_one_drawn_that_does_all() {
        let mut dice = Dice::new(9);
        for _ in 0..100 {
            let mut judged = Vec::new();
            let d = draw_perfect(8, false, &mut dice, |i, _| {
                judged.push(i);
                Ok(Some(i % 2 == 0))
            })
            .unwrap();
            // The draw stops at the first even candidate: every one judged before it is odd.
            let Some(Some(pick)) = d else { panic!("{d:?}") };
            assert_eq!(judged.last(), Some(&pick));
            assert!(judged[..judged.len() - 1].iter().all(|j| j % 2 == 1), "{judged:?}");
        }
    }
}
