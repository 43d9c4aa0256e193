//! Seed ranges of batches and their shards: `sim --seeds A..B`, `--shard K/N`, and the
//! check `abyss merge` makes that its files hold every seed of a run once.

use serde::{Deserialize, Serialize};

/// The seeds of a batch, `first..=last`; game i of the batch is played with seed first + i.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seeds {
    pub first: u64,
    pub last: u64,
}

impl std::fmt::Display for Seeds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}..={}", self.first, self.last)
    }
}

impl Seeds {
    /// `games` seeds from `first`, refused when there are none, or when they would run
    /// past the largest seed (a wrapped range would play 0 games and report success).
    pub fn from_count(first: u64, games: u64) -> Result<Seeds, String> {
        if games == 0 {
            return Err("no games to play: give at least 1".into());
        }
        match first.checked_add(games) {
            Some(_) => Ok(Seeds {
                first,
                last: first + (games - 1),
            }),
            None => Err(format!(
                "seed {first} with {games} games runs past the largest seed ({}): use a smaller seed",
                u64::MAX
            )),
        }
    }

    /// `A..B` or `A..=B`, both ends played.
    pub fn parse(text: &str) -> Result<Seeds, String> {
        let bad = || format!("`{text}` is not a seed range: write FIRST..LAST, e.g. 1..1000 (both ends played)");
        let (a, b) = text.split_once("..").ok_or_else(bad)?;
        let b = b.strip_prefix('=').unwrap_or(b);
        let (first, last): (u64, u64) = (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        );
        if last < first {
            return Err(format!("{text}: the last seed is below the first"));
        }
        if last == u64::MAX {
            return Err(format!("{text}: the largest seed usable is {}", u64::MAX - 1));
        }
        Ok(Seeds { first, last })
    }

    pub fn count(&self) -> u64 {
        self.last - self.first + 1
    }

    /// The seeds as a half-open range (`last` is never u64::MAX: see `parse`).
    pub fn range(&self) -> std::ops::Range<u64> {
        self.first..self.last.saturating_add(1)
    }

    /// Which of `of` parts (1-based) holds `seed`, one of these seeds: the inverse of
    /// `part`.
    pub fn part_of(&self, seed: u64, of: u64) -> u64 {
        let (d, n, of) = (u128::from(seed - self.first), u128::from(self.count()), u128::from(of));
        // Part i (from 0) holds offsets floor(i·n/of) .. floor((i+1)·n/of) - 1, so the part
        // of offset d is the largest i with i·n < (d+1)·of.
        (((d + 1) * of - 1) / n) as u64 + 1
    }

    /// Part `part` (1-based) of `of` contiguous parts of these seeds, in order; the
    /// parts' sizes differ by at most one game.
    pub fn part(&self, part: u64, of: u64) -> Result<Seeds, String> {
        if of == 0 || part == 0 || part > of {
            return Err(format!(
                "shard {part}/{of}: the part is counted from 1 to the number of parts"
            ));
        }
        if of > self.count() {
            return Err(format!(
                "shard {part}/{of}: {} seeds ({self}) cannot be split into {of} parts",
                self.count()
            ));
        }
        let n = u128::from(self.count());
        let at = |i: u64| self.first + (n * u128::from(i) / u128::from(of)) as u64;
        Ok(Seeds {
            first: at(part - 1),
            last: at(part) - 1,
        })
    }
}

/// Which part of a run a batch is: part `part` (1-based) of `of`, of the run's seeds
/// `whole`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Shard {
    pub part: u64,
    pub of: u64,
    pub whole: Seeds,
}

impl Shard {
    /// `K/N`, 1 ≤ K ≤ N.
    pub fn parse(text: &str, whole: Seeds) -> Result<(Shard, Seeds), String> {
        let bad = || format!("--shard `{text}`: write PART/PARTS, e.g. 3/8 (parts are counted from 1)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let part: u64 = k.trim().parse().map_err(|_| bad())?;
        let of: u64 = n.trim().parse().map_err(|_| bad())?;
        let seeds = whole.part(part, of).map_err(|e| format!("--{e}"))?;
        Ok((Shard { part, of, whole }, seeds))
    }
}

/// The most shards an error names.
const MAX_NAMED: usize = 20;

/// Runs of consecutive seeds, as text: "3..=5, 9".
fn list(ranges: &[Seeds]) -> String {
    let words: Vec<String> = ranges
        .iter()
        .map(|s| {
            if s.first == s.last {
                s.first.to_string()
            } else {
                s.to_string()
            }
        })
        .collect();
    words.join(", ")
}

/// Check that the batches (file name, seeds) hold every seed of one run once: no seed in
/// two files, none missing between them, nor (when the files are shards of a run, `whole`)
/// at either end of the run. Returns the seeds of the whole.
pub fn cover(files: &[(&str, Seeds)], whole: Option<&Shard>) -> Result<Seeds, String> {
    let mut sorted: Vec<&(&str, Seeds)> = files.iter().collect();
    sorted.sort_by_key(|(_, s)| (s.first, s.last));
    let Some(&&(_, head)) = sorted.first() else {
        return Err("no files to merge".into());
    };
    let mut missing = Vec::new();
    // The file that reaches furthest among those seen so far, and its seeds.
    let (mut owner, mut reach) = (sorted[0].0, head);
    if let Some(w) = whole
        && w.whole.first < head.first
    {
        missing.push(Seeds {
            first: w.whole.first,
            last: head.first - 1,
        });
    }
    for &&(file, b) in &sorted[1..] {
        if b.first <= reach.last {
            let common = Seeds {
                first: b.first,
                last: b.last.min(reach.last),
            };
            return Err(format!(
                "{owner} (seeds {reach}) and {file} (seeds {b}) both hold seeds {}: each seed must be in one file only",
                list(&[common])
            ));
        }
        if b.first > reach.last + 1 {
            missing.push(Seeds {
                first: reach.last + 1,
                last: b.first - 1,
            });
        }
        (owner, reach) = (file, b);
    }
    if let Some(w) = whole
        && w.whole.last > reach.last
    {
        missing.push(Seeds {
            first: reach.last + 1,
            last: w.whole.last,
        });
    }
    let all = match whole {
        Some(w) => w.whole,
        None => Seeds {
            first: head.first,
            last: reach.last,
        },
    };
    if !missing.is_empty() {
        let parts = whole.map_or(String::new(), |w| {
            let mut parts: Vec<u64> = Vec::new();
            'all: for m in &missing {
                for k in w.whole.part_of(m.first, w.of)..=w.whole.part_of(m.last, w.of) {
                    if parts.len() > MAX_NAMED {
                        break 'all;
                    }
                    if parts.last() != Some(&k) {
                        parts.push(k);
                    }
                }
            }
            let more = if parts.len() > MAX_NAMED { ", ..." } else { "" };
            let words: Vec<String> = parts.iter().take(MAX_NAMED).map(|k| format!("{k}/{}", w.of)).collect();
            format!(" (shards {}{more})", words.join(", "))
        });
        return Err(format!(
            "seeds {} of {all} are in no file{parts}: merge every part of the run",
            list(&missing)
        ));
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(first: u64, last: u64) -> Seeds {
        Seeds { first, last }
    }

    #[test]
    fn seed_ranges_are_inclusive() {
        assert_eq!(Seeds::parse("1..40"), Ok(s(1, 40)));
        assert_eq!(Seeds::parse("1..=40"), Ok(s(1, 40)));
        assert_eq!(Seeds::parse("7..7").unwrap().count(), 1);
        assert!(Seeds::parse("40..1").is_err());
        assert!(Seeds::parse("1-40").is_err());
        assert!(Seeds::parse("0..18446744073709551615").is_err());
        assert_eq!(s(5, 14).range(), 5..15);
        assert_eq!(Seeds::from_count(5, 10), Ok(s(5, 14)));
        assert!(Seeds::from_count(u64::MAX - 5, 10).is_err());
        assert_eq!(Seeds::from_count(u64::MAX - 10, 10).unwrap().range().count(), 10);
        assert!(Seeds::from_count(3, 0).is_err());
    }

    #[test]
    fn shards_split_the_seeds_into_contiguous_parts() {
        let whole = s(1, 10);
        let parts: Vec<Seeds> = (1..=3).map(|k| whole.part(k, 3).unwrap()).collect();
        assert_eq!(parts, [s(1, 3), s(4, 6), s(7, 10)]);
        assert_eq!(whole.part(1, 1), Ok(whole));
        assert!(whole.part(0, 3).is_err() && whole.part(4, 3).is_err());
        assert!(whole.part(1, 11).is_err());
        // Large ranges do not overflow.
        let big = s(0, u64::MAX - 1);
        assert_eq!(big.part(2, 2).unwrap().last, u64::MAX - 1);
        let (shard, seeds) = Shard::parse("2/3", whole).unwrap();
        assert_eq!((shard.part, shard.of, seeds), (2, 3, s(4, 6)));
        assert!(Shard::parse("2", whole).is_err());
        // `part_of` finds every seed's part.
        for (whole, of) in [(s(1, 10), 3), (s(5, 5), 1), (s(0, 99), 7), (s(3, 40), 8)] {
            for k in 1..=of {
                let p = whole.part(k, of).unwrap();
                for seed in p.first..=p.last {
                    assert_eq!(whole.part_of(seed, of), k, "{whole} {of}: {seed}");
                }
            }
        }
    }

    #[test]
    fn cover_finds_overlaps_and_gaps() {
        assert_eq!(cover(&[("b", s(6, 10)), ("a", s(1, 5))], None), Ok(s(1, 10)));
        let e = cover(&[("a", s(1, 5)), ("b", s(5, 10))], None).unwrap_err();
        assert!(
            e.contains("a (seeds 1..=5) and b (seeds 5..=10) both hold seeds 5"),
            "{e}"
        );
        let e = cover(&[("a", s(1, 5)), ("a2", s(1, 5))], None).unwrap_err();
        assert!(e.contains("both hold seeds 1..=5"), "{e}");
        let e = cover(&[("a", s(1, 3)), ("b", s(6, 8)), ("c", s(10, 10))], None).unwrap_err();
        assert!(e.contains("seeds 4..=5, 9 of 1..=10 are in no file"), "{e}");
        // Shards: the parts missing at either end are found too.
        let whole = Shard {
            part: 2,
            of: 4,
            whole: s(1, 8),
        };
        let e = cover(&[("two", s(3, 4)), ("three", s(5, 6))], Some(&whole)).unwrap_err();
        assert!(
            e.contains("seeds 1..=2, 7..=8 of 1..=8 are in no file (shards 1/4, 4/4)"),
            "{e}"
        );
    }
}
