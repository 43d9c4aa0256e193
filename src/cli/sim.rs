//! `abyss sim`: many complete games with the random agent or the Non-player bots;
//! winners, margins, game length and how games end, with 95% intervals; failures (games
//! and Events), speed. `--format json` is a tally that `abyss merge` joins with others
//! (`--seeds`, `--shard`).

use super::Format;
use super::batch::{jobs_for, progress_bar, run_identity};
use super::out::{Exit, say, say_raw, tell};
use crate::content::{ContentFiles, Setup};
use crate::game::playout::{AgentSpec, Batch, Summary, run_games, spec_prepared};
use crate::game::shard::{Seeds, Shard};
use crate::kernel::Ruleset;
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
    /// Seed of the first game; game i uses seed + i. Without it (or --seeds) a seed is
    /// drawn and printed, so the run can be repeated.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The games' seeds as a range, both ends played: `--seeds 1..1000` is `--seed 1
    /// --games 1000`.
    #[arg(long, value_name = "FIRST..LAST", conflicts_with_all = ["seed", "games"])]
    pub seeds: Option<String>,
    /// Play only part K of N contiguous parts of the seeds (K counted from 1), e.g.
    /// `--seeds 1..80000 --shard 3/8`; join the parts' `--format json` with `abyss merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// With --format json: one row per game (seed, winner, margins, cards, decisions,
    /// how it ended). Given without asking when a seat is the search AI (`mcts`): such
    /// runs are few games, each worth reading.
    #[arg(long)]
    pub rows: bool,
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
    if a.rows && a.format != Format::Json {
        return Err(Exit::from("--rows goes with --format json (the rows are JSON only)"));
    }
    let whole = match (&a.seeds, a.seed) {
        (Some(range), _) => Seeds::parse(range).map_err(|e| format!("--seeds {e}"))?,
        (None, Some(s)) => Seeds::from_count(s, a.games).map_err(|e| format!("--seed and --games: {e}"))?,
        (None, None) if a.shard.is_some() => {
            return Err(Exit::from(
                "--shard splits the seeds of the whole run: give them with --seeds FIRST..LAST (or --seed and --games)",
            ));
        }
        (None, None) => {
            let s = super::drawn_seed();
            tell!("abyss: seed {s} (repeat this run with --seed {s})");
            Seeds::from_count(s, a.games).map_err(|e| format!("--games: {e}"))?
        }
    };
    let (seeds, shard) = match &a.shard {
        Some(text) => {
            let (shard, seeds) = Shard::parse(text, whole)?;
            (seeds, Some(shard))
        }
        None => (whole, None),
    };
    let files = a.content.files()?;
    let bar = progress_bar(seeds.count());
    let tick = || bar.inc(1);
    let plan = Plan {
        files: &files,
        scenario: &a.scenario,
        seeds,
        shard,
        agents: &a.agents,
        jobs: a.jobs,
        check: a.check,
        rows: a.rows || (a.format == Format::Json && AgentSpec::parse(&a.agents).is_ok_and(|s| s.searches())),
        keep_answers: a.save_records.is_some(),
    };
    let Played {
        summary,
        results,
        rules,
        setup,
    } = play(&plan, &tick)?;
    bar.finish_and_clear();
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

/// What a batch plays: the part of `abyss sim` that the Python package's `abyss.sim`
/// shares, so that both give the same summary by construction.
pub struct Plan<'a> {
    pub files: &'a ContentFiles,
    /// A scenario of the content, or a scenario file.
    pub scenario: &'a str,
    /// The seeds of this batch (a shard's own seeds, when `shard` is given).
    pub seeds: Seeds,
    pub shard: Option<Shard>,
    /// `--agents`, e.g. `random`, `nonplayer`, `govt=mcts:100,others=nonplayer`.
    pub agents: &'a str,
    /// Worker threads (cut to the machine's and to the games, as `jobs_for` says).
    pub jobs: usize,
    pub check: bool,
    /// One row per game in the tally.
    pub rows: bool,
    /// Keep every game's answers (to save records), not only failing games'.
    pub keep_answers: bool,
}

/// A batch played: its summary, the games kept whole (failing ones, or all with
/// `keep_answers`), and the rules and seated set-up they were played on.
pub struct Played {
    pub summary: Summary,
    pub results: Vec<GameResult>,
    pub rules: Ruleset,
    pub setup: Setup,
}

/// Play the batch of `plan`, calling `progress` after each game. The time in the summary
/// runs from the first game to the last (the content's loading is not in it).
pub fn play(plan: &Plan, progress: &(dyn Fn() + Sync)) -> Result<Played, Exit> {
    let (rules, _, setup) = super::load_position(plan.files, plan.scenario, plan.seeds.first)?;
    let spec = AgentSpec::parse(plan.agents)?;
    let setup = spec.seat(&setup);
    let batch = Batch {
        seeds: plan.seeds.range(),
        jobs: jobs_for(plan.jobs, plan.seeds.count()),
        keep_answers: plan.keep_answers,
        rows: plan.rows,
        progress,
    };
    let start = Instant::now();
    let (tally, results) = run_games(
        &batch,
        |seed| spec_prepared(&rules, &setup, seed, plan.check, &spec),
        |_, _, result| result.into(),
    );
    let seconds = start.elapsed().as_secs_f64();
    let run = run_identity(plan.files, plan.scenario, &spec, plan.check, plan.seeds, plan.shard);
    Ok(Played {
        summary: Summary::new(run, tally, seconds),
        results,
        rules,
        setup,
    })
}
