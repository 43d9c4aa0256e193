//! What `abyss sim` and `abyss validate --games` share on the command line: the seed range,
//! the number of worker threads, the progress bar and the game records of a batch. (The
//! batch itself and its summary are the game's: `game::playout`.)

use super::out::{Exit, tell};
use crate::content::{ContentFiles, Setup};
use crate::game::playout::{AgentSpec, GameResult};
use crate::game::shard::{Seeds, Shard};
use crate::game::summary::{Run, fingerprint};
use crate::kernel::Ruleset;
use std::io::IsTerminal;

/// Seeds `seed..seed + games`, refused when they would run past the largest seed (a
/// wrapped range would play 0 games and report success).
pub fn seed_range(seed: u64, games: u64) -> Result<std::ops::Range<u64>, Exit> {
    match seed.checked_add(games) {
        Some(end) => Ok(seed..end),
        None => Err(Exit::from(format!(
            "--seed {seed} with --games {games} runs past the largest seed ({}): use a smaller --seed",
            u64::MAX
        ))),
    }
}

/// What identifies a batch's games: the abyss version, the content's fingerprint (and the
/// scenario file's, when it is not in the content), the agents, the checks, the seeds.
pub fn run_identity(
    files: &ContentFiles,
    scenario: &str,
    spec: &AgentSpec,
    check: bool,
    seeds: Seeds,
    shard: Option<Shard>,
) -> Run {
    let in_content = files.get(&format!("scenarios/{scenario}.toml")).is_some();
    let scenario_file = if in_content {
        None
    } else {
        std::fs::read_to_string(scenario).ok().map(|t| fingerprint(&t))
    };
    Run {
        abyss: env!("CARGO_PKG_VERSION").into(),
        content: format!("{:016x}", files.hash()),
        scenario: scenario.into(),
        scenario_file,
        agents: spec.to_string(),
        check,
        seeds,
        shard,
    }
}

/// Worker threads for `games` games: at least 1, never more than the games, and no more
/// than the machine runs at once (more threads only cost memory), with a note when the
/// request was cut.
pub fn jobs_for(requested: usize, games: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if requested > cores {
        tell!("abyss: --jobs {requested}: this machine runs {cores} threads at once; using {cores}");
    }
    requested.clamp(1, cores).min(games.max(1) as usize)
}

/// A progress bar with the rate and the time left, on a terminal only (silent when
/// stderr is a file or a pipe).
pub fn progress_bar(games: u64) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() || games < 2 {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(games);
    let style = indicatif::ProgressStyle::with_template(
        "{bar:40} {pos}/{len} games  {rate}  {elapsed_precise} elapsed, {eta_precise} left",
    )
    .map(|s| {
        s.progress_chars("=> ")
            .with_key("rate", |p: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} games/s", p.per_sec());
            })
    });
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

/// Write games as game records that `abyss replay` reproduces, as
/// DIR/SCENARIO-seed-N.rec; returns how many were written.
pub fn save_records(
    dir: &std::path::Path,
    scenario: &str,
    check: bool,
    files: &ContentFiles,
    rules: &Ruleset,
    setup: &Setup,
    games: &[&GameResult],
) -> Result<usize, String> {
    if games.is_empty() {
        return Ok(0);
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stem = std::path::Path::new(scenario)
        .file_stem()
        .map_or("game".into(), |s| s.to_string_lossy().into_owned());
    for r in games {
        let mut rec = crate::notation::Record::new(scenario, r.seed, &setup.seating, &r.answers, rules)
            .with_content(files.hash())
            .with_result(&r.outcome);
        rec.check = check;
        let path = dir.join(format!("{stem}-seed-{}.rec", r.seed));
        std::fs::write(&path, rec.to_string()).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(games.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_near_the_top_are_refused_not_wrapped() {
        assert_eq!(seed_range(5, 10).unwrap(), 5..15);
        assert!(seed_range(u64::MAX - 5, 10).is_err());
        assert_eq!(seed_range(u64::MAX - 10, 10).unwrap().count(), 10);
    }

    #[test]
    fn jobs_are_at_least_one_and_at_most_the_games() {
        assert_eq!(jobs_for(0, 10), 1);
        assert_eq!(jobs_for(100_000, 1), 1);
        assert!(jobs_for(100_000, 1000) <= std::thread::available_parallelism().unwrap().get());
    }
}
