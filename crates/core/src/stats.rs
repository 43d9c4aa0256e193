//! Confidence intervals for the figures of a batch of games: the Wilson score interval of a
//! win rate, the normal-approximation interval of a mean, how many games a wanted
//! precision takes, and the intervals of paired differences (two games on one seed: a
//! variant's against the base's, a tested agent's against the bot's). 95% throughout.

use serde::{Deserialize, Serialize};

/// The 97.5th percentile of the standard normal distribution: a two-sided 95% interval
/// spans this many standard errors either side.
pub const Z95: f64 = 1.959_963_984_540_054;

/// An estimate and its 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

impl Interval {
    /// Half the interval's width: the "±" of a symmetric interval.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// The interval leaves 0 out: the difference it measures is significant at 5%.
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }

    /// Every end multiplied by `k` (> 0): the interval of k·x from that of x.
    pub fn scaled(&self, k: f64) -> Interval {
        Interval {
            estimate: self.estimate * k,
            low: self.low * k,
            high: self.high * k,
        }
    }
}

/// The Wilson score interval (95%) of a proportion of `successes` in `n` trials; None when
/// there were no trials. Unlike estimate ± 1.96 standard errors, it stays inside [0, 1]
/// and does not shrink to a point at 0 or n successes.
pub fn wilson(successes: u64, n: u64) -> Option<Interval> {
    if n == 0 {
        return None;
    }
    let p = successes as f64 / n as f64;
    let half = wilson_half_width(p, n as f64);
    let centre = (p + Z95 * Z95 / (2.0 * n as f64)) / (1.0 + Z95 * Z95 / n as f64);
    // At 0 or n successes one end is exactly 0 or 1 (the formula leaves rounding there).
    Some(Interval {
        estimate: p,
        low: if successes == 0 { 0.0 } else { (centre - half).max(0.0) },
        high: if successes == n { 1.0 } else { (centre + half).min(1.0) },
    })
}

/// The half-width of the Wilson interval at an observed rate `p` over `n` trials.
fn wilson_half_width(p: f64, n: f64) -> f64 {
    let z2 = Z95 * Z95;
    Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt()
}

/// The fewest trials whose Wilson interval at the rate `p` is no wider than ±`half`
/// (e.g. 0.01 for one percentage point): 9,600 at 50%, 189 at 0%.
pub fn trials_for_half_width(p: f64, half: f64) -> u64 {
    let p = p.clamp(0.0, 1.0);
    if half <= 0.0 || !half.is_finite() {
        return u64::MAX;
    }
    // The half-width falls as n grows: bisect for the first n at or under `half`.
    let (mut lo, mut hi) = (1u64, 1u64);
    while wilson_half_width(p, hi as f64) > half {
        lo = hi + 1;
        hi = hi.saturating_mul(2);
        if hi == u64::MAX {
            return u64::MAX;
        }
    }
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if wilson_half_width(p, mid as f64) > half {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    hi
}

/// The mean of `n` values from their sum and sum of squares, with its 95% interval by
/// the normal approximation (mean ± 1.96 sample standard deviations / √n). None with
/// fewer than 2 values, where the spread is unknown.
pub fn mean(sum: i128, sum_of_squares: u128, n: u64) -> Option<Interval> {
    if n < 2 {
        return None;
    }
    let m = sum as f64 / n as f64;
    // n·Σx² − (Σx)² in integers: exact, where the floating-point form loses digits to
    // cancellation when the spread is small against the mean.
    let nn = i128::from(n);
    let spread = nn
        .checked_mul(sum_of_squares as i128)
        .and_then(|a| sum.checked_mul(sum).map(|b| a - b))
        .map_or_else(
            || n as f64 * sum_of_squares as f64 - (sum as f64) * (sum as f64),
            |d| d as f64,
        )
        .max(0.0);
    let variance = spread / (n as f64 * (n - 1) as f64);
    let half = Z95 * (variance / n as f64).sqrt();
    Some(Interval {
        estimate: m,
        low: m - half,
        high: m + half,
    })
}

/// The two-sided p-value of "the true mean is 0" for `n` values given by their sum and
/// sum of squares, by the normal approximation `mean` uses for its interval (so p < 0.05
/// exactly where that interval excludes 0). None with fewer than 2 values.
pub fn mean_p_value(sum: i128, sum_of_squares: u128, n: u64) -> Option<f64> {
    let i = mean(sum, sum_of_squares, n)?;
    let se = (i.high - i.low) / (2.0 * Z95);
    Some(if se > 0.0 {
        erfc(i.estimate.abs() / se / std::f64::consts::SQRT_2)
    } else if i.estimate == 0.0 {
        1.0
    } else {
        0.0
    })
}

/// The complementary error function, erfc(x) = 1 − erf(x), for x ≥ 0 (fractional error
/// below 1.2e-7: a Chebyshev fit of exp(−x²)·erfc's remainder, after W. J. Cody's and
/// Numerical Recipes' treatment). Enough for p-values read to two significant digits.
fn erfc(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = -x * x - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98 + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

/// Benjamini and Hochberg's adjusted p-values (q-values) of a family of tests: test i
/// holds at a false discovery rate α when its q-value is at most α. For a screen of many
/// comparisons (card sides) where a few false leads are acceptable but not a flood.
pub fn benjamini_hochberg(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[b].total_cmp(&p[a]));
    let mut q = vec![1.0; m];
    let mut least = 1.0f64;
    // From the largest p down: q(k) = min over j ≥ k of p(j)·m/j (ranks from 1).
    for (k, &i) in order.iter().enumerate() {
        let rank = m - k;
        least = least.min(p[i] * m as f64 / rank as f64);
        q[i] = least.min(1.0);
    }
    q
}

/// Holm's step-down adjusted p-values: test i holds with a family-wise error rate α (the
/// chance of even one false lead) when its adjusted value is at most α.
pub fn holm(p: &[f64]) -> Vec<f64> {
    let m = p.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p[a].total_cmp(&p[b]));
    let mut adjusted = vec![1.0; m];
    let mut most = 0.0f64;
    for (k, &i) in order.iter().enumerate() {
        most = most.max(p[i] * (m - k) as f64);
        adjusted[i] = most.min(1.0);
    }
    adjusted
}

/// The sums of per-pair differences of a whole-number figure (a margin on one seed in two
/// games): their mean and its 95% interval by the normal approximation. Sums, so that two
/// batches of pairs merge by adding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paired {
    pub pairs: u64,
    pub sum: i64,
    pub sum_of_squares: u64,
}

impl Paired {
    pub fn add(&mut self, difference: i64) {
        self.pairs += 1;
        self.sum += difference;
        self.sum_of_squares += difference.unsigned_abs().pow(2);
    }

    pub fn merge(&mut self, o: &Paired) {
        self.pairs += o.pairs;
        self.sum += o.sum;
        self.sum_of_squares += o.sum_of_squares;
    }

    /// The mean difference with its interval; None under 2 pairs.
    pub fn interval(&self) -> Option<Interval> {
        mean(i128::from(self.sum), u128::from(self.sum_of_squares), self.pairs)
    }
}

/// The difference of two proportions measured on the same pairs (first minus second), with
/// its 95% interval by Newcombe's square-and-add method from the two Wilson intervals
/// (Newcombe 1998, "Improved confidence intervals for the difference between binomial
/// proportions based on paired data", Statistics in Medicine 17, method 10). The counts
/// are the pairs with a success in both, in the first only, in the second only, in neither.
/// None without pairs.
///
/// Why not the normal interval of the per-pair differences: when successes are rare (the
/// all-bot Government wins 0.3% of games) a handful of pairs that differ, all one way,
/// make that interval exclude 0 when a sign test would not; Newcombe's stays honest there
/// and is still right at the middle of the range.
pub fn paired_difference(both: u64, first_only: u64, second_only: u64, neither: u64) -> Option<Interval> {
    let n = both + first_only + second_only + neither;
    let first = wilson(both + first_only, n)?;
    let second = wilson(both + second_only, n)?;
    let (p1, p2) = (first.estimate, second.estimate);
    // The correlation of the two proportions (phi of the 2x2 table), with Newcombe's
    // correction towards 0 when it is positive; 0 when a margin of the table is empty.
    let margins = [
        both + first_only,
        second_only + neither,
        both + second_only,
        first_only + neither,
    ];
    let phi = if margins.contains(&0) {
        0.0
    } else {
        let product: f64 = margins.iter().map(|&m| m as f64).product();
        let a = both as f64 * neither as f64 - first_only as f64 * second_only as f64;
        let half = n as f64 / 2.0;
        if a > half {
            (a - half) / product.sqrt()
        } else if a >= 0.0 {
            0.0
        } else {
            a / product.sqrt()
        }
    };
    let spread = |x: f64, y: f64| (x * x + y * y - 2.0 * phi * x * y).max(0.0).sqrt();
    let d = p1 - p2;
    Some(Interval {
        estimate: d,
        low: d - spread(p1 - first.low, second.high - p2),
        high: d + spread(p2 - second.low, first.high - p1),
    })
}

/// A count with its thousands separated, as the reports print them: 1000 -> "1,000".
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    fn assert_wilson(k: u64, n: u64, low: f64, high: f64, eps: f64) {
        let i = wilson(k, n).unwrap();
        assert!(
            close(i.low, low, eps) && close(i.high, high, eps),
            "{k}/{n}: got [{}, {}], want [{low}, {high}]",
            i.low,
            i.high
        );
        assert_eq!(i.estimate, k as f64 / n as f64);
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion:
        // comparison of seven methods", Statistics in Medicine 17, Table II, method 3
        // (score interval without continuity correction), given to 4 decimals.
        assert_wilson(81, 263, 0.2553, 0.3662, 5e-5);
        assert_wilson(15, 148, 0.0624, 0.1605, 5e-5);
        assert_wilson(0, 20, 0.0, 0.1611, 5e-5);
        assert_wilson(1, 29, 0.0061, 0.1718, 5e-5);
    }

    #[test]
    fn wilson_intervals_match_values_computed_elsewhere() {
        // Computed independently (Python: statistics.NormalDist().inv_cdf(0.975) and the
        // textbook formula (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n)).
        assert_wilson(0, 10, 0.0, 0.277_532_799_862_889_15, 1e-12);
        assert_wilson(5, 10, 0.236_593_090_512_564_05, 0.763_406_909_487_436, 1e-12);
        assert_wilson(10, 10, 0.722_467_200_137_110_9, 1.0, 1e-12);
        assert_wilson(640, 1000, 0.609_766_237_395_941, 0.669_162_270_228_103_6, 1e-12);
        assert_wilson(3, 1000, 0.001_020_783_881_138_619_5, 0.008_783_014_053_503_173, 1e-12);
        // Ends stay inside [0, 1] exactly.
        assert_eq!(wilson(0, 10).unwrap().low, 0.0);
        assert_eq!(wilson(10, 10).unwrap().high, 1.0);
        assert_eq!(wilson(0, 0), None);
    }

    #[test]
    fn trials_for_one_point() {
        // The same formula solved by counting n up in Python.
        assert_eq!(trials_for_half_width(0.5, 0.01), 9600);
        assert_eq!(trials_for_half_width(0.0, 0.01), 189);
        assert_eq!(trials_for_half_width(1.0, 0.01), 189);
        assert_eq!(trials_for_half_width(0.645, 0.01), 8793);
        assert_eq!(trials_for_half_width(0.01, 0.01), 454);
        // Halving the width takes about four times the games.
        let n2 = trials_for_half_width(0.3, 0.02);
        let n1 = trials_for_half_width(0.3, 0.01);
        assert!((3.9..4.1).contains(&(n1 as f64 / n2 as f64)), "{n2} {n1}");
    }

    #[test]
    fn paired_differences_match_published_values() {
        // Fagerland, Lydersen and Laake (2017), "Statistical Analysis of Contingency
        // Tables", chapter 8: complete response before and after consolidation therapy
        // (Cavo et al. 2012), the 2x2 table 59, 6 / 16, 80; the Newcombe square-and-add
        // interval -0.0621 (-0.1186 to -0.0046), as their R package contingencytables
        // prints it.
        let i = paired_difference(59, 6, 16, 80).unwrap();
        assert!(close(i.estimate, -0.0621, 5e-5), "{i:?}");
        assert!(close(i.low, -0.1186, 5e-5) && close(i.high, -0.0046, 5e-5), "{i:?}");
        // The same formula in Python (values computed apart from this code).
        let i = paired_difference(1, 1, 7, 12).unwrap();
        assert!(close(i.low, -0.506_920_226_686_140_9, 1e-12), "{i:?}");
        assert!(close(i.high, -0.025_559_124_164_859_892, 1e-12), "{i:?}");
        let i = paired_difference(10, 15, 5, 20).unwrap();
        assert!(close(i.low, 0.025_838_416_549_251_12, 1e-12), "{i:?}");
        assert!(close(i.high, 0.356_936_571_659_192_57, 1e-12), "{i:?}");
        // Four pairs differ, all one way, in 1,000: a normal interval of the differences
        // would exclude 0 ([0.0001, 0.0079]); this one does not.
        let i = paired_difference(0, 4, 0, 996).unwrap();
        assert!(!i.excludes_zero(), "{i:?}");
        assert!(close(i.low, -0.000_540_301_974_798_687_1, 1e-12), "{i:?}");
        // No pair differs: 0, and an interval around it.
        let i = paired_difference(30, 0, 0, 70).unwrap();
        assert_eq!(i.estimate, 0.0);
        assert!(
            close(i.high, 0.024_267_220_846_324_71, 1e-12) && close(i.low, -i.high, 1e-15),
            "{i:?}"
        );
        assert_eq!(paired_difference(0, 0, 0, 0), None);
    }

    #[test]
    fn paired_sums_merge_and_give_the_mean_difference() {
        let mut a = Paired::default();
        for d in [2, -4, 4] {
            a.add(d);
        }
        let mut b = Paired::default();
        for d in [4, 5, 5, 7, 9] {
            b.add(d);
        }
        a.merge(&b);
        // 2, -4, 4, 4, 5, 5, 7, 9: as `mean` of the same values.
        let xs = [2i128, -4, 4, 4, 5, 5, 7, 9];
        let want = mean(xs.iter().sum(), xs.iter().map(|x| (x * x) as u128).sum(), 8);
        assert_eq!(a.interval(), want);
        assert_eq!(a.pairs, 8);
        assert!(a.interval().unwrap().excludes_zero());
        let mut zero = Paired::default();
        zero.add(0);
        zero.add(0);
        assert!(!zero.interval().unwrap().excludes_zero());
    }

    #[test]
    fn mean_intervals_from_sums() {
        // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample variance 32/7, so the interval is
        // 5 ± 1.959964 · √(32/7 / 8) = 5 ± 1.481594 (Python).
        let xs = [2i128, 4, 4, 4, 5, 5, 7, 9];
        let sum: i128 = xs.iter().sum();
        let sq: u128 = xs.iter().map(|x| (x * x) as u128).sum();
        let i = mean(sum, sq, 8).unwrap();
        assert_eq!(i.estimate, 5.0);
        assert!(close(i.half_width(), 1.481_594, 1e-6), "{i:?}");
        assert!(close(i.low, 5.0 - 1.481_594, 1e-6), "{i:?}");
        // Negative values (margins), and no spread at all.
        let i = mean(-30, 300, 3).unwrap();
        assert_eq!((i.estimate, i.low, i.high), (-10.0, -10.0, -10.0));
        assert_eq!(mean(5, 25, 1), None);
    }

    #[test]
    fn p_values_agree_with_the_interval_and_the_normal_table() {
        // 100 differences of ±1 with mean 0.2: se = sqrt(0.96 · 100/99 / 100).
        let (sum, sq, n) = (20i128, 100u128, 100u64);
        let p = mean_p_value(sum, sq, n).unwrap();
        let se = (0.96f64 * 100.0 / 99.0 / 100.0).sqrt();
        let z = 0.2 / se;
        // z = 2.0310: two-sided p from the normal table, 0.04226.
        assert!((z - 2.031).abs() < 1e-3, "{z}");
        assert!((p - 0.04226).abs() < 2e-4, "{p}");
        // p < 0.05 exactly where the interval excludes 0.
        assert!(mean(sum, sq, n).unwrap().excludes_zero());
        assert!((erfc(0.0) - 1.0).abs() < 1e-7 && (erfc(1.959_964 / std::f64::consts::SQRT_2) - 0.05).abs() < 1e-6);
        assert_eq!(mean_p_value(0, 0, 10), Some(1.0));
        assert_eq!(mean_p_value(10, 10, 10), Some(0.0));
        assert_eq!(mean_p_value(1, 1, 1), None);
    }

    #[test]
    fn the_corrections_match_worked_examples() {
        // Benjamini & Hochberg (1995)'s example of 15 p-values: at a false discovery
        // rate of 0.05 the four smallest are rejected.
        let p = [
            0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
            0.7590, 1.0,
        ];
        let q = benjamini_hochberg(&p);
        let held: Vec<usize> = (0..p.len()).filter(|&i| q[i] <= 0.05).collect();
        assert_eq!(held, [0, 1, 2, 3]);
        assert!((q[3] - 0.0095 * 15.0 / 4.0).abs() < 1e-12);
        // Holm, smallest first: 0.01·3 = 0.03, then max(0.03, 0.03·2) = 0.06, then
        // max(0.06, 0.04·1) = 0.06.
        let h = holm(&[0.01, 0.04, 0.03]);
        assert!(
            h.iter().zip([0.03, 0.06, 0.06]).all(|(a, b)| (a - b).abs() < 1e-12),
            "{h:?}"
        );
        // q-values never fall below the raw p, nor exceed 1.
        assert!(q.iter().zip(&p).all(|(q, p)| q >= p && *q <= 1.0));
    }
}
