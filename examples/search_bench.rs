//! The search agent's speed (issue 29): time per searched decision and iterations per
//! second from real decision points of bot games, and rollouts per second (bots and
//! random) from the same points.
//! Run: cargo run --release --example search_bench -- [SPEC] [GAMES] [FACTION] [-v]
//! e.g. `search_bench mcts:200 3 govt` (defaults). `-v` prints every search's report.
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::playout::{AgentSpec, Replay, agent_seed, new_game, reseeded};
use abyss::game::{Agent, Request, Stop, View};
use abyss::kernel::Faction;
use abyss::search::{Mcts, SearchConfig};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

/// Times each searched decision of the agent it wraps, and what it costs to bring a new
/// game to the same question: by replaying every answer from the set-up, or by resuming
/// at the card's start and replaying the card's answers (what the search does).
struct Timed<'r> {
    inner: Mcts,
    log: Rc<RefCell<Vec<(f64, String)>>>,
    prefix: Rc<RefCell<Vec<(f64, f64)>>>,
    setup: &'r abyss::content::Setup,
    seed: u64,
}

/// Seconds to play `game` until its replayed answers run out (it stops there).
fn time_to_question(mut game: abyss::game::Game) -> f64 {
    let t = Instant::now();
    let r = game.play();
    assert!(matches!(r, Err(Stop::Diverged(_))), "{r:?}");
    t.elapsed().as_secs_f64()
}

impl Agent for Timed<'_> {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        let t = Instant::now();
        let i = self.inner.decide(view, req)?;
        if let Some(r) = self.inner.take_report() {
            let _wall = t.elapsed().as_secs_f64();
            self.log.borrow_mut().push((
                r.cpu_seconds,
                format!(
                    "card {:?}: {} [{} nodes, {} failed]",
                    view.card,
                    r.summary(),
                    r.nodes,
                    r.failures
                ),
            ));
            let from_setup = time_to_question(new_game(
                view.rules,
                reseeded(self.setup, self.seed),
                Replay::agents(view.answers.to_vec()),
            ));
            let start = view.card_start.expect("a card is played");
            let mut dice = abyss::kernel::Dice::new(1);
            let resumed = time_to_question(abyss::game::Game::resume(
                view.rules,
                start,
                view.seating.clone(),
                view.answers[..start.answers].to_vec(),
                start.deck_drawn(view.rules, &mut dice),
                Replay::agents(view.answers[start.answers..].to_vec()),
            ));
            self.prefix.borrow_mut().push((from_setup, resumed));
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
    let prefix = Rc::new(RefCell::new(Vec::new()));
    let t0 = Instant::now();
    for seed in 1..=games {
        let fired = abyss::nonplayer::Fired::default();
        let mut agents = bots.agents(seed, &fired);
        agents[faction.index()] = Box::new(Timed {
            inner: Mcts::new(faction, config, agent_seed(seed, faction)),
            log: log.clone(),
            prefix: prefix.clone(),
            setup: &seated,
            seed,
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
    let median = |mut v: Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    let prefix = prefix.borrow();
    println!(
        "reaching the question: replay from the set-up median {:.0} us, resume at the card's start median {:.0} us",
        1e6 * median(prefix.iter().map(|x| x.0).collect()),
        1e6 * median(prefix.iter().map(|x| x.1).collect())
    );
    let mut times: Vec<f64> = log.iter().map(|x| x.0).collect();
    times.sort_by(|a, b| a.total_cmp(b));
    let n = times.len().max(1);
    let mean = times.iter().sum::<f64>() / n as f64;
    println!(
        "{spec} as {}: {} searched decisions in {games} games ({total:.1} s wall in all); CPU per decision mean {:.3} s, median {:.3} s, max {:.3} s; {:.0} iterations per CPU second",
        faction.name(),
        times.len(),
        mean,
        times.get(n / 2).copied().unwrap_or(0.0),
        times.last().copied().unwrap_or(0.0),
        f64::from(config.iterations) / mean.max(1e-9)
    );
}
