//! 1.5.2 Negotiation: Resources and Shipments change hands during an Operation, never
//! between two Factions of one player.

mod common;
use abyss::game::{Choice, Game, playout::Replay};
use abyss::kernel::{Faction, PieceType};
use common::*;

fn answers(r: &abyss::kernel::Ruleset, lines: &str) -> Vec<(Faction, Choice)> {
    lines
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (f, w) = l.split_once(' ').unwrap();
            (Faction::from_slug(f).unwrap(), Choice::parse(w, r).unwrap())
        })
        .collect()
}

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
    let list = answers(
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
    let list = answers(&r, "govt train\ngovt auc");
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
        g.check_every_decision = true;
        let result = g.play();
        assert!(result.is_ok(), "seed {seed}: {result:?}");
    }
}
