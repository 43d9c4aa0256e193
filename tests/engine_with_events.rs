//! Rules-engine checks that need the real Events (the Lua host): the rules core's own unit
//! tests play Events as no-ops, since abyss-core may not depend on the Lua host
//! (docs/architecture.md), so whole-game checks that depend on what Events do live here.

use abyss::cli::position;
use abyss::content::ContentFiles;
use abyss::game::narrative::{Kind, Narrative};
use abyss::game::playout::{AgentSpec, checked_playout, spec_prepared};
use abyss::kernel::Faction;

#[test]
fn a_game_where_a_capability_lowered_the_assault_cost_replays() {
    // Seed 543: Tapias (Assault costs 1) in effect, the Government with 1 Resource.
    // The cost of Assault's first space was read off the dry-run game's last
    // position, from before the Capability: Assault with a Special Activity first was
    // refused when the random agent judged it, offered when the replay judged the
    // whole menu, and the replay diverged.
    let files = ContentFiles::embedded();
    let (rules, _, setup) = position(&files, "standard", 1).unwrap();
    let (live, _) = checked_playout(&rules, &setup, 543);
    assert!(live.is_ok(), "{live:?}");
}

#[test]
fn games_drawn_option_by_option_replay_with_every_list_judged_in_full() {
    // The random agents draw (options judged one at a time); the replay's agents
    // answer from the record, so each list is judged in full: the same game, the
    // same decisions counted.
    let files = ContentFiles::embedded();
    let (rules, _, setup) = position(&files, "standard", 1).unwrap();
    for seed in 1..=4 {
        let (live, game) = checked_playout(&rules, &setup, seed);
        assert!(live.is_ok(), "seed {seed}: {live:?}");
        assert!(game.stats.decisions > 100, "seed {seed}");
    }
}

#[test]
fn a_narrated_game_is_the_same_game_with_a_line_for_every_card() {
    let files = ContentFiles::embedded();
    let (rules, _, setup) = position(&files, "standard", 12).unwrap();
    let spec = AgentSpec::parse("govt=random,others=nonplayer").unwrap();
    let (mut quiet, _) = spec_prepared(&rules, &setup, 12, false, &spec);
    let plain = quiet.play();
    let (mut told, _) = spec_prepared(&rules, &setup, 12, false, &spec);
    let seen = std::rc::Rc::new(std::cell::RefCell::new(0usize));
    let counter = seen.clone();
    told.telemetry.narrative = Some(
        Narrative::new()
            .with_positions()
            .observe(move |_| *counter.borrow_mut() += 1),
    );
    assert_eq!(told.play(), plain);
    assert_eq!((&told.answers, &told.state), (&quiet.answers, &quiet.state));
    let n = told.telemetry.narrative.as_ref().unwrap();
    assert_eq!(*seen.borrow(), n.entries.len(), "every entry observed once");
    let cards = n.done().filter(|e| e.kind == Kind::Card).count();
    assert_eq!(cards as u32, told.stats.cards);
    assert!(
        n.done().any(|e| e.text.starts_with("Propaganda, Victory")),
        "a line for each victory check"
    );
    assert!(
        n.done()
            .any(|e| e.kind == Kind::Operation && e.faction == Some(Faction::Farc))
    );
    let last = n.done().last().unwrap();
    assert_eq!(
        last.position.as_deref(),
        Some(&told.state),
        "the position after the last line"
    );
    assert!(n.done().all(|e| e.answers <= told.answers.len()));
}
