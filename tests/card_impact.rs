//! `abyss cards`: forks at card-level questions (crates/play/src/fork.rs), the paired figures of
//! a card side (crates/play/src/impact.rs), shards merged into one run.

mod common;

use abyss::content::{DeckSpec, Setup};
use abyss::game::fork::{Answer, Fork, Offer, Played, play};
use abyss::game::impact::{self, Plan, Scored};
use abyss::game::playout::AgentSpec;
use abyss::game::shard::Seeds;
use abyss::game::{Choice, Outcome};
use abyss::kernel::{Faction, Ruleset};
use common::{TempDir, abyss};
use serde_json::Value;

fn seated(r: &Ruleset, scenario: &str, spec: &AgentSpec) -> Setup {
    spec.seat(&common::setup(r, scenario))
}

fn scored(o: &Outcome, f: Faction) -> Scored {
    Scored {
        win: o.winner().contains(&f),
        margin: o.margins[f.index()],
    }
}

/// The copy of `real` (seed `seed`) answered `how` at `o`.
fn copy(r: &Ruleset, s: &Setup, seed: u64, spec: &AgentSpec, real: &Played, o: &Offer, how: Answer) -> Played {
    let fork = Fork {
        answer: o.answer,
        faction: o.faction,
        how,
    };
    play(r, s, seed, spec, Some(fork), Some(&real.answers))
}

#[test]
fn a_copy_plays_the_real_game_to_its_fork_and_answers_otherwise_only_there() {
    let r = common::rules();
    let spec = AgentSpec::parse("nonplayer").unwrap();
    let s = seated(&r, "standard", &spec);
    let (mut replayed, mut forked) = (0, 0);
    for seed in 1..=2 {
        let real = play(&r, &s, seed, &spec, None, None);
        let outcome = real.outcome.clone().expect("the bot game ends");
        assert!(!real.offers.is_empty());
        for o in &real.offers {
            // The offer is the question answered at its place in the record.
            assert_eq!(real.answers[o.answer], (o.faction, o.pick));
            let event = Choice::Event(o.side);
            if o.pick != event && replayed < 6 {
                // Copy B asks the bot without the side it did not take: it takes what it
                // took, and the whole game is the real one again.
                let b = copy(&r, &s, seed, &spec, &real, o, Answer::Without(event));
                assert_eq!(b.answers, real.answers, "seed {seed}, offer {o:?}");
                assert_eq!(b.outcome, Ok(outcome.clone()));
                replayed += 1;
            }
            if o.pick != event && forked < 6 {
                // Copy A: the same answers up to the fork, the side there.
                let a = copy(&r, &s, seed, &spec, &real, o, Answer::Only(event));
                assert!(a.outcome.is_ok(), "{:?}", a.outcome);
                assert_eq!(a.answers[..o.answer], real.answers[..o.answer]);
                assert_eq!(a.answers[o.answer], (o.faction, event));
                forked += 1;
            }
            if o.pick == event {
                // Copy B where the bot took the side: something else there.
                let b = copy(&r, &s, seed, &spec, &real, o, Answer::Without(event));
                assert!(b.outcome.is_ok(), "{:?}", b.outcome);
                assert_eq!(b.answers[..o.answer], real.answers[..o.answer]);
                assert_eq!(b.answers[o.answer].0, o.faction);
                assert_ne!(b.answers[o.answer].1, event);
            }
        }
    }
    assert!(replayed >= 6 && forked >= 6, "{replayed} {forked}");
}

#[test]
fn a_random_agent_handed_its_own_pick_replays_the_real_game() {
    // A random agent asked the fork question with only its real pick rolls as it did
    // (one decision), so the rest of its game is the real one.
    let r = common::rules();
    let spec = AgentSpec::parse("random").unwrap();
    let s = seated(&r, "quick", &spec);
    let real = play(&r, &s, 5, &spec, None, None);
    assert!(real.outcome.is_ok());
    let offers: Vec<&Offer> = real.offers.iter().step_by(5).take(4).collect();
    assert!(offers.len() >= 2);
    for o in offers {
        let again = copy(&r, &s, 5, &spec, &real, o, Answer::Only(o.pick));
        assert_eq!(again.answers, real.answers, "{o:?}");
        assert_eq!(again.outcome, real.outcome);
    }
    // A copy that is handed a record not its own stops, saying so.
    let o = real.offers[3];
    let wrong: Vec<_> = real.answers.iter().rev().copied().collect();
    let fork = Fork {
        answer: o.answer,
        faction: o.faction,
        how: Answer::Only(o.pick),
    };
    let c = play(&r, &s, 5, &spec, Some(fork), Some(&wrong));
    assert!(
        c.outcome
            .unwrap_err()
            .to_string()
            .contains("did not play the real game's"),
        "a copy checks the answers before its fork"
    );
}

#[test]
fn a_sides_impact_is_computed_from_its_paired_outcomes() {
    // A fixed deck of three Events and a Propaganda card: six sides, small games.
    let r = common::rules();
    let spec = AgentSpec::parse("random").unwrap();
    let mut s = seated(&r, "quick", &spec);
    s.deck = DeckSpec::Fixed(vec![21, 34, 45, 73]);
    s.final_propaganda = 1;
    s.skip_victory.clear();
    let tick = |_| {};
    let plan = Plan {
        rules: &r,
        setup: &s,
        spec,
        forks: 4,
        seeds: Seeds { first: 1, last: 60 },
        jobs: 2,
        progress: &tick,
    };
    let run = impact::run(&plan);
    let keys: Vec<&str> = run.sides.iter().map(|x| x.side.as_str()).collect();
    assert_eq!(
        keys,
        [
            "21-unshaded",
            "21-shaded",
            "34-unshaded",
            "34-shaded",
            "45-unshaded",
            "45-shaded"
        ]
    );
    let rows = &run.tally.rows;
    assert!(rows.iter().all(|x| x.counts()), "{rows:?}");
    // Every fork's two results are the real game's and its copy's.
    for row in rows.iter().take(8) {
        let real = play(&r, &s, row.seed, &spec, None, None);
        let f = Faction::from_slug(&row.faction).unwrap();
        let o = *real
            .offers
            .iter()
            .find(|o| o.answer as u64 == row.answer && impact::side_key(o.card, o.side) == row.side)
            .expect("the fork's offer is in the real game");
        let event = Choice::Event(o.side);
        assert_eq!(row.played, o.pick == event);
        let real_result = scored(real.outcome.as_ref().unwrap(), f);
        let how = if row.played {
            Answer::Without(event)
        } else {
            Answer::Only(event)
        };
        let c = copy(&r, &s, row.seed, &spec, &real, &o, how);
        let copy_result = scored(c.outcome.as_ref().unwrap(), f);
        let (a, b) = if row.played {
            (real_result, copy_result)
        } else {
            (copy_result, real_result)
        };
        assert_eq!((row.a, row.b), (Some(a), Some(b)), "{row:?}");
    }
    // Per side: the mean paired difference of its rows, and its observed rates.
    let doc = impact::Doc::new(abyss_run(), 4, run.sides.clone(), run.tally.clone(), run.used, timing());
    assert!(doc.complete, "{:?}", doc.short);
    for e in &doc.estimates {
        let mine: Vec<_> = rows.iter().filter(|x| x.side == e.side).collect();
        assert_eq!(e.forks, 4);
        assert_eq!(mine.len(), 4);
        let d: i64 = mine
            .iter()
            .map(|x| i64::from(x.a.unwrap().win) - i64::from(x.b.unwrap().win))
            .sum();
        let m: i64 = mine
            .iter()
            .map(|x| i64::from(x.a.unwrap().margin) - i64::from(x.b.unwrap().margin))
            .sum();
        assert_eq!(e.win_difference.unwrap().estimate, d as f64 / 4.0, "{}", e.side);
        assert_eq!(e.margin_difference.unwrap().estimate, m as f64 / 4.0, "{}", e.side);
        let played: Vec<_> = mine.iter().filter(|x| x.played).collect();
        assert_eq!(e.observed_played.offers, played.len() as u64);
        assert_eq!(
            e.observed_played.wins,
            played.iter().filter(|x| x.a.unwrap().win).count() as u64
        );
    }
    // Ranked by the size of the win-rate difference.
    let sizes: Vec<f64> = doc
        .estimates
        .iter()
        .map(|e| e.win_difference.unwrap().estimate.abs())
        .collect();
    assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
}

fn abyss_run() -> abyss::game::summary::Run {
    abyss::game::summary::Run {
        abyss: "0".into(),
        content: "0".into(),
        scenario: "quick".into(),
        scenario_file: None,
        agents: "random".into(),
        check: false,
        seeds: Seeds { first: 1, last: 60 },
        shard: None,
    }
}

fn timing() -> impact::Timing {
    impact::Timing {
        seconds: 0.0,
        games: 0,
        copies: 0,
        seconds_per_game: 0.0,
    }
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = abyss(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn untimed(text: &str) -> Value {
    let mut v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    v.as_object_mut().unwrap().remove("timing").expect("a timing field");
    v
}

const RUN: [&str; 10] = [
    "cards",
    "--scenario",
    "quick",
    "--agents",
    "random",
    "--forks",
    "2",
    "--seeds",
    "1..30",
    "--format",
];

#[test]
fn shards_merged_are_one_run_and_threads_change_nothing() {
    let dir = TempDir::new("cards-shards");
    let one = ok(&[&RUN[..], &["json", "--jobs", "2"]].concat());
    let v = untimed(&one);
    // The run stops inside the second shard: the third's forks are all left out.
    let last = v["used"]["last"].as_u64().unwrap();
    assert!((11..=20).contains(&last), "{last}");
    assert_eq!(v["complete"], true);
    assert_eq!(untimed(&ok(&[&RUN[..], &["json", "--jobs", "1"]].concat())), v);
    let files: Vec<String> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            let out = ok(&[&RUN[..], &["json", "--shard", &shard]].concat());
            let path = dir.path().join(format!("part{k}.json"));
            std::fs::write(&path, out).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect();
    let mut merge = vec!["merge", "--format", "json"];
    merge.extend(files.iter().map(String::as_str));
    let merged = untimed(&ok(&merge));
    assert_eq!(merged, v);
    // The same through `cards --merge`, and as text.
    let mut again = vec!["cards", "--format", "json", "--merge"];
    again.extend(files.iter().map(String::as_str));
    assert_eq!(untimed(&ok(&again)), v);
    let text = ok(&["cards", "--merge", &files[0], &files[1], &files[2]]);
    assert!(text.contains("Card impact on `quick` (random agents)"), "{text}");
    assert!(text.contains("biased"), "{text}");
    // A part missing, or one of another run, is refused.
    let (code, _, err) = abyss(&["merge", &files[0], &files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("are in no file (shards 2/3)"), "{err}");
    let other = ok(&[
        "cards",
        "--scenario",
        "quick",
        "--agents",
        "random",
        "--forks",
        "3",
        "--seeds",
        "1..30",
        "--format",
        "json",
        "--shard",
        "2/3",
    ]);
    let path = dir.path().join("other.json");
    std::fs::write(&path, other).unwrap();
    let (code, _, err) = abyss(&["merge", &files[0], path.to_str().unwrap(), &files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("`forks` is 3"), "{err}");
}

#[test]
fn cards_usage_errors_say_what_to_do() {
    let (code, _, err) = abyss(&["cards", "--seeds", "1..10", "--shard", "1/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("add --format json"), "{err}");
    let (code, _, err) = abyss(&["cards", "--forks", "0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--forks 0"), "{err}");
}
