//! The sequence of play (2.0) through the engine: Pass, the 2nd Eligible's options,
//! eligibility, the final Event card, Ship (2.3.6) and Propaganda cards in a row.

mod common;
use abyss::kernel::Faction;
use common::*;

fn eligibility(st: &abyss::kernel::State) -> [bool; 4] {
    Faction::ALL.map(|f| st.eligible(f))
}

#[test]
fn passing_pays_3_to_the_government_1_to_insurgents_and_keeps_them_eligible() {
    let r = rules();
    let s = empty_setup(&r);
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt pass
         farc pass
         auc pass
         cartels pass",
    );
    t.assert_finished(); // the deck ends
    let st = &t.game.state;
    assert_eq!(Faction::ALL.map(|f| st.resources(f)), [43, 11, 11, 11]);
    assert_eq!(eligibility(st), [true; 4]);
    // The one who passes is replaced by the next Eligible: all four were asked.
    assert_eq!(t.asked.len(), 4);
}

#[test]
fn after_an_operation_the_2nd_eligible_may_only_limop_and_the_rest_wait() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", TROOPS, 1);
    for sa in ["done", "air-lift\ngovt meta_east\ngovt cali"] {
        // Op only, or Op + Special Activity: either way a LimOp for FARC (Events are not
        // offered yet).
        let t = play_traced(
            &r,
            s.clone(),
            &[1],
            &format!(
                "govt train
                 govt bogota
                 govt 2
                 govt 1
                 govt done   # no more Train spaces
                 govt done   # no Base, no Civic Action
                 govt {sa}
                 farc rally
                 farc huila"
            ),
        );
        t.assert_finished();
        let farc_menu = t.asked.iter().find(|q| q.faction == FARC).unwrap();
        // 2.3.4: Pass or Rally (nothing to move); after an Operation with a Special
        // Activity the 2nd Eligible may also take the Event (either side).
        let expected = if sa == "done" { 2 } else { 4 };
        assert_eq!(farc_menu.options.len(), expected, "after `{sa}`");
        // FARC placed in 1 space and was asked nothing more: no 2nd space, no Special
        // Activity; AUC and Cartels were not asked.
        assert_eq!(t.asked.last().unwrap().prompt, "Rally in which space?");
        let st = &t.game.state;
        assert_eq!(pieces(st, &r, "huila"), "1 farc U");
        assert_eq!(st.resources(FARC), 9);
        assert_eq!(eligibility(st), [false, false, true, true]);
    }
}

#[test]
fn ineligible_factions_sit_out_the_next_card() {
    let r = rules();
    let s = empty_setup(&r);
    // Card 1 (Govt, FARC, AUC, Cartels), then card 2 (same order).
    let t = play_traced(
        &r,
        s,
        &[1, 2],
        "govt pass
         farc rally
         farc huila
         farc done
         farc done           # no Special Activity
         auc rally           # AUC is 2nd Eligible: a LimOp
         auc cesar
         # card 2: FARC and AUC are Ineligible
         govt pass
         cartels rally
         cartels vaupes
         cartels cali",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "cartels: Rally in which space?");
    let card2_starts = t
        .asked
        .iter()
        .rposition(|q| q.faction == GOVT && q.ask == abyss::game::Ask::Action)
        .unwrap();
    let card2: Vec<Faction> = t.asked[card2_starts..].iter().map(|q| q.faction).collect();
    assert!(!card2.contains(&FARC) && !card2.contains(&AUC), "{card2:?}");
    assert_eq!(eligibility(&t.game.state), [true, false, false, true]);
}

#[test]
fn eligibility_after_a_card_follows_who_executed() {
    let r = rules();
    let s = empty_setup(&r);
    let t = play_traced(
        &r,
        s,
        &[1, 2],
        "govt pass
         farc rally
         farc huila
         farc done
         farc done           # no Special Activity
         auc rally
         auc cesar
         govt pass
         cartels rally
         cartels vaupes
         cartels done
         cartels done",
    );
    t.assert_finished();
    // Card 2: Govt passed (Eligible), Cartels executed (Ineligible); FARC and AUC sat out
    // as Ineligible and are Eligible again.
    assert_eq!(eligibility(&t.game.state), [true, true, true, false]);
    assert_eq!(t.game.state.resources(GOVT), 46);
}

#[test]
fn final_event_card_allows_only_limited_operations_without_sweep_or_march() {
    let r = rules();
    let mut s = empty_setup(&r);
    s.final_propaganda = 1;
    put(&mut s, &r, "bogota", TROOPS, 3);
    put(&mut s, &r, "meta_east", farc_g(), 2);
    let t = play_traced(&r, s.clone(), &[1, 73], "govt train");
    let words: Vec<String> = t.asked[0].options.iter().map(|c| c.render(&r)).collect();
    // 2.3.9 limits Operations; the Event stays on offer.
    assert_eq!(
        words,
        ["pass", "event-unshaded", "event-shaded", "train", "patrol"],
        "no Sweep on the final Event card"
    );
    assert!(!t.offers("air-lift"), "no Special Activity: {:?}", t.offered());
    let t = play_traced(
        &r,
        s,
        &[1, 73],
        "govt train
         govt cali
         govt 1
         govt 0      # 1 space only: the Train ends
         farc pass",
    );
    t.assert_ran_out();
    let farc_menu = t.asked.iter().find(|q| q.faction == FARC).unwrap();
    let words: Vec<String> = farc_menu.options.iter().map(|c| c.render(&r)).collect();
    assert_eq!(words, ["pass", "rally", "terror"], "no March on the final Event card");
}

// ---- Ship (2.3.6) -----------------------------------------------------------------------

#[test]
fn ship_example_cartels_march_remove_a_shipment_and_rally_free_in_1_space() {
    // 2.3.6 EXAMPLE: Cartels is 1st Eligible and executes a March, removes a Shipment,
    // then executes a Rally in 1 space at no Resource cost.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", cartels_g(), 1);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    put(&mut s, &r, "huila", cartels_g(), 1);
    // Card 55: Cartels, Govt, FARC, AUC.
    let t = play_traced(
        &r,
        s,
        &[55],
        "cartels march
         cartels huila
         cartels putumayo     # 1 Guerrilla: no 'how many'
         cartels done         # no more March
         cartels done         # no Special Activity
         cartels cartels      # Ship: its own Shipment (the only one: no space asked)
         cartels rally        # the free Limited Operation
         cartels vaupes       # 1 space: the Rally ends there",
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["cali: 1 cartels U", "putumayo: 1 cartels U", "vaupes: 1 cartels U"]
    );
    assert_eq!(st.shipments_on_map().count(), 0);
    assert_eq!(st.resources(CARTELS), 10 - 1, "the Rally was free");
}

#[test]
fn ship_with_another_factions_shipment_if_it_agrees() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", cartels_g(), 1);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    let answers = "farc rally
         farc huila
         farc done
         farc done          # no Special Activity
         farc cartels       # Ship with the Cartels' Shipment";
    let t = play_traced(&r, s.clone(), &[19], answers);
    t.assert_ran_out();
    assert_eq!(t.waiting(), "cartels: Remove your Shipment so that they may Ship?");
    // The Cartels refuse: no free LimOp.
    let t = play_traced(&r, s.clone(), &[19], &format!("{answers}\ncartels no"));
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert_eq!(t.game.state.shipments_on_map().count(), 1);
    // They agree: FARC Rallies again, free, in 1 space.
    let t = play_traced(
        &r,
        s,
        &[19],
        &format!("{answers}\ncartels yes\nfarc rally\nfarc meta_east"),
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(st.shipments_on_map().count(), 0);
    assert_eq!(pieces(st, &r, "meta_east"), "1 farc U");
    assert_eq!(st.resources(FARC), 9);
}

#[test]
fn no_ship_after_a_special_activity_or_a_free_operation() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", cartels_g(), 2);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    put(&mut s, &r, "huila", farc_g(), 1);
    // With Extort: no Ship question.
    let t = play_traced(
        &r,
        s.clone(),
        &[19],
        "farc rally
         farc meta_east
         farc done
         farc extort
         farc huila
         farc meta_east",
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert!(!t.was_asked("Ship: remove a Shipment for a free Limited Operation?"));
    // The free LimOp bought by a Shipment does not buy another.
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally
         farc meta_east
         farc done
         farc done
         farc cartels
         cartels yes
         cartels cali      # which of the two Shipments (same space: no question)
         farc rally
         farc vichada",
    );
    let ships = t
        .asked
        .iter()
        .filter(|q| q.prompt == "Ship: remove a Shipment for a free Limited Operation?")
        .count();
    assert_eq!(ships, 1, "{}", t.transcript());
    assert_eq!(t.game.state.shipments_on_map().count(), 1);
}

#[test]
fn each_eligible_faction_may_benefit_from_1_shipment_per_card() {
    // 2.3.6: "A Faction may only benefit from 1 such Shipment per card": once FARC has
    // Shipped, the 2nd Eligible may still Ship.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", cartels_g(), 2);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally
         farc huila
         farc done
         farc done
         farc cartels
         cartels yes
         farc rally
         farc meta_east
         govt train          # the 2nd Eligible: a LimOp
         govt bogota
         govt 1
         govt 0
         govt cartels        # Ship with the Cartels' other Shipment
         cartels yes
         govt train
         govt medellin
         govt 1
         govt 0",
    );
    t.assert_finished();
    let st = &t.game.state;
    assert_eq!(st.shipments_on_map().count(), 0);
    assert_eq!(
        board(st, &r)[..3],
        ["bogota: 1 troops", "cali: 2 cartels U", "medellin: 1 troops"]
    );
    assert_eq!(st.resources(GOVT), 37, "the second Train was free");
    // Only the two executing Factions become Ineligible, not the Cartels who gave their
    // Shipments.
    assert_eq!(eligibility(st), [false, false, true, true]);
}

#[test]
fn the_free_limop_of_a_ship_on_the_final_event_card_is_no_sweep_or_march() {
    // 2.3.9: on the final Event card, player Operations may not include Sweep or March.
    let r = rules();
    let mut s = empty_setup(&r);
    s.final_propaganda = 1;
    put(&mut s, &r, "cali", cartels_g(), 1);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    put(&mut s, &r, "huila", cartels_g(), 1);
    let t = play_traced(
        &r,
        s,
        &[55, 73],
        "cartels rally
         cartels vaupes
         cartels cartels     # Ship",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "cartels: Which free Limited Operation?");
    assert!(!t.offers("march"), "{:?}", t.offered());
    assert!(t.offers("rally"));
}

// ---- Propaganda cards (6.0 EXCEPTION, 2.4.1) -------------------------------------------

#[test]
fn a_second_propaganda_card_in_a_row_brings_no_round() {
    let r = rules();
    let mut s = empty_setup(&r);
    s.state.set_president(&r, 2).unwrap(); // Uribe: no Election, Aid collected
    let t = play_traced(&r, s.clone(), &[73, 74], "auc done   # Elite Backing, once");
    t.assert_finished();
    let st = &t.game.state;
    assert_eq!(st.resources(GOVT), 40 + 30 + 9, "one Resources phase");
    assert_eq!(t.game.propaganda_played, 2);
    assert_eq!(t.asked.len(), 1);
    // A second card in a row that is the final one ends the game (7.3), still no Round.
    s.final_propaganda = 2;
    let t = play_traced(&r, s, &[73, 74], "auc done");
    t.assert_finished();
    assert_eq!(t.result.as_ref().unwrap().victory_check, None);
    assert_eq!(t.game.state.resources(GOVT), 79);
}
