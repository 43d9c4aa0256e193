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
    let (result, game, _) = spec_game(rules, setup, seed, check, &AgentSpec::default());
    (result, game)
}

/// Who answers for a Faction in a headless game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AgentKind {
    /// The uniform random agent.
    #[default]
    Random,
    /// The section 8 Non-player bot (the Faction is a Non-player, 1.5).
    NonPlayer,
}

/// The agent of each Faction (by Faction index), as `--agents` gives it: `random`,
/// `nonplayer`, or a mix such as `govt=random,others=nonplayer`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AgentSpec(pub [AgentKind; 4]);

impl AgentSpec {
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let kind = |w: &str| match w {
            "random" => Ok(AgentKind::Random),
            "nonplayer" | "non-player" | "bot" => Ok(AgentKind::NonPlayer),
            _ => Err(format!("--agents: unknown agent `{w}` (random, nonplayer)")),
        };
        let mut spec: [Option<AgentKind>; 4] = [None; 4];
        let mut others = None;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.split_once('=') {
                None => others = Some(kind(part)?),
                Some(("others" | "all", k)) => others = Some(kind(k)?),
                Some((f, k)) => {
                    let f = Faction::from_slug(f)
                        .ok_or_else(|| format!("--agents: unknown Faction `{f}` (govt, farc, auc, cartels, others)"))?;
                    spec[f.index()] = Some(kind(k)?);
                }
            }
        }
        Ok(AgentSpec(spec.map(|k| k.or(others).unwrap_or_default())))
    }

    pub fn has_non_players(&self) -> bool {
        self.0.contains(&AgentKind::NonPlayer)
    }

    /// The set-up's seating with these agents: bots are Non-players (1.5 Non-player
    /// option), every other Faction a player of its own.
    pub fn seat(&self, setup: &Setup) -> Setup {
        let mut s = setup.clone();
        if self.has_non_players() {
            let np = |f: &Faction| self.0[f.index()] == AgentKind::NonPlayer;
            s.seating = crate::content::Seating {
                players: Faction::ALL.iter().filter(|f| !np(f)).map(|&f| vec![f]).collect(),
                non_players: Faction::ALL.iter().copied().filter(np).collect(),
            };
        }
        s
    }

    /// The four agents for a game seed; the bots count the rules they fire in `fired`.
    pub fn agents<'r>(&self, seed: u64, fired: &crate::nonplayer::Fired) -> Vec<Box<dyn Agent + 'r>> {
        Faction::ALL
            .iter()
            .map(|&f| -> Box<dyn Agent + 'r> {
                match self.0[f.index()] {
                    AgentKind::Random => Box::new(RandomAgent::new(agent_seed(seed, f))),
                    AgentKind::NonPlayer => Box::new(crate::nonplayer::NonPlayer::new(f).counting(fired.clone())),
                }
            })
            .collect()
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = |k: AgentKind| match k {
            AgentKind::Random => "random",
            AgentKind::NonPlayer => "nonplayer",
        };
        if self.0.iter().all(|&k| k == self.0[0]) {
            return f.write_str(word(self.0[0]));
        }
        let parts: Vec<String> = Faction::ALL
            .iter()
            .map(|x| format!("{}={}", x.slug(), word(self.0[x.index()])))
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// Play a whole game with the agents of `spec`; returns the rules the bots fired.
pub fn spec_game<'r>(
    rules: &'r Ruleset,
    setup: &Setup,
    seed: u64,
    check: bool,
    spec: &AgentSpec,
) -> (
    Result<Outcome, Stop>,
    Game<'r>,
    std::collections::BTreeMap<&'static str, u64>,
) {
    let fired = crate::nonplayer::Fired::default();
    let mut game = new_game(rules, reseeded(&spec.seat(setup), seed), spec.agents(seed, &fired));
    game.check_every_decision = check;
    let result = game.play();
    let counts = fired.borrow().clone();
    (result, game, counts)
}

/// A validator's playout: a random game with every invariant checked before every
/// decision and at the end, then replayed from its answers, which must give the same
/// outcome and the same final state. Returns the live game's outcome and counters, or
/// what went wrong.
pub fn checked_playout<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64) -> (Result<Outcome, Stop>, Game<'r>) {
    let (live, game, _) = checked_spec_playout(rules, setup, seed, &AgentSpec::default());
    (live, game)
}

/// `checked_playout` with the agents of `spec` (the replay needs no bots: their answers
/// are in the record).
pub fn checked_spec_playout<'r>(
    rules: &'r Ruleset,
    setup: &Setup,
    seed: u64,
    spec: &AgentSpec,
) -> (
    Result<Outcome, Stop>,
    Game<'r>,
    std::collections::BTreeMap<&'static str, u64>,
) {
    let setup = &spec.seat(setup);
    let (live, game, fired) = spec_game(rules, setup, seed, true, spec);
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
    (live, game, fired)
}
