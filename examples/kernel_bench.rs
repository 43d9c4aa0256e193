//! Kernel figures: content load time, State size, primitive and invariant-check cost.
//! Run: cargo run --release --example kernel_bench
use abyss::content::{self, ContentFiles};
use abyss::kernel::*;
use std::time::Instant;
fn main() {
    let files = ContentFiles::embedded();
    let mut f = Vec::new();
    let t0 = Instant::now();
    let r = content::load_ruleset(&files, &mut f).unwrap();
    let sc = content::load_scenario(&files, "standard", &mut f).unwrap().unwrap();
    let (s, _) = content::build_setup(&sc, &r, 0);
    println!("load+setup: {:?}", t0.elapsed());
    println!("State size: {} bytes", std::mem::size_of::<State>());
    let cesar = r.map.find("cesar").unwrap();
    let g = PieceType::guerrilla(Faction::Farc);
    let mut st = s.state.clone();
    let n = 2_000_000;
    let t = Instant::now();
    for _ in 0..n {
        st.place(&r, cesar, g).unwrap();
        st.remove(&r, cesar, g, None).unwrap();
    }
    println!("place+remove: {:.1} ns/pair", t.elapsed().as_nanos() as f64 / n as f64);
    let t = Instant::now();
    for _ in 0..10_000 {
        assert!(check_invariants(&st, &r).is_empty());
    }
    println!(
        "check_invariants: {:.1} us",
        t.elapsed().as_nanos() as f64 / 10_000.0 / 1000.0
    );
}
