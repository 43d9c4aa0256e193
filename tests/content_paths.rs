//! What a content folder, a mod, a record or a test file can make abyss read (issue 15):
//! nothing outside the folder through a symbolic link, no scenario file outside the
//! working folder or the naming file's folder unless the user names it on the command
//! line, and a bad file is a finding about that file rather than the end of the run.

mod common;

use abyss::cli::validate;
use abyss::content::{self, ContentFiles};
use abyss::notation::suite::{Runner, run_path};
use common::TempDir;
use std::path::Path;
use std::process::Command;

fn abyss(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn symlink(target: &Path, link: &Path) {
    std::fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(target, link).unwrap();
}

const SECRET: &str = "api_token = \"hunter2\"\n";

#[test]
fn a_mod_symlink_that_leaves_the_folder_is_not_read_and_is_a_finding() {
    let outside = TempDir::new("outside-secret");
    outside.write("config.lua", "return { password = 'hunter2' }\n");
    outside.write("secret.toml", SECRET);
    let m = TempDir::new("mod-symlinks");
    symlink(
        &outside.path().join("config.lua"),
        &m.path().join("events/lib/config.lua"),
    );
    symlink(
        &outside.path().join("secret.toml"),
        &m.path().join("scenarios/secret.toml"),
    );
    symlink(outside.path(), &m.path().join("events/lib/more"));
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    assert!(
        files
            .files
            .keys()
            .all(|k| !k.contains("config") && !k.contains("secret"))
    );
    assert!(files.files.values().all(|t| !t.contains("hunter2")));
    let report = validate::check(&files, None).unwrap();
    let got: Vec<String> = report
        .findings
        .iter()
        .map(|f| format!("{} {}", f.code, f.file))
        .collect();
    assert_eq!(
        got,
        [
            "symlink-outside events/lib/config.lua",
            "symlink-outside events/lib/more",
            "symlink-outside scenarios/secret.toml",
        ],
        "{:#?}",
        report.findings
    );
    assert!(
        report
            .findings
            .iter()
            .all(|f| f.message.contains("outside the content folder"))
    );
    assert!(!report.ok);
}

#[test]
fn links_inside_the_folder_are_followed_and_a_loop_ends() {
    let m = TempDir::new("mod-inner-links");
    m.write(
        "scenarios/real.toml",
        "name = \"Real\"\nbase = \"standard\"\naid = 12\n",
    );
    symlink(Path::new("real.toml"), &m.path().join("scenarios/alias.toml"));
    symlink(Path::new(".."), &m.path().join("events/loop"));
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    assert!(files.files.contains_key("scenarios/alias.toml"));
    assert!(files.refused.is_empty(), "{:?}", files.refused);
    let report = validate::check(&files, Some("alias")).unwrap();
    assert!(report.ok, "{:#?}", report.findings);
}

#[test]
fn a_file_that_is_not_utf8_is_a_finding_at_its_line_and_spoils_only_itself() {
    let m = TempDir::new("mod-not-utf8");
    std::fs::create_dir_all(m.path().join("scenarios")).unwrap();
    std::fs::write(
        m.path().join("scenarios/bad.toml"),
        b"name = \"x\"\n\nbase = \"st\xffandard\"\n",
    )
    .unwrap();
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    // The other scenarios still load...
    let mut findings = Vec::new();
    let rules = content::load_ruleset(&files, &mut findings).unwrap();
    assert!(findings.is_empty(), "{findings:?}");
    let sc = content::load_scenario(&files, "standard", &mut findings).unwrap();
    assert!(sc.is_some() && findings.is_empty());
    drop(rules);
    // ...and the bad one is reported, by name and line, wherever it is asked for.
    assert_eq!(
        content::load_scenario(&files, "bad", &mut findings)
            .unwrap()
            .map(|s| s.slug),
        None
    );
    assert_eq!(findings.len(), 1);
    assert_eq!(
        findings[0].to_string(),
        "scenarios/bad.toml:3: not-utf8: not UTF-8 text at byte offset 22: save the file as UTF-8"
    );
    let report = validate::check(&files, None).unwrap();
    assert_eq!(report.findings, findings);
    // A bad card script is a finding of the rules, which then cannot be played.
    std::fs::create_dir_all(m.path().join("events")).unwrap();
    std::fs::write(m.path().join("events/008_fuerza_aerea_colombiana.lua"), b"\xfe\n").unwrap();
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    let mut findings = Vec::new();
    content::load_ruleset(&files, &mut findings);
    assert!(
        findings
            .iter()
            .any(|f| f.code == "not-utf8" && f.file == "events/008_fuerza_aerea_colombiana.lua" && f.line == 1),
        "{findings:?}"
    );
}

#[test]
fn a_test_folder_with_a_bad_file_runs_every_other_file() {
    let dir = TempDir::new("tests-not-utf8");
    dir.write("a.test", "test \"a\"\nsetup standard\nexpect\n  aid 9\n");
    std::fs::write(dir.path().join("b.test"), b"test \"b\"\n\xff\n").unwrap();
    dir.write("c.test", "test \"c\"\nsetup standard\nexpect\n  aid 10\n");
    let result = run_path(dir.path(), &ContentFiles::embedded()).unwrap();
    assert_eq!(result.reports.len(), 2);
    assert!(result.reports[0].passed());
    assert_eq!(result.reports[1].failures[0].message, "aid: expected 10, got 9");
    assert_eq!(result.broken_files.len(), 1);
    let b = &result.broken_files[0];
    assert!(b.file.ends_with("b.test") && b.line == 2, "{b}");
    assert!(b.message.contains("not UTF-8"), "{b}");
}

fn setup_error(file: &str, scenario: &str) -> Option<String> {
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    let text = format!("test \"t\"\nsetup \"{scenario}\"\nexpect\n");
    let reports = runner.run_file(file, &text).unwrap();
    reports[0]
        .failures
        .first()
        .map(|d| format!("{}:{}: {}", d.file, d.line, d.message))
}

#[test]
fn a_test_names_a_scenario_of_the_content_or_a_file_under_its_folders_only() {
    let dir = TempDir::new("tests-scenario-paths");
    dir.write("sub/mine.toml", "name = \"Mine\"\nbase = \"standard\"\naid = 12\n");
    let outside = TempDir::new("outside-scenario");
    outside.write("x.toml", SECRET);
    symlink(&outside.path().join("x.toml"), &dir.path().join("sub/link.toml"));
    let file = dir.path().join("my.test").display().to_string();
    // By name, by a path from the working folder, by a path from the test's folder.
    assert_eq!(setup_error(&file, "standard"), None);
    assert_eq!(setup_error(&file, "tests/fixtures/empty-board.toml"), None);
    assert_eq!(setup_error(&file, "sub/mine.toml"), None);
    // Not an absolute path, not `..`, not through a link that leaves the folder.
    for bad in [
        outside.path().join("x.toml").display().to_string(),
        "/etc/passwd".to_string(),
        "../x.toml".to_string(),
        "sub/../sub/mine.toml".to_string(),
    ] {
        let e = setup_error(&file, &bad).unwrap();
        assert!(e.contains(":2: scenario `"), "{e}");
        assert!(e.contains("name any other file on the command line"), "{bad}: {e}");
        assert!(!e.contains("hunter2") && !e.contains("api_token"), "{e}");
    }
    let e = setup_error(&file, "sub/link.toml").unwrap();
    assert!(
        e.contains("no scenario `sub/link.toml`") && !e.contains("api_token"),
        "{e}"
    );
}

#[test]
fn a_record_may_name_another_file_only_when_the_user_does() {
    let dir = TempDir::new("record-scenario-paths");
    let outside = TempDir::new("outside-record-scenario");
    outside.write("x.toml", SECRET);
    let rec = format!(
        "abyss-record 2\nscenario {}\nseed 1\nanswers\n",
        outside.path().join("x.toml").display()
    );
    dir.write("r.rec", &rec);
    let (code, out, err) = abyss(dir.path(), &["replay", "r.rec"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("name any other file on the command line"), "{err}");
    assert!(!err.contains("api_token") && !out.contains("api_token"), "{out}{err}");
    // Named on the command line, the file is read (and its problems shown).
    let (code, _, err) = abyss(
        dir.path(),
        &[
            "replay",
            "r.rec",
            "--scenario",
            &outside.path().join("x.toml").display().to_string(),
        ],
    );
    // Findings in a scenario exit 1 in every subcommand, as in `abyss validate`.
    assert_eq!(code, 1);
    assert!(err.contains("api_token"), "{err}");
    // A scenario under the record's folder is fine.
    dir.write("saves/mine.toml", "name = \"Mine\"\nbase = \"standard\"\n");
    dir.write("saves/r.rec", "abyss-record 2\nscenario mine.toml\nseed 1\nanswers\n");
    let (code, out, err) = abyss(dir.path(), &["replay", "saves/r.rec"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("scenario mine.toml, seed 1: 0 of 0 answers used"), "{out}");
}

#[test]
fn a_record_that_is_not_utf8_is_refused_with_its_line() {
    let dir = TempDir::new("record-not-utf8");
    std::fs::write(
        dir.path().join("r.rec"),
        b"abyss-record 2\nscenario standard\nseed 1\nanswers\ngovt p\xe4ss\n",
    )
    .unwrap();
    let (code, out, err) = abyss(dir.path(), &["replay", "r.rec"]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(
        err.trim(),
        "abyss: r.rec:5: not UTF-8 text at byte offset 54: save the file as UTF-8"
    );
}

#[test]
fn a_fifo_in_a_mod_is_a_finding_and_never_opened() {
    let m = TempDir::new("mod-fifo");
    std::fs::create_dir_all(m.path().join("scenarios")).unwrap();
    let fifo = m.path().join("scenarios/readme.toml");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    // Opening a FIFO for reading waits for a writer that never comes: load in a thread,
    // and fail (rather than hang) if it has not returned in time.
    let dir = m.path().to_path_buf();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut files = ContentFiles::embedded();
        files.overlay(&dir).unwrap();
        let got: Vec<String> = validate::check(&files, None)
            .unwrap()
            .findings
            .iter()
            .map(|f| f.to_string())
            .collect();
        let _ = tx.send(got);
    });
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("loading a mod with a FIFO blocked");
    assert_eq!(
        got,
        [
            "scenarios/readme.toml: not-a-file: a FIFO (named pipe), not a regular file: not read \
             (a content folder holds regular files only)"
        ]
    );
}

#[test]
fn folders_nested_deeper_than_the_limit_are_a_finding_and_the_walk_stays_linear() {
    // 1,000 nested folders: resolving every path cost a readlink per level for every
    // entry (about 9 s here, growing with the cube of the depth).
    let m = TempDir::new("mod-deep");
    let mut deep = m.path().join("events");
    for _ in 0..1000 {
        deep.push("a");
    }
    std::fs::create_dir_all(&deep).unwrap();
    std::fs::write(deep.join("x.lua"), "return 1\n").unwrap();
    let start = std::time::Instant::now();
    let mut files = ContentFiles::embedded();
    files.overlay(m.path()).unwrap();
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
    let folder = format!("events{}", "/a".repeat(content::source::MAX_FOLDER_DEPTH + 1));
    let got: Vec<String> = files.refused.values().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "{folder}: folder-too-deep: a folder nested more than 16 deep: not read (move its files nearer the top)"
        )]
    );
}

#[test]
fn a_test_folder_link_that_leaves_the_folder_is_not_read() {
    let outside = TempDir::new("outside-tests");
    outside.write("secrets.txt", SECRET);
    let dir = TempDir::new("tests-symlink");
    dir.write("a.test", "test \"a\"\nsetup standard\nexpect\n  aid 9\n");
    symlink(&outside.path().join("secrets.txt"), &dir.path().join("b.test"));
    // A link that stays in the folder is read.
    symlink(Path::new("a.test"), &dir.path().join("c.test"));
    let result = run_path(dir.path(), &ContentFiles::embedded()).unwrap();
    assert_eq!(result.reports.len(), 2);
    assert!(result.reports.iter().all(|r| r.passed()));
    let got: Vec<String> = result.broken_files.iter().map(|d| d.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "{}: a symbolic link to {}, outside {}: not read (copy the file into the folder)",
            dir.path().join("b.test").display(),
            outside.path().join("secrets.txt").canonicalize().unwrap().display(),
            dir.path().display()
        )]
    );
    // The command says so, and shows nothing of the file.
    let (code, out, err) = abyss(dir.path(), &["test", "."]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("outside .: not read"), "{out}");
    assert!(!out.contains("hunter2") && !err.contains("hunter2"), "{out}{err}");
}
