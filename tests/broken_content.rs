//! Deliberately broken content: each fixture in tests/fixtures/broken/ must give exactly
//! the finding its expect.txt names (code and file:line), and nothing else.

mod common;
use abyss::cli::validate;
use abyss::content::ContentFiles;
use common::{TempDir, with_mod};
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    v.sort();
    v
}

#[test]
fn each_fixture_gives_its_finding_at_its_line() {
    let all = fixtures();
    let names: Vec<String> = all
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for want in [
        "bad_toml",
        "unknown_key",
        "unknown_space",
        "asymmetric_adjacency",
        "setup_over_inventory",
        "base_on_loc",
        "govt_in_farc_zone",
        "support_unpopulated",
    ] {
        assert!(names.iter().any(|n| n == want), "missing fixture {want}");
    }
    for dir in all {
        let expect = std::fs::read_to_string(dir.join("expect.txt")).unwrap();
        let (code, at) = expect.trim().split_once(' ').unwrap();
        let mut files = ContentFiles::embedded();
        files.overlay(&dir).unwrap();
        let report = validate::check(&files, None).unwrap();
        // A mod's rules table is named by its path in the mod folder (it is laid over
        // the content's file of the same path, key by key); expect.txt gives the path in
        // the fixture.
        let prefix = format!("{}/", dir.display());
        let got: Vec<String> = report
            .findings
            .iter()
            .map(|f| format!("{} {}:{}", f.code, f.file.trim_start_matches(&prefix), f.line))
            .collect();
        assert_eq!(
            got,
            vec![format!("{code} {at}")],
            "{}: {:#?}",
            dir.display(),
            report.findings
        );
        assert!(!report.ok);
    }
}

#[test]
fn the_embedded_content_is_clean() {
    let report = validate::check(&ContentFiles::embedded(), None).unwrap();
    assert!(report.ok, "{:#?}", report.findings);
    let names: Vec<&str> = report.scenarios.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["open", "quick", "short", "standard"]);
}

#[test]
fn a_content_folder_on_disk_is_read_without_rebuilding() {
    // Copy the embedded content to a folder, change a scenario there, and load that folder.
    let dir = TempDir::new("content");
    for (path, text) in &ContentFiles::embedded().files {
        let text = if path == "scenarios/standard.toml" {
            text.replace("aid = 9", "aid = 12")
        } else {
            text.clone()
        };
        dir.write(path, &text);
    }
    let from_disk = ContentFiles::from_dir(dir.path()).unwrap();
    let mut findings = Vec::new();
    let rules = abyss::content::load_ruleset(&from_disk, &mut findings).unwrap();
    let sc = abyss::content::load_scenario(&from_disk, "standard", &mut findings)
        .unwrap()
        .unwrap();
    let (setup, more) = abyss::content::build_setup(&sc, &rules, 0);
    assert!(findings.is_empty() && more.is_empty());
    assert_eq!(setup.state.aid(), 12);
}

#[test]
fn every_finding_in_a_many_fault_scenario_is_reported() {
    // Loading does not stop at the first problem.
    let (files, _dir) = with_mod(
        "many",
        &[(
            "scenarios/many.toml",
            "base = \"standard\"\naid = 30\n[space.vichada]\nsupport = \"active_support\"\n[space.loc_bogota_neiva]\ncartels_bases = 1\nterror = 1\n[space.nowhere]\ntroops = 1\n",
        )],
    );
    let report = validate::check(&files, Some("many")).unwrap();
    let mut codes: Vec<&str> = report.findings.iter().map(|f| f.code).collect();
    codes.sort();
    assert_eq!(
        codes,
        [
            "aid-range",
            "base-on-loc",
            "support-unpopulated",
            "terror-on-loc",
            "unknown-space"
        ]
    );
}

#[test]
fn base_scenarios_must_exist_and_not_loop() {
    let (files, _dir) = with_mod(
        "bases",
        &[
            ("scenarios/a.toml", "base = \"b\"\n"),
            ("scenarios/b.toml", "# loops back\nbase = \"a\"\n"),
            ("scenarios/c.toml", "base = \"nowhere\"\n"),
        ],
    );
    for (name, want) in [
        ("a", "base-cycle scenarios/b.toml:2"),
        ("c", "unknown-scenario scenarios/c.toml:1"),
    ] {
        let report = validate::check(&files, Some(name)).unwrap();
        let got: Vec<String> = report
            .findings
            .iter()
            .map(|f| format!("{} {}:{}", f.code, f.file, f.line))
            .collect();
        assert_eq!(got, [want], "{name}");
    }
}

#[test]
fn a_long_chain_of_base_scenarios_is_a_finding_not_a_stack_overflow() {
    // c0 <- c1 <- ... <- c2999: the chain was resolved by one recursive call per file,
    // and 2,000 files overflowed the stack (the whole process aborted).
    let texts: Vec<(String, String)> = (0..3000)
        .map(|i| {
            let base = if i == 0 {
                "standard".to_string()
            } else {
                format!("c{}", i - 1)
            };
            (
                format!("scenarios/c{i}.toml"),
                format!("name = \"chain {i}\"\nbase = \"{base}\"\naid = {}\n", i % 29),
            )
        })
        .collect();
    let list: Vec<(&str, &str)> = texts.iter().map(|(p, t)| (p.as_str(), t.as_str())).collect();
    let (files, _dir) = with_mod("base-chain", &list);
    for (name, at) in [("c2999", "c2968"), ("c31", "c0")] {
        let report = validate::check(&files, Some(name)).unwrap();
        let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
        assert_eq!(
            got,
            [format!(
                "scenarios/{at}.toml:2: base-too-deep: scenarios/{name}.toml is built from more than 32 \
                 scenario files through `base`: base it on a scenario nearer one without `base`, or \
                 write the settings out"
            )]
        );
    }
    // 32 files, standard included: c30 .. c0 and standard.
    let report = validate::check(&files, Some("c30")).unwrap();
    assert!(report.ok, "{:#?}", report.findings);
}

/// The embedded map, replacing the content's whole (a rename laid over by key would add a
/// space), with the quoted word `from` renamed `to`; and the line where `id = "to"` is, if
/// any.
/// Each finding of a report as `LINE:CODE MESSAGE`.
fn finding_lines(report: &validate::Report) -> Vec<String> {
    report
        .findings
        .iter()
        .map(|f| format!("{}:{} {}", f.line, f.code, f.message))
        .collect()
}

fn map_renaming(from: &str, to: &str) -> (String, Option<usize>) {
    let map = "replace = true\n".to_string()
        + &ContentFiles::embedded().files["rules/map.toml"].replace(&format!("\"{from}\""), &format!("\"{to}\""));
    let line = map
        .lines()
        .position(|l| l.contains(&format!("id = \"{to}\"")))
        .map(|i| i + 1);
    (map, line)
}

#[test]
fn a_space_id_longer_than_scripts_can_name_is_refused_at_its_line() {
    let long = "vaupes_department_on_the_brazilian_border_x";
    let (map, line) = map_renaming("vaupes", long);
    let line = line.unwrap();
    let (files, dir) = with_mod("long-id", &[("rules/map.toml", &map)]);
    let report = validate::check(&files, None).unwrap();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "{}/rules/map.toml:{line}: bad-id: space id `{long}` is 43 bytes long; at most 40 are supported \
             (card scripts name spaces by their ids): shorten it",
            dir.path().display()
        )]
    );
}

#[test]
fn a_space_id_that_is_a_word_of_the_card_api_is_refused_at_its_line() {
    // A space named like a word the card API reads otherwise (`g:spaces("city")` is every
    // City) validated, and no script could name it. Answer words (`done`, `pass`, a
    // number) and the terminal's commands stay allowed: records and tests read them by
    // the question's options (reliability-r3/slug_answer_word; tests/cli.rs), and a person
    // can answer such a space by its number.
    for word in ["city", "insurgents", "all", "govt", "terror"] {
        let (map, line) = map_renaming("vaupes", word);
        let line = line.unwrap();
        let (files, dir) = with_mod("reserved-id", &[("rules/map.toml", &map)]);
        let report = validate::check(&files, None).unwrap();
        let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
        let want = format!(
            "{}/rules/map.toml:{line}: reserved-id: space id `{word}` is a word the card scripts' API reads otherwise",
            dir.path().display()
        );
        assert!(
            got.len() == 1 && got[0].starts_with(&want) && got[0].contains("rename the space"),
            "{word}: {got:?}"
        );
    }
    for word in ["done", "pass", "yes", "help", "picture"] {
        let (map, _) = map_renaming("vaupes", word);
        let (files, _dir) = with_mod("allowed-id", &[("rules/map.toml", &map)]);
        let report = validate::check(&files, None).unwrap();
        // (Other files still name `vaupes`: only the id's own finding matters here.)
        assert!(
            report.findings.iter().all(|f| f.code != "reserved-id"),
            "{word}: {:?}",
            report.findings
        );
    }
    // A country a space borders is a word of the card API too.
    let (map, _) = map_renaming("venezuela", "loc");
    let (files, _dir) = with_mod("reserved-country", &[("rules/map.toml", &map)]);
    let report = validate::check(&files, None).unwrap();
    assert!(!report.findings.is_empty());
    for f in &report.findings {
        assert_eq!(f.code, "reserved-id", "{f}");
        assert!(
            f.message
                .contains("borders `loc`, a word the card scripts' API reads otherwise"),
            "{f}"
        );
    }
}

#[test]
fn every_unknown_key_of_a_scenario_is_reported_in_one_run_with_suggestions() {
    // A newcomer's typos (issue 26 §3): each used to take a run of its own (serde stopped
    // at the first unknown key), with no hint of the key meant.
    let (files, _dir) = with_mod(
        "typos",
        &[(
            "scenarios/broken.toml",
            "base = \"standard\"\n\n[resources]\nfarcs = 3\n\n[space.meta_wset]\nfarc_guerillas = 2\n\n[space.cali]\ntrops = 2\ncolour = \"red\"\n",
        )],
    );
    let report = validate::check(&files, Some("broken")).unwrap();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [
            "scenarios/broken.toml:4: unknown-key: unknown key `farcs` (did you mean `farc`?)",
            "scenarios/broken.toml:7: unknown-key: unknown key `farc_guerillas` (did you mean `farc_guerrillas`?)",
            "scenarios/broken.toml:10: unknown-key: unknown key `trops` (did you mean `troops`?)",
            "scenarios/broken.toml:11: unknown-key: unknown key `colour`, expected one of `support`, `troops`, \
             `police`, `govt_bases`, `farc_guerrillas`, `farc_active`, `farc_bases`, `auc_guerrillas`, \
             `auc_active`, `auc_bases`, `cartels_guerrillas`, `cartels_active`, `cartels_bases`, `terror`, \
             `sabotage`, `farc_zone`, `shipments`",
            "scenarios/broken.toml:6: unknown-space: unknown space `meta_wset` (did you mean `meta_west`?)",
        ]
    );
    assert!(!report.ok);
    // A scenario with unknown keys is not played, though its other keys were read.
    let e = abyss::cli::position(&files, "broken", 1).unwrap_err();
    assert!(e.contains("unknown key `farcs`"), "{e}");
    // Typos in every table, a required key misspelt (not reported again as missing) and
    // a bad value: all in one run, in the order they are written.
    let (files, _dir) = with_mod(
        "typos-2",
        &[(
            "scenarios/broken.toml",
            "base = \"standard\"\npresdient = \"uribe\"\naid = \"many\"\n[deck]\npile = 3\n[seating]\nplayer = [[\"govt\"]]\n[[capabilities]]\ncard = 1\nsdie = \"unshaded\"\n",
        )],
    );
    let report = validate::check(&files, Some("broken")).unwrap();
    let got = finding_lines(&report);
    assert_eq!(
        got,
        [
            "2:unknown-key unknown key `presdient` (did you mean `president`?)",
            "3:bad-value invalid type: string \"many\", expected i64",
            "5:unknown-key unknown key `pile` (did you mean `piles`?)",
            "7:unknown-key unknown key `player` (did you mean `players`?)",
            "10:unknown-key unknown key `sdie` (did you mean `side`?)",
        ]
    );
}

#[test]
fn every_unknown_key_of_a_rules_table_is_reported_and_a_misspelt_value_gets_a_suggestion() {
    let forces = ContentFiles::embedded().files["rules/forces.toml"]
        .replacen("count = 30", "count = 30\ncolour = \"green\"", 2)
        .replacen("aid_max = 29", "aid_max = 29\nresources_mx = 3", 1);
    let line_of = |needle: &str, nth: usize| {
        1 + forces
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with(needle))
            .nth(nth)
            .unwrap()
            .0
    };
    let (files, _dir) = with_mod("rules-typos", &[("rules/forces.toml", &forces)]);
    let report = validate::check(&files, None).unwrap();
    let got = finding_lines(&report);
    assert_eq!(
        got,
        [
            format!(
                "{}:unknown-key unknown key `resources_mx` (did you mean `resources_max`?)",
                line_of("resources_mx", 0)
            ),
            format!(
                "{}:unknown-key unknown key `colour`, expected one of `faction`, `kind`, `count`",
                line_of("colour", 0)
            ),
            format!(
                "{}:unknown-key unknown key `colour`, expected one of `faction`, `kind`, `count`",
                line_of("colour", 1)
            ),
        ]
    );
    let cards = ContentFiles::embedded().files["rules/cards.toml"].replacen("kind = \"event\"", "kind = \"evnt\"", 1);
    let (files, _dir) = with_mod("value-typo", &[("rules/cards.toml", &cards)]);
    let report = validate::check(&files, None).unwrap();
    let got: Vec<String> = report
        .findings
        .iter()
        .map(|f| format!("{} {}", f.code, f.message))
        .collect();
    assert_eq!(got, ["bad-value unknown value `evnt` (did you mean `event`?)"]);
}

#[test]
fn a_victory_threshold_out_of_range_is_refused_at_its_line() {
    let forces =
        ContentFiles::embedded().files["rules/forces.toml"].replacen("govt_support = 60", "govt_support = 5000", 1);
    let line = 1 + forces.lines().position(|l| l.starts_with("govt_support")).unwrap();
    let (files, _dir) = with_mod("victory-range", &[("rules/forces.toml", &forces)]);
    let report = validate::check(&files, None).unwrap();
    let got = finding_lines(&report);
    assert_eq!(
        got,
        [format!(
            "{line}:bad-value victory.govt_support = 5000: a threshold must be within -99..=999"
        )]
    );
}
