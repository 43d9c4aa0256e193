//! Operations and Special Activities (3.0, 4.0) played through the engine with scripted
//! answers, each asserting the exact resulting state.

mod common;
use abyss::kernel::{Faction, PieceType, Support};
use common::*;

const TROOPS: PieceType = PieceType::TROOPS;
const POLICE: PieceType = PieceType::POLICE;

fn farc_g() -> PieceType {
    PieceType::guerrilla(Faction::Farc)
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
    let _ = POLICE;
}
