//! Deck preparation (2.1 set-up): the draw order a scenario's DeckSpec asks for, drawn
//! from the game's own dice so the same seed gives the same deck in any process.

use crate::content::DeckSpec;
use crate::kernel::{CardKind, Dice, Ruleset};

/// The draw deck, top card first.
///
/// Prepared decks follow the set-up sheet: shuffle the Event cards, set aside those not
/// dealt (unseen, unused), deal `piles` piles of `events_per_pile`, shuffle one Propaganda
/// card into each pile named in `propaganda_piles`, and stack the piles with the 1st on
/// top. With `seeded`, each Propaganda card is shuffled among its pile's bottom 5 Events
/// only. The content loader has already checked that the numbers fit the cards.
pub fn prepare(spec: &DeckSpec, r: &Ruleset, dice: &mut Dice) -> Vec<u8> {
    let (piles, per, propaganda_piles, seeded) = match spec {
        DeckSpec::Fixed(order) => return order.clone(),
        DeckSpec::Prepared {
            piles,
            events_per_pile,
            propaganda_piles,
            seeded,
        } => (*piles as usize, *events_per_pile as usize, propaganda_piles, *seeded),
    };
    let mut events: Vec<u8> = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Event)
        .map(|c| c.number)
        .collect();
    let mut propaganda = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Propaganda)
        .map(|c| c.number);
    dice.shuffle(&mut events);
    let mut deck = Vec::with_capacity(piles * (per + 1));
    for (i, pile) in events.chunks(per).take(piles).enumerate() {
        let mut pile = pile.to_vec();
        if propaganda_piles.contains(&(i as u8 + 1)) {
            pile.push(propaganda.next().expect("checked: enough Propaganda cards"));
            // Seeded option: the Propaganda card goes among the bottom 5 Events only.
            let from = if seeded { pile.len().saturating_sub(6) } else { 0 };
            dice.shuffle(&mut pile[from..]);
        }
        deck.extend(pile);
    }
    deck
}

/// The deck with its unseen part drawn anew (issue 27): the only hidden information in
/// Andean Abyss is the order of the unseen deck (2.2). `deck` is the deck as prepared, of
/// which the top `seen` cards are known (those played, the current card and the visible
/// next one); the rest is redrawn with the distribution `prepare` gives conditioned on
/// them:
/// - every Event not yet seen — those dealt and those set aside unseen alike — is equally
///   likely in each unseen Event slot;
/// - each pile (of the spec) whose Propaganda card has not come up still holds it, at any
///   of its unseen places (with `seeded`, among its bottom 5 Events only), and the k-th
///   pile with a Propaganda card holds the k-th, as `prepare` deals them.
///
/// A fixed order has nothing hidden: it comes back as it is.
pub fn resample(spec: &DeckSpec, r: &Ruleset, deck: &[u8], seen: usize, dice: &mut Dice) -> Vec<u8> {
    let (per, propaganda_piles, seeded) = match spec {
        DeckSpec::Fixed(_) => return deck.to_vec(),
        DeckSpec::Prepared {
            events_per_pile,
            propaganda_piles,
            seeded,
            ..
        } => (*events_per_pile as usize, propaganda_piles, *seeded),
    };
    let seen = seen.min(deck.len());
    let mut out = deck.to_vec();
    if seen == deck.len() {
        return out;
    }
    let is_propaganda = |n: u8| r.card(n).is_some_and(|c| c.kind == CardKind::Propaganda);
    let known = &deck[..seen];
    let mut pool: Vec<u8> = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Event && !known.contains(&c.number))
        .map(|c| c.number)
        .collect();
    dice.shuffle(&mut pool);
    let mut pool = pool.into_iter();
    let mut propaganda = r
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Propaganda)
        .map(|c| c.number);
    let mut start = 0;
    let mut pile_no = 0u8;
    while start < deck.len() {
        pile_no += 1;
        let holds = propaganda_piles.contains(&pile_no);
        let size = per + usize::from(holds);
        let end = (start + size).min(deck.len());
        let card = if holds { propaganda.next() } else { None };
        // Where this pile's Propaganda card may be: any place of the pile, or with
        // `seeded` its bottom 6 (the card and the bottom 5 Events), as `prepare` shuffles.
        let first = if seeded && holds {
            start + size.saturating_sub(6)
        } else {
            start
        };
        let came_up = deck[start..end.min(seen).max(start)].iter().any(|&n| is_propaganda(n));
        let at = match card {
            Some(_) if !came_up => {
                let places: Vec<usize> = (first.max(seen)..end).collect();
                (!places.is_empty()).then(|| places[dice.below(places.len() as u32) as usize])
            }
            _ => None,
        };
        for (i, slot) in out.iter_mut().enumerate().take(end).skip(start.max(seen)) {
            *slot = match (at, card) {
                (Some(a), Some(c)) if a == i => c,
                _ => pool.next().expect("enough unseen Events for the unseen slots"),
            };
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::embedded_rules as rules;

    fn prepared(piles: u8, events_per_pile: u8, propaganda_piles: &[u8], seeded: bool) -> DeckSpec {
        DeckSpec::Prepared {
            piles,
            events_per_pile,
            propaganda_piles: propaganda_piles.to_vec(),
            seeded,
        }
    }

    fn is_propaganda(r: &Ruleset, n: u8) -> bool {
        r.card(n).unwrap().kind == CardKind::Propaganda
    }

    #[test]
    fn standard_deck_is_4_piles_of_15_events_and_1_propaganda() {
        let r = rules();
        let spec = prepared(4, 15, &[1, 2, 3, 4], false);
        let deck = prepare(&spec, &r, &mut Dice::new(11));
        assert_eq!(deck.len(), 64);
        for pile in deck.chunks(16) {
            assert_eq!(pile.iter().filter(|&&n| is_propaganda(&r, n)).count(), 1, "{pile:?}");
        }
        let mut sorted = deck.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 64, "no card twice");
        // 12 Events are set aside unseen.
        assert_eq!((1..=72).filter(|n| !deck.contains(n)).count(), 12);
    }

    #[test]
    fn quick_deck_has_propaganda_in_piles_2_and_4_only() {
        let r = rules();
        let spec = prepared(4, 6, &[2, 4], false);
        for seed in 0..20 {
            let deck = prepare(&spec, &r, &mut Dice::new(seed));
            assert_eq!(deck.len(), 26);
            let at: Vec<usize> = (0..deck.len()).filter(|&i| is_propaganda(&r, deck[i])).collect();
            assert_eq!(at.len(), 2);
            assert!((6..13).contains(&at[0]) && (19..26).contains(&at[1]), "{at:?}");
        }
    }

    #[test]
    fn seeded_propaganda_is_among_the_bottom_5_events() {
        let r = rules();
        let spec = prepared(4, 15, &[1, 2, 3, 4], true);
        for seed in 0..20 {
            let deck = prepare(&spec, &r, &mut Dice::new(seed));
            for pile in deck.chunks(16) {
                let p = pile.iter().position(|&n| is_propaganda(&r, n)).unwrap();
                assert!(p >= 10, "seed {seed}: Propaganda at {p} of its pile");
            }
        }
    }

    #[test]
    fn same_seed_same_deck_and_fixed_orders_are_kept() {
        let r = rules();
        let spec = prepared(4, 15, &[1, 2, 3, 4], false);
        assert_eq!(
            prepare(&spec, &r, &mut Dice::new(5)),
            prepare(&spec, &r, &mut Dice::new(5))
        );
        assert_ne!(
            prepare(&spec, &r, &mut Dice::new(5)),
            prepare(&spec, &r, &mut Dice::new(6))
        );
        assert_eq!(
            prepare(&DeckSpec::Fixed(vec![3, 73, 9]), &r, &mut Dice::new(0)),
            vec![3, 73, 9]
        );
    }
}
