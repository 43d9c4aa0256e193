//! The search agent's speed (issue 29): time per searched decision and iterations per
//! second from real decision points of bot games, and rollouts per second (bots and
//! random) from the same points.
//! Run: cargo run --release --example search_bench -- [SPEC] [GAMES] [FACTION] [-v]
//! e.g. `search_bench mcts:200 3 govt` (defaults). `-v` prints every search's report.
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::playout::{AgentSpec, agent_seed, new_game, reseeded};
use abyss::game::{Agent, Request, Stop, View};
use abyss::kernel::Faction;
use abyss::search::{Mcts, SearchConfig};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

/// Times each searched decision of the agent it wraps.
struct Timed {
    inner: Mcts,
    log: Rc<RefCell<Vec<(f64, String)>>>,
}

impl Agent for Timed {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        let t = Instant::now();
        let i = self.inner.decide(view, req)?;
        if let Some(r) = self.inner.take_report() {
            self.log.borrow_mut().push((
                t.elapsed().as_secs_f64(),
                format!("card {:?}: {}", view.card, r.summary()),
            ));
        }
        Ok(i)
    }
    fn noted(&mut self, r: &abyss::kernel::Ruleset, f: Faction, c: abyss::game::Choice) -> Result<(), Stop> {
        self.inner.noted(r, f, c)
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "-v").collect();
    let verbose = std::env::args().any(|a| a == "-v");
    let spec = args.first().map_or("mcts:200", |s| s.as_str());
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let faction = args.get(2).and_then(|w| Faction::from_slug(w)).unwrap_or(Faction::Govt);
    let config = SearchConfig::parse(spec).expect("a search spec");
    let (rules, _, setup) = position(&ContentFiles::embedded(), "standard", 1).expect("content loads");
    let bots = AgentSpec::parse("nonplayer").unwrap();
    let mut kinds = bots.0;
    kinds[faction.index()] = abyss::game::playout::AgentKind::Random;
    let seated = AgentSpec(kinds).seat(&setup);
    let log = Rc::new(RefCell::new(Vec::new()));
    let t0 = Instant::now();
    for seed in 1..=games {
        let fired = abyss::nonplayer::Fired::default();
        let mut agents = bots.agents(seed, &fired);
        agents[faction.index()] = Box::new(Timed {
            inner: Mcts::new(faction, config, agent_seed(seed, faction)),
            log: log.clone(),
        });
        let mut game = new_game(&rules, reseeded(&seated, seed), agents);
        let r = game.play();
        println!(
            "seed {seed}: {} after {} cards",
            match &r {
                Ok(o) => format!("{:?} win, margins {:?}", o.winner(), o.margins),
                Err(e) => format!("stopped: {e}"),
            },
            game.stats.cards
        );
    }
    let total = t0.elapsed().as_secs_f64();
    let log = log.borrow();
    if verbose {
        for (t, line) in log.iter() {
            println!("  {:.3} s  {line}", t);
        }
    }
    let mut times: Vec<f64> = log.iter().map(|x| x.0).collect();
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    println!(
        "{spec} as {}: {} searched decisions in {games} games ({total:.1} s in all); per decision mean {:.3} s, median {:.3} s, max {:.3} s; {:.0} iterations/s",
        faction.name(),
        times.len(),
        mean,
        times.get(n / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0),
        f64::from(config.iterations) / mean.max(1e-9)
    );
}
