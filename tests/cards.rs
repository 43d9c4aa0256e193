//! rules/cards.toml against reference/cards.md: 76 cards, their orders and flags.

mod common;
use abyss::kernel::{CardKind, Faction, Side};
use common::rules;

fn numbers(pred: impl Fn(&abyss::kernel::Card) -> bool) -> Vec<u8> {
    rules().cards.iter().filter(|c| pred(c)).map(|c| c.number).collect()
}

#[test]
fn seventy_two_events_and_four_propaganda() {
    let r = rules();
    assert_eq!(r.cards.len(), 76);
    assert_eq!(numbers(|c| c.kind == CardKind::Event), (1..=72).collect::<Vec<_>>());
    assert_eq!(numbers(|c| c.kind == CardKind::Propaganda), [73, 74, 75, 76]);
}

#[test]
fn flags_match_the_card_faces() {
    assert_eq!(numbers(|c| c.capability), [1, 2, 3, 7, 9, 10, 11, 13]);
    assert_eq!(numbers(|c| c.momentum), [12, 17, 22, 27, 42, 67]);
    assert_eq!(numbers(|c| c.single), [19, 36, 46, 53, 54, 63, 65, 69]);
    assert_eq!(
        numbers(|c| c.second_ops),
        [
            20, 21, 25, 26, 30, 32, 37, 38, 41, 47, 49, 52, 56, 59, 61, 62, 63, 64, 66, 68, 72
        ]
    );
    assert_eq!(numbers(|c| c.second_edition), [7, 26, 30, 36, 55, 56, 64, 65, 67]);
}

#[test]
fn faction_orders() {
    // Cards 1-18 start with the Government, 19-36 FARC, 37-54 AUC, 55-72 Cartels, and each
    // of the 24 orders appears on exactly 3 consecutive cards.
    let r = rules();
    let events: Vec<_> = r.cards.iter().filter(|c| c.kind == CardKind::Event).collect();
    for c in &events {
        let first = [Faction::Govt, Faction::Farc, Faction::Auc, Faction::Cartels][(c.number as usize - 1) / 18];
        assert_eq!(c.order[0], first, "card {}", c.number);
    }
    for chunk in events.chunks(3) {
        assert!(chunk.iter().all(|c| c.order == chunk[0].order));
    }
    let mut orders: Vec<_> = events.chunks(3).map(|c| c[0].order.clone()).collect();
    orders.sort();
    orders.dedup();
    assert_eq!(orders.len(), 24);
    let c = r.card(28).unwrap();
    assert_eq!(
        (c.title.as_str(), c.order.clone()),
        (
            "Hugo Chávez",
            vec![Faction::Farc, Faction::Auc, Faction::Cartels, Faction::Govt]
        )
    );
}

#[test]
fn single_events_have_one_text_and_others_two() {
    for c in rules().cards.iter().filter(|c| c.kind == CardKind::Event) {
        assert!(c.text(Side::Unshaded).is_some(), "{}", c.number);
        assert_eq!(c.text(Side::Shaded).is_some(), !c.single, "{}", c.number);
    }
}
