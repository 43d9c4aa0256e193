//! Dry runs of a Special Activity on a copy of the game (4.1, 3.1 NOTE).
//!
//! 4.1 lets a Faction execute its Special Activity "immediately before, during, or
//! immediately after" its Operation, and the 3.1 NOTE and the 4.1 EXAMPLE let what the
//! Special Activity does pay for the Operation. So an Operation is legal when *some* order
//! of its Special Activity and its spaces gives it a first space. Rather than a table of
//! Operation and Special Activity pairs, the engine asks its own procedures: it runs the
//! Special Activity on a copy of the game that answers its own questions from a list of
//! answers, and searches the answers depth-first for a way after which the Operation has
//! a first space. A Capability or Event that changes a Special Activity or an Operation
//! changes the search with it.
//!
//! The same search keeps a Special Activity executed before its Operation's first space
//! from leading into a dead end (DESIGN: only offer what can complete): while it runs, an
//! option of the executing Faction is offered only if some way on from it still leaves
//! the Operation a first space (a `Guard`).
//!
//! A dry run replays the answers already given without building their questions' options
//! (the procedures are deterministic: the same position and answers ask the same
//! questions), then answers each new question with its first option in search order to
//! the end of the activity, noting the other options for the search to come back to.
//!
//! The search is bounded (docs/rulings.md, "Rules 1–7"): at most `PROBE_RUNS` dry runs.
//! When the bound is reached without finding a way, the play is not offered: never a
//! dead end; at worst a very deep way is missed.

use super::Action;
use super::special::resource_gain_max;
use crate::game::decision::{Agent, Choice, Request, Special, Stop, View};
use crate::game::engine::{Asked, CardContext, Game};
use crate::kernel::{Faction, State};

/// The most dry runs of a Special Activity one search makes.
pub(crate) const PROBE_RUNS: u32 = 256;

/// What a dry-run game answers with, in place of its agents.
#[derive(Default)]
pub(crate) struct ProbeRun {
    /// The answers to every question of the activity so far, single-option ones included.
    path: Vec<Choice>,
    pos: usize,
    /// The questions past the path in this run: their options in search order.
    new: Vec<Vec<Choice>>,
    /// The executing Faction and its activity, and the least its Operation's first space
    /// costs: a run whose activity can no longer raise that much stops early.
    faction: Option<Faction>,
    special: Option<Special>,
    need: u8,
}

/// The dry-run game never consults its agents.
struct NoAgent;
impl Agent for NoAgent {
    fn decide(&mut self, _view: &View, _request: &Request) -> Result<usize, Stop> {
        Err(Stop::Failed("a dry run asked an agent".into()))
    }
}

/// A Special Activity under way before its Operation's first space: the executing
/// Faction's options are kept only where the Operation can still follow.
pub(crate) struct Guard {
    pub faction: Faction,
    pub special: Special,
    /// The Action as the Special Activity began.
    pub act: Action,
    /// The position and card bookkeeping as the Special Activity began.
    pub start: State,
    pub card: CardContext,
    /// Every answer since then, single-option questions included (the path a dry run
    /// replays).
    pub path: Vec<Choice>,
}

/// Try `Done` (stop the activity early) first, then the options as offered, numbers
/// largest first: the shortest and the strongest ways are usually the ones that work.
fn search_order(opts: &mut [Choice]) {
    if opts.iter().all(|c| matches!(c, Choice::Number(_))) {
        opts.reverse();
    }
    if let Some(i) = opts.iter().position(|&c| c == Choice::Done) {
        opts[..=i].rotate_right(1);
    }
}

/// A copy of the game for dry runs, made once and reused for every run of a search.
pub(crate) struct Prober<'r> {
    game: Game<'r>,
}

impl<'r> Prober<'r> {
    pub(crate) fn new(g: &Game<'r>) -> Prober<'r> {
        let agents: Vec<Box<dyn Agent + 'r>> = (0..4).map(|_| Box::new(NoAgent) as Box<dyn Agent + 'r>).collect();
        let mut game = g.probe(agents);
        game.probing = Some(Box::default());
        Prober { game }
    }

    /// Is there a way to answer `sa`'s questions, from position `start` and after the
    /// answers in `prefix`, after which `act`'s Operation has a first space (or has
    /// already begun, as a Kidnap's Terror does)?
    pub(crate) fn opens_op(
        &mut self,
        start: &State,
        card: CardContext,
        act: &Action,
        sa: Special,
        prefix: &[Choice],
    ) -> bool {
        let g = &mut self.game;
        let need = g.op_min_cost(act);
        let mut path: Vec<Choice> = prefix.to_vec();
        // The questions past the prefix: their options in search order, and which one
        // the path takes.
        let mut frames: Vec<(Vec<Choice>, usize)> = Vec::new();
        for _ in 0..PROBE_RUNS {
            g.state.clone_from(start);
            g.card = card;
            {
                let run = g.probing.as_deref_mut().expect("a dry-run game");
                run.path.clone_from(&path);
                run.pos = 0;
                run.new.clear();
                run.faction = Some(act.faction);
                run.special = Some(sa);
                run.need = need;
            }
            let mut a = act.clone();
            let ran = g.special_activity_now(&mut a, sa);
            let run = g.probing.as_deref_mut().expect("a dry-run game");
            for opts in run.new.drain(..) {
                path.push(opts[0]);
                frames.push((opts, 0));
            }
            if ran.is_ok() && (a.count > 0 || g.op_has_first_option(&a)) {
                return true;
            }
            // Back to the deepest question with an option left to try.
            loop {
                let Some((opts, i)) = frames.last_mut() else {
                    return false;
                };
                path.pop();
                *i += 1;
                if *i < opts.len() {
                    path.push(opts[*i]);
                    break;
                }
                frames.pop();
            }
        }
        false
    }
}

impl<'r> Game<'r> {
    /// A question in a dry run: the next answer of the path, without building the
    /// options; past the path, the first option in search order (noting the others).
    pub(crate) fn probe_ask(&mut self, build: impl FnOnce(&Self, &mut Vec<Choice>)) -> Asked {
        let run = self.probing.as_deref_mut().expect("a dry-run game");
        if run.pos < run.path.len() {
            run.pos += 1;
            return Ok(run.path[run.pos - 1]);
        }
        if let (Some(f), Some(sa)) = (run.faction, run.special) {
            let need = run.need;
            if u16::from(self.state.resources(f)) + resource_gain_max(self.rules, &self.state, f, sa) < u16::from(need)
            {
                // The Operation could no longer be paid for: this way ends here.
                return Err(Stop::Quit);
            }
        }
        let mut opts = Vec::new();
        build(self, &mut opts);
        if opts.is_empty() {
            return Err(Stop::Quit);
        }
        search_order(&mut opts);
        let c = opts[0];
        let run = self.probing.as_deref_mut().expect("a dry-run game");
        run.pos += 1;
        run.new.push(opts);
        Ok(c)
    }

    /// 4.1: may `act`'s Faction begin with Special Activity `sa`, its Operation still to
    /// have its first space? (Also checks that `sa` can be carried out at all, and skips
    /// the dry runs when even all the Resources `sa` could raise would not pay for a first
    /// space.) `prober` is made on first use and kept for the next call.
    pub(crate) fn special_first_possible(&self, prober: &mut Option<Prober<'r>>, act: &Action, sa: Special) -> bool {
        if !self.special_possible(act, sa) {
            return false;
        }
        let most =
            u16::from(self.state.resources(act.faction)) + resource_gain_max(self.rules, &self.state, act.faction, sa);
        if most < u16::from(self.op_min_cost(act)) {
            return false;
        }
        prober
            .get_or_insert_with(|| Prober::new(self))
            .opens_op(&self.state, self.card, act, sa, &[])
    }

    /// Execute `sa` for `act`; before the Operation's first space, under a Guard that
    /// offers only answers after which the Operation can still take place.
    pub(crate) fn special_activity(&mut self, act: &mut Action, sa: Special) -> Result<(), Stop> {
        if act.count > 0 || self.guard.is_some() || self.probing.is_some() {
            return self.special_activity_now(act, sa);
        }
        self.guard = Some(Box::new(Guard {
            faction: act.faction,
            special: sa,
            act: act.clone(),
            start: self.state.clone(),
            card: self.card,
            path: Vec::new(),
        }));
        let done = self.special_activity_now(act, sa);
        self.guard = None;
        done
    }

    /// Under a Guard, keep the options of Faction `f`'s question that leave the
    /// Operation a first space. `options` has two or more.
    pub(crate) fn guard_filter(&self, f: Faction, options: &mut Vec<Choice>) {
        let Some(guard) = self.guard.as_deref() else {
            return;
        };
        if f != guard.faction {
            return;
        }
        let mut prober = Prober::new(self);
        let mut prefix = guard.path.clone();
        options.retain(|&c| {
            prefix.push(c);
            let ok = prober.opens_op(&guard.start, guard.card, &guard.act, guard.special, &prefix);
            prefix.pop();
            ok
        });
    }

    /// Under a Guard, note the answer to a question.
    pub(crate) fn guard_record(&mut self, c: Choice) {
        if let Some(g) = self.guard.as_deref_mut() {
            g.path.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn done_first_and_numbers_largest_first() {
        let mut o = vec![Choice::Yes, Choice::No, Choice::Done];
        search_order(&mut o);
        assert_eq!(o, [Choice::Done, Choice::Yes, Choice::No]);
        let mut n = vec![Choice::Number(1), Choice::Number(2), Choice::Number(3)];
        search_order(&mut n);
        assert_eq!(n, [Choice::Number(3), Choice::Number(2), Choice::Number(1)]);
    }
}
