//! The binary: exit codes (0 clean, 1 findings, 2 usage or I/O), JSON output, `show`.

use std::process::Command;

fn abyss(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

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
    // are the section 8 bots. The game must reach its end and report the solitaire result.
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(["play", "--human", "govt", "--seed", "3"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let _ = input.write_all("1\n".repeat(5000).as_bytes());
    drop(input);
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("Game over"), "{stdout}");
    assert!(stdout.contains("Solitaire: "), "{stdout}");
}
