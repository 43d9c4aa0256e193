//! Rules-engine speed: complete random games per second on one core, from the standard
//! scenario, the cost of one decision, and the same games in validator mode.
//! Run: cargo run --release --example game_bench [GAMES]
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::playout::random_game;
use std::time::Instant;

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
    let (rules, _, setup) = position(&ContentFiles::embedded(), "standard", 1).expect("content loads");
    // Warm up caches and the allocator.
    for seed in 0..50 {
        let _ = random_game(&rules, &setup, 1_000_000 + seed, false);
    }
    let (mut decisions, mut cards, mut failed, mut events) = (0u64, 0u64, 0u64, 0u64);
    let mut in_events = std::time::Duration::ZERO;
    let t = Instant::now();
    for seed in 1..=games {
        let (result, game) = random_game(&rules, &setup, seed, false);
        decisions += game.stats.decisions;
        cards += game.stats.cards as u64;
        failed += result.is_err() as u64;
        events += game.events_played.len() as u64;
        in_events += game.telemetry.event_time;
    }
    let secs = t.elapsed().as_secs_f64();
    println!("{games} games ({failed} failed) on one core in {secs:.2} s");
    println!(
        "  {:.1} Events a game; {:.1}% of the time in Events (Lua VM start, scripts and the questions they ask), {:.1} us an Event",
        events as f64 / games as f64,
        100.0 * in_events.as_secs_f64() / secs,
        1e6 * in_events.as_secs_f64() / events.max(1) as f64
    );
    println!("  {:.0} games/s", games as f64 / secs);
    println!(
        "  {:.0} decisions/s, {:.2} us per decision",
        decisions as f64 / secs,
        1e6 * secs / decisions as f64
    );
    println!(
        "  {:.0} decisions and {:.1} cards per game",
        decisions as f64 / games as f64,
        cards as f64 / games as f64
    );
    // The same games with every invariant checked before every decision (validator mode);
    // ABYSS_BENCH_NO_CHECK=1 leaves them out (profiling the plain games).
    if std::env::var("ABYSS_BENCH_NO_CHECK").is_ok() {
        return;
    }
    let n = games.min(1000);
    let t = Instant::now();
    for seed in 1..=n {
        let _ = random_game(&rules, &setup, seed, true);
    }
    println!(
        "  with check_invariants before every decision: {:.0} games/s",
        n as f64 / t.elapsed().as_secs_f64()
    );
}
