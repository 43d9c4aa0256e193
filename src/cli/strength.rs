//! `abyss strength`: how much better (or worse) an agent plays a seat than the section-8
//! bot, on paired seeds. For each seed, game A has the four bots; game B the same seed
//! (so the same deck and, until play differs, the same dice) with the tested agent in the
//! seat and the bots in the others. Per seat it reports both win rates with Wilson 95%
//! intervals, the paired score (per seed 1 when B's result for the seat beats A's — a win
//! beats a loss, else the higher final margin —, ½ when equal, 0 when worse) and the mean
//! margin difference, each with a 95% interval, and the time per searched decision.
//! `--format json` adds one row per game pair, so anyone can recompute it.

use super::Format;
use super::batch::progress_bar;
use super::out::{Exit, say, say_raw};
use crate::content::Setup;
use crate::game::playout::{AgentKind, AgentSpec, agent_seed, new_game, reseeded};
use crate::game::{Agent, Choice, Outcome, Request, Stop, View};
use crate::kernel::{Faction, Ruleset};
use crate::stats;
use serde::Serialize;
use std::cell::Cell;
use std::rc::Rc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// The seats to measure, e.g. `govt,farc`, or `all`.
    #[arg(long, value_delimiter = ',', default_value = "govt")]
    pub seat: Vec<String>,
    /// The agent tested in the seat: `mcts:N`, `mcts:N:T`, `mcts:hard`, `random`, ...
    #[arg(long, default_value = "mcts:100")]
    pub agent: String,
    /// The seeds: `A..B` (inclusive) or one seed.
    #[arg(long, default_value = "1..30")]
    pub seeds: String,
    /// Scenario name or file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// Worker threads, each playing whole game pairs (a search's own threads come on top).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// With `--format json`: every searched decision of the tested games, with each
    /// card-level choice's games, win chance and mean margin.
    #[arg(long)]
    pub decisions: bool,
}

/// One game's result for the report.
#[derive(Clone, Debug, Serialize)]
pub struct Played {
    /// The winning Factions (a seat of two wins together, 1.5.1); empty if it failed.
    pub winner: Vec<&'static str>,
    /// Every Faction's margin at the end (govt, farc, auc, cartels).
    pub margins: [i16; 4],
    pub cards: u32,
    /// Why it stopped before its end, if it did.
    pub error: Option<String>,
}

/// The pair of games of one seed for one seat.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub seat: &'static str,
    pub seed: u64,
    /// All four bots.
    pub baseline: Played,
    /// The tested agent in the seat.
    pub tested: Played,
    /// 1, ½ or 0: the tested agent's result for the seat against the bot's.
    pub score: f64,
    /// Searched decisions in the tested game and the CPU time they took (all threads).
    pub searched: u32,
    pub search_seconds: f64,
    /// The searched decisions (`--decisions`): card, decision number and what the search
    /// saw of each choice.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub decisions: Vec<serde_json::Value>,
}

/// A rate with its interval.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Estimate {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// One seat's summary.
#[derive(Clone, Debug, Serialize)]
pub struct SeatReport {
    pub seat: &'static str,
    pub pairs: usize,
    /// Pairs left out because a game failed.
    pub failed: usize,
    pub baseline_wins: u64,
    pub tested_wins: u64,
    pub baseline_win_rate: Estimate,
    pub tested_win_rate: Estimate,
    pub paired_score: Estimate,
    pub margin_difference: Estimate,
    /// CPU seconds per searched decision (summed over a search's threads).
    pub cpu_seconds_per_searched_decision: Option<f64>,
}

#[derive(Serialize)]
struct Report<'a> {
    scenario: &'a str,
    agent: String,
    seeds: [u64; 2],
    seats: Vec<SeatReport>,
    games: Vec<Row>,
}

impl Estimate {
    /// An interval of crates/core/src/stats.rs; with none (too few games) the whole range `lo..=hi`.
    fn of(i: Option<stats::Interval>, lo: f64, hi: f64) -> Estimate {
        match i {
            Some(i) => Estimate {
                value: i.estimate,
                low: i.low.max(lo),
                high: i.high.min(hi),
            },
            None => Estimate {
                value: 0.0,
                low: lo,
                high: hi,
            },
        }
    }
}

/// The Wilson interval of `k` wins in `n` games (crates/core/src/stats.rs).
fn wilson(k: u64, n: u64) -> Estimate {
    Estimate::of(stats::wilson(k, n), 0.0, 1.0)
}

/// The tested result against the baseline's for `seat`: a win beats a loss, else the
/// higher margin; ties ½.
pub fn paired_score(seat: Faction, a: &Outcome, b: &Outcome) -> f64 {
    let key = |o: &Outcome| (o.winner().contains(&seat), o.margins[seat.index()]);
    match key(b).cmp(&key(a)) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// Counts the searched decisions of the agent it wraps and their time.
struct Timed {
    inner: crate::search::Mcts,
    searched: Rc<Cell<(u32, f64)>>,
    /// Keep the reports here (`--decisions`).
    reports: Option<Rc<std::cell::RefCell<Vec<serde_json::Value>>>>,
}

impl Agent for Timed {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        let i = self.inner.decide(view, req)?;
        if let Some(r) = self.inner.take_report() {
            let (n, s) = self.searched.get();
            self.searched.set((n + 1, s + r.cpu_seconds));
            if let Some(keep) = &self.reports {
                let mut j = r.to_json();
                j["card"] = serde_json::json!(view.card);
                j["decision"] = serde_json::json!(view.answers.len());
                keep.borrow_mut().push(j);
            }
        }
        Ok(i)
    }
    fn noted(&mut self, r: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.inner.noted(r, f, c)
    }
}

fn played(game: &crate::game::Game, result: &Result<Outcome, Stop>) -> Played {
    match result {
        Ok(o) => Played {
            winner: o.winner().iter().map(|f| f.slug()).collect(),
            margins: o.margins,
            cards: game.stats.cards,
            error: None,
        },
        Err(e) => Played {
            winner: Vec::new(),
            margins: [0; 4],
            cards: game.stats.cards,
            error: Some(e.to_string()),
        },
    }
}

/// Play game A (bots) and game B (`kind` in `seat`) of `seed`.
fn pair(rules: &Ruleset, setup: &Setup, seat: Faction, kind: AgentKind, seed: u64, decisions: bool) -> Row {
    let bots = AgentSpec([AgentKind::NonPlayer; 4]);
    let fired = crate::nonplayer::Fired::default();
    let mut a = new_game(rules, reseeded(&bots.seat(setup), seed), bots.agents(seed, &fired));
    let ra = a.play();
    let mut kinds = bots.0;
    kinds[seat.index()] = kind;
    let spec = AgentSpec(kinds);
    let mut agents = spec.agents(seed, &fired);
    let searched = Rc::new(Cell::new((0u32, 0.0f64)));
    let reports = decisions.then(Rc::default);
    if let AgentKind::Mcts(c) = kind {
        agents[seat.index()] = Box::new(Timed {
            inner: crate::search::Mcts::new(seat, c, agent_seed(seed, seat)),
            searched: searched.clone(),
            reports: reports.clone(),
        });
    }
    let mut b = new_game(rules, reseeded(&spec.seat(setup), seed), agents);
    let rb = b.play();
    let score = match (&ra, &rb) {
        (Ok(oa), Ok(ob)) => paired_score(seat, oa, ob),
        _ => f64::NAN,
    };
    let (n, s) = searched.get();
    Row {
        seat: seat.slug(),
        seed,
        baseline: played(&a, &ra),
        tested: played(&b, &rb),
        score,
        searched: n,
        search_seconds: s,
        decisions: reports.map(|r| r.take()).unwrap_or_default(),
    }
}

/// `A..B`, `A..=B` or `A`.
fn parse_seeds(s: &str) -> Result<(u64, u64), String> {
    let bad = || format!("--seeds `{s}`: expected A..B (inclusive, e.g. 1..50) or one seed");
    let (a, b) = match s.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => (s, s),
    };
    let (a, b): (u64, u64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if b < a {
        return Err(bad());
    }
    Ok((a, b))
}

fn summarise(seat: Faction, rows: &[&Row]) -> SeatReport {
    let ok: Vec<&&Row> = rows.iter().filter(|r| !r.score.is_nan()).collect();
    let n = ok.len() as u64;
    let won = |p: &Played| p.winner.contains(&seat.slug());
    let bw = ok.iter().filter(|r| won(&r.baseline)).count() as u64;
    let tw = ok.iter().filter(|r| won(&r.tested)).count() as u64;
    // The paired sums of crates/core/src/stats.rs, shared with `abyss balance`: the score counted in
    // halves (0, 1, 2) to stay a whole number, the margin difference as it is.
    let (mut halves, mut diffs) = (stats::Paired::default(), stats::Paired::default());
    for r in &ok {
        halves.add((2.0 * r.score) as i64);
        diffs.add(i64::from(r.tested.margins[seat.index()]) - i64::from(r.baseline.margins[seat.index()]));
    }
    let (searched, secs) = rows
        .iter()
        .fold((0u32, 0.0), |(n, s), r| (n + r.searched, s + r.search_seconds));
    SeatReport {
        seat: seat.slug(),
        pairs: ok.len(),
        failed: rows.len() - ok.len(),
        baseline_wins: bw,
        tested_wins: tw,
        baseline_win_rate: wilson(bw, n),
        tested_win_rate: wilson(tw, n),
        paired_score: Estimate::of(halves.interval().map(|i| i.scaled(0.5)), 0.0, 1.0),
        margin_difference: Estimate::of(diffs.interval(), f64::NEG_INFINITY, f64::INFINITY),
        cpu_seconds_per_searched_decision: (searched > 0).then(|| secs / f64::from(searched)),
    }
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let (first, last) = parse_seeds(&a.seeds)?;
    let seats: Vec<Faction> = if a.seat.iter().any(|s| s == "all") {
        Faction::ALL.to_vec()
    } else {
        a.seat
            .iter()
            .map(|w| {
                Faction::from_slug(&w.trim().to_ascii_lowercase())
                    .ok_or_else(|| format!("--seat: unknown Faction `{w}` (govt, farc, auc, cartels, all)"))
            })
            .collect::<Result<_, _>>()?
    };
    let spec = AgentSpec::parse(&format!("all={}", a.agent)).map_err(|e| e.replace("--agents", "--agent"))?;
    let kind = spec.0[0];
    let files = a.content.files()?;
    let (rules, _, setup) = super::load_position(&files, &a.scenario, first)?;
    let work: Vec<(Faction, u64)> = seats
        .iter()
        .flat_map(|&f| (first..=last).map(move |s| (f, s)))
        .collect();
    let bar = progress_bar(work.len() as u64);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let jobs = super::batch::jobs_for(a.jobs, work.len() as u64);
    let worker = || {
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(&(seat, seed)) = work.get(i) else { break };
            out.push(pair(&rules, &setup, seat, kind, seed, a.decisions));
            bar.inc(1);
        }
        out
    };
    let mut rows: Vec<Row> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..jobs).map(|_| scope.spawn(worker)).collect();
        let mut rows = worker();
        for h in others {
            rows.extend(h.join().unwrap_or_default());
        }
        rows
    });
    bar.finish_and_clear();
    let order = |r: &Row| (seats.iter().position(|f| f.slug() == r.seat), r.seed);
    rows.sort_by_key(order);
    let reports: Vec<SeatReport> = seats
        .iter()
        .map(|&f| {
            let mine: Vec<&Row> = rows.iter().filter(|r| r.seat == f.slug()).collect();
            summarise(f, &mine)
        })
        .collect();
    match a.format {
        Format::Json => {
            let report = Report {
                scenario: &a.scenario,
                agent: kind_word(kind),
                seeds: [first, last],
                seats: reports,
                games: rows,
            };
            say!("{}", serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?);
        }
        Format::Text => say_raw!("{}", render(&a, kind, first, last, &reports)),
    }
    Ok(0)
}

fn kind_word(k: AgentKind) -> String {
    AgentSpec([k; 4]).to_string()
}

fn render(a: &Args, kind: AgentKind, first: u64, last: u64, reports: &[SeatReport]) -> String {
    use std::fmt::Write;
    let pct = |e: &Estimate| {
        format!(
            "{:5.1}% [{:4.1}, {:4.1}]",
            100.0 * e.value,
            100.0 * e.low,
            100.0 * e.high
        )
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} in one seat, section-8 bots in the others, against the four bots; scenario {}, seeds {first}..={last} (paired: same seed, same deck)",
        kind_word(kind),
        a.scenario
    );
    let _ = writeln!(
        out,
        "{:<11} {:>5}  {:<22} {:<22} {:<22} {:<22} CPU s/decision",
        "seat", "pairs", "bot wins", "tested wins", "paired score", "margin difference"
    );
    for r in reports {
        let f = Faction::from_slug(r.seat).map_or(r.seat, |f| f.name());
        let _ = writeln!(
            out,
            "{:<11} {:>5}  {:<22} {:<22} {:<22} {:<22} {}",
            f,
            r.pairs,
            pct(&r.baseline_win_rate),
            pct(&r.tested_win_rate),
            pct(&r.paired_score),
            format!(
                "{:+.2} [{:+.2}, {:+.2}]",
                r.margin_difference.value, r.margin_difference.low, r.margin_difference.high
            ),
            r.cpu_seconds_per_searched_decision
                .map_or("-".into(), |s| format!("{s:.3}"))
        );
        if r.failed > 0 {
            let _ = writeln!(out, "  ({} pairs left out: a game failed; see --format json)", r.failed);
        }
    }
    let _ = writeln!(
        out,
        "Intervals are 95%: Wilson for win rates, normal for the paired score (1 = the tested result beats the bot's: a win beats a loss, else the higher margin; ½ = equal) and the margin difference."
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 0 of 50: [0, 7.1%]; 25 of 50: [36.6%, 63.4%].
        let e = wilson(0, 50);
        assert_eq!(e.low, 0.0);
        assert!((e.high - 0.0713).abs() < 0.001, "{e:?}");
        let e = wilson(25, 50);
        assert!((e.low - 0.366).abs() < 0.001 && (e.high - 0.634).abs() < 0.001, "{e:?}");
    }

    #[test]
    fn seeds_parse() {
        assert_eq!(parse_seeds("1..50"), Ok((1, 50)));
        assert_eq!(parse_seeds("3..=4"), Ok((3, 4)));
        assert_eq!(parse_seeds("7"), Ok((7, 7)));
        assert!(parse_seeds("5..2").is_err());
        assert!(parse_seeds("a..b").unwrap_err().contains("expected A..B"));
    }
}
