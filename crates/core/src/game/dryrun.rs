//! Dry runs: carry something out on the position as it stands, with every question
//! answered by an explorer that walks the tree of answers depth first, then put the game
//! back exactly as it was. The engine uses them to find out what can be done without
//! anyone deciding anything: rule 5.1.3 ("implement that which can") asks which spaces
//! let an Event's text be carried out in full.
//!
//! A dry run is bracketed by `dry_begin` and `dry_end`; between them `dry_rewind` puts the
//! position back for the next try, and the explorer (`DryRun::explorer`) says which path
//! of answers comes next. Nothing a dry run does is recorded: answers, statistics, the
//! log and the agents are the game's own again after `dry_end`.

use super::decision::{Agent, Request, Stop, View};
use super::engine::{CardContext, Game, Stats};
use crate::kernel::State;
use std::cell::RefCell;
use std::rc::Rc;

/// The path of answers a dry run takes: for each question, the option taken and how many
/// there were. Each try replays the path; a question beyond it takes the first option.
/// A judge that watches the try's shortfall (5.1.3, crates/lua/src/api/choose.rs) may skip the
/// paths that begin as a try that fell short did (`short_at`, `skip_after`): a dry run is
/// deterministic, so they fall at least as short.
#[derive(Debug, Default)]
pub struct Explorer {
    path: Vec<(u32, u32)>,
    depth: usize,
    /// Questions answered in this try.
    pub asked: usize,
    /// How much of the text the try has left undone so far, if the one who judges the
    /// tries counts it (`watch_shortfall`).
    shortfall: Option<fn() -> u32>,
    /// The answers this try had given when it first fell short, and its shortfall then.
    short_at: Option<(usize, u32)>,
}

impl Explorer {
    /// Let the explorer see the try's shortfall so far (see `short_at`).
    pub fn watch_shortfall(&mut self, shortfall: fn() -> u32) {
        self.shortfall = Some(shortfall);
    }

    /// Where this try first fell short: the answers given before it did, and its
    /// shortfall when the next answer was asked for (or the try ended). Every path that
    /// begins with the same answers runs the same way up to there, so falls at least as
    /// short. `end` is the try's shortfall as it ended.
    pub fn short_at(&mut self, end: u32) -> Option<(usize, u32)> {
        if end > 0 && self.short_at.is_none() {
            self.short_at = Some((self.depth, end));
        }
        self.short_at
    }

    /// Leave out the paths that begin with the first `k` answers of this try.
    pub fn skip_after(&mut self, k: usize) {
        self.path.truncate(k);
    }

    fn answer(&mut self, options: usize) -> usize {
        if self.short_at.is_none()
            && let Some(f) = self.shortfall
        {
            let s = f();
            if s > 0 {
                self.short_at = Some((self.depth, s));
            }
        }
        self.asked += 1;
        if let Some(&(taken, _)) = self.path.get(self.depth) {
            self.depth += 1;
            return taken as usize;
        }
        self.path.push((0, options as u32));
        self.depth += 1;
        0
    }

    /// Move to the next path of answers, depth first; false once every path was tried.
    pub fn advance(&mut self) -> bool {
        self.depth = 0;
        self.asked = 0;
        self.short_at = None;
        while let Some((taken, n)) = self.path.pop() {
            if taken + 1 < n {
                self.path.push((taken + 1, n));
                return true;
            }
        }
        false
    }

    /// Start over with no path.
    pub fn reset(&mut self) {
        self.path.clear();
        self.depth = 0;
        self.asked = 0;
        self.short_at = None;
    }
}

/// The agent of every Faction during a dry run.
struct ExplorerAgent(Rc<RefCell<Explorer>>);

impl Agent for ExplorerAgent {
    fn decide(&mut self, _view: &View, request: &Request) -> Result<usize, Stop> {
        Ok(self.0.borrow_mut().answer(request.options.len()))
    }
}

/// What `dry_begin` put aside, to be restored by `dry_end`.
pub(crate) struct DryRun<'r> {
    /// Boxed: the state is large, and a dry run moves on and off the stack of dry runs.
    state: Box<State>,
    card: CardContext,
    answers: usize,
    stats: Stats,
    log: Option<Vec<String>>,
    checking: bool,
    /// The players' own options (1.5.2 negotiation, 1.4.1 voluntary removal): no part of
    /// an Event's text, so a dry run offers neither.
    options: (bool, bool),
    failures: usize,
    played: usize,
    agents: Vec<Box<dyn Agent + 'r>>,
    explorer: Rc<RefCell<Explorer>>,
}

/// An explorer and the four agents answering by it, kept from a dry run that ended, with
/// the box its position was saved in: a random game begins a dry run at about every
/// Event with a choice, and making them anew is seven allocations.
pub(crate) struct Spare<'r> {
    explorer: Rc<RefCell<Explorer>>,
    agents: Vec<Box<dyn Agent + 'r>>,
    state: Box<State>,
}

impl<'r> Game<'r> {
    /// Begin a dry run on the position as it stands; returns its explorer, which answers
    /// every question until `dry_end`.
    pub fn dry_begin(&mut self) -> Rc<RefCell<Explorer>> {
        // A spare whose explorer only the spare holds (itself and its agents: the judge of
        // its dry run is gone) is as good as new once reset.
        let spare = match self.dry.dry_spares.pop() {
            Some(s) if Rc::strong_count(&s.explorer) == s.agents.len() + 1 => {
                s.explorer.borrow_mut().reset();
                s
            }
            _ => {
                let explorer = Rc::new(RefCell::new(Explorer::default()));
                let agents: Vec<Box<dyn Agent + 'r>> = (0..4)
                    .map(|_| Box::new(ExplorerAgent(explorer.clone())) as Box<dyn Agent + 'r>)
                    .collect();
                Spare {
                    explorer,
                    agents,
                    state: Box::new(self.state.clone()),
                }
            }
        };
        let Spare {
            explorer,
            agents,
            mut state,
        } = spare;
        (*state).clone_from(&self.state);
        let saved = DryRun {
            state,
            card: self.card,
            answers: self.answers.len(),
            stats: self.stats,
            log: self.telemetry.log.take(),
            checking: std::mem::replace(&mut self.check_every_decision, false),
            options: (
                std::mem::replace(&mut self.negotiation, false),
                std::mem::replace(&mut self.voluntary_removal, false),
            ),
            failures: self.event_failures.len(),
            played: self.events_played.len(),
            agents: std::mem::replace(&mut self.agents, agents),
            explorer: explorer.clone(),
        };
        self.dry.dry_runs.push(saved);
        explorer
    }

    /// Put the position back as it was when the innermost dry run began, for the next try.
    pub fn dry_rewind(&mut self) {
        let Some(saved) = self.dry.dry_runs.last() else { return };
        self.state.clone_from(&saved.state);
        self.card = saved.card;
        self.answers.truncate(saved.answers);
        self.stats = saved.stats;
        self.event_failures.truncate(saved.failures);
        self.events_played.truncate(saved.played);
    }

    /// Has the position changed since the innermost dry run began (dice aside)?
    pub fn dry_changed(&self) -> bool {
        let Some(saved) = self.dry.dry_runs.last() else {
            return false;
        };
        !self.state.same_position(&saved.state) || self.card.event_override != saved.card.event_override
    }

    /// End the innermost dry run: the game is exactly as it was before `dry_begin`.
    pub fn dry_end(&mut self) {
        self.dry_rewind();
        self.dry_keep();
    }

    /// End the innermost dry run keeping what its last try did, as if that try had been
    /// carried out in the dry run around it: the position, the card's bookkeeping and the
    /// counts stay; the log, the checks, the players' options and the agents are the
    /// game's own again.
    pub fn dry_keep(&mut self) {
        let Some(saved) = self.dry.dry_runs.pop() else { return };
        self.telemetry.log = saved.log;
        self.check_every_decision = saved.checking;
        (self.negotiation, self.voluntary_removal) = saved.options;
        let agents = std::mem::replace(&mut self.agents, saved.agents);
        self.dry.dry_spares.push(Spare {
            explorer: saved.explorer,
            agents,
            state: saved.state,
        });
    }

    /// May the outermost dry run's last try stand for the game's own run of the same text,
    /// if that try met no question? Only where nothing else differs: no log or narrative
    /// to write, no watcher, and neither of the players' options (a dry run offers none).
    pub fn dry_keep_as_live(&self) -> bool {
        let [saved] = self.dry.dry_runs.as_slice() else {
            return false;
        };
        saved.log.is_none()
            && self.telemetry.narrative.is_none()
            && self.telemetry.watcher.is_none()
            && saved.options == (false, false)
    }

    /// Is a dry run under way (nothing done now counts)?
    pub fn in_dry_run(&self) -> bool {
        !self.dry.dry_runs.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explorer_walks_every_path_depth_first() {
        let mut e = Explorer::default();
        let mut seen = Vec::new();
        loop {
            // A tree of two questions: 2 options, then 3.
            let a = e.answer(2);
            let b = e.answer(3);
            seen.push((a, b));
            if !e.advance() {
                break;
            }
        }
        assert_eq!(seen, vec![(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)]);
    }

    thread_local! {
        static SHORT: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    }

    fn short_so_far() -> u32 {
        SHORT.with(|s| s.get())
    }

    #[test]
    fn paths_that_share_a_fallen_short_beginning_are_skipped() {
        // Two questions, 3 options then 4. Answering 0 to the first leaves part of the text
        // undone before the second is asked: the other answers to the second cannot make
        // up for it, so after one try the explorer goes on to the first's next option.
        let mut e = Explorer::default();
        e.watch_shortfall(short_so_far);
        let mut seen = Vec::new();
        loop {
            SHORT.with(|s| s.set(0));
            let a = e.answer(3);
            if a == 0 {
                SHORT.with(|s| s.set(1));
            }
            let b = e.answer(4);
            seen.push((a, b));
            let end = short_so_far();
            if let Some((k, s)) = e.short_at(end) {
                assert_eq!((k, s), (1, 1));
                e.skip_after(k);
            }
            if !e.advance() {
                break;
            }
        }
        let mut want = vec![(0, 0)];
        want.extend((1..3).flat_map(|a| (0..4).map(move |b| (a, b))));
        assert_eq!(seen, want);
    }

    #[test]
    fn a_try_that_falls_short_after_its_last_answer_is_placed_there() {
        let mut e = Explorer::default();
        e.watch_shortfall(short_so_far);
        SHORT.with(|s| s.set(0));
        e.answer(2);
        e.answer(2);
        assert_eq!(e.short_at(0), None);
        assert_eq!(e.short_at(2), Some((2, 2)));
        assert!(e.advance());
        assert_eq!(e.short_at(0), None, "each try starts unmarked");
    }

    #[test]
    fn a_path_that_asks_less_the_second_time_is_cut_back() {
        let mut e = Explorer::default();
        assert_eq!(e.answer(2), 0);
        assert!(e.advance());
        assert_eq!(e.answer(2), 1);
        assert!(!e.advance());
    }
}
