//! Special Activities (4.0) played through the engine with scripted answers, each
//! asserting the exact resulting state.

mod common;
use abyss::kernel::{Dice, Support};
use common::*;

fn with_rolls(mut s: abyss::content::Setup, rolls: &[u8]) -> abyss::content::Setup {
    s.state.dice = Dice::new(seed_rolling(rolls));
    s
}

/// A Government Train in Cali placing nothing, up to its Special Activity question.
const TRAIN_CALI: &str = "govt train
     govt cali
     govt 0
     govt 0
     govt done";

// ---- Air Lift (4.2.1) -------------------------------------------------------------------

#[test]
fn air_lift_moves_up_to_3_troops_from_one_space_to_another_not_a_farc_zone() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", TROOPS, 5);
    s.state.place_farc_zone(&r, sp(&r, "meta_west")).unwrap();
    // Meta East, the only space with Troops, is the origin without a question.
    let t = play_traced(&r, s.clone(), &[1], &format!("{TRAIN_CALI}\ngovt air-lift"));
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Air Lift them to which space?");
    assert!(t.offers("vaupes") && t.offers("loc_pasto_tumaco"), "any space");
    assert!(!t.offers("meta_west") && !t.offers("meta_east"));
    let t = play_traced(
        &r,
        s.clone(),
        &[1],
        &format!("{TRAIN_CALI}\ngovt air-lift\ngovt vaupes"),
    );
    assert_eq!(t.offered(), ["1", "2", "3"]);
    let t = play_traced(
        &r,
        s.clone(),
        &[1],
        &format!("{TRAIN_CALI}\ngovt air-lift\ngovt vaupes\ngovt 3"),
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "farc: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert_eq!(board(&t.game.state, &r), ["meta_east: 2 troops", "vaupes: 3 troops"]);
    assert_eq!(t.game.state.resources(GOVT), 37);
    // Blackhawks: any number (unshaded), only 1 (shaded).
    for (max, offered) in [(u8::MAX, vec!["1", "2", "3", "4", "5"]), (1, vec![])] {
        let mut cap = s.clone();
        cap.state.set_lasting_modifier("air_lift_max", max).unwrap();
        let t = play_traced(&r, cap, &[1], &format!("{TRAIN_CALI}\ngovt air-lift\ngovt vaupes"));
        if offered.is_empty() {
            // 1 Troops: no question.
            assert_eq!(pieces(&t.game.state, &r, "vaupes"), "1 troops");
        } else {
            assert_eq!(t.offered(), offered);
        }
    }
}

// ---- Air Strike (4.2.2) -----------------------------------------------------------------

fn air_strike_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", TROOPS, 2);
    put_active(&mut s, &r, "huila", FARC, 1);
    put_active(&mut s, &r, "cali", FARC, 1);
    put(&mut s, &r, "meta_east", base(FARC), 1);
    put_active(&mut s, &r, "loc_cali_pasto", AUC, 1);
    (r, s)
}

#[test]
fn air_strike_only_with_patrol_sweep_or_assault_in_a_department_or_loc() {
    let (r, s) = air_strike_setup();
    let t = play_traced(&r, s.clone(), &[1], TRAIN_CALI);
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Add a Special Activity?");
    assert!(!t.offers("air-strike"), "not with Train: {:?}", t.offered());
    // Huila, the only Assault space, is Assaulted without a question; then the Air Strike.
    let t = play_traced(&r, s.clone(), &[1], "govt assault\ngovt air-strike");
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Air Strike which Department or LoC?");
    assert_eq!(t.offered(), ["meta_east", "loc_cali_pasto"], "not Cali, a City");
    let t = play_traced(&r, s, &[1], "govt assault\ngovt air-strike\ngovt meta_east");
    t.assert_ran_out();
    // The lone FARC Base goes: its Faction has no Guerrillas there.
    assert_eq!(
        board(&t.game.state, &r),
        ["cali: 1 farc A", "huila: 2 troops", "loc_cali_pasto: 1 auc A"]
    );
}

#[test]
fn momentum_no_air_strike() {
    let (r, mut s) = air_strike_setup();
    s.state.set_momentum_modifier("no_air_strike", 1).unwrap();
    let t = play_traced(&r, s, &[1], "govt assault");
    t.assert_ran_out();
    assert!(!t.offers("air-strike"), "{:?}", t.offered());
}

// ---- Eradicate (4.2.3) ------------------------------------------------------------------

#[test]
fn eradicate_adds_aid_removes_all_cartels_bases_and_shifts_toward_opposition() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "guaviare", base(CARTELS), 2);
    put(&mut s, &r, "guaviare", cartels_g(), 1);
    put(&mut s, &r, "cali", base(CARTELS), 1); // a City: no Eradicate
    s.state
        .set_support(&r, sp(&r, "meta_west"), Support::ActiveOpposition)
        .unwrap();
    let t = play_traced(&r, s.clone(), &[1], &format!("{TRAIN_CALI}\ngovt eradicate"));
    t.assert_ran_out();
    // Guaviare, the only Department with Cartels pieces, is chosen without a question.
    assert_eq!(t.waiting(), "govt: Shift which Department toward Opposition?");
    assert_eq!(t.offered(), ["guaviare", "putumayo", "meta_east"]);
    let t = play_traced(&r, s, &[1], &format!("{TRAIN_CALI}\ngovt eradicate\ngovt meta_east"));
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.aid(), 9 + 4);
    assert_eq!(pieces(st, &r, "guaviare"), "1 cartels U");
    assert_eq!(pieces(st, &r, "cali"), "1 cartels base");
    assert_eq!(st.support(sp(&r, "meta_east")), Support::PassiveOpposition);
    assert_eq!(st.support(sp(&r, "guaviare")), Support::Neutral);
}

#[test]
fn eradicate_places_a_farc_guerrilla_when_no_shift_is_possible() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "vaupes", base(CARTELS), 1); // Population 0
    for slug in ["guaviare", "putumayo"] {
        s.state
            .set_support(&r, sp(&r, slug), Support::ActiveOpposition)
            .unwrap();
    }
    let t = play_traced(&r, s, &[1], &format!("{TRAIN_CALI}\ngovt eradicate"));
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "farc: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "vaupes"), "1 farc U");
    assert_eq!(st.aid(), 13);
}

// ---- Extort (4.3.1, 4.4.1) --------------------------------------------------------------

#[test]
fn extort_needs_control_and_an_underground_guerrilla_and_earns_1_per_space() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 2);
    put(&mut s, &r, "loc_bogota_neiva", farc_g(), 1);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "meta_east", POLICE, 1); // no Control
    put_active(&mut s, &r, "guaviare", FARC, 2); // no Underground Guerrilla
    put(&mut s, &r, "bogota", POLICE, 1);
    let answers = "farc rally
         farc bogota       # 1 Guerrilla against 1 Police: no Control
         farc done
         farc extort";
    let t = play_traced(&r, s.clone(), &[19], answers);
    t.assert_ran_out();
    assert_eq!(t.offered(), ["huila", "loc_bogota_neiva"]);
    let t = play_traced(&r, s, &[19], &format!("{answers}\nfarc huila\nfarc loc_bogota_neiva"));
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "huila"), "1 farc U, 1 farc A");
    assert_eq!(pieces(st, &r, "loc_bogota_neiva"), "1 farc A");
    assert_eq!(st.resources(FARC), 10 - 1 + 2);
}

#[test]
fn auc_extorts_where_it_controls() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cesar", auc_g(), 2);
    put(&mut s, &r, "cesar", POLICE, 1);
    put(&mut s, &r, "antioquia", auc_g(), 1);
    put(&mut s, &r, "antioquia", farc_g(), 1); // AUC does not outnumber the rest
    put(&mut s, &r, "bogota", POLICE, 1);
    let t = play_traced(
        &r,
        s,
        &[37],
        "auc rally
         auc bogota
         auc done
         auc extort    # Cesar, the only space: no question",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "cesar"), "1 police, 1 auc U, 1 auc A");
    assert_eq!(pieces(st, &r, "antioquia"), "1 farc U, 1 auc U");
    assert_eq!(st.resources(AUC), 10);
}

#[test]
fn farc_with_0_resources_extorts_then_pays_for_its_rally() {
    // 4.1 EXAMPLE: FARC with 0 Resources Extorts enough to pay for the accompanying
    // Operation thereafter.
    let r = rules();
    let mut s = empty_setup(&r);
    s.state.add_resources(&r, FARC, -10).unwrap();
    put(&mut s, &r, "huila", farc_g(), 1);
    put(&mut s, &r, "guaviare", farc_g(), 1);
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc rally        # offered: Extort can pay for it
         # Extort is the only thing FARC can do first: chosen without a question.
         farc huila
         farc guaviare     # Extort ends: no space left
         farc meta_east
         farc vichada      # the second Resource pays for a second space",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.resources(FARC), 0);
    assert_eq!(
        board(st, &r),
        [
            "guaviare: 1 farc A",
            "huila: 1 farc A",
            "meta_east: 1 farc U",
            "vichada: 1 farc U"
        ]
    );
}

// ---- Ambush (4.3.2, 4.4.1) --------------------------------------------------------------

#[test]
fn ambush_succeeds_without_a_roll_and_activates_only_1() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "huila", farc_g(), 3);
    put(&mut s, &r, "huila", TROOPS, 3);
    let dice = s.state.dice.clone();
    let t = play_traced(&r, s, &[19], "farc attack\nfarc ambush");
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(
        pieces(st, &r, "huila"),
        "1 troops, 3 farc U, 1 farc A",
        "+1 as if a 1 was rolled"
    );
    assert_eq!(st.dice, dice, "no roll");
    assert_eq!(st.resources(FARC), 9);
    assert!(
        !t.was_asked("Add a Special Activity?"),
        "Ambush was the Special Activity"
    );
}

#[test]
fn auc_ambushes_the_same_way() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cesar", auc_g(), 1);
    put(&mut s, &r, "cesar", farc_g(), 1);
    put(&mut s, &r, "cesar", base(FARC), 1);
    let t = play_traced(&r, s, &[37], "auc attack\nauc ambush");
    t.assert_ran_out();
    // The Guerrilla, then the Base (none of its Faction's Guerrillas left).
    assert_eq!(pieces(&t.game.state, &r, "cesar"), "1 auc U, 1 auc A");
}

// ---- Kidnap (4.3.3) ---------------------------------------------------------------------

#[test]
fn kidnap_in_a_city_takes_a_die_roll_of_government_resources() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", farc_g(), 2);
    put(&mut s, &r, "bogota", POLICE, 1);
    put(&mut s, &r, "cali", farc_g(), 1);
    put(&mut s, &r, "cali", POLICE, 1); // not more FARC Guerrillas than Police
    let t = play_traced(
        &r,
        with_rolls(s, &[4]),
        &[19],
        "farc terror
         farc cali
         farc bogota
         farc kidnap     # Bogotá, the only Kidnap space, from the Government: no questions
         # Terror then ends by itself: no space left, the Special Activity done.",
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    assert!(t.logged("Kidnap in Bogotá: rolls 4, takes 4"));
    let st = &t.game.state;
    assert_eq!(st.resources(GOVT), 40 - 4);
    assert_eq!(st.resources(FARC), 10 - 2 + 4);
    assert_eq!(pieces(st, &r, "bogota"), "1 police, 1 farc U, 1 farc A");
    assert_eq!(st.support(sp(&r, "bogota")), Support::PassiveOpposition);
    assert_eq!(st.space(sp(&r, "bogota")).terror, 1);
}

#[test]
fn kidnap_where_cartels_have_a_base_takes_cartels_resources_and_a_6_lets_auc_place() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "guaviare", farc_g(), 2);
    put(&mut s, &r, "guaviare", base(CARTELS), 1);
    let t = play_traced(
        &r,
        with_rolls(s, &[6]),
        &[19],
        "farc terror
         farc kidnap     # Guaviare, from the Cartels: no questions
         auc auc-base    # the 6: AUC places a Guerrilla or a Base",
    );
    t.assert_ran_out();
    assert!(t.logged("rolls 6, takes 6"));
    let st = &t.game.state;
    assert_eq!(st.resources(CARTELS), 10 - 6);
    assert_eq!(st.resources(FARC), 10 - 1 + 6);
    assert_eq!(st.resources(GOVT), 40);
    assert_eq!(
        pieces(st, &r, "guaviare"),
        "1 farc U, 1 farc A, 1 auc base, 1 cartels base"
    );
}

#[test]
fn kidnap_drug_ransom_takes_the_cartels_shipment_instead_of_rolling() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "guaviare", farc_g(), 2);
    put(&mut s, &r, "guaviare", base(CARTELS), 1);
    put(&mut s, &r, "guaviare", cartels_g(), 1);
    put_shipment(&mut s, &r, "guaviare", CARTELS, false);
    let dice = s.state.dice.clone();
    let t = play_traced(
        &r,
        s,
        &[19],
        "farc terror
         farc guaviare                     # Terror first (a Kidnap could also come first)
         farc kidnap
         farc farc-guerrilla-underground   # the FARC Guerrilla that takes the Shipment",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.dice, dice, "no roll");
    assert_eq!(st.resources(CARTELS), 10);
    assert_eq!(st.resources(FARC), 9);
    assert_eq!(shipments_in(st, &r, "guaviare", CARTELS), 0);
    assert_eq!(shipments_in(st, &r, "guaviare", FARC), 1);
    let holder = st.shipment_holder(st.shipments_on_map().next().unwrap().0).unwrap();
    assert!(st.piece(holder).underground);
}

#[test]
fn kidnap_in_a_free_loc_pays_for_a_later_terror_space() {
    let r = rules();
    let mut s = empty_setup(&r);
    s.state.add_resources(&r, FARC, -10).unwrap();
    put(&mut s, &r, "loc_bogota_neiva", farc_g(), 1);
    put(&mut s, &r, "bogota", farc_g(), 1);
    let t = play_traced(
        &r,
        with_rolls(s, &[3]),
        &[19],
        "farc terror
         farc loc_bogota_neiva  # at 0 Resources the free LoC, or a Kidnap first (4.3.3)
         farc kidnap
         farc loc_bogota_neiva  # there, from the Government: +3
         farc done              # no second Kidnap
         farc bogota            # now FARC can pay for Bogotá",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.resources(FARC), 3 - 1);
    assert_eq!(st.resources(GOVT), 37);
    assert!(st.space(sp(&r, "loc_bogota_neiva")).sabotage);
    assert_eq!(st.support(sp(&r, "bogota")), Support::PassiveOpposition);
}

// ---- Assassinate (4.4.2) ----------------------------------------------------------------

fn assassinate_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", auc_g(), 2);
    put(&mut s, &r, "cali", POLICE, 1);
    put(&mut s, &r, "cali", farc_g(), 1);
    put(&mut s, &r, "cali", base(FARC), 1);
    put_active(&mut s, &r, "cali", CARTELS, 1);
    put_shipment(&mut s, &r, "cali", CARTELS, true);
    put(&mut s, &r, "medellin", auc_g(), 1);
    put(&mut s, &r, "medellin", POLICE, 1); // AUC does not outnumber the Police
    (r, s)
}

#[test]
fn assassinate_removes_any_enemy_piece_even_a_protected_base() {
    let (r, s) = assassinate_setup();
    let answers = "auc terror
         auc medellin
         auc cali
         auc assassinate   # Cali, the only space: no question";
    let t = play_traced(&r, s.clone(), &[37], answers);
    t.assert_ran_out();
    assert_eq!(t.waiting(), "auc: Remove which piece?");
    assert_eq!(
        t.offered(),
        [
            "govt-police",
            "farc-guerrilla-underground",
            "farc-base",
            "cartels-guerrilla-active"
        ]
    );
    let t = play_traced(&r, s, &[37], &format!("{answers}\nauc farc-base"));
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        pieces(st, &r, "cali"),
        "1 police, 1 farc U, 1 auc U, 1 auc A, 1 cartels A"
    );
    assert_eq!(st.aid(), 9 - 5, "AUC Terror in 2 spaces");
    assert_eq!(st.resources(AUC), 8);
}

#[test]
fn assassinate_commandeers_the_shipment_of_the_removed_guerrilla() {
    let (r, s) = assassinate_setup();
    let t = play_traced(
        &r,
        s,
        &[37],
        "auc terror
         auc cali
         auc assassinate
         auc cartels-guerrilla-active
         auc auc-guerrilla-active     # the AUC Guerrilla that takes the Shipment",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(
        pieces(st, &r, "cali"),
        "1 police, 1 farc U, 1 farc base, 1 auc U, 1 auc A"
    );
    assert_eq!(shipments_in(st, &r, "cali", AUC), 1);
}

#[test]
fn commandeer_takes_the_guerrilla_holding_the_shipment_when_the_class_has_two() {
    // 4.4.2 Commandeer: of 2 Active Cartels Guerrillas, only one holds a Shipment. The
    // AUC picks the piece it removes, and taking the holder wins it the Shipment.
    let (r, mut s) = assassinate_setup();
    put_active(&mut s, &r, "cali", CARTELS, 1);
    let t = play_traced(
        &r,
        s,
        &[37],
        "auc terror
         auc cali
         auc assassinate
         auc cartels-guerrilla-active
         auc auc-guerrilla-active",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(shipments_in(st, &r, "cali", AUC), 1);
    assert_eq!(shipments_in(st, &r, "cali", CARTELS), 0);
    assert_eq!(
        pieces(st, &r, "cali"),
        "1 police, 1 farc U, 1 farc base, 1 auc U, 1 auc A, 1 cartels A"
    );
}

// ---- Cultivate (4.5.1) ------------------------------------------------------------------

fn cartels_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "cali", cartels_g(), 2);
    put(&mut s, &r, "cali", POLICE, 1);
    put(&mut s, &r, "vaupes", base(CARTELS), 1);
    put(&mut s, &r, "vichada", cartels_g(), 2); // Population 0
    put(&mut s, &r, "medellin", cartels_g(), 1);
    put(&mut s, &r, "medellin", POLICE, 1); // not more Guerrillas than Police
    (r, s)
}

#[test]
fn cultivate_places_a_base_in_a_rally_department() {
    let (r, s) = cartels_setup();
    // Card 55: Cartels, Govt, FARC, AUC.
    let answers = "cartels rally
         cartels guaviare     # places 1 Guerrilla (the only procedure)
         cartels cultivate";
    let t = play_traced(&r, s.clone(), &[55], answers);
    t.assert_ran_out();
    assert_eq!(t.offered(), ["cali", "guaviare"]);
    let t = play_traced(&r, s.clone(), &[55], &format!("{answers}\ncartels guaviare"));
    assert_eq!(t.offered(), ["relocate", "base"]);
    let t = play_traced(&r, s, &[55], &format!("{answers}\ncartels guaviare\ncartels base"));
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "guaviare"), "1 cartels U, 1 cartels base");
    assert_eq!(pieces(st, &r, "vaupes"), "1 cartels base");
    assert_eq!(st.resources(CARTELS), 9);
}

#[test]
fn cultivate_relocates_a_base_from_anywhere() {
    let (r, s) = cartels_setup();
    let t = play_traced(
        &r,
        s,
        &[55],
        "cartels rally
         cartels guaviare
         cartels cultivate
         cartels cali      # a City, not a Rally space: relocate only, from Vaupés only",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "cali"), "1 police, 2 cartels U, 1 cartels base");
    assert_eq!(pieces(st, &r, "vaupes"), "");
}

// ---- Process (4.5.2) --------------------------------------------------------------------

fn process_setup() -> (abyss::kernel::Ruleset, abyss::content::Setup) {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "guaviare", base(CARTELS), 1);
    put(&mut s, &r, "guaviare", cartels_g(), 1);
    put(&mut s, &r, "guaviare", farc_g(), 1);
    put(&mut s, &r, "putumayo", base(CARTELS), 1);
    put(&mut s, &r, "putumayo", cartels_g(), 1);
    put(&mut s, &r, "vaupes", base(CARTELS), 1);
    (r, s)
}

#[test]
fn process_removes_bases_for_3_resources_each() {
    let (r, s) = process_setup();
    let t = play_traced(
        &r,
        s,
        &[55],
        "cartels rally
         cartels cali
         cartels process
         cartels remove-bases
         cartels vaupes
         cartels putumayo
         cartels done",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(st.resources(CARTELS), 10 - 1 + 6);
    assert_eq!(st.on_map(&r, base(CARTELS)), 1);
    assert_eq!(pieces(st, &r, "putumayo"), "1 cartels U");
}

#[test]
fn process_places_1_or_2_shipments_under_guerrillas_where_cartels_have_bases() {
    let (r, s) = process_setup();
    let t = play_traced(
        &r,
        s,
        &[55],
        "cartels rally
         cartels cali
         cartels process
         cartels shipments
         cartels guaviare
         cartels farc-guerrilla-underground    # any Guerrilla: FARC then owns it
         cartels putumayo                      # its only Guerrilla: no question",
    );
    t.assert_ran_out();
    let st = &t.game.state;
    assert_eq!(shipments_in(st, &r, "guaviare", FARC), 1);
    assert_eq!(shipments_in(st, &r, "putumayo", CARTELS), 1);
    assert_eq!(st.shipments_on_map().count(), 2);
    assert_eq!(st.resources(CARTELS), 9);
}

// ---- Bribe (4.5.4) ----------------------------------------------------------------------

#[test]
fn bribe_costs_3_a_space_removes_cubes_flips_or_removes_guerrillas_or_a_base() {
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "bogota", TROOPS, 3);
    put(&mut s, &r, "huila", farc_g(), 1);
    put_active(&mut s, &r, "huila", AUC, 1);
    put_shipment(&mut s, &r, "huila", AUC, true);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "meta_east", base(FARC), 1);
    let t = play_traced(
        &r,
        s,
        &[55],
        "cartels rally
         cartels cali
         cartels bribe
         cartels bogota            # cubes only: remove them (no question), the 1st Troops too
         cartels govt-troops       # a 2nd Troops
         cartels huila             # Guerrillas only: remove or flip them
         cartels farc-guerrilla-underground
         cartels flip
         cartels auc-guerrilla-active
         cartels remove
         cartels farc-guerrilla-active   # Contraband: its Shipment to the FARC Guerrilla
         cartels meta_east
         cartels base              # the FARC Base, though its Guerrilla is there
         # 3 spaces: Bribe ends; 0 Resources left: the Rally ends too.",
    );
    t.assert_ran_out();
    assert_eq!(
        t.waiting(),
        "govt: Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
    );
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "bogota: 1 troops",
            "cali: 1 cartels U",
            "huila: 1 farc A",
            "meta_east: 1 farc U"
        ]
    );
    assert_eq!(shipments_in(st, &r, "huila", FARC), 1);
    assert_eq!(st.resources(CARTELS), 10 - 1 - 9);
}

#[test]
fn momentum_no_government_special_activity_where_guerrillas() {
    // Misil Antiaéreo shaded: no Govt Special Activities where Guerrillas.
    let r = rules();
    let mut s = empty_setup(&r);
    put(&mut s, &r, "meta_east", TROOPS, 3);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "bogota", TROOPS, 2);
    put(&mut s, &r, "guaviare", base(CARTELS), 1);
    put(&mut s, &r, "guaviare", cartels_g(), 1);
    put(&mut s, &r, "putumayo", base(CARTELS), 1);
    s.state
        .set_momentum_modifier("no_govt_special_where_guerrillas", 1)
        .unwrap();
    // Air Lift: from Bogotá only (no question), never into Meta East or Guaviare.
    let t = play_traced(&r, s.clone(), &[1], &format!("{TRAIN_CALI}\ngovt air-lift"));
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Air Lift them to which space?");
    assert!(t.offers("cali") && !t.offers("meta_east") && !t.offers("guaviare"));
    // Eradicate: Putumayo only (no question), not Guaviare.
    let t = play_traced(&r, s, &[1], &format!("{TRAIN_CALI}\ngovt eradicate"));
    t.assert_ran_out();
    assert_eq!(t.waiting(), "govt: Shift which Department toward Opposition?");
    assert_eq!(t.game.state.on_map(&r, base(CARTELS)), 1);
    assert_eq!(pieces(&t.game.state, &r, "putumayo"), "");
}
