//! Every kernel primitive, and every refusal of issue 2 §6: a refused instruction gives its
//! reason and leaves the state exactly as it was; `check_invariants` holds after each.

mod common;
use abyss::kernel::{Control, Effect, Faction, PieceType, Refusal, Ruleset, Side, State, Support, check_invariants};
use common::{rules, setup, sp};

const FARC_G: PieceType = PieceType {
    faction: Faction::Farc,
    kind: abyss::kernel::PieceKind::Guerrilla,
};
const CARTELS_G: PieceType = PieceType {
    faction: Faction::Cartels,
    kind: abyss::kernel::PieceKind::Guerrilla,
};

fn standard(r: &Ruleset) -> State {
    setup(r, "standard").state
}

/// Apply a primitive expected to be refused: the refusal must be `want` and the state
/// must be untouched.
fn refused(r: &Ruleset, st: &mut State, want: Refusal, f: impl FnOnce(&mut State) -> Result<Effect, Refusal>) {
    let before = st.clone();
    let got = f(st);
    assert_eq!(got, Err(want));
    assert_eq!(*st, before, "a refusal left the state changed");
    assert!(!want.describe(r).is_empty());
}

fn sound(r: &Ruleset, st: &State) {
    let bad = check_invariants(st, r);
    assert!(bad.is_empty(), "{bad:?}");
}

#[test]
fn place_puts_guerrillas_underground_and_updates_control() {
    let r = rules();
    let mut st = standard(&r);
    let cesar = sp(&r, "cesar");
    assert_eq!(st.control(cesar), Control::Uncontrolled);
    let avail = st.available(FARC_G);
    let Ok(Effect::Placed { piece, space }) = st.place(&r, cesar, FARC_G) else {
        panic!()
    };
    assert_eq!(space, cesar);
    assert!(st.piece(piece).underground, "1.4.3: placed Underground");
    assert_eq!(st.available(FARC_G), avail - 1);
    assert_eq!(st.space(cesar).guerrillas(Faction::Farc, true), 1);
    assert_eq!(st.control(cesar), Control::Farc);
    st.place(&r, cesar, PieceType::TROOPS).unwrap();
    assert_eq!(
        st.control(cesar),
        Control::Uncontrolled,
        "1 vs 1: nobody exceeds the rest"
    );
    st.place(&r, cesar, PieceType::POLICE).unwrap();
    assert_eq!(st.control(cesar), Control::Govt);
    sound(&r, &st);
}

#[test]
fn placing_a_farc_base_raises_opposition_plus_bases() {
    let r = rules();
    let mut st = standard(&r);
    st.place(&r, sp(&r, "cesar"), PieceType::base(Faction::Farc)).unwrap();
    assert_eq!(st.opposition_plus_bases(&r), 21);
    st.remove(&r, sp(&r, "cesar"), PieceType::base(Faction::Farc), None)
        .unwrap();
    assert_eq!(st.opposition_plus_bases(&r), 20);
    sound(&r, &st);
}

#[test]
fn refusal_nothing_available() {
    let r = rules();
    let mut st = standard(&r);
    let bogota = sp(&r, "bogota");
    for _ in 0..2 {
        st.place(&r, bogota, PieceType::base(Faction::Govt)).unwrap();
    }
    // 3 Govt Bases: 1 in Santander, 2 now in Bogotá; none left for a 4th.
    assert_eq!(st.available(PieceType::base(Faction::Govt)), 0);
    let medellin = sp(&r, "medellin");
    refused(
        &r,
        &mut st,
        Refusal::NoneAvailable(PieceType::base(Faction::Govt)),
        |st| st.place(&r, medellin, PieceType::base(Faction::Govt)),
    );
    sound(&r, &st);
}

#[test]
fn refusal_third_base_in_a_space() {
    let r = rules();
    let mut st = standard(&r);
    // Putumayo holds 2 Cartels Bases already (1.4.2: any Factions count).
    let putumayo = sp(&r, "putumayo");
    refused(&r, &mut st, Refusal::BaseStacking(putumayo), |st| {
        st.place(&r, putumayo, PieceType::base(Faction::Farc))
    });
    refused(&r, &mut st, Refusal::BaseStacking(putumayo), |st| {
        st.move_piece(&r, sp(&r, "huila"), putumayo, PieceType::base(Faction::Farc), None)
    });
}

#[test]
fn refusal_base_on_a_loc() {
    let r = rules();
    let mut st = standard(&r);
    let loc = sp(&r, "loc_cali_pasto");
    refused(&r, &mut st, Refusal::BaseOnLoc(loc), |st| {
        st.place(&r, loc, PieceType::base(Faction::Cartels))
    });
}

#[test]
fn refusal_government_into_a_farc_zone() {
    let r = rules();
    let mut st = standard(&r);
    let meta_west = sp(&r, "meta_west");
    st.place_farc_zone(&r, meta_west).unwrap();
    refused(&r, &mut st, Refusal::GovtInFarcZone(meta_west), |st| {
        st.place(&r, meta_west, PieceType::TROOPS)
    });
    refused(&r, &mut st, Refusal::GovtInFarcZone(meta_west), |st| {
        st.move_piece(&r, sp(&r, "bogota"), meta_west, PieceType::POLICE, None)
    });
    // Insurgents may still enter (6.4.4).
    st.place(&r, meta_west, FARC_G).unwrap();
    // A Zone cannot be placed where the Government still stands.
    let santander = sp(&r, "santander");
    refused(&r, &mut st, Refusal::GovtPiecesInZone(santander), |st| {
        st.place_farc_zone(&r, santander)
    });
    refused(&r, &mut st, Refusal::FarcZoneNotDepartment(sp(&r, "cali")), |st| {
        st.place_farc_zone(&r, sp(&r, "cali"))
    });
    refused(&r, &mut st, Refusal::AlreadyFarcZone(meta_west), |st| {
        st.place_farc_zone(&r, meta_west)
    });
    st.remove_farc_zone(meta_west).unwrap();
    st.place(&r, meta_west, PieceType::TROOPS).unwrap();
    sound(&r, &st);
}

#[test]
fn refusal_support_in_population_0_or_loc() {
    let r = rules();
    let mut st = standard(&r);
    for slug in ["vichada", "loc_bogota_neiva"] {
        let s = sp(&r, slug);
        refused(&r, &mut st, Refusal::NoSupportHere(s), |st| {
            st.set_support(&r, s, Support::PassiveSupport)
        });
        refused(&r, &mut st, Refusal::NoSupportHere(s), |st| st.shift_support(&r, s, -1));
    }
}

#[test]
fn support_shifts_update_the_totals() {
    let r = rules();
    let mut st = standard(&r);
    let cali = sp(&r, "cali"); // Pop 3, Neutral
    st.shift_support(&r, cali, 1).unwrap();
    assert_eq!(st.total_support(), 53);
    st.shift_support(&r, cali, 5).unwrap(); // stops at Active Support
    assert_eq!((st.support(cali), st.total_support()), (Support::ActiveSupport, 56));
    refused(&r, &mut st, Refusal::SupportAtLimit(cali), |st| {
        st.shift_support(&r, cali, 1)
    });
    st.set_support(&r, cali, Support::PassiveOpposition).unwrap();
    assert_eq!((st.total_support(), st.total_opposition()), (50, 17));
    assert_eq!(st.opposition_plus_bases(&r), 23);
    sound(&r, &st);
}

#[test]
fn refusal_41st_terror_marker_and_sabotage_rules() {
    let r = rules();
    let mut st = standard(&r);
    let bogota = sp(&r, "bogota");
    let loc = sp(&r, "loc_bogota_neiva");
    refused(&r, &mut st, Refusal::TerrorOnLoc(loc), |st| st.place_terror(&r, loc));
    refused(&r, &mut st, Refusal::SabotageOffLoc(bogota), |st| {
        st.place_sabotage(&r, bogota)
    });
    st.place_sabotage(&r, loc).unwrap();
    refused(&r, &mut st, Refusal::AlreadySabotaged(loc), |st| {
        st.place_sabotage(&r, loc)
    });
    for i in 1..40 {
        assert_eq!(
            st.place_terror(&r, bogota),
            Ok(Effect::Terror {
                space: bogota,
                count: i
            })
        );
    }
    assert_eq!(st.markers_on_map(), 40);
    refused(&r, &mut st, Refusal::MarkerPoolExhausted, |st| {
        st.place_terror(&r, sp(&r, "cali"))
    });
    refused(&r, &mut st, Refusal::MarkerPoolExhausted, |st| {
        st.place_sabotage(&r, sp(&r, "loc_cali_pasto"))
    });
    st.remove_sabotage(loc).unwrap();
    st.remove_terror(bogota).unwrap();
    assert_eq!(st.markers_on_map(), 38);
    refused(&r, &mut st, Refusal::NoMarkerHere(sp(&r, "cali")), |st| {
        st.remove_terror(sp(&r, "cali"))
    });
    sound(&r, &st);
}

#[test]
fn refusal_resources_past_99_and_aid_past_29() {
    let r = rules();
    let mut st = standard(&r);
    assert_eq!(
        st.add_resources(&r, Faction::Govt, 59),
        Ok(Effect::Resources {
            faction: Faction::Govt,
            from: 40,
            to: 99
        })
    );
    refused(
        &r,
        &mut st,
        Refusal::ResourcesOutOfRange {
            faction: Faction::Govt,
            wanted: 100,
            max: 99,
        },
        |st| st.add_resources(&r, Faction::Govt, 1),
    );
    refused(
        &r,
        &mut st,
        Refusal::ResourcesOutOfRange {
            faction: Faction::Farc,
            wanted: -1,
            max: 99,
        },
        |st| st.add_resources(&r, Faction::Farc, -11),
    );
    // "to a maximum of 99" (6.3, 5.1.1): the clamped form never refuses.
    assert_eq!(
        st.gain_resources(&r, Faction::Farc, 200),
        Effect::Resources {
            faction: Faction::Farc,
            from: 10,
            to: 99
        }
    );
    refused(&r, &mut st, Refusal::AidOutOfRange { wanted: 30, max: 29 }, |st| {
        st.add_aid(&r, 21)
    });
    assert_eq!(st.gain_aid(&r, 25), Effect::Aid { from: 9, to: 29 });
    assert_eq!(st.gain_aid(&r, -40), Effect::Aid { from: 29, to: 0 });
    sound(&r, &st);
}

#[test]
fn remove_replace_and_move() {
    let r = rules();
    let mut st = standard(&r);
    let (santander, cesar) = (sp(&r, "santander"), sp(&r, "cesar"));
    // Replace the FARC Guerrilla in Santander with an AUC one: placed Underground (1.4.3).
    let auc_g = PieceType::guerrilla(Faction::Auc);
    let Ok(Effect::Replaced { placed: Some(p), .. }) = st.replace(&r, santander, FARC_G, None, auc_g) else {
        panic!()
    };
    assert!(st.piece(p).underground);
    assert_eq!((st.count(santander, FARC_G), st.count(santander, auc_g)), (0, 2));
    // Move Troops out, then a Base: Control follows the forces.
    for _ in 0..3 {
        st.move_piece(&r, santander, cesar, PieceType::TROOPS, None).unwrap();
    }
    assert_eq!(st.control(santander), Control::Uncontrolled);
    assert_eq!(st.control(cesar), Control::Govt);
    refused(
        &r,
        &mut st,
        Refusal::NoSuchPiece {
            space: santander,
            piece: PieceType::TROOPS,
            underground: None,
        },
        |st| st.move_piece(&r, santander, cesar, PieceType::TROOPS, None),
    );
    refused(&r, &mut st, Refusal::SameSpace(cesar), |st| {
        st.move_piece(&r, cesar, cesar, PieceType::TROOPS, None)
    });
    st.remove(&r, cesar, PieceType::TROOPS, None).unwrap();
    assert_eq!(st.count(cesar, PieceType::TROOPS), 2);
    sound(&r, &st);
}

#[test]
fn replace_removes_anyway_when_none_is_available() {
    // 1.4.1: "remove rather than replace such pieces".
    let r = rules();
    let mut st = standard(&r);
    let cartels_base = PieceType::base(Faction::Cartels);
    let bogota = sp(&r, "bogota");
    while st.available(CARTELS_G) > 0 {
        st.place(&r, bogota, CARTELS_G).unwrap();
    }
    let putumayo = sp(&r, "putumayo");
    let Ok(Effect::Replaced { placed: None, .. }) = st.replace(&r, putumayo, FARC_G, None, CARTELS_G) else {
        panic!()
    };
    assert_eq!(st.count(putumayo, FARC_G), 1);
    // A replacement that could not stack is refused outright: a Base for a Guerrilla in a
    // space with 2 Bases.
    refused(&r, &mut st, Refusal::BaseStacking(putumayo), |st| {
        st.replace(&r, putumayo, FARC_G, None, cartels_base)
    });
    // Base for Base is fine: the old one leaves as the new one arrives.
    st.replace(&r, putumayo, cartels_base, None, PieceType::base(Faction::Farc))
        .unwrap();
    sound(&r, &st);
}

#[test]
fn activate_and_go_underground() {
    let r = rules();
    let mut st = standard(&r);
    let meta_west = sp(&r, "meta_west");
    st.activate(&r, meta_west, Faction::Farc).unwrap();
    st.activate(&r, meta_west, Faction::Farc).unwrap();
    assert_eq!(st.space(meta_west).guerrillas(Faction::Farc, false), 2);
    refused(
        &r,
        &mut st,
        Refusal::NoSuchPiece {
            space: meta_west,
            piece: FARC_G,
            underground: Some(true),
        },
        |st| st.activate(&r, meta_west, Faction::Farc),
    );
    st.go_underground(&r, meta_west, Faction::Farc).unwrap();
    assert_eq!(st.space(meta_west).guerrillas(Faction::Farc, true), 1);
    refused(
        &r,
        &mut st,
        Refusal::NoSuchPiece {
            space: meta_west,
            piece: PieceType::guerrilla(Faction::Auc),
            underground: Some(false),
        },
        |st| st.go_underground(&r, meta_west, Faction::Auc),
    );
    sound(&r, &st);
}

#[test]
fn shipments_stay_with_their_guerrilla() {
    let r = rules();
    let mut st = standard(&r);
    let (putumayo, guaviare) = (sp(&r, "putumayo"), sp(&r, "guaviare"));
    let holder = st.find_piece(&r, putumayo, CARTELS_G, Some(true)).unwrap();
    let Ok(Effect::Shipment { index, .. }) = st.place_shipment(&r, holder) else {
        panic!()
    };
    // Moving the holder carries the Shipment (4.5.3).
    st.move_this(&r, holder, guaviare).unwrap();
    assert_eq!(st.piece_space(st.shipment_holder(index).unwrap()), Some(guaviare));
    // Transfer to another Faction's Guerrilla in the same space; not to one elsewhere.
    let farc_there = st.find_piece(&r, guaviare, FARC_G, None).unwrap();
    st.transfer_shipment(&r, index, farc_there).unwrap();
    let farc_elsewhere = st.find_piece(&r, putumayo, FARC_G, None).unwrap();
    refused(
        &r,
        &mut st,
        Refusal::ShipmentElsewhere {
            shipment: index,
            to: farc_elsewhere,
        },
        |st| st.transfer_shipment(&r, index, farc_elsewhere),
    );
    // Troops cannot hold one.
    let troop = st.find_piece(&r, sp(&r, "bogota"), PieceType::TROOPS, None).unwrap();
    refused(&r, &mut st, Refusal::NotAGuerrillaOnMap(troop), |st| {
        st.place_shipment(&r, troop)
    });
    // Removing the holder without a transfer drops the Shipment.
    let Ok(Effect::Removed { dropped, .. }) = st.remove_piece(&r, farc_there) else {
        panic!()
    };
    assert_eq!(dropped, 1 << index);
    assert_eq!(st.shipments_on_map().count(), 0);
    // All 4 on the map: no 5th.
    for _ in 0..4 {
        st.place_shipment(&r, holder).unwrap();
    }
    refused(&r, &mut st, Refusal::NoShipmentAvailable, |st| {
        st.place_shipment(&r, holder)
    });
    st.remove_shipment(0).unwrap();
    refused(&r, &mut st, Refusal::NoSuchShipment(0), |st| st.remove_shipment(0));
    sound(&r, &st);
}

#[test]
fn remove_prefers_a_guerrilla_without_shipment() {
    let r = rules();
    let mut st = standard(&r);
    let meta_west = sp(&r, "meta_west");
    let holder = st.find_piece(&r, meta_west, FARC_G, None).unwrap();
    st.place_shipment(&r, holder).unwrap();
    let Ok(Effect::Removed { piece, dropped: 0, .. }) = st.remove(&r, meta_west, FARC_G, None) else {
        panic!()
    };
    assert_ne!(piece, holder);
    assert_eq!(st.shipment_holder(0), Some(holder));
}

#[test]
fn ecuador_limits_two_pieces_per_faction() {
    let r = rules();
    let mut st = standard(&r);
    let ecuador = sp(&r, "ecuador");
    refused(&r, &mut st, Refusal::SpaceNotInPlay(ecuador), |st| {
        st.place(&r, ecuador, FARC_G)
    });
    st.open_space(&r, ecuador).unwrap();
    refused(&r, &mut st, Refusal::NotEventOnly(ecuador), |st| {
        st.open_space(&r, ecuador)
    });
    st.place(&r, ecuador, FARC_G).unwrap();
    st.place(&r, ecuador, PieceType::base(Faction::Farc)).unwrap();
    refused(&r, &mut st, Refusal::ForeignLimit(ecuador, Faction::Farc), |st| {
        st.place(&r, ecuador, FARC_G)
    });
    st.place(&r, ecuador, CARTELS_G).unwrap();
    // Replacing within the Faction frees its own place.
    st.replace(&r, ecuador, FARC_G, None, FARC_G).unwrap();
    sound(&r, &st);
}

#[test]
fn tracks_capabilities_momentum_and_out_of_play() {
    let r = rules();
    let mut st = standard(&r);
    st.set_eligible(Faction::Auc, false);
    assert!(!st.eligible(Faction::Auc));
    st.set_president(&r, 2).unwrap();
    refused(&r, &mut st, Refusal::UnknownPresident(3), |st| st.set_president(&r, 3));
    // Which cards are Capabilities or Momentum is data (rules/cards.toml), not code.
    let cap = r.cards.iter().find(|c| c.capability).unwrap().number;
    let mom = r.cards.iter().find(|c| c.momentum).unwrap().number;
    let plain = r.cards.iter().find(|c| !c.capability && !c.momentum).unwrap().number;
    st.set_capability(&r, cap, Side::Shaded).unwrap();
    assert_eq!(st.capability(cap), Some(Side::Shaded));
    st.set_capability(&r, cap, Side::Unshaded).unwrap();
    assert_eq!(st.capabilities(), vec![(cap, Side::Unshaded)]);
    refused(&r, &mut st, Refusal::NotACapability(plain), |st| {
        st.set_capability(&r, plain, Side::Unshaded)
    });
    refused(&r, &mut st, Refusal::UnknownCard(120), |st| {
        st.set_capability(&r, 120, Side::Unshaded)
    });
    st.add_momentum(&r, mom).unwrap();
    refused(&r, &mut st, Refusal::NotMomentum(plain), |st| {
        st.add_momentum(&r, plain)
    });
    assert_eq!(st.clear_momentum(), vec![Effect::Momentum { card: mom, on: false }]);
    assert!(st.momentum_cards().is_empty());
    st.remove_capability(cap).unwrap();
    let auc_g = PieceType::guerrilla(Faction::Auc);
    let before = st.available(auc_g);
    st.remove_from_game(&r, auc_g).unwrap();
    assert_eq!((st.available(auc_g), st.out_of_play(auc_g)), (before - 1, 1));
    sound(&r, &st);
}

#[test]
fn a_state_is_cheap_to_clone_and_compare() {
    let r = rules();
    let st = standard(&r);
    // The snapshot is the undo unit: a fixed-size value with no heap parts.
    assert!(std::mem::size_of::<State>() < 4096, "{}", std::mem::size_of::<State>());
    let copy = st.clone();
    assert_eq!(copy, st);
}

#[test]
fn pieces_off_the_map_cannot_be_moved_or_removed() {
    let r = rules();
    let mut st = standard(&r);
    let off = r
        .forces
        .pieces_of(PieceType::TROOPS)
        .find(|&p| st.piece_space(p).is_none())
        .unwrap();
    refused(&r, &mut st, Refusal::PieceNotOnMap(off), |st| st.remove_piece(&r, off));
    refused(&r, &mut st, Refusal::PieceNotOnMap(off), |st| {
        st.move_this(&r, off, sp(&r, "cali"))
    });
}
