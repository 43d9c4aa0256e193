//! The search agent's speed (issue 29), measured on the same positions for every setting:
//! bot games of the standard scenario, and at each card-level choice of one Faction's bot
//! each search setting searches that position (its answer is not used: the bot plays on,
//! so every setting sees the same positions). Prints per setting the CPU time per searched
//! decision (all threads), its wall time, and iterations per CPU second; and what it costs
//! to bring a new game to the question (replay from the set-up, or resume at the card's
//! start as the search does).
//!
//! Run: cargo run --release --example search_bench -- [SPECS] [GAMES] [FACTION]
//! SPECS is a comma-separated list, e.g. `mcts:200,mcts:200:2` (threads) or
//! `mcts:100:horizon=0,mcts:100:horizon=0:rollout=random` (rollouts to the end: bot and
//! random rollouts per second). Defaults: `mcts:200 3 govt`.
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::playout::{AgentSpec, Replay, new_game, reseeded};
use abyss::game::{Agent, Ask, Request, Stop, View};
use abyss::kernel::Faction;
use abyss::nonplayer::NonPlayer;
use abyss::search::{Mcts, SearchConfig};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

/// Per setting: (CPU seconds, wall seconds) of each search.
type Times = Rc<RefCell<Vec<Vec<(f64, f64)>>>>;

/// The bot of the seat; at each of its card-level choices every setting searches first.
struct Bench<'r> {
    bot: NonPlayer,
    configs: Vec<SearchConfig>,
    times: Times,
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

impl Agent for Bench<'_> {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        if req.ask == Ask::Action && req.options.len() >= 2 {
            for (k, c) in self.configs.iter().enumerate() {
                let mut m = Mcts::new(req.faction, *c, self.seed ^ view.answers.len() as u64);
                let t = Instant::now();
                m.decide(view, req)?;
                let wall = t.elapsed().as_secs_f64();
                let r = m.take_report().expect("a search");
                self.times.borrow_mut()[k].push((r.cpu_seconds, wall));
            }
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
        self.bot.decide(view, req)
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v.get(v.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let specs = args.first().map_or("mcts:200", |s| s.as_str());
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let faction = args.get(2).and_then(|w| Faction::from_slug(w)).unwrap_or(Faction::Govt);
    let configs: Vec<SearchConfig> = specs
        .split(',')
        .map(|s| SearchConfig::parse(s).expect("a search spec"))
        .collect();
    let (rules, _, setup) = position(&ContentFiles::embedded(), "standard", 1).expect("content loads");
    let bots = AgentSpec::parse("nonplayer").unwrap();
    let seated = bots.seat(&setup);
    let times: Times = Rc::new(RefCell::new(vec![Vec::new(); configs.len()]));
    let prefix = Rc::new(RefCell::new(Vec::new()));
    for seed in 1..=games {
        let fired = abyss::nonplayer::Fired::default();
        let mut agents = bots.agents(seed, &fired);
        agents[faction.index()] = Box::new(Bench {
            bot: NonPlayer::new(faction),
            configs: configs.clone(),
            times: times.clone(),
            prefix: prefix.clone(),
            setup: &seated,
            seed,
        });
        let mut game = new_game(&rules, reseeded(&seated, seed), agents);
        let r = game.play();
        assert!(r.is_ok(), "seed {seed}: {r:?}");
    }
    let prefix = prefix.borrow();
    println!(
        "{games} bot games, {} card-level choices of {} searched by each setting",
        prefix.len(),
        faction.name()
    );
    println!(
        "reaching the question: replay from the set-up median {:.0} us, resume at the card's start median {:.1} us",
        1e6 * median(prefix.iter().map(|x| x.0).collect()),
        1e6 * median(prefix.iter().map(|x| x.1).collect())
    );
    for (c, t) in configs.iter().zip(times.borrow().iter()) {
        let n = t.len().max(1) as f64;
        let cpu = t.iter().map(|x| x.0).sum::<f64>() / n;
        let wall = t.iter().map(|x| x.1).sum::<f64>() / n;
        println!(
            "{c}: per decision CPU mean {cpu:.3} s (median {:.3}, max {:.3}), wall mean {wall:.3} s; {:.0} iterations per CPU second, {:.0} per wall second",
            median(t.iter().map(|x| x.0).collect()),
            t.iter().map(|x| x.0).fold(0.0, f64::max),
            f64::from(c.iterations) / cpu.max(1e-9),
            f64::from(c.iterations) / wall.max(1e-9),
        );
    }
}
