//! Fuzzing the inputs a person shares (issue 15): game records, scenario test files and
//! content TOML, mutated from real ones (character flips, truncation, line shuffles,
//! duplicated and inserted lines, huge and negative numbers). Each property runs a fixed
//! number of cases from a fixed seed, so a run is repeatable and its cost known.
//!
//! * The notation parser never panics; what parses prints and parses back to the same
//!   AST; a parsed record resolves its words and a parsed test runs, without a panic.
//! * Content TOML (scenarios and the rules tables) never panics the loader, the set-up
//!   builder or the invariant check, whatever it holds.

mod common;

use abyss::content::{self, ContentFiles};
use abyss::game::playout::random_game;
use abyss::kernel::{Ruleset, check_invariants};
use abyss::notation::suite::Runner;
use abyss::notation::{Record, TestFile};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::path::Path;
use std::sync::LazyLock;

/// Fixed cases from a fixed seed; nothing written to disk on failure (the seed and the
/// case count reproduce it). On demand, `ABYSS_FUZZ_SCALE=N` runs N times the cases and
/// `ABYSS_FUZZ_SEED=S` moves every seed by S (CI runs neither).
fn config(cases: u32, seed: u64) -> Config {
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let scale = env("ABYSS_FUZZ_SCALE").unwrap_or(1).max(1) as u32;
    Config {
        cases: cases.saturating_mul(scale),
        rng_seed: RngSeed::Fixed(seed.wrapping_add(env("ABYSS_FUZZ_SEED").unwrap_or(0))),
        failure_persistence: None,
        max_shrink_iters: 2000,
        ..Config::default()
    }
}

/// One change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    /// Replace the character at a position.
    Flip(usize, char),
    /// Cut the text at a position.
    Truncate(usize),
    SwapLines(usize, usize),
    DuplicateLine(usize),
    DeleteLine(usize),
    /// Put a line from the dictionary before a line.
    InsertLine(usize, &'static str),
    /// Replace a run of digits with an extreme number.
    Number(usize, &'static str),
    /// Replace a word (a run of letters, `-` and `_`) with one from the dictionary.
    Word(usize, &'static str),
}

const CHARS: &[char] = &[
    '"', '\\', '#', '\n', '\r', '\t', ' ', '+', '-', '_', ':', '=', '[', ']', '{', '}', ',', '.', '/', '\0', '0', '9',
    'a', 'z', 'é', '\u{202e}', '\u{1b}', '\u{feff}',
];

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "6",
    "7",
    "29",
    "30",
    "99",
    "100",
    "127",
    "128",
    "255",
    "256",
    "32767",
    "32768",
    "65536",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "-1",
    "-128",
    "-32769",
    "-9223372036854775808",
    "1e308",
    "nan",
    "0x10",
];

const WORDS: &[&str] = &[
    "govt",
    "farc",
    "auc",
    "cartels",
    "pass",
    "done",
    "yes",
    "no",
    "bogota",
    "cesar",
    "ecuador",
    "panama",
    "loc_cali_pasto",
    "farc-guerrilla",
    "farc-guerrilla-active",
    "govt-troops",
    "govt-base",
    "cartels-base",
    "unshaded",
    "shaded",
    "active-support",
    "neutral",
    "standard",
    "quick",
    "none",
    "train",
    "sweep",
    "rally",
    "expect",
    "play",
    "setup",
    "test",
    "answers",
    "seating",
    "non-players",
    "bot-dice",
    "troops",
    "base",
    "order",
    "piles",
    "x",
    "",
];

const LINES: &[&str] = &[
    "",
    "# a comment",
    "answers",
    "seed 18446744073709551615",
    "seating govt farc auc cartels",
    "non-players govt farc auc cartels",
    "seating non-players govt farc auc cartels",
    "result govt+farc",
    "stopped \"why \\\" \\\\ \\n\"",
    "end",
    "check",
    "content 0123456789abcdef",
    "scenario \"scenarios/x y.toml\"",
    "test \"another\"",
    "setup standard",
    "setup \"/etc/passwd\"",
    "play",
    "expect",
    "expect error \"diverged\"",
    "  deck 1 2 3 73",
    "  deck 255 0",
    "  place cesar farc-guerrilla 255",
    "  place bogota govt-troops 30",
    "  remove cesar farc-guerrilla 9",
    "  clear bogota",
    "  terror cesar 40",
    "  terror bogota 255",
    "  sabotage loc_cali_pasto",
    "  shipment cesar govt",
    "  shipment cesar farc active",
    "  resources govt 4294967296",
    "  aid 255",
    "  capability 1 shaded",
    "  capability 255 unshaded",
    "  momentum 17",
    "  modifier sweep_cost 255",
    "  modifier no_hook 1",
    "  momentum-modifier sweep_never_activates bogota",
    "  open ecuador",
    "  farc-zone bogota",
    "  president uribe",
    "  final-propaganda 255",
    "  bot-dice farc 1 6 6",
    "  dice 1 6",
    "  dice 0",
    "expect after card",
    "expect after card 255",
    "expect after resources 2",
    "expect after reset",
    "  sequence govt 1st-op-sa",
    "  sequence farc passed",
    "  margin farc -5",
    "  margin govt -99999999999999999999",
    "  player-options",
    "  count cesar farc-guerrilla 3",
    "  options govt: pass done",
    "  answered farc:",
    "  asks govt \"\"",
    "  winner govt+auc",
    "  card 0",
    "govt 255",
    "farc ecuador",
    "[space.cesar]",
    "[space.bogota]",
    "[space.nowhere]",
    "troops = 300",
    "farc_guerrillas = -5",
    "farc_bases = 3",
    "support = \"active_support\"",
    "shipments = [{ faction = \"govt\" }]",
    "shipments = [{ faction = \"farc\" }, { faction = \"farc\" }, { faction = \"farc\" }, { faction = \"farc\" }, { faction = \"farc\" }]",
    "terror = 1000",
    "base = \"standard\"",
    "base = \"../rules/map\"",
    "aid = 99999999999",
    "president = \"nobody\"",
    "[resources]",
    "govt = -1",
    "[deck]",
    "order = []",
    "order = [1, 1, 2]",
    "piles = 0",
    "events_per_pile = 100000",
    "propaganda_piles = 255",
    "[seating]",
    "players = [[\"govt\", \"govt\"]]",
    "non_players = [\"farc\", \"auc\", \"cartels\", \"govt\"]",
    "capabilities = [{ card = 2, side = \"unshaded\" }, { card = 2, side = \"shaded\" }]",
    "momentum = [0, 255]",
    "event_spaces = [\"ecuador\", \"ecuador\"]",
    "open_deployment = [\"govt\", \"govt\"]",
    "final_propaganda = 0",
    "skip_victory = [-1, 300]",
    "[[space]]",
    "count = 0",
    "count = 251",
    "pop = 255",
    "econ = -3",
    "adjacent = [\"bogota\", \"bogota\"]",
    "resources_max = 0",
    "aid_max = 255",
    "bases_per_space = 0",
    "markers = 0",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), prop::sample::select(CHARS)).prop_map(|(i, c)| Mutation::Flip(i, c)),
        1 => any::<usize>().prop_map(Mutation::Truncate),
        1 => (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => any::<usize>().prop_map(Mutation::DuplicateLine),
        1 => any::<usize>().prop_map(Mutation::DeleteLine),
        3 => (any::<usize>(), prop::sample::select(LINES)).prop_map(|(i, l)| Mutation::InsertLine(i, l)),
        3 => (any::<usize>(), prop::sample::select(NUMBERS)).prop_map(|(i, n)| Mutation::Number(i, n)),
        2 => (any::<usize>(), prop::sample::select(WORDS)).prop_map(|(i, w)| Mutation::Word(i, w)),
    ]
}

/// Changes that keep most lines well-formed, for properties that need parsed input.
fn semantic_mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (any::<usize>(), prop::sample::select(LINES)).prop_map(|(i, l)| Mutation::InsertLine(i, l)),
        3 => (any::<usize>(), prop::sample::select(NUMBERS)).prop_map(|(i, n)| Mutation::Number(i, n)),
        2 => (any::<usize>(), prop::sample::select(WORDS)).prop_map(|(i, w)| Mutation::Word(i, w)),
        1 => any::<usize>().prop_map(Mutation::DuplicateLine),
        1 => any::<usize>().prop_map(Mutation::DeleteLine),
    ]
}

/// Byte ranges of runs of characters that `is` accepts.
fn runs(text: &str, is: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        match (start, is(c) && i < text.len()) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn apply(text: &str, m: &Mutation) -> String {
    let mut lines: Vec<&str> = text.split('\n').collect();
    match m {
        Mutation::Flip(i, c) => {
            let chars: Vec<char> = text.chars().collect();
            if chars.is_empty() {
                return c.to_string();
            }
            let k = pick(*i, chars.len());
            chars[..k]
                .iter()
                .chain(std::iter::once(c))
                .chain(&chars[k + 1..])
                .collect()
        }
        Mutation::Truncate(i) => {
            let cuts: Vec<usize> = text.char_indices().map(|(k, _)| k).collect();
            if cuts.is_empty() {
                return String::new();
            }
            text[..cuts[pick(*i, cuts.len())]].to_string()
        }
        Mutation::SwapLines(a, b) => {
            let (a, b) = (pick(*a, lines.len()), pick(*b, lines.len()));
            lines.swap(a, b);
            lines.join("\n")
        }
        Mutation::DuplicateLine(i) => {
            let k = pick(*i, lines.len());
            lines.insert(k, lines[k]);
            lines.join("\n")
        }
        Mutation::DeleteLine(i) => {
            lines.remove(pick(*i, lines.len()));
            lines.join("\n")
        }
        Mutation::InsertLine(i, l) => {
            lines.insert(pick(*i, lines.len() + 1), l);
            lines.join("\n")
        }
        Mutation::Number(i, n) => splice(text, &runs(text, |c| c.is_ascii_digit()), i, n),
        Mutation::Word(i, w) => splice(
            text,
            &runs(text, |c| c.is_ascii_alphabetic() || c == '-' || c == '_'),
            i,
            w,
        ),
    }
}

/// A position in 0..n from a random number.
fn pick(r: usize, n: usize) -> usize {
    r % n.max(1)
}

fn splice(text: &str, spans: &[(usize, usize)], i: &usize, with: &str) -> String {
    if spans.is_empty() {
        return text.to_string();
    }
    let (a, b) = spans[pick(*i, spans.len())];
    format!("{}{with}{}", &text[..a], &text[b..])
}

fn mutate(text: &str, ms: &[Mutation]) -> String {
    ms.iter().fold(text.to_string(), |t, m| apply(&t, m))
}

// ---- corpora -----------------------------------------------------------------------------

/// Records of real games (the first answers of random games) and a handwritten one.
static RECORDS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let files = ContentFiles::embedded();
    let mut out = Vec::new();
    for (scenario, seed) in [("standard", 3), ("quick", 8), ("short", 21)] {
        let (rules, _, setup) = abyss::cli::position(&files, scenario, seed).unwrap();
        let (result, mut game) = random_game(&rules, &setup, seed, false);
        game.answers.truncate(120);
        let rec = Record::from_game(&game, scenario, seed)
            .with_content(files.hash())
            .with_result(&result);
        out.push(rec.to_string());
    }
    out.push(
        "# by hand\nabyss-record 2\ncontent 00ff00ff00ff00ff\nscenario \"scenarios/my scenario.toml\"\n\nseed 42\n\
         seating govt+auc farc\nnon-players cartels\ncheck\nanswers\ngovt sweep  # first\ngovt cesar\n\nfarc pass\n\
         stopped \"failed: \\\"q\\\" \\\\ b\\nnext\"\n"
            .into(),
    );
    out
});

/// Every test of tests/scenarios/, one test per corpus entry (a whole file is too slow a
/// unit for many cases in a debug build).
static TESTS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut out = Vec::new();
    for p in abyss::notation::suite::test_files(&dir).unwrap() {
        let text = std::fs::read_to_string(&p).unwrap();
        let mut current = String::new();
        for line in text.lines() {
            if line.starts_with("test ") && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            current.push_str(line);
            current.push('\n');
        }
        out.push(current);
    }
    out
});

fn corpus_item(corpus: &[String], i: &usize) -> String {
    corpus[pick(*i, corpus.len())].clone()
}

// ---- the notation ------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1000, 0x5eed_0001))]

    #[test]
    fn records_parse_without_panic_and_round_trip(
        i in any::<usize>(),
        ms in prop::collection::vec(mutation(), 1..6),
    ) {
        let text = mutate(&corpus_item(&RECORDS, &i), &ms);
        if let Ok(rec) = Record::parse(&text, "fuzz.rec") {
            let again = Record::parse(&rec.to_string(), "printed.rec");
            prop_assert_eq!(again.as_ref(), Ok(&rec), "printed:\n{}", rec);
            let _ = rec.choices(&RULES, "fuzz.rec");
        }
    }

    #[test]
    fn test_files_parse_without_panic_and_round_trip(
        i in any::<usize>(),
        ms in prop::collection::vec(mutation(), 1..6),
    ) {
        let text = mutate(&corpus_item(&TESTS, &i), &ms);
        if let Ok(tf) = TestFile::parse(&text, "fuzz.test") {
            let again = TestFile::parse(&tf.to_string(), "printed.test");
            prop_assert_eq!(again.as_ref(), Ok(&tf), "printed:\n{}", tf);
        }
    }
}

static RULES: LazyLock<Ruleset> = LazyLock::new(common::rules);

proptest! {
    // Running a test plays a game up to its first unanswered question: fewer cases.
    #![proptest_config(config(250, 0x5eed_0002))]

    #[test]
    fn mutated_tests_run_without_panic(
        i in any::<usize>(),
        ms in prop::collection::vec(semantic_mutation(), 1..4),
    ) {
        let text = mutate(&corpus_item(&TESTS, &i), &ms);
        if let Ok(tf) = TestFile::parse(&text, "fuzz.test") {
            let files = ContentFiles::embedded();
            let mut runner = Runner::new(&files).unwrap();
            for t in &tf.tests {
                let report = runner.run("fuzz.test", t);
                for d in &report.failures {
                    prop_assert!(!d.message.is_empty());
                }
            }
        }
    }
}

// ---- content TOML ------------------------------------------------------------------------

/// The embedded content with one file replaced.
fn with_file(path: &str, text: String) -> ContentFiles {
    let mut files = ContentFiles::embedded();
    files.files.insert(path.to_string(), text);
    files
}

/// Build the named scenarios' set-ups on these rules and check them: nothing may panic,
/// and a set-up built without findings must satisfy the invariants.
fn build_scenarios(files: &ContentFiles, rules: &Ruleset, names: &[String]) -> Result<(), TestCaseError> {
    for name in names {
        let mut found = Vec::new();
        if let Ok(Some(sc)) = content::load_scenario(files, name, &mut found) {
            let (setup, more) = content::build_setup(&sc, rules, 1);
            let broken = check_invariants(&setup.state, rules);
            if found.is_empty() && more.is_empty() {
                prop_assert!(broken.is_empty(), "{name}: a clean set-up breaks {broken:?}");
            }
        }
    }
    Ok(())
}

/// Load the rules, then every scenario on them.
fn load_everything(files: &ContentFiles) -> Result<(), TestCaseError> {
    let mut findings = Vec::new();
    let Some(rules) = content::load_ruleset(files, &mut findings) else {
        prop_assert!(!findings.is_empty(), "no rules and no finding");
        return Ok(());
    };
    if findings.is_empty() {
        build_scenarios(files, &rules, &content::scenario_names(files))
    } else {
        Ok(())
    }
}

const SCENARIOS: &[&str] = &["standard", "open", "quick", "short"];

proptest! {
    #![proptest_config(config(600, 0x5eed_0003))]

    #[test]
    fn mutated_scenarios_load_without_panic(
        which in prop::sample::select(SCENARIOS),
        ms in prop::collection::vec(mutation(), 1..6),
    ) {
        let path = format!("scenarios/{which}.toml");
        let original = ContentFiles::embedded().files[&path].clone();
        let files = with_file(&path, mutate(&original, &ms));
        // Quick-Play is built on the Standard set-up: a changed Standard is loaded as a base too.
        let mut names = vec![which.to_string()];
        if which == "standard" {
            names.push("quick".into());
        }
        build_scenarios(&files, &RULES, &names)?;
    }
}

proptest! {
    #![proptest_config(config(120, 0x5eed_0004))]

    #[test]
    fn mutated_rules_tables_load_without_panic(
        which in prop::sample::select(&["rules/map.toml", "rules/forces.toml", "rules/cards.toml", "rules/nonplayer.toml"][..]),
        ms in prop::collection::vec(mutation(), 1..4),
    ) {
        let original = ContentFiles::embedded().files[which].clone();
        load_everything(&with_file(which, mutate(&original, &ms)))?;
    }
}

#[test]
fn the_mutations_do_what_they_say() {
    let t = "ab 12\ncd 345\n";
    let at = |k: usize| k;
    assert_eq!(apply(t, &Mutation::Number(1, "-1")), "ab 12\ncd -1\n");
    assert_eq!(apply(t, &Mutation::SwapLines(0, 1)), "cd 345\nab 12\n");
    assert_eq!(apply(t, &Mutation::DuplicateLine(4)), "ab 12\ncd 345\ncd 345\n");
    assert_eq!(apply(t, &Mutation::DeleteLine(at(0))), "cd 345\n");
    assert_eq!(apply(t, &Mutation::InsertLine(at(0), "x")), "x\nab 12\ncd 345\n");
    assert_eq!(apply(t, &Mutation::Truncate(at(0))), "");
    assert_eq!(apply(t, &Mutation::Flip(at(0), '#')), "#b 12\ncd 345\n");
    assert_eq!(apply(t, &Mutation::Word(at(0), "zz")), "zz 12\ncd 345\n");
    assert!(
        RECORDS.len() >= 4 && TESTS.len() > 300,
        "{} {}",
        RECORDS.len(),
        TESTS.len()
    );
}
