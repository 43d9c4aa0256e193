//! Options judged one at a time, for an agent that draws its answer.
//!
//! Some questions cost far more to list than to ask: whether an Operation or a Special
//! Activity may be offered (4.1, the Special Activity first), an answer during a Special
//! Activity that runs before its Operation (the Guard), or a 5.1.3 candidate of an Event
//! (`settle` in crates/lua/src/api/choose.rs) is decided by dry runs. A person or a Non-player
//! needs every option judged before choosing. An agent that picks uniformly at random
//! among the options allowed (`Agent::draw_dice`, the random playouts of `abyss
//! validate` and the benchmarks) does not: drawing among all the options listed, judging
//! only the one drawn and drawing again among the rest when it is not allowed, gives each
//! allowed option the same chance as drawing among the allowed ones.
//!
//! The game stays the one the whole list would give. Each verdict depends on the position
//! and the option alone, not on which options were judged before it. A question with a
//! single option allowed is still answered by the engine and not recorded: once one
//! option is drawn, the others are judged until a second one is allowed. So the answers
//! replay, option lists judged in full, to the same game (`verify_playout`).
//!
//! A 5.1.3 question of an Event with two candidates or more, one of which carries out all
//! the text, is the exception: its answer is recorded even when only one candidate is
//! allowed (`answer_noted`), so the draw stops at the first candidate that carries out
//! all the text, and judges no other. Such questions are the costliest (each judgment
//! runs the card's text), and telling whether a second candidate is allowed was four
//! tries in ten.

use super::decision::{Choice, Prompt, Stop};
use super::engine::{Asked, Game};
use crate::kernel::{Dice, Faction};

/// The options an `ask_judged` judge decides: Operations and Special Activities. Any
/// other option is allowed as listed.
pub(crate) fn judged(c: Choice) -> bool {
    matches!(c, Choice::Op(_) | Choice::Special(_))
}

/// Judged in full: of the options of `o` from index `from` on, keep those `judge` (if
/// any) allows.
pub(crate) fn keep_allowed<'r>(
    g: &Game<'r>,
    o: &mut Vec<Choice>,
    from: usize,
    judge: Option<&impl Fn(&Game<'r>, Choice) -> bool>,
) {
    let Some(judge) = judge else { return };
    let mut i = 0;
    o.retain(|&c| {
        i += 1;
        i <= from || !judged(c) || judge(g, c)
    });
}

/// What drawing among options judged one at a time found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawn {
    /// No option is allowed.
    Nothing,
    /// The only option allowed (answered by the engine, not recorded).
    Only(usize),
    /// The option drawn, one of two or more allowed (a decision, recorded).
    OneOf(usize),
}

/// Draw uniformly among options `0..n`, each judged by `allowed` only when drawn
/// (`roll(k)` is uniform in `0..k`); then judge the others until one more is allowed, to
/// tell a decision from a question with a single option. Options `free` says are allowed
/// need no judging, and are looked at first for that second one.
pub(crate) fn draw<C>(
    cx: &mut C,
    n: usize,
    mut roll: impl FnMut(&mut C, u32) -> u32,
    free: impl Fn(usize) -> bool,
    mut allowed: impl FnMut(&mut C, usize) -> bool,
) -> Drawn {
    // The options not yet drawn (the first `k`), on the stack for the usual lists.
    let mut buf = [0u16; 256];
    let mut heap = Vec::new();
    let left: &mut [u16] = if n <= buf.len() {
        &mut buf[..n]
    } else {
        heap.resize(n, 0);
        &mut heap
    };
    for (i, x) in left.iter_mut().enumerate() {
        *x = i as u16;
    }
    let mut k = n;
    let drawn = loop {
        if k == 0 {
            return Drawn::Nothing;
        }
        let at = roll(cx, k as u32) as usize;
        let i = usize::from(left[at]);
        k -= 1;
        left[at] = left[k];
        if free(i) || allowed(cx, i) {
            break i;
        }
    };
    // The others in any fixed order (a verdict is the same whenever it is judged), those
    // allowed without judging first.
    if left[..k].iter().any(|&j| free(usize::from(j))) {
        return Drawn::OneOf(drawn);
    }
    for &j in &left[..k] {
        if allowed(cx, usize::from(j)) {
            return Drawn::OneOf(drawn);
        }
    }
    Drawn::Only(drawn)
}

impl<'r> Game<'r> {
    /// Draw with `dice` among options `0..n`, each judged by `allowed` (see `draw`).
    pub(crate) fn draw_allowed(
        &mut self,
        mut dice: Dice,
        n: usize,
        free: impl Fn(usize) -> bool,
        mut allowed: impl FnMut(&mut Self, usize) -> bool,
    ) -> Drawn {
        let mut cx = (self, &mut dice);
        draw(&mut cx, n, |cx, k| cx.1.below(k), free, |cx, i| allowed(cx.0, i))
    }

    /// Note `f`'s answer `c`, drawn outside `ask`: a decision (two options or more were
    /// allowed) is recorded as `ask` records it; a question with a single option is not.
    pub(crate) fn answer_drawn(&mut self, f: Faction, c: Choice, decision: bool) -> Result<(), Stop> {
        if decision {
            self.check_before_decision()?;
            self.answered(f, c);
            self.agents[f.index()].drew();
        } else if self.dry.guard.is_some() {
            self.guard_record(c);
        }
        Ok(())
    }

    /// Note `f`'s answer `c` to a 5.1.3 question of an Event, drawn or the only candidate
    /// allowed (`Agent::noted`): recorded whether or not another candidate was allowed,
    /// so that a draw need not judge the others to tell.
    pub fn answer_noted(&mut self, f: Faction, c: Choice) -> Result<(), Stop> {
        debug_assert!(self.notes_answers());
        self.check_before_decision()?;
        self.answered(f, c);
        let rules = self.rules;
        self.agents[f.index()].noted(rules, f, c)
    }

    /// Would an answer noted now be part of the game: not in a dry run (which records
    /// nothing) nor in a Special Activity's probe (which answers its own questions)?
    pub fn notes_answers(&self) -> bool {
        !self.in_dry_run() && self.dry.probing.is_none()
    }

    /// `ask_judged` for an agent that draws: the options judged by `judge` or by the Guard
    /// one at a time (see the module).
    pub(crate) fn ask_sampled(
        &mut self,
        f: Faction,
        prompt: &Prompt,
        dice: Dice,
        options: Vec<Choice>,
        judge: Option<&impl Fn(&Self, Choice) -> bool>,
    ) -> Asked {
        let on_way = self.guard_prepare(f);
        // Allowed as listed: what neither `judge` nor the Guard judges.
        let free = |i: usize| {
            let c = options[i];
            (judge.is_none() || !judged(c)) && on_way.is_none_or(|w| w == Some(c))
        };
        let drawn = self.draw_allowed(dice, options.len(), free, |g, i| {
            let c = options[i];
            judge.is_none_or(|judge| judge(g, c)) && on_way.is_none_or(|on_way| g.guard_admits(c, on_way))
        });
        self.request.options = options;
        let (i, decision) = match drawn {
            Drawn::Nothing => {
                return Err(Stop::Failed(format!(
                    "dead end: {} has no option for \"{prompt}\"",
                    f.name()
                )));
            }
            Drawn::Only(i) => (i, false),
            Drawn::OneOf(i) => (i, true),
        };
        let c = self.request.options[i];
        self.answer_drawn(f, c, decision)?;
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Draw with seeded dice among `n` options, `allowed` the ones allowed; also the
    /// options judged.
    fn drawn(dice: &mut Dice, n: usize, allowed: &[usize]) -> (Drawn, Vec<usize>) {
        let mut judged = Vec::new();
        let mut cx = (dice, &mut judged);
        let d = draw(
            &mut cx,
            n,
            |cx, k| cx.0.below(k),
            |_| false,
            |cx, i| {
                cx.1.push(i);
                allowed.contains(&i)
            },
        );
        (d, judged)
    }

    #[test]
    fn each_allowed_option_is_drawn_alike_and_no_other() {
        let mut dice = Dice::new(5);
        let allowed = [1, 3, 4];
        let mut times = [0u32; 6];
        for _ in 0..30_000 {
            match drawn(&mut dice, 6, &allowed).0 {
                Drawn::OneOf(i) => times[i] += 1,
                d => panic!("three allowed, drawn {d:?}"),
            }
        }
        assert_eq!([times[0], times[2], times[5]], [0, 0, 0]);
        for i in allowed {
            // 10,000 expected; the bound is more than 5 standard deviations (~82).
            assert!(
                (9_550..=10_450).contains(&times[i]),
                "option {i} drawn {} times",
                times[i]
            );
        }
    }

    #[test]
    fn one_allowed_is_not_a_decision_and_none_is_a_dead_end() {
        let mut dice = Dice::new(1);
        for _ in 0..50 {
            let (d, judged) = drawn(&mut dice, 5, &[2]);
            assert_eq!(d, Drawn::Only(2));
            // To know it is the only one, every option was judged, each once.
            let mut j = judged.clone();
            j.sort_unstable();
            assert_eq!(j, [0, 1, 2, 3, 4]);
        }
        assert_eq!(drawn(&mut dice, 4, &[]).0, Drawn::Nothing);
        assert_eq!(drawn(&mut dice, 0, &[]).0, Drawn::Nothing);
    }

    #[test]
    fn with_every_option_allowed_two_are_judged() {
        let mut dice = Dice::new(3);
        for _ in 0..50 {
            let (d, judged) = drawn(&mut dice, 7, &[0, 1, 2, 3, 4, 5, 6]);
            assert!(matches!(d, Drawn::OneOf(i) if i == judged[0]));
            assert_eq!(judged.len(), 2);
        }
    }
}
