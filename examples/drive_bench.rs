//! Driving games from outside (issue 27): the cost of a decision answered by the caller
//! against one answered inside, of a fork at a random decision point, and of drawing the
//! hidden deck anew. Random games of the standard scenario; every seat asked every question
//! (no sampled questions on either side, so both play the same games).
//! Run: cargo run --release --example drive_bench [GAMES] [inside|outside]
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::decision::{Agent, Request, Stop, View};
use abyss::game::drive::Driven;
use abyss::game::playout::{AgentSpec, new_game, reseeded};
use abyss::kernel::{Dice, Faction};
use std::sync::Arc;
use std::time::Instant;

/// Uniform answers from its own dice, one roll a question: the caller's policy below.
struct Uniform(Dice);

impl Agent for Uniform {
    fn decide(&mut self, _view: &View, request: &Request) -> Result<usize, Stop> {
        Ok(self.0.below(request.options.len() as u32) as usize)
    }
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let (rules, _, setup) = position(&ContentFiles::embedded(), "standard", 1).expect("content loads");
    let rules = Arc::new(rules);
    let spec = AgentSpec::parse("random").unwrap();
    let seated = spec.seat(&setup);

    // Inside (the engine calls the agents) and outside (the caller answers every question
    // through the stepping handle), in alternate rounds; each side's fastest round counts,
    // the one the machine's other work disturbed least.
    let inside_round = || {
        let (mut decisions, t) = (0u64, Instant::now());
        for seed in 1..=games {
            let agents: Vec<Box<dyn Agent>> = Faction::ALL
                .iter()
                .map(|f| Box::new(Uniform(Dice::new(seed * 4 + f.index() as u64))) as Box<dyn Agent>)
                .collect();
            let mut game = new_game(&rules, reseeded(&seated, seed), agents);
            let _ = game.play();
            decisions += game.answers.len() as u64;
        }
        (decisions, t.elapsed().as_secs_f64() * 1e6 / decisions as f64)
    };
    let outside_round = || {
        let (mut decisions, t) = (0u64, Instant::now());
        let mut points: Vec<(u64, usize)> = Vec::new();
        let mut pick = Dice::new(7);
        for seed in 1..=games {
            let mut d = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
            let mut dice: Vec<Dice> = (0..4).map(|i| Dice::new(seed * 4 + i)).collect();
            let mut n = 0u64;
            while let Some(p) = d.pending() {
                let i = dice[p.faction.index()].below(p.options.len() as u32) as usize;
                d.answer(i).unwrap();
                n += 1;
            }
            decisions += d.answers().len() as u64;
            points.push((seed, pick.below(n.max(1) as u32) as usize));
        }
        (decisions, t.elapsed().as_secs_f64() * 1e6 / decisions as f64, points)
    };
    // `drive_bench GAMES inside|outside`: one side's round alone, for an instruction count
    // (valgrind --tool=callgrind): the difference per decision is the crossing's cost
    // without the machine's noise.
    match std::env::args().nth(2).as_deref() {
        Some("inside") => {
            let (n, _) = inside_round();
            println!("inside: {n} decisions");
            return;
        }
        Some("outside") => {
            let (n, _, _) = outside_round();
            println!("outside: {n} decisions");
            return;
        }
        _ => {}
    }
    let (mut inside, mut outside) = (f64::MAX, f64::MAX);
    let (mut inside_decisions, mut points) = (0, Vec::new());
    for _ in 0..3 {
        let (n, us) = inside_round();
        inside = inside.min(us);
        inside_decisions = n;
        let (m, us, p) = outside_round();
        assert_eq!(m, n, "both sides play the same games (the same answers recorded)");
        outside = outside.min(us);
        points = p;
    }

    // Fork at a random decision point of each game.
    let mut forks = Vec::new();
    for &(seed, at) in &points {
        let mut d = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
        let mut dice: Vec<Dice> = (0..4).map(|i| Dice::new(seed * 4 + i)).collect();
        for _ in 0..at {
            let Some(p) = d.pending() else { break };
            let i = dice[p.faction.index()].below(p.options.len() as u32) as usize;
            d.answer(i).unwrap();
        }
        let t = Instant::now();
        let f = d.fork();
        forks.push(t.elapsed().as_secs_f64() * 1e6);
        drop(f);
    }

    // Resample the hidden deck of a game in progress.
    let mut game = new_game(&rules, reseeded(&seated, 1), abyss::game::playout::random_agents(1));
    game.card_index = 10;
    let mut dice = Dice::new(3);
    let mut resamples = Vec::new();
    for _ in 0..20_000 {
        let t = Instant::now();
        game.resample_hidden(&mut dice);
        resamples.push(t.elapsed().as_secs_f64() * 1e6);
    }

    println!(
        "{games} random standard games, every question asked ({inside_decisions} decisions), fastest of 3 rounds each"
    );
    println!(
        "forks: p90 {:.0} us, p95 {:.0} us, max {:.0} us",
        percentile(&mut forks, 0.9),
        percentile(&mut forks, 0.95),
        percentile(&mut forks, 1.0)
    );
    println!(
        "drive: {outside:.2} us/decision outside vs {inside:.2} us/decision inside; fork median {:.0} us, p99 {:.0} us; resample median {:.2} us",
        percentile(&mut forks, 0.5),
        percentile(&mut forks, 0.99),
        percentile(&mut resamples, 0.5)
    );
}
