//! Every scenario test in tests/scenarios/ (through the same runner as `abyss test`), and
//! the diagnostics of deliberately bad test files.

mod common;

use abyss::content::ContentFiles;
use abyss::notation::TestFile;
use abyss::notation::suite::{Runner, run_path};
use common::TempDir;
use std::path::Path;

#[test]
fn every_scenario_test_passes() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let result = run_path(&dir, &ContentFiles::embedded()).unwrap();
    let mut problems = Vec::new();
    for d in &result.broken_files {
        problems.push(d.with_excerpt());
    }
    for r in result.reports.iter().filter(|r| !r.passed()) {
        let lines: Vec<String> = r.failures.iter().map(|d| d.to_string()).collect();
        problems.push(format!("{} ({}:{}):\n  {}", r.name, r.file, r.line, lines.join("\n  ")));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(result.reports.len() >= 20, "{} tests ran", result.reports.len());
}

/// Run one test file's text; the first failure of each test, as "line: message".
fn failures(text: &str) -> Vec<Option<(usize, String)>> {
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    runner
        .run_file("bad.test", text)
        .unwrap()
        .into_iter()
        .map(|r| r.failures.first().map(|d| (d.line, d.message.clone())))
        .collect()
}

const BASE: &str = "setup standard\n  deck 1 2\n";

#[test]
fn a_syntax_error_names_file_line_column_and_what_was_expected() {
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    let text = "test \"one\"\nsetup standard\n  plaec cesar farc-guerrilla 2\nexpect\n";
    let e = runner.run_file("bad.test", text).unwrap_err();
    assert_eq!((e.file.as_str(), e.line, e.col), ("bad.test", 3, Some(3)));
    assert!(e.message.starts_with("expected "), "{e}");
    for kw in ["`place`", "`remove`", "`support`", "`play`", "`expect`"] {
        assert!(e.message.contains(kw), "{kw} missing: {e}");
    }
    assert!(e.message.ends_with("found `plaec`"), "{e}");

    let e = runner
        .run_file(
            "bad.test",
            "test \"two\"\nsetup standard\n  support cesar passive\nexpect\n",
        )
        .unwrap_err();
    assert_eq!((e.line, e.col), (3, Some(17)));
    assert!(e.message.contains("a support level"), "{e}");

    let e = runner.run_file("bad.test", "test unquoted\n").unwrap_err();
    assert_eq!((e.line, e.col), (1, Some(6)));
    assert!(e.message.contains("a quoted string"), "{e}");

    let e = runner
        .run_file("bad.test", "test \"t\"\nsetup standard\nplay\n  govt\nexpect\n")
        .unwrap_err();
    assert_eq!((e.line, e.col), (4, Some(7)));
    assert!(e.message.contains("a word"), "{e}");
}

#[test]
fn unknown_words_are_reported_at_their_line_with_a_suggestion() {
    let text = format!(
        "test \"unknown space\"\n{BASE}  place cesr farc-guerrilla\nexpect\n\n\
         test \"unknown piece\"\n{BASE}  place cesar farc-gurrilla\nexpect\n\n\
         test \"unknown answer\"\n{BASE}play\n  govt swep\nexpect\n\n\
         test \"unknown space in a fact\"\n{BASE}expect\n  count bogot govt-troops 3\n\n\
         test \"unknown hook\"\n{BASE}  modifier sweep_cots 1\nexpect\n\n\
         test \"unknown president\"\n{BASE}  president uribbe\nexpect\n"
    );
    let f = failures(&text);
    assert_eq!(
        f,
        vec![
            Some((
                4,
                "setup `place cesr farc-guerrilla`: unknown space `cesr` (did you mean `cesar`?)".into()
            )),
            Some((
                10,
                "setup `place cesar farc-gurrilla`: unknown piece `farc-gurrilla` (did you mean `farc-guerrilla`?)"
                    .into()
            )),
            Some((17, "unknown answer `swep` (did you mean `sweep`?)".into())),
            Some((
                24,
                "count bogot govt-troops: unknown space `bogot` (did you mean `bogota`?)".into()
            )),
            Some((
                29,
                "setup `modifier sweep_cots 1`: no hook named `sweep_cots` (did you mean `sweep_cost`?)".into()
            )),
            Some((
                35,
                "setup `president uribbe`: unknown president `uribbe` (did you mean `uribe`?); the track has samper, pastrana, uribe"
                    .into()
            )),
        ]
    );
}

#[test]
fn a_refused_change_gives_its_line_and_the_kernels_reason() {
    let text = format!(
        "test \"a Base on a LoC\"\n{BASE}  place loc_bogota_neiva farc-base\nexpect\n\n\
         test \"too much Aid\"\n{BASE}  aid 30\nexpect\n\n\
         test \"removing what is not there\"\n{BASE}  remove cesar govt-troops 1\nexpect\n\n\
         test \"a Shipment without a holder\"\n{BASE}  shipment cesar farc\nexpect\n\n\
         test \"a card that does not exist\"\nsetup standard\n  deck 1 99\nexpect\n"
    );
    let f = failures(&text);
    let lines: Vec<usize> = f.iter().map(|x| x.as_ref().unwrap().0).collect();
    assert_eq!(lines, vec![4, 10, 16, 22, 27]);
    let msgs: Vec<&str> = f.iter().map(|x| x.as_ref().unwrap().1.as_str()).collect();
    assert!(
        msgs[0].starts_with("setup `place loc_bogota_neiva farc-base`: "),
        "{}",
        msgs[0]
    );
    assert!(msgs[0].to_lowercase().contains("loc"), "{}", msgs[0]);
    assert!(msgs[1].starts_with("setup `aid 30`: "), "{}", msgs[1]);
    assert!(
        msgs[2].starts_with("setup `remove cesar govt-troops 1`: "),
        "{}",
        msgs[2]
    );
    assert!(msgs[3].contains("no FARC Guerrilla without a Shipment"), "{}", msgs[3]);
    assert_eq!(msgs[4], "deck: there is no card 99");
}

#[test]
fn a_wrong_expectation_says_which_line_expected_what_and_got_what() {
    let text = format!(
        "test \"wrong\"\n{BASE}play\n  govt pass\nexpect\n  resources govt 40\n  eligible govt no\n  resources farc 10\n  options farc: pass rally\n"
    );
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    let reports = runner.run_file("bad.test", &text).unwrap();
    let f: Vec<String> = reports[0].failures.iter().map(|d| d.to_string()).collect();
    assert_eq!(f.len(), 3, "{f:#?}");
    assert_eq!(f[0], "bad.test:7: resources govt: expected 40, got 43");
    assert_eq!(f[1], "bad.test:8: eligible govt: expected no, got yes");
    assert!(
        f[2].starts_with("bad.test:10: options farc: \"Execute the Event or an Operation, or Pass?\" offers pass event-unshaded event-shaded rally march attack terror; expected pass rally"),
        "{}",
        f[2]
    );
}

#[test]
fn play_errors_blame_the_answer_and_expected_errors_must_match() {
    let text = format!(
        "test \"refused answer\"\n{BASE}play\n  govt train\n  govt cesar\nexpect\n\n\
         test \"wrong faction\"\n{BASE}play\n  farc pass\nexpect\n\n\
         test \"expected error that does not come\"\n{BASE}play\n  govt pass\nexpect error \"nope\"\n\n\
         test \"expected error with other text\"\n{BASE}play\n  govt train\n  govt cesar\nexpect error \"nope\"\n\n\
         test \"answers left after the game ends\"\nsetup standard\n  deck 1\nplay\n  govt pass\n  farc pass\n  auc pass\n  cartels pass\n  govt pass\nexpect\n"
    );
    let f = failures(&text);
    let (l, m) = f[0].clone().unwrap();
    assert_eq!(l, 6);
    assert!(
        m.starts_with("answer `govt cesar`: diverged: `cesar` is not an option of \"Train in which space?\""),
        "{m}"
    );
    let (l, m) = f[1].clone().unwrap();
    assert_eq!(l, 13);
    assert!(m.contains("the answer is FARC's, but Government is asked"), "{m}");
    let (l, m) = f[2].clone().unwrap();
    assert_eq!(l, 21);
    assert!(m.contains("but every answer was accepted"), "{m}");
    let (l, m) = f[3].clone().unwrap();
    assert_eq!(l, 29);
    assert!(
        m.starts_with("expected an error containing \"nope\", got: diverged: "),
        "{m}"
    );
    let (l, m) = f[4].clone().unwrap();
    assert_eq!(l, 39);
    assert!(m.contains("the game ended before answer `govt pass`"), "{m}");
}

#[test]
fn the_test_command_prints_each_test_and_exits_1_on_a_failure() {
    let dir = TempDir::new("test-cmd");
    dir.write(
        "a.test",
        &format!("test \"passes\"\n{BASE}play\n  govt pass\nexpect\n  resources govt 43\n"),
    );
    dir.write(
        "b.test",
        &format!("test \"fails\"\n{BASE}play\n  govt pass\nexpect\n  resources govt 40\n"),
    );
    dir.write("pending/c.test", "not even parsed: sub-folders are left out\n");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_abyss"))
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (code, out) = run(&["test", dir.path().to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("ok      passes ("), "{out}");
    assert!(out.contains("FAILED  fails ("), "{out}");
    assert!(out.contains("b.test:7: resources govt: expected 40, got 43"), "{out}");
    assert!(out.contains("2 tests: 1 passed, 1 failed"), "{out}");
    let (code, out) = run(&["test", dir.path().join("a.test").to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    dir.write("broken.test", "test \"x\"\nsetup\n");
    let (code, out) = run(&["test", dir.path().join("broken.test").to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("FAILED to parse ") && out.contains("broken.test:2:6: expected"),
        "{out}"
    );
    assert_eq!(run(&["test", "no/such/folder"]).0, 2);
}

/// Every failure of a file's tests, as "line: message", test by test.
fn all_failures(text: &str) -> Vec<Vec<String>> {
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    runner
        .run_file("new.test", text)
        .unwrap()
        .into_iter()
        .map(|r| r.failures.iter().map(|d| d.to_string()).collect())
        .collect()
}

const ATTACK: &str = "setup standard\n  deck 28 2\n  place cesar farc-guerrilla 2\n  place cesar govt-troops 1\n  place cesar govt-police 1\n";

#[test]
fn scripted_dice_that_are_not_all_rolled_fail_at_the_dice_line() {
    // Line 7: the `dice` line. The play stops before the Attack's roll: 1 of 2 rolls unused.
    let text = format!(
        "test \"dice\"\n{ATTACK}  dice 3 5\nplay\n  farc attack\n  farc cesar\n  farc roll\nexpect\n  count cesar govt-troops 1\n\n\
         test \"too few\"\n{ATTACK}  dice 1\nplay\n  farc attack\n  farc cesar\nexpect\n"
    );
    let f = all_failures(&text);
    assert_eq!(
        f[0],
        ["new.test:7: dice: the game rolled 1 of the 2 scripted rolls; not rolled: 5"]
    );
    assert_eq!(
        f[1],
        ["new.test:21: dice: the game rolled 0 of the 1 scripted rolls; not rolled: 1"]
    );
    // A roll outside 1..6 is refused where it is written.
    let e = TestFile::parse(&format!("test \"x\"\n{ATTACK}  dice 3 7\nexpect\n"), "new.test").unwrap_err();
    assert_eq!(e.to_string(), "new.test:7: dice: 7 is not a die roll (1 to 6)");
    // A list longer than any game rolls is refused at its line; a long unused tail is
    // told by its first rolls and a count.
    let flood = "3 ".repeat(10_001);
    let e = TestFile::parse(&format!("test \"x\"\n{ATTACK}  dice {flood}\nexpect\n"), "new.test").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("new.test:7: dice: 10001 rolls on one line; at most 10000"),
        "{e}"
    );
    let many = "4 ".repeat(50);
    let f = all_failures(&format!(
        "test \"many\"\n{ATTACK}  dice {many}\nplay\n  farc attack\n  farc cesar\nexpect\n"
    ));
    assert!(
        f[0][0].ends_with("not rolled: 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 … (30 more)"),
        "{:?}",
        f[0]
    );
}

#[test]
fn sequence_and_margin_facts_say_what_they_expected_and_got() {
    let text = format!(
        "test \"boxes\"\n{ATTACK}  dice 6\nplay\n  farc attack\n  farc cesar\n  farc roll\n  farc done\n  farc done\n  auc pass\n\
         expect\n  sequence farc 1st-op-sa\n  sequence auc eligible\n  sequence govt eligible\n  margin govt -11\n  margin cartels 30\n"
    );
    let f = all_failures(&text);
    assert_eq!(
        f[0],
        [
            "new.test:16: sequence farc: expected 1st-op-sa, got 1st-op",
            "new.test:17: sequence auc: expected eligible, got passed",
            "new.test:19: margin govt: expected -11, got -10",
            "new.test:20: margin cartels: expected 30, got -30",
        ]
    );
    let e = TestFile::parse(
        "test \"x\"\nsetup standard\nexpect\n  sequence govt 3rd-op\n",
        "new.test",
    )
    .unwrap_err();
    assert_eq!((e.line, e.col), (4, Some(17)));
    assert!(
        e.message
            .contains("a Sequence of Play box (eligible, ineligible, passed, 1st-event"),
        "{e}"
    );
}

#[test]
fn checkpoints_fail_at_their_lines_and_name_what_kept_the_game_from_them() {
    let text = "test \"a wrong fact at a checkpoint\"\nsetup standard\n  deck 73 28 2\n\
                expect after resources\n  resources govt 40\n  options govt: done\nexpect\n\n\
                test \"a checkpoint the play never reaches\"\nsetup standard\n  deck 73 28 2\n\
                expect after reset\n  terror cesar 0\nexpect\n\n\
                test \"a checkpoint written before answers it comes after\"\nsetup standard\n  deck 28 2\n\
                play\n  farc pass\nexpect after card\nplay\n  auc pass\n  cartels pass\n  govt pass\nexpect\n\n\
                test \"a checkpoint for a card that never comes\"\nsetup standard\n  deck 28 2\n\
                expect after card 57\nexpect\n";
    let f = all_failures(text);
    assert_eq!(
        f[0],
        [
            "new.test:5: resources govt: expected 40, got 70",
            "new.test:6: options govt: no question is pending at a checkpoint (`expect after`)",
        ]
    );
    assert_eq!(
        f[1],
        [
            "new.test:12: expect after reset: the game did not get there (the play stopped first, at Government's \"Civic Action in which space?\")"
        ]
    );
    assert_eq!(
        f[2],
        ["new.test:21: expect after card: the game got there only after answer `auc pass` (line 23), written after it"]
    );
    assert_eq!(
        f[3],
        [
            "new.test:31: expect after card 57: the game did not get there (the play stopped first, at FARC's \"Execute the Event or an Operation, or Pass?\")"
        ]
    );
}

#[test]
fn a_forced_non_player_answer_that_is_not_offered_fails_at_its_line() {
    let text = "test \"forced\"\nsetup standard\n  deck 57 68\n  seating govt farc auc non-players cartels\n\
                play\n  cartels train\nexpect\n\n\
                test \"forced, then checked\"\nsetup standard\n  deck 57 68\n  seating govt farc auc non-players cartels\n\
                play\n  cartels pass\nexpect\n  answered cartels: event-shaded\n";
    let f = all_failures(text);
    assert_eq!(f[0].len(), 1);
    assert!(
        f[0][0].starts_with("new.test:6: answer `cartels train`: diverged: `train` is not an option of \"Execute the Event or an Operation, or Pass?\""),
        "{}",
        f[0][0]
    );
    assert_eq!(
        f[1],
        ["new.test:16: answered cartels: Cartels answered: pass; expected: event-shaded"]
    );
}
