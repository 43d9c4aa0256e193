//! Games played by the agents of an `AgentSpec`: the spec itself (`--agents`), whole games
//! and validator playouts with it, and batches of games on threads (`abyss sim`,
//! `validate --games`, `balance`, `strength`).

use abyss_core::content::Setup;
use abyss_core::game::playout::{Verdict, agent_seed, new_game, reseeded, verify_playout};
use abyss_core::game::{Agent, Choice, Game, Outcome, RandomAgent, Stop};
use abyss_core::kernel::{Faction, Ruleset};
use std::cell::RefCell;
use std::collections::BTreeMap;

pub use crate::summary::Summary;
pub use crate::tally::{Blame, Tally};

/// Who answers for a Faction in a headless game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum AgentKind {
    /// The uniform random agent.
    #[default]
    Random,
    /// The section 8 Non-player bot (the Faction is a Non-player, 1.5).
    NonPlayer,
    /// The search AI (crates/agents/src/search), a player of its own.
    Mcts(abyss_agents::search::SearchConfig),
}

/// The agent of each Faction (by Faction index), as `--agents` gives it: `random`,
/// `nonplayer`, `mcts:N`, or a mix such as `govt=mcts:200,others=nonplayer`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct AgentSpec(pub [AgentKind; 4]);

impl AgentSpec {
    /// Is some seat the search AI (`mcts`)?
    pub fn searches(&self) -> bool {
        self.0.iter().any(|k| matches!(k, AgentKind::Mcts(_)))
    }

    pub fn parse(text: &str) -> Result<AgentSpec, String> {
        let kind = |w: &str| match w {
            "random" => Ok(AgentKind::Random),
            "nonplayer" | "non-player" | "bot" => Ok(AgentKind::NonPlayer),
            _ if w.starts_with("mcts")
                || abyss_agents::search::LEVELS
                    .iter()
                    .any(|(l, _)| w.split(':').next() == Some(l)) =>
            {
                abyss_agents::search::SearchConfig::parse(w)
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
            s.seating = abyss_core::content::Seating {
                players: Faction::ALL.iter().filter(|f| !np(f)).map(|&f| vec![f]).collect(),
                non_players: Faction::ALL.iter().copied().filter(np).collect(),
            };
        }
        s
    }

    /// The four agents for a game seed; the bots count the rules they fire in `fired`.
    pub fn agents<'r>(&self, seed: u64, fired: &abyss_agents::nonplayer::Fired) -> Vec<Box<dyn Agent + 'r>> {
        Faction::ALL
            .iter()
            .map(|&f| -> Box<dyn Agent + 'r> {
                match self.0[f.index()] {
                    AgentKind::Random => Box::new(RandomAgent::new(agent_seed(seed, f))),
                    AgentKind::NonPlayer => {
                        Box::new(abyss_agents::nonplayer::NonPlayer::new(f).counting(fired.clone()))
                    }
                    AgentKind::Mcts(c) => Box::new(abyss_agents::search::Mcts::new(f, c, agent_seed(seed, f))),
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
    let fired = abyss_agents::nonplayer::Fired::default();
    let mut game = new_game(rules, reseeded(&spec.seat(setup), seed), spec.agents(seed, &fired));
    game.check_every_decision = check;
    // A validator's playout is replayed (`verify_playout`), Event by Event.
    if check {
        game.telemetry.event_trace = Some(Vec::new());
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
    pub events: Vec<(u8, abyss_core::kernel::Side)>,
    /// Events whose script failed and were rolled back (5.0): the game went on.
    pub event_failures: Vec<abyss_core::game::ScriptError>,
    /// Where a failed game's failure lies in the content, when a script is to blame
    /// (`verify_playout_blamed`).
    pub blame: Option<Blame>,
    /// Non-player rules fired in the game.
    pub fired: BTreeMap<&'static str, u64>,
    /// The standing at each Propaganda Round held (`Game::rounds`).
    pub rounds: Vec<abyss_core::game::RoundMark>,
}

/// A game of a batch, ready to play, with the counters of its bots.
pub type Prepared<'r> = (Game<'r>, abyss_agents::nonplayer::Fired);

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
/// shapes than `run_games` (card-impact forks, crates/play/src/impact.rs).
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
    use abyss_core::game::playout::Replay;

    #[test]
    fn a_resumed_game_continues_as_the_uninterrupted_one() {
        // A game of random agents and bots, interrupted after 150 answers and resumed
        // with fresh agents that mirror the replayed questions: the same game.
        let (rules, setup) = abyss_lua::embedded_position("standard", 7);
        let spec = AgentSpec::parse("farc=nonplayer,others=random").unwrap();
        let (whole, game, _) = spec_game(&rules, &setup, 7, false, &spec);
        assert!(whole.is_ok());
        let fired = abyss_agents::nonplayer::Fired::default();
        let live: Vec<Option<Box<dyn Agent>>> = spec.agents(7, &fired).into_iter().map(Some).collect();
        let (_, agents) = Replay::resume(game.answers[..150].to_vec(), live, [true; 4]);
        let mut resumed = new_game(&rules, reseeded(&spec.seat(&setup), 7), agents);
        assert_eq!(resumed.play(), whole);
        assert_eq!(resumed.answers, game.answers);
        assert_eq!(resumed.state, game.state);
    }

    #[test]
    fn a_panic_in_one_game_is_its_failure_and_the_batch_goes_on() {
        let (rules, setup) = abyss_lua::embedded_position("quick", 1);
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
        use crate::tally::Ending;
        assert_eq!(
            rows.iter().map(|r| r.ending == Ending::Failed).collect::<Vec<_>>(),
            [false, true, true]
        );
        assert!(rows[0].winner.is_some() && rows[1].margins.is_none());
    }
}
