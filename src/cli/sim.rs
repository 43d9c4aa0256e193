//! `abyss sim`: many complete games with the random agent or the Non-player bots;
//! winners, margins, game length, failures (games and Events), speed.

use super::Format;
use super::batch::{jobs_for, progress_bar, seed_range};
use super::out::{Exit, say, say_raw, tell};
use crate::game::playout::{AgentSpec, Batch, Summary, run_games, spec_prepared};
use std::time::Instant;

/// Kept here for callers of the older paths.
pub use super::batch::save_records;
pub use crate::game::playout::GameResult;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Seed of the first game; game i uses seed + i. Without it a seed is drawn and
    /// printed, so the run can be repeated.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Scenario name or file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// Worker threads (at most the machine's; never more than the games).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Check every invariant before every decision (slower).
    #[arg(long)]
    pub check: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Write each failing game as a record (DIR/SCENARIO-seed-N.rec) for `abyss replay`.
    #[arg(long, value_name = "DIR")]
    pub save_failures: Option<std::path::PathBuf>,
    /// Write every game as a record (DIR/SCENARIO-seed-N.rec), e.g. to read a bot game
    /// with `abyss replay`.
    #[arg(long, value_name = "DIR")]
    pub save_records: Option<std::path::PathBuf>,
    /// Who plays: `random`, `nonplayer` (the section 8 bots), or a mix such as
    /// `govt=random,others=nonplayer`.
    #[arg(long, default_value = "random")]
    pub agents: String,
    /// Also print how often each Non-player rule fired.
    #[arg(long, short)]
    pub verbose: bool,
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let seed = match a.seed {
        Some(s) => s,
        None => {
            let s = super::drawn_seed();
            tell!("abyss: seed {s} (repeat this run with --seed {s})");
            s
        }
    };
    let seeds = seed_range(seed, a.games)?;
    let files = a.content.files()?;
    let (rules, _, setup) = super::load_position(&files, &a.scenario, seed)?;
    let spec = AgentSpec::parse(&a.agents)?;
    let setup = spec.seat(&setup);
    let bar = progress_bar(a.games);
    let tick = || bar.inc(1);
    let batch = Batch {
        seeds,
        jobs: jobs_for(a.jobs, a.games),
        keep_answers: a.save_records.is_some(),
        progress: &tick,
    };
    let start = Instant::now();
    let (tally, results) = run_games(
        &batch,
        |seed| spec_prepared(&rules, &setup, seed, a.check, &spec),
        |_, _, result| result,
    );
    bar.finish_and_clear();
    let summary = Summary::new(
        &a.scenario,
        &spec.to_string(),
        seed,
        tally,
        start.elapsed().as_secs_f64(),
    );
    let mut code = if summary.clean() { 0 } else { 1 };
    if let Some(dir) = &a.save_failures {
        let failing: Vec<&GameResult> = results.iter().filter(|r| r.outcome.is_err()).collect();
        match save_records(dir, &a.scenario, a.check, &files, &rules, &setup, &failing) {
            Ok(0) => {}
            Ok(n) => tell!("{n} failing games saved in {}", dir.display()),
            Err(e) => {
                tell!("abyss: could not save the failing games: {e}");
                code = 2;
            }
        }
    }
    if let Some(dir) = &a.save_records {
        let all: Vec<&GameResult> = results.iter().collect();
        match save_records(dir, &a.scenario, a.check, &files, &rules, &setup, &all) {
            Ok(n) => tell!("{n} game records saved in {}", dir.display()),
            Err(e) => {
                tell!("abyss: could not save the game records: {e}");
                code = 2;
            }
        }
    }
    match a.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", summary.render(a.verbose)),
    }
    Ok(code)
}
