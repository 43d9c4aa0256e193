//! The summary of a batch of games, as `abyss sim` and `abyss merge` print it: what was
//! run (scenario, agents, seeds, content), the raw tally, and the figures worked out from
//! it with their 95% intervals, as text or one JSON document that `abyss merge` reads back.

use crate::shard::{Seeds, Shard, cover};
use crate::tally::{ByFaction, Fields, Tally};
use abyss_core::kernel::Faction;
use abyss_core::stats::{self, Interval};
use serde::{Deserialize, Serialize};

/// The `format` of a sim document; bumped when a field changes meaning.
pub const FORMAT: &str = "abyss-sim 1";

/// What identifies a batch: the games of two batches with the same identity and seeds are
/// the same games. Shards of one run agree on everything here but `seeds` and
/// `shard.part`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    /// The abyss version that played the games.
    pub abyss: String,
    /// The content's fingerprint (`ContentFiles::hash`, 16 hex digits), as in game records.
    pub content: String,
    pub scenario: String,
    /// When the scenario is a file outside the content: the fingerprint of its text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario_file: Option<String>,
    /// Who played (`--agents`).
    pub agents: String,
    /// Every invariant was checked before every decision (`--check`).
    pub check: bool,
    pub seeds: Seeds,
    /// Which part of a larger run this batch is (`sim --shard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl Run {
    /// The fields on which shards of one run must agree, with their values.
    fn identity(&self) -> [(&'static str, String); 7] {
        [
            ("abyss", self.abyss.clone()),
            ("content", self.content.clone()),
            ("scenario", self.scenario.clone()),
            (
                "scenario_file",
                self.scenario_file.clone().unwrap_or_else(|| "none".into()),
            ),
            ("agents", self.agents.clone()),
            ("check", self.check.to_string()),
            (
                "shard",
                self.shard
                    .map_or("none".into(), |s| format!("{} parts of {}", s.of, s.whole)),
            ),
        ]
    }
}

/// The fingerprint of a text, as `ContentFiles::hash` takes it (FNV-1a 64), in hex.
pub fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xCBF2_9CE4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01B3);
    }
    format!("{h:016x}")
}

/// How long the games took. Never part of a comparison: the same games take another time
/// on another run. Merged shards add their seconds (CPU time of the parts, not wall time).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    pub seconds: f64,
    pub games_per_second: f64,
    pub decisions_per_second: f64,
    pub microseconds_per_decision: f64,
}

impl Timing {
    fn new(seconds: f64, t: &Tally) -> Timing {
        Timing {
            seconds,
            games_per_second: t.games as f64 / seconds.max(1e-9),
            decisions_per_second: t.decisions as f64 / seconds.max(1e-9),
            microseconds_per_decision: 1e6 * seconds / t.decisions.max(1) as f64,
        }
    }
}

/// The figures of a tally, each with its 95% interval (None where there are too few
/// games: no completed game for a rate, fewer than 2 for a mean).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Estimates {
    /// Wins / completed games, with the Wilson score interval.
    pub win_rate: ByFaction<Option<Interval>>,
    /// Mean final victory margin, with the normal-approximation interval.
    pub margin: ByFaction<Option<Interval>>,
    /// Mean cards played in a completed game.
    pub cards: Option<Interval>,
    /// Mean decisions in a completed game.
    pub decisions: Option<f64>,
    /// The widest win-rate interval's half-width (0.066 = ±6.6 percentage points).
    pub widest_half_width: Option<f64>,
    /// How many completed games would give every win rate an interval of ±1 percentage
    /// point, at the rates observed.
    pub games_for_one_point: Option<u64>,
}

impl Estimates {
    pub fn new(t: &Tally) -> Estimates {
        let n = t.completed;
        let win_rate = t.wins.map(|w| stats::wilson(w, n));
        let margin = ByFaction::from_array(Faction::ALL.map(|f| {
            stats::mean(
                i128::from(t.margin_sum.get(f)),
                u128::from(t.margin_sum_of_squares.get(f)),
                n,
            )
        }));
        let rates: Vec<Interval> = win_rate.to_array().into_iter().flatten().collect();
        Estimates {
            win_rate,
            margin,
            cards: stats::mean(i128::from(t.cards_sum), u128::from(t.cards_sum_of_squares), n),
            decisions: (n > 0).then(|| t.completed_decisions as f64 / n as f64),
            widest_half_width: rates.iter().map(Interval::half_width).reduce(f64::max),
            games_for_one_point: rates
                .iter()
                .map(|i| stats::trials_for_half_width(i.estimate, 0.01))
                .max(),
        }
    }
}

/// The summary of a batch: the document `sim --format json` prints and `merge` reads.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// `FORMAT`.
    pub format: String,
    pub run: Run,
    pub estimates: Estimates,
    /// Cautions about reading these figures (lopsided agents).
    pub notes: Vec<String>,
    pub timing: Timing,
    pub tally: Tally,
}

/// Win rates under this are lopsided: a Faction that (almost) never wins shows little of
/// a change to its side.
const LOPSIDED: f64 = 0.05;

/// Cautions that follow from who played (`agents`, as `--agents` gives them) and how the
/// games went; `abyss balance` gives them per level of play.
pub fn notes(agents: &str, e: &Estimates) -> Vec<String> {
    let mut out = Vec::new();
    let all_bots = crate::playout::AgentSpec::parse(agents)
        .is_ok_and(|s| s.0.iter().all(|&k| k == crate::playout::AgentKind::NonPlayer));
    if all_bots {
        out.push(
            "the Government bot is weak (all-bot `standard`, seeds 1..=4000: it won 215 of 4,000 games, 5.4%): \
             Government-side conclusions under `nonplayer` measure the bot; put the search in that seat \
             (`--agents govt=mcts,others=nonplayer`, docs/ai.md) to test them."
                .to_string(),
        );
    }
    let low: Vec<(Faction, f64)> = Faction::ALL
        .into_iter()
        .filter(|&f| !(all_bots && f == Faction::Govt))
        .filter_map(|f| e.win_rate.get(f).map(|i| (f, i.high)))
        .filter(|&(_, high)| high < LOPSIDED)
        .collect();
    if !low.is_empty() {
        let names: Vec<&str> = low.iter().map(|(f, _)| f.name()).collect();
        let highs: Vec<String> = low.iter().map(|(_, h)| format!("{:.1}%", 100.0 * h)).collect();
        let (them, its, rates) = if low.len() == 1 {
            ("it", "its", "rate")
        } else {
            ("them", "their", "rates")
        };
        out.push(format!(
            "{} win{} under {:.0}% here (95% upper bound{} {}): a change for or against {them} barely \
             moves {its} win {rates} with these agents; compare {its} margins.",
            join_and(&names),
            if low.len() == 1 { "s" } else { "" },
            100.0 * LOPSIDED,
            if low.len() == 1 { "" } else { "s" },
            highs.join(", ")
        ));
    }
    out
}

pub fn join_and(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// `n` rounded up to two significant digits, with thousands separated: 8793 -> "8,800".
fn about(n: u64) -> String {
    let mut scale = 1u64;
    while n / scale >= 100 {
        scale *= 10;
    }
    abyss_core::stats::thousands(n.div_ceil(scale).saturating_mul(scale))
}

impl Summary {
    pub fn new(run: Run, tally: Tally, seconds: f64) -> Summary {
        let estimates = Estimates::new(&tally);
        Summary {
            format: FORMAT.into(),
            notes: notes(&run.agents, &estimates),
            timing: Timing::new(seconds, &tally),
            run,
            estimates,
            tally,
        }
    }

    /// No game failed.
    pub fn clean(&self) -> bool {
        self.tally.failures.is_empty()
    }

    /// A summary from its JSON document; the error names the field at fault.
    pub fn from_json(text: &str) -> Result<Summary, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let doc = Fields { v: &v, at: "" };
        match v.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => return Err(format!("`format` is `{other}`; this abyss reads `{FORMAT}`")),
            None => {
                return Err(format!(
                    "not a sim tally (no `format`: `{FORMAT}`): write one with `abyss sim --format json`"
                ));
            }
        }
        let run: Run = doc.take("run")?;
        let tally = Tally::from_json(v.get("tally").unwrap_or(&serde_json::Value::Null), "tally")?;
        let seconds: f64 = Fields {
            v: v.get("timing").unwrap_or(&serde_json::Value::Null),
            at: "timing",
        }
        .take("seconds")?;
        let seeds = run.seeds;
        if seeds.last < seeds.first || seeds.last == u64::MAX {
            return Err(format!("`run.seeds`: {seeds} is not a range of seeds"));
        }
        if let Some(sh) = run.shard {
            let whole = sh.whole;
            if whole.last < whole.first || whole.last == u64::MAX {
                return Err(format!("`run.shard.whole`: {whole} is not a range of seeds"));
            }
            match whole.part(sh.part, sh.of) {
                Ok(p) if p == seeds => {}
                Ok(p) => {
                    return Err(format!(
                        "`run.shard`: part {}/{} of {whole} is {p}, but `run.seeds` is {seeds}",
                        sh.part, sh.of
                    ));
                }
                Err(e) => return Err(format!("`run.shard`: {e}")),
            }
        }
        if tally.games != run.seeds.count() {
            return Err(format!(
                "`tally.games` is {}, but `run.seeds` ({}) holds {} seeds",
                tally.games,
                run.seeds,
                run.seeds.count()
            ));
        }
        if let Some(rows) = &tally.rows
            && let Some(r) = rows
                .iter()
                .find(|r| r.seed < run.seeds.first || r.seed > run.seeds.last)
        {
            return Err(format!(
                "`tally.rows`: seed {} is outside `run.seeds` ({})",
                r.seed, run.seeds
            ));
        }
        Ok(Summary::new(run, tally, seconds))
    }

    /// The summary as text; the Non-player rules fired only with `verbose`.
    pub fn render(&self, verbose: bool) -> String {
        use std::fmt::Write;
        let (r, t, e) = (&self.run, &self.tally, &self.estimates);
        let mut out = String::new();
        let shard = r
            .shard
            .map_or(String::new(), |s| format!(", shard {}/{} of {}", s.part, s.of, s.whole));
        let _ = writeln!(
            out,
            "{} games from `{}` ({} agents, seeds {}{shard}): {} completed, {} failed",
            t.games,
            r.scenario,
            r.agents,
            r.seeds,
            t.completed,
            t.failures.len()
        );
        let pct = |x: f64| 100.0 * x;
        let _ = writeln!(
            out,
            "  {:<10} {:>6} {:>6}  {:<15}  mean margin, 95%",
            "", "wins", "rate", "95% interval"
        );
        for f in Faction::ALL {
            let rate = match e.win_rate.get(f) {
                Some(i) => format!("{:5.1}%  [{:5.1}, {:5.1}]", pct(i.estimate), pct(i.low), pct(i.high)),
                None => format!("{:>6}  {:15}", "-", ""),
            };
            let margin = match e.margin.get(f) {
                Some(m) => format!("{:7.2} ± {:.2}", m.estimate, m.half_width()),
                None => format!("{:>7}", "-"),
            };
            let _ = writeln!(out, "  {:<10} {:>6} {rate}  {margin}", f.name(), t.wins.get(f));
        }
        if let (Some(w), Some(n)) = (e.widest_half_width, e.games_for_one_point)
            && w > 0.02
        {
            let _ = writeln!(
                out,
                "  ±1 point on every win rate takes about {} games at these rates (now up to ±{:.1})",
                about(n),
                pct(w)
            );
        }
        if t.completed > 0 {
            let checks: Vec<String> = t
                .endings
                .victory_check
                .iter()
                .map(|(round, n)| format!("{round}: {n}"))
                .collect();
            let checks = if checks.is_empty() {
                "none".into()
            } else {
                format!("at Propaganda {}", checks.join(", "))
            };
            let _ = writeln!(
                out,
                "  ended by a victory check {checks}; by the final ranking (7.3): {}",
                t.endings.final_ranking
            );
            let cards = e.cards.map_or(String::from("-"), |c| {
                format!("{:.1} ± {:.1}", c.estimate, c.half_width())
            });
            let _ = writeln!(
                out,
                "  mean length {cards} cards, {:.0} decisions",
                e.decisions.unwrap_or(0.0)
            );
        }
        for n in &self.notes {
            let _ = writeln!(out, "  note: {n}");
        }
        let _ = writeln!(
            out,
            "  {:.2} s: {:.0} games/s, {:.0} decisions/s",
            self.timing.seconds, self.timing.games_per_second, self.timing.decisions_per_second
        );
        if !t.events.is_empty() {
            let total: u64 = t.events.values().sum();
            let _ = writeln!(out, "  Events executed: {total} ({} card sides)", t.events.len());
        }
        if !t.failed_events.is_empty() {
            let total: u64 = t.failed_events.values().map(|e| e.times).sum();
            let _ = writeln!(
                out,
                "  Events failed and rolled back: {total} ({} card sides)",
                t.failed_events.len()
            );
            let mut sides: Vec<_> = t.failed_events.iter().collect();
            sides.sort_by(|a, b| b.1.times.cmp(&a.1.times).then(a.0.cmp(b.0)));
            for (side, e) in sides {
                let _ = writeln!(
                    out,
                    "    {:<12} {:>6}x  first: {}",
                    side,
                    e.times,
                    abyss_core::game::describe::printable(&e.first)
                );
            }
        }
        if verbose && !t.nonplayer_rules.is_empty() {
            let _ = writeln!(out, "  Non-player rules fired (all games):");
            for (rule, n) in &t.nonplayer_rules {
                let _ = writeln!(
                    out,
                    "    {rule:<28} {n:>8}  ({:.2} a game)",
                    *n as f64 / t.games.max(1) as f64
                );
            }
        }
        for f in t.failures.iter().take(20) {
            let card = f.card.map(|c| format!(" (card {c})")).unwrap_or_default();
            let _ = writeln!(
                out,
                "  FAILED seed {}{card}: {}",
                f.seed,
                abyss_core::game::describe::printable(&f.error)
            );
        }
        if t.failures.len() > 20 {
            let _ = writeln!(out, "  ... and {} more failures", t.failures.len() - 20);
        }
        out
    }
}

/// Merge the summaries of batches of one run (file name, summary) into the summary of the
/// whole run, as one batch over all their seeds would give (timing aside). Refused when
/// the files disagree on what was run, when a seed is in two files, or when seeds of the
/// run are in none. Also returns remarks for the user (rows dropped).
pub fn merge(files: Vec<(String, Summary)>) -> Result<(Summary, Vec<String>), String> {
    let Some((first_file, first)) = files.first() else {
        return Err("no files to merge".into());
    };
    for (file, s) in &files[1..] {
        for ((field, ours), (_, theirs)) in first.run.identity().iter().zip(s.run.identity()) {
            if *ours != theirs {
                return Err(format!(
                    "{file}: `run.{field}` is {theirs}, but {first_file}'s is {ours}: \
                     only batches of one run merge (same abyss, content, scenario, agents, --check and shards)"
                ));
            }
        }
    }
    let seeds: Vec<(&str, Seeds)> = files.iter().map(|(f, s)| (f.as_str(), s.run.seeds)).collect();
    let whole = cover(&seeds, first.run.shard.as_ref())?;
    let mut remarks = Vec::new();
    if let Some((file, _)) = files.iter().find(|(_, s)| s.tally.rows.is_none())
        && files.iter().any(|(_, s)| s.tally.rows.is_some())
    {
        remarks.push(format!(
            "per-game rows left out: {file} has none (run every shard with --rows to keep them)"
        ));
    }
    let mut run = first.run.clone();
    run.seeds = whole;
    run.shard = None;
    let mut seconds = 0.0;
    let mut tally: Option<Tally> = None;
    for (_, s) in files {
        seconds += s.timing.seconds;
        match &mut tally {
            None => tally = Some(s.tally),
            Some(t) => t.merge(s.tally),
        }
    }
    Ok((Summary::new(run, tally.unwrap_or_default(), seconds), remarks))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(agents: &str) -> Run {
        Run {
            abyss: "0".into(),
            content: "0".into(),
            scenario: "standard".into(),
            scenario_file: None,
            agents: agents.into(),
            check: false,
            seeds: Seeds { first: 1, last: 1 },
            shard: None,
        }
    }

    /// A tally of `n` completed games with these wins, every game to the final ranking.
    fn tally(n: u64, wins: [u64; 4]) -> Tally {
        let mut t = Tally::new(false);
        t.games = n;
        t.completed = n;
        t.wins = ByFaction::from_array(wins);
        t.endings.final_ranking = n;
        t
    }

    #[test]
    fn the_games_for_one_point_are_said_while_an_interval_is_wider_than_two() {
        let wide = Summary::new(run("random"), tally(100, [10, 50, 30, 10]), 1.0).render(false);
        assert!(
            wide.contains("±1 point on every win rate takes about 9,600 games at these rates (now up to ±9.6)"),
            "{wide}"
        );
        // 2,500 games: the widest interval (FARC's 50%) is ±1.96 points.
        let narrow = Summary::new(run("random"), tally(2500, [250, 1250, 750, 250]), 1.0);
        assert!(narrow.estimates.widest_half_width.unwrap() < 0.02);
        assert!(!narrow.render(false).contains("±1 point"), "{}", narrow.render(false));
        assert_eq!(narrow.estimates.games_for_one_point, Some(9600));
    }

    #[test]
    fn lopsided_agents_are_noted() {
        // Measured: a Faction whose whole interval is under 5%.
        let s = Summary::new(run("random"), tally(1000, [10, 600, 380, 10]), 1.0);
        assert_eq!(s.notes.len(), 1, "{:?}", s.notes);
        assert!(
            s.notes[0].starts_with("Government and Cartels win under 5% here (95% upper bounds 1.8%, 1.8%)"),
            "{:?}",
            s.notes
        );
        // Few games: no measured note, the interval reaches past 5%.
        assert!(
            Summary::new(run("random"), tally(20, [0, 12, 8, 0]), 1.0)
                .notes
                .is_empty()
        );
        // Known: the all-bot Government, whatever the games say.
        let s = Summary::new(run("nonplayer"), tally(20, [0, 12, 8, 0]), 1.0);
        assert_eq!(s.notes.len(), 1, "{:?}", s.notes);
        assert!(s.notes[0].contains("Government bot is weak") && s.notes[0].contains("govt=mcts"));
        let s = Summary::new(run("govt=nonplayer,others=random"), tally(20, [0, 12, 8, 0]), 1.0);
        assert!(s.notes.is_empty(), "{:?}", s.notes);
    }

    #[test]
    fn numbers_are_rounded_up_for_reading() {
        assert_eq!(about(8793), "8,800");
        assert_eq!(about(189), "190");
        assert_eq!(about(9600), "9,600");
        assert_eq!(about(42), "42");
        assert_eq!(about(1_234_567), "1,300,000");
    }

    #[test]
    fn names_are_joined() {
        assert_eq!(join_and(&["Government"]), "Government");
        assert_eq!(join_and(&["Government", "Cartels"]), "Government and Cartels");
        assert_eq!(join_and(&["a", "b", "c"]), "a, b and c");
    }
}
