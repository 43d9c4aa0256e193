//! The game's only source of chance: a seeded generator that lives in the state, so the
//! same seed and answers give the same game in any process (and a snapshot restores it).

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// PCG (128-bit MCG, 64-bit output): small, fast, portable, with a stable documented stream.
/// `script` holds rolls fixed in advance (top of the stack last), taken by `d6` and
/// `equal_chance` before the generator: how a scenario test gives a Non-player the
/// Playbook's dice. It is empty in every game's own dice.
#[derive(Debug, PartialEq, Eq)]
pub struct Dice(Pcg64Mcg, Vec<u8>);

impl Clone for Dice {
    fn clone(&self) -> Dice {
        Dice(self.0.clone(), self.1.clone())
    }
    /// In place: dry runs restore the state (dice included) thousands of times a game.
    fn clone_from(&mut self, o: &Dice) {
        self.0 = o.0.clone();
        self.1.clone_from(&o.1);
    }
}

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(Pcg64Mcg::seed_from_u64(seed), Vec::new())
    }

    /// These dice, rolling `rolls` (each 1..=6, in order) before their own stream.
    pub fn scripted(mut self, rolls: &[u8]) -> Dice {
        self.1 = rolls.iter().rev().copied().collect();
        self
    }

    /// The scripted rolls not yet used, in order.
    pub fn unused_script(&self) -> Vec<u8> {
        self.1.iter().rev().copied().collect()
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

    /// One six-sided die (a scripted roll first, if any).
    pub fn d6(&mut self) -> u8 {
        if let Some(r) = self.1.pop() {
            return r.clamp(1, 6);
        }
        self.below(6) as u8 + 1
    }

    /// One of `n` equally likely outcomes (0..n). A scripted roll splits the die into `n`
    /// equal ranges, as the Playbook does ("1–2, 3–4, 5–6" for three); otherwise a uniform
    /// draw.
    pub fn equal_chance(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Dice::equal_chance(0)");
        match self.1.pop() {
            Some(r) => ((u32::from(r.clamp(1, 6)) - 1) * n / 6).min(n - 1),
            None => self.below(n),
        }
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
    fn scripted_rolls_come_first_then_the_stream() {
        let mut plain = Dice::new(3);
        let mut d = Dice::new(3).scripted(&[2, 6, 5]);
        assert_eq!(d.d6(), 2);
        assert_eq!(d.unused_script(), vec![6, 5]);
        assert_eq!(d.equal_chance(3), 2, "6 of 1-2/3-4/5-6 is the third");
        assert_eq!(d.equal_chance(2), 1, "5 of 1-3/4-6 is the second");
        assert!(d.unused_script().is_empty());
        assert_eq!(d.d6(), plain.d6(), "then the generator's own stream");
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
