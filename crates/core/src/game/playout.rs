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
    /// The list holds the answers the engine noted at 5.1.3 questions with one candidate
    /// allowed (`Agent::noted`), as a game's own list and a record do; a scenario test's
    /// play, written by hand, holds only the answers to questions someone was asked.
    pub notes: bool,
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
        Replay::resume(answers, live, [false; 4])
    }

    /// `then`, where the live agents of the Factions marked in `mirror` are also asked
    /// every replayed question of theirs (their answers are not used): an agent with
    /// dice or plans (random, Non-player) then continues exactly as it would have in the
    /// game that was saved, undone or interrupted.
    pub fn resume<'r>(
        answers: Vec<(Faction, Choice)>,
        live: Vec<Option<Box<dyn Agent + 'r>>>,
        mirror: [bool; 4],
    ) -> (Replay, Vec<Box<dyn Agent + 'r>>) {
        let state = Rc::new(RefCell::new(ReplayState {
            answers,
            notes: true,
            ..ReplayState::default()
        }));
        let agents = live
            .into_iter()
            .zip(mirror)
            .map(|(live, mirror)| {
                Box::new(ReplayAgent {
                    state: state.clone(),
                    live,
                    mirror,
                }) as Box<dyn Agent + 'r>
            })
            .collect();
        (Replay { state }, agents)
    }

    /// Every answer has been used: the game is live from here on.
    pub fn done(&self) -> bool {
        let s = self.state.borrow();
        s.used >= s.answers.len()
    }

    pub fn snapshot(&self) -> ReplayState {
        self.state.borrow().clone()
    }
}

struct ReplayAgent<'r> {
    state: Rc<RefCell<ReplayState>>,
    live: Option<Box<dyn Agent + 'r>>,
    mirror: bool,
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
                drop(s);
                if self.mirror
                    && let Some(live) = &mut self.live
                {
                    // Only to keep the live agent in step; the record's answer stands.
                    let _ = live.decide(view, request);
                }
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

    /// While recorded answers remain, the record answers every question (its option
    /// lists judged in full); after, the live agent draws if it does.
    fn draw_dice(&mut self) -> Option<crate::kernel::Dice> {
        let s = self.state.borrow();
        if s.used < s.answers.len() {
            return None;
        }
        drop(s);
        self.live.as_mut()?.draw_dice()
    }

    fn drew(&mut self) {
        if let Some(live) = &mut self.live {
            live.drew();
        }
    }

    fn deliberation(&mut self) -> Option<super::decision::Deliberation> {
        self.live.as_mut()?.deliberation()
    }

    /// A noted answer uses up the record's next one, which must be the same; the live
    /// agent hears of it as it would have in the game recorded.
    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        let mut s = self.state.borrow_mut();
        let replaying = s.used < s.answers.len();
        if replaying && s.notes {
            let (by, answer) = s.answers[s.used];
            if (by, answer) != (f, c) {
                return Err(Stop::Diverged(format!(
                    "the answer is {} `{}`, but {} has `{}` as its only option at an Event's question",
                    by.name(),
                    answer.render(rules),
                    f.name(),
                    c.render(rules)
                )));
            }
            s.used += 1;
        }
        drop(s);
        match &mut self.live {
            Some(live) if self.mirror || !replaying => live.noted(rules, f, c),
            _ => Ok(()),
        }
    }
}

/// Test support: random games of the standard scenario (the embedded content, Events as
/// no-ops: `content::position_without_events`), one per seed, calling `at` with the game
/// and its seed at the end of every card.
#[cfg(test)]
pub(crate) fn watch_random_games(seeds: std::ops::RangeInclusive<u64>, at: &mut dyn FnMut(&Game, u64)) {
    let (rules, setup) = crate::content::position_without_events("standard", 1);
    for seed in seeds {
        let mut game = new_game(&rules, reseeded(&setup, seed), random_agents(seed));
        let at = &mut *at;
        game.telemetry.watch = Some(Box::new(move |g: &Game, _| at(g, seed)));
        let _ = game.play();
    }
}

/// A set-up with the game's dice seeded afresh (one set-up serves many games).
pub fn reseeded(setup: &Setup, seed: u64) -> Setup {
    let mut s = setup.clone();
    s.state.dice = crate::kernel::Dice::new(seed);
    s
}

/// Play a whole game with uniform random agents.
/// Play a whole game with uniform random agents (`check`: every invariant checked before
/// every decision, and the Events traced for `verify_playout`).
pub fn random_game<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64, check: bool) -> (Result<Outcome, Stop>, Game<'r>) {
    let mut game = new_game(rules, reseeded(setup, seed), random_agents(seed));
    game.check_every_decision = check;
    // A validator's playout is replayed (`verify_playout`), Event by Event.
    if check {
        game.telemetry.event_trace = Some(Vec::new());
    }
    let result = game.play();
    (result, game)
}

/// A validator's playout: a random game with every invariant checked before every
/// decision and at the end, then replayed from its answers, which must give the same
/// outcome and the same final state. Returns the live game's outcome and counters, or
/// what went wrong.
pub fn checked_playout<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64) -> (Result<Outcome, Stop>, Game<'r>) {
    let (live, game) = random_game(rules, setup, seed, true);
    let live = verify_playout(rules, setup, seed, &game, live);
    (live, game)
}

/// The checks of a validator's playout after the game (`setup` already seated): no Event
/// failed, every invariant holds, and the answers replay to the same game.
pub fn verify_playout(
    rules: &Ruleset,
    setup: &Setup,
    seed: u64,
    game: &Game,
    live: Result<Outcome, Stop>,
) -> Result<Outcome, Stop> {
    verify_playout_blamed(rules, setup, seed, game, live).outcome
}

/// A finished game as checked: its outcome or failure, and where the failure lies in the
/// content when a card's script is to blame.
pub struct Verdict {
    pub outcome: Result<Outcome, Stop>,
    pub blame: Option<Blame>,
}

impl From<Result<Outcome, Stop>> for Verdict {
    fn from(outcome: Result<Outcome, Stop>) -> Verdict {
        Verdict { outcome, blame: None }
    }
}

/// `verify_playout`, with the card, side, file and line of a failure a script is to blame
/// for (the Event that failed, or that did something else in the replay).
pub fn verify_playout_blamed(
    rules: &Ruleset,
    setup: &Setup,
    seed: u64,
    game: &Game,
    live: Result<Outcome, Stop>,
) -> Verdict {
    let failed = |message: String, blame: Option<Blame>| Verdict {
        outcome: Err(Stop::Failed(message)),
        blame,
    };
    let outcome = match live {
        Ok(o) => o,
        Err(e) => return Err(e).into(),
    };
    if let Some(e) = game.event_failures.first() {
        return failed(
            format!("an Event failed and was rolled back: {e}"),
            Some(Blame::of_script(e)),
        );
    }
    let broken = crate::kernel::check_invariants(&game.state, rules);
    if !broken.is_empty() {
        return failed(format!("invariant broken at the end: {}", broken.join("; ")), None);
    }
    let mut replay = new_game(rules, reseeded(setup, seed), Replay::agents(game.answers.clone()));
    replay.telemetry.event_trace = game.telemetry.event_trace.as_ref().map(|_| Vec::new());
    let stopped = match replay.play() {
        Ok(o) if o == outcome && replay.state == game.state && replay.stats == game.stats => return Ok(outcome).into(),
        Ok(_) => "the replay of the answers ended differently from the live game".to_string(),
        Err(e) => format!("the replay of the answers stopped: {e}"),
    };
    // A script that failed in the replay, though not in the game, is the cause, and its
    // error says what and where: name it rather than the divergence that followed (the
    // replay went on without the Event, and its answers no longer fit). A replay judges
    // every 5.1.3 candidate; a random agent judged only those its draw reached.
    if let Some(e) = replay.event_failures.first() {
        return failed(
            format!(
                "an Event failed when the game's answers were replayed, though not in the game (a \
                 replay tries every 5.1.3 candidate; a random agent, only those its draw reaches): {e}"
            ),
            Some(Blame::of_script(e)),
        );
    }
    // The engine is deterministic: an Event that did something else with the same
    // answers is its script's doing. Name it.
    if let (Some(live), Some(again)) = (&game.telemetry.event_trace, &replay.telemetry.event_trace)
        && let Some(i) = (0..live.len().min(again.len())).find(|&i| !live[i].same_as(&again[i]))
    {
        let (message, blame) = event_diverged(rules, &live[i], &again[i]);
        return failed(message, Some(blame));
    }
    failed(stopped, None)
}

/// The failure of a replay that did something else in the Event of `live` (`again` in the
/// replay): the card, its script and the line of its first question with an `effect`.
fn event_diverged(
    rules: &Ruleset,
    live: &super::events::EventMark,
    again: &super::events::EventMark,
) -> (String, Blame) {
    let card = live.card;
    let title = rules.card(card).map_or("", |c| c.title.as_str());
    let path = rules.events.card(card).map_or("events", |f| f.path.as_str());
    let site = live
        .effects
        .iter()
        .chain(&again.effects)
        .find(|(f, _)| f == path)
        .or(live.effects.first())
        .or(again.effects.first());
    let place = match site {
        Some((f, l)) => format!("{f}:{l}"),
        None => path.to_string(),
    };
    let how = if again.stopped() {
        "asked other questions"
    } else if live.answers.1 != again.answers.1 {
        "took another number of answers"
    } else {
        "left another position"
    };
    let hint = if site.is_some() {
        " An `effect` runs a varying number of times in the 5.1.3 dry runs (fewer for an agent that draws, all of them in a replay): it must not count its runs or keep anything from one run to the next."
    } else {
        ""
    };
    let message = format!(
        "card {card} ({title}), {}: {place}: the script did something else when the game's answers were replayed (the Event {how}): a script must do the same every time it gets the same answers.{hint}",
        live.side.slug()
    );
    let blame = Blame {
        card: Some(card),
        side: Some(live.side.slug().to_string()),
        file: Some(site.map_or(path, |(f, _)| f.as_str()).to_string()),
        line: site.map(|(_, l)| *l).filter(|&l| l > 0),
    };
    (message, blame)
}

/// Where a failure lies in the content, as far as it is known: the card and side whose
/// script is to blame, and the script's file and line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blame {
    pub card: Option<u8>,
    /// "unshaded" or "shaded".
    pub side: Option<String>,
    pub file: Option<String>,
    /// 1-based.
    pub line: Option<usize>,
}

impl Blame {
    /// A failed script's card, side, file and line.
    pub fn of_script(e: &super::events::ScriptError) -> Blame {
        Blame {
            card: Some(e.card),
            side: e.side.map(|s| s.slug().to_string()),
            file: (!e.file.is_empty()).then(|| e.file.clone()),
            line: (e.line > 0).then_some(e.line),
        }
    }
}
