//! 2.1 Open Deployment: every Faction places its Standard forces, where the set-up sheet
//! allows, Cartels with at least 4 Bases in populated Departments.

mod common;
use abyss::game::playout::{agent_seed, new_game, reseeded};
use abyss::game::{Agent, Ask, RandomAgent, Request, Stop, View};
use abyss::kernel::{Faction, PieceType};
use common::*;

/// Plays the Open Deployment at random, then stops the game at its first other question.
struct UntilFirstCard(RandomAgent);
impl Agent for UntilFirstCard {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        if !matches!(request.ask, Ask::DeploySpace | Ask::DeployCount) {
            return Err(Stop::Quit);
        }
        self.0.decide(view, request)
    }
}

#[test]
fn open_deployment_places_standard_forces_where_the_set_up_allows() {
    let r = rules();
    let standard = setup(&r, "standard");
    let open = setup(&r, "open");
    // Before deployment only markers are on the map.
    assert_eq!(open.state.opposition_plus_bases(&r), 14);
    for t in PieceType::all() {
        assert_eq!(open.state.on_map(&r, t), 0, "{t:?} on the map before deployment");
    }
    for seed in 1..=40u64 {
        let agents: Vec<Box<dyn Agent>> = Faction::ALL
            .iter()
            .map(|&f| Box::new(UntilFirstCard(RandomAgent::new(agent_seed(seed, f)))) as Box<dyn Agent>)
            .collect();
        let mut game = new_game(&r, reseeded(&open, seed), agents);
        game.check_every_decision = true;
        assert!(matches!(game.play(), Err(Stop::Quit) | Ok(_)));
        let st = &game.state;
        for t in PieceType::all() {
            assert_eq!(st.on_map(&r, t), standard.state.on_map(&r, t), "seed {seed}: {t:?}");
        }
        let mut cartels_bases_populated = 0;
        for s in r.map.ids().filter(|&s| st.in_play(s)) {
            let def = r.map.space(s);
            if !def.is_department() {
                assert_eq!(
                    st.space(s).faction_pieces(Faction::Farc),
                    0,
                    "seed {seed}: FARC in {}",
                    def.name
                );
            }
            if def.is_loc() || st.count(s, PieceType::base(Faction::Farc)) > 0 {
                assert_eq!(
                    st.space(s).faction_pieces(Faction::Govt),
                    0,
                    "seed {seed}: Govt in {}",
                    def.name
                );
            }
            if def.is_department() && def.pop > 0 {
                cartels_bases_populated += st.count(s, PieceType::base(Faction::Cartels));
            }
        }
        assert!(cartels_bases_populated >= 4, "seed {seed}: {cartels_bases_populated}");
        assert!(abyss::kernel::check_invariants(st, &r).is_empty());
    }
}
