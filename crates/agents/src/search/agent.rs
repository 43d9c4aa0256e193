//! The `mcts` agent: at each card-level choice of its Faction (2.3: Event, Operation,
//! Operation with Special Activity, Limited Operation, Pass) it searches; every other
//! question it answers with the policy completing what it chose (crates/agents/src/search/policy.rs).
//!
//! Determinism: the search's dice come from the agent's seed (the game's seed and the
//! Faction) and the decision's number; each thread's from its index; the threads' root
//! statistics are summed in thread order. Same seed, budget and threads ⇒ same answers,
//! on any machine and under any load: the budget counts iterations, never time.

use super::config::SearchConfig;
use super::moves::Move;
use super::policy::Completion;
use super::tree::Child;
use super::world::{Root, Searcher, mix};
use abyss_core::game::{Agent, Ask, Choice, Deliberation, Request, Stop, View};
use abyss_core::kernel::{Faction, Ruleset};
use abyss_core::stats::thousands;

/// What one search saw: each card-level choice with its statistics, most searched first.
#[derive(Clone, Debug)]
pub struct Report {
    pub faction: Faction,
    pub iterations: u32,
    pub threads: u16,
    /// The choices, most visited first (the answer is the first).
    pub choices: Vec<Child>,
    /// Simulated games that stopped on a failure and were not scored.
    pub failures: u32,
    /// Tree nodes over all threads.
    pub nodes: usize,
    /// CPU time of the search, summed over its threads, and its wall time (measurements
    /// for reports: the search itself never looks at a clock).
    pub cpu_seconds: f64,
    pub wall_seconds: f64,
}

impl Report {
    pub fn best(&self) -> Move {
        self.choices[0].mv
    }

    /// "searched 1,000 games (win chances): Train+SA 41%, Event (shaded) 27%, Pass 9%":
    /// each choice's win value for the Faction (wins in games played to the end; at a cut,
    /// the share of the margins' softmax), most searched first, the first four named.
    pub fn summary(&self) -> String {
        let i = self.faction.index();
        let shown = self.choices.iter().filter(|c| c.visits > 0).count();
        let mut parts: Vec<String> = self
            .choices
            .iter()
            .filter(|c| c.visits > 0)
            .take(SHOWN)
            .map(|c| format!("{} {:.0}%", c.mv.label(), 100.0 * c.win[i] / f64::from(c.visits.max(1))))
            .collect();
        if shown > SHOWN {
            parts.push(format!("{} more", shown - SHOWN));
        }
        format!(
            "searched {} games (win chances): {}",
            thousands(u64::from(self.iterations)),
            parts.join(", ")
        )
    }

    /// The report as JSON: per choice its visits, win value and mean margin.
    pub fn to_json(&self) -> serde_json::Value {
        let i = self.faction.index();
        let choices: Vec<serde_json::Value> = self
            .choices
            .iter()
            .map(|c| {
                let n = f64::from(c.visits.max(1));
                serde_json::json!({
                    "choice": c.mv.slug(),
                    "games": c.visits,
                    "win": c.win[i] / n,
                    "mean_margin": c.margin[i] / n,
                    "value": c.reward[i] / n,
                })
            })
            .collect();
        serde_json::json!({
            "faction": self.faction.slug(),
            "iterations": self.iterations,
            "threads": self.threads,
            "chosen": self.best().slug(),
            "choices": choices,
            "failed_games": self.failures,
            "cpu_seconds": self.cpu_seconds,
        })
    }
}

/// The choices a summary names (the most searched); the rest are counted.
const SHOWN: usize = 4;

/// What one thread's tree saw.
struct Part {
    root: Vec<Child>,
    failures: u32,
    first_failure: Option<String>,
    nodes: usize,
    cpu: f64,
}

/// Search the decision at `root` with `config`: `config.iterations` simulated games over
/// `config.threads` threads (root parallelism: a tree each, statistics summed).
pub fn search(root: &Root, config: &SearchConfig, seed: u64) -> Result<Report, Stop> {
    let threads = u32::from(config.threads.max(1)).min(config.iterations.max(1));
    let share = |t: u32| config.iterations / threads + u32::from(t < config.iterations % threads);
    let wall = std::time::Instant::now();
    let run = |t: u32| -> Result<Part, Stop> {
        let cpu = thread_cpu_seconds();
        let mut s = Searcher::new(root, *config, mix(seed, u64::from(t)));
        for i in 0..share(t) {
            s.iterate(u64::from(i))?;
        }
        Ok(Part {
            root: s.root_stats(),
            failures: s.failures,
            first_failure: s.first_failure.take(),
            nodes: s.nodes(),
            cpu: thread_cpu_seconds() - cpu,
        })
    };
    let parts: Vec<Result<_, Stop>> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .map(|t| {
                    std::thread::Builder::new()
                        .name("abyss-search".into())
                        .spawn_scoped(scope, move || run(t))
                })
                .collect();
            // This thread searches too.
            let mut parts = vec![run(0)];
            for h in handles {
                parts.push(match h {
                    Ok(h) => h
                        .join()
                        .unwrap_or_else(|_| Err(Stop::Failed("a search thread panicked".into()))),
                    Err(e) => Err(Stop::Failed(format!("could not start a search thread: {e}"))),
                });
            }
            parts
        })
    };
    let mut choices: Vec<Child> = Vec::new();
    let (mut failures, mut first, mut nodes, mut cpu) = (0, None, 0, 0.0);
    for part in parts {
        let part = part?;
        failures += part.failures;
        nodes += part.nodes;
        cpu += part.cpu;
        first = first.or(part.first_failure);
        for c in part.root {
            match choices.iter_mut().find(|x| x.mv == c.mv) {
                Some(x) => x.absorb(&c),
                None => choices.push(c),
            }
        }
    }
    // The order of the request's options, then the most visited first (a stable sort:
    // ties go to the higher value, then the earlier option).
    choices.sort_by_key(|c| root.moves.iter().position(|&m| m == c.mv).unwrap_or(usize::MAX));
    let f = root.faction;
    choices.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean(f).total_cmp(&a.mean(f))));
    if choices.iter().all(|c| c.visits == 0) {
        return Err(Stop::Failed(format!(
            "the search could not score any of its {} games: {}",
            config.iterations,
            first.unwrap_or_default()
        )));
    }
    Ok(Report {
        faction: f,
        iterations: config.iterations,
        threads: threads as u16,
        choices,
        failures,
        nodes,
        cpu_seconds: cpu,
        wall_seconds: wall.elapsed().as_secs_f64(),
    })
}

/// The CPU time this thread has used, in seconds: a search's cost measured apart from
/// the load of the machine (for reports only; nothing is decided by it). Wall time where
/// the system has no thread clock.
fn thread_cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut t = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime writes one timespec through a valid pointer.
        if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0 {
            return t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9;
        }
    }
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// The search agent of one Faction.
pub struct Mcts {
    faction: Faction,
    config: SearchConfig,
    seed: u64,
    completion: Completion,
    /// The last search's report, until someone takes it (`take_report`).
    report: Option<Report>,
}

impl Mcts {
    /// The agent for Faction `f`; `seed` seeds its searches (the game's seed and the
    /// Faction make it, as for the random agent).
    pub fn new(f: Faction, config: SearchConfig, seed: u64) -> Mcts {
        Mcts {
            faction: f,
            config,
            seed,
            completion: Completion::bot(f, super::policy::Specials::AsPlanned),
            report: None,
        }
    }

    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The last search's report, until taken (`take_report`, or the narrative through
    /// `Agent::deliberation`).
    pub fn report(&self) -> Option<&Report> {
        self.report.as_ref()
    }

    /// The last search's report, taken.
    pub fn take_report(&mut self) -> Option<Report> {
        self.report.take()
    }
}

impl Agent for Mcts {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        // A report tells of the decision just made, never of an earlier one.
        self.report = None;
        // The engine answers a question with one option itself, so a card-level question
        // with one option reaches the agent only when something outside the game narrows
        // the choice to it (a card-impact fork, crates/play/src/fork.rs): nothing to search, but
        // the choice is completed as a searched one would be.
        if req.ask == Ask::Action && req.faction == self.faction && req.options.len() == 1 {
            let mut moves = Vec::new();
            Move::of(req, super::policy::specials_possible(view, self.faction), &mut moves);
            if let Some(&mv) = moves.first() {
                self.completion = Completion::for_move(
                    self.faction,
                    mv,
                    self.config.completion,
                    mix(self.seed, !(view.answers.len() as u64)),
                );
            }
            return Ok(0);
        }
        if req.ask == Ask::Action
            && req.faction == self.faction
            && req.options.len() >= 2
            && let Some(start) = view.card_start
        {
            let root = Root::new(view, req, start);
            let report = search(&root, &self.config, mix(self.seed, view.answers.len() as u64))?;
            let best = report.best();
            let i = best
                .index_in(req)
                .ok_or_else(|| Stop::Failed(format!("the search chose {}, which is not an option", best.slug())))?;
            self.completion = Completion::for_move(
                self.faction,
                best,
                self.config.completion,
                mix(self.seed, !(view.answers.len() as u64)),
            );
            self.report = Some(report);
            return Ok(i);
        }
        self.completion.decide(view, req)
    }

    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.completion.noted(rules, f, c)
    }

    fn deliberation(&mut self) -> Option<Deliberation> {
        let r = self.report.take()?;
        Some(Deliberation {
            text: r.summary(),
            detail: r.to_json(),
        })
    }
}
