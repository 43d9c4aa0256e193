//! A game driven from outside and forked (issue 27): the outside path replays `sim`'s
//! records exactly, and a fork made at any decision — mid-Event included — continued with
//! the original's remaining answers reproduces the original.

mod common;
use abyss::content::Setup;
use abyss::game::decision::{Choice, Doing};
use abyss::game::drive::{Driven, Status};
use abyss::game::playout::{AgentSpec, spec_game};
use abyss::kernel::{Dice, Faction, Ruleset, State};
use std::sync::Arc;

fn standard() -> (Arc<Ruleset>, Setup) {
    let rules = common::rules();
    let setup = common::setup(&rules, "standard");
    (Arc::new(rules), setup)
}

/// A `sim` game: its record, final position and winners.
fn inside(rules: &Ruleset, setup: &Setup, seed: u64, spec: &AgentSpec) -> (Vec<(Faction, Choice)>, State, String) {
    let (result, game, _) = spec_game(rules, setup, seed, false, spec);
    let outcome = format!("{:?}", result.map(|o| o.winner().to_vec()));
    (game.answers.clone(), game.state.clone(), outcome)
}

/// Answer `d`'s questions from `record` until `stop` answers have been recorded (or the
/// end); the driven answer is the record's next one.
fn follow(d: &mut Driven, record: &[(Faction, Choice)], stop: usize) {
    while d.answers().len() < stop {
        let Some(p) = d.pending() else { return };
        let (f, c) = record[d.answers().len()];
        assert_eq!(f, p.faction, "answer {} of the record", d.answers().len());
        let i = p
            .options
            .iter()
            .position(|&o| o == c)
            .unwrap_or_else(|| panic!("{c} is not an option of \"{}\"", p.prompt));
        d.answer(i).unwrap();
    }
}

/// Answer `d`'s questions from `record` until one asked inside an Event is pending (or the
/// game ends).
fn to_an_event_question(d: &mut Driven, record: &[(Faction, Choice)]) {
    while let Some(p) = d.pending()
        && !matches!(p.doing, Doing::Event { .. })
    {
        let n = d.answers().len() + 1;
        follow(d, record, n);
    }
}

fn ended(d: &Driven) -> String {
    match d.status() {
        Status::Over(r) => format!("{:?}", r.as_ref().map(|o| o.winner().to_vec())),
        Status::Asks(p) => panic!("still asking \"{}\"", p.prompt),
    }
}

#[test]
fn driving_every_seat_from_outside_replays_sim_records_exactly() {
    let (rules, setup) = standard();
    let spec = AgentSpec::parse("random").unwrap();
    for seed in 1..=30 {
        let (record, state, outcome) = inside(&rules, &setup, seed, &spec);
        let mut d = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
        follow(&mut d, &record, usize::MAX);
        assert_eq!(ended(&d), outcome, "seed {seed}");
        assert_eq!(d.answers(), &record[..], "seed {seed}: the same record");
        assert!(d.final_state() == Some(&state), "seed {seed}: the same final position");
    }
}

#[test]
fn a_driven_seat_among_bots_gives_the_same_game_for_the_same_answers() {
    let (rules, setup) = standard();
    let spec = AgentSpec::parse("govt=random,others=nonplayer").unwrap();
    // The Government is driven with answers drawn by the test's dice; the bots play inside.
    let play = |seed: u64| {
        let mut d = Driven::start(rules.clone(), &setup, seed, spec, &[Faction::Govt]);
        let mut dice = Dice::new(seed);
        while let Some(p) = d.pending() {
            assert_eq!(p.faction, Faction::Govt);
            let i = dice.below(p.options.len() as u32) as usize;
            d.answer(i).unwrap();
        }
        (d.answers().to_vec(), ended(&d))
    };
    for seed in [3, 4] {
        assert_eq!(play(seed), play(seed), "seed {seed}");
    }
}

#[test]
fn a_fork_at_any_decision_continued_with_the_same_answers_reproduces_the_original() {
    let (rules, setup) = standard();
    let spec = AgentSpec::parse("random").unwrap();
    let mut dice = Dice::new(99);
    let mut mid_event = 0;
    for seed in 100..160 {
        let (record, _, outcome) = inside(&rules, &setup, seed, &spec);
        let at = dice.below(record.len() as u32) as usize;
        let mut original = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
        follow(&mut original, &record, at);
        // Every other game: on to the next question asked inside an Event.
        if seed % 2 == 0 {
            to_an_event_question(&mut original, &record);
        }
        if original
            .pending()
            .is_some_and(|p| matches!(p.doing, Doing::Event { .. }))
        {
            mid_event += 1;
        }
        let mut fork = original.fork();
        assert_eq!(
            fork.answers(),
            original.answers(),
            "seed {seed}: the fork starts where the original stands"
        );
        assert_eq!(
            fork.pending()
                .map(|p| (p.faction, p.ask, p.options.to_vec(), p.state.clone())),
            original
                .pending()
                .map(|p| (p.faction, p.ask, p.options.to_vec(), p.state.clone())),
            "seed {seed}: the same question at fork point {at}"
        );
        // Both go on, interleaved: neither disturbs the other.
        let half = at + (record.len() - at) / 2;
        follow(&mut fork, &record, half);
        follow(&mut original, &record, usize::MAX);
        follow(&mut fork, &record, usize::MAX);
        assert_eq!(ended(&fork), outcome, "seed {seed}");
        assert_eq!(ended(&original), outcome, "seed {seed}");
        assert_eq!(fork.answers(), &record[..], "seed {seed}: the fork's record");
        assert!(
            fork.final_state() == original.final_state(),
            "seed {seed}: the same final position"
        );
    }
    // Half the fork points are questions asked inside an Event.
    assert!(mid_event >= 20, "only {mid_event} fork points fell inside an Event");
}

#[test]
fn a_fork_among_inside_bots_and_random_agents_plays_on_as_the_original_would() {
    // The fork resumes the card being played from its start, with copies the inside
    // agents made of themselves as it began: they must play the rest of the card, and the
    // game, exactly as the originals do.
    let (rules, setup) = standard();
    let mut dice = Dice::new(7);
    let cases: [(&str, &[Faction]); 3] = [
        ("govt=random,others=nonplayer", &[Faction::Govt]),
        ("random", &[Faction::Farc, Faction::Cartels]),
        ("auc=random,others=nonplayer", &[Faction::Auc]),
    ];
    let mut forks = 0;
    for (spec, driven) in cases {
        let spec = AgentSpec::parse(spec).unwrap();
        for seed in 200..212 {
            let (record, state, outcome) = inside(&rules, &setup, seed, &spec);
            let at = dice.below(record.len() as u32) as usize;
            let mut original = Driven::start(rules.clone(), &setup, seed, spec, driven);
            follow(&mut original, &record, at);
            if original.pending().is_none() {
                continue;
            }
            let mut fork = original.fork();
            forks += 1;
            assert_eq!(fork.answers(), original.answers(), "{spec} seed {seed}");
            assert_eq!(
                fork.pending()
                    .map(|p| (p.faction, p.ask, p.options.to_vec(), p.state.clone())),
                original
                    .pending()
                    .map(|p| (p.faction, p.ask, p.options.to_vec(), p.state.clone())),
                "{spec} seed {seed}: the same question"
            );
            // The fork plays to its end while the original waits, then the original.
            follow(&mut fork, &record, usize::MAX);
            follow(&mut original, &record, usize::MAX);
            for d in [&fork, &original] {
                assert_eq!(ended(d), outcome, "{spec} seed {seed}");
                assert_eq!(d.answers(), &record[..], "{spec} seed {seed}: the record");
                assert!(
                    d.final_state() == Some(&state),
                    "{spec} seed {seed}: the final position"
                );
            }
        }
    }
    assert!(forks >= 30, "only {forks} forks");
}

#[test]
fn games_left_waiting_inside_events_on_one_thread_do_not_disturb_each_other() {
    // Many games open at once on this thread, each stopped at a question asked inside an
    // Event (its Lua host parked), then played on in turn: each ends as `sim` ends it.
    let (rules, setup) = standard();
    let spec = AgentSpec::parse("random").unwrap();
    let mut open = Vec::new();
    for seed in 300..340 {
        let (record, state, outcome) = inside(&rules, &setup, seed, &spec);
        let mut d = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
        to_an_event_question(&mut d, &record);
        open.push((d, record, state, outcome));
    }
    let waiting = open.iter().filter(|o| o.0.pending().is_some()).count();
    assert!(waiting >= 30, "only {waiting} games wait inside an Event");
    // Every other game a step on, in reverse order, then all to the end.
    for (d, record, _, _) in open.iter_mut().rev().step_by(2) {
        let n = d.answers().len() + 1;
        follow(d, record, n);
    }
    for (d, record, state, outcome) in &mut open {
        follow(d, record, usize::MAX);
        assert_eq!(ended(d), *outcome);
        assert_eq!(d.answers(), &record[..]);
        assert!(d.final_state() == Some(&*state));
    }
}

#[test]
fn a_game_dropped_while_it_waits_inside_an_event_leaves_the_thread_as_it_was() {
    let (rules, setup) = standard();
    let spec = AgentSpec::parse("random").unwrap();
    let (record, state, outcome) = inside(&rules, &setup, 301, &spec);
    for seed in 300..320 {
        let (r, _, _) = inside(&rules, &setup, seed, &spec);
        let mut d = Driven::start(rules.clone(), &setup, seed, spec, &Faction::ALL);
        to_an_event_question(&mut d, &r);
        drop(d);
    }
    let mut d = Driven::start(rules.clone(), &setup, 301, spec, &Faction::ALL);
    follow(&mut d, &record, usize::MAX);
    assert_eq!(ended(&d), outcome);
    assert!(d.final_state() == Some(&state));
}

#[test]
fn a_driven_game_is_not_started_or_stepped_from_inside_another_games_event() {
    // An agent that, asked a question inside an Event, tries to start a driven game and to
    // step one made before: both are refused (their Events would run on the host the
    // Event is using), and the game made before plays on afterwards as `sim` plays it.
    use abyss::game::decision::{Agent, Request, Stop, View};
    use abyss::game::playout::{new_game, reseeded};
    use abyss::kernel::Dice;
    use std::cell::RefCell;
    use std::rc::Rc;

    struct Tries {
        dice: Dice,
        rules: Arc<Ruleset>,
        setup: Setup,
        made_before: Rc<RefCell<Driven>>,
        seen: Rc<RefCell<Vec<String>>>,
    }
    impl Agent for Tries {
        fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
            if matches!(view.doing, Doing::Event { .. }) && self.seen.borrow().is_empty() {
                let spec = AgentSpec::parse("random").unwrap();
                let d = Driven::start(self.rules.clone(), &self.setup, 9, spec, &Faction::ALL);
                let started = match d.status() {
                    Status::Over(Err(e)) => e.to_string(),
                    Status::Over(Ok(_)) => "over".into(),
                    Status::Asks(_) => "asks".into(),
                };
                let stepped = self.made_before.borrow_mut().answer(0).err().unwrap_or_default();
                self.seen.borrow_mut().extend([started, stepped]);
            }
            Ok(self.dice.below(request.options.len() as u32) as usize)
        }
    }

    let (rules, setup) = standard();
    let spec = AgentSpec::parse("random").unwrap();
    let (record, state, outcome) = inside(&rules, &setup, 301, &spec);
    let made_before = Rc::new(RefCell::new(Driven::start(
        rules.clone(),
        &setup,
        301,
        spec,
        &Faction::ALL,
    )));
    follow(&mut made_before.borrow_mut(), &record, 3);
    let seen = Rc::new(RefCell::new(Vec::new()));
    let agents: Vec<Box<dyn Agent>> = (0..4)
        .map(|i| {
            Box::new(Tries {
                dice: Dice::new(50 + i),
                rules: rules.clone(),
                setup: setup.clone(),
                made_before: made_before.clone(),
                seen: seen.clone(),
            }) as Box<dyn Agent>
        })
        .collect();
    let seated = spec.seat(&setup);
    let mut game = new_game(&rules, reseeded(&seated, 5), agents);
    let _ = game.play();
    let seen = seen.borrow().clone();
    assert_eq!(seen.len(), 2, "an Event asked a question in game 5");
    for s in &seen {
        assert!(s.contains("while an Event runs on its thread"), "{s}");
    }
    // The game made before was left as it was: it plays on to sim's end.
    let mut d = made_before.borrow_mut();
    assert_eq!(d.answers(), &record[..3]);
    follow(&mut d, &record, usize::MAX);
    assert_eq!(ended(&d), outcome);
    assert!(d.final_state() == Some(&state));
}
