//! The binary: exit codes (0 clean, 1 findings, 2 usage or I/O), JSON output, `show`.

mod common;

use common::abyss;
use std::process::Command;

#[test]
fn validate_embedded_content_exits_0() {
    let (code, out, _) = abyss(&["validate"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("scenario standard (Standard Deployment): Total Support 50, Opposition+Bases 20"),
        "{out}"
    );
    assert!(out.contains("no findings"));
}

#[test]
fn validate_json_has_findings_and_scenario_totals() {
    let (code, out, _) = abyss(&["validate", "--format", "json", "--scenario", "standard"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["findings"].as_array().unwrap().len(), 0);
    let sc = &v["scenarios"][0];
    assert_eq!(
        (
            sc["name"].as_str(),
            sc["total_support"].as_u64(),
            sc["opposition_plus_bases"].as_u64()
        ),
        (Some("standard"), Some(50), Some(20))
    );
}

#[test]
fn validate_each_broken_fixture_exits_1() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/broken");
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if !p.is_dir() {
            continue;
        }
        let (code, out, _) = abyss(&["validate", "--mod", p.to_str().unwrap()]);
        assert_eq!(code, 1, "{}: {out}", p.display());
        let json = abyss(&["validate", "--format", "json", "--mod", p.to_str().unwrap()]).1;
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["findings"].as_array().unwrap().len(), 1, "{json}");
    }
}

#[test]
fn usage_and_io_errors_exit_2() {
    assert_eq!(abyss(&["validate", "--content", "/no/such/folder"]).0, 2);
    assert_eq!(abyss(&["validate", "--scenario", "no_such_scenario"]).0, 2);
    assert_eq!(abyss(&["validate", "--frobnicate"]).0, 2);
}

/// A folder of scenario tests: one that passes, one that fails (with a name that needs
/// escaping in XML), and a file that does not parse.
fn test_folder(dir: &Scratch) -> String {
    let t = dir.0.join("tests");
    std::fs::create_dir_all(&t).unwrap();
    let test = |name: &str, want: u32| {
        format!(
            "test \"{}\"\nsetup standard\n  deck 8 1\nplay\n  govt event-shaded\nexpect\n  resources govt {want}\n",
            name.replace('"', "\\\"")
        )
    };
    std::fs::write(t.join("a.test"), test("8 shaded: Government Resources -9", 31)).unwrap();
    std::fs::write(t.join("b.test"), test("wrong <on> purpose & \"quoted\"", 99)).unwrap();
    std::fs::write(t.join("c.test"), "tset \"not a test\"\n").unwrap();
    t.to_str().unwrap().to_string()
}

#[test]
fn test_reports_as_json_and_as_junit_xml_for_ci() {
    let dir = Scratch::new("test-reports");
    let folder = test_folder(&dir);
    let (code, out, err) = abyss(&["test", &folder, "--format", "json"]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(
        (v["total"].as_u64(), v["passed"].as_u64(), v["failed"].as_u64()),
        (Some(2), Some(1), Some(1))
    );
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests[0]["passed"], true);
    assert_eq!(tests[0]["name"], "8 shaded: Government Resources -9");
    assert_eq!(tests[1]["passed"], false);
    let f = &tests[1]["failures"][0];
    assert!(
        f["file"].as_str().unwrap().ends_with("b.test") && f["line"].as_u64() == Some(7),
        "{f}"
    );
    assert!(f["message"].as_str().unwrap().contains("99"), "{f}");
    let broken = &v["broken_files"][0];
    assert!(broken["file"].as_str().unwrap().ends_with("c.test"), "{broken}");
    // JUnit XML, with the text report on stdout as usual.
    let xml_path = dir.file("junit.xml");
    let (code, out, _) = abyss(&["test", &folder, "--junit", &xml_path]);
    assert_eq!(code, 1);
    assert!(
        out.contains("2 tests: 1 passed, 1 failed; 1 files did not parse"),
        "{out}"
    );
    let xml = std::fs::read_to_string(&xml_path).unwrap();
    let doc = roxmltree::Document::parse(&xml).expect("well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!(
        (
            root.attribute("tests"),
            root.attribute("failures"),
            root.attribute("errors")
        ),
        (Some("3"), Some("1"), Some("1"))
    );
    let cases: Vec<roxmltree::Node> = root.descendants().filter(|n| n.has_tag_name("testcase")).collect();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[1].attribute("name"), Some("wrong <on> purpose & \"quoted\""));
    let failure = cases[1]
        .children()
        .find(|n| n.has_tag_name("failure"))
        .expect("a <failure>");
    assert!(failure.attribute("message").unwrap().contains("99"), "{xml}");
    assert!(cases[0].children().all(|n| !n.is_element()), "{xml}");
    assert!(cases[2].children().any(|n| n.has_tag_name("error")), "{xml}");
    // All passing: exit 0, and `ok` true.
    let (code, out, _) = abyss(&["test", &format!("{folder}/a.test"), "--format", "json"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(serde_json::from_str::<serde_json::Value>(&out).unwrap()["ok"], true);
}

#[test]
fn with_format_json_usage_and_io_errors_are_a_json_object_too() {
    for args in [
        &["validate", "--format", "json", "--frobnicate"][..],
        &["validate", "--format=json", "--content", "/no/such/folder"],
        &[
            "sim",
            "--format",
            "json",
            "--games",
            "2",
            "--scenario",
            "no_such_scenario",
        ],
        &["test", "--format", "json", "/no/such/tests"],
        &["show", "--format", "json", "--seed", "many"],
        &["merge", "--format", "json", "/no/such/file.json"],
        &["strength", "--format", "json", "--agent", "nobody"],
    ] {
        let (code, out, err) = abyss(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {out}"));
        assert_eq!(
            (v["ok"].as_bool(), v["exit"].as_i64()),
            (Some(false), Some(2)),
            "{args:?}: {out}"
        );
        assert!(!v["error"].as_str().unwrap().is_empty(), "{args:?}");
        // The message for people still goes to stderr.
        assert!(!err.is_empty(), "{args:?}");
    }
    // Content with findings (exit 1) in a command that needs a position: JSON as well.
    let (code, out, _) = abyss(&[
        "sim",
        "--format",
        "json",
        "--mod",
        "tests/fixtures/broken/base_on_loc",
        "--scenario",
        "broken",
    ]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["exit"], 1);
    // Without --format json, a usage error prints nothing on stdout.
    let (code, out, _) = abyss(&["validate", "--frobnicate"]);
    assert_eq!((code, out.as_str()), (2, ""));
}

#[test]
fn export_content_writes_the_embedded_content_which_validates_clean() {
    let dir = Scratch::new("export-content");
    let to = dir.file("content");
    let (code, out, err) = abyss(&["export-content", &to]);
    assert_eq!(code, 0, "{out}{err}");
    let embedded = abyss::content::ContentFiles::embedded();
    assert!(
        out.starts_with(&format!("wrote {} files to {to}", embedded.files.len())),
        "{out}"
    );
    for (rel, text) in &embedded.files {
        assert_eq!(
            &std::fs::read_to_string(dir.0.join("content").join(rel)).unwrap(),
            text,
            "{rel}"
        );
    }
    assert!(dir.0.join("content/events/lib").is_dir());
    let (code, out, err) = abyss(&["validate", "--content", &to]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.ends_with(&format!("{to}: no findings\n")), "{out}");
    // A second export overwrites nothing, and says how to.
    let map = dir.0.join("content/rules/map.toml");
    std::fs::write(&map, "# my map\n").unwrap();
    let (code, out, err) = abyss(&["export-content", &to]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("already exist") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), "# my map\n");
    let (code, out, err) = abyss(&["export-content", &to, "--force"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(std::fs::read_to_string(&map).unwrap(), embedded.files["rules/map.toml"]);
    // A file where the folder should be.
    let (code, _, err) = abyss(&["export-content", &dir.file("content/rules/map.toml")]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn show_prints_the_position() {
    let (code, out, _) = abyss(&["show", "--scenario", "standard"]);
    assert_eq!(code, 0);
    assert!(out.contains("Total Support 50   Opposition+Bases 20"), "{out}");
    let putumayo = out.lines().find(|l| l.trim_start().starts_with("Putumayo")).unwrap();
    assert!(
        putumayo.contains("FARC 2 Guerrillas (Underground)")
            && putumayo.contains("Cartels 1 Guerrilla (Underground) 2 Bases"),
        "{putumayo}"
    );
    let bogota = out.lines().find(|l| l.trim_start().starts_with("Bogotá")).unwrap();
    assert!(
        bogota.contains("3 Troops 2 Police") && bogota.contains("Active Support") && bogota.contains("Govt Control"),
        "{bogota}"
    );
    assert!(out.contains("El Presidente: Ernesto Samper"));
}

#[test]
fn show_refuses_a_broken_scenario_with_its_findings() {
    let (code, _, err) = abyss(&[
        "show",
        "--mod",
        "tests/fixtures/broken/base_on_loc",
        "--scenario",
        "broken",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("scenarios/broken.toml:5: base-on-loc"), "{err}");
}

#[test]
fn solitaire_plays_to_the_end_with_the_non_players() {
    // The Government at the terminal always answers its first option; the other Factions
    // are the section 8 bots. The game must reach its end and report the solitaire result
    // (a game that hangs is killed and fails, see `abyss_typed`).
    let (code, stdout, err) = abyss_typed(&["play", "--human", "govt", "--seed", "3"], &"1\n".repeat(5000));
    assert_eq!(
        code,
        0,
        "{err}\n{}",
        stdout.get(stdout.len().saturating_sub(3000)..).unwrap_or(&stdout)
    );
    assert!(stdout.contains("Game over"), "{stdout}");
    assert!(stdout.contains("Solitaire: "), "{stdout}");
}

/// A folder under the system's temp dir, removed at the end.
struct Scratch(std::path::PathBuf);
impl Scratch {
    fn new(tag: &str) -> Scratch {
        let d = std::env::temp_dir().join(format!("abyss-cli-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        Scratch(d)
    }
    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}
impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Run abyss with `input` typed on stdin; kill it if it has not ended after 5 minutes
/// (a deadlock or an endless loop must fail the test, not hang it).
fn abyss_typed(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        if rx.recv_timeout(std::time::Duration::from_secs(300)).is_err() {
            let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
        }
    });
    let out = child.wait_with_output().unwrap();
    let _ = tx.send(());
    let _ = writer.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Typed answers that always go on: `#2` is always an option (a question with one option
/// is never asked); `#3` may not be, and then the next line answers.
fn typed_answers(n: usize) -> String {
    "#2\n#3\n#1\n".repeat(n)
}

#[test]
fn two_people_at_one_terminal_play_save_resume_and_finish() {
    let dir = Scratch::new("two-people");
    let saved = dir.file("game.rec");
    // The first sitting: some decisions, the commands people use, then save and quit.
    let mut first = String::from("help\ncard\nspace bog\nstatus\n");
    first += &typed_answers(25);
    first += &format!("log 3\nsave {saved}\nquit\n");
    let (code, out, err) = abyss_typed(&["play", "--human", "govt,farc", "--seed", "5"], &first);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("At the terminal: Government; FARC"), "{out}");
    assert!(out.contains("======== FARC to decide ========"), "{out}");
    assert!(
        out.contains("Government: Execute the Event or an Operation, or Pass?"),
        "{out}"
    );
    assert!(out.contains("Card 1 ") || out.contains("Faction order:"), "{out}");
    assert!(out.contains("Neighbours:"), "the space command: {out}");
    assert!(out.contains("Margins: Government"), "the status line: {out}");
    assert!(out.contains(&format!("saved to {saved}")), "{out}");
    let record = std::fs::read_to_string(&saved).unwrap();
    assert!(record.contains("humans govt farc"), "{record}");
    assert!(
        record.contains("negotiation\nvoluntary-removal\n"),
        "two people: both options: {record}"
    );
    assert!(record.contains("non-players auc cartels"), "{record}");
    // The second sitting goes on from the record with the same seats, and finishes.
    let (code, out, err) = abyss_typed(&["play", "--load", &saved], &typed_answers(20_000));
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("At the terminal: Government; FARC"), "{out}");
    assert!(out.contains("Game over"), "{out}");
    assert!(
        out.contains("(seed 5: `abyss play --seed 5` plays this deal again)"),
        "{out}"
    );
}

/// A saved game in progress replays with every one of its answers used ("N of N answers
/// used"): the record is the game that was played.
fn assert_replays_whole(record: &str) {
    let (_, out, err) = abyss(&["replay", record, "--verify"]);
    let used = err
        .lines()
        .chain(out.lines())
        .find_map(|l| {
            l.split(": ")
                .find_map(|p| p.split(", ").find(|p| p.ends_with("answers used")))
        })
        .unwrap_or_else(|| panic!("no answers-used line: {err}\n{out}"));
    let n: Vec<&str> = used.split(' ').collect();
    assert_eq!(n[0], n[2], "{used}\n{out}");
}

/// Two people at one terminal are not asked to negotiate (1.5.2) or to remove their own
/// pieces before an Event (1.4.1) at every Operation and Event (a newcomer's friction,
/// issue 26 §3): the terminal answers Done for them until someone types `negotiate` or
/// `remove`; those answers are recorded, so the record replays exactly.
#[test]
fn negotiation_and_removal_before_an_event_are_asked_only_on_request() {
    let dir = Scratch::new("on-request");
    let quiet = dir.file("quiet.rec");
    let mut typed = typed_answers(40);
    typed += &format!("save {quiet}\nquit\nquit\n");
    let (code, out, err) = abyss_typed(&["play", "--human", "govt,farc", "--seed", "11"], &typed);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(out.contains("Type `negotiate` at any question"), "{out}");
    assert!(!out.contains("Negotiation: give Resources"), "asked unasked: {out}");
    assert!(!out.contains("Before the Event: remove"), "asked unasked: {out}");
    let record = std::fs::read_to_string(&quiet).unwrap();
    assert!(record.contains("negotiation\n"), "{record}");
    assert_replays_whole(&quiet);

    // Asked for: Government gives FARC 3 Resources during its own Patrol.
    let open = dir.file("open.rec");
    let typed = format!("negotiate\npatrol\nfarc\n3\ndone\ndone\ndone\ndone\nsave {open}\nquit\nquit\n");
    let (code, out, err) = abyss_typed(&["play", "--human", "govt,farc", "--seed", "11"], &typed);
    assert_eq!(code, 0, "{err}\n{out}");
    assert!(
        out.contains("Government: Negotiation: give Resources or a Shipment to whom?"),
        "{out}"
    );
    assert!(
        out.contains("FARC: Negotiation: give Resources or a Shipment to whom?"),
        "everyone is asked: {out}"
    );
    assert!(out.contains("FARC Resources 10 → 13"), "{out}");
    assert_replays_whole(&open);

    // `remove` before choosing the Event: its first question is the removal.
    let (code, out, err) = abyss_typed(
        &["play", "--human", "govt,farc", "--seed", "11"],
        "remove\nevent-unshaded\ndone\nquit\nquit\n",
    );
    assert_eq!(code, 0, "{err}\n{out}");
    let removal = out
        .find("Government: Before the Event: remove your own pieces")
        .expect(&out);
    let event = out
        .find("National Coordination Center: Remove all Active AUC")
        .expect(&out);
    assert!(removal < event, "{out}");
}

#[test]
fn a_saved_game_keeps_its_seats() {
    let dir = Scratch::new("seats");
    let saved = dir.file("govt.rec");
    let typed = format!("{}save {saved}\nquit\n", typed_answers(3));
    let (code, out, _) = abyss_typed(&["play", "--human", "govt", "--seed", "2"], &typed);
    assert_eq!(code, 0, "{out}");
    let (code, _, err) = abyss_typed(&["play", "--load", &saved, "--human", "farc"], "quit\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("was played with --human govt; it cannot be continued with --human farc"),
        "{err}"
    );
    let (code, _, err) = abyss_typed(&["play", "--load", &saved, "--seed", "3"], "quit\n");
    assert_eq!(code, 2);
    assert!(err.contains("was played with seed 2"), "{err}");
    let (code, out, _) = abyss_typed(&["play", "--load", &saved, "--human", "govt"], "quit\n");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("At the terminal: Government   Non-players (section 8): FARC, AUC, Cartels"),
        "{out}"
    );
}

#[test]
fn quit_warns_when_the_game_since_the_last_save_would_be_lost() {
    let typed = format!("{}quit\nquit\n", typed_answers(2));
    let (code, out, _) = abyss_typed(&["play", "--human", "govt", "--seed", "4"], &typed);
    assert_eq!(code, 0);
    assert!(out.contains("since the last save would be lost"), "{out}");
}

#[test]
fn the_deadlock_repro_passes() {
    // ../shared/audits/play/play-deadlock.sh: 1, 2 and 4 people, each typing `quit`.
    for args in [
        &["play", "--human", "govt"][..],
        &["play", "--human", "govt,farc"][..],
        &["play"][..],
    ] {
        let (code, out, err) = abyss_typed(args, "quit\n");
        assert_eq!(code, 0, "{args:?}: {err}");
        // Some person was asked something (the seed is drawn, so the question varies).
        let prompts = ["Government> ", "FARC> ", "AUC> ", "Cartels> "];
        assert!(prompts.iter().any(|p| out.contains(p)), "{args:?}: {out}");
    }
}

#[test]
fn play_draws_a_seed_and_says_it() {
    let (code, out, _) = abyss_typed(&["play", "--human", "govt"], "quit\n");
    assert_eq!(code, 0);
    let seed = |out: &str| {
        out.lines()
            .find_map(|l| l.split("seed ").nth(1))
            .map(|s| s.split(|c: char| !c.is_ascii_digit()).next().unwrap().to_string())
            .unwrap()
    };
    let (_, again, _) = abyss_typed(&["play", "--human", "govt"], "quit\n");
    assert!(out.contains("(drawn: --seed plays it again)"), "{out}");
    assert_ne!(seed(&out), seed(&again), "two games, two seeds");
}

#[test]
fn every_printing_subcommand_ends_quietly_on_a_closed_pipe() {
    let dir = Scratch::new("pipes");
    let record = dir.file("game.rec");
    let (code, _, _) = abyss(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "3",
        "--save-records",
        dir.0.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    std::fs::rename(dir.file("standard-seed-3.rec"), &record).unwrap();
    let tally = dir.file("tally.json");
    let (code, json, _) = abyss(&["sim", "--seeds", "1..2", "--format", "json"]);
    assert_eq!(code, 0);
    std::fs::write(&tally, json).unwrap();
    for args in [
        &["validate"][..],
        &["merge", &tally][..],
        &["show"][..],
        &["sim", "--games", "2", "--seed", "1"][..],
        &["lua-defs"][..],
        &["replay", &record, "--details"][..],
        &["test", "tests/scenarios/sequence.test"][..],
        &["event", "8"][..],
        &["completions", "bash"][..],
    ] {
        // The reader is gone before abyss writes anything: every write fails with EPIPE.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_abyss"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn replay_prints_the_narrative_and_carries_the_players_options() {
    let (code, out, _) = abyss(&["replay", "tests/fixtures/records/player-options.rec", "--verify"]);
    // The record stops inside the Train (no trailer says so): all 9 answers are used.
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("9 of 9 answers used"), "{out}");
    assert!(
        out.contains("— Card 1: 1st Division (Government, FARC, AUC, Cartels) —"),
        "{out}"
    );
    let dir = Scratch::new("narrative");
    abyss(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "9",
        "--agents",
        "nonplayer",
        "--save-records",
        dir.0.to_str().unwrap(),
    ]);
    let (code, out, _) = abyss(&["replay", &dir.file("standard-seed-9.rec"), "--verify"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Propaganda, Resources: Government +"), "{out}");
    assert!(
        out.lines().any(|l| l.starts_with("FARC: ") && l.contains(" in ")),
        "{out}"
    );
    assert!(out.contains("game over: "), "{out}");
}

/// The narrative tells each change once and names what happens (issue 26 §3, newcomer F9):
/// an Event that runs an Operation lists only its own changes beside the Operation's line;
/// the Support Phase names its steps; a card names the Factions that sit it out.
#[test]
fn the_narrative_tells_each_change_once_and_names_the_steps() {
    let dir = Scratch::new("narrative-once");
    abyss(&[
        "sim",
        "--games",
        "12",
        "--seed",
        "1",
        "--agents",
        "nonplayer",
        "--save-records",
        dir.0.to_str().unwrap(),
    ]);
    let factions = ["Government: ", "FARC: ", "AUC: ", "Cartels: "];
    let (mut nested_events, mut steps, mut ineligible) = (0, 0, 0);
    let (mut nested_lines, mut told_twice) = (0, 0);
    for seed in 1..=12 {
        let (code, out, err) = abyss(&["replay", &dir.file(&format!("standard-seed-{seed}.rec")), "--details"]);
        assert_eq!(code, 0, "{err}");
        steps += out
            .lines()
            .filter(|l| l.starts_with("Propaganda, Support: Civic Action"))
            .count();
        assert!(
            !out.lines().any(|l| l.starts_with("Propaganda, Support: ")
                && !["Civic Action", "Agitation", "Election", "Elite Backing"]
                    .iter()
                    .any(|s| l.starts_with(&format!("Propaganda, Support: {s}")))),
            "{out}"
        );
        ineligible += out
            .lines()
            .filter(|l| l.starts_with("— Card ") && l.contains(" Ineligible: "))
            .count();
        // Each Event block: its own detail lines (2 spaces) and those of the Operations it ran
        // (a line "  FARC: March ..." then 4 spaces).
        let lines: Vec<&str> = out.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            if !(factions.iter().any(|f| lines[i].starts_with(f)) && lines[i].contains(": Event ")) {
                i += 1;
                continue;
            }
            let (mut own, mut nested, mut ran) = (Vec::new(), Vec::new(), false);
            i += 1;
            while i < lines.len() && lines[i].starts_with("  ") {
                let l = lines[i];
                if l.starts_with("    ") {
                    nested.push(l.trim());
                } else if factions.iter().any(|f| l[2..].starts_with(f)) {
                    ran = true;
                } else {
                    own.push(l.trim());
                }
                i += 1;
            }
            if ran {
                nested_events += 1;
                nested_lines += nested.len();
                // An Event may do by itself what its Operation then does again (place a
                // Guerrilla, then Rally there), but the Operation's lines are not repeated
                // as the Event's (they all were, merged, before).
                told_twice += own.iter().filter(|l| nested.contains(l)).count();
            }
        }
    }
    assert!(
        nested_events > 0,
        "no Event ran an Operation in these games: the test saw nothing"
    );
    assert!(
        told_twice * 10 < nested_lines,
        "{told_twice} of {nested_lines} lines told twice"
    );
    assert!(steps > 0 && ineligible > 0, "steps {steps}, ineligible {ineligible}");
}

#[test]
fn sim_prints_the_summary_and_keeps_bot_diagnostics_for_verbose() {
    let (_, out, err) = abyss(&["sim", "--games", "2", "--agents", "nonplayer"]);
    assert!(out.contains("2 games from `standard`"), "{out}");
    assert!(err.contains("abyss: seed "), "a drawn seed is said: {err}");
    assert!(!out.contains("Non-player rules fired"), "{out}");
    let (_, out, _) = abyss(&[
        "sim",
        "--games",
        "2",
        "--seed",
        "1",
        "--agents",
        "nonplayer",
        "--verbose",
    ]);
    assert!(out.contains("Non-player rules fired"), "{out}");
    assert!(out.contains("seeds 1..=2"), "{out}");
}

#[test]
fn seeds_past_the_top_are_refused_and_jobs_are_capped() {
    let (code, _, err) = abyss(&["sim", "--games", "10", "--seed", "18446744073709551610"]);
    assert_eq!(code, 2);
    assert!(err.contains("runs past the largest seed"), "{err}");
    let (code, _, err) = abyss(&["validate", "--games", "10", "--seed", "18446744073709551610"]);
    assert_eq!(code, 2, "{err}");
    let (code, out, err) = abyss(&["sim", "--games", "3", "--seed", "1", "--jobs", "100000"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("--jobs 100000: this machine runs"), "{err}");
    assert!(out.contains("3 games"), "{out}");
}

/// A mod whose card 8 shaded fails about half the time: never on every try (so static
/// `validate` passes), but in some games.
fn flaky_card_8(dir: &Scratch) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("events/008_fuerza_aerea_colombiana.lua")).unwrap();
    let text = text.replace(
        "g:add_resources(\"govt\", -9)",
        "if g:roll() <= 3 then error(\"flaky\") end\n    g:add_resources(\"govt\", -9)",
    );
    assert!(text.contains("flaky"));
    std::fs::create_dir_all(dir.0.join("mod/events")).unwrap();
    std::fs::write(dir.0.join("mod/events/008_fuerza_aerea_colombiana.lua"), text).unwrap();
    dir.file("mod")
}

#[test]
fn failed_events_are_counted_and_named_and_json_says_not_ok() {
    let dir = Scratch::new("flaky");
    let m = flaky_card_8(&dir);
    let (code, out, _) = abyss(&["sim", "--games", "30", "--seed", "1", "--mod", &m]);
    assert_eq!(
        code, 0,
        "an Event that fails is rolled back and the game goes on: {out}"
    );
    assert!(out.contains("Events failed and rolled back:"), "{out}");
    assert!(out.contains("08-shaded"), "{out}");
    let failures = dir.file("failures");
    let (code, out, _) = abyss(&[
        "validate",
        "--games",
        "30",
        "--seed",
        "1",
        "--mod",
        &m,
        "--format",
        "json",
        "--save-failures",
        &failures,
    ]);
    assert_eq!(code, 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], serde_json::Value::Bool(false), "{out}");
    let f = &v["playouts"]["tally"]["failures"][0];
    assert!(
        f["seed"].is_u64() && f["error"].as_str().unwrap().contains("flaky"),
        "{out}"
    );
    let side = &v["playouts"]["tally"]["failed_events"]["08-shaded"];
    assert!(
        side["times"].as_u64() > Some(0) && side["first"].as_str().unwrap().contains("flaky"),
        "{out}"
    );
}

#[test]
fn a_script_error_met_only_in_the_replay_is_the_failure_reported_with_its_place() {
    // Issue 26 §3: card 14's `effect` fails for one candidate (Huila). A random agent
    // judges only the candidates its draw reaches, so the game itself may never try Huila;
    // the replay of its answers tries every candidate, fails there, and used to be
    // reported as "diverged" (or "the script did something else") rather than the error.
    let dir = Scratch::new("replay-only");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("events/014_tres_esquinas.lua")).unwrap();
    let text = text.replacen(
        "g:place(s, \"govt\", \"base\")",
        "if s == \"huila\" then error(\"boom\") end\n        g:place(s, \"govt\", \"base\")",
        1,
    );
    let line = 1 + text.lines().position(|l| l.contains("boom")).unwrap();
    std::fs::create_dir_all(dir.0.join("mod/events")).unwrap();
    std::fs::write(dir.0.join("mod/events/014_tres_esquinas.lua"), text).unwrap();
    let m = dir.file("mod");
    let failures = dir.file("failures");
    let args = [
        "validate",
        "--mod",
        &m,
        "--games",
        "30",
        "--seed",
        "1",
        "--save-failures",
        &failures,
    ];
    let (code, out, err) = abyss(&args);
    assert_eq!(code, 1, "{out}{err}");
    let failed: Vec<&str> = out.lines().filter(|l| l.contains("FAILED seed")).collect();
    assert!(!failed.is_empty(), "{out}");
    let place = format!("events/014_tres_esquinas.lua:{line}: boom");
    for l in &failed {
        assert!(l.contains(&place), "every failure names the script's error: {l}");
        assert!(!l.contains("diverged") && !l.contains("did something else"), "{l}");
    }
    assert!(
        out.contains("an Event failed when the game's answers were replayed, though not in the game"),
        "the seeds 1..=30 hold a failure met only in the replay: {out}"
    );
    // In JSON, the card, side, file and line are fields of each failure and failed Event.
    let (code, out, err) = abyss(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let tally = &v["playouts"]["tally"];
    let want =
        serde_json::json!({"card": 14, "side": "unshaded", "file": "events/014_tres_esquinas.lua", "line": line});
    for f in tally["failures"].as_array().unwrap() {
        for k in ["card", "side", "file", "line"] {
            assert_eq!(f[k], want[k], "{k} of {f}");
        }
    }
    let side = &tally["failed_events"]["14-unshaded"];
    for k in ["card", "side", "file", "line"] {
        assert_eq!(side[k], want[k], "{k} of {side}");
    }
    // A tally from before these fields is still read (`abyss merge`).
    let mut old = v["playouts"].clone();
    for f in old["tally"]["failures"].as_array_mut().unwrap() {
        for k in ["side", "file", "line"] {
            f.as_object_mut().unwrap().remove(k);
        }
    }
    for (_, e) in old["tally"]["failed_events"].as_object_mut().unwrap() {
        for k in ["card", "side", "file", "line"] {
            e.as_object_mut().unwrap().remove(k);
        }
    }
    let path = dir.file("old.json");
    std::fs::write(&path, old.to_string()).unwrap();
    let (code, out, err) = abyss(&["merge", &path]);
    assert_eq!(code, 1, "merged, with its failures: {out}{err}");
    assert!(out.contains("FAILED seed"), "{out}{err}");
}

#[test]
fn validate_reports_an_event_side_that_always_fails() {
    let dir = Scratch::new("always");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(root.join("events/008_fuerza_aerea_colombiana.lua")).unwrap();
    std::fs::create_dir_all(dir.0.join("events")).unwrap();
    std::fs::write(
        dir.0.join("events/008_fuerza_aerea_colombiana.lua"),
        text.replace("g:add_resources(\"govt\", -9)", "error(\"always\")"),
    )
    .unwrap();
    let (code, out, _) = abyss(&["validate", "--mod", dir.0.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    let line = 1 + text
        .lines()
        .position(|l| l.contains("g:add_resources(\"govt\", -9)"))
        .expect("card 8 shaded's line");
    assert!(
        out.contains(&format!(
            "events/008_fuerza_aerea_colombiana.lua:{line}: event-always-fails: card 8 (Fuerza Aérea Colombiana), shaded"
        )),
        "{out}"
    );
}

#[test]
fn content_findings_exit_1_in_every_subcommand() {
    let broken = ["--mod", "tests/fixtures/broken/base_on_loc", "--scenario", "broken"];
    for cmd in [
        &["show"][..],
        &["sim", "--games", "1", "--seed", "1"][..],
        &["event", "8"][..],
    ] {
        let args: Vec<&str> = cmd.iter().chain(broken.iter()).copied().collect();
        let (code, _, err) = abyss(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(err.contains("base-on-loc"), "{args:?}: {err}");
    }
    assert_eq!(abyss(&["replay", "/no/such/record.rec"]).0, 2);
}

#[test]
fn completions_and_event_diffs() {
    let (code, out, _) = abyss(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("_abyss"), "{}", &out[..out.len().min(300)]);
    // Card 3 Tapias, shaded: a Capability; only the hook it changes is printed.
    let (code, out, _) = abyss(&["event", "3", "--side", "shaded"]);
    assert_eq!(code, 0, "{out}");
    let hooks: Vec<&str> = out.lines().filter(|l| l.contains("hook ")).collect();
    assert!(!hooks.is_empty() && hooks.len() <= 2, "{out}");
    assert!(!out.contains("Modifiers {"), "{out}");
}

#[test]
fn escape_sequences_from_data_files_never_reach_the_terminal() {
    let dir = Scratch::new("escapes");
    // A scenario's name (shown by validate) and a space's name (shown by show).
    std::fs::create_dir_all(dir.0.join("mod/scenarios")).unwrap();
    std::fs::write(
        dir.0.join("mod/scenarios/evil.toml"),
        "name = \"Evil\\u001b[2J\\u001b]0;pwned\\u0007 scenario\"\nbase = \"standard\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(dir.0.join("mod/rules")).unwrap();
    let map = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/map.toml"))
        .unwrap()
        .replace("name = \"Vaupés\"", "name = \"Vaupés\\u001b[31m\\u0007\"");
    std::fs::write(dir.0.join("mod/rules/map.toml"), map).unwrap();
    let m = dir.file("mod");
    let (code, out, err) = abyss(&["validate", "--mod", &m, "--scenario", "evil"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("scenario evil (Evil[2J]0;pwned scenario): Total Support 50"),
        "{out}"
    );
    let (code, out, err) = abyss(&["show", "--mod", &m, "--scenario", "evil"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Vaupés[31m"), "{out}");
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    // A record's `stopped` trailer and its scenario name.
    let rec = dir.file("stopped.rec");
    std::fs::write(
        &rec,
        "abyss-record 2\nscenario standard\nseed 1\nanswers\nstopped \"\u{1b}[2J\u{1b}]0;owned\u{7} the game was fine\"\n",
    )
    .unwrap();
    let (code, out, err) = abyss(&["replay", "--verify", &rec]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("the record says it stopped with: [2J]0;owned the game was fine\n"),
        "{out}"
    );
    assert!(!out.contains('\u{1b}') && !err.contains('\u{1b}'), "{out:?}{err:?}");
    let rec = dir.file("scenario.rec");
    std::fs::write(
        &rec,
        "abyss-record 2\nscenario \"\u{1b}[2J\u{1b}[1;31mALL YOUR BASE\u{7}\"\nseed 1\nanswers\n",
    )
    .unwrap();
    let (code, out, err) = abyss(&["replay", &rec]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("no scenario `[2J[1;31mALL YOUR BASE`"), "{err}");
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
}

#[test]
fn replay_verify_names_the_card_whose_script_fails_in_the_replay() {
    // Issue 26 §2: a record replayed on content whose card script now fails was reported
    // only as "answer N diverges: ..." (`validate --games` named the card, `replay` not).
    let dir = Scratch::new("replay-blame");
    let records = dir.file("records");
    let (code, out, err) = abyss(&["sim", "--games", "1", "--seed", "3", "--save-records", &records]);
    assert_eq!(code, 0, "{out}{err}");
    let record = dir.file("records/standard-seed-3.rec");
    // The first Event of the game that changed the map ("FARC: Event 28 Hugo Chávez
    // (unshaded) — Guaviare"), and its script made to fail at line 3.
    let (code, narrative, err) = abyss(&["replay", &record]);
    assert_eq!(code, 0, "{err}");
    let card: u8 = narrative
        .lines()
        .filter(|l| !l.contains("Capability") && !l.contains("no effect"))
        .find_map(|l| l.split(": Event ").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("an Event in the game");
    let prefix = format!("events/{card:03}_");
    let files = abyss::content::ContentFiles::embedded();
    let (path, text) = files.files.iter().find(|(p, _)| p.starts_with(&prefix)).unwrap();
    let header = text.lines().next().unwrap();
    let broken =
        format!("{header}\nlocal function f(g)\n  error(\"boom\")\nend\nreturn {{ unshaded = f, shaded = f }}\n");
    std::fs::create_dir_all(dir.0.join("mod/events")).unwrap();
    std::fs::write(dir.0.join("mod").join(path), broken).unwrap();
    let m = dir.file("mod");
    let (code, out, err) = abyss(&["replay", "--verify", "-q", "--mod", &m, &record]);
    assert_eq!(code, 1, "{out}{err}");
    let at = format!("{path}:3: boom");
    assert!(
        out.lines()
            .any(|l| l.starts_with(&format!("{record}: card {card} (")) && l.ends_with(&at)),
        "the report names the card, its side, script and line: {out}"
    );
    assert!(
        out.contains("the Event failed in the replay and was undone (5.0)"),
        "{out}"
    );
    // In JSON, as fields.
    let (code, out, err) = abyss(&["replay", "--verify", "--format", "json", "--mod", &m, &record]);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    assert_eq!(v["ok"], false);
    let f = &v["failure"];
    assert_eq!(f["card"], card, "{v}");
    assert_eq!(f["file"], path.as_str(), "{v}");
    assert_eq!(f["line"], 3, "{v}");
    assert_eq!(f["message"], "boom", "{v}");
    assert!(f["side"] == "unshaded" || f["side"] == "shaded", "{v}");
    // The record on its own content verifies, with no failure.
    let (code, out, err) = abyss(&["replay", "--verify", "--format", "json", &record]);
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (v["ok"].clone(), v["failure"].clone()),
        (true.into(), serde_json::Value::Null)
    );
}

#[test]
fn a_space_named_like_an_answer_word_replays_from_its_records() {
    use abyss::content::ContentFiles;
    use abyss::game::Choice;
    // Vaupés renamed `done`, in every file of a copy of the content: a record's `done`
    // was read as the space, so no record of a game that attacked there replayed.
    let dir = Scratch::new("done-space");
    for (path, text) in &ContentFiles::embedded().files {
        let p = dir.0.join("c").join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text.replace("vaupes", "done")).unwrap();
    }
    let files = ContentFiles::from_dir(&dir.0.join("c")).unwrap();
    let mut findings = Vec::new();
    let rules = abyss::content::load_ruleset(&files, &mut findings).unwrap();
    assert!(findings.is_empty(), "{findings:?}");
    let done = rules.map.find("done").unwrap();
    assert_eq!(Choice::Space(done).render(&rules), "space-done");
    assert_eq!(Choice::parse("space-done", &rules), Some(Choice::Space(done)));
    assert_eq!(Choice::parse("done", &rules), Some(Choice::Done));
    // Every record of a few games replays.
    let c = dir.file("c");
    let records = dir.file("records");
    let (code, out, err) = abyss(&[
        "sim",
        "--content",
        &c,
        "--games",
        "6",
        "--seed",
        "1",
        "--save-records",
        &records,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let mut n = 0;
    let mut spoken = false;
    for e in std::fs::read_dir(&records).unwrap() {
        let p = e.unwrap().path();
        spoken |= std::fs::read_to_string(&p).unwrap().contains(" space-done\n");
        let (code, out, err) = abyss(&["replay", "--verify", "-q", "--content", &c, p.to_str().unwrap()]);
        assert_eq!(code, 0, "{}: {out}{err}", p.display());
        n += 1;
    }
    assert_eq!(n, 6);
    assert!(spoken, "no game chose the space `done`");
}

#[test]
fn the_government_bot_copes_with_civic_action_minimums_of_255() {
    // "u8::MAX = never" in a scenario's hooks: the bot added the two missing counts as a
    // u8 and panicked (overflow checks are on in release).
    let dir = Scratch::new("civic255");
    std::fs::create_dir_all(dir.0.join("mod/scenarios")).unwrap();
    std::fs::write(
        dir.0.join("mod/scenarios/civic255.toml"),
        "name = \"Civic Action needs 255 Troops\"\nbase = \"standard\"\n[hooks]\ncivic_action_min_troops = 255\n",
    )
    .unwrap();
    let (code, out, err) = abyss(&[
        "sim",
        "--mod",
        &dir.file("mod"),
        "--scenario",
        "civic255",
        "--agents",
        "nonplayer",
        "--games",
        "3",
        "--seed",
        "11",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("3 games from `civic255` (nonplayer agents, seeds 11..=13): 3 completed, 0 failed\n"),
        "{out}"
    );
    assert!(!out.contains("panicked"), "{out}");
}

#[test]
fn faction_names_on_the_command_line_ignore_case() {
    // The newcomer's trial: `--human GOVT` was refused.
    let (code, out, err) = abyss_typed(&["play", "--human", "GOVT", "--seed", "3"], "quit\ny\n");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("At the terminal: Government"), "{out}");
    let (code, _, err) = abyss_typed(&["sim", "--games", "2", "--agents", "GOVT=random,others=nonplayer"], "");
    assert_eq!(code, 0, "{err}");
}
