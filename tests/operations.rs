//! Operations (3.0) played through the engine with scripted answers, each asserting the
//! exact resulting state: COIN Operations (3.2) and Insurgent Operations (3.3).

mod common;
use abyss::kernel::{Dice, Faction, Support};
use common::*;

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
    assert_eq!(
        t.waiting(),
        "farc: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
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
    assert_eq!(
        t.waiting(),
        "farc: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
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
    t.assert_finished(); // the deck ends after card 19
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

#[test]
fn limited_patrol_that_moves_no_cube_has_no_destination_and_so_no_free_assault() {
    // 3.2.2: a Limited Patrol's Assault must be in its destination LoC. A Limited Patrol
    // that moves no cube has none: it still Activates on the LoC where its Police stand,
    // but it cannot Assault the Cartels Guerrillas there.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "loc_cali_pasto", POLICE, 2);
    put(&mut s, &r, "loc_cali_pasto", cartels_g(), 1);
    put_active(&mut s, &r, "loc_cali_pasto", CARTELS, 1);
    put(&mut s, &r, "huila", farc_g(), 1);
    let answers = "farc rally
         farc huila
         farc done
         farc done
         govt patrol
         govt done        # move nothing";
    let t = play_traced(&r, s, &[19], answers);
    assert!(
        t.asked.iter().all(|q| q.prompt != "Free Assault in which LoC?"),
        "no Assault question"
    );
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "loc_cali_pasto"), "2 police, 2 cartels A");
    assert_eq!(st.resources(GOVT), 37);
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

// ---- Assault (3.2.4) and Drug Bust (3.2.5) --------------------------------------------

#[test]
fn assault_troops_remove_1_each_and_police_count_in_cities_and_locs() {
    let r = rules();
    let mut s = empty_setup(&r);
    // 1.4.1 EXAMPLE: 3 Troops in Forest must remove 3 Active pieces (Police do not count
    // in a Department).
    put(&mut s, &r, "guaviare", TROOPS, 3);
    put(&mut s, &r, "guaviare", POLICE, 2);
    put_active(&mut s, &r, "guaviare", FARC, 4);
    put(&mut s, &r, "guaviare", base(FARC), 1);
    // City: 1 Troops + 2 Police remove 3: both Active AUC, then the AUC Base (Bases
    // last); the Underground Cartels Guerrilla cannot be touched.
    put(&mut s, &r, "cali", TROOPS, 1);
    put(&mut s, &r, "cali", POLICE, 2);
    put_active(&mut s, &r, "cali", AUC, 2);
    put(&mut s, &r, "cali", base(AUC), 1);
    put(&mut s, &r, "cali", cartels_g(), 1);
    // LoC: 2 Police remove 2.
    put(&mut s, &r, "loc_cali_pasto", POLICE, 2);
    put_active(&mut s, &r, "loc_cali_pasto", FARC, 3);
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt assault
         govt guaviare
         govt cali
         govt loc_cali_pasto
         govt done",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Add a Special Activity?");
    assert!(
        !t.asked.iter().any(|q| q.prompt == "Remove which piece?"),
        "every removal had one choice"
    );
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "cali: 1 troops, 2 police, 1 cartels U",
            "guaviare: 3 troops, 2 police, 1 farc A, 1 farc base",
            "loc_cali_pasto: 2 police, 1 farc A",
        ]
    );
    assert_eq!(st.resources(GOVT), 40 - 9);
}

#[test]
fn assault_in_mountain_removes_1_per_2_troops() {
    let r = rules();
    let mut s = empty_setup(&r);
    for (slug, troops) in [("antioquia", 3), ("santander", 4), ("huila", 1)] {
        put(&mut s, &r, slug, TROOPS, troops);
        put(&mut s, &r, slug, POLICE, 2);
        put_active(&mut s, &r, slug, FARC, 3);
    }
    let t = play_traced(&r, s.clone(), &[1], "govt assault");
    assert!(t.offers("antioquia") && t.offers("santander"));
    assert!(!t.offers("huila"), "1 Troops in Mountain removes nothing");
    let t = play_traced(
        &r,
        s.clone(),
        &[1],
        "govt assault
         govt antioquia
         govt santander
         govt done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "antioquia"), "3 troops, 2 police, 2 farc A");
    assert_eq!(pieces(st, &r, "santander"), "4 troops, 2 police, 1 farc A");
    assert_eq!(st.resources(GOVT), 34);

    // High Mountain Battalions unshaded: Mountain as City (Police count, Troops 1:1).
    let mut city = s.clone();
    city.state.set_lasting_modifier("assault_mountain_as_city", 1).unwrap();
    let t = play_traced(&r, city, &[1], "govt assault\ngovt huila\ngovt done");
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "huila"), "1 troops, 2 police");
    // Shaded: 1 piece per 4 Troops in Mountain.
    let mut four = s.clone();
    four.state
        .set_lasting_modifier("mountain_troops_per_removal", 4)
        .unwrap();
    // Santander is the only Assault space left; Air Lift could still come first, so
    // the engine asks (issue 12, 4.1).
    let t = play_traced(&r, four, &[1], "govt assault\ngovt santander\ngovt done");
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "santander"), "4 troops, 2 police, 2 farc A");
    assert_eq!(pieces(&t.game.state, &r, "antioquia"), "3 troops, 2 police, 3 farc A");
}

#[test]
fn assault_removes_bases_last_and_underground_guerrillas_protect_them() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", TROOPS, 4);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "meta_east", base(FARC), 1);
    put_active(&mut s, &r, "meta_east", AUC, 1);
    put(&mut s, &r, "meta_east", base(AUC), 1);
    // Meta East is the only Assault space; Air Lift could still come first, so the
    // engine asks (issue 12, 4.1).
    let t = play_traced(&r, s, &[1], "govt assault\ngovt meta_east\ngovt done");
    t.assert_ran_out();
    // The Active AUC Guerrilla, then the AUC Base; the FARC Base is safe under its
    // Underground Guerrilla, so the 4th Troops removes nothing.
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "meta_east"), "4 troops, 1 farc U, 1 farc base");
    assert_eq!(st.available(base(AUC)), 6);
}

#[test]
fn assault_drug_bust_adds_6_aid_per_shipment_lost() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", TROOPS, 2);
    put_active(&mut s, &r, "cali", CARTELS, 2);
    put_shipment(&mut s, &r, "cali", CARTELS, true);
    put_shipment(&mut s, &r, "cali", CARTELS, true);
    // Cali, the only space, is asked for (Air Lift could come first, 4.1); the Cartels
    // may transfer the first Guerrilla's Shipment or remove it (4.5.3): they transfer.
    let answers = "govt assault
                   govt cali
                   cartels cartels-guerrilla-active
                   govt done";
    let t = play_traced(&r, s.clone(), &[1], answers);
    t.assert_ran_out();
    // The first Guerrilla removed hands its Shipment to the other (4.5.3); the second
    // takes both with it: 2 Shipments lost, +12 Aid.
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "cali"), "2 troops");
    assert_eq!(st.shipments_on_map().count(), 0);
    assert_eq!(st.aid(), 9 + 12);
    // Aid stops at 29.
    let mut rich = s;
    rich.state.add_aid(&r, 16).unwrap();
    let t = play_traced(&r, rich, &[1], answers);
    t.assert_ran_out();
    assert_eq!(t.game.state.aid(), 29);
}

#[test]
fn assault_capability_costs_and_space_limit() {
    let r = rules();
    let mut s = empty_setup(&r);
    for slug in ["cali", "medellin"] {
        put(&mut s, &r, slug, TROOPS, 1);
        put_active(&mut s, &r, slug, FARC, 1);
    }
    // Tapias unshaded: 1 Resource per Assault space.
    let mut cheap = s.clone();
    cheap.state.set_lasting_modifier("assault_cost", 1).unwrap();
    let t = play_traced(&r, cheap, &[1], "govt assault\ngovt cali\ngovt medellin");
    t.assert_ran_out();
    assert_eq!(t.game.state.resources(GOVT), 38);
    assert_eq!(t.game.state.on_map(&r, farc_g()), 0);
    // Tapias shaded: 1 Assault space per card.
    let mut one = s;
    one.state.set_lasting_modifier("assault_max_spaces", 1).unwrap();
    let t = play_traced(&r, one, &[1], "govt assault\ngovt cali");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Assault in which space?");
    assert!(!t.offers("medellin"));
}

#[test]
fn momentum_bars_sweep_and_assault_in_departments_and_against_a_faction() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", TROOPS, 2);
    put_active(&mut s, &r, "cali", FARC, 1);
    put_active(&mut s, &r, "cali", AUC, 1);
    put(&mut s, &r, "medellin", TROOPS, 2);
    put_active(&mut s, &r, "medellin", AUC, 2);
    put(&mut s, &r, "huila", TROOPS, 2);
    put_active(&mut s, &r, "huila", FARC, 2);
    // Madrid Donors shaded: no Sweep or Assault in Departments.
    let mut cities = s.clone();
    cities
        .state
        .set_momentum_modifier("no_sweep_assault_in_departments", 1)
        .unwrap();
    let t = play_traced(&r, cities.clone(), &[1], "govt assault");
    assert_eq!(t.offered_spaces(), ["cali", "medellin"]);
    let t = play_traced(&r, cities, &[1], "govt sweep");
    assert!(t.offers("cali") && !t.offers("huila") && !t.offers("meta_east"));
    // Senado & Cámara shaded (AUC executed it): no Sweep or Assault against AUC.
    let mut spared = s;
    spared
        .state
        .set_momentum_modifier("no_sweep_assault_against", AUC.index() as u8)
        .unwrap();
    let t = play_traced(&r, spared.clone(), &[1], "govt assault");
    assert_eq!(t.offered_spaces(), ["cali", "huila"], "Medellín has only AUC");
    let t = play_traced(&r, spared, &[1], "govt assault\ngovt cali\ngovt done");
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "cali"), "2 troops, 1 auc A");
}

// ---- Rally (3.3.1) ----------------------------------------------------------------------

#[test]
fn rally_farc_never_in_support_and_auc_never_in_opposition() {
    let r = rules();
    let mut s = empty_setup(&r);
    s.state
        .set_support(&r, sp(&r, "cali"), Support::PassiveSupport)
        .unwrap();
    s.state
        .set_support(&r, sp(&r, "medellin"), Support::PassiveOpposition)
        .unwrap();
    s.state
        .set_support(&r, sp(&r, "huila"), Support::ActiveOpposition)
        .unwrap();
    s.state
        .set_support(&r, sp(&r, "antioquia"), Support::ActiveSupport)
        .unwrap();
    // Card 19: FARC first.
    let t = play_traced(&r, s.clone(), &[19], "farc rally");
    let farc = t.offered_spaces();
    for yes in ["bogota", "medellin", "huila", "vichada"] {
        assert!(farc.contains(&yes.to_string()), "FARC {yes}: {farc:?}");
    }
    for no in ["cali", "antioquia", "loc_bogota_neiva"] {
        assert!(!farc.contains(&no.to_string()), "FARC {no}: {farc:?}");
    }
    // Card 37: AUC first.
    let t = play_traced(&r, s, &[37], "auc rally");
    let auc = t.offered_spaces();
    for yes in ["bogota", "cali", "antioquia", "vichada"] {
        assert!(auc.contains(&yes.to_string()), "AUC {yes}: {auc:?}");
    }
    for no in ["medellin", "huila", "loc_bogota_neiva"] {
        assert!(!auc.contains(&no.to_string()), "AUC {no}: {auc:?}");
    }
}

#[test]
fn rally_places_1_guerrilla_or_replaces_2_with_a_base() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put_active(&mut s, &r, "meta_east", FARC, 1);
    put(&mut s, &r, "arauca", farc_g(), 2);
    put(&mut s, &r, "arauca", base(CARTELS), 2); // no room for a Base
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally
         farc huila        # only 'place' there: no question
         farc meta_east
         farc base
         farc farc-guerrilla-active   # then the Underground one: no question
         farc arauca       # full of Bases: only 'place'
         farc done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "huila: 1 farc U",
            "arauca: 3 farc U, 2 cartels base",
            "meta_east: 1 farc base",
        ]
    );
    assert_eq!(st.resources(FARC), 10 - 3);
    assert_eq!(st.available(farc_g()), 30 - 4);
}

#[test]
fn rally_with_a_base_places_up_to_bases_plus_population() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", base(FARC), 1); // Population 2
    // Nothing to move in: placing is the only procedure, chosen without a question.
    let t = play_traced(&r, s.clone(), &[19], "farc rally\nfarc huila");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "farc: Place how many Guerrillas?");
    assert_eq!(t.offered(), ["1", "2", "3"]);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally
         farc huila
         farc 3
         farc done",
    );
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "huila"), "3 farc U, 1 farc base");
    assert_eq!(t.game.state.resources(FARC), 9);
}

#[test]
fn rally_with_a_base_moves_guerrillas_in_from_anywhere_and_flips_all_underground() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", base(FARC), 1);
    put_active(&mut s, &r, "meta_east", FARC, 1);
    put_active(&mut s, &r, "narino", FARC, 2);
    put(&mut s, &r, "amazonas", farc_g(), 1);
    put(&mut s, &r, "loc_cali_pasto", farc_g(), 1);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally
         farc meta_east
         farc regroup
         farc narino      # not adjacent: any space
         farc 2
         farc amazonas    # 1 Guerrilla: no 'how many'
         farc done        # the LoC's Guerrilla stays
         farc done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["meta_east: 4 farc U, 1 farc base", "loc_cali_pasto: 1 farc U"]
    );
    assert_eq!(st.resources(FARC), 9);
}

// ---- March (3.3.2) ----------------------------------------------------------------------

#[test]
fn march_example_two_guerrillas_into_santander_with_support_and_2_cubes_go_active() {
    // 3.3.2 EXAMPLE: 2 Underground FARC Guerrillas March from Meta East into Santander
    // (Passive Support, 1 Police and 1 Troops): 2 + 2 > 3, so both flip Active.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", farc_g(), 2);
    put(&mut s, &r, "santander", POLICE, 1);
    put(&mut s, &r, "santander", TROOPS, 1);
    let santander = sp(&r, "santander");
    s.state.set_support(&r, santander, Support::PassiveSupport).unwrap();
    let answers = "farc march
         farc meta_east     # the only origin: asked all the same (Done is not yet an option)
         farc santander
         farc 2             # Underground (none Active: no question)
         # Nothing left to March or to add: no more questions for FARC.";
    let t = play_traced(&r, s.clone(), &[19], answers);
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert_eq!(pieces(&t.game.state, &r, "santander"), "1 troops, 1 police, 2 farc A");
    assert_eq!(t.game.state.resources(FARC), 9);
    // The same March into Neutral Santander stays Underground.
    let mut neutral = s.clone();
    neutral.state.set_support(&r, santander, Support::Neutral).unwrap();
    let t = play_traced(&r, neutral, &[19], answers);
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "santander"), "1 troops, 1 police, 2 farc U");
    // With Support but only 1 cube: 2 + 1 = 3 does not exceed 3.
    let mut one_cube = s;
    one_cube.state.remove(&r, santander, TROOPS, None).unwrap();
    let t = play_traced(&r, one_cube, &[19], answers);
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "santander"), "1 police, 2 farc U");
}

#[test]
fn march_the_owner_says_whether_its_shipment_goes_with_the_moving_guerrillas() {
    // 4.5.3: a Shipment moves with the Guerrilla holding it, and its owner may hand it to
    // another Guerrilla there at any time: 1 of 2 Underground Guerrillas moves, one of
    // them holds a Shipment, so the owner decides whether it goes.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 2);
    put_shipment(&mut s, &r, "huila", FARC, false);
    let answers = "farc march
         farc huila
         farc meta_west
         farc 1";
    let t = play_traced(&r, s.clone(), &[19], answers);
    t.assert_ran_out();
    assert_eq!(t.waiting(), "farc: How many of them carry Shipments?");
    assert_eq!(t.offered(), ["0", "1"]);
    for (carry, moved) in [(1, 1), (0, 0)] {
        let t = play_traced(&r, s.clone(), &[19], &format!("{answers}\nfarc {carry}\nfarc done"));
        t.assert_ran_out();
        let st = &t.game.state;
        assert_eq!(shipments_in(st, &r, "meta_west", FARC), moved);
        assert_eq!(shipments_in(st, &r, "huila", FARC), 1 - moved);
        assert_eq!(pieces(st, &r, "meta_west"), "1 farc U");
    }
    // Both Guerrillas move: the Shipment goes with them, no question.
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc march
         farc huila
         farc meta_west
         farc 2
         farc done",
    );
    t.assert_ran_out();
    assert_eq!(shipments_in(&t.game.state, &r, "meta_west", FARC), 1);
}

#[test]
fn march_onto_a_loc_is_free_and_always_exposed() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 5);
    put(&mut s, &r, "loc_bogota_neiva", POLICE, 2);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc march
         farc huila
         farc loc_bogota_neiva
         farc 2        # 2 + 2 Police > 3: Active
         farc huila
         farc loc_cali_pasto
         farc 3        # 3 + 0 = 3: stay Underground
         farc done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["loc_cali_pasto: 3 farc U", "loc_bogota_neiva: 2 police, 2 farc A"]
    );
    assert_eq!(st.resources(FARC), 10, "0 Resources to move onto LoCs");
}

#[test]
fn march_auc_counts_farc_guerrillas_as_cubes_and_is_exposed_in_opposition() {
    let r = rules();
    let mut s = empty_setup(&r);
    let medellin = sp(&r, "medellin");
    s.state.set_support(&r, medellin, Support::PassiveOpposition).unwrap();
    put(&mut s, &r, "medellin", POLICE, 1);
    put(&mut s, &r, "medellin", farc_g(), 1);
    put(&mut s, &r, "antioquia", auc_g(), 2);
    put(&mut s, &r, "choco", farc_g(), 2);
    // Card 37: AUC, Govt, FARC, Cartels. AUC: 2 + 1 Police + 1 FARC > 3 in Opposition.
    let t = play_traced(
        &r,
        s.clone(),
        &[37],
        "auc march
         auc antioquia
         auc medellin
         auc 2",
    );
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "medellin"), "1 police, 1 farc U, 2 auc A");
    assert_eq!(t.game.state.resources(AUC), 9);
    // FARC in Opposition: not exposed (and AUC Guerrillas would not count).
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc march
         farc choco
         farc medellin
         farc 2
         farc done",
    );
    t.assert_ran_out();
    assert_eq!(pieces(&t.game.state, &r, "medellin"), "1 police, 3 farc U");
}

#[test]
fn march_pays_1_per_city_or_department_entered_once_per_destination() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "neiva", farc_g(), 2);
    put(&mut s, &r, "cali", farc_g(), 1);
    put_active(&mut s, &r, "cali", FARC, 1);
    put(&mut s, &r, "putumayo", farc_g(), 1);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc march
         farc neiva
         farc huila
         farc 2          # 1 Resource for Huila
         farc cali
         farc huila      # Huila again: paid already
         farc 1          # 1 Underground
         farc 1          # and 1 Active
         farc putumayo
         farc loc_neiva_pasto   # a LoC: free
         farc done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["huila: 3 farc U, 1 farc A", "loc_neiva_pasto: 1 farc U"]
    );
    assert_eq!(st.resources(FARC), 9);
    // Pieces that moved do not move again: Huila is no origin now.
    let asked_origins = t
        .asked
        .iter()
        .rev()
        .find(|q| q.prompt == "March from which space?")
        .unwrap();
    assert!(
        !asked_origins
            .options
            .contains(&abyss::game::Choice::Space(sp(&r, "huila")))
    );
}

// ---- Attack (3.3.3) ---------------------------------------------------------------------

/// A set-up whose dice roll `rolls` first.
fn with_rolls(mut s: abyss::content::Setup, rolls: &[u8]) -> abyss::content::Setup {
    s.state.dice = Dice::new(seed_rolling(rolls));
    s
}

#[test]
fn attack_hits_when_the_roll_is_at_most_the_guerrillas_and_removes_up_to_2() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 3);
    put(&mut s, &r, "huila", TROOPS, 2);
    put(&mut s, &r, "huila", POLICE, 1);
    put(&mut s, &r, "huila", base(GOVT), 1);
    // A 3 with 3 Guerrillas: a hit. Bases last: Troops, Police, then the Base.
    let t = play_traced(
        &r,
        with_rolls(s.clone(), &[3]),
        &[19],
        "farc attack       # Huila, the only space: no question
         farc roll         # rather than Ambush
         farc govt-troops
         farc govt-police",
    );
    t.assert_ran_out();
    assert!(t.logged("FARC Attacks in Huila: rolls 3"));
    assert_eq!(pieces(&t.game.state, &r, "huila"), "1 troops, 1 govt base, 3 farc A");
    assert_eq!(t.game.state.resources(FARC), 9);
    // The first removal: no Base while cubes remain.
    let first = t.asked.iter().find(|q| q.prompt == "Remove which piece?").unwrap();
    assert_eq!(first.options.len(), 2);
    // A 4 with 3 Guerrillas: a miss, all Active all the same.
    let t = play_traced(&r, with_rolls(s, &[4]), &[19], "farc attack\nfarc roll");
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert_eq!(
        pieces(&t.game.state, &r, "huila"),
        "2 troops, 1 police, 1 govt base, 3 farc A"
    );
    assert_eq!(t.game.state.resources(FARC), 9);
}

#[test]
fn attack_rolling_1_places_a_guerrilla_and_captures_shipments() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 1);
    put(&mut s, &r, "huila", TROOPS, 1);
    put_active(&mut s, &r, "huila", CARTELS, 1);
    put_shipment(&mut s, &r, "huila", CARTELS, true);
    // A 1 hits with a single Guerrilla, and places another there (Captured Goods).
    let t = play_traced(
        &r,
        with_rolls(s, &[1]),
        &[19],
        "farc attack
         farc roll
         farc cartels-guerrilla-active   # its Shipment goes to the FARC Guerrilla
         farc govt-troops                # the Cartels done, the FARC may stop (3.1): it goes on",
    );
    t.assert_ran_out();
    assert!(t.logged("FARC Attacks in Huila: rolls 1"));
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "huila"), "1 farc U, 1 farc A");
    assert_eq!(shipments_in(st, &r, "huila", FARC), 1);
    assert_eq!(st.available(farc_g()), 28);
}

#[test]
fn attack_with_6_guerrillas_always_hits_and_only_a_1_captures_goods() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 6);
    put(&mut s, &r, "huila", TROOPS, 2);
    for roll in 1..=6 {
        let t = play_traced(
            &r,
            with_rolls(s.clone(), &[roll]),
            &[19],
            "farc attack\nfarc huila\nfarc roll",
        );
        t.assert_ran_out();
        assert!(t.logged(&format!("rolls {roll}")));
        let expected = if roll == 1 { "1 farc U, 6 farc A" } else { "6 farc A" };
        assert_eq!(pieces(&t.game.state, &r, "huila"), expected, "roll {roll}");
    }
}

// ---- Terror (3.3.4) ---------------------------------------------------------------------

#[test]
fn farc_terror_shifts_toward_active_opposition_and_sabotages_locs() {
    let r = rules();
    let mut s = empty_setup(&r);
    for slug in ["bogota", "huila", "meta_east", "loc_bogota_neiva", "loc_cali_pasto"] {
        put(&mut s, &r, slug, farc_g(), 2);
    }
    s.state
        .set_support(&r, sp(&r, "bogota"), Support::ActiveSupport)
        .unwrap();
    s.state
        .set_support(&r, sp(&r, "meta_east"), Support::ActiveOpposition)
        .unwrap();
    s.state.place_sabotage(&r, sp(&r, "loc_cali_pasto")).unwrap();
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc terror
         farc bogota
         farc huila
         farc meta_east
         farc loc_bogota_neiva
         farc loc_cali_pasto
         farc done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    let level = |slug: &str| st.support(sp(&r, slug));
    assert_eq!(level("bogota"), Support::PassiveSupport);
    assert_eq!(level("huila"), Support::PassiveOpposition);
    assert_eq!(level("meta_east"), Support::ActiveOpposition);
    for slug in ["bogota", "huila", "meta_east"] {
        assert_eq!(st.space(sp(&r, slug)).terror, 1, "{slug}");
        assert_eq!(pieces(st, &r, slug), "1 farc U, 1 farc A");
    }
    assert!(st.space(sp(&r, "loc_bogota_neiva")).sabotage);
    assert_eq!(st.markers_on_map(), 3 + 2, "no second Sabotage on a LoC");
    assert_eq!(st.resources(FARC), 10 - 3, "LoCs cost nothing");
    assert_eq!(st.aid(), 9, "FARC Terror cuts no Aid");
}

#[test]
fn auc_terror_shifts_toward_neutral_and_cuts_aid() {
    let r = rules();
    let mut s = empty_setup(&r);
    for slug in ["bogota", "medellin", "cali"] {
        put(&mut s, &r, slug, auc_g(), 1);
    }
    s.state
        .set_support(&r, sp(&r, "bogota"), Support::ActiveSupport)
        .unwrap();
    s.state
        .set_support(&r, sp(&r, "medellin"), Support::PassiveOpposition)
        .unwrap();
    // 2 or more spaces: Aid -5.
    let t = play_traced(
        &r,
        s.clone(),
        &[37],
        "auc terror
         auc bogota
         auc medellin
         auc cali          # nothing more to do: no more questions",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.support(sp(&r, "bogota")), Support::PassiveSupport);
    assert_eq!(st.support(sp(&r, "medellin")), Support::Neutral);
    assert_eq!(st.support(sp(&r, "cali")), Support::Neutral);
    assert_eq!(st.aid(), 9 - 5);
    assert_eq!(st.resources(AUC), 7);
    // 1 space: Aid -3, never below 0.
    let t = play_traced(&r, s.clone(), &[37], "auc terror\nauc cali\nauc done");
    t.assert_ran_out();
    assert_eq!(t.game.state.aid(), 6);
    let mut poor = s;
    poor.state.add_aid(&r, -7).unwrap();
    let t = play_traced(&r, poor, &[37], "auc terror\nauc cali\nauc done");
    t.assert_ran_out();
    assert_eq!(t.game.state.aid(), 0);
}

#[test]
fn terror_places_no_marker_once_all_40_are_on_the_map() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 1);
    for _ in 0..40 {
        s.state.place_terror(&r, sp(&r, "vichada")).unwrap();
    }
    let t = play_traced(&r, s, &[19], "farc terror");
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.space(sp(&r, "huila")).terror, 0);
    assert_eq!(
        st.support(sp(&r, "huila")),
        Support::PassiveOpposition,
        "the shift still happens"
    );
    assert_eq!(pieces(st, &r, "huila"), "1 farc A");
}

// ---- More branches ----------------------------------------------------------------------

#[test]
fn train_civic_action_costs_resources_even_in_a_free_train() {
    // 3.2.1: Civic Action pays its added Resources "even if Training was free" — here the
    // free LimOp of a Ship (2.3.6).
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 1);
    put(&mut s, &r, "bogota", POLICE, 1);
    put(&mut s, &r, "cali", cartels_g(), 1);
    put_shipment(&mut s, &r, "cali", CARTELS, false);
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt patrol
         govt done          # no moves; nothing to Activate or Assault
         govt done          # no Special Activity
         govt cartels       # Ship with the Cartels' Shipment
         cartels yes
         govt train         # the free LimOp
         govt bogota
         govt 0
         govt 0
         govt civic-action  # Bogotá: no question where
         govt no",
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "farc: Execute a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(st.resources(GOVT), 40 - 3 - 3, "Patrol 3, Train 0, Civic Action 3");
    assert_eq!(st.support(sp(&r, "bogota")), Support::PassiveSupport);
}

#[test]
fn march_as_limited_operation_has_one_destination() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 1);
    put(&mut s, &r, "neiva", farc_g(), 1);
    put(&mut s, &r, "cali", farc_g(), 1);
    // Card 1: the Government Sweeps (an Operation), FARC may only LimOp.
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt sweep
         govt vichada
         govt done
         farc march
         farc huila
         farc meta_west
         farc neiva     # to Meta West, the destination: no question",
    );
    t.assert_finished();
    let origins = t.last();
    assert_eq!(origins.prompt, "March from which space?");
    let words: Vec<String> = origins.options.iter().map(|c| c.render(&r)).collect();
    assert_eq!(words, ["neiva", "done"], "Cali is not next to Meta West");
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "meta_west"), "2 farc U");
    assert_eq!(st.resources(FARC), 9);
}

#[test]
fn momentum_spares_a_faction_from_sweep_activation() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "medellin", TROOPS, 2);
    put(&mut s, &r, "medellin", farc_g(), 1);
    put(&mut s, &r, "medellin", auc_g(), 2);
    s.state
        .set_momentum_modifier("no_sweep_assault_against", AUC.index() as u8)
        .unwrap();
    let t = play_traced(&r, s, &[1], "govt sweep\ngovt medellin\ngovt done");
    t.assert_ran_out();
    assert!(!t.was_asked("Activate a Guerrilla of which Faction?"));
    assert_eq!(pieces(&t.game.state, &r, "medellin"), "2 troops, 1 farc A, 2 auc U");
}

fn patrol_caps_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "loc_bogota_neiva", TROOPS, 1);
    put(&mut s, &r, "loc_bogota_neiva", farc_g(), 1);
    put_active(&mut s, &r, "loc_bogota_neiva", FARC, 1);
    put(&mut s, &r, "loc_cali_pasto", POLICE, 1);
    put_active(&mut s, &r, "loc_cali_pasto", AUC, 1);
    (r, s)
}

#[test]
fn patrol_capabilities_assault_in_each_loc_or_none_and_no_activation() {
    let (r, s) = patrol_caps_setup();
    // Plan Meteoro unshaded: a free Assault in each LoC, each "if desired" (3.2.2): the
    // Government picks them one at a time and may stop.
    let mut each = s.clone();
    each.state.set_lasting_modifier("patrol_assault_each_loc", 1).unwrap();
    let t = play_traced(
        &r,
        each.clone(),
        &[1],
        "govt patrol\ngovt done\ngovt loc_cali_pasto\ngovt loc_bogota_neiva",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Add a Special Activity?");
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "loc_bogota_neiva"), "1 troops, 1 farc A");
    assert_eq!(pieces(st, &r, "loc_cali_pasto"), "1 police");
    let t = play_traced(&r, each, &[1], "govt patrol\ngovt done\ngovt loc_cali_pasto\ngovt done");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Add a Special Activity?");
    assert_eq!(pieces(&t.game.state, &r, "loc_bogota_neiva"), "1 troops, 2 farc A");
    // Plan Meteoro shaded: no free Assault.
    let mut none = s.clone();
    none.state.set_lasting_modifier("patrol_no_assault", 1).unwrap();
    let t = play_traced(&r, none, &[1], "govt patrol\ngovt done");
    t.assert_ran_out();
    assert!(!t.was_asked("Free Assault in which LoC?"));
    assert_eq!(pieces(&t.game.state, &r, "loc_bogota_neiva"), "1 troops, 2 farc A");
    // Plan Colombia shaded: no Activation by Patrol.
    let mut quiet = s;
    quiet.state.set_momentum_modifier("patrol_no_activation", 1).unwrap();
    let t = play_traced(&r, quiet, &[1], "govt patrol\ngovt done");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Free Assault in which LoC?");
    assert_eq!(
        pieces(&t.game.state, &r, "loc_bogota_neiva"),
        "1 troops, 1 farc U, 1 farc A"
    );
}

#[test]
fn sweep_troops_move_only_once() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 2);
    let t = play_traced(
        &r,
        s,
        &[1],
        "govt sweep
         govt meta_east
         govt bogota
         govt 2           # then no Troops left to come: no question
         govt meta_west   # Meta East's Troops moved already: none can come",
    );
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Sweep into which space?");
    let asked = t
        .asked
        .iter()
        .filter(|q| q.prompt == "Move Troops in from which space?")
        .count();
    assert_eq!(asked, 1, "only for Meta East");
    assert_eq!(board(&t.game.state, &r), ["meta_east: 2 troops"]);
    assert_eq!(t.game.state.resources(GOVT), 34);
}
