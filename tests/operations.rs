//! Operations (3.0) played through the engine with scripted answers, each asserting the
//! exact resulting state: COIN Operations (3.2) and Insurgent Operations (3.3).

mod common;
use abyss::kernel::{Dice, Faction, PieceType, Support};
use common::*;

const TROOPS: PieceType = PieceType::TROOPS;
const POLICE: PieceType = PieceType::POLICE;
const GOVT: Faction = Faction::Govt;
const FARC: Faction = Faction::Farc;
const AUC: Faction = Faction::Auc;
const CARTELS: Faction = Faction::Cartels;

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

#[test]
fn sweep_example_troops_reach_cesar_through_guerrilla_free_locs() {
    // 3.2.3 EXAMPLE: Troops from Cúcuta, Bucaramanga and Sincelejo reach Cesar through the
    // LoCs south of Barranquilla (no Guerrillas on any LoC); Troops in adjacent spaces may
    // enter directly. Then 1 Guerrilla is Activated per cube in Cesar (not Forest).
    let r = rules();
    let mut s = empty_setup(&r);
    let st = &mut s.state;
    for (slug, n) in [("cucuta", 1), ("bucaramanga", 1), ("sincelejo", 2)] {
        for _ in 0..n {
            st.place(&r, sp(&r, slug), TROOPS).unwrap();
        }
    }
    for _ in 0..3 {
        st.place(&r, sp(&r, "cesar"), farc_g()).unwrap();
    }
    let (g, result) = play_answers(
        &r,
        s,
        &[1],
        "govt sweep
         govt cesar
         govt sincelejo
         govt 2
         govt cucuta
         govt bucaramanga
         govt done    # no more Troops
         govt done    # no more Sweep spaces",
    );
    assert!(ran_out(&result), "{result:?}");
    let st = &g.state;
    let cesar = sp(&r, "cesar");
    assert_eq!(st.count(cesar, TROOPS), 4);
    assert_eq!(
        st.space(cesar).guerrillas(Faction::Farc, false),
        3,
        "4 cubes Activate all 3"
    );
    assert_eq!(st.resources(Faction::Govt), 40 - 3);
    assert_eq!(st.count(sp(&r, "sincelejo"), TROOPS), 0);
    assert_eq!(st.support(cesar), Support::Neutral);
}

// ---- Train (3.2.1) ----------------------------------------------------------------------

#[test]
fn train_places_up_to_6_cubes_in_a_city_and_in_a_department_with_a_base() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", base(GOVT), 1);
    put(&mut s, &r, "meta_east", POLICE, 1); // no Base: no cubes placed, nothing to do
    let t = play_traced(
        &r,
        s.clone(),
        &[1],
        "govt train
         govt bogota
         govt 4      # Troops
         govt 2      # Police (6 - 4 at most)",
    );
    t.assert_ran_out();
    let _ = t;
    // The offers: 0-6 Troops, then 0-2 Police; Meta East is not a Train space.
    let t = play_traced(&r, s.clone(), &[1], "govt train");
    assert!(t.offers("bogota") && t.offers("huila") && t.offers("cali"));
    assert!(!t.offers("meta_east"), "{:?}", t.offered());
    assert!(!t.offers("loc_bogota_neiva"));
    let t = play_traced(&r, s.clone(), &[1], "govt train\ngovt bogota");
    assert_eq!(t.offered(), ["0", "1", "2", "3", "4", "5", "6"]);
    let t = play_traced(&r, s.clone(), &[1], "govt train\ngovt bogota\ngovt 4");
    assert_eq!(t.offered(), ["0", "1", "2"]);

    let t = play_traced(
        &r,
        s,
        &[1],
        "govt train
         govt bogota
         govt 4      # Troops
         govt 2      # Police
         govt huila
         govt 0      # Troops
         govt 6      # Police
         govt done   # no more Train spaces
         govt done   # neither Base nor Civic Action
         govt done   # no Special Activity",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "farc: Execute an Operation, or Pass?");
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "bogota: 4 troops, 2 police",
            "huila: 6 police, 1 govt base",
            "meta_east: 1 police"
        ]
    );
    assert_eq!(st.resources(GOVT), 40 - 6);
    assert_eq!(st.available(TROOPS), 30 - 4);
    assert_eq!(st.available(POLICE), 30 - 9);
}

#[test]
fn train_replaces_3_cubes_with_a_base_in_a_city_or_a_department_without_one() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "antioquia", POLICE, 2);
    put(&mut s, &r, "antioquia", TROOPS, 2);
    put(&mut s, &r, "cali", base(CARTELS), 2); // Cali has no room for a Base
    put(&mut s, &r, "cali", TROOPS, 3);
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt train
         govt antioquia    # no cubes placed: no Base there yet
         govt cali
         govt 0
         govt 0
         govt done
         govt base         # only Antioquia can take a Base: asked no space
         govt govt-police
         govt govt-police  # then only Troops are left: no question",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["cali: 3 troops, 2 cartels base", "antioquia: 1 troops, 1 govt base"]
    );
    assert_eq!(st.resources(GOVT), 40 - 6);
    assert_eq!(st.available(base(GOVT)), 2);
    assert_eq!(st.available(POLICE), 30);
}

#[test]
fn train_civic_action_pays_3_more_per_step_and_removes_terror_first() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", TROOPS, 1);
    put(&mut s, &r, "cali", POLICE, 1);
    put(&mut s, &r, "cali", farc_g(), 1);
    let cali = sp(&r, "cali");
    s.state.place_terror(&r, cali).unwrap();
    s.state.place_terror(&r, cali).unwrap();
    s.state.set_support(&r, cali, Support::PassiveOpposition).unwrap();
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt train
         govt cali
         govt 0
         govt 0
         govt done
         govt civic-action     # Cali, the only space: asked no space
         govt yes              # 2nd step
         govt yes              # 3rd step
         govt no",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    // Two steps remove the two Terror markers, the third shifts one level.
    assert_eq!(st.space(cali).terror, 0);
    assert_eq!(st.support(cali), Support::Neutral);
    assert_eq!(st.resources(GOVT), 40 - 3 - 3 * 3);
    assert_eq!(st.markers_on_map(), 0);
}

#[test]
fn train_civic_action_needs_troops_police_and_control() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", POLICE, 2); // no Troops
    put(&mut s, &r, "medellin", TROOPS, 1);
    put(&mut s, &r, "medellin", POLICE, 1);
    put(&mut s, &r, "medellin", farc_g(), 2); // no Govt Control
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt train
         govt cali
         govt 0
         govt 0
         govt medellin
         govt 0
         govt 0
         govt done",
    );
    t.assert_ran_out();
    // Neither Civic Action nor a Base (only 2 cubes anywhere): the step is not asked.
    assert!(!t.asked.iter().any(|q| q.prompt == "Then a Base or Civic Action?"));
    assert_eq!(t.waiting(), "govt: Add a Special Activity?");
    assert_eq!(t.game.state.resources(GOVT), 40 - 6);
}

// ---- Patrol (3.2.2) ---------------------------------------------------------------------

fn patrol_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 3);
    put(&mut s, &r, "bogota", POLICE, 1);
    put(&mut s, &r, "loc_bogota_neiva", farc_g(), 2);
    put(&mut s, &r, "loc_bogota_neiva", auc_g(), 1);
    put(&mut s, &r, "ibague", auc_g(), 1);
    put(&mut s, &r, "loc_cali_pasto", POLICE, 1);
    put(&mut s, &r, "loc_cali_pasto", cartels_g(), 1);
    (r, s)
}

#[test]
fn patrol_cubes_move_through_locs_and_cities_until_they_meet_guerrillas() {
    let (r, s) = patrol_setup();
    let t = play_traced(&r, s, &[1], "govt patrol\ngovt bogota\ngovt govt-troops");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Move them to which LoC or City?");
    // Guerrillas stop the cubes in the Neiva LoC and in Ibagué: Neiva, Cali and Pasto are
    // out of reach; far Cities through Guerrilla-free LoCs are not; Departments never.
    for far in [
        "loc_bogota_neiva",
        "ibague",
        "bucaramanga",
        "cucuta",
        "santa_marta",
        "medellin",
    ] {
        assert!(t.offers(far), "{far}: {:?}", t.offered());
    }
    for out in ["neiva", "cali", "pasto", "loc_cali_ibague", "huila", "bogota"] {
        assert!(!t.offers(out), "{out}: {:?}", t.offered());
    }
}

#[test]
fn patrol_activates_per_cube_in_every_loc_then_assaults_in_one() {
    let (r, s) = patrol_setup();
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt patrol
         govt bogota
         govt govt-troops
         govt loc_bogota_neiva
         govt 2
         govt done              # no more moves
         # Cali-Pasto LoC: 1 Police Activates the Cartels Guerrilla (no question).
         govt farc              # Neiva LoC: 2 Troops Activate 2 of the 3 Guerrillas
         govt farc
         govt loc_bogota_neiva  # the free Assault: 2 Troops remove both Active FARC
         govt done              # no Special Activity",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "farc: Execute an Operation, or Pass?");
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "bogota: 1 troops, 1 police",
            "ibague: 1 auc U",
            "loc_cali_pasto: 1 police, 1 cartels A",
            "loc_bogota_neiva: 2 troops, 1 auc U",
        ]
    );
    assert_eq!(st.resources(GOVT), 40 - 3, "3 Resources in all");
    assert_eq!(st.available(farc_g()), 30);
}

#[test]
fn patrol_as_limited_operation_has_one_destination_and_assaults_only_there() {
    // Card 19: FARC, Govt, AUC, Cartels. FARC Rallies; the Government may only LimOp.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 2);
    put(&mut s, &r, "neiva", POLICE, 1);
    put(&mut s, &r, "loc_bogota_neiva", farc_g(), 2);
    put(&mut s, &r, "loc_cali_pasto", POLICE, 2);
    put_active(&mut s, &r, "loc_cali_pasto", CARTELS, 1);
    let answers = "farc rally
         farc huila
         farc done        # no more Rally spaces
         farc done        # no Special Activity
         govt patrol
         govt bogota
         govt loc_bogota_neiva
         govt 2
         govt neiva       # its Police can only go to the destination: not asked";
    let t = play_traced(&r, s.clone(), &[19], answers);
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Patrol: move cubes from which space?");
    assert!(!t.offers("air-lift"), "no Special Activity in a LimOp");
    let t = play_traced(
        &r,
        s,
        &[19],
        &format!(
            "{answers}
             govt done
             # Activation: 3 cubes in the Neiva LoC Activate both FARC (no question).
             govt loc_bogota_neiva"
        ),
    );
    let free_assault = t
        .asked
        .iter()
        .find(|q| q.prompt == "Free Assault in which LoC?")
        .unwrap();
    assert_eq!(free_assault.options.len(), 2, "the destination or none, not Cali-Pasto");
    assert!(t.result.is_ok(), "the deck ends after card 19: {:?}", t.result);
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "huila: 1 farc U",
            "loc_cali_pasto: 2 police, 1 cartels A",
            "loc_bogota_neiva: 2 troops, 1 police",
        ]
    );
    assert_eq!(st.resources(GOVT), 37);
    assert_eq!(st.resources(FARC), 9);
    assert_eq!(Faction::ALL.map(|f| st.eligible(f)), [false, false, true, true]);
}

// ---- Sweep (3.2.3) ----------------------------------------------------------------------

#[test]
fn sweep_in_forest_activates_1_per_2_cubes_and_never_enters_a_farc_zone() {
    let r = rules();
    let mut s = empty_setup(&r);
    s.state.place_farc_zone(&r, sp(&r, "meta_west")).unwrap();
    put(&mut s, &r, "meta_west", farc_g(), 2);
    put(&mut s, &r, "guaviare", farc_g(), 3);
    put(&mut s, &r, "meta_east", TROOPS, 3);
    put(&mut s, &r, "bogota", TROOPS, 2);
    let t = play_traced(&r, s.clone(), &[1], "govt sweep");
    assert!(t.offers("guaviare") && t.offers("meta_east"));
    assert!(!t.offers("meta_west"), "a FARC Zone is never a Sweep space");
    assert!(!t.offers("loc_bogota_san_jose"), "LoCs are not Sweep spaces");
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt sweep
         govt guaviare
         govt meta_east
         govt 3
         govt done      # Bogotá's Troops stay
         govt done      # no more Sweep spaces
         # Forest: 3 cubes Activate 1 (no question: only FARC there)
         govt done      # no Special Activity",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "bogota: 2 troops",
            "meta_west: 2 farc U",
            "guaviare: 3 troops, 2 farc U, 1 farc A",
        ]
    );
    assert_eq!(st.resources(GOVT), 37);
}

#[test]
fn sweep_troops_come_through_guerrilla_free_locs_only() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 2);
    put(&mut s, &r, "neiva", TROOPS, 2);
    put(&mut s, &r, "cali", TROOPS, 2);
    put(&mut s, &r, "loc_bogota_san_jose", farc_g(), 1);
    // Guaviare: Bogotá only through the San José LoC, which has a Guerrilla.
    let t = play_traced(&r, s.clone(), &[1], "govt sweep\ngovt guaviare");
    t.assert_ran_out();
    assert!(
        !t.asked.iter().any(|q| q.prompt == "Move Troops in from which space?"),
        "no Troops can come: not asked"
    );
    assert_eq!(t.waiting(), "govt: Sweep into which space?");
    // Meta West: Bogotá and Neiva are adjacent; Cali is not, nor through a LoC.
    let t = play_traced(&r, s, &[1], "govt sweep\ngovt meta_west");
    assert_eq!(t.offered(), ["bogota", "neiva", "done"]);
}

#[test]
fn sweep_capability_costs_and_space_limit() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 1);
    put(&mut s, &r, "cali", TROOPS, 1);
    put(&mut s, &r, "cali", farc_g(), 1);
    // Ospina & Mora unshaded: Sweep costs 1 Resource per space.
    let mut cheap = s.clone();
    cheap.state.set_lasting_modifier("sweep_cost", 1).unwrap();
    let t = play_traced(
        &r,
        cheap,
        &[1],
        "govt sweep
         govt bogota
         govt cali
         govt done
         govt done",
    );
    t.assert_ran_out();
    assert_eq!(t.game.state.resources(GOVT), 40 - 2);
    assert_eq!(pieces(&t.game.state, &r, "cali"), "1 troops, 1 farc A");
    // Ospina & Mora shaded: 1 Sweep space per card.
    let mut one = s.clone();
    one.state.set_lasting_modifier("sweep_max_spaces", 1).unwrap();
    let t = play_traced(&r, one, &[1], "govt sweep\ngovt bogota");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Sweep into which space?");
    assert!(!t.offers("cali"), "{:?}", t.offered());
    assert!(t.offers("done"));
}

#[test]
fn sweep_capability_police_may_enter_and_troops_or_police() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 2);
    put(&mut s, &r, "bogota", POLICE, 2);
    put(&mut s, &r, "huila", POLICE, 1);
    put(&mut s, &r, "huila", farc_g(), 5);
    // National Defense & Security Council unshaded: 1 Police may enter each Sweep space.
    let mut joint = s.clone();
    joint.state.set_lasting_modifier("sweep_police_may_enter", 1).unwrap();
    let t = play_traced(
        &r,
        joint,
        &[1],
        "govt sweep
         govt huila
         govt bogota
         govt 2            # Troops
         govt bogota       # then 1 Police (only 1 may enter)
         govt done
         govt done",
    );
    t.assert_ran_out();
    assert_eq!(
        pieces(&t.game.state, &r, "huila"),
        "2 troops, 2 police, 1 farc U, 4 farc A"
    );
    assert_eq!(pieces(&t.game.state, &r, "bogota"), "1 police");
    // Shaded: Activation through Troops or Police, not both (the larger counts).
    let mut rival = s;
    rival.state.set_lasting_modifier("sweep_troops_or_police", 1).unwrap();
    let t = play_traced(
        &r,
        rival,
        &[1],
        "govt sweep
         govt huila
         govt bogota
         govt 2
         govt done
         govt done",
    );
    t.assert_ran_out();
    assert_eq!(
        pieces(&t.game.state, &r, "huila"),
        "2 troops, 1 police, 3 farc U, 2 farc A"
    );
}

#[test]
fn sweep_never_activates_in_a_marked_space() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", TROOPS, 3);
    put(&mut s, &r, "cali", cartels_g(), 2);
    put(&mut s, &r, "medellin", TROOPS, 1);
    put(&mut s, &r, "medellin", cartels_g(), 1);
    let cali = sp(&r, "cali");
    s.state.set_lasting_modifier("sweep_never_activates", cali.0).unwrap();
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt sweep
         govt cali
         govt medellin
         govt done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "cali"), "3 troops, 2 cartels U");
    assert_eq!(pieces(st, &r, "medellin"), "1 troops, 1 cartels A");
    assert_eq!(st.resources(GOVT), 34);
}
