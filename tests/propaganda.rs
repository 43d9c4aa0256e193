//! Propaganda Rounds (6.0) and victory (7.0) through the engine: each phase with the exact
//! resulting state, and every way a game ends.

mod common;
use abyss::content::Setup;
use abyss::game::Ask;
use abyss::kernel::{Control, Faction, Ruleset, Support};
use common::*;

const SAMPER: u8 = 0;
const PASTRANA: u8 = 1;
const URIBE: u8 = 2;

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
    // 39 on the map, one left for several LoCs due: the FARC chooses which (issue 12,
    // docs/rulings.md "Rules 1-7"; before, the first in map order took it).
    let t = play_traced(&r, s, &[73], "farc loc_cartagena_santa_marta");
    let st = &t.game.state;
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

// ---- 6.4.1 Civic Action -----------------------------------------------------------------

#[test]
fn civic_action_needs_control_troops_and_police_and_removes_terror_first() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "bogota", TROOPS, 1);
    put(&mut s, &r, "bogota", POLICE, 1);
    s.state.place_terror(&r, sp(&r, "bogota")).unwrap();
    put(&mut s, &r, "cali", POLICE, 2); // no Troops
    put(&mut s, &r, "medellin", TROOPS, 1);
    put(&mut s, &r, "medellin", POLICE, 1);
    put(&mut s, &r, "medellin", auc_g(), 2); // no Control
    let t = play_traced(
        &r,
        s,
        &[73],
        "govt bogota
         govt yes     # after the Terror marker: to Passive Support
         govt yes     # to Active Support; then nothing more to do there",
    );
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    let first = t.asked.iter().find(|q| q.faction == GOVT).unwrap();
    assert_eq!(first.options.len(), 2, "Done or Bogotá");
    let st = &t.game.state;
    assert_eq!(st.resources(GOVT), 40 + 39 - 9);
    assert_eq!(level(st, &r, "bogota"), Support::ActiveSupport);
    assert_eq!(st.space(sp(&r, "bogota")).terror, 0);
    assert_eq!(st.total_support(), 16);
}

#[test]
fn civic_action_capabilities_min_cubes_and_any_cube_spaces() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "bogota", TROOPS, 1);
    put(&mut s, &r, "bogota", POLICE, 1);
    put(&mut s, &r, "cali", TROOPS, 2);
    put(&mut s, &r, "cali", POLICE, 2);
    put(&mut s, &r, "medellin", POLICE, 2);
    put(&mut s, &r, "ibague", TROOPS, 1);
    // 1st Division shaded: at least 2 Troops and 2 Police.
    let mut strict = s.clone();
    strict.state.set_lasting_modifier("civic_action_min_troops", 2).unwrap();
    strict.state.set_lasting_modifier("civic_action_min_police", 2).unwrap();
    let t = play_traced(&r, strict, &[73], "");
    assert_eq!(t.waiting(), "govt: Civic Action in which space?");
    assert_eq!(t.offered(), ["done", "cali"]);
    // 1st Division unshaded: 1 space each Support Phase needs only Control and any cube.
    let mut joint = s;
    joint
        .state
        .set_lasting_modifier("civic_action_any_cube_spaces", 1)
        .unwrap();
    let t = play_traced(&r, joint.clone(), &[73], "");
    assert_eq!(t.offered(), ["done", "bogota", "cali", "medellin", "ibague"]);
    let t = play_traced(&r, joint, &[73], "govt medellin\ngovt no");
    assert_eq!(t.waiting(), "govt: Civic Action in which space?");
    assert_eq!(t.offered(), ["done", "bogota", "cali"], "the 1 such space is used");
    assert_eq!(level(&t.game.state, &r, "medellin"), Support::PassiveSupport);
}

// ---- 6.4.2 Agitation --------------------------------------------------------------------

#[test]
fn agitation_in_farc_controlled_spaces_1_resource_a_step() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "huila", farc_g(), 2);
    s.state.place_terror(&r, sp(&r, "huila")).unwrap();
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "meta_east", auc_g(), 1); // a FARC piece but no FARC Control
    let t = play_traced(
        &r,
        s.clone(),
        &[73],
        "farc huila
         farc yes
         farc yes     # Active Opposition: nothing more to do there",
    );
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    let first = t.asked.iter().find(|q| q.faction == FARC).unwrap();
    assert_eq!(first.options.len(), 2, "Done or Huila");
    let st = &t.game.state;
    assert_eq!(st.resources(FARC), 10 - 3);
    assert_eq!(level(st, &r, "huila"), Support::ActiveOpposition);
    assert_eq!(st.space(sp(&r, "huila")).terror, 0);
    // With 1 Resource: 1 step, no question after it.
    let mut poor = s;
    poor.state.add_resources(&r, FARC, -9).unwrap();
    let t = play_traced(&r, poor, &[73], "farc huila");
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    assert_eq!(t.game.state.resources(FARC), 0);
    assert_eq!(t.game.state.space(sp(&r, "huila")).terror, 0);
    assert_eq!(level(&t.game.state, &r, "huila"), Support::Neutral);
}

#[test]
fn agitation_momentum_adds_spaces_with_a_farc_piece_and_no_govt_control() {
    // Alfonso Cano shaded: up to 3 more spaces with a FARC piece and no Govt Control.
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "meta_east", farc_g(), 1);
    put(&mut s, &r, "meta_east", auc_g(), 1);
    put(&mut s, &r, "antioquia", farc_g(), 1);
    put(&mut s, &r, "antioquia", POLICE, 2); // Govt Control
    s.state.set_momentum_modifier("agitation_extra_spaces", 3).unwrap();
    let t = play_traced(&r, s, &[73], "farc meta_east\nfarc no");
    assert_eq!(t.asked[0].options.len(), 2, "Done or Meta East");
    assert_eq!(level(&t.game.state, &r, "meta_east"), Support::PassiveOpposition);
    assert_eq!(t.game.state.resources(FARC), 9);
}

// ---- 6.4.3 Election, 6.4.4 FARC Zones ---------------------------------------------------

#[test]
fn election_pastrana_places_a_farc_zone_where_farc_has_most_pieces() {
    let r = rules();
    let mut s = board_with(&r, SAMPER);
    put(&mut s, &r, "huila", farc_g(), 2);
    put(&mut s, &r, "huila", base(FARC), 1);
    put(&mut s, &r, "huila", TROOPS, 2);
    put(&mut s, &r, "huila", POLICE, 1);
    put(&mut s, &r, "huila", base(GOVT), 1);
    put(&mut s, &r, "meta_east", farc_g(), 3);
    put(&mut s, &r, "guaviare", farc_g(), 1);
    put(&mut s, &r, "bogota", POLICE, 2);
    let t = play_traced(
        &r,
        s,
        &[73],
        "govt done              # Civic Action (Huila)
         farc done              # Agitation (Meta East)
         govt huila             # Huila or Meta East: 3 FARC pieces each
         govt 2                 # both Troops to Bogotá, the only Govt City or Base
         govt loc_bogota_neiva  # the Police to a LoC or a Govt-Controlled space",
    );
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    let zone_q = t
        .asked
        .iter()
        .find(|q| q.prompt.starts_with("Place the FARC Zone"))
        .unwrap();
    assert_eq!(zone_q.options.len(), 2);
    let st = &t.game.state;
    assert_eq!(st.president(), PASTRANA);
    assert!(st.space(sp(&r, "huila")).farc_zone);
    assert_eq!(pieces(st, &r, "huila"), "2 farc U, 1 farc base");
    assert_eq!(pieces(st, &r, "bogota"), "2 troops, 2 police");
    assert_eq!(pieces(st, &r, "loc_bogota_neiva"), "1 police");
    assert_eq!(st.available(base(GOVT)), 3, "its Base removed");
    assert_eq!(st.resources(GOVT), 40 + 30, "Samper: no Aid in this Resources phase");
}

#[test]
fn election_uribe_removes_all_farc_zones() {
    let r = rules();
    let mut s = board_with(&r, PASTRANA);
    for slug in ["meta_west", "guaviare"] {
        s.state.place_farc_zone(&r, sp(&r, slug)).unwrap();
    }
    let t = play_traced(&r, s, &[73], "");
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    let st = &t.game.state;
    assert_eq!(st.president(), URIBE);
    assert!(r.map.ids().all(|s| !st.space(s).farc_zone));
}

/// Active Support in every City and `extra` more Population of Departments: 50 + extra.
fn support(s: &mut Setup, r: &Ruleset, extra: u8) {
    for id in r.map.ids().filter(|&i| r.map.space(i).is_city()) {
        s.state.set_support(r, id, Support::ActiveSupport).unwrap();
    }
    let mut left = extra;
    for slug in ["antioquia", "santander", "huila"] {
        if left >= 4 {
            s.state.set_support(r, sp(r, slug), Support::ActiveSupport).unwrap();
            left -= 4;
        }
    }
    for slug in ["atlantico", "choco", "narino", "cesar"] {
        if left >= 1 {
            s.state.set_support(r, sp(r, slug), Support::PassiveSupport).unwrap();
            left -= 1;
        }
    }
    assert_eq!(left, 0);
    assert_eq!(s.state.total_support(), 50 + extra as u16);
}

#[test]
fn election_only_with_total_support_60_or_less() {
    let r = rules();
    let mut s = board_with(&r, SAMPER);
    support(&mut s, &r, 10);
    let t = play_traced(&r, s.clone(), &[73], "");
    // 60: Pastrana takes office and a FARC Zone is to be placed (all Departments tie at 0).
    assert_eq!(t.waiting(), "govt: Place the FARC Zone in which Department?");
    assert_eq!(t.game.state.president(), PASTRANA);
    let mut high = board_with(&r, SAMPER);
    support(&mut high, &r, 11);
    high.skip_victory = vec![1]; // 61 would win the Government the game
    let t = play_traced(&r, high, &[73], "");
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    assert_eq!(t.game.state.president(), SAMPER);
}

// ---- 6.4.5 Elite Backing ----------------------------------------------------------------

#[test]
fn elite_backing_is_a_free_auc_rally_in_1_space_without_opposition_or_control() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    s.state
        .set_support(&r, sp(&r, "cali"), Support::PassiveOpposition)
        .unwrap();
    put(&mut s, &r, "medellin", POLICE, 1); // Govt Control
    put(&mut s, &r, "neiva", farc_g(), 1); // FARC Control
    s.state
        .set_support(&r, sp(&r, "bogota"), Support::PassiveSupport)
        .unwrap();
    put(&mut s, &r, "bogota", POLICE, 1);
    put(&mut s, &r, "bogota", auc_g(), 1); // Uncontrolled
    let t = play_traced(&r, s.clone(), &[73], "farc done");
    assert_eq!(t.waiting(), "auc: Elite Backing: free Rally in which space?");
    let offered = t.offered_spaces();
    for yes in ["bogota", "cesar", "vichada"] {
        assert!(offered.contains(&yes.to_string()), "{yes}: {offered:?}");
    }
    for no in ["cali", "medellin", "neiva", "loc_bogota_neiva"] {
        assert!(!offered.contains(&no.to_string()), "{no}: {offered:?}");
    }
    let t = play_traced(
        &r,
        s,
        &[73],
        "farc done
         auc bogota      # places 1 Guerrilla (the only procedure)
         govt done       # no Police Redeploy",
    );
    t.assert_finished();
    let st = &t.game.state;
    assert_eq!(pieces(st, &r, "bogota"), "1 police, 2 auc U");
    assert_eq!(st.resources(AUC), 10, "free");
}

// ---- 6.5 Redeploy -----------------------------------------------------------------------

fn redeploy_setup(r: &Ruleset) -> Setup {
    let mut s = board_with(r, URIBE);
    put(&mut s, r, "loc_bogota_neiva", TROOPS, 2); // must go
    put(&mut s, r, "huila", TROOPS, 1); // must go: a Department without a Govt Base
    put(&mut s, r, "huila", farc_g(), 2);
    put(&mut s, r, "meta_east", TROOPS, 1); // stays: a Base
    put(&mut s, r, "meta_east", base(GOVT), 1);
    put(&mut s, r, "cali", TROOPS, 1); // a Govt-Controlled City
    put(&mut s, r, "medellin", TROOPS, 1); // a City: need not go; FARC Controls it
    put(&mut s, r, "medellin", farc_g(), 3);
    put(&mut s, r, "cartagena", POLICE, 1); // Uncontrolled
    put(&mut s, r, "cartagena", farc_g(), 1);
    put(&mut s, r, "santander", POLICE, 1); // Govt-Controlled, no Base
    s
}

#[test]
fn redeploy_moves_troops_off_locs_and_baseless_departments_to_govt_cities_or_bases() {
    let r = rules();
    let answers = "farc done          # Agitation
         auc done           # Elite Backing
         govt meta_east     # Huila's Troops: Cali or Meta East
         govt cali          # the LoC's Troops
         govt 2";
    let t = play_traced(&r, redeploy_setup(&r), &[73], answers);
    t.assert_ran_out();
    let first = t.asked.iter().find(|q| q.ask == Ask::RedeployTo).unwrap();
    assert_eq!(first.about, Some(sp(&r, "huila")), "mandatory moves first");
    assert_eq!(first.options.len(), 2, "Cali or Meta East only");
    // Then other Troops may move too: from Cali, Meta East or Medellín (not those that
    // moved already, 1 each left in Cali and Meta East).
    assert_eq!(t.waiting(), "govt: Redeploy more Troops from which space?");
    assert_eq!(t.offered(), ["done", "cali", "medellin", "meta_east"]);
    let t = play_traced(
        &r,
        redeploy_setup(&r),
        &[73],
        &format!(
            "{answers}
             govt done          # no more Troops
             govt santander     # Police: any LoC or Govt-Controlled space
             govt loc_cali_pasto
             govt done"
        ),
    );
    t.assert_finished();
    let police_to = t.asked.iter().rfind(|q| q.ask == Ask::RedeployTo).unwrap();
    assert_eq!(
        police_to.prompt, "Redeploy the Police to which space?",
        "says which cubes"
    );
    let words: Vec<String> = police_to.options.iter().map(|c| c.render(&r)).collect();
    assert!(words.contains(&"cali".into()) && words.contains(&"meta_east".into()));
    assert!(!words.contains(&"cartagena".into()) && !words.contains(&"medellin".into()));
    let locs = r.map.ids().filter(|&i| r.map.space(i).is_loc()).count();
    assert_eq!(words.len(), 2 + locs, "2 Govt-Controlled spaces and the LoCs");
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        [
            "cali: 3 troops",
            "medellin: 1 troops, 3 farc U",
            "cartagena: 1 police, 1 farc U",
            "huila: 2 farc U",
            "meta_east: 2 troops, 1 govt base",
            "loc_cali_pasto: 1 police",
        ]
    );
    assert_eq!(st.control(sp(&r, "huila")), Control::Farc);
}

#[test]
fn redeploy_control_is_judged_before_moving() {
    // 6.5: Control does not change until all Redeployment is complete. Cúcuta (1 Troops,
    // 1 AUC) is no destination though arriving Troops would Control it; Santa Marta stays
    // one after its own Troops leave.
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "loc_bogota_neiva", TROOPS, 2);
    put(&mut s, &r, "santa_marta", TROOPS, 2);
    put(&mut s, &r, "santa_marta", farc_g(), 1);
    put(&mut s, &r, "cucuta", TROOPS, 1);
    put(&mut s, &r, "cucuta", auc_g(), 1);
    put(&mut s, &r, "cali", TROOPS, 1);
    let t = play_traced(
        &r,
        s,
        &[73],
        "auc done
         govt cali            # the LoC's Troops: Cali or Santa Marta
         govt 2
         govt santa_marta     # more Troops: Santa Marta's to Cali (no question where)
         govt 2
         govt cucuta
         govt santa_marta     # still a destination, though FARC Controls it now
         govt done",
    );
    t.assert_finished();
    let first = t.asked.iter().find(|q| q.ask == Ask::RedeployTo).unwrap();
    assert_eq!(first.options.len(), 2, "not Cúcuta");
    let st = &t.game.state;
    assert_eq!(
        board(st, &r),
        ["cali: 5 troops", "santa_marta: 1 troops, 1 farc U", "cucuta: 1 auc U"]
    );
}

#[test]
fn redeploy_to_bogota_when_no_govt_city_or_base() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    put(&mut s, &r, "loc_bogota_neiva", TROOPS, 2);
    put(&mut s, &r, "bogota", farc_g(), 1);
    let t = play_traced(
        &r,
        s,
        &[73],
        "farc done   # Agitation in Bogotá
         auc done
         govt 2      # to Bogotá, though FARC Controls it",
    );
    t.assert_finished();
    assert_eq!(pieces(&t.game.state, &r, "bogota"), "2 troops, 1 farc U");
}

// ---- 6.6 Reset --------------------------------------------------------------------------

#[test]
fn reset_makes_all_eligible_removes_markers_flips_guerrillas_and_ends_momentum() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    s.state.set_eligible(FARC, false);
    s.state.set_eligible(CARTELS, false);
    s.state.place_terror(&r, sp(&r, "cesar")).unwrap();
    s.state.place_terror(&r, sp(&r, "cesar")).unwrap();
    s.state.place_sabotage(&r, sp(&r, "loc_bogota_neiva")).unwrap();
    put_active(&mut s, &r, "cesar", AUC, 2);
    put_active(&mut s, &r, "guaviare", CARTELS, 1);
    put(&mut s, &r, "guaviare", auc_g(), 1);
    s.state.set_momentum_modifier("no_air_strike", 1).unwrap();
    s.state.set_lasting_modifier("sweep_cost", 1).unwrap();
    let t = play_traced(&r, s, &[73], "auc done");
    t.assert_finished();
    let st = &t.game.state;
    assert_eq!(Faction::ALL.map(|f| st.eligible(f)), [true; 4]);
    assert_eq!(st.markers_on_map(), 0);
    assert!(r.map.ids().all(|s| st.space(s).terror == 0 && !st.space(s).sabotage));
    assert_eq!(pieces(st, &r, "cesar"), "2 auc U");
    assert_eq!(pieces(st, &r, "guaviare"), "1 auc U, 1 cartels U");
    assert!(!st.mods().no_air_strike, "Momentum ends");
    assert_eq!(st.mods().sweep_cost, 1, "Capabilities stay");
}

// ---- 7.0 Victory ------------------------------------------------------------------------

/// FARC: Bogotá and Cali at Active Opposition (22) and `bases` FARC Bases.
fn opposition(s: &mut Setup, r: &Ruleset, bases: u8) {
    for slug in ["bogota", "cali"] {
        s.state.set_support(r, sp(r, slug), Support::ActiveOpposition).unwrap();
    }
    for (i, slug) in ["vichada", "guainia", "vichada", "guainia"].iter().enumerate() {
        if i < bases as usize {
            put(s, r, slug, base(FARC), 1);
        }
    }
}

/// Cartels: `bases` Bases (2 a Department) and `resources` Resources.
fn cartels_at(s: &mut Setup, r: &Ruleset, bases: u8, resources: u8) {
    let slugs = ["putumayo", "narino", "choco", "atlantico", "cesar", "arauca"];
    for i in 0..bases {
        put(s, r, slugs[i as usize / 2], base(CARTELS), 1);
    }
    let now = s.state.resources(CARTELS) as i16;
    s.state.add_resources(r, CARTELS, resources as i16 - now).unwrap();
}

#[test]
fn each_factions_victory_condition_ends_the_game_at_the_victory_check() {
    let r = rules();
    for f in Faction::ALL {
        let mut s = board_with(&r, URIBE);
        match f {
            Faction::Govt => support(&mut s, &r, 11),
            Faction::Farc => opposition(&mut s, &r, 4),
            Faction::Auc => put(&mut s, &r, "cesar", base(AUC), 1),
            Faction::Cartels => cartels_at(&mut s, &r, 11, 41),
        }
        let t = play_traced(&r, s, &[73, 1], "");
        t.assert_finished();
        assert!(t.asked.is_empty(), "{f:?}: the game ends before any question");
        let o = t.result.unwrap();
        assert_eq!(o.victory_check, Some(1), "{f:?}");
        assert_eq!(o.winner(), [f]);
        assert_eq!(o.margins[f.index()], 1, "{f:?}: {:?}", o.margins);
        assert_eq!(o.conditions, Faction::ALL.map(|x| x == f));
    }
}

#[test]
fn cartels_need_both_bases_and_resources() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    cartels_at(&mut s, &r, 11, 40);
    let t = play_traced(&r, s, &[73], "");
    assert!(!t.asked.is_empty(), "no victory: the round goes on");
    assert_eq!(t.game.margin(CARTELS), 1, "after the Resources phase: 40 + 33");
}

#[test]
fn after_the_final_round_margins_rank_and_ties_go_to_cartels_then_auc_then_farc() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    s.final_propaganda = 1;
    // FARC 22 + 1 + 2 Bases - 25 = 0; AUC 2 - 2 = 0; Cartels min(10 - 10, 40 - 40) = 0.
    opposition(&mut s, &r, 2);
    s.state
        .set_support(&r, sp(&r, "cartagena"), Support::PassiveOpposition)
        .unwrap();
    put(&mut s, &r, "vaupes", base(AUC), 1);
    put(&mut s, &r, "amazonas", base(AUC), 1);
    cartels_at(&mut s, &r, 10, 40);
    // The final round skips Redeploy and Reset (6.6 PLAY NOTE).
    put(&mut s, &r, "loc_bogota_neiva", TROOPS, 1);
    s.state.set_eligible(FARC, false);
    let t = play_traced(&r, s, &[73], "auc done");
    t.assert_finished();
    let o = t.result.unwrap();
    assert_eq!(o.victory_check, None);
    assert_eq!(
        o.margins,
        [-60, 0, 0, 0],
        "Cartels: {} Resources now",
        t.game.state.resources(CARTELS)
    );
    let ranking: Vec<(Vec<Faction>, i16)> = o.ranking.clone();
    assert_eq!(
        ranking,
        [(vec![CARTELS], 0), (vec![AUC], 0), (vec![FARC], 0), (vec![GOVT], -60)]
    );
    assert_eq!(pieces(&t.game.state, &r, "loc_bogota_neiva"), "1 troops");
    assert!(!t.game.state.eligible(FARC));
}

#[test]
fn ties_go_to_non_players_first() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    s.final_propaganda = 1;
    s.seating.players = vec![vec![FARC], vec![AUC], vec![CARTELS]];
    s.seating.non_players = vec![GOVT];
    support(&mut s, &r, 0); // 50: margin -10
    cartels_at(&mut s, &r, 0, 40); // min(-10, 0) = -10
    let t = play_traced(&r, s, &[73], "auc done");
    t.assert_finished();
    let o = t.result.unwrap();
    assert_eq!(
        o.ranking,
        [
            (vec![AUC], 0),
            (vec![GOVT], -10),
            (vec![CARTELS], -10),
            (vec![FARC], -25)
        ]
    );
}

#[test]
fn a_player_with_two_factions_needs_both_conditions_and_uses_the_lower_margin() {
    let r = rules();
    let seats = vec![vec![GOVT, AUC], vec![FARC, CARTELS]];
    // AUC meets its condition, the Government does not: the game goes on.
    let mut s = board_with(&r, URIBE);
    s.final_propaganda = 1;
    s.seating.players = seats.clone();
    put(&mut s, &r, "cesar", base(AUC), 1);
    let t = play_traced(&r, s, &[73], "auc done");
    t.assert_finished();
    let o = t.result.unwrap();
    assert_eq!(o.victory_check, None);
    assert_eq!(o.conditions, [false, false, true, false]);
    assert_eq!(o.ranking, [(vec![FARC, CARTELS], -30), (vec![GOVT, AUC], -60)]);
    // Both meet theirs: the game ends at the check, with the lower margin.
    let mut s = board_with(&r, URIBE);
    s.seating.players = seats;
    support(&mut s, &r, 14);
    put(&mut s, &r, "cesar", base(AUC), 1);
    let t = play_traced(&r, s, &[73, 1], "");
    t.assert_finished();
    let o = t.result.unwrap();
    assert_eq!(o.victory_check, Some(1));
    assert_eq!(o.margins[..3], [4, -25, 1]);
    assert_eq!(o.ranking[0], (vec![GOVT, AUC], 1));
}

#[test]
fn skip_victory_rounds_do_not_end_the_game() {
    let r = rules();
    let mut s = board_with(&r, URIBE);
    support(&mut s, &r, 11);
    s.skip_victory = vec![1];
    let t = play_traced(
        &r,
        s,
        &[73, 1, 74],
        "auc done\ngovt pass\nfarc pass\nauc pass\ncartels pass",
    );
    t.assert_finished();
    // The 2nd Propaganda card's check ends it.
    let o = t.result.unwrap();
    assert_eq!(o.victory_check, Some(2));
    assert_eq!(o.winner(), [GOVT]);
}
