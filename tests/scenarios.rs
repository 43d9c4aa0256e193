//! The scenarios of the set-up sheet: totals, Control of every space, forces, tracks, deck.

mod common;
use abyss::content::DeckSpec;
use abyss::kernel::{Control, Faction, PieceType, Support};
use common::{rules, setup, sp, with_mod};

fn control_lists(name: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let r = rules();
    let st = setup(&r, name).state;
    let mut lists = (vec![], vec![], vec![]);
    for s in r.map.ids().filter(|&s| !r.map.space(s).is_loc() && st.in_play(s)) {
        let slug = r.map.space(s).slug.clone();
        match st.control(s) {
            Control::Govt => lists.0.push(slug),
            Control::Farc => lists.1.push(slug),
            Control::Uncontrolled => lists.2.push(slug),
        }
    }
    lists
}

#[test]
fn standard_deployment_totals_and_tracks() {
    let r = rules();
    let st = setup(&r, "standard").state;
    assert_eq!(st.total_support(), 50);
    assert_eq!(st.total_opposition(), 14);
    assert_eq!(st.opposition_plus_bases(&r), 20);
    assert_eq!(
        [Faction::Govt, Faction::Farc, Faction::Auc, Faction::Cartels].map(|f| st.resources(f)),
        [40, 10, 10, 10]
    );
    assert_eq!(st.aid(), 9);
    assert_eq!(r.forces.presidents[st.president() as usize].slug, "samper");
    assert!(Faction::ALL.iter().all(|&f| st.eligible(f)));
    assert_eq!(st.markers_on_map(), 0);
    assert!(st.capabilities().is_empty() && st.momentum_cards().is_empty());
    assert_eq!(st.support(sp(&r, "cali")), Support::Neutral);
    assert_eq!(st.support(sp(&r, "choco")), Support::ActiveOpposition);
}

#[test]
fn standard_deployment_available_forces() {
    // reference/forces.md: what remains Available at the start.
    let r = rules();
    let st = setup(&r, "standard").state;
    let avail: Vec<u8> = PieceType::all().iter().map(|&t| st.available(t)).collect();
    // Troops, Police, Govt Base, FARC G, FARC Base, AUC G, AUC Base, Cartels G, Cartels Base
    assert_eq!(avail, [18, 18, 2, 18, 3, 12, 5, 10, 9]);
    // All Guerrillas start Underground (1.4.3).
    for s in r.map.ids() {
        for f in Faction::INSURGENTS {
            assert_eq!(st.space(s).guerrillas(f, false), 0);
        }
    }
}

#[test]
fn standard_deployment_control_of_every_space() {
    let (govt, farc, none) = control_lists("standard");
    assert_eq!(
        govt,
        [
            "bogota",
            "cali",
            "medellin",
            "bucaramanga",
            "ibague",
            "santa_marta",
            "cartagena",
            "cucuta",
            "neiva",
            "pasto",
            "sincelejo",
            "santander"
        ]
    );
    assert_eq!(
        farc,
        [
            "choco",
            "narino",
            "meta_west",
            "guaviare",
            "huila",
            "arauca",
            "meta_east"
        ]
    );
    assert_eq!(
        none,
        [
            "atlantico",
            "putumayo",
            "cesar",
            "antioquia",
            "vichada",
            "guainia",
            "vaupes",
            "amazonas"
        ]
    );
}

#[test]
fn standard_deployment_deck_and_seating() {
    let r = rules();
    let s = setup(&r, "standard");
    assert_eq!(
        s.deck,
        DeckSpec::Prepared {
            piles: 4,
            events_per_pile: 15,
            propaganda_piles: vec![1, 2, 3, 4],
            seeded: false
        }
    );
    assert_eq!(s.final_propaganda, 4);
    assert!(s.skip_victory.is_empty());
    assert_eq!(s.seating.players.len(), 4);
}

#[test]
fn short_game_ends_with_the_third_propaganda() {
    let r = rules();
    let short = setup(&r, "short");
    let standard = setup(&r, "standard");
    assert_eq!(short.final_propaganda, 3);
    assert_eq!(short.state, standard.state, "same deployment");
    assert_eq!(short.deck, standard.deck);
}

#[test]
fn quick_play_scenario() {
    let r = rules();
    let s = setup(&r, "quick");
    let st = &s.state;
    assert_eq!(st.total_support(), 56);
    assert_eq!(st.opposition_plus_bases(&r), 22);
    assert_eq!(Faction::ALL.map(|f| st.resources(f)), [30, 10, 5, 20]);
    assert_eq!(st.aid(), 9);
    assert_eq!(r.forces.presidents[st.president() as usize].slug, "pastrana");
    assert!(st.space(sp(&r, "meta_west")).farc_zone);
    assert_eq!(
        s.deck,
        DeckSpec::Prepared {
            piles: 4,
            events_per_pile: 6,
            propaganda_piles: vec![2, 4],
            seeded: false
        }
    );
    assert_eq!((s.final_propaganda, s.skip_victory.clone()), (2, vec![1]));
    // reference/setup.md: pieces on the map after the changes.
    let on_map: Vec<u8> = PieceType::all().iter().map(|&t| st.on_map(&r, t)).collect();
    assert_eq!(on_map, [18, 16, 1, 21, 6, 9, 2, 5, 7]);
    // Control changes: Medellín and Arauca Uncontrolled, Vaupés FARC.
    assert_eq!(st.control(sp(&r, "medellin")), Control::Uncontrolled);
    assert_eq!(st.control(sp(&r, "arauca")), Control::Uncontrolled);
    assert_eq!(st.control(sp(&r, "vaupes")), Control::Farc);
    let (govt, farc, _) = control_lists("quick");
    assert_eq!(govt.len(), 11);
    assert_eq!(
        farc,
        [
            "choco",
            "narino",
            "meta_west",
            "guaviare",
            "huila",
            "meta_east",
            "vaupes"
        ]
    );
}

#[test]
fn a_designer_scenario_can_state_every_kind_of_fact() {
    use abyss::content;
    use abyss::kernel::Side;
    let (files, _dir) = with_mod(
        "designer",
        &[(
            "scenarios/designer.toml",
            r#"
name = "Designer"
base = "standard"
aid = 20
president = "uribe"
event_spaces = ["ecuador"]
capabilities = [{ card = 2, side = "shaded" }]
momentum = [17]
final_propaganda = 2
skip_victory = [1]

[resources]
cartels = 45

[eligible]
farc = false

[deck]
order = [5, 73, 12, 74]

[seating]
players = [["govt", "auc"], ["farc"]]
non_players = ["cartels"]

[space.ecuador]
farc_guerrillas = 1
farc_active = 1

[space.cesar]
support = "passive_opposition"
terror = 2
farc_active = 2
shipments = [{ faction = "farc", active = true }]

[space.loc_bogota_neiva]
sabotage = true
cartels_guerrillas = 1
shipments = [{ faction = "cartels" }]

[space.vichada]
farc_zone = true
"#,
        )],
    );
    let r = rules();
    let mut findings = Vec::new();
    let sc = content::load_scenario(&files, "designer", &mut findings)
        .unwrap()
        .unwrap();
    let (s, more) = content::build_setup(&sc, &r, 3);
    assert!(findings.is_empty() && more.is_empty(), "{findings:?} {more:?}");
    let st = &s.state;
    assert_eq!(
        (st.aid(), st.resources(Faction::Cartels), st.resources(Faction::Govt)),
        (20, 45, 40)
    );
    assert_eq!(r.forces.presidents[st.president() as usize].slug, "uribe");
    assert!(!st.eligible(Faction::Farc) && st.eligible(Faction::Auc));
    assert_eq!(st.capabilities(), vec![(2, Side::Shaded)]);
    assert_eq!(st.momentum_cards(), vec![17]);
    let (ecuador, cesar, loc, vichada) = (
        sp(&r, "ecuador"),
        sp(&r, "cesar"),
        sp(&r, "loc_bogota_neiva"),
        sp(&r, "vichada"),
    );
    assert!(st.in_play(ecuador));
    assert_eq!(
        (
            st.space(ecuador).guerrillas(Faction::Farc, true),
            st.space(ecuador).guerrillas(Faction::Farc, false)
        ),
        (1, 1)
    );
    assert_eq!(st.support(cesar), Support::PassiveOpposition);
    assert_eq!((st.space(cesar).terror, st.markers_on_map()), (2, 3));
    assert!(st.space(loc).sabotage && st.space(vichada).farc_zone);
    // 1 Opposition in Cesar (Pop 1, Passive) on top of the standard 14.
    assert_eq!(st.total_opposition(), 15);
    let holders: Vec<(bool, Faction)> = st
        .shipments_on_map()
        .map(|(_, p)| (st.piece(p).underground, r.forces.type_of(p).faction))
        .collect();
    assert_eq!(holders, vec![(false, Faction::Farc), (true, Faction::Cartels)]);
    assert_eq!(s.deck, DeckSpec::Fixed(vec![5, 73, 12, 74]));
    assert_eq!((s.final_propaganda, s.skip_victory.clone()), (2, vec![1]));
    assert_eq!(
        s.seating.players,
        vec![vec![Faction::Govt, Faction::Auc], vec![Faction::Farc]]
    );
    assert_eq!(s.seating.non_players, vec![Faction::Cartels]);
}
