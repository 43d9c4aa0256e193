//! The hidden deck drawn anew (issue 27): resampled decks have the distribution of freshly
//! prepared decks conditioned on what has been seen, Propaganda placement included.
//!
//! Fresh decks conditioned on a seen prefix are made by rejection and relabelling: a fresh
//! deck is kept when its prefix shows Propaganda cards at the same places as the real one;
//! its Event labels are then renamed so that its prefix shows the real Events. `prepare`
//! shuffles Event labels uniformly, so a renaming that depends only on the prefix leaves
//! the rest of the deck with exactly the conditional distribution given the real prefix.

use abyss::content::{ContentFiles, DeckSpec, load_ruleset};
use abyss::game::deck::{prepare, resample};
use abyss::kernel::{CardKind, Dice, Ruleset};
use std::collections::BTreeMap;

fn embedded_rules() -> Ruleset {
    load_ruleset(&ContentFiles::embedded(), &mut Vec::new()).expect("the embedded rules load")
}

fn is_propaganda(r: &Ruleset, n: u8) -> bool {
    r.card(n).is_some_and(|c| c.kind == CardKind::Propaganda)
}

/// A fresh deck conditioned on `real[..seen]`, or None when its prefix does not show
/// Propaganda at the same places.
fn conditioned(r: &Ruleset, spec: &DeckSpec, real: &[u8], seen: usize, dice: &mut Dice) -> Option<Vec<u8>> {
    let fresh = prepare(spec, r, dice);
    for i in 0..seen {
        if is_propaganda(r, fresh[i]) != is_propaganda(r, real[i])
            || (is_propaganda(r, fresh[i]) && fresh[i] != real[i])
        {
            return None;
        }
    }
    // Rename Events: fresh prefix label -> real prefix label, and the fresh labels left
    // over onto the real labels left over, both in increasing order.
    let events: Vec<u8> = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Event)
        .map(|c| c.number)
        .collect();
    let mut map: BTreeMap<u8, u8> = BTreeMap::new();
    for i in 0..seen {
        if !is_propaganda(r, fresh[i]) {
            map.insert(fresh[i], real[i]);
        }
    }
    let targets_taken: Vec<u8> = map.values().copied().collect();
    let from_rest: Vec<u8> = events.iter().copied().filter(|e| !map.contains_key(e)).collect();
    let to_rest: Vec<u8> = events.iter().copied().filter(|e| !targets_taken.contains(e)).collect();
    for (a, b) in from_rest.into_iter().zip(to_rest) {
        map.insert(a, b);
    }
    Some(fresh.into_iter().map(|n| *map.get(&n).unwrap_or(&n)).collect())
}

/// Pearson's two-sample χ² statistic and its degrees of freedom over the cells either
/// sample reached.
fn chi2(a: &BTreeMap<String, u64>, b: &BTreeMap<String, u64>) -> (f64, usize) {
    let (na, nb) = (a.values().sum::<u64>() as f64, b.values().sum::<u64>() as f64);
    let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    let mut x = 0.0;
    for k in &keys {
        let (oa, ob) = (*a.get(*k).unwrap_or(&0) as f64, *b.get(*k).unwrap_or(&0) as f64);
        let t = oa + ob;
        let (ea, eb) = (t * na / (na + nb), t * nb / (na + nb));
        x += (oa - ea).powi(2) / ea + (ob - eb).powi(2) / eb;
    }
    (x, keys.len().saturating_sub(1))
}

/// The χ² value a statistic with `df` degrees of freedom exceeds with probability about
/// 1e-4 (Wilson-Hilferty, z = 3.72).
fn critical(df: usize) -> f64 {
    let k = df as f64;
    let z = 3.72;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// What a statistic reads off a deck beyond the seen prefix.
fn tally(r: &Ruleset, deck: &[u8], seen: usize, out: &mut [BTreeMap<String, u64>; 3]) {
    // Where each Propaganda card not seen lies.
    for (i, &n) in deck.iter().enumerate().skip(seen) {
        if is_propaganda(r, n) {
            *out[0].entry(format!("{n}@{i}")).or_default() += 1;
        }
    }
    // Which card is first unseen, and which lies at the last place.
    *out[1].entry(deck[seen].to_string()).or_default() += 1;
    *out[2].entry(deck[deck.len() - 1].to_string()).or_default() += 1;
}

fn check(spec: DeckSpec, deck_seed: u64, seen: usize, samples: usize) {
    let r = embedded_rules();
    let real = prepare(&spec, &r, &mut Dice::new(deck_seed));
    let mut fresh_dice = Dice::new(1000 + deck_seed);
    let mut re_dice = Dice::new(2000 + deck_seed);
    let mut fresh: [BTreeMap<String, u64>; 3] = Default::default();
    let mut re: [BTreeMap<String, u64>; 3] = Default::default();
    let mut got = 0;
    while got < samples {
        if let Some(d) = conditioned(&r, &spec, &real, seen, &mut fresh_dice) {
            tally(&r, &d, seen, &mut fresh);
            got += 1;
        }
    }
    for _ in 0..samples {
        let d = resample(&spec, &r, &real, seen, &mut re_dice);
        assert_eq!(&d[..seen], &real[..seen], "the seen cards stay where they are");
        let mut sorted = d.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), d.len(), "no card twice: {d:?}");
        tally(&r, &d, seen, &mut re);
    }
    for (what, (a, b)) in ["Propaganda places", "first unseen card", "last card"]
        .iter()
        .zip(fresh.iter().zip(re.iter()))
    {
        let (x, df) = chi2(a, b);
        assert!(
            x < critical(df),
            "{what} (seen {seen}): chi2 {x:.1} with {df} degrees of freedom (critical {:.1})",
            critical(df)
        );
    }
}

fn standard() -> DeckSpec {
    DeckSpec::Prepared {
        piles: 4,
        events_per_pile: 15,
        propaganda_piles: vec![1, 2, 3, 4],
        seeded: false,
    }
}

#[test]
fn resampled_standard_decks_match_fresh_decks_given_what_was_seen() {
    // 20 cards seen: pile 1 whole and 4 cards of pile 2 (Propaganda where it fell).
    check(standard(), 3, 20, 100_000);
}

#[test]
fn resampled_seeded_and_quick_decks_match_fresh_decks_given_what_was_seen() {
    let seeded = DeckSpec::Prepared {
        piles: 4,
        events_per_pile: 15,
        propaganda_piles: vec![1, 2, 3, 4],
        seeded: true,
    };
    check(seeded, 5, 12, 40_000);
    let quick = DeckSpec::Prepared {
        piles: 4,
        events_per_pile: 6,
        propaganda_piles: vec![2, 4],
        seeded: false,
    };
    check(quick, 7, 9, 40_000);
}

#[test]
fn a_fixed_deck_and_a_deck_all_seen_come_back_as_they_are() {
    let r = embedded_rules();
    let fixed = DeckSpec::Fixed(vec![3, 73, 9]);
    assert_eq!(resample(&fixed, &r, &[3, 73, 9], 1, &mut Dice::new(1)), vec![3, 73, 9]);
    let real = prepare(&standard(), &r, &mut Dice::new(4));
    assert_eq!(resample(&standard(), &r, &real, real.len(), &mut Dice::new(1)), real);
    // The same dice give the same draw; other dice, another.
    let a = resample(&standard(), &r, &real, 10, &mut Dice::new(8));
    assert_eq!(a, resample(&standard(), &r, &real, 10, &mut Dice::new(8)));
    assert_ne!(a, resample(&standard(), &r, &real, 10, &mut Dice::new(9)));
}
