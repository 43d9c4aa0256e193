//! The players' own options while executing: 1.5.2 Negotiation (Resources and Shipments
//! change hands during an Operation, never between two Factions of one player) and 1.4.1
//! voluntary removal of one's own pieces.

mod common;
use abyss::game::{Game, playout::Replay};
use abyss::kernel::{Faction, PieceType};
use common::*;

#[test]
fn resources_and_a_shipment_change_hands_during_an_operation() {
    let r = rules();
    let mut s = setup(&r, "standard");
    // A Cartels Shipment in Cali, where FARC also has a Guerrilla.
    let cali = sp(&r, "cali");
    s.state.place(&r, cali, PieceType::guerrilla(Faction::Farc)).unwrap();
    let holder = s
        .state
        .find_piece(&r, cali, PieceType::guerrilla(Faction::Cartels), None)
        .unwrap();
    s.state.place_shipment(&r, holder).unwrap();
    let list = parse_answers(
        &r,
        "farc rally
         farc done
         govt farc
         govt 5
         govt done
         auc done
         cartels farc
         cartels shipments",
    );
    // Card 28: FARC is 1st Eligible; Government and Cartels give to it during its Rally.
    let mut g = Game::new(&r, s, vec![28], Replay::agents(list));
    g.negotiation = true;
    g.check_every_decision = true;
    let result = g.play();
    assert!(ran_out(&result), "{result:?}");
    assert_eq!(g.state.resources(Faction::Govt), 35);
    assert_eq!(g.state.resources(Faction::Farc), 15);
    let (_, p) = g.state.shipments_on_map().next().unwrap();
    assert_eq!(
        r.forces.type_of(p).faction,
        Faction::Farc,
        "the Shipment now belongs to FARC"
    );
}

#[test]
fn two_factions_of_one_player_cannot_transfer() {
    let r = rules();
    let mut s = setup(&r, "standard");
    s.seating.players = vec![vec![Faction::Govt, Faction::Auc], vec![Faction::Farc, Faction::Cartels]];
    let list = parse_answers(&r, "govt train\ngovt auc");
    let mut g = Game::new(&r, s, vec![1], Replay::agents(list));
    g.negotiation = true;
    let result = g.play();
    let Err(abyss::game::Stop::Diverged(m)) = result else {
        panic!("{result:?}")
    };
    assert!(m.contains("`auc` is not an option of \"Negotiation"), "{m}");
}

#[test]
fn random_games_with_negotiation_finish_cleanly() {
    use abyss::game::playout::{new_game, random_agents, reseeded};
    let r = rules();
    let s = setup(&r, "standard");
    for seed in 1..=10 {
        let mut g = new_game(&r, reseeded(&s, seed), random_agents(seed));
        g.negotiation = true;
        g.voluntary_removal = true;
        g.check_every_decision = true;
        let result = g.play();
        assert!(result.is_ok(), "seed {seed}: {result:?}");
    }
}

#[test]
fn without_available_guerrillas_a_rally_may_first_remove_some_to_place_them_underground() {
    // 1.4.1 EXAMPLE: Insurgents without Available Guerrillas could remove Guerrillas during
    // a Rally in order to place them Underground.
    let r = rules();
    let mut s = empty_setup(&r);
    let g = PieceType::guerrilla(Faction::Farc);
    let (vaupes, cesar) = (sp(&r, "vaupes"), sp(&r, "cesar"));
    while s.state.available(g) > 0 {
        s.state.place(&r, vaupes, g).unwrap();
    }
    s.state.activate(&r, vaupes, Faction::Farc).unwrap();
    let list = parse_answers(
        &r,
        "farc rally
         farc cesar
         farc farc-guerrilla-active   # from Vaupés, the only space with FARC pieces
         farc done                    # then Place is the only procedure: answered at once",
    );
    let mut game = Game::new(&r, s, vec![28], Replay::agents(list));
    game.voluntary_removal = true;
    game.check_every_decision = true;
    let result = game.play();
    assert!(ran_out(&result), "{result:?}");
    let st = &game.state;
    assert_eq!(
        st.space(cesar).guerrillas(Faction::Farc, true),
        1,
        "placed Underground in Cesar"
    );
    assert_eq!(st.count(vaupes, g), 29, "all 30 FARC Guerrillas were in Vaupés");
    assert_eq!(st.space(vaupes).guerrillas(Faction::Farc, false), 0);
    assert_eq!(st.available(g), 0);
    assert_eq!(st.resources(Faction::Farc), 9);
}
