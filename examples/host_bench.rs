//! Script host costs: starting a game's Lua VM and loading card scripts.
//! Run: cargo run --release --example host_bench
use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::script::Host;
use std::time::Instant;

fn main() {
    let (rules, _, _) = position(&ContentFiles::embedded(), "standard", 1).expect("content loads");
    let n = 2000;
    let t = Instant::now();
    for _ in 0..n {
        let _ = Host::new(&rules).unwrap();
    }
    println!("Host::new: {:.1} us", 1e6 * t.elapsed().as_secs_f64() / n as f64);
    let cards: Vec<u8> = rules.events.cards.iter().map(|f| f.card).collect();
    let t = Instant::now();
    for _ in 0..200 {
        let h = Host::new(&rules).unwrap();
        for &c in &cards {
            h.card_table(&rules, c).unwrap();
        }
    }
    let per = t.elapsed().as_secs_f64() / 200.0;
    println!(
        "Host::new + loading {} scripts: {:.1} us ({:.1} us a script)",
        cards.len(),
        1e6 * per,
        1e6 * per / cards.len() as f64
    );
}
