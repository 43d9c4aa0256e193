//! The `mcts` agent: at each card-level choice of its Faction (2.3: Event, Operation,
//! Operation with Special Activity, Limited Operation, Pass) it searches; every other
//! question it answers with the policy completing what it chose (src/search/policy.rs).
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
use crate::game::{Agent, Ask, Choice, Request, Stop, View};
use crate::kernel::{Faction, Ruleset};

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
}

impl Report {
    pub fn best(&self) -> Move {
        self.choices[0].mv
    }

    /// "searched 1,000 games: Train+SA 41%, Event (shaded) 27%, Pass 9%": each choice's
    /// win value for the Faction (wins in games played to the end; at a cut, the share of
    /// the margins' softmax), most searched first.
    pub fn summary(&self) -> String {
        let i = self.faction.index();
        let parts: Vec<String> = self
            .choices
            .iter()
            .filter(|c| c.visits > 0)
            .map(|c| format!("{} {:.0}%", c.mv.label(), 100.0 * c.win[i] / f64::from(c.visits.max(1))))
            .collect();
        format!(
            "searched {} games: {}",
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
        })
    }
}

/// 1000 -> "1,000".
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (k, ch) in s.chars().enumerate() {
        if k > 0 && (s.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Search the decision at `root` with `config`: `config.iterations` simulated games over
/// `config.threads` threads (root parallelism: a tree each, statistics summed).
pub fn search(root: &Root, config: &SearchConfig, seed: u64) -> Result<Report, Stop> {
    let threads = u32::from(config.threads.max(1)).min(config.iterations.max(1));
    let share = |t: u32| config.iterations / threads + u32::from(t < config.iterations % threads);
    let run = |t: u32| -> Result<(Vec<Child>, u32, Option<String>, usize), Stop> {
        let mut s = Searcher::new(root, *config, mix(seed, u64::from(t)));
        for i in 0..share(t) {
            s.iterate(u64::from(i))?;
        }
        Ok((s.root_stats(), s.failures, s.first_failure.take(), s.nodes()))
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
    let (mut failures, mut first, mut nodes) = (0, None, 0);
    for part in parts {
        let (stats, f, why, n) = part?;
        failures += f;
        nodes += n;
        first = first.or(why);
        for c in stats {
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
    })
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

    /// The last search's report, taken.
    pub fn take_report(&mut self) -> Option<Report> {
        self.report.take()
    }
}

impl Agent for Mcts {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
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
            self.completion = Completion::for_move(self.faction, best);
            self.report = Some(report);
            return Ok(i);
        }
        self.completion.decide(view, req)
    }

    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.completion.noted(rules, f, c)
    }
}
