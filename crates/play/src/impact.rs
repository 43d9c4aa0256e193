//! Card impact, causal (`abyss cards`): how much playing an Event side changes the result
//! of the Faction that could play it.
//!
//! Each time a Faction is offered an Event side at its card-level choice (2.3), the game is
//! forked there (crates/play/src/fork.rs): in copy A the Faction plays the side, in copy B its
//! best alternative — what its own agent picks when the side is not offered. One of the
//! two is the real game itself (A when the agent picked the side, else B), so a fork costs
//! one more game. Both go on with the same agents on the same deck and dice. Per side, the
//! paired differences A − B of the Faction's win (1/0) and final margin, over the forks,
//! estimate the side's effect; beside them, the observational "won when played" rates of
//! the same offers (the real games), which mix the side's effect with the reasons the
//! agent played it.
//!
//! Sampling: the seeds are played in order; an offer is forked while its side has fewer
//! than `forks` forks (a fork whose copy failed does not count), and the run stops after
//! the first seed at which every side that can occur has its `forks`, or when the seeds run
//! out. Which offers are forked follows from that rule alone, so the run gives the same
//! tally with any number of threads. A shard applies the rule to its own seeds: it forks a
//! superset of what the whole run forks among them (a side is never fuller in a shard than
//! in the whole run up to there), so `merge` finds the whole run's forks in the shards'
//! rows and applies the rule again to all of them: merged shards are one run.

use crate::fork::{Answer, Fork, Offer, play};
use crate::playout::AgentSpec;
use crate::shard::{Seeds, cover};
use crate::summary::Run;
use crate::tally::ByFaction;
use abyss_core::content::{DeckSpec, Setup};
use abyss_core::kernel::{CardKind, Faction, Ruleset, Side};
use abyss_core::stats::{self, Interval};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The `format` of a cards document; bumped when a field changes meaning.
pub const FORMAT: &str = "abyss-cards 1";

/// A card side's key, as `sim` counts Events: "08-unshaded".
pub fn side_key(card: u8, side: Side) -> String {
    format!("{card:02}-{}", side.slug())
}

/// A card side the analysis looks for, with its card's title (from the content).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideInfo {
    /// "08-unshaded".
    pub side: String,
    pub title: String,
}

/// Every Event side that can be offered in games of a deck: both sides (one, for a single
/// Event) of each Event card the deck may hold whose Event is scripted, in card order.
pub fn sides_that_can_occur(r: &Ruleset, deck: &DeckSpec) -> Vec<SideInfo> {
    let in_deck = |n: u8| match deck {
        DeckSpec::Fixed(order) => order.contains(&n),
        DeckSpec::Prepared { .. } => true,
    };
    let mut out = Vec::new();
    for c in &r.cards {
        if c.kind != CardKind::Event || !in_deck(c.number) || r.events.card(c.number).is_none() {
            continue;
        }
        let sides: &[Side] = if c.single {
            &[Side::Unshaded]
        } else {
            &[Side::Unshaded, Side::Shaded]
        };
        for &s in sides {
            out.push(SideInfo {
                side: side_key(c.number, s),
                title: c.title.clone(),
            });
        }
    }
    out
}

/// A Faction's result in one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scored {
    pub win: bool,
    /// Its final victory margin (7.3).
    pub margin: i16,
}

impl Scored {
    fn of(o: &abyss_core::game::engine::Outcome, f: Faction) -> Scored {
        Scored {
            win: o.winner().contains(&f),
            margin: o.margins[f.index()],
        }
    }
}

/// One fork: an offer, and the Faction's result in both copies (or why a copy failed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForkRow {
    pub seed: u64,
    /// The question's place in the real game's record.
    pub answer: u64,
    /// The Faction offered the side.
    pub faction: String,
    /// "08-unshaded".
    pub side: String,
    /// Its agent played the side in the real game (then A is the real game, else B is).
    pub played: bool,
    /// Copy A, the side played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a: Option<Scored>,
    /// Copy B, the best alternative.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub b: Option<Scored>,
    /// Why the copy failed (then `a` or `b` is missing and the fork does not count).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl ForkRow {
    /// Both copies were played to their end.
    pub fn counts(&self) -> bool {
        self.a.is_some() && self.b.is_some() && self.error.is_none()
    }

    /// The order the rule takes forks in: by seed, by place in the game, unshaded first
    /// (the order of the question's options).
    fn order(&self) -> (u64, u64, bool) {
        (self.seed, self.answer, self.side.ends_with("-shaded"))
    }
}

/// A real game that stopped before its end: its offers are not forked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameFailure {
    pub seed: u64,
    pub error: String,
}

/// The sampling rule's count: forks per side so far.
#[derive(Clone, Debug)]
struct Quota {
    forks: u64,
    counts: BTreeMap<String, u64>,
    /// Sides that can occur with fewer than `forks` forks.
    short: usize,
}

impl Quota {
    fn new(sides: &[SideInfo], forks: u64) -> Quota {
        Quota {
            forks,
            counts: sides.iter().map(|s| (s.side.clone(), 0)).collect(),
            short: sides.len(),
        }
    }

    fn wants(&self, side: &str) -> bool {
        self.counts.get(side).is_none_or(|&n| n < self.forks)
    }

    /// One more fork of `side` counts.
    fn took(&mut self, side: &str) {
        match self.counts.get_mut(side) {
            Some(n) => {
                *n += 1;
                if *n == self.forks {
                    self.short -= 1;
                }
            }
            // A side the content did not list (cannot happen with the same content):
            // counted, but it keeps no run going.
            None => {
                self.counts.insert(side.to_string(), 1);
            }
        }
    }

    fn full(&self) -> bool {
        self.short == 0
    }
}

/// The rule applied to forks in order (`ForkRow::order`): those it takes, and the seed after
/// which every side had its forks, if one did.
fn select(sides: &[SideInfo], forks: u64, mut rows: Vec<ForkRow>) -> (Vec<ForkRow>, Option<u64>) {
    rows.sort_by_key(ForkRow::order);
    let mut q = Quota::new(sides, forks);
    let mut kept = Vec::new();
    let mut rows = rows.into_iter().peekable();
    while let Some(row) = rows.next() {
        let seed = row.seed;
        if q.wants(&row.side) {
            if row.counts() {
                q.took(&row.side);
            }
            kept.push(row);
        }
        if rows.peek().is_none_or(|r| r.seed != seed) && q.full() {
            return (kept, Some(seed));
        }
    }
    (kept, None)
}

/// The raw results of a run or shard: what merges.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Real games whose offers count: one a seed of `Doc::used`.
    pub games: u64,
    /// Those that stopped before their end.
    pub failures: Vec<GameFailure>,
    /// Forks taken, in order (those whose copy failed too).
    pub rows: Vec<ForkRow>,
}

/// How a run went, for the progress bar.
#[derive(Clone, Copy, Debug, Default)]
pub struct Progress {
    pub games: u64,
    pub copies: u64,
    /// Sides with all their forks, of `sides`.
    pub full: usize,
    pub sides: usize,
}

/// What a run plays.
pub struct Plan<'a> {
    pub rules: &'a Ruleset,
    /// The set-up, seated for `spec` (`AgentSpec::seat`).
    pub setup: &'a Setup,
    pub spec: AgentSpec,
    /// Forks wanted per side.
    pub forks: u64,
    pub seeds: Seeds,
    pub jobs: usize,
    pub progress: &'a (dyn Fn(Progress) + Sync),
}

/// What a run played and found.
pub struct Played {
    pub sides: Vec<SideInfo>,
    pub tally: Tally,
    /// The seeds whose games count: from the first to the one after which every side had
    /// its forks, or all of them.
    pub used: Seeds,
    /// Real games and copies played (those past `used` included): the work done.
    pub games_played: u64,
    pub copies: u64,
}

/// A real game: its record, its offers and its outcome.
struct Real {
    seed: u64,
    outcome: Result<abyss_core::game::engine::Outcome, String>,
    answers: Vec<(Faction, abyss_core::game::Choice)>,
    offers: Vec<Offer>,
}

/// Seeds played at a time: their real games, then the copies their offers need.
fn chunk_len(jobs: usize) -> u64 {
    (4 * jobs as u64).max(8)
}

/// Run the analysis: real games seed after seed, forks as the rule wants them.
pub fn run(p: &Plan) -> Played {
    let sides = sides_that_can_occur(p.rules, &p.setup.deck);
    let mut quota = Quota::new(&sides, p.forks);
    let mut tally = Tally::default();
    let mut progress = Progress {
        sides: sides.len(),
        ..Progress::default()
    };
    let mut used = None;
    let mut next = p.seeds.first;
    while used.is_none() && next <= p.seeds.last {
        let last = next.saturating_add(chunk_len(p.jobs) - 1).min(p.seeds.last);
        let seeds: Vec<u64> = (next..=last).collect();
        next = last + 1;
        let reals: Vec<Real> = par_map(&seeds, p.jobs, |&seed| real_game(p, seed));
        progress.games += reals.len() as u64;
        (p.progress)(progress);
        // Each offer's copy result, once played.
        let mut results: BTreeMap<(usize, usize), Result<Scored, String>> = BTreeMap::new();
        loop {
            // The rule over this chunk, from the counts before it; a copy not yet played
            // is counted as if it will not fail (a failure then frees the place for a
            // later offer, taken on the next pass).
            let mut q = quota.clone();
            let mut taken: Vec<(usize, usize)> = Vec::new();
            let mut stop = None;
            for (g, real) in reals.iter().enumerate() {
                if real.outcome.is_ok() {
                    for (i, o) in real.offers.iter().enumerate() {
                        let key = side_key(o.card, o.side);
                        if q.wants(&key) {
                            taken.push((g, i));
                            if results.get(&(g, i)).is_none_or(|r| r.is_ok()) {
                                q.took(&key);
                            }
                        }
                    }
                }
                if q.full() {
                    stop = Some(g);
                    break;
                }
            }
            let todo: Vec<(usize, usize)> = taken.iter().copied().filter(|k| !results.contains_key(k)).collect();
            if todo.is_empty() {
                let through = stop.unwrap_or(reals.len() - 1);
                for real in &reals[..=through] {
                    if let Err(e) = &real.outcome {
                        tally.failures.push(GameFailure {
                            seed: real.seed,
                            error: e.clone(),
                        });
                    }
                }
                for (g, i) in taken {
                    tally
                        .rows
                        .push(row(&reals[g], reals[g].offers[i], results.remove(&(g, i))));
                }
                if let Some(g) = stop {
                    used = Some(reals[g].seed);
                }
                quota = q;
                break;
            }
            let done = par_map(&todo, p.jobs, |&(g, i)| copy(p, &reals[g], reals[g].offers[i]));
            progress.copies += done.len() as u64;
            results.extend(todo.into_iter().zip(done));
            progress.full = sides.len() - quota.short;
            (p.progress)(progress);
        }
        progress.full = sides.len() - quota.short;
        (p.progress)(progress);
    }
    let used = Seeds {
        first: p.seeds.first,
        last: used.unwrap_or(p.seeds.last),
    };
    tally.games = used.count();
    Played {
        sides,
        tally,
        used,
        games_played: progress.games,
        copies: progress.copies,
    }
}

fn real_game(p: &Plan, seed: u64) -> Real {
    let played = crate::playout::guarded(|| play(p.rules, p.setup, seed, &p.spec, None, None));
    match played {
        Ok(g) => Real {
            seed,
            outcome: g.outcome.map_err(|e| e.to_string()),
            answers: g.answers,
            offers: g.offers,
        },
        Err(panic) => Real {
            seed,
            outcome: Err(format!("the engine panicked: {panic}")),
            answers: Vec::new(),
            offers: Vec::new(),
        },
    }
}

/// The copy an offer needs (the other copy is the real game), and the offered Faction's
/// result in it.
fn copy(p: &Plan, real: &Real, o: Offer) -> Result<Scored, String> {
    let event = abyss_core::game::Choice::Event(o.side);
    let how = if o.pick == event {
        Answer::Without(event)
    } else {
        Answer::Only(event)
    };
    let fork = Fork {
        answer: o.answer,
        faction: o.faction,
        how,
    };
    let played =
        crate::playout::guarded(|| play(p.rules, p.setup, real.seed, &p.spec, Some(fork), Some(&real.answers)))
            .map_err(|panic| format!("the engine panicked: {panic}"))?;
    played
        .outcome
        .map(|outcome| Scored::of(&outcome, o.faction))
        .map_err(|e| e.to_string())
}

fn row(real: &Real, o: Offer, copy: Option<Result<Scored, String>>) -> ForkRow {
    let played = o.pick == abyss_core::game::Choice::Event(o.side);
    let it = real.outcome.as_ref().ok().map(|x| Scored::of(x, o.faction));
    let (other, error) = match copy {
        Some(Ok(s)) => (Some(s), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, Some("the copy was not played".into())),
    };
    let (a, b) = if played { (it, other) } else { (other, it) };
    ForkRow {
        seed: real.seed,
        answer: o.answer as u64,
        faction: o.faction.slug().to_string(),
        side: side_key(o.card, o.side),
        played,
        a,
        b,
        error,
    }
}

/// `f` over `items` on `jobs` threads, results in the items' order.
fn par_map<T: Sync, R: Send>(items: &[T], jobs: usize, f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let work = || {
        let mut out = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            out.push((i, f(item)));
        }
        out
    };
    let mut all: Vec<(usize, R)> = std::thread::scope(|scope| {
        let extra = jobs.max(1).min(items.len().max(1)) - 1;
        let workers: Vec<_> = (0..extra)
            .map_while(|_| std::thread::Builder::new().spawn_scoped(scope, work).ok())
            .collect();
        let mut all = work();
        for w in workers {
            // Each item's panics are caught where it runs (`guarded`).
            if let Ok(more) = w.join() {
                all.extend(more);
            }
        }
        all
    });
    all.sort_by_key(|x| x.0);
    all.into_iter().map(|x| x.1).collect()
}

// ---- the report ---------------------------------------------------------------------------

/// A rate of wins among offers, with its Wilson interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub offers: u64,
    pub wins: u64,
    pub rate: Option<Interval>,
}

impl Rate {
    fn new(offers: u64, wins: u64) -> Rate {
        Rate {
            offers,
            wins,
            rate: stats::wilson(wins, offers),
        }
    }
}

/// One side's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SideEstimate {
    pub side: String,
    pub title: String,
    /// Forks that count (both copies played to their end), and those whose copy failed.
    pub forks: u64,
    pub failed: u64,
    /// The same figures by the Faction offered the side (Faction order, those offered
    /// it only): a side good for one Faction is often bad for another, and the pooled
    /// figures mix them in the proportions the agents were offered it.
    pub factions: Vec<FactionEstimate>,
    /// Wins of the Faction in copies A (the side played) and B (the best alternative).
    pub wins_played: u64,
    pub wins_alternative: u64,
    /// The paired difference A − B of the Faction's win (1/0): the side's effect on its
    /// win rate, with the 95% interval of a mean (None under 2 forks).
    pub win_difference: Option<Interval>,
    /// The paired difference A − B of its final margin.
    pub margin_difference: Option<Interval>,
    /// The two-sided p-values of "no effect" on win rate and margin (below 0.05 where
    /// the interval excludes 0), and the same adjusted for the number of sides compared
    /// (Benjamini–Hochberg q-values over the sides with an estimate): among the sides
    /// whose q is at most 5%, about 5% at most are expected to be false leads, where about
    /// 5% of all sides' raw intervals exclude 0 by chance alone.
    pub win_p: Option<f64>,
    pub win_q: Option<f64>,
    pub margin_p: Option<f64>,
    pub margin_q: Option<f64>,
    /// Observational, biased by selection: in the real games of these offers, the
    /// Faction's win rate where its agent played the side, and where it did not.
    pub observed_played: Rate,
    pub observed_not_played: Rate,
}

/// A side's paired figures for one Faction offered it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FactionEstimate {
    pub faction: &'static str,
    pub forks: u64,
    pub win_difference: Option<Interval>,
    pub margin_difference: Option<Interval>,
}

/// Sums of paired differences (wins, margins) and their squares.
#[derive(Clone, Copy, Debug, Default)]
struct Paired {
    n: u64,
    dwin: i128,
    dwin2: u128,
    dm: i128,
    dm2: u128,
}

impl Paired {
    fn add(&mut self, a: Scored, b: Scored) {
        self.n += 1;
        let d = i128::from(a.win) - i128::from(b.win);
        self.dwin += d;
        self.dwin2 += (d * d) as u128;
        let m = i128::from(a.margin) - i128::from(b.margin);
        self.dm += m;
        self.dm2 += (m * m) as u128;
    }

    /// The mean win difference with its interval; a difference of two 0/1 results lies in
    /// −1..=1, and so does the interval given.
    fn win(&self) -> Option<Interval> {
        stats::mean(self.dwin, self.dwin2, self.n).map(|i| Interval {
            low: i.low.max(-1.0),
            high: i.high.min(1.0),
            ..i
        })
    }

    fn margin(&self) -> Option<Interval> {
        stats::mean(self.dm, self.dm2, self.n)
    }

    fn win_p(&self) -> Option<f64> {
        stats::mean_p_value(self.dwin, self.dwin2, self.n)
    }

    fn margin_p(&self) -> Option<f64> {
        stats::mean_p_value(self.dm, self.dm2, self.n)
    }
}

/// Each value's Benjamini–Hochberg q-value among the values present.
fn q_values(p: &[Option<f64>]) -> Vec<Option<f64>> {
    let present: Vec<f64> = p.iter().flatten().copied().collect();
    let mut q = stats::benjamini_hochberg(&present).into_iter();
    p.iter().map(|x| x.and_then(|_| q.next())).collect()
}

/// Each side's figures from the forks taken, most impact first: the largest win-rate
/// difference either way, then the largest margin difference; sides with no estimate last.
pub fn estimates(sides: &[SideInfo], rows: &[ForkRow]) -> Vec<SideEstimate> {
    #[derive(Default)]
    struct Sums {
        all: Paired,
        failed: u64,
        by: ByFaction<Paired>,
        wa: u64,
        wb: u64,
        played: (u64, u64),
        not: (u64, u64),
    }
    let mut sums: BTreeMap<&str, Sums> = sides.iter().map(|s| (s.side.as_str(), Sums::default())).collect();
    for r in rows {
        let Some(s) = sums.get_mut(r.side.as_str()) else {
            continue;
        };
        let (Some(a), Some(b)) = (r.a, r.b) else {
            s.failed += 1;
            continue;
        };
        if r.error.is_some() {
            s.failed += 1;
            continue;
        }
        s.all.add(a, b);
        if let Some(f) = Faction::from_slug(&r.faction) {
            s.by.get_mut(f).add(a, b);
        }
        s.wa += u64::from(a.win);
        s.wb += u64::from(b.win);
        let real = if r.played { a } else { b };
        let bucket = if r.played { &mut s.played } else { &mut s.not };
        bucket.0 += 1;
        bucket.1 += u64::from(real.win);
    }
    let mut out: Vec<SideEstimate> = sides
        .iter()
        .map(|info| {
            let s = &sums[info.side.as_str()];
            SideEstimate {
                side: info.side.clone(),
                title: info.title.clone(),
                forks: s.all.n,
                failed: s.failed,
                factions: Faction::ALL
                    .iter()
                    .map(|&f| (f, s.by.get(f)))
                    .filter(|(_, p)| p.n > 0)
                    .map(|(f, p)| FactionEstimate {
                        faction: f.slug(),
                        forks: p.n,
                        win_difference: p.win(),
                        margin_difference: p.margin(),
                    })
                    .collect(),
                wins_played: s.wa,
                wins_alternative: s.wb,
                win_difference: s.all.win(),
                margin_difference: s.all.margin(),
                win_p: s.all.win_p(),
                win_q: None,
                margin_p: s.all.margin_p(),
                margin_q: None,
                observed_played: Rate::new(s.played.0, s.played.1),
                observed_not_played: Rate::new(s.not.0, s.not.1),
            }
        })
        .collect();
    let wq = q_values(&out.iter().map(|e| e.win_p).collect::<Vec<_>>());
    let mq = q_values(&out.iter().map(|e| e.margin_p).collect::<Vec<_>>());
    for ((e, w), m) in out.iter_mut().zip(wq).zip(mq) {
        e.win_q = w;
        e.margin_q = m;
    }
    let size = |i: &Option<Interval>| i.map_or(-1.0, |i| i.estimate.abs());
    out.sort_by(|a, b| {
        size(&b.win_difference)
            .total_cmp(&size(&a.win_difference))
            .then(size(&b.margin_difference).total_cmp(&size(&a.margin_difference)))
            .then(a.side.cmp(&b.side))
    });
    out
}

/// How long it took (never compared: merged shards add their seconds).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    pub seconds: f64,
    /// Real games and copies played, those past `used` included.
    pub games: u64,
    pub copies: u64,
    pub seconds_per_game: f64,
}

/// The document `abyss cards` prints and `merge` reads: what was run, the figures, and
/// the raw tally.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Doc {
    /// `FORMAT`.
    pub format: String,
    pub run: Run,
    /// Forks wanted per side (`--forks`).
    pub forks: u64,
    /// The seeds whose games count (see `Played::used`).
    pub used: Seeds,
    /// Every side that can occur reached `forks`.
    pub complete: bool,
    /// Sides with fewer forks than wanted.
    pub short: Vec<String>,
    /// Per side, most impact first.
    pub estimates: Vec<SideEstimate>,
    pub timing: Timing,
    /// The sides that can occur, with their cards' titles.
    pub sides: Vec<SideInfo>,
    pub tally: Tally,
}

impl Doc {
    /// The document of a run's (or merged shards') forks: the rule applied to `rows`
    /// (a no-op on a run's own), failures past the seeds used left out.
    pub fn new(run: Run, forks: u64, sides: Vec<SideInfo>, tally: Tally, used: Seeds, timing: Timing) -> Doc {
        let (rows, stop) = select(&sides, forks, tally.rows);
        let used = Seeds {
            first: used.first,
            last: stop.unwrap_or(used.last).min(used.last),
        };
        let failures: Vec<GameFailure> = tally.failures.into_iter().filter(|f| f.seed <= used.last).collect();
        let estimates = estimates(&sides, &rows);
        let mut short: Vec<String> = estimates
            .iter()
            .filter(|e| e.forks < forks)
            .map(|e| e.side.clone())
            .collect();
        short.sort();
        Doc {
            format: FORMAT.into(),
            run,
            forks,
            used,
            complete: short.is_empty(),
            short,
            estimates,
            timing,
            sides,
            tally: Tally {
                games: used.count(),
                failures,
                rows,
            },
        }
    }

    /// A document from its JSON text; the error names the field at fault.
    pub fn from_json(text: &str) -> Result<Doc, String> {
        use crate::tally::Fields;
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let doc = Fields { v: &v, at: "" };
        match v.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => return Err(format!("`format` is `{other}`; this reads `{FORMAT}`")),
            None => {
                return Err(format!(
                    "no `format` (`{FORMAT}`): write one with `abyss cards --format json`"
                ));
            }
        }
        let run: Run = doc.take("run")?;
        let forks: u64 = doc.take("forks")?;
        let used: Seeds = doc.take("used")?;
        let sides: Vec<SideInfo> = doc.take("sides")?;
        let t = Fields {
            v: v.get("tally").unwrap_or(&serde_json::Value::Null),
            at: "tally",
        };
        let rows: Vec<ForkRow> = t.take("rows")?;
        let failures: Vec<GameFailure> = t.take("failures")?;
        let games: u64 = t.take("games")?;
        let tm = Fields {
            v: v.get("timing").unwrap_or(&serde_json::Value::Null),
            at: "timing",
        };
        let timing = Timing {
            seconds: tm.take("seconds")?,
            games: tm.take("games")?,
            copies: tm.take("copies")?,
            seconds_per_game: tm.take("seconds_per_game")?,
        };
        if forks == 0 {
            return Err("`forks` is 0".into());
        }
        if used.first != run.seeds.first || used.last < used.first || used.last > run.seeds.last {
            return Err(format!("`used` ({used}) is not a start of `run.seeds` ({})", run.seeds));
        }
        if games != used.count() {
            return Err(format!(
                "`tally.games` is {games}, but `used` ({used}) holds {}",
                used.count()
            ));
        }
        for r in &rows {
            if Faction::from_slug(&r.faction).is_none() {
                return Err(format!("`tally.rows`: `{}` is not a Faction", r.faction));
            }
            if !sides.iter().any(|s| s.side == r.side) {
                return Err(format!("`tally.rows`: side `{}` is not in `sides`", r.side));
            }
            if r.seed < used.first || r.seed > used.last {
                return Err(format!("`tally.rows`: seed {} is outside `used` ({used})", r.seed));
            }
            if !r.counts() && r.error.is_none() {
                return Err(format!(
                    "`tally.rows`: the fork of seed {} at answer {} has neither both results nor an error",
                    r.seed, r.answer
                ));
            }
        }
        if let Some(f) = failures.iter().find(|f| f.seed < used.first || f.seed > used.last) {
            return Err(format!("`tally.failures`: seed {} is outside `used` ({used})", f.seed));
        }
        let tally = Tally { games, failures, rows };
        Ok(Doc::new(run, forks, sides, tally, used, timing))
    }
}

/// Merge the documents of shards (or side-by-side seed ranges) of one run (file name,
/// document) into the document of the whole run, as one run over all their seeds gives
/// (timing aside).
pub fn merge(files: Vec<(String, Doc)>) -> Result<Doc, String> {
    let Some((first_file, first)) = files.first() else {
        return Err("no files to merge".into());
    };
    let identity = |d: &Doc| {
        let r = &d.run;
        [
            ("run.abyss", r.abyss.clone()),
            ("run.content", r.content.clone()),
            ("run.scenario", r.scenario.clone()),
            (
                "run.scenario_file",
                r.scenario_file.clone().unwrap_or_else(|| "none".into()),
            ),
            ("run.agents", r.agents.clone()),
            ("forks", d.forks.to_string()),
            (
                "run.shard",
                r.shard
                    .map_or("none".into(), |s| format!("{} parts of {}", s.of, s.whole)),
            ),
        ]
    };
    for (file, d) in &files[1..] {
        for ((field, ours), (_, theirs)) in identity(first).iter().zip(identity(d)) {
            if *ours != theirs {
                return Err(format!(
                    "{file}: `{field}` is {theirs}, but {first_file}'s is {ours}: only parts of one run merge \
                     (same abyss, content, scenario, agents, --forks and shards)"
                ));
            }
        }
        if d.sides != first.sides {
            return Err(format!("{file}: `sides` differs from {first_file}'s"));
        }
    }
    let seeds: Vec<(&str, Seeds)> = files.iter().map(|(f, d)| (f.as_str(), d.run.seeds)).collect();
    let whole = cover(&seeds, first.run.shard.as_ref())?;
    let (forks, sides) = (first.forks, first.sides.clone());
    let mut run = first.run.clone();
    run.seeds = whole;
    run.shard = None;
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    let mut timing = Timing {
        seconds: 0.0,
        games: 0,
        copies: 0,
        seconds_per_game: 0.0,
    };
    // Where each part stopped, if before its last seed (every side full there).
    let mut stopped: Vec<(String, Seeds, u64)> = Vec::new();
    for (file, d) in files {
        if d.used.last < d.run.seeds.last {
            stopped.push((file, d.run.seeds, d.used.last));
        }
        timing.seconds += d.timing.seconds;
        timing.games += d.timing.games;
        timing.copies += d.timing.copies;
        rows.extend(d.tally.rows);
        failures.extend(d.tally.failures);
    }
    timing.seconds_per_game = timing.seconds / (timing.games + timing.copies).max(1) as f64;
    failures.sort_by_key(|f| f.seed);
    let (_, stop) = select(&sides, forks, rows.clone());
    // A part that stopped early had every side full by then; so has the whole run.
    if let Some((file, seeds, at)) = stopped.iter().find(|(_, _, at)| stop.is_none_or(|s| s > *at)) {
        return Err(format!(
            "{file} (seeds {seeds}) stopped after seed {at} with every side full, but the files together are not \
             full there: they are not parts of one run"
        ));
    }
    let tally = Tally {
        games: 0,
        failures,
        rows,
    };
    Ok(Doc::new(run, forks, sides, tally, whole, timing))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(s: &str) -> SideInfo {
        SideInfo {
            side: s.into(),
            title: s.into(),
        }
    }

    fn fork(seed: u64, answer: u64, s: &str, played: bool, a: (bool, i16), b: (bool, i16)) -> ForkRow {
        ForkRow {
            seed,
            answer,
            faction: "farc".into(),
            side: s.into(),
            played,
            a: Some(Scored { win: a.0, margin: a.1 }),
            b: Some(Scored { win: b.0, margin: b.1 }),
            error: None,
        }
    }

    #[test]
    fn the_rule_takes_the_first_forks_of_each_side_and_stops_when_all_are_full() {
        let sides = [side("01-unshaded"), side("01-shaded")];
        let rows = vec![
            fork(3, 5, "01-shaded", true, (true, 1), (false, -1)),
            fork(1, 9, "01-unshaded", true, (true, 1), (false, -1)),
            fork(1, 9, "01-shaded", false, (true, 1), (false, -1)),
            fork(2, 4, "01-unshaded", true, (true, 1), (false, -1)),
            fork(2, 7, "01-unshaded", true, (true, 1), (false, -1)),
        ];
        // 1 fork each: seed 1 fills both.
        let (kept, stop) = select(&sides, 1, rows.clone());
        assert_eq!(stop, Some(1));
        assert_eq!(kept.len(), 2);
        // 2 each: the unshaded side fills at seed 2 (its 2nd fork), the shaded at seed 3.
        let (kept, stop) = select(&sides, 2, rows.clone());
        assert_eq!(stop, Some(3));
        let order: Vec<(u64, u64)> = kept.iter().map(|r| (r.seed, r.answer)).collect();
        assert_eq!(order, [(1, 9), (1, 9), (2, 4), (3, 5)]);
        // A failed copy does not count: the next offer of its side takes its place.
        let mut failed = rows.clone();
        failed[1].a = None;
        failed[1].error = Some("boom".into());
        let (kept, stop) = select(&sides, 1, failed);
        assert_eq!(stop, Some(2));
        assert_eq!(kept.iter().filter(|r| r.side == "01-unshaded").count(), 2);
        // 3 each: never full.
        assert_eq!(select(&sides, 3, rows).1, None);
    }

    #[test]
    fn a_sides_impact_is_the_mean_of_its_paired_differences() {
        let sides = [side("08-unshaded"), side("08-shaded")];
        // Four forks of 08-unshaded: A − B wins +1, +1, 0, 0 (mean 0.5, sample variance
        // 1/3), margins +4, +2, 0, −2 (mean 1, variance 20/3). Observed: played in the
        // first two real games (A real: 2 wins of 2), not in the others (B real: 1 of 2).
        let rows = vec![
            fork(1, 10, "08-unshaded", true, (true, 3), (false, -1)),
            fork(2, 10, "08-unshaded", true, (true, 1), (false, -1)),
            fork(3, 10, "08-unshaded", false, (true, 2), (true, 2)),
            fork(4, 10, "08-unshaded", false, (false, -3), (false, -1)),
        ];
        let e = estimates(&sides, &rows);
        assert_eq!(e[0].side, "08-unshaded");
        let u = &e[0];
        assert_eq!((u.forks, u.wins_played, u.wins_alternative), (4, 3, 1));
        let w = u.win_difference.unwrap();
        assert_eq!(w.estimate, 0.5);
        // 0.5 ± 0.566, the high end held at +1 (a difference of 0/1 results).
        let half = stats::Z95 * (1.0f64 / 3.0 / 4.0).sqrt();
        assert!((w.low - (0.5 - half)).abs() < 1e-12, "{w:?}");
        assert_eq!(w.high, 1.0);
        let m = u.margin_difference.unwrap();
        assert_eq!(m.estimate, 1.0);
        let half = stats::Z95 * (20.0f64 / 3.0 / 4.0).sqrt();
        assert!((m.half_width() - half).abs() < 1e-12, "{m:?}");
        assert_eq!((u.observed_played.offers, u.observed_played.wins), (2, 2));
        assert_eq!((u.observed_not_played.offers, u.observed_not_played.wins), (2, 1));
        assert_eq!(u.factions.len(), 1);
        assert_eq!((u.factions[0].faction, u.factions[0].forks), ("farc", 4));
        assert_eq!(u.factions[0].win_difference, u.win_difference);
        // p-values by the normal approximation of the intervals: z = 0.5 / √(1/12) = 1.732
        // (two-sided p 0.0833) and z = 1 / √(20/12) = 0.775 (p 0.4386). With one side
        // estimated, its q-value is its p-value.
        assert!((u.win_p.unwrap() - 0.08326).abs() < 1e-4, "{:?}", u.win_p);
        assert!((u.margin_p.unwrap() - 0.43858).abs() < 1e-4, "{:?}", u.margin_p);
        assert_eq!((u.win_q, u.margin_q), (u.win_p, u.margin_p));
        // The side never forked comes last, without estimates.
        assert_eq!(e[1].side, "08-shaded");
        assert_eq!((e[1].forks, e[1].win_difference), (0, None));
        assert_eq!((e[1].win_p, e[1].win_q), (None, None));
    }
}
