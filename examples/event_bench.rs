//! The cost of each Event card side: every side executed on positions of random games
//! (the position before each of the first 20 cards of a few random games), answered at
//! random. Prints the mean µs per side, slowest first, and the mean over all sides.
//! Run: cargo run --release --example event_bench [REPEATS]
//! ABYSS_BENCH_CONTENT=DIR reads a content folder instead of the embedded content, so that
//! an edited card is measured without a rebuild (and two versions side by side).
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::playout::random_game;
use abyss::game::{Agent, Game, RandomAgent};
use abyss::kernel::{Faction, Side, State};
use std::time::Instant;

/// The Event measured, as a function of its own: a profiler can single it out
/// (`valgrind --tool=callgrind --toggle-collect='*timed_event*'`) from the Events of the
/// random games that make the positions.
#[inline(never)]
fn timed_event(
    g: &mut Game,
    by: Faction,
    card: u8,
    side: Side,
) -> Result<Option<abyss::game::ScriptError>, abyss::game::Stop> {
    g.execute_event(by, card, side)
}

fn main() {
    let repeats: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let files = match std::env::var("ABYSS_BENCH_CONTENT") {
        Ok(dir) => ContentFiles::from_dir(std::path::Path::new(&dir)).expect("a content folder"),
        Err(_) => ContentFiles::embedded(),
    };
    let (rules, _, setup) = position(&files, "standard", 1).expect("content loads");
    // Positions from real games: the state after 5, 10, ... cards of a few random games.
    let mut positions: Vec<State> = vec![setup.state.clone()];
    let games = if std::env::var("ABYSS_BENCH_STANDARD").is_ok() {
        0
    } else {
        6
    };
    for seed in 1..=games {
        for cards in [5usize, 10, 20, 30] {
            let mut s = setup.clone();
            if let abyss::content::DeckSpec::Fixed(d) = &mut s.deck {
                d.truncate(cards);
            }
            let (_, g) = random_game(&rules, &s, seed, false);
            positions.push(g.state.clone());
        }
    }
    // ABYSS_BENCH_CARDS="2,14": only these cards.
    let only: Vec<u8> = std::env::var("ABYSS_BENCH_CARDS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|c| c.trim().parse().ok())
        .collect();
    // Cards the static check finds broken are left out (a mod under way).
    let broken: Vec<u8> = if only.is_empty() {
        abyss::script::check_scripts(&rules).iter().map(|e| e.card).collect()
    } else {
        vec![]
    };
    let cards: Vec<(u8, bool)> = rules
        .events
        .cards
        .iter()
        .filter(|f| !broken.contains(&f.card))
        .filter(|f| only.is_empty() || only.contains(&f.card))
        .map(|f| (f.card, rules.card(f.card).is_some_and(|c| c.single)))
        .collect();
    if !broken.is_empty() {
        println!("left out, broken: {broken:?}");
    }
    let mut rows = Vec::new();
    let (mut total, mut n, mut failed) = (0f64, 0usize, 0usize);
    for &(card, single) in &cards {
        for side in [Side::Unshaded, Side::Shaded] {
            if single && side == Side::Shaded {
                continue;
            }
            if std::env::var("ABYSS_BENCH_SIDE").is_ok_and(|w| w != side.slug()) {
                continue;
            }
            let mut t = 0f64;
            let mut runs = 0usize;
            let mut side_failed = 0usize;
            for (i, st) in positions.iter().enumerate() {
                for r in 0..repeats {
                    let seed = (i * 1000 + r) as u64;
                    let mut s = setup.clone();
                    s.state = st.clone();
                    s.lasting = vec![];
                    let agents: Vec<Box<dyn Agent>> = (0..4)
                        .map(|k| Box::new(RandomAgent::new(seed * 4 + k)) as Box<dyn Agent>)
                        .collect();
                    let mut g = Game::new(&rules, s, vec![card], agents);
                    let by = Faction::ALL[(seed % 4) as usize];
                    let started = Instant::now();
                    let result = timed_event(&mut g, by, card, side);
                    t += started.elapsed().as_secs_f64();
                    runs += 1;
                    if !matches!(result, Ok(None)) {
                        failed += 1;
                        side_failed += 1;
                    }
                }
            }
            let us = 1e6 * t / runs as f64;
            if side_failed == runs {
                println!("card {card} {}: fails every time", side.slug());
                continue;
            }
            rows.push((us, card, side));
            total += t;
            n += runs;
        }
    }
    rows.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap());
    // ABYSS_BENCH_TOP=N: the N slowest sides (25 unless told).
    let top = std::env::var("ABYSS_BENCH_TOP")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(25);
    for (us, card, side) in rows.iter().take(top) {
        println!("{us:8.1} us  card {card} {}", side.slug());
    }
    println!(
        "{} sides, {n} Events ({failed} failed or stopped): mean {:.2} us an Event",
        rows.len(),
        1e6 * total / n as f64
    );
}
