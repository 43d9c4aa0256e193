//! Bounded input (issue 15): records and tests parse in time linear in their size, long
//! words get no did-you-mean, and what a file names is reported clipped. No timing is
//! asserted: each test builds an input that the old quadratic code took minutes over
//! (200 KB of answers: 15 s, growing with the square of the size), and checks the result.

mod common;

use abyss::content::ContentFiles;
use abyss::notation::suite::Runner;
use abyss::notation::{Record, TestFile};

/// A record of `n` answers, alternating a few kinds, with comments and blank lines.
fn big_record(n: usize) -> String {
    let mut s = String::from("abyss-record 2\nscenario standard\nseed 7\nanswers\n");
    let words = ["govt pass", "farc rally", "auc cesar", "cartels 3"];
    for i in 0..n {
        s.push_str(words[i % words.len()]);
        s.push('\n');
        if i % 1000 == 0 {
            s.push_str("# a comment\n\n");
        }
    }
    s.push_str("end\n");
    s
}

#[test]
fn a_record_of_fifty_thousand_answers_parses_with_every_line_right() {
    let n = 50_000;
    let text = big_record(n);
    assert!(text.len() > 500_000);
    let rec = Record::parse(&text, "big.rec").unwrap();
    assert_eq!(rec.answers.len(), n);
    // Lines: 4 header lines, then each answer a line, and a comment and a blank line
    // after answers 0, 1000, 2000...
    for i in [0, 1, 999, 1000, 1001, n - 1] {
        let before = if i == 0 { 0 } else { (i - 1) / 1000 + 1 };
        let want = 5 + i + 2 * before;
        assert_eq!(rec.answer_line(i), Some(want), "answer {i}");
    }
    let rules = common::rules();
    let choices = rec.choices(&rules, "big.rec").unwrap();
    assert_eq!(choices.len(), n);
    assert_eq!(choices[3].1.render(&rules), "3");
    // It prints and parses back to the same record.
    assert_eq!(Record::parse(&rec.to_string(), "again.rec").unwrap(), rec);
}

#[test]
fn an_unknown_answer_deep_in_a_big_record_is_reported_at_its_line() {
    let mut text = big_record(20_000);
    text = text.replacen("farc rally\n", "farc raly\n", 1);
    let rec = Record::parse(&text, "big.rec").unwrap();
    let e = rec.choices(&common::rules(), "big.rec").unwrap_err();
    assert_eq!(e.line, 8, "{e}");
    assert_eq!(e.message, "unknown answer `raly` (did you mean `rally`?)");
}

#[test]
fn a_megabyte_word_is_refused_quickly_and_clipped() {
    let word = "a".repeat(1_000_000);
    let text = format!("abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt {word}\n");
    let rec = Record::parse(&text, "word.rec").unwrap();
    let e = rec.choices(&common::rules(), "word.rec").unwrap_err();
    assert_eq!(e.line, 5);
    assert_eq!(
        e.message,
        format!("unknown answer `{}… (1000000 bytes)`", "a".repeat(40))
    );
    // A syntax error in a long line does not echo the line either.
    let text = format!("abyss-record 2\nscenario standard\nseed 1 {word}\n");
    let e = Record::parse(&text, "word.rec").unwrap_err();
    assert_eq!((e.line, e.col), (3, Some(8)));
    assert!(e.message.len() < 200, "{}", e.message);
    assert!(e.with_excerpt().len() < 300);
}

#[test]
fn a_test_file_of_twenty_thousand_facts_parses_and_reports_the_last_one_at_its_line() {
    let mut text = String::from("test \"many facts\"\nsetup standard\n  deck 1 2\nexpect\n");
    for _ in 0..20_000 {
        text.push_str("  resources govt 40\n");
    }
    text.push_str("  resources govt 41\n");
    let tf = TestFile::parse(&text, "big.test").unwrap();
    assert_eq!(tf.tests[0].facts.len(), 20_001);
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    let report = runner.run("big.test", &tf.tests[0]);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    let f = &report.failures[0];
    assert_eq!(f.line, 20_005);
    assert_eq!(f.message, "resources govt: expected 41, got 40");
}

#[test]
fn a_record_of_many_comment_lines_parses() {
    let mut text = String::from("abyss-record 2\nscenario standard\nseed 1\nanswers\n");
    for _ in 0..30_000 {
        text.push_str("# a comment line of some length\n");
    }
    text.push_str("govt pass\n");
    let rec = Record::parse(&text, "c.rec").unwrap();
    assert_eq!(rec.answer_line(0), Some(30_005));
}

#[test]
fn a_content_file_over_the_size_limit_is_refused_unread() {
    // A sparse file: 20 MiB long, nothing on disk. It used to be read whole (a 3 GB one
    // took 3 GB of memory in every command, even when nothing used it).
    let m = common::TempDir::new("huge-content");
    std::fs::create_dir_all(m.path().join("scenarios")).unwrap();
    let f = std::fs::File::create(m.path().join("scenarios/zzz.toml")).unwrap();
    f.set_len(20 << 20).unwrap();
    drop(f);
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    assert!(!files.files.contains_key("scenarios/zzz.toml"));
    let report = abyss::cli::validate::check(&files, None).unwrap();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [
            "scenarios/zzz.toml: file-too-large: 20971520 bytes, more than the limit of 16 MiB for a \
             content file: not read (split it, or remove it from the folder)"
        ]
    );
    // The other scenarios are still there.
    assert!(report.scenarios.iter().any(|s| s.name == "standard"));
}

#[test]
fn a_record_that_never_ends_is_refused_at_the_limit() {
    // /dev/zero is endless (and valid UTF-8): the read stops after 64 MiB.
    for cmd in [&["replay", "/dev/zero"][..], &["play", "--load", "/dev/zero"][..]] {
        let (code, out, err) = common::abyss(cmd);
        assert_eq!(code, 2, "{cmd:?}: {out}{err}");
        assert_eq!(
            err.trim(),
            "abyss: /dev/zero: more than the limit of 64 MiB for a record or test file: not read \
             (is it the file you meant?)",
            "{cmd:?}"
        );
    }
}
