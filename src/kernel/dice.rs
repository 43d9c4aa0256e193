//! The game's only source of chance: a seeded generator that lives in the state, so the
//! same seed and answers give the same game in any process (and a snapshot restores it).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// PCG (128-bit MCG, 64-bit output): small, fast, portable, with a stable documented stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice(Pcg64Mcg);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(Pcg64Mcg::seed_from_u64(seed))
    }

    /// A uniform number in 0..n (n > 0), without modulo bias (rejection sampling), written
    /// here rather than borrowed from `rand` so the stream never changes with its version.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Dice::below(0)");
        let zone = u32::MAX - (u32::MAX - n + 1) % n;
        loop {
            let x = self.0.next_u32();
            if x <= zone {
                return x % n;
            }
        }
    }

    /// A new generator drawn from this one's next output and `salt`, leaving this one
    /// untouched: how the Non-player bots roll from the game's dice without changing the
    /// game's own stream (so a replay that skips the bots' reasoning stays in step).
    pub fn fork(&self, salt: u64) -> Dice {
        let mut z = self.0.clone().next_u64() ^ salt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Dice::new(z ^ (z >> 31))
    }

    /// One six-sided die.
    pub fn d6(&mut self) -> u8 {
        self.below(6) as u8 + 1
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let ra: Vec<u8> = (0..50).map(|_| a.d6()).collect();
        let rb: Vec<u8> = (0..50).map(|_| b.d6()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&r| (1..=6).contains(&r)));
        assert!((1..=6).all(|v| ra.contains(&v)), "50 rolls show every face: {ra:?}");
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut d = Dice::new(1);
        let mut v: Vec<u32> = (0..20).collect();
        d.shuffle(&mut v);
        let mut s = v.clone();
        s.sort();
        assert_eq!(s, (0..20).collect::<Vec<_>>());
        assert_ne!(v, (0..20).collect::<Vec<_>>());
    }
}
