//! Propaganda Rounds (6.0) and victory (7.0) through the engine: each phase with the exact
//! resulting state, and every way a game ends.

mod common;
use abyss::content::Setup;
use abyss::kernel::{Control, Faction, PieceType, Ruleset, Support};
use common::*;

const TROOPS: PieceType = PieceType::TROOPS;
const POLICE: PieceType = PieceType::POLICE;
const GOVT: Faction = Faction::Govt;
const FARC: Faction = Faction::Farc;
const AUC: Faction = Faction::Auc;
const CARTELS: Faction = Faction::Cartels;

const SAMPER: u8 = 0;
const PASTRANA: u8 = 1;
const URIBE: u8 = 2;

fn farc_g() -> PieceType {
    PieceType::guerrilla(FARC)
}
fn auc_g() -> PieceType {
    PieceType::guerrilla(AUC)
}
fn cartels_g() -> PieceType {
    PieceType::guerrilla(CARTELS)
}
fn base(f: Faction) -> PieceType {
    PieceType::base(f)
}

/// An empty board with El Presidente in box `president`.
fn board_with(r: &Ruleset, president: u8) -> Setup {
    let mut s = empty_setup(r);
    s.state.set_president(r, president).unwrap();
    s
}

fn level(st: &abyss::kernel::State, r: &Ruleset, slug: &str) -> Support {
    st.support(sp(r, slug))
}

// ---- 6.2 Sabotage -----------------------------------------------------------------------

fn sabotage_setup(r: &Ruleset) -> Setup {
    let mut s = board_with(r, URIBE);
    put(&mut s, r, "loc_bogota_neiva", farc_g(), 2); // 2 Guerrillas > 1 cube
    put(&mut s, r, "loc_bogota_neiva", POLICE, 1);
    put(&mut s, r, "loc_cali_pasto", auc_g(), 1); // 1 = 1
    put(&mut s, r, "loc_cali_pasto", POLICE, 1);
    put(&mut s, r, "cartagena", farc_g(), 1); // FARC-Controlled City, next to 2 LoCs
    s.state.place_sabotage(r, sp(r, "loc_arauca_cucuta")).unwrap();
    s
}

fn sabotaged(st: &abyss::kernel::State, r: &Ruleset) -> Vec<String> {
    r.map
        .ids()
        .filter(|&s| st.space(s).sabotage)
        .map(|s| r.map.space(s).slug.clone())
        .collect()
}

#[test]
fn sabotage_where_guerrillas_outnumber_cubes_or_next_to_a_farc_controlled_city() {
    let r = rules();
    let s = sabotage_setup(&r);
    // The round runs to Agitation (FARC Controls Cartagena), where the test stops.
    let t = play_traced(&r, s, &[73], "");
    assert_eq!(t.waiting(), "farc: Agitate in which space?");
    let st = &t.game.state;
    assert_eq!(
        sabotaged(st, &r),
        [
            "loc_cartagena_santa_marta",
            "loc_cartagena_sincelejo",
            "loc_bogota_neiva",
            "loc_arauca_cucuta"
        ]
    );
    // 30 - (1 + 1 + 2 + 3) Econ, plus Aid (Uribe).
    assert_eq!(st.resources(GOVT), 40 + 23 + 9);
}

#[test]
fn sabotage_capability_when_equal_needs_a_guerrilla() {
    let r = rules();
    let mut s = sabotage_setup(&r);
    // Empty LoCs (0 Guerrillas = 0 cubes) stay unSabotaged.
    s.state.set_lasting_modifier("sabotage_when_equal", 1).unwrap();
    let t = play_traced(&r, s, &[73], "");
    assert_eq!(
        sabotaged(&t.game.state, &r),
        [
            "loc_cartagena_santa_marta",
            "loc_cali_pasto",
            "loc_cartagena_sincelejo",
            "loc_bogota_neiva",
            "loc_arauca_cucuta"
        ]
    );
}

#[test]
fn sabotage_stops_when_all_40_markers_are_on_the_map() {
    let r = rules();
    let mut s = sabotage_setup(&r);
    for _ in 0..38 {
        s.state.place_terror(&r, sp(&r, "vichada")).unwrap();
    }
    let t = play_traced(&r, s, &[73], "");
    let st = &t.game.state;
    // 39 on the map: the first LoC in map order takes the 40th.
    assert_eq!(sabotaged(st, &r), ["loc_cartagena_santa_marta", "loc_arauca_cucuta"]);
    assert_eq!(st.markers_on_map(), 40);
    assert_eq!(st.resources(GOVT), 40 + 26 + 9);
}

#[test]
fn sabotage_capability_lets_the_government_remove_markers() {
    // 7th Special Forces unshaded: each Sabotage phase, Govt may remove 1-3 Terror or
    // Sabotage.
    let r = rules();
    let mut s = sabotage_setup(&r);
    s.state.place_terror(&r, sp(&r, "huila")).unwrap();
    s.state.set_lasting_modifier("sabotage_phase_removals", 3).unwrap();
    let t = play_traced(
        &r,
        s,
        &[73],
        "govt loc_arauca_cucuta
         govt huila
         govt done",
    );
    let st = &t.game.state;
    assert_eq!(
        sabotaged(st, &r),
        [
            "loc_cartagena_santa_marta",
            "loc_cartagena_sincelejo",
            "loc_bogota_neiva"
        ]
    );
    assert_eq!(st.space(sp(&r, "huila")).terror, 0);
    assert_eq!(st.resources(GOVT), 40 + 26 + 9);
}

// ---- 6.3 Resources ----------------------------------------------------------------------

/// Govt Controls Bogotá with Troops and Police: the round stops at its Civic Action.
fn resources_setup(r: &Ruleset, president: u8) -> Setup {
    let mut s = board_with(r, president);
    put(&mut s, r, "bogota", TROOPS, 1);
    put(&mut s, r, "bogota", POLICE, 1);
    put(&mut s, r, "huila", base(FARC), 2);
    put(&mut s, r, "cesar", base(AUC), 1);
    put(&mut s, r, "guaviare", base(CARTELS), 2);
    put(&mut s, r, "vaupes", base(CARTELS), 1);
    s.state.place_sabotage(r, sp(r, "loc_bogota_neiva")).unwrap();
    s
}

#[test]
fn resources_government_earns_econ_plus_aid_except_under_samper() {
    let r = rules();
    // 6.3.1 EXCEPTION: with Samper as El Presidente, no Aid.
    let t = play_traced(&r, resources_setup(&r, SAMPER), &[73], "");
    assert_eq!(t.waiting(), "govt: Civic Action in which space?");
    let st = &t.game.state;
    assert_eq!(st.resources(GOVT), 40 + 28);
    assert_eq!(st.aid(), 9, "Aid stays on its track");
    // 6.3.2: FARC and AUC +1 per Base, Cartels +3 per Base.
    assert_eq!(st.resources(FARC), 10 + 2);
    assert_eq!(st.resources(AUC), 10 + 1);
    assert_eq!(st.resources(CARTELS), 10 + 9);
    let t = play_traced(&r, resources_setup(&r, PASTRANA), &[73], "");
    assert_eq!(t.waiting(), "govt: Civic Action in which space?");
    assert_eq!(t.game.state.resources(GOVT), 40 + 28 + 9);
}

#[test]
fn resources_cartels_earnings_per_base_momentum() {
    // Mexican Traffickers shaded: 4 per Base this Resources phase.
    let r = rules();
    let mut s = resources_setup(&r, URIBE);
    s.state.set_momentum_modifier("cartels_earnings_per_base", 4).unwrap();
    let t = play_traced(&r, s, &[73], "");
    assert_eq!(t.game.state.resources(CARTELS), 10 + 12);
}

#[test]
fn resources_stop_at_99() {
    let r = rules();
    let mut s = resources_setup(&r, URIBE);
    s.state.add_resources(&r, GOVT, 50).unwrap();
    let t = play_traced(&r, s, &[73], "");
    assert_eq!(t.game.state.resources(GOVT), 99);
}

#[test]
fn drug_profits_farc_then_auc_then_cartels_take_a_base_or_6() {
    let r = rules();
    let mut s = resources_setup(&r, URIBE);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put_shipment(&mut s, &r, "meta_east", FARC, false);
    put(&mut s, &r, "guaviare", auc_g(), 1); // 2 Bases there already: +6 only
    put_shipment(&mut s, &r, "guaviare", AUC, false);
    put(&mut s, &r, "vaupes", cartels_g(), 1);
    put_shipment(&mut s, &r, "vaupes", CARTELS, false);
    put_shipment(&mut s, &r, "vaupes", CARTELS, false);
    let t = play_traced(
        &r,
        s,
        &[73],
        "farc base
         # AUC: no room for a Base in Guaviare: +6 without a question
         cartels base
         # the 2nd Cartels Shipment: Vaupés is full now, +6 without a question",
    );
    assert_eq!(t.waiting(), "govt: Civic Action in which space?");
    let order: Vec<Faction> = t.asked.iter().map(|q| q.faction).collect();
    assert_eq!(order, [FARC, CARTELS, GOVT]);
    let st = &t.game.state;
    assert_eq!(st.shipments_on_map().count(), 0);
    assert_eq!(pieces(st, &r, "meta_east"), "1 farc U, 1 farc base");
    assert_eq!(pieces(st, &r, "vaupes"), "1 cartels U, 2 cartels base");
    // Earnings count the Bases before Drug Profits.
    assert_eq!(st.resources(FARC), 10 + 2);
    assert_eq!(st.resources(AUC), 10 + 1 + 6);
    assert_eq!(st.resources(CARTELS), 10 + 9 + 6);
}
