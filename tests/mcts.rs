//! The search agent (issue 29): deterministic for a seed, budget and thread count; its
//! games replay from their records (so the search never changed the real game's position
//! or dice); it finds a winning move the game offers; the card-start snapshot it resumes
//! from reaches the real position. Small budgets: these test behaviour, not strength.

mod common;
use abyss::content::{DeckSpec, Setup};
use abyss::game::playout::{AgentSpec, Replay, checked_spec_playout, new_game, reseeded, spec_game};
use abyss::game::{Agent, Ask, Choice, Game, Op, RandomAgent, Request, Stop, View};
use abyss::kernel::{Dice, Faction, PieceType, Ruleset, Support};
use abyss::nonplayer::NonPlayer;
use abyss::search::{Mcts, Report, SearchConfig};
use std::cell::RefCell;
use std::rc::Rc;

fn standard() -> (Ruleset, Setup) {
    let rules = common::rules();
    let setup = common::setup(&rules, "standard");
    (rules, setup)
}

fn record(rules: &Ruleset, setup: &Setup, seed: u64, spec: &str) -> (Vec<(Faction, Choice)>, String) {
    let spec = AgentSpec::parse(spec).unwrap();
    let (result, game, _) = spec_game(rules, setup, seed, false, &spec);
    let outcome = format!("{result:?}");
    assert!(result.is_ok(), "seed {seed}: {outcome}");
    (game.answers, outcome)
}

#[test]
fn same_seed_budget_and_threads_give_the_same_game() {
    let (rules, setup) = standard();
    for spec in ["govt=mcts:6,others=nonplayer", "farc=mcts:6:2,others=nonplayer"] {
        let a = record(&rules, &setup, 11, spec);
        let b = record(&rules, &setup, 11, spec);
        assert_eq!(a, b, "{spec}");
    }
}

#[test]
fn an_mcts_game_replays_from_its_answers_with_every_invariant_checked() {
    // Invariants before every decision; then the record alone (no search) must give the
    // same outcome and the same final position, dice included: the search never touched
    // the real game, and every answer it gave was an option.
    let (rules, setup) = standard();
    for (seed, spec) in [(4, "cartels=mcts:5,others=nonplayer"), (5, "auc=mcts:5,others=random")] {
        let spec = AgentSpec::parse(spec).unwrap();
        let (result, game, _) = checked_spec_playout(&rules, &setup, seed, &spec);
        assert!(result.is_ok(), "seed {seed}: {result:?}");
        assert!(game.answers.len() > 100);
    }
}

/// Keeps the search's reports (and lets the narrative have them too).
struct Reporting {
    inner: Mcts,
    reports: Rc<RefCell<Vec<Report>>>,
}

impl Agent for Reporting {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        let i = self.inner.decide(view, req)?;
        if let Some(r) = self.inner.report() {
            self.reports.borrow_mut().push(r.clone());
        }
        Ok(i)
    }

    fn deliberation(&mut self) -> Option<abyss::game::Deliberation> {
        self.inner.deliberation()
    }
}

/// Only FARC Eligible, a Propaganda card next, FARC's margin exactly 0 (Opposition 25,
/// no Base): a Terror in Huila (Neutral, Population 2) shifts it to Passive Opposition and
/// wins at the victory check (7.2). Passing leaves FARC tied with the AUC at 0, which the
/// AUC wins (7.1); no Agitation can help, Huila being under Government Control.
fn terror_wins(rules: &Ruleset) -> (Setup, Vec<u8>) {
    let mut s = common::empty_setup(rules);
    for (slug, level) in [
        ("bogota", Support::ActiveOpposition),
        ("cali", Support::ActiveOpposition),
        ("medellin", Support::PassiveOpposition),
    ] {
        s.state.set_support(rules, common::sp(rules, slug), level).unwrap();
    }
    common::put(&mut s, rules, "huila", PieceType::POLICE, 2);
    common::put(&mut s, rules, "huila", common::farc_g(), 1);
    let farc = s.state.resources(Faction::Farc) as i16;
    s.state.add_resources(rules, Faction::Farc, 1 - farc).unwrap();
    for f in [Faction::Govt, Faction::Auc, Faction::Cartels] {
        s.state.set_eligible(f, false);
    }
    assert_eq!(abyss::game::victory_margin(rules, &s.state, Faction::Farc), 0);
    let deck = vec![2, 73];
    s.deck = DeckSpec::Fixed(deck.clone());
    (s, deck)
}

#[test]
fn the_search_finds_the_move_that_wins_at_the_next_victory_check() {
    let rules = common::rules();
    let (setup, deck) = terror_wins(&rules);
    let reports = Rc::new(RefCell::new(Vec::new()));
    let agents: Vec<Box<dyn Agent>> = Faction::ALL
        .iter()
        .map(|&f| -> Box<dyn Agent> {
            if f == Faction::Farc {
                Box::new(Reporting {
                    inner: Mcts::new(f, SearchConfig::parse("mcts:40").unwrap(), 3),
                    reports: reports.clone(),
                })
            } else {
                Box::new(NonPlayer::new(f))
            }
        })
        .collect();
    let mut game = Game::new(&rules, setup.clone(), deck.clone(), agents);
    game.telemetry.narrative = Some(abyss::game::narrative::Narrative::new());
    let outcome = game.play().unwrap();
    // The narrative's line of FARC's action says what the search saw.
    let n = game.telemetry.narrative.as_ref().unwrap();
    let line = n
        .done()
        .find(|e| e.faction == Some(Faction::Farc))
        .expect("a line of FARC's");
    assert!(
        line.text.contains("— searched 40 games (win chances): "),
        "{}",
        line.text
    );
    let detail = &line.deliberation.as_ref().expect("the search's statistics").detail;
    assert_eq!(detail["iterations"], 40);
    assert!(detail["choices"].as_array().unwrap().len() >= 7, "{detail}");
    let reports = reports.borrow();
    let seen = reports.first().map(|r| r.summary()).unwrap_or_default();
    assert_eq!(outcome.winner(), [Faction::Farc], "{seen}");
    assert_eq!(outcome.victory_check, Some(1), "{seen}");
    // The search saw it: every game through its choice won, none through a Pass did.
    let r = &reports[0];
    let share = |mv: abyss::search::Move| {
        let c = r.choices.iter().find(|c| c.mv == mv).unwrap();
        c.win[Faction::Farc.index()] / f64::from(c.visits)
    };
    assert_eq!(share(r.best()), 1.0, "{seen}");
    assert_eq!(share(abyss::search::Move::Op(Op::Terror)), 1.0, "{seen}");
    assert_eq!(share(abyss::search::Move::Pass), 0.0, "{seen}");
    // And the choice matters: passing loses, and so does the section-8 bot in the seat
    // (its flowchart Rallies).
    let bots = || -> Vec<Option<Box<dyn Agent>>> {
        Faction::ALL
            .iter()
            .map(|&f| Some(Box::new(NonPlayer::new(f)) as Box<dyn Agent>))
            .collect()
    };
    let (_, agents) = Replay::then(vec![(Faction::Farc, Choice::Pass)], bots());
    let passed = Game::new(&rules, setup.clone(), deck.clone(), agents).play().unwrap();
    assert_ne!(passed.winner(), [Faction::Farc]);
    let (_, agents) = Replay::then(Vec::new(), bots());
    let mut by_bot = Game::new(&rules, setup, deck, agents);
    let bot = by_bot.play().unwrap();
    assert_eq!(by_bot.answers.first(), Some(&(Faction::Farc, Choice::Op(Op::Rally))));
    assert_ne!(bot.winner(), [Faction::Farc]);
}

/// At every card-level question of every seat, a game resumed at the card's start with the
/// card's answers replayed reaches the same question in the same position (what the
/// search builds each iteration on).
struct Resuming<'r> {
    inner: RandomAgent,
    checked: Rc<RefCell<usize>>,
    rules: &'r Ruleset,
}

impl Agent for Resuming<'_> {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        if req.ask == Ask::Action {
            let start = view.card_start.expect("a card is being played");
            let reached: Rc<RefCell<Option<(usize, abyss::kernel::State, Ask)>>> = Rc::default();
            let probe = Probe(reached.clone());
            let live: Vec<Option<Box<dyn Agent>>> = (0..4)
                .map(|_| Some(Box::new(probe.clone()) as Box<dyn Agent>))
                .collect();
            let (_, agents) = Replay::then(view.answers[start.answers..].to_vec(), live);
            let mut dice = Dice::new(view.answers.len() as u64);
            let mut g = Game::resume(
                self.rules,
                start,
                view.seating.clone(),
                view.answers[..start.answers].to_vec(),
                start.deck_drawn(self.rules, &mut dice),
                agents,
            );
            let _ = g.play();
            let got = reached.borrow_mut().take().expect("the resumed game asks");
            assert_eq!(got.0, view.answers.len());
            assert_eq!(got.2, Ask::Action);
            assert!(got.1 == *view.state, "the same position");
            assert_eq!(g.current_card(), view.card);
            assert_eq!(g.next_card(), view.next_card);
            *self.checked.borrow_mut() += 1;
        }
        self.inner.decide(view, req)
    }
}

/// Notes the first question it is asked, and stops the game there.
#[derive(Clone)]
struct Probe(Rc<RefCell<Option<(usize, abyss::kernel::State, Ask)>>>);

impl Agent for Probe {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        *self.0.borrow_mut() = Some((view.answers.len(), view.state.clone(), req.ask));
        Err(Stop::Quit)
    }
}

#[test]
fn a_game_resumed_at_the_cards_start_reaches_the_same_question() {
    let (rules, setup) = standard();
    let checked = Rc::new(RefCell::new(0));
    for seed in 1..=3 {
        let agents: Vec<Box<dyn Agent>> = Faction::ALL
            .iter()
            .map(|&f| -> Box<dyn Agent> {
                Box::new(Resuming {
                    inner: RandomAgent::new(seed * 10 + f.index() as u64),
                    checked: checked.clone(),
                    rules: &rules,
                })
            })
            .collect();
        let mut g = new_game(&rules, reseeded(&setup, seed), agents);
        assert!(g.play().is_ok());
    }
    assert!(*checked.borrow() > 100, "{}", checked.borrow());
}

#[test]
fn bad_search_specs_say_what_is_expected() {
    for (spec, says) in [
        ("govt=mcts:abc", "`abc` is not a number of iterations"),
        ("govt=mcts:10:0", "is not a thread count"),
        ("mcts:1:2:3", "too many parts"),
    ] {
        let e = AgentSpec::parse(spec).unwrap_err();
        assert!(e.contains(says) && e.contains("expected mcts:N"), "{spec}: {e}");
    }
    let s = AgentSpec::parse("govt=hard,others=nonplayer").unwrap();
    assert_eq!(
        s.to_string(),
        "govt=mcts:hard,farc=nonplayer,auc=nonplayer,cartels=nonplayer"
    );
}

#[test]
fn sim_records_of_mcts_games_replay_with_verify_and_strength_reports_rows() {
    let dir = common::TempDir::new("mcts-records");
    let d = dir.path().to_str().unwrap();
    let (code, out, err) = common::abyss(&[
        "sim",
        "--agents",
        "farc=mcts:4,others=nonplayer",
        "--games",
        "1",
        "--seed",
        "6",
        "--save-records",
        d,
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    // With a search seat, the JSON has its per-game rows without --rows (issue 29).
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v["tally"]["rows"].as_array().expect("per-game rows");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["seed"], 6);
    let rec = dir.path().join("standard-seed-6.rec");
    let (code, out, err) = common::abyss(&["replay", "--verify", "--quiet", rec.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = common::abyss(&[
        "strength", "--seat", "cartels", "--agent", "mcts:3", "--seeds", "1..2", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"].as_array().unwrap().len(), 2);
    assert_eq!(v["seats"][0]["seat"], "cartels");
    assert_eq!(v["seats"][0]["pairs"], 2);
    let (code, _, err) = common::abyss(&["sim", "--agents", "govt=mcts:x", "--games", "1", "--seed", "1"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("expected mcts:N"), "{err}");
}
