//! Setting up and playing whole games: the shared entry point of `sim`, `validate
//! --games`, replays and tests.

use super::decision::{Agent, Choice, RandomAgent, Request, Stop, View};
use super::engine::{Game, Outcome};
use super::tally::Blame;
use crate::content::Setup;
use crate::kernel::{Faction, Ruleset};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

pub use super::summary::Summary;
pub use super::tally::Tally;

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

/// A set-up with the game's dice seeded afresh (one set-up serves many games).
/// Test support: random games of the standard scenario (the embedded content), one per
/// seed, calling `at` with the game and its seed at the end of every card.
#[cfg(test)]
pub(crate) fn watch_random_games(seeds: std::ops::RangeInclusive<u64>, at: &mut dyn FnMut(&Game, u64)) {
    let files = crate::content::ContentFiles::embedded();
    let (rules, _, setup) = crate::cli::position(&files, "standard", 1).expect("content loads");
    for seed in seeds {
        let mut game = new_game(&rules, reseeded(&setup, seed), random_agents(seed));
        let at = &mut *at;
        game.watch = Some(Box::new(move |g: &Game, _| at(g, seed)));
        let _ = game.play();
    }
}

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
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum AgentKind {
    /// The uniform random agent.
    #[default]
    Random,
    /// The section 8 Non-player bot (the Faction is a Non-player, 1.5).
    NonPlayer,
    /// The search AI (src/search), a player of its own.
    Mcts(crate::search::SearchConfig),
}

/// The agent of each Faction (by Faction index), as `--agents` gives it: `random`,
/// `nonplayer`, `mcts:N`, or a mix such as `govt=mcts:200,others=nonplayer`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AgentSpec(pub [AgentKind; 4]);

impl AgentSpec {
    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let kind = |w: &str| match w {
            "random" => Ok(AgentKind::Random),
            "nonplayer" | "non-player" | "bot" => Ok(AgentKind::NonPlayer),
            _ if w.starts_with("mcts")
                || crate::search::LEVELS
                    .iter()
                    .any(|(l, _)| w.split(':').next() == Some(l)) =>
            {
                crate::search::SearchConfig::parse(w)
                    .map(AgentKind::Mcts)
                    .map_err(|e| format!("--agents: {e}"))
            }
            _ => Err(format!(
                "--agents: unknown agent `{w}` (random, nonplayer, mcts:N, mcts:N:T, easy, normal, hard)"
            )),
        };
        let mut spec: [Option<AgentKind>; 4] = [None; 4];
        let mut others = None;
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            match part.split_once('=') {
                None => others = Some(kind(part)?),
                Some(("others" | "all", k)) => others = Some(kind(k)?),
                Some((f, k)) => {
                    let f = Faction::from_slug(&f.to_ascii_lowercase())
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
                    AgentKind::Mcts(c) => Box::new(crate::search::Mcts::new(f, c, agent_seed(seed, f))),
                }
            })
            .collect()
    }
}

impl std::fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let word = |k: AgentKind| match k {
            AgentKind::Random => "random".to_string(),
            AgentKind::NonPlayer => "nonplayer".to_string(),
            AgentKind::Mcts(c) => c.to_string(),
        };
        if self.0.iter().all(|&k| k == self.0[0]) {
            return f.write_str(&word(self.0[0]));
        }
        let parts: Vec<String> = Faction::ALL
            .iter()
            .map(|x| format!("{}={}", x.slug(), word(self.0[x.index()])))
            .collect();
        f.write_str(&parts.join(","))
    }
}

/// A game with the agents of `spec`, ready to play, and the counters of its bots.
pub fn spec_prepared<'r>(rules: &'r Ruleset, setup: &Setup, seed: u64, check: bool, spec: &AgentSpec) -> Prepared<'r> {
    let fired = crate::nonplayer::Fired::default();
    let mut game = new_game(rules, reseeded(&spec.seat(setup), seed), spec.agents(seed, &fired));
    game.check_every_decision = check;
    // A validator's playout is replayed (`verify_playout`), Event by Event.
    if check {
        game.event_trace = Some(Vec::new());
    }
    (game, fired)
}

/// Play a whole game with the agents of `spec`; returns the rules the bots fired.
pub fn spec_game<'r>(
    rules: &'r Ruleset,
    setup: &Setup,
    seed: u64,
    check: bool,
    spec: &AgentSpec,
) -> (Result<Outcome, Stop>, Game<'r>, BTreeMap<&'static str, u64>) {
    let (mut game, fired) = spec_prepared(rules, setup, seed, check, spec);
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
) -> (Result<Outcome, Stop>, Game<'r>, BTreeMap<&'static str, u64>) {
    let setup = &spec.seat(setup);
    let (live, game, fired) = spec_game(rules, setup, seed, true, spec);
    let live = verify_playout(rules, setup, seed, &game, live);
    (live, game, fired)
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
    replay.event_trace = game.event_trace.as_ref().map(|_| Vec::new());
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
    if let (Some(live), Some(again)) = (&game.event_trace, &replay.event_trace)
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

// ---- batches of games: `abyss sim` and `abyss validate --games` --------------------------

/// One game's result, for the summary of a batch.
pub struct GameResult {
    pub seed: u64,
    pub outcome: Result<Outcome, Stop>,
    pub cards: u32,
    pub decisions: u64,
    /// The card being played when the game stopped before its end (None when it ended,
    /// even if a check afterwards failed it).
    pub card: Option<u8>,
    /// The answers of a failing game, or of every game when records are kept; empty
    /// otherwise.
    pub answers: Vec<(Faction, Choice)>,
    /// Event sides executed (card, side).
    pub events: Vec<(u8, crate::kernel::Side)>,
    /// Events whose script failed and were rolled back (5.0): the game went on.
    pub event_failures: Vec<super::events::ScriptError>,
    /// Where a failed game's failure lies in the content, when a script is to blame
    /// (`verify_playout_blamed`).
    pub blame: Option<Blame>,
    /// Non-player rules fired in the game.
    pub fired: BTreeMap<&'static str, u64>,
    /// The standing at each Propaganda Round held (`Game::rounds`).
    pub rounds: Vec<super::engine::RoundMark>,
}

/// A game of a batch, ready to play, with the counters of its bots.
pub type Prepared<'r> = (Game<'r>, crate::nonplayer::Fired);

/// The games of a batch: which seeds, on how many threads, what to keep.
pub struct Batch<'p> {
    pub seeds: std::ops::Range<u64>,
    pub jobs: usize,
    /// Keep the answers of every game (for records), not only of failing ones.
    pub keep_answers: bool,
    /// Keep a row per game in the tally (`sim --rows`).
    pub rows: bool,
    /// Called after each game (a progress bar).
    pub progress: &'p (dyn Fn() + Sync),
}

std::thread_local! {
    /// The message and place of the last panic on this thread, while a batch runs.
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    static IN_BATCH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A panic inside a game of a batch is that game's failure: the hook keeps its message
/// for the report instead of printing it, on batch threads only.
fn quiet_panics_in_batches() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_BATCH.with(|b| b.get()) {
                PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

fn panic_failure(game: Option<&Game>) -> Stop {
    let what = PANIC
        .with(|p| p.borrow_mut().take())
        .unwrap_or_else(|| "a panic".into());
    let at = game
        .and_then(|g| g.current_card())
        .map(|n| format!(" at card {n}"))
        .unwrap_or_default();
    Stop::Failed(format!("the engine panicked{at}: {}", what.replace('\n', " ")))
}

/// Run `work` as a game of a batch runs: a panic in it is returned as its message (the
/// panic hook keeps it off stderr) instead of ending the thread. For batches of other
/// shapes than `run_games` (card-impact forks, src/game/impact.rs).
pub(crate) fn guarded<R>(work: impl FnOnce() -> R) -> Result<R, String> {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    quiet_panics_in_batches();
    let was = IN_BATCH.with(|b| b.replace(true));
    let r = catch_unwind(AssertUnwindSafe(work));
    IN_BATCH.with(|b| b.set(was));
    r.map_err(|_| match panic_failure(None) {
        Stop::Failed(m) => m,
        other => other.to_string(),
    })
}

/// Play the games of `batch`: `prepare` sets a game up for a seed, `finish` checks a
/// finished game (it may turn a result into a failure). A panic in either is the game's
/// reported failure and the batch goes on.
///
/// Each game is counted in the tally as it ends and then dropped, so a batch's memory does
/// not grow with its number of games; whole results are kept (in seed order) only for the
/// games that failed, or for every game when the batch keeps answers (records).
pub fn run_games<'r, P, F>(batch: &Batch, prepare: P, finish: F) -> (Tally, Vec<GameResult>)
where
    P: Fn(u64) -> Prepared<'r> + Sync,
    F: Fn(u64, &Game<'r>, Result<Outcome, Stop>) -> Verdict + Sync,
{
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::atomic::{AtomicU64, Ordering};
    quiet_panics_in_batches();
    let seeds = batch.seeds.clone();
    let next = AtomicU64::new(seeds.start);
    let one = |seed: u64| -> GameResult {
        let prepared = catch_unwind(AssertUnwindSafe(|| prepare(seed)));
        let Ok((mut game, fired)) = prepared else {
            return GameResult {
                seed,
                outcome: Err(panic_failure(None)),
                cards: 0,
                decisions: 0,
                card: None,
                answers: Vec::new(),
                events: Vec::new(),
                event_failures: Vec::new(),
                blame: None,
                fired: BTreeMap::new(),
                rounds: Vec::new(),
            };
        };
        let played = catch_unwind(AssertUnwindSafe(|| game.play()));
        // The card where the game itself stopped (a check after the end names its own).
        let stopped_at = match &played {
            Ok(Ok(_)) => None,
            _ => game.current_card(),
        };
        let Verdict { outcome, blame } = match played {
            Ok(result) => catch_unwind(AssertUnwindSafe(|| finish(seed, &game, result)))
                .unwrap_or_else(|_| Err(panic_failure(Some(&game))).into()),
            Err(_) => Err(panic_failure(Some(&game))).into(),
        };
        let answers = if batch.keep_answers || outcome.is_err() {
            std::mem::take(&mut game.answers)
        } else {
            Vec::new()
        };
        let fired = fired.borrow().clone();
        GameResult {
            seed,
            card: stopped_at,
            cards: game.stats.cards,
            decisions: game.stats.decisions,
            answers,
            events: std::mem::take(&mut game.events_played),
            event_failures: std::mem::take(&mut game.event_failures),
            blame: blame.filter(|_| outcome.is_err()),
            outcome,
            fired,
            rounds: std::mem::take(&mut game.rounds),
        }
    };
    let work = || {
        IN_BATCH.with(|b| b.set(true));
        let mut tally = Tally::new(batch.rows);
        let mut kept = Vec::new();
        loop {
            let seed = next.fetch_add(1, Ordering::Relaxed);
            if seed >= seeds.end || seed < seeds.start {
                break;
            }
            let r = one(seed);
            tally.add(&r);
            if batch.keep_answers || r.outcome.is_err() {
                kept.push(r);
            }
            (batch.progress)();
        }
        IN_BATCH.with(|b| b.set(false));
        (tally, kept)
    };
    let (tally, mut results) = std::thread::scope(|scope| {
        // Never more threads than games; a thread the system refuses is one fewer worker
        // (this thread works too, so there is always at least one).
        let games = seeds.end - seeds.start;
        let extra = batch.jobs.max(1).min(games.max(1) as usize) - 1;
        let workers: Vec<_> = (0..extra)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let (mut tally, mut all) = work();
        for w in workers {
            // A worker's own panics are caught per game; a join error cannot carry results.
            if let Ok((t, more)) = w.join() {
                tally.merge(t);
                all.extend(more);
            }
        }
        (tally, all)
    });
    results.sort_by_key(|r| r.seed);
    (tally, results)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_resumed_game_continues_as_the_uninterrupted_one() {
        // A game of random agents and bots, interrupted after 150 answers and resumed
        // with fresh agents that mirror the replayed questions: the same game.
        let files = crate::content::ContentFiles::embedded();
        let (rules, _, setup) = crate::cli::position(&files, "standard", 7).unwrap();
        let spec = AgentSpec::parse("farc=nonplayer,others=random").unwrap();
        let (whole, game, _) = spec_game(&rules, &setup, 7, false, &spec);
        assert!(whole.is_ok());
        let fired = crate::nonplayer::Fired::default();
        let live: Vec<Option<Box<dyn Agent>>> = spec.agents(7, &fired).into_iter().map(Some).collect();
        let (_, agents) = Replay::resume(game.answers[..150].to_vec(), live, [true; 4]);
        let mut resumed = new_game(&rules, reseeded(&spec.seat(&setup), 7), agents);
        assert_eq!(resumed.play(), whole);
        assert_eq!(resumed.answers, game.answers);
        assert_eq!(resumed.state, game.state);
    }

    #[test]
    fn a_panic_in_one_game_is_its_failure_and_the_batch_goes_on() {
        let files = crate::content::ContentFiles::embedded();
        let (rules, _, setup) = crate::cli::position(&files, "quick", 1).unwrap();
        let tick = || {};
        let batch = Batch {
            seeds: 1..4,
            jobs: 2,
            keep_answers: false,
            rows: true,
            progress: &tick,
        };
        let (tally, results) = run_games(
            &batch,
            |seed| {
                if seed == 2 {
                    panic!("made to fail");
                }
                spec_prepared(&rules, &setup, seed, false, &AgentSpec::default())
            },
            |seed, _, r| {
                assert_ne!(seed, 3, "checked to fail");
                r.into()
            },
        );
        // Only the failed games are kept whole; the tally counts all three.
        assert_eq!(results.len(), 2);
        assert_eq!((tally.games, tally.completed), (3, 1));
        let e = |i: usize| results[i].outcome.clone().unwrap_err().to_string();
        assert!(
            e(0).contains("the engine panicked") && e(0).contains("made to fail"),
            "{}",
            e(0)
        );
        assert!(e(1).contains("checked to fail"), "{}", e(1));
        assert_eq!(tally.failures.iter().map(|f| f.seed).collect::<Vec<_>>(), [2, 3]);
        // Every game has its row, in seed order, the failed ones marked so.
        let rows = tally.rows.as_ref().unwrap();
        assert_eq!(rows.iter().map(|r| r.seed).collect::<Vec<_>>(), [1, 2, 3]);
        use super::super::tally::Ending;
        assert_eq!(
            rows.iter().map(|r| r.ending == Ending::Failed).collect::<Vec<_>>(),
            [false, true, true]
        );
        assert!(rows[0].winner.is_some() && rows[1].margins.is_none());
    }
}
