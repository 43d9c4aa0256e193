//! The kernel's tracks at the extremes of their argument types (issue 15): no sum wraps
//! in a release build. A refused change leaves the state as it was; the saturating forms
//! stop at the rules' limits (1.7: Resources 0..=99, Aid 0..=29; 1.6: the Support track).

mod common;

use abyss::kernel::{Effect, Faction, Refusal, State, Support, check_invariants};
use common::{rules, setup, sp};

fn refused_unchanged(st: &mut State, f: impl FnOnce(&mut State) -> Result<Effect, Refusal>) -> Refusal {
    let before = st.clone();
    let e = f(st).expect_err("an out-of-range change is refused");
    assert_eq!(*st, before, "a refusal left the state changed");
    e
}

#[test]
fn resources_and_aid_refuse_the_extreme_deltas_without_wrapping() {
    let r = rules();
    let mut st = setup(&r, "standard").state;
    assert_eq!(st.resources(Faction::Govt), 40);
    for delta in [i16::MAX, i16::MAX - 39, 32_767 - 40 + 1, 100] {
        let e = refused_unchanged(&mut st, |st| st.add_resources(&r, Faction::Govt, delta));
        assert_eq!(
            e,
            Refusal::ResourcesOutOfRange {
                faction: Faction::Govt,
                wanted: 40 + delta as i32,
                max: 99
            }
        );
        assert!(e.describe(&r).contains(&format!("would be {}", 40 + delta as i32)));
    }
    for delta in [i16::MIN, i16::MIN + 1, -41] {
        let e = refused_unchanged(&mut st, |st| st.add_resources(&r, Faction::Govt, delta));
        assert!(matches!(e, Refusal::ResourcesOutOfRange { wanted, .. } if wanted == 40 + delta as i32));
    }
    for delta in [i16::MAX, i16::MIN, 21, -10] {
        let e = refused_unchanged(&mut st, |st| st.add_aid(&r, delta));
        assert_eq!(
            e,
            Refusal::AidOutOfRange {
                wanted: st.aid() as i32 + delta as i32,
                max: 29
            }
        );
    }
    assert!(check_invariants(&st, &r).is_empty());
}

#[test]
fn gains_saturate_at_the_ends_of_the_tracks() {
    let r = rules();
    let mut st = setup(&r, "standard").state;
    for f in Faction::ALL {
        st.gain_resources(&r, f, i16::MAX);
        assert_eq!(st.resources(f), 99, "{f:?} +{}", i16::MAX);
        st.gain_resources(&r, f, i16::MAX);
        assert_eq!(st.resources(f), 99);
        st.gain_resources(&r, f, i16::MIN);
        assert_eq!(st.resources(f), 0, "{f:?} {}", i16::MIN);
        st.gain_resources(&r, f, i16::MIN);
        assert_eq!(st.resources(f), 0);
    }
    assert_eq!(st.gain_aid(&r, i16::MAX), Effect::Aid { from: 9, to: 29 });
    assert_eq!(st.gain_aid(&r, i16::MAX), Effect::Aid { from: 29, to: 29 });
    assert_eq!(st.gain_aid(&r, i16::MIN), Effect::Aid { from: 29, to: 0 });
    assert_eq!(st.gain_aid(&r, i16::MIN), Effect::Aid { from: 0, to: 0 });
    assert!(check_invariants(&st, &r).is_empty());
}

#[test]
fn support_shifts_stop_at_the_end_of_the_track() {
    let r = rules();
    let mut st = setup(&r, "standard").state;
    let bogota = sp(&r, "bogota");
    st.set_support(&r, bogota, Support::PassiveSupport).unwrap();
    // +127 toward Support: one level to Active Support, not a wrap to Active Opposition.
    st.shift_support(&r, bogota, i8::MAX).unwrap();
    assert_eq!(st.support(bogota), Support::ActiveSupport);
    assert_eq!(
        refused_unchanged(&mut st, |st| st.shift_support(&r, bogota, i8::MAX)),
        Refusal::SupportAtLimit(bogota)
    );
    st.shift_support(&r, bogota, i8::MIN).unwrap();
    assert_eq!(st.support(bogota), Support::ActiveOpposition);
    assert_eq!(
        refused_unchanged(&mut st, |st| st.shift_support(&r, bogota, i8::MIN)),
        Refusal::SupportAtLimit(bogota)
    );
    assert!(check_invariants(&st, &r).is_empty());
}

/// The audit's `mods/overflow` reproduction (issue 15), its kernel part: a card that asks
/// for +32767 Resources and +32767 Aid gets the ends of the tracks (the calls are gains,
/// "to a maximum", 1.7), not wrapped values. (Its other lines, `shift_support(space, 127)`
/// and `sweep_activations(space, 128, 128)`, add in the script host, crates/lua/src/api.rs.)
#[test]
fn a_card_asking_for_huge_changes_reaches_the_ends_of_the_tracks() {
    use abyss::content::{self, ContentFiles};
    use abyss::game::Game;
    let mut files = ContentFiles::embedded();
    files.files.insert(
        "events/008_fuerza_aerea_colombiana.lua".into(),
        "-- 8. Fuerza Aérea Colombiana (GAFC)\nreturn { unshaded = function(g) end, shaded = function(g)\n  \
         g:add_resources(\"govt\", 32767)\n  g:add_aid(32767)\n  g:add_resources(\"farc\", -32768)\nend }\n"
            .into(),
    );
    let mut findings = Vec::new();
    let r = content::load_ruleset(&files, &mut findings).expect("the rules load");
    let sc = content::load_scenario(&files, "standard", &mut findings)
        .unwrap()
        .unwrap();
    let (setup, _) = content::build_setup(&sc, &r, 1);
    let mut game = Game::new(&r, setup, vec![8], abyss::game::playout::Replay::agents(vec![]));
    let failure = game
        .execute_event(Faction::Govt, 8, abyss::kernel::Side::Shaded)
        .expect("no stop");
    assert!(failure.is_none(), "{failure:?}");
    assert_eq!(game.state.resources(Faction::Govt), 99);
    assert_eq!(game.state.aid(), 29);
    assert_eq!(game.state.resources(Faction::Farc), 0);
    assert!(check_invariants(&game.state, &r).is_empty());
}
