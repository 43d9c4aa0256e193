//! `abyss cards`: which card sides swing games. Forks every game where a Faction is offered
//! an Event side (crates/play/src/impact.rs), plays the side in one copy and the Faction's best
//! alternative in the other, and ranks the sides by the paired difference in the
//! Faction's win rate, with the margin and the observational "won when played" beside it.
//! `--shard K/N --format json` writes a part of the run that `--merge` (or `abyss merge`)
//! joins with the others into the report of the whole run.

use super::Format;
use super::batch::{jobs_for, run_identity};
use super::out::{Exit, say, say_raw};
use crate::game::impact::{self, Doc, Plan, Progress, SideEstimate, Timing};
use crate::game::playout::AgentSpec;
use crate::game::shard::{Seeds, Shard};
use crate::kernel::Faction;
use crate::stats::thousands;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// Scenario name or file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// Who plays, in the real games and in both copies of every fork: `nonplayer` (the
    /// section 8 bots), `random`, `mcts:N`, or a mix such as `govt=mcts:100,others=nonplayer`.
    #[arg(long, default_value = "nonplayer")]
    pub agents: String,
    /// Forks wanted per card side: a side is no longer forked once it has this many, and
    /// the run stops after the first seed at which every side that can occur has them.
    #[arg(long, default_value_t = 100)]
    pub forks: u64,
    /// The seeds of the real games, played in order until every side has its forks (both
    /// ends included).
    #[arg(long, value_name = "FIRST..LAST", default_value = "1..100000")]
    pub seeds: String,
    /// Play only part K of N contiguous parts of the seeds (K counted from 1), with
    /// `--format json`; join the parts with `abyss cards --merge` or `abyss merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<String>,
    /// Join the JSON documents of parts of one run (`--shard K/N --format json`) into its
    /// report, instead of playing.
    #[arg(long, value_name = "FILES", num_args = 1.., conflicts_with_all = ["shard"])]
    pub merge: Vec<PathBuf>,
    /// Worker threads (at most the machine's).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Print only the N sides of most impact (text).
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
    /// Under each side, its figures for each Faction offered it (text; always in JSON).
    #[arg(long)]
    pub by_faction: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

pub fn run(a: Args) -> Result<i32, Exit> {
    if !a.merge.is_empty() {
        let mut files = Vec::new();
        for p in &a.merge {
            files.push((p.display().to_string(), read(p)?));
        }
        return print(&impact::merge(files)?, a.format, a.top, a.by_faction);
    }
    if a.forks == 0 {
        return Err(Exit::from("--forks 0: give at least 1 fork per card side"));
    }
    if a.shard.is_some() && a.format != Format::Json {
        return Err(Exit::from(
            "--shard writes a part of a run to be merged: add --format json (and join the parts with --merge)",
        ));
    }
    let whole = Seeds::parse(&a.seeds).map_err(|e| format!("--seeds {e}"))?;
    let (seeds, shard) = match &a.shard {
        Some(text) => {
            let (shard, seeds) = Shard::parse(text, whole)?;
            (seeds, Some(shard))
        }
        None => (whole, None),
    };
    let files = a.content.files()?;
    let (rules, _, setup) = super::load_position(&files, &a.scenario, seeds.first)?;
    let spec = AgentSpec::parse(&a.agents)?;
    let setup = spec.seat(&setup);
    let bar = bar();
    let tick = |p: Progress| {
        bar.set_message(format!(
            "{} real games, {} copies; {}/{} sides have {} forks",
            thousands(p.games),
            thousands(p.copies),
            p.full,
            p.sides,
            a.forks
        ));
        bar.tick();
    };
    let plan = Plan {
        rules: &rules,
        setup: &setup,
        spec,
        forks: a.forks,
        seeds,
        jobs: jobs_for(a.jobs, seeds.count()),
        progress: &tick,
    };
    let start = Instant::now();
    let played = impact::run(&plan);
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let timing = Timing {
        seconds,
        games: played.games_played,
        copies: played.copies,
        seconds_per_game: seconds / (played.games_played + played.copies).max(1) as f64,
    };
    let run = run_identity(&files, &a.scenario, &spec, false, seeds, shard);
    let doc = Doc::new(run, a.forks, played.sides, played.tally, played.used, timing);
    print(&doc, a.format, a.top, a.by_faction)
}

/// A spinner with the run's counts, on a terminal only.
fn bar() -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {elapsed_precise} {msg}") {
        bar.set_style(style);
    }
    bar
}

/// The largest document read (rows take ~150 bytes a fork).
const MAX_BYTES: u64 = 1 << 30;

/// A cards document from a file; the error names the file and the field at fault.
pub fn read(path: &PathBuf) -> Result<Doc, Exit> {
    let name = path.display();
    let size = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?.len();
    if size > MAX_BYTES {
        return Err(Exit::from(format!(
            "{name}: {size} bytes is more than a cards document holds"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    Doc::from_json(&text).map_err(|e| Exit::from(format!("{name}: {e}")))
}

/// Print a document; exit 1 when a real game or a copy failed.
pub fn print(doc: &Doc, format: Format, top: Option<usize>, by_faction: bool) -> Result<i32, Exit> {
    match format {
        Format::Json => say!("{}", serde_json::to_string_pretty(doc).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", render(doc, top, by_faction)),
    }
    let failed = !doc.tally.failures.is_empty() || doc.estimates.iter().any(|e| e.failed > 0);
    Ok(if failed { 1 } else { 0 })
}

fn signed_points(i: &crate::stats::Interval) -> String {
    format!(
        "{:+5.1} [{:+5.1}, {:+5.1}]",
        100.0 * i.estimate,
        100.0 * i.low,
        100.0 * i.high
    )
}

fn rate(r: &impact::Rate) -> String {
    match r.rate {
        Some(i) => format!("{:3.0}% of {}", 100.0 * i.estimate, r.offers),
        None => "-".into(),
    }
}

/// The Factions a side was offered to, most forks first: "farc", "govt+auc".
fn offered_to(e: &SideEstimate) -> String {
    let mut fs: Vec<(&str, u64)> = e.factions.iter().map(|f| (f.faction, f.forks)).collect();
    fs.sort_by_key(|x| std::cmp::Reverse(x.1));
    let words: Vec<&str> = fs.iter().map(|x| x.0).collect();
    if words.is_empty() { "-".into() } else { words.join("+") }
}

/// At most `n` characters of `s`.
fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        return s.to_string();
    }
    let mut out: String = s.chars().take(n - 1).collect();
    out.push('…');
    out
}

/// What the Δ win intervals say once the number of sides compared is counted: how many
/// exclude 0, how many would by chance alone, and how many hold after the corrections.
fn many_comparisons(doc: &Doc) -> String {
    let p: Vec<f64> = doc.estimates.iter().filter_map(|e| e.win_p).collect();
    let raw = p.iter().filter(|&&p| p < 0.05).count();
    let fdr = doc
        .estimates
        .iter()
        .filter(|e| e.win_q.is_some_and(|q| q <= 0.05))
        .count();
    let fwer = crate::stats::holm(&p).iter().filter(|&&h| h <= 0.05).count();
    format!(
        "Δ win rate over {} sides: {raw} intervals exclude 0, where about {:.0} would by chance alone if no side \
         mattered; {fdr} hold at a 5% false discovery rate (q ≤ 0.05, Benjamini–Hochberg), {fwer} after Holm's \
         family-wise correction. Read the ranking as a screen: q says how far each lead survives the number of sides.",
        p.len(),
        0.05 * p.len() as f64
    )
}

/// The report as text.
pub fn render(doc: &Doc, top: Option<usize>, by_faction: bool) -> String {
    use std::fmt::Write;
    let r = &doc.run;
    let mut out = String::new();
    let forks: u64 = doc.estimates.iter().map(|e| e.forks).sum();
    let shard = r
        .shard
        .map_or(String::new(), |s| format!(", shard {}/{} of {}", s.part, s.of, s.whole));
    let why = if doc.complete {
        format!("every side reached {} forks", doc.forks)
    } else {
        format!("the seeds ran out before every side had {} forks", doc.forks)
    };
    let _ = writeln!(
        out,
        "Card impact on `{}` ({} agents): {} forks of {} card sides, in the real games of seeds {} of {}{shard} ({why})",
        r.scenario,
        r.agents,
        thousands(forks),
        doc.sides.len(),
        doc.used,
        r.seeds,
    );
    let _ = writeln!(
        out,
        "A fork: a Faction offered an Event side at its card-level choice plays it in copy A, and its best alternative \
         (its agent's pick without that side) in copy B; both go on with the same agents, deck and dice. \
         Δ = A − B for that Faction, mean over the forks with its 95% interval."
    );
    let _ = writeln!(
        out,
        "{:>4}  {:<12} {:<26} {:<23} {:>5}  {:<25} {:>6}  {:<24} won when played | not (biased)",
        "rank", "side", "title", "offered to", "forks", "Δ win rate, points", "q", "Δ margin"
    );
    let shown = top.unwrap_or(doc.estimates.len());
    for (k, e) in doc.estimates.iter().take(shown).enumerate() {
        let win = e.win_difference.map_or("-".into(), |i| signed_points(&i));
        let margin = e.margin_difference.map_or("-".into(), |i| {
            format!("{:+5.2} [{:+5.2}, {:+5.2}]", i.estimate, i.low, i.high)
        });
        let q = e.win_q.map_or("-".into(), |q| format!("{q:.3}"));
        let _ = writeln!(
            out,
            "{:>4}  {:<12} {:<26} {:<23} {:>5}  {:<25} {:>6}  {:<24} {} | {}",
            k + 1,
            e.side,
            cut(&e.title, 26),
            offered_to(e),
            e.forks,
            win,
            q,
            margin,
            rate(&e.observed_played),
            rate(&e.observed_not_played),
        );
        if by_faction {
            for f in &e.factions {
                let name = Faction::from_slug(f.faction).map_or(f.faction, |x| x.name());
                let _ = writeln!(
                    out,
                    "{:>4}  {:<12} {:<26} {:<23} {:>5}  {:<25} {}",
                    "",
                    "",
                    "",
                    format!("  {name}"),
                    f.forks,
                    f.win_difference.map_or("-".into(), |i| signed_points(&i)),
                    f.margin_difference.map_or("-".into(), |i| {
                        format!("{:+5.2} [{:+5.2}, {:+5.2}]", i.estimate, i.low, i.high)
                    }),
                );
            }
        }
    }
    if shown < doc.estimates.len() {
        let _ = writeln!(
            out,
            "  ... {} more sides (all of them without --top)",
            doc.estimates.len() - shown
        );
    }
    let _ = writeln!(out, "{}", many_comparisons(doc));
    if !doc.short.is_empty() {
        let words: Vec<String> = doc
            .short
            .iter()
            .map(|s| {
                let n = doc.estimates.iter().find(|e| &e.side == s).map_or(0, |e| e.forks);
                format!("{s} ({n})")
            })
            .collect();
        let _ = writeln!(
            out,
            "Sides short of {} forks ({}): {}",
            doc.forks,
            doc.short.len(),
            words.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "note: \"won when played\" is observational: the Faction's win rate in the real games where its agent chose \
         the side, and where it did not. It mixes the side's effect with the reasons it was chosen (selection), so \
         it is biased; the Δ columns are the causal estimates."
    );
    let _ = writeln!(
        out,
        "note: a side's figures pool the Factions offered it (\"offered to\", most forks first); a side that helps one \
         Faction may hurt another that plays it: --by-faction splits them."
    );
    let failed: u64 = doc.estimates.iter().map(|e| e.failed).sum();
    if failed > 0 {
        let _ = writeln!(out, "  {failed} forks left out: a copy failed (see --format json)");
    }
    for f in doc.tally.failures.iter().take(10) {
        let _ = writeln!(
            out,
            "  FAILED real game, seed {}: {}",
            f.seed,
            crate::game::describe::printable(&f.error)
        );
    }
    let t = &doc.timing;
    let _ = writeln!(
        out,
        "  {:.1} s: {} real games and {} copies played, {:.1} ms a game",
        t.seconds,
        thousands(t.games),
        thousands(t.copies),
        1000.0 * t.seconds_per_game
    );
    out
}
