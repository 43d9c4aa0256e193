//! Typed questions (issue 27): every request the engine raises says what it asks as a value
//! of `Ask`, and the bots decide from it, never from the question's text; every option
//! has its number in the action space.

mod common;
use abyss::game::decision::{Agent, Request, Stop, View};
use abyss::game::playout::{AgentSpec, agent_seed, new_game, reseeded};
use abyss::game::{Ask, RandomAgent};
use abyss::kernel::Dice;
use abyss::kernel::Faction;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;

/// Wraps an agent; records the kind of every request it is asked, and fails the game on
/// an untyped one. It draws no dice, so the engine raises every question with two options
/// or more to it (a random agent's sampled questions are raised too).
struct Typed {
    inner: Box<dyn Agent>,
    seen: Rc<RefCell<BTreeSet<String>>>,
}

impl Agent for Typed {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        if request.ask == Ask::None {
            return Err(Stop::Failed(format!("an untyped question: \"{}\"", request.prompt)));
        }
        let kind = match request.ask {
            Ask::Card(c) => format!("Card({:?})", c.method),
            a => format!("{a:?}"),
        };
        self.seen.borrow_mut().insert(kind);
        // Every option has its number in the action space (crates/core/src/game/actions.rs).
        abyss::game::actions::mask(&request.options).map_err(Stop::Failed)?;
        self.inner.decide(view, request)
    }

    fn draw_dice(&mut self) -> Option<Dice> {
        None
    }
}

fn play(spec_text: &str, games: u64, seed: u64) -> BTreeSet<String> {
    let rules = common::rules();
    let setup = common::setup(&rules, "standard");
    let spec = AgentSpec::parse(spec_text).unwrap();
    let seated = spec.seat(&setup);
    let seen = Rc::new(RefCell::new(BTreeSet::new()));
    let fired: abyss::nonplayer::Fired = Default::default();
    for game_seed in seed..seed + games {
        let inner = spec.agents(game_seed, &fired);
        let agents: Vec<Box<dyn Agent>> = inner
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                let a: Box<dyn Agent> = if spec_text == "random" {
                    Box::new(RandomAgent::new(agent_seed(game_seed, Faction::ALL[i])))
                } else {
                    a
                };
                Box::new(Typed {
                    inner: a,
                    seen: seen.clone(),
                }) as Box<dyn Agent>
            })
            .collect();
        let mut game = new_game(&rules, reseeded(&seated, game_seed), agents);
        if let Err(e) = game.play() {
            panic!("game {game_seed} ({spec_text}): {e}");
        }
    }
    seen.take()
}

#[test]
fn every_question_of_random_and_bot_games_is_typed() {
    // Issue 27's figures: 2,000 random and 500 bot games.
    let random = play("random", 2000, 1);
    let bots = play("nonplayer", 500, 1);
    // The games reach the questions of every part of the rules: a sample of kinds that
    // only Operations, Special Activities, Events and Propaganda ask.
    for kind in [
        "Action",
        "OperationSpace(Train)",
        "OperationSpace(Rally)",
        "AddSpecial",
        "SpecialSpace(Extort)",
        "SpecialSpace(Bribe)",
        "MarchFrom",
        "AgitateSpace",
        "Card(ChooseSpace)",
        "Card(ChooseSpaces)",
    ] {
        assert!(random.contains(kind), "random games never asked {kind}: {random:?}");
    }
    for kind in ["Action", "OperationSpace(Rally)", "AddSpecial", "Card(ChooseSpace)"] {
        assert!(bots.contains(kind), "bot games never asked {kind}: {bots:?}");
    }
}

#[test]
fn no_agent_source_matches_a_question_text() {
    // The bots and agents read `Request::ask`; only the terminal and the narrative read a
    // question's text. A quoted question ("...?") in their sources is a text matched.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for dir in ["crates/agents/src/nonplayer", "src/agents"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = e.unwrap().path();
            if path.file_name().is_some_and(|n| n == "terminal.rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                let mut quoted = code.split('"').skip(1).step_by(2);
                if quoted.any(|q| q.ends_with('?')) {
                    found.push(format!("{}:{}: {}", path.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "question texts in agent sources:\n{}",
        found.join("\n")
    );
}

/// The Cities War Tax shaded (card 15) shifts when FARC's bot executes it, one per seed,
/// on the standard position with more Cities open to it: Medellín (Population 3),
/// Bucaramanga (2) and Cartagena (1) at Passive Support, Cali (3) Neutral.
fn war_tax_picks(rules: &abyss::kernel::Ruleset) -> Vec<String> {
    use abyss::game::Game;
    use abyss::kernel::{Side, Support};
    let mut picks = Vec::new();
    for seed in 0..12 {
        let mut setup = common::setup(rules, "standard");
        setup.state.dice = Dice::new(seed);
        for city in ["medellin", "bucaramanga", "cartagena"] {
            setup.state.shift_support(rules, common::sp(rules, city), -1).unwrap();
        }
        let agents: Vec<Box<dyn Agent>> = Faction::ALL
            .iter()
            .map(|&f| Box::new(abyss::nonplayer::NonPlayer::new(f)) as Box<dyn Agent>)
            .collect();
        let mut game = Game::new(rules, setup, vec![15], agents);
        let failure = game.execute_event(Faction::Farc, 15, Side::Shaded).expect("no stop");
        assert!(failure.is_none(), "{failure:?}");
        let shifted: Vec<String> = rules
            .map
            .spaces
            .iter()
            .enumerate()
            .filter(|&(i, _)| {
                game.state.support(abyss::kernel::SpaceId(i as u8)) == Support::PassiveOpposition
                    && rules.map.spaces[i].is_city()
            })
            .map(|(_, d)| d.slug.clone())
            .collect();
        assert_eq!(shifted.len(), 1, "seed {seed}: {shifted:?}");
        picks.push(shifted[0].clone());
    }
    picks
}

#[test]
fn a_bot_shifts_support_where_the_change_is_greatest_when_the_script_says_so() {
    // 8.4.3: a Non-player's shift of Support or Opposition goes where it changes the
    // totals most; the script declares the question's shift (`shifts_support =
    // "passive_opposition"`). Medellín: Support -3 and Opposition +3; Cali (Neutral) +3,
    // Bucaramanga 2 + 2, Cartagena 1 + 1.
    let rules = common::rules();
    let picks = war_tax_picks(&rules);
    assert!(picks.iter().all(|p| p == "medellin"), "only Medellín: {picks:?}");
    // The same card without the declaration: the bot picks by the Random Cities table
    // (8.2), which also lands on the smaller Cities.
    let (files, _dir) = common::with_mod(
        "war-tax-undeclared",
        &[(
            "events/015_war_tax.lua",
            &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/events/015_war_tax.lua"))
                .unwrap()
                .replace(" shifts_support = \"passive_opposition\",", ""),
        )],
    );
    let undeclared = abyss::content::load_ruleset(&files, &mut Vec::new()).expect("the mod loads");
    let picks = war_tax_picks(&undeclared);
    assert!(
        picks.iter().any(|p| p != "cali" && p != "medellin"),
        "undeclared, some pick is another City: {picks:?}"
    );
}
