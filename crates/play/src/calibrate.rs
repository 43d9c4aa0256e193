//! Calibrating a lever (`abyss calibrate`): the integer value, in a range, at which a win
//! rate reaches a target, found by bisection.
//!
//! Each value is measured on the same seeds (paired: the same decks and, until play
//! differs, the same dice), which keeps neighbouring values' rates close to monotone; a
//! sample's rate is still not exactly monotone in the value. The search assumes the rate
//! moves one way over the range (the way from the low end's rate to the high end's) and
//! bisects on integers: each value is measured once (kept), and every value measured is
//! reported, with the pairs of neighbours measured out of that order named. Three
//! bisections: the first value whose rate reaches the target, and the two edges of the
//! values whose 95% interval holds the target.

use abyss_core::stats::{self, Interval};
use serde::Serialize;
use std::collections::BTreeMap;

/// One value measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Point {
    pub value: i64,
    /// Games played to their end, and the Faction's wins among them.
    pub games: u64,
    pub wins: u64,
    /// The win rate with its Wilson 95% interval (None without a completed game).
    pub rate: Option<Interval>,
}

/// Which way the rate moves as the value grows, judged from the two ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Rises,
    Falls,
}

/// What the search found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Calibration {
    pub low: i64,
    pub high: i64,
    pub target: f64,
    pub direction: Direction,
    /// The first value (from `low`) whose rate reaches the target (at or above it when the
    /// rate rises, at or below when it falls); None when no value of the range does.
    pub value: Option<i64>,
    /// The values whose 95% interval holds the target, `[first, last]` (None if none).
    pub within: Option<[i64; 2]>,
    /// Every value measured, in order of value.
    pub points: Vec<Point>,
    /// Neighbouring values measured whose rates go against `direction`: noise (or a rate
    /// that is not monotone in the value).
    pub inversions: Vec<[i64; 2]>,
}

impl Calibration {
    pub fn point(&self, value: i64) -> Option<&Point> {
        self.points.iter().find(|p| p.value == value)
    }
}

/// The measurements, each value once.
struct Measured<'a> {
    points: BTreeMap<i64, Point>,
    measure: &'a mut dyn FnMut(i64) -> Result<(u64, u64), String>,
}

impl Measured<'_> {
    fn at(&mut self, v: i64) -> Result<Point, String> {
        if let Some(p) = self.points.get(&v) {
            return Ok(*p);
        }
        let (wins, games) = (self.measure)(v)?;
        let p = Point {
            value: v,
            games,
            wins,
            rate: stats::wilson(wins, games),
        };
        self.points.insert(v, p);
        Ok(p)
    }

    /// The first value of `lo..=hi` where `test` holds, assuming it holds from there on;
    /// `hi + 1` if nowhere.
    fn first(&mut self, lo: i64, hi: i64, test: impl Fn(&Point) -> bool) -> Result<i64, String> {
        if test(&self.at(lo)?) {
            return Ok(lo);
        }
        if !test(&self.at(hi)?) {
            return Ok(hi + 1);
        }
        // test(l) is false, test(h) true.
        let (mut l, mut h) = (lo, hi);
        while h - l > 1 {
            let m = l + (h - l) / 2;
            if test(&self.at(m)?) {
                h = m;
            } else {
                l = m;
            }
        }
        Ok(h)
    }
}

/// Find where the win rate reaches `target` over `low..=high`; `measure(v)` plays the games
/// at value `v` and returns (wins, completed games).
pub fn calibrate(
    low: i64,
    high: i64,
    target: f64,
    measure: &mut dyn FnMut(i64) -> Result<(u64, u64), String>,
) -> Result<Calibration, String> {
    let mut m = Measured {
        points: BTreeMap::new(),
        measure,
    };
    let rate = |p: &Point| p.rate.map_or(f64::NAN, |r| r.estimate);
    let (a, b) = (m.at(low)?, m.at(high)?);
    let direction = if rate(&b) >= rate(&a) || rate(&a).is_nan() {
        Direction::Rises
    } else {
        Direction::Falls
    };
    let rises = direction == Direction::Rises;
    // Each test holds from some value on, in the direction the rate moves.
    let reaches = |p: &Point| {
        p.rate.is_some_and(|r| {
            if rises {
                r.estimate >= target
            } else {
                r.estimate <= target
            }
        })
    };
    let not_below = |p: &Point| {
        p.rate
            .is_some_and(|r| if rises { r.high >= target } else { r.low <= target })
    };
    let past = |p: &Point| {
        p.rate
            .is_some_and(|r| if rises { r.low > target } else { r.high < target })
    };
    let v = m.first(low, high, reaches)?;
    let first = m.first(low, high, not_below)?;
    let after = m.first(low, high, past)?;
    let within = (first < after).then_some([first, after - 1]);
    let points: Vec<Point> = m.points.into_values().collect();
    let inversions = points
        .windows(2)
        .filter(|w| {
            let (x, y) = (rate(&w[0]), rate(&w[1]));
            if rises { y < x } else { y > x }
        })
        .map(|w| [w[0].value, w[1].value])
        .collect();
    Ok(Calibration {
        low,
        high,
        target,
        direction,
        value: (v <= high).then_some(v),
        within,
        points,
        inversions,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A rate of `p(v)` over 1,000 games, measured exactly.
    fn exact(p: impl Fn(i64) -> f64) -> impl FnMut(i64) -> Result<(u64, u64), String> {
        move |v| Ok(((p(v) * 1000.0).round() as u64, 1000))
    }

    #[test]
    fn a_rising_rate_is_bisected_to_the_first_value_at_the_target() {
        let mut calls = 0;
        let mut f = exact(|v| v as f64 / 100.0);
        let mut counted = |v| {
            calls += 1;
            f(v)
        };
        let c = calibrate(0, 100, 0.25, &mut counted).unwrap();
        assert_eq!(c.direction, Direction::Rises);
        assert_eq!(c.value, Some(25));
        // 1,000 games at 25%: ±2.7 points, so about 22..=28 hold 25% in their interval.
        let [a, b] = c.within.unwrap();
        assert!((21..=23).contains(&a) && (27..=29).contains(&b), "{a}..{b}");
        assert!(c.inversions.is_empty());
        // Three bisections over 101 values, each value measured once.
        assert_eq!(calls, c.points.len());
        assert!(c.points.len() <= 2 + 3 * 7, "{}", c.points.len());
        assert!(c.points.windows(2).all(|w| w[0].value < w[1].value));
    }

    #[test]
    fn a_falling_rate_and_a_target_out_of_reach() {
        let c = calibrate(0, 40, 0.5, &mut exact(|v| 0.9 - v as f64 / 50.0)).unwrap();
        assert_eq!(c.direction, Direction::Falls);
        assert_eq!(c.value, Some(20));
        let c = calibrate(0, 40, 0.05, &mut exact(|v| 0.9 - v as f64 / 50.0)).unwrap();
        assert_eq!((c.value, c.within), (None, None));
        // Only the ends are needed to tell.
        assert_eq!(c.points.len(), 2);
        // Reached at the low end already.
        let c = calibrate(0, 40, 0.95, &mut exact(|v| 0.9 - v as f64 / 50.0)).unwrap();
        assert_eq!(c.value, Some(0));
    }

    #[test]
    fn noise_against_the_direction_is_named() {
        // A sample at 10 that came out high: the bisection, which measures 20 then 10,
        // stops there, and the report names the inversion between 10 and the next value
        // measured.
        let noisy = |v: i64| if v == 10 { 0.30 } else { v as f64 / 100.0 };
        let c = calibrate(0, 40, 0.2, &mut exact(noisy)).unwrap();
        assert_eq!(c.value, Some(10));
        assert!(c.inversions.iter().any(|w| w[0] == 10), "{:?}", c.points);
        assert!(
            calibrate(0, 40, 0.2, &mut exact(|v| v as f64 / 100.0))
                .unwrap()
                .inversions
                .is_empty()
        );
    }

    #[test]
    fn a_measurement_error_stops_the_search() {
        let e = calibrate(0, 10, 0.5, &mut |v| Err(format!("no games at {v}"))).unwrap_err();
        assert_eq!(e, "no games at 0");
    }
}
