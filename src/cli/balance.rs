//! `abyss balance`: a scenario and its variants on the same seeds, under one or more
//! levels of play; the report (crates/play/src/balance/) as text, `--format json` (a document `abyss
//! merge` joins with the other shards of the run) and `--html FILE` (crates/board/src/balance.rs).

use super::Format;
use super::batch::{jobs_for, progress_bar};
use super::out::{Exit, say, say_raw, tell};
use crate::balance::{self, Arm, Balance, Level, Run, ScenarioId, Tallies, shell_word};
use crate::content::{ContentFiles, Setup};
use crate::game::playout::{AgentSpec, Batch, run_games, spec_prepared};
use crate::game::shard::{Seeds, Shard};
use crate::game::summary::fingerprint;
use crate::kernel::Ruleset;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// The base scenario: a name in the content or a file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// A variant to compare with the base (a scenario file, e.g. one with `base =
    /// "standard"` and the values it changes, or a name in the content); repeat for more.
    #[arg(long = "variant", value_name = "FILE")]
    pub variants: Vec<String>,
    /// A level of play: who plays all four seats, as `sim --agents` takes it (`random`,
    /// `nonplayer`, `govt=mcts:200,others=nonplayer`); repeat the flag, or separate levels
    /// with `;`. Default: `random` and `nonplayer`.
    #[arg(long = "level", value_name = "AGENTS", value_delimiter = ';')]
    pub levels: Vec<String>,
    /// The seeds, both ends played: `--seeds 1..1000`. Every scenario plays these same
    /// seeds under each level.
    #[arg(long, value_name = "FIRST..LAST", required = true)]
    pub seeds: String,
    /// Play only part K of N contiguous parts of the seeds (K counted from 1); join the
    /// parts' `--format json` with `abyss merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Worker threads (at most the machine's).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Check every invariant before every decision (slower).
    #[arg(long)]
    pub check: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also write the report as one self-contained HTML page with its plots.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// One scenario ready to play.
struct Prepared {
    id: ScenarioId,
    setup: Setup,
}

/// The scenario's identity: its fingerprint when it is a file outside the content (as
/// `sim` records it).
fn identify(files: &ContentFiles, name: &str) -> ScenarioId {
    let in_content = files.get(&format!("scenarios/{name}.toml")).is_some();
    ScenarioId {
        name: name.to_string(),
        file: if in_content {
            None
        } else {
            std::fs::read_to_string(name).ok().map(|t| fingerprint(&t))
        },
    }
}

/// The command that plays the whole run again, every argument that changes a number.
fn command(a: &Args, levels: &[String], whole: Seeds) -> String {
    let mut words = vec!["abyss".to_string(), "balance".to_string()];
    let mut push = |flag: &str, value: &str| {
        words.push(flag.to_string());
        words.push(shell_word(value));
    };
    if let Some(d) = &a.content.content {
        push("--content", &d.display().to_string());
    }
    if let Some(d) = &a.content.overlay {
        push("--mod", &d.display().to_string());
    }
    push("--scenario", &a.scenario);
    for v in &a.variants {
        push("--variant", v);
    }
    for l in levels {
        push("--level", l);
    }
    push("--seeds", &format!("{}..{}", whole.first, whole.last));
    if a.check {
        words.push("--check".into());
    }
    words.join(" ")
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let whole = Seeds::parse(&a.seeds).map_err(|e| format!("--seeds {e}"))?;
    let (seeds, shard) = match &a.shard {
        Some(text) => {
            let (shard, seeds) = Shard::parse(text, whole)?;
            (seeds, Some(shard))
        }
        None => (whole, None),
    };
    let given: Vec<String> = a
        .levels
        .iter()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    let given = if given.is_empty() {
        balance::DEFAULT_LEVELS.map(String::from).to_vec()
    } else {
        given
    };
    let mut specs: Vec<AgentSpec> = Vec::new();
    let mut levels: Vec<String> = Vec::new();
    for l in &given {
        let spec = AgentSpec::parse(l).map_err(|e| format!("--level `{l}`: {}", e.trim_start_matches("--agents: ")))?;
        let word = spec.to_string();
        if levels.contains(&word) {
            return Err(Exit::from(format!(
                "--level `{l}`: the level `{word}` is given twice; give each level once"
            )));
        }
        specs.push(spec);
        levels.push(word);
    }
    let files = a.content.files()?;
    let (rules, _, setup) = super::load_position(&files, &a.scenario, seeds.first)?;
    let mut scenarios = vec![Prepared {
        id: identify(&files, &a.scenario),
        setup,
    }];
    for v in &a.variants {
        let (_, _, setup) = super::load_position(&files, v, seeds.first).map_err(|mut e| {
            e.message = format!("--variant {v}: {}", e.message);
            e
        })?;
        scenarios.push(Prepared {
            id: identify(&files, v),
            setup,
        });
    }
    let run = Run {
        abyss: env!("CARGO_PKG_VERSION").into(),
        content: format!("{:016x}", files.hash()),
        scenario: scenarios[0].id.clone(),
        variants: scenarios[1..].iter().map(|p| p.id.clone()).collect(),
        levels: levels.clone(),
        check: a.check,
        seeds,
        shard,
        command: command(&a, &levels, whole),
    };
    let labels = run.labels();
    let total = seeds.count() * (specs.len() * scenarios.len()) as u64;
    let bar = progress_bar(total);
    let tick = || bar.inc(1);
    let jobs = jobs_for(a.jobs, seeds.count());
    let start = Instant::now();
    let mut out = Vec::new();
    for (spec, word) in specs.iter().zip(&levels) {
        let mut arms: Vec<Arm> = Vec::new();
        let mut base_rows = Vec::new();
        for (i, (p, name)) in scenarios.iter().zip(&labels).enumerate() {
            let tally = play(&rules, &p.setup, spec, seeds, jobs, a.check, &tick);
            if i == 0 {
                base_rows = tally.rows.clone().unwrap_or_default();
                arms.push(Arm::new(name.clone(), tally, None));
            } else {
                arms.push(Arm::new(name.clone(), tally, Some(&base_rows)));
            }
        }
        out.push(Level {
            level: word.clone(),
            scenarios: arms,
        });
    }
    bar.finish_and_clear();
    let report = Balance::new(run, Tallies { levels: out }, start.elapsed().as_secs_f64());
    emit(&report, a.format, a.html.as_deref())
}

/// Play one scenario's games under one level; the tally keeps its rows (in seed order).
fn play(
    rules: &Ruleset,
    setup: &Setup,
    spec: &AgentSpec,
    seeds: Seeds,
    jobs: usize,
    check: bool,
    tick: &(dyn Fn() + Sync),
) -> crate::game::tally::Tally {
    let setup = spec.seat(setup);
    let batch = Batch {
        seeds: seeds.range(),
        jobs,
        keep_answers: false,
        rows: true,
        progress: tick,
    };
    run_games(
        &batch,
        |seed| spec_prepared(rules, &setup, seed, check, spec),
        |_, _, result| result.into(),
    )
    .0
}

/// Print the report (and write its page); exit 1 when a game failed. Shared with `abyss
/// merge`.
pub fn emit(report: &Balance, format: Format, html: Option<&std::path::Path>) -> Result<i32, Exit> {
    if let Some(path) = html {
        let page = crate::board::balance::page(report);
        std::fs::write(path, page).map_err(|e| format!("--html {}: {e}", path.display()))?;
        tell!("abyss: the report page is {}", path.display());
    }
    match format {
        Format::Json => say!("{}", serde_json::to_string_pretty(report).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", balance::text::render(report)),
    }
    Ok(if report.clean() { 0 } else { 1 })
}
