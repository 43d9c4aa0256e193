//! Positions as scenario files (content::export): a game stopped after its 20th card is
//! written as a scenario, loaded back, and found to be the same position, piece for piece,
//! marker for marker, track for track; its deck and seating go with it.

mod common;

use abyss::board::trace::StopAt;
use abyss::content::export::{Course, differences, scenario_toml};
use abyss::content::{self, ContentFiles, DeckSpec, Setup};
use abyss::game::playout::{AgentSpec, new_game, reseeded};
use abyss::game::{Game, Stop};
use abyss::kernel::{Faction, HOOKS, HookKind, PieceType, Ruleset, Side, State, Support};
use common::abyss;
use common::{TempDir, rules, setup, sp};

/// Write a scenario text to a file and load it as `abyss` would (a path to a TOML file).
fn load(r: &Ruleset, dir: &TempDir, name: &str, text: &str, seed: u64) -> Setup {
    dir.write(name, text);
    let path = dir.path().join(name);
    let mut findings = Vec::new();
    let sc = content::load_scenario(&ContentFiles::embedded(), path.to_str().unwrap(), &mut findings)
        .unwrap()
        .unwrap_or_else(|| panic!("{findings:?}\n{text}"));
    let (s, more) = content::build_setup(&sc, r, seed);
    findings.extend(more);
    assert!(findings.is_empty(), "{findings:?}\n{text}");
    s
}

/// A game of `spec` agents stopped before its card `n + 1`, or None if it ended first.
fn game_after<'r>(r: &'r Ruleset, base: &Setup, seed: u64, spec: &AgentSpec, n: usize) -> Option<Game<'r>> {
    let fired = abyss::nonplayer::Fired::default();
    let mut game = new_game(r, reseeded(&spec.seat(base), seed), spec.agents(seed, &fired));
    game.telemetry.watcher = Some(Box::new(StopAt(n)));
    match game.play() {
        Err(Stop::Paused) => Some(game),
        Ok(_) => None,
        Err(e) => panic!("seed {seed}: {e}"),
    }
}

#[test]
fn the_position_after_a_random_games_20th_card_loads_back_the_same() {
    let r = rules();
    let base = setup(&r, "standard");
    let dir = TempDir::new("export-20");
    // What the sample covered, so that the test cannot pass on empty positions alone.
    let mut seen = [0usize; 7];
    let mut games = 0;
    for (i, seed) in (1..=40u64).enumerate() {
        let spec = if i % 2 == 0 {
            AgentSpec::default()
        } else {
            AgentSpec::parse("nonplayer").unwrap()
        };
        let Some(game) = game_after(&r, &base, seed, &spec, 20) else {
            continue;
        };
        games += 1;
        assert_eq!(game.card_index, 20);
        let course = Course::of_game(&game);
        let text = scenario_toml(&r, &game.state, &course, "after-20", &format!("seed {seed}"));
        let loaded = load(&r, &dir, &format!("seed{seed}.toml"), &text, seed);
        let diff = differences(&r, &game.state, &loaded.state);
        assert!(diff.is_empty(), "seed {seed}: {diff:#?}\n{text}");
        assert_eq!(loaded.deck, DeckSpec::Fixed(course.deck.clone()), "seed {seed}");
        assert_eq!(loaded.seating, game.seating, "seed {seed}");
        // The deck still to come is the game's, unless 6.0's exception dropped a card.
        if course.deck.len() == game.deck.len() - 20 {
            assert_eq!(course.deck, game.deck[20..], "seed {seed}");
            let left = game.final_propaganda - game.propaganda_played;
            assert_eq!(loaded.final_propaganda, left, "seed {seed}");
        }
        let st = &game.state;
        let on_map = |t: PieceType| st.on_map(&r, t) > 0;
        seen[0] += (st.shipments_on_map().count() > 0) as usize;
        seen[1] += (!st.capabilities().is_empty()) as usize;
        seen[2] += (!st.momentum_cards().is_empty()) as usize;
        seen[3] += (st.markers_on_map() > 0) as usize;
        seen[4] += r.map.ids().any(|s| st.space(s).farc_zone) as usize;
        seen[5] += Faction::ALL.iter().any(|&f| !st.eligible(f)) as usize;
        seen[6] += on_map(PieceType::base(Faction::Cartels)) as usize;
    }
    assert!(games >= 20, "only {games} of 40 games reached their 21st card");
    let names = [
        "Shipments",
        "Capabilities",
        "Momentum",
        "Terror/Sabotage",
        "FARC Zones",
        "Ineligible Factions",
        "Cartels Bases",
    ];
    for (n, name) in seen.iter().zip(names) {
        assert!(*n > 0, "no sampled position had {name}: {seen:?}");
    }
}

/// Everything the format can hold, set by hand: every hook kind (lasting and Momentum),
/// pieces out of play, an opened event-only space, Shipments held by Underground and
/// Active Guerrillas, Terror, Sabotage, a FARC Zone, El Presidente, Aid, eligibility.
#[test]
fn every_kind_of_fact_survives_the_round_trip() {
    let r = rules();
    let mut s = setup(&r, "standard");
    let st: &mut State = &mut s.state;
    let (cesar, meta_e, loc) = (sp(&r, "cesar"), sp(&r, "meta_east"), sp(&r, "loc_cali_pasto"));
    let g = PieceType::guerrilla(Faction::Cartels);
    for _ in 0..3 {
        st.place(&r, cesar, g).unwrap();
    }
    st.activate(&r, cesar, Faction::Cartels).unwrap();
    let under = st.pieces_in(&r, cesar, g, Some(true)).next().unwrap();
    let active = st.pieces_in(&r, cesar, g, Some(false)).next().unwrap();
    st.place_shipment(&r, under).unwrap();
    st.place_shipment(&r, active).unwrap();
    st.place_shipment(&r, under).unwrap(); // a Guerrilla may hold several (4.5.3)
    st.place_terror(&r, cesar).unwrap();
    st.place_terror(&r, cesar).unwrap();
    st.place_sabotage(&r, loc).unwrap();
    st.set_support(&r, meta_e, Support::PassiveOpposition).unwrap();
    st.place_farc_zone(&r, sp(&r, "guaviare")).unwrap();
    st.open_space(&r, sp(&r, "ecuador")).unwrap();
    st.place(&r, sp(&r, "ecuador"), PieceType::guerrilla(Faction::Farc))
        .unwrap();
    st.remove_from_game(&r, PieceType::guerrilla(Faction::Auc)).unwrap();
    st.remove_from_game(&r, PieceType::guerrilla(Faction::Auc)).unwrap();
    st.set_president(&r, 1).unwrap();
    st.add_aid(&r, 7).unwrap();
    st.set_eligible(Faction::Auc, false);
    let cap = r.cards.iter().find(|c| c.capability).unwrap().number;
    let mom = r.cards.iter().find(|c| c.momentum).unwrap().number;
    st.set_capability(&r, cap, Side::Shaded).unwrap();
    st.add_momentum(&r, mom).unwrap();
    for (i, &(name, kind)) in HOOKS.iter().enumerate() {
        let v = match kind {
            HookKind::Number => 1 + i as u8,
            HookKind::Flag => 1,
            HookKind::Factions => Faction::Auc.index() as u8,
            HookKind::Spaces => sp(&r, "panama").0,
        };
        // Half the hooks as Capabilities (lasting), half as Momentum.
        if i % 2 == 0 {
            st.set_lasting_modifier(name, v).unwrap();
        } else {
            st.set_momentum_modifier(name, v).unwrap();
        }
    }
    let course = Course {
        deck: vec![12, 73, 40],
        final_propaganda: None,
        skip_victory: vec![],
        seating: s.seating.clone(),
    };
    let text = scenario_toml(&r, &s.state, &course, "everything", "by hand");
    let dir = TempDir::new("export-all");
    let loaded = load(&r, &dir, "all.toml", &text, 3);
    let diff = differences(&r, &s.state, &loaded.state);
    assert!(diff.is_empty(), "{diff:#?}\n{text}");
    assert!(text.contains("[momentum_hooks]") && text.contains("[hooks]"), "{text}");
    assert!(
        text.contains(r#"shipments = [{ faction = "cartels", active = true }, { faction = "cartels", count = 2 }]"#),
        "{text}"
    );
    assert_eq!(loaded.deck, DeckSpec::Fixed(vec![12, 73, 40]));
    assert_eq!(loaded.final_propaganda, 1);
}

/// 6.0: a Propaganda card right after another has no Round. A position saved between two
/// such cards leaves the second out of the deck (it would only be counted), or, if it is
/// the final one, ends the game at once.
#[test]
fn a_second_propaganda_card_in_a_row_is_counted_not_replayed() {
    let r = rules();
    let mut base = setup(&r, "standard");
    base.final_propaganda = 3;
    let deck = vec![5, 73, 74, 6, 75];
    let fired = abyss::nonplayer::Fired::default();
    let mut game = Game::new(&r, base.clone(), deck.clone(), AgentSpec::default().agents(9, &fired));
    game.telemetry.watcher = Some(Box::new(StopAt(2)));
    assert_eq!(game.play().err(), Some(Stop::Paused));
    let c = Course::of_game(&game);
    assert_eq!(c.deck, vec![6, 75]);
    assert_eq!(
        c.final_propaganda, None,
        "the last Propaganda card left is the final one"
    );

    base.final_propaganda = 2;
    let mut game = Game::new(&r, base, deck, AgentSpec::default().agents(9, &fired));
    game.telemetry.watcher = Some(Box::new(StopAt(2)));
    if game.play().err() == Some(Stop::Paused) {
        assert_eq!(Course::of_game(&game).deck, Vec::<u8>::new());
    }
}

/// The command line: a recorded game's position after card 20, written by `replay
/// --until 20 --save-scenario`, is a scenario that validate, show, sim and scenario tests
/// take.
#[test]
fn replay_save_scenario_writes_a_scenario_every_command_loads() {
    let dir = TempDir::new("export-cli");
    let recs = dir.path().join("recs");
    let recs = recs.to_str().unwrap();
    let (code, out, err) = abyss(&["sim", "--games", "1", "--seed", "7", "--save-records", recs]);
    assert_eq!(code, 0, "{out}{err}");
    let rec = std::fs::read_dir(recs).unwrap().next().unwrap().unwrap().path();
    let toml = dir.path().join("pos.toml");
    let (toml, rec) = (toml.to_str().unwrap(), rec.to_str().unwrap());
    let (code, out, err) = abyss(&["replay", rec, "--until", "20", "--save-scenario", toml]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("after 20 cards written to"), "{out}");
    let (code, out, err) = abyss(&["validate", "--scenario", toml]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, _) = abyss(&["show", "--scenario", toml]);
    assert_eq!(code, 0, "{out}");
    let (code, out, err) = abyss(&["sim", "--scenario", toml, "--games", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    // A test names its scenario by a path relative to its own folder (an absolute one must
    // be given on the command line: issue 15).
    let name = std::path::Path::new(toml).file_name().unwrap().to_str().unwrap();
    let test = format!(
        "test \"a saved position\"\nsetup {name}\nplay\nexpect\n  total-support {}\n",
        {
            let (_, json, _) = abyss(&["show", "--scenario", toml, "--format", "json"]);
            let v: serde_json::Value = serde_json::from_str(&json).unwrap();
            v["total_support"].as_u64().unwrap()
        }
    );
    dir.write("pos.test", &test);
    let (code, out, err) = abyss(&["test", dir.path().join("pos.test").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    // A card that the record never reaches is an error, and nothing is written.
    let never = dir.path().join("never.toml");
    let (code, _, err) = abyss(&[
        "replay",
        rec,
        "--until",
        "500",
        "--save-scenario",
        never.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("never reached card 501"), "{err}");
    assert!(!never.exists());
}
