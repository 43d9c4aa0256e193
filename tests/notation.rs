//! The notation: game records (parse, print, replay) and scenario test files (parse,
//! print), and the `replay` and `test` subcommands.

mod common;

use abyss::content::ContentFiles;
use abyss::game::playout::{Replay, new_game, random_game, reseeded};
use abyss::notation::record::replay;
use abyss::notation::{Record, TestFile, Trailer};
use common::TempDir;
use common::abyss;

/// A random game of a scenario and its record, printed.
fn recorded(scenario: &str, seed: u64) -> (Record, String) {
    let files = ContentFiles::embedded();
    let (rules, _, setup) = abyss::cli::position(&files, scenario, seed).unwrap();
    let (result, game) = random_game(&rules, &setup, seed, false);
    let rec = Record::from_game(&game, scenario, seed)
        .with_content(files.hash())
        .with_result(&result);
    let text = rec.to_string();
    (rec, text)
}

const HANDWRITTEN: &str = r#"
# A record written by hand: comments and blank lines anywhere.
abyss-record 2
content 00ff00ff00ff00ff
scenario "scenarios/my scenario.toml"   # a path, quoted because of the space

seed 42
seating govt+auc farc
non-players cartels
check
answers
govt sweep        # first answer
govt cesar

farc pass
# the end
stopped "failed: \"quoted\" \\ back\nnext line"
"#;

#[test]
fn a_handwritten_record_parses_and_prints_canonically() {
    let rec = Record::parse(HANDWRITTEN, "hand.rec").unwrap();
    assert_eq!(rec.content, Some(0x00ff_00ff_00ff_00ff));
    assert_eq!(rec.scenario, "scenarios/my scenario.toml");
    assert_eq!(rec.seed, 42);
    let seating = rec.seating.clone().unwrap();
    assert_eq!(seating.players.len(), 2);
    assert_eq!(seating.non_players.len(), 1);
    assert!(rec.check);
    assert_eq!(rec.answers.len(), 3);
    assert_eq!(rec.answers[1].word, "cesar");
    // Answer lines are kept for messages.
    assert_eq!(rec.answer_line(0), Some(12));
    assert_eq!(rec.answer_line(2), Some(15));
    assert_eq!(
        rec.trailer,
        Some(Trailer::Stopped(Some("failed: \"quoted\" \\ back\nnext line".into())))
    );
    let printed = rec.to_string();
    let again = Record::parse(&printed, "printed.rec").unwrap();
    assert_eq!(again, rec, "{printed}");
    assert_eq!(again.to_string(), printed, "printing is canonical");
    assert!(printed.starts_with("abyss-record 2\ncontent 00ff00ff00ff00ff\nscenario \"scenarios/my scenario.toml\"\n"));
    assert!(printed.contains("\nseating govt+auc farc\nnon-players cartels\ncheck\nanswers\ngovt sweep\n"));
}

#[test]
fn every_trailer_round_trips() {
    for trailer in ["", "end\n", "result govt+auc\n", "stopped\n", "stopped \"why\"\n"] {
        let text = format!("abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt pass\n{trailer}");
        let rec = Record::parse(&text, "t.rec").unwrap();
        assert_eq!(rec.to_string(), text);
    }
}

#[test]
fn a_random_games_record_round_trips_and_resolves_to_its_answers() {
    let files = ContentFiles::embedded();
    let (rules, _, setup) = abyss::cli::position(&files, "standard", 5).unwrap();
    let (result, game) = random_game(&rules, &setup, 5, false);
    assert!(game.answers.len() > 100);
    let rec = Record::from_game(&game, "standard", 5)
        .with_content(files.hash())
        .with_result(&result);
    let text = rec.to_string();
    let parsed = Record::parse(&text, "game.rec").unwrap();
    assert_eq!(parsed, rec);
    assert_eq!(parsed.to_string(), text);
    assert_eq!(parsed.choices(&rules, "game.rec").unwrap(), game.answers);
}

#[test]
fn a_replay_reproduces_the_final_state_of_random_games() {
    let files = ContentFiles::embedded();
    for (scenario, seed) in [
        ("standard", 1),
        ("standard", 2),
        ("standard", 3),
        ("standard", 17),
        ("short", 4),
        ("quick", 9),
        ("quick", 10),
    ] {
        let (rules, _, setup) = abyss::cli::position(&files, scenario, seed).unwrap();
        let (result, live) = random_game(&rules, &setup, seed, false);
        let text = Record::from_game(&live, scenario, seed)
            .with_result(&result)
            .to_string();

        let rec = Record::parse(&text, "game.rec").unwrap();
        let answers = rec.choices(&rules, "game.rec").unwrap();
        let out = replay(&rules, &setup, &rec, answers.clone());
        assert_eq!(out.result, result, "{scenario} seed {seed}");
        assert!(out.all_used(), "{scenario} seed {seed}");
        assert!(
            out.game.state == live.state,
            "{scenario} seed {seed}: final states differ"
        );
        assert_eq!(out.game.answers, live.answers);
        assert_eq!(out.game.card_index, live.card_index);

        // The engine's own replay agents agree.
        let mut again = new_game(&rules, reseeded(&setup, seed), Replay::agents(answers));
        assert_eq!(again.play(), result);
        assert!(again.state == live.state);
    }
}

#[test]
fn a_truncated_record_stops_where_it_ends_and_a_changed_one_where_it_diverges() {
    let files = ContentFiles::embedded();
    let (rules, _, setup) = abyss::cli::position(&files, "standard", 7).unwrap();
    let (_, text) = recorded("standard", 7);
    let mut rec = Record::parse(&text, "g.rec").unwrap();
    rec.answers.truncate(40);
    rec.trailer = None;
    let out = replay(&rules, &setup, &rec, rec.choices(&rules, "g.rec").unwrap());
    assert!(out.script.ran_out && out.all_used());
    assert!(out.script.pending.is_some());
    assert!(out.result.is_err());

    // The 10th answer made into one the engine does not offer there.
    let mut rec = Record::parse(&text, "g.rec").unwrap();
    let mut first9 = rec.clone();
    first9.answers.truncate(9);
    let asked = replay(&rules, &setup, &first9, first9.choices(&rules, "g.rec").unwrap())
        .script
        .pending
        .expect("a 10th question");
    let not_offered = rules
        .map
        .ids()
        .map(abyss::game::Choice::Space)
        .find(|c| !asked.options.contains(c))
        .unwrap();
    rec.answers[9].faction = asked.faction;
    rec.answers[9].word = not_offered.render(&rules);
    let out = replay(&rules, &setup, &rec, rec.choices(&rules, "g.rec").unwrap());
    assert_eq!(out.script.used, 9);
    assert!(!out.script.ran_out);
    let msg = out.result.unwrap_err().to_string();
    assert!(msg.contains("is not an option of"), "{msg}");
    assert!(msg.contains(&*asked.prompt), "{msg}");
    assert_eq!(rec.answer_line(9), Some(16), "header of 6 lines, then answers");
}

#[test]
fn record_syntax_errors_say_where_and_what_was_expected() {
    let text = "abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt sweep\ngvt cesar\n";
    let e = Record::parse(text, "bad.rec").unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.col), ("bad.rec", 6, Some(1)));
    assert!(e.message.contains("expected"), "{e}");
    assert!(e.message.contains("a faction"), "{e}");
    assert!(e.message.contains("found `gvt`"), "{e}");
    assert!(e.to_string().starts_with("bad.rec:6:1: "), "{e}");
    assert!(e.with_excerpt().contains("6 | gvt cesar"), "{}", e.with_excerpt());

    let e = Record::parse("abyss-record 2\nscenario standard\nsed 1\nanswers\n", "bad.rec").unwrap_err();
    assert_eq!((e.line, e.col), (3, Some(1)));
    assert!(e.message.contains("`seed`") && e.message.contains("`answers`"), "{e}");

    let e = Record::parse("abyss-record 2\nscenario standard\nanswers\n", "bad.rec").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(e.message.contains("no `seed` line"), "{e}");

    let e = Record::parse("abyss-record 3\nscenario standard\nseed 1\nanswers\n", "bad.rec").unwrap_err();
    assert!(
        e.message.contains("version 3") && e.message.contains("this is version 2"),
        "{e}"
    );
    // Version 1 (without the noted answers of 5.1.3 questions) is still read.
    let r = Record::parse("abyss-record 1\nscenario standard\nseed 1\nanswers\n", "old.rec").unwrap();
    assert_eq!(r.version, 1);

    let e = Record::parse(
        "abyss-record 2\nscenario a\nseed 1\nseating govt farc farc auc cartels\nanswers\n",
        "bad.rec",
    )
    .unwrap_err();
    assert_eq!(e.line, 4);
    assert!(e.message.contains("seated twice"), "{e}");
}

#[test]
fn an_unknown_answer_is_reported_at_its_line_with_a_suggestion() {
    let rules = common::rules();
    let text = "abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt sweep\ngovt bogotx\n";
    let rec = Record::parse(text, "u.rec").unwrap();
    let e = rec.choices(&rules, "u.rec").unwrap_err();
    assert_eq!(
        e.to_string(),
        "u.rec:6: unknown answer `bogotx` (did you mean `bogota`?)"
    );
}

#[test]
fn the_content_hash_is_stable_and_sees_every_change() {
    let a = ContentFiles::embedded();
    assert_eq!(a.hash(), ContentFiles::embedded().hash());
    let (b, _dir) = common::with_mod("hash", &[("scenarios/extra.toml", "base = \"standard\"\n")]);
    assert_ne!(a.hash(), b.hash());
}

#[test]
fn the_scenario_test_files_print_and_parse_back_to_the_same_ast() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_none_or(|x| x != "test") {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        let tf = TestFile::parse(&text, &p.display().to_string()).unwrap();
        let printed = tf.to_string();
        let again = TestFile::parse(&printed, "printed").unwrap_or_else(|e| panic!("{e}\n{printed}"));
        assert_eq!(again, tf, "{}", p.display());
        assert_eq!(again.to_string(), printed);
        n += tf.tests.len();
    }
    assert!(n >= 10, "{n} tests");
}

#[test]
fn every_kind_of_setup_change_and_fact_round_trips() {
    let text = r#"test "all the words \"quoted\""
setup "scenarios/x y.toml"
  seed 7
  deck 28 73 1
  resources govt 10
  aid 5
  eligible farc no
  place cesar farc-guerrilla 2
  place cesar farc-guerrilla-active
  remove bogota govt-troops 3
  clear cali
  support cesar passive-support
  terror cesar 1
  sabotage loc_bogota_neiva
  shipment cesar farc
  shipment cesar farc active
  president pastrana
  farc-zone meta_west
  capability 2 shaded
  momentum 12
  modifier sweep_cost 1
  momentum-modifier no_sweep_assault_against auc
  open ecuador
  seating govt+auc farc non-players cartels
  final-propaganda 2
play
  govt sweep
  govt cesar
expect error "is not an option"
  count cesar farc-guerrilla-active 3
  resources govt 7
  aid 5
  support cesar neutral
  control cesar govt
  control bogota none
  eligible govt no
  terror cesar 1
  sabotage loc_bogota_neiva yes
  available govt-police 12
  out-of-play govt-troops 0
  president samper
  shipments farc 1
  shipments cesar 1
  farc-zone meta_west no
  capability 2 none
  capability 3 unshaded
  momentum 12 yes
  total-support 50
  opposition-plus-bases 20
  options farc: pass rally march
  options govt:
  asks farc "Execute an Operation"
  winner farc
  winner govt+auc
  card 28
  sequence govt 1st-op-sa
  sequence farc 2nd-limited-op
  margin cartels -30
  margin govt 4

test "no play block"
setup standard
expect

test "checkpoints between play blocks"
setup standard
  dice 1 6 3
  bot-dice farc 2 2
play
  govt pass
expect after card 28
  sequence govt eligible
expect after resources 2
  margin farc -5
play
  farc pass
  auc pass
expect after card
expect after reset
  terror cesar 0
play
  cartels pass
expect

test "a checkpoint before any answer"
setup standard
expect after victory
  aid 9
play
  govt pass
expect

test "an empty play block"
setup standard
play
expect after card
expect
"#;
    let tf = TestFile::parse(text, "all.test").unwrap();
    assert_eq!(tf.tests.len(), 5);
    let t = &tf.tests[0];
    assert_eq!(t.name, "all the words \"quoted\"");
    assert_eq!(t.changes.len(), 23);
    assert_eq!(t.facts.len(), 30);
    let c = &tf.tests[2];
    assert_eq!(c.play.as_ref().map(Vec::len), Some(4));
    let at: Vec<(usize, usize)> = c.checkpoints.iter().map(|c| (c.after_answers, c.facts.len())).collect();
    assert_eq!(at, [(1, 1), (1, 1), (3, 0), (3, 1)]);
    assert_eq!(c.checkpoints[1].number, Some(2));
    assert_eq!(tf.tests[3].checkpoints[0].after_answers, 0);
    assert_eq!(tf.tests[4].play, Some(Vec::new()));
    assert_eq!(t.play.as_ref().map(Vec::len), Some(2));
    assert_eq!(t.error.as_deref(), Some("is not an option"));
    assert!(tf.tests[1].play.is_none());
    assert_eq!(tf.to_string(), text, "the canonical form is the text");
    assert_eq!(TestFile::parse(&tf.to_string(), "again").unwrap(), tf);
}

#[test]
fn replay_cli_verifies_a_saved_game_and_reports_divergence_with_the_line() {
    let dir = TempDir::new("replay-cli");
    let (_, text) = recorded("standard", 11);
    dir.write("game.rec", &text);
    let path = dir.path().join("game.rec");
    let p = path.to_str().unwrap();
    let (code, out, err) = abyss(&["replay", p, "--verify"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("game over: "), "{out}");
    assert!(err.is_empty(), "no content warning: {err}");

    // Cut after the 20th answer: without a `stopped` trailer, --verify fails.
    let cut: String = text.lines().take(6 + 20).map(|l| format!("{l}\n")).collect();
    dir.write("cut.rec", &cut);
    let cut_path = dir.path().join("cut.rec");
    let (code, out, _) = abyss(&["replay", cut_path.to_str().unwrap(), "--verify"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("cut.rec:26: the record ends after answer 20"), "{out}");
    // ... and with one, it passes; without --verify it is only a report.
    dir.write("cut.rec", &format!("{cut}stopped\n"));
    assert_eq!(abyss(&["replay", cut_path.to_str().unwrap(), "--verify"]).0, 0);

    // Another content: a warning, not a failure.
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("content "));
    lines[1] = "content 0123456789abcdef";
    let changed = lines.join("\n") + "\n";
    dir.write("other.rec", &changed);
    let (code, _, err) = abyss(&["replay", dir.path().join("other.rec").to_str().unwrap(), "--verify"]);
    assert_eq!(code, 0);
    assert!(err.contains("warning:") && err.contains("0123456789abcdef"), "{err}");

    // A syntax error: the place and the expectation, exit 1.
    dir.write("bad.rec", "abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt\n");
    let (code, _, err) = abyss(&["replay", dir.path().join("bad.rec").to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("bad.rec:5:5: expected a word"), "{err}");

    // A missing file is an I/O error.
    assert_eq!(abyss(&["replay", "no/such/file.rec"]).0, 2);
}

#[test]
fn sim_saves_no_record_when_no_game_fails() {
    let dir = TempDir::new("sim-save");
    let target = dir.path().join("failures");
    let (code, out, _) = abyss(&[
        "sim",
        "--games",
        "3",
        "--scenario",
        "quick",
        "--save-failures",
        target.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(!target.exists());
}

#[test]
fn a_stopped_trailer_must_name_the_same_stop() {
    // A record whose trailer says how the game stopped (as `sim --save-failures` writes
    // it) passes --verify only when the replay stops the same way after every answer.
    let files = ContentFiles::embedded();
    let (rules, _, setup) = abyss::cli::position(&files, "standard", 3).unwrap();
    let (_, live) = random_game(&rules, &setup, 3, false);
    let mut rec = Record::from_game(&live, "standard", 3);
    rec.answers.truncate(30);
    let out = replay(&rules, &setup, &rec, rec.choices(&rules, "r").unwrap());
    let stop = out.result.as_ref().unwrap_err().clone();
    let rec = rec.with_result(&Err(stop.clone()));
    assert_eq!(rec.trailer, Some(Trailer::Stopped(Some(stop.to_string()))));
    let dir = TempDir::new("stopped");
    dir.write("same.rec", &rec.to_string());
    let (code, out, _) = abyss(&["replay", dir.path().join("same.rec").to_str().unwrap(), "--verify"]);
    assert_eq!(code, 0, "{out}");
    let mut other = rec.clone();
    other.trailer = Some(Trailer::Stopped(Some("failed: something else".into())));
    dir.write("other.rec", &other.to_string());
    let (code, out, _) = abyss(&["replay", dir.path().join("other.rec").to_str().unwrap(), "--verify"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("the record says it stopped with: failed: something else"),
        "{out}"
    );
}

#[test]
fn sim_writes_each_failing_game_as_a_record_that_replays() {
    // No random game fails on sound content, so a failure is made up: the first 50
    // answers of a real game, stopped where those answers run out.
    let files = ContentFiles::embedded();
    let (rules, _, setup) = abyss::cli::position(&files, "quick", 21).unwrap();
    let (_, live) = random_game(&rules, &setup, 21, false);
    let answers = live.answers[..50].to_vec();
    let probe = Record::new("quick", 21, &setup.seating, &answers, &rules);
    let stop = replay(&rules, &setup, &probe, answers.clone()).result.unwrap_err();
    let failing = abyss::cli::sim::GameResult {
        seed: 21,
        outcome: Err(stop.clone()),
        cards: 0,
        decisions: 50,
        card: None,
        answers,
        events: vec![],
        event_failures: vec![],
        blame: None,
        fired: Default::default(),
        rounds: vec![],
    };
    let dir = TempDir::new("save-failures");
    let n = abyss::cli::sim::save_records(dir.path(), "quick", false, &files, &rules, &setup, &[&failing]).unwrap();
    assert_eq!(n, 1);
    let path = dir.path().join("quick-seed-21.rec");
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = Record::parse(&text, "saved").unwrap();
    assert_eq!(rec.content, Some(files.hash()));
    assert_eq!((rec.scenario.as_str(), rec.seed, rec.answers.len()), ("quick", 21, 50));
    assert_eq!(rec.trailer, Some(Trailer::Stopped(Some(stop.to_string()))));
    let (code, out, _) = abyss(&["replay", path.to_str().unwrap(), "--verify"]);
    assert_eq!(code, 0, "{out}");
}
