//! Setting up and playing whole games: the shared entry point of `sim`, `validate
//! --games`, replays and tests.

use super::decision::{Agent, Choice, RandomAgent, Request, Stop, View};
use super::engine::{Game, Outcome};
use crate::content::Setup;
use crate::kernel::{Faction, Ruleset};
use std::cell::RefCell;
use std::rc::Rc;

/// The seeds of the four random agents of a game: distinct from the game's own dice.
pub fn agent_seed(game_seed: u64, f: Faction) -> u64 {
    // SplitMix64 of the game seed and the Faction, so nearby seeds give unrelated agents.
    let mut z = game_seed
        .wrapping_add(0x9E37_79B9_7F4A_7C15u64.wrapping_mul(f.index() as u64 + 1))
        .wrapping_add(0xA076_1D64_78BD_642F);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A game ready to play: the set-up's position, its deck prepared from the game's dice.
pub fn new_game<'r>(rules: &'r Ruleset, setup: Setup, agents: Vec<Box<dyn Agent + 'r>>) -> Game<'r> {
    let mut setup = setup;
    let deck = super::deck::prepare(&setup.deck, rules, &mut setup.state.dice);
    Game::new(rules, setup, deck, agents)
}

/// Four uniform random agents for a game seed.
pub fn random_agents<'r>(seed: u64) -> Vec<Box<dyn Agent + 'r>> {
    Faction::ALL
        .iter()
        .map(|&f| Box::new(RandomAgent::new(agent_seed(seed, f))) as Box<dyn Agent + 'r>)
        .collect()
}

/// Where a replay stands: shared by the four agents of `Replay`.
#[derive(Clone, Debug, Default)]
pub struct ReplayState {
    pub answers: Vec<(Faction, Choice)>,
    /// Answers used so far.
    pub used: usize,
    /// The question that was not answered, if the replay stopped at one.
    pub pending: Option<Request>,
    /// The replay stopped because every answer had been used.
    pub ran_out: bool,
}

/// Agents (one per Faction) that replay a recorded list of answers in order, whichever
/// Faction gives them (the record says who answered; the request must agree), and keep
/// where they stopped. The one implementation behind replays, undo, saved games, scenario
/// tests and scripted tests.
pub struct Replay {
    pub state: Rc<RefCell<ReplayState>>,
}

impl Replay {
    /// The shared state and four agents; running out of answers stops the game.
    pub fn new<'r>(answers: Vec<(Faction, Choice)>) -> (Replay, Vec<Box<dyn Agent + 'r>>) {
        Replay::then(answers, Faction::ALL.iter().map(|_| None).collect())
    }

    /// Four agents sharing one answer list, when the replay's progress is not needed.
    pub fn agents<'r>(answers: Vec<(Faction, Choice)>) -> Vec<Box<dyn Agent + 'r>> {
        Replay::new(answers).1
    }

    /// Agents that replay `answers` and then hand over to `live` (one per Faction; None
    /// stops the game there): how undo and loading a saved game resume play.
    pub fn then<'r>(
        answers: Vec<(Faction, Choice)>,
        live: Vec<Option<Box<dyn Agent + 'r>>>,
    ) -> (Replay, Vec<Box<dyn Agent + 'r>>) {
        let state = Rc::new(RefCell::new(ReplayState {
            answers,
            ..ReplayState::default()
        }));
        let agents = live
            .into_iter()
            .map(|live| {
                Box::new(ReplayAgent {
                    state: state.clone(),
                    live,
                }) as Box<dyn Agent + 'r>
            })
            .collect();
        (Replay { state }, agents)
    }

    pub fn snapshot(&self) -> ReplayState {
        self.state.borrow().clone()
    }
}

struct ReplayAgent<'r> {
    state: Rc<RefCell<ReplayState>>,
    live: Option<Box<dyn Agent + 'r>>,
}

impl Agent for ReplayAgent<'_> {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let mut s = self.state.borrow_mut();
        let Some(&(f, choice)) = s.answers.get(s.used) else {
            if let Some(live) = &mut self.live {
                drop(s);
                return live.decide(view, request);
            }
            s.pending = Some(request.clone());
            s.ran_out = true;
            return Err(Stop::Diverged(format!(
                "the record ends: {} is asked \"{}\"",
                request.faction.name(),
                request.prompt
            )));
        };
        if f != request.faction {
            s.pending = Some(request.clone());
            return Err(Stop::Diverged(format!(
                "the answer is {}'s, but {} is asked \"{}\"",
                f.name(),
                request.faction.name(),
                request.prompt
            )));
        }
        match request.options.iter().position(|&o| o == choice) {
            Some(at) => {
                s.used += 1;
                Ok(at)
            }
            None => {
                s.pending = Some(request.clone());
                let words: Vec<String> = request.options.iter().map(|c| c.render(view.rules)).collect();
                Err(Stop::Diverged(format!(
                    "`{}` is not an option of \"{}\" (options: {})",
                    choice.render(view.rules),
                    request.prompt,
                    words.join(" ")
                )))
            }
        }
    }
}

/// A set-up with the game's dice seeded afresh (one set-up serves many games).
pub fn reseeded(setup: &Setup, seed: u64) -> Setup {
    let mut s = setup.clone();
    s.state.dice = crate::kernel::Dice::new(seed);
    s
}

/// Play a whole game with uniform random agents.
pub fn random_game<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64, check: bool) -> (Result<Outcome, Stop>, Game<'r>) {
    let mut game = new_game(rules, reseeded(setup, seed), random_agents(seed));
    game.check_every_decision = check;
    let result = game.play();
    (result, game)
}

/// A validator's playout: a random game with every invariant checked before every
/// decision and at the end, then replayed from its answers, which must give the same
/// outcome and the same final state. Returns the live game's outcome and counters, or
/// what went wrong.
pub fn checked_playout<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64) -> (Result<Outcome, Stop>, Game<'r>) {
    let (live, game) = random_game(rules, setup, seed, true);
    let live = live.and_then(|outcome| {
        if let Some(e) = game.event_failures.first() {
            return Err(Stop::Failed(format!("an Event failed and was rolled back: {e}")));
        }
        let broken = crate::kernel::check_invariants(&game.state, rules);
        if !broken.is_empty() {
            return Err(Stop::Failed(format!(
                "invariant broken at the end: {}",
                broken.join("; ")
            )));
        }
        let mut replay = new_game(rules, reseeded(setup, seed), Replay::agents(game.answers.clone()));
        match replay.play() {
            Ok(o) if o == outcome && replay.state == game.state && replay.stats == game.stats => Ok(outcome),
            Ok(_) => Err(Stop::Failed(
                "the replay of the answers ended differently from the live game".into(),
            )),
            Err(e) => Err(Stop::Failed(format!("the replay of the answers stopped: {e}"))),
        }
    });
    (live, game)
}
