//! The board picture: `show --svg` is well-formed XML with every space where the layout
//! puts it; the layout's problems are findings at their lines; `show --format json` is
//! the documented position; the HTML replay steps through a game in a real headless
//! browser (Chromium), changing the board, with no console message.

mod common;

use abyss::content::{self, ContentFiles, LAYOUT_FILE};
use common::abyss;
use common::browser::{chromium, dump_dom};
use common::{TempDir, rules, with_mod};
use std::process::{Command, Stdio};

/// The contents of the group `<g id="ID">` up to the next group of the picture.
fn group<'a>(doc: &'a str, id: &str) -> &'a str {
    let open = format!(r#"<g id="{id}">"#);
    let at = doc.find(&open).unwrap_or_else(|| panic!("no group {id}")) + open.len();
    let end = doc[at..].find(r#"<g id="d-"#).map_or(doc.len(), |e| at + e);
    &doc[at..end]
}

#[test]
fn show_svg_of_the_standard_deployment_is_xml_with_every_space() {
    let dir = TempDir::new("board-svg");
    let path = dir.path().join("standard.svg");
    let (code, out, err) = abyss(&["show", "--svg", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the picture is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    assert!(root.attribute("viewBox").is_some());
    let r = rules();
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    for d in &r.map.spaces {
        let id = format!("d-{}", d.slug);
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id.as_str())),
            "no group {id}"
        );
        // Cities and Departments are labelled; a LoC names itself in its tooltip.
        let named = if d.is_loc() {
            texts.iter().any(|t| t.starts_with(&format!("{} (", d.name)))
        } else {
            texts.contains(&d.name.as_str())
        };
        assert!(named, "no label {}", d.name);
    }
    assert!(texts.contains(&"Standard Deployment"));
    // Every Department has its outline, and each LoC its line(s).
    let polygons = doc.descendants().filter(|n| n.has_tag_name("polygon")).count();
    let departments = r.map.spaces.iter().filter(|d| d.is_department()).count();
    assert!(
        polygons >= departments,
        "{polygons} polygons for {departments} Departments"
    );
    // Standard Deployment (2.1): Bogotá holds Government cubes, Active Support, Govt Control.
    let bogota = group(&text, "d-bogota");
    assert!(
        bogota.contains("Active Support") && bogota.contains("Govt Control"),
        "{bogota}"
    );
    assert!(bogota.contains("<rect"), "no pieces drawn in Bogotá: {bogota}");
    // Ecuador and Panamá are not spaces until their Events (1.3.5).
    assert!(group(&text, "d-ecuador").contains("not a space"));
    // The tracks: Total Support 50, Government margin 50 - 60.
    let tracks = group(&text, "d-tracks");
    assert!(tracks.contains(">50<") && tracks.contains(">-10<"), "{tracks}");
}

#[test]
fn layout_problems_are_findings_at_their_lines() {
    let text = ContentFiles::embedded().files[LAYOUT_FILE].clone();
    // The whole layout, with a space renamed: it replaces the content's (laid over by
    // key, the content's `bogota` would stay).
    let broken = format!("replace = true\n{text}")
        .replacen("[space.bogota]", "[space.bogata]", 1)
        .replacen(
            r#"ends = ["cartagena", "santa_marta"]"#,
            r#"ends = ["cartagena", "pasto"]"#,
            1,
        );
    let (files, dir) = with_mod("board-layout", &[(LAYOUT_FILE, &broken)]);
    let mod_file = format!("{}/{LAYOUT_FILE}", dir.path().display());
    let mut findings = Vec::new();
    content::load_ruleset(&files, &mut findings).expect("the rules still load");
    let line_of = |needle: &str| broken.lines().position(|l| l.contains(needle)).unwrap() + 1;
    let codes: Vec<(&str, usize)> = findings.iter().map(|f| (f.code, f.line)).collect();
    assert!(
        codes.contains(&("unknown-space", line_of("[space.bogata]"))),
        "{findings:?}"
    );
    assert!(
        codes.contains(&("bad-layout", line_of(r#"ends = ["cartagena", "pasto"]"#))),
        "{findings:?}"
    );
    assert!(
        findings
            .iter()
            .any(|f| f.code == "missing-layout" && f.message.contains("`bogota`")),
        "{findings:?}"
    );
    assert!(findings.iter().all(|f| f.file == mod_file), "{findings:?}");
    // The picture refuses to draw with a broken layout, and says why.
    let r = rules();
    let e = content::load_layout(&files, &r.map).unwrap_err();
    assert!(e.contains(&format!("{mod_file}:")), "{e}");
}

#[test]
fn moving_a_space_on_the_picture_changes_no_game_record() {
    let text = ContentFiles::embedded().files[LAYOUT_FILE].clone();
    let moved = text.replacen("[space.bogota]\nat = [", "[space.bogota]\nat = [1", 1);
    assert_ne!(moved, text);
    let (files, _dir) = with_mod("board-move", &[(LAYOUT_FILE, &moved)]);
    assert_eq!(files.hash(), ContentFiles::embedded().hash());
}

#[test]
fn show_json_is_the_documented_position() {
    let (code, out, err) = abyss(&["show", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["format"], "abyss-position");
    assert_eq!(v["version"], 1);
    assert_eq!(v["total_support"], 50);
    assert_eq!(v["opposition_plus_bases"], 20);
    assert_eq!(v["margins"]["govt"], -10);
    assert_eq!(v["president"], "samper");
    let r = rules();
    let spaces = v["spaces"].as_array().unwrap();
    assert_eq!(spaces.len(), r.map.len());
    let s = common::setup(&r, "standard");
    for (j, d) in spaces.iter().zip(&r.map.spaces) {
        assert_eq!(j["id"], d.slug.as_str());
        let id = r.map.find(&d.slug).unwrap();
        let total: u64 = j["pieces"]
            .as_object()
            .unwrap()
            .values()
            .map(|n| n.as_u64().unwrap())
            .sum();
        assert_eq!(total, s.state.space(id).total_pieces() as u64, "{}", d.slug);
        assert_eq!(j["support"], s.state.support(id).slug());
    }
    let available: u64 = v["available"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    let on_map: u64 = spaces
        .iter()
        .flat_map(|j| j["pieces"].as_object().unwrap().values())
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(available + on_map, r.forces.total_pieces() as u64);
}

/// `play`: `picture FILE` draws the board now; `save-scenario FILE` writes the position
/// at the start of the current card, which loads as a scenario.
#[test]
fn play_draws_the_board_and_saves_the_position_on_request() {
    use std::io::Write;
    let dir = TempDir::new("board-play");
    let svg = dir.path().join("now.svg");
    let toml = dir.path().join("now.toml");
    // Two cards in (passes), so the picture is of a game under way.
    let script = format!(
        "pass\npass\npicture {}\nsave-scenario {}\nquit\nquit\n",
        svg.display(),
        toml.display()
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(["play", "--human", "govt", "--seed", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("the board is drawn in"), "{text}");
    assert!(text.contains("is written to"), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    roxmltree::Document::parse(&picture).expect("the picture is XML");
    // Mid-game the deck is counted, not "prepared at the start of play".
    assert!(picture.contains(" cards played, "), "{picture}");
    assert!(!picture.contains("prepared at the start"), "{picture}");
    let (code, out, err) = abyss(&["validate", "--scenario", toml.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let saved = std::fs::read_to_string(&toml).unwrap();
    assert!(
        saved.contains("non_players = [\"farc\", \"auc\", \"cartels\"]"),
        "{saved}"
    );
}

// ---- the HTML replay in a real browser -------------------------------------------------

fn attr<'a>(dom: &'a str, name: &str) -> &'a str {
    let body = &dom[dom.find("<body").expect("a body")..];
    let key = format!(r#"{name}=""#);
    let at = body.find(&key).unwrap_or_else(|| panic!("no {name} on body")) + key.len();
    &body[at..at + body[at..].find('"').unwrap()]
}

#[test]
fn the_replay_page_steps_through_the_game_in_a_headless_browser() {
    let Some(browser) = chromium() else {
        assert!(
            std::env::var("CI").is_err(),
            "CI must run this test: .ci/run installs chromium when it is missing"
        );
        eprintln!("SKIPPED: no chromium binary (apt-get install chromium, or set ABYSS_CHROMIUM)");
        return;
    };
    let dir = TempDir::new("board-html");
    let recs = dir.path().join("recs");
    let (code, out, err) = abyss(&[
        "sim",
        "--games",
        "1",
        "--seed",
        "3",
        "--save-records",
        recs.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let rec = std::fs::read_dir(&recs).unwrap().next().unwrap().unwrap().path();
    let page = dir.path().join("replay.html");
    let (code, out, err) = abyss(&["replay", rec.to_str().unwrap(), "--html", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: no address but the SVG namespace.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count()
    );
    let profile = dir.path().join("profile");

    let (first, console) = dump_dom(&browser, &page, "step=0", &profile);
    assert!(console.is_empty(), "console: {console:#?}");
    assert_eq!(attr(&first, "data-step"), "0");
    assert_eq!(attr(&first, "data-errors"), "0");
    let steps: usize = {
        let s = &first[first.find("Step 0 of ").unwrap() + 10..];
        s[..s.find(' ').unwrap()].parse().unwrap()
    };
    assert!(steps > 100, "only {steps} steps");

    let (later, console) = dump_dom(&browser, &page, "card=6", &profile);
    assert!(console.is_empty(), "console: {console:#?}");
    assert_eq!(attr(&later, "data-card"), "5");
    assert_eq!(attr(&later, "data-errors"), "0");
    assert_ne!(
        group(&first, "d-cards"),
        group(&later, "d-cards"),
        "the cards did not change"
    );

    let (last, console) = dump_dom(&browser, &page, &format!("step={steps}"), &profile);
    assert!(console.is_empty(), "console: {console:#?}");
    assert_eq!(attr(&last, "data-step"), steps.to_string());
    let status = &last[last.find(r#"<div id="status">"#).unwrap()..];
    assert!(
        status.contains("Game over") || status.contains("stopped"),
        "{}",
        &status[..200]
    );
    let board = |d: &str| d[d.find("<svg").unwrap()..d.find("</svg>").unwrap()].to_string();
    assert_ne!(board(&first), board(&last), "stepping changed nothing on the board");
    let changed = abyss::board::svg::Painter::new(&rules(), std::rc::Rc::new(layout()))
        .fragment_ids()
        .into_iter()
        .filter(|id| id.starts_with("d-") && group(&first, id) != group(&last, id))
        .count();
    assert!(
        changed > 10,
        "only {changed} parts of the board changed over the whole game"
    );
}

fn layout() -> abyss::content::layout::Layout {
    content::load_layout(&ContentFiles::embedded(), &rules().map).unwrap()
}
