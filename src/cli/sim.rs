//! `abyss sim`: many complete games with the random agent; winners, margins, game
//! length, failures, speed.

use crate::content::Setup;
use crate::game::playout::{AgentSpec, spec_game};
use crate::game::{Choice, Outcome, Stop};
use crate::kernel::{Faction, Ruleset};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Scenario name or file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Check every invariant before every decision (slower).
    #[arg(long)]
    pub check: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: super::validate::Format,
    /// Write each failing game as a record (DIR/SCENARIO-seed-N.rec) for `abyss replay`.
    #[arg(long, value_name = "DIR")]
    pub save_failures: Option<std::path::PathBuf>,
    /// Write every game as a record (DIR/SCENARIO-seed-N.rec), e.g. to read a bot game
    /// with `abyss replay --log`.
    #[arg(long, value_name = "DIR")]
    pub save_records: Option<std::path::PathBuf>,
    /// Who plays: `random`, `nonplayer` (the section 8 bots), or a mix such as
    /// `govt=random,others=nonplayer`.
    #[arg(long, default_value = "random")]
    pub agents: String,
}

/// One game's result, for the summary.
pub struct GameResult {
    pub seed: u64,
    pub outcome: Result<Outcome, Stop>,
    pub cards: u32,
    pub decisions: u64,
    /// The answers of a failing game, or of every game when records are kept; empty
    /// otherwise.
    pub answers: Vec<(Faction, Choice)>,
    /// Event sides executed (card, side).
    pub events: Vec<(u8, crate::kernel::Side)>,
    /// Non-player rules fired in the game.
    pub fired: std::collections::BTreeMap<&'static str, u64>,
}

/// What a game-playing closure returns: the outcome, the game, the bots' fired rules.
pub type Played<'r> = (
    Result<Outcome, Stop>,
    crate::game::Game<'r>,
    std::collections::BTreeMap<&'static str, u64>,
);

/// Play games `seeds` on `jobs` threads with `play` (a seed to a finished game); results
/// in seed order.
pub fn run_games<'r, P>(
    seeds: std::ops::Range<u64>,
    jobs: usize,
    progress: bool,
    keep_answers: bool,
    play: P,
) -> Vec<GameResult>
where
    P: Fn(u64) -> Played<'r> + Sync,
{
    let total = seeds.end - seeds.start;
    let next = std::sync::atomic::AtomicU64::new(seeds.start);
    let done = std::sync::atomic::AtomicU64::new(0);
    let mut results: Vec<GameResult> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..jobs.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut out = Vec::new();
                    loop {
                        let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if seed >= seeds.end {
                            return out;
                        }
                        let (outcome, mut game, fired) = play(seed);
                        let answers = if keep_answers || outcome.is_err() {
                            std::mem::take(&mut game.answers)
                        } else {
                            Vec::new()
                        };
                        out.push(GameResult {
                            seed,
                            outcome,
                            cards: game.stats.cards,
                            decisions: game.stats.decisions,
                            answers,
                            events: std::mem::take(&mut game.events_played),
                            fired,
                        });
                        let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                        if progress && (d.is_multiple_of(50) || d == total) {
                            eprint!("\r{d}/{total} games");
                            let _ = std::io::stderr().flush();
                        }
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker thread"))
            .collect()
    });
    if progress {
        eprintln!();
    }
    results.sort_by_key(|r| r.seed);
    results
}

#[derive(Serialize)]
pub struct Summary {
    pub scenario: String,
    /// Who played (`--agents`).
    pub agents: String,
    pub games: u64,
    pub completed: u64,
    pub failures: Vec<(u64, String)>,
    /// Games won per Faction (the first seat of the ranking), govt/farc/auc/cartels.
    pub wins: [u64; 4],
    /// Games ended by a victory check (7.2) rather than after the final Propaganda.
    pub ended_by_victory_check: u64,
    pub mean_margins: [f64; 4],
    pub mean_cards: f64,
    pub mean_decisions: f64,
    pub seconds: f64,
    pub games_per_second: f64,
    pub decisions_per_second: f64,
    /// How many times each Event side was executed: "8-unshaded" -> count.
    pub events: std::collections::BTreeMap<String, u64>,
    /// How often each Non-player rule fired, over all games ("farc.d1-rally" -> count).
    pub nonplayer_rules: std::collections::BTreeMap<String, u64>,
    /// Seconds per 1,000 decisions, for comparing agents.
    pub microseconds_per_decision: f64,
}

pub fn summarize(scenario: &str, agents: &str, results: &[GameResult], seconds: f64) -> Summary {
    let mut s = Summary {
        scenario: scenario.into(),
        agents: agents.into(),
        games: results.len() as u64,
        completed: 0,
        failures: vec![],
        wins: [0; 4],
        ended_by_victory_check: 0,
        mean_margins: [0.0; 4],
        mean_cards: 0.0,
        mean_decisions: 0.0,
        seconds,
        games_per_second: 0.0,
        decisions_per_second: 0.0,
        events: Default::default(),
        nonplayer_rules: Default::default(),
        microseconds_per_decision: 0.0,
    };
    let mut decisions = 0u64;
    for r in results {
        decisions += r.decisions;
        for (rule, n) in &r.fired {
            *s.nonplayer_rules.entry(rule.to_string()).or_default() += n;
        }
        for (card, side) in &r.events {
            *s.events.entry(format!("{card:02}-{}", side.slug())).or_default() += 1;
        }
        match &r.outcome {
            Ok(o) => {
                s.completed += 1;
                for f in o.winner() {
                    s.wins[f.index()] += 1;
                }
                s.ended_by_victory_check += o.victory_check.is_some() as u64;
                for f in Faction::ALL {
                    s.mean_margins[f.index()] += o.margins[f.index()] as f64;
                }
                s.mean_cards += r.cards as f64;
                s.mean_decisions += r.decisions as f64;
            }
            Err(e) => s.failures.push((r.seed, e.to_string())),
        }
    }
    let n = s.completed.max(1) as f64;
    for m in &mut s.mean_margins {
        *m /= n;
    }
    s.mean_cards /= n;
    s.mean_decisions /= n;
    s.games_per_second = results.len() as f64 / seconds.max(1e-9);
    s.decisions_per_second = decisions as f64 / seconds.max(1e-9);
    s.microseconds_per_decision = 1e6 * seconds / decisions.max(1) as f64;
    s
}

pub fn print_summary(s: &Summary) {
    println!(
        "{} games from `{}` ({} agents): {} completed, {} failed",
        s.games,
        s.scenario,
        s.agents,
        s.completed,
        s.failures.len()
    );
    for (i, f) in Faction::ALL.iter().enumerate() {
        println!(
            "  {:<8} wins {:>6} ({:5.1}%)  mean margin {:>7.2}",
            f.name(),
            s.wins[i],
            100.0 * s.wins[i] as f64 / s.completed.max(1) as f64,
            s.mean_margins[i]
        );
    }
    println!(
        "  ended by a victory check: {}; mean length {:.1} cards, {:.0} decisions",
        s.ended_by_victory_check, s.mean_cards, s.mean_decisions
    );
    println!(
        "  {:.2} s: {:.0} games/s, {:.0} decisions/s",
        s.seconds, s.games_per_second, s.decisions_per_second
    );
    if !s.events.is_empty() {
        let total: u64 = s.events.values().sum();
        println!("  Events executed: {total} ({} card sides)", s.events.len());
    }
    if !s.nonplayer_rules.is_empty() {
        println!("  Non-player rules fired (all games):");
        for (rule, n) in &s.nonplayer_rules {
            println!(
                "    {rule:<28} {n:>8}  ({:.2} a game)",
                *n as f64 / s.games.max(1) as f64
            );
        }
    }
    for (seed, e) in s.failures.iter().take(20) {
        println!("  FAILED seed {seed}: {e}");
    }
}

pub fn run(a: Args) -> Result<i32, String> {
    let files = a.content.files()?;
    let (rules, _, setup) = super::position(&files, &a.scenario, a.seed)?;
    let spec = AgentSpec::parse(&a.agents)?;
    let setup = spec.seat(&setup);
    let progress = std::io::stderr().is_terminal();
    let start = Instant::now();
    let keep = a.save_records.is_some();
    let results = run_games(a.seed..a.seed + a.games, a.jobs, progress, keep, |seed| {
        spec_game(&rules, &setup, seed, a.check, &spec)
    });
    let summary = summarize(&a.scenario, &spec.to_string(), &results, start.elapsed().as_secs_f64());
    if let Some(dir) = &a.save_failures {
        let failing: Vec<&GameResult> = results.iter().filter(|r| r.outcome.is_err()).collect();
        let saved = save_records(dir, &a.scenario, a.check, &files, &rules, &setup, &failing)?;
        if saved > 0 {
            eprintln!("{saved} failing games saved in {}", dir.display());
        }
    }
    if let Some(dir) = &a.save_records {
        let all: Vec<&GameResult> = results.iter().collect();
        let saved = save_records(dir, &a.scenario, a.check, &files, &rules, &setup, &all)?;
        eprintln!("{saved} game records saved in {}", dir.display());
    }
    match a.format {
        super::validate::Format::Json => {
            println!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?)
        }
        super::validate::Format::Text => print_summary(&summary),
    }
    Ok(if summary.failures.is_empty() { 0 } else { 1 })
}

/// Write games as game records that `abyss replay` reproduces, as
/// DIR/SCENARIO-seed-N.rec; returns how many were written.
pub fn save_records(
    dir: &std::path::Path,
    scenario: &str,
    check: bool,
    files: &crate::content::ContentFiles,
    rules: &Ruleset,
    setup: &Setup,
    failing: &[&GameResult],
) -> Result<usize, String> {
    if failing.is_empty() {
        return Ok(0);
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stem = std::path::Path::new(scenario)
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    for r in failing {
        let mut rec = crate::notation::Record::new(scenario, r.seed, &setup.seating, &r.answers, rules)
            .with_content(files.hash())
            .with_result(&r.outcome);
        rec.check = check;
        let path = dir.join(format!("{stem}-seed-{}.rec", r.seed));
        std::fs::write(&path, rec.to_string()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(failing.len())
}
