//! `abyss balance`: paired comparisons that are significant when a variant is clearly
//! stronger and never against itself; shards merged equal one run; the HTML report loads
//! in a real headless browser with its plots and no console message; its footer's command
//! reruns to the same numbers.

mod common;

use common::browser::{chromium, dump_dom};
use common::{TempDir, abyss, shard_files};
use serde_json::Value;

/// Run abyss, expecting exit 0; its stdout.
fn ok(args: &[&str]) -> String {
    let (code, out, err) = abyss(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A document without its timing, which differs from run to run.
fn untimed(mut v: Value) -> Value {
    v.as_object_mut().unwrap().remove("timing").expect("a timing field");
    v
}

/// Standard with nothing changed: a variant that is the base itself.
const SAME: &str = "base = \"standard\"\nname = \"Standard again\"\n";

/// Standard with three more AUC Bases on the map: AUC's margin (its Bases less FARC's) and
/// win rate go up under any level of play (measured: +25 points [+8, +40] on 60 seeds of
/// random agents).
const AUC_BASES: &str = "base = \"standard\"\n\
[space.atlantico]\nauc_bases = 1\n\
[space.santander]\nauc_bases = 1\n\
[space.huila]\nauc_bases = 1\n";

/// The paired difference of a variant (index `v` of the level's scenarios) for a Faction.
fn difference<'a>(doc: &'a Value, level: usize, v: usize, faction: &str) -> &'a Value {
    &doc["figures"]["levels"][level]["scenarios"][v]["difference"][faction]
}

#[test]
fn a_variant_against_itself_differs_nowhere() {
    let dir = TempDir::new("balance-same");
    dir.write("same.toml", SAME);
    let same = dir.path().join("same.toml");
    let doc = json(&ok(&[
        "balance",
        "--variant",
        same.to_str().unwrap(),
        "--level",
        "random",
        "--seeds",
        "1..40",
        "--format",
        "json",
    ]));
    let tally = &doc["tally"]["levels"][0]["scenarios"];
    assert_eq!(tally[1]["scenario"], "same");
    // The same games, seed by seed: every pair agrees.
    assert_eq!(tally[0]["tally"], tally[1]["tally"]);
    for f in ["govt", "farc", "auc", "cartels"] {
        let p = &tally[1]["paired"][f];
        assert_eq!(p["wins"]["variant_only"], 0, "{f}: {p}");
        assert_eq!(p["wins"]["base_only"], 0, "{f}: {p}");
        assert_eq!(p["margin"]["pairs"], 40, "{f}: {p}");
        let d = difference(&doc, 0, 1, f);
        assert_eq!(d["win_rate_significant"], false, "{f}: {d}");
        assert_eq!(d["margin_significant"], false, "{f}: {d}");
        assert_eq!(d["margin"]["estimate"], 0.0, "{f}: {d}");
        // Newcombe's interval is around 0, not a point: "no difference seen" is not "none".
        let w = &d["win_rate"];
        assert!(
            w["low"].as_f64().unwrap() < 0.0 && w["high"].as_f64().unwrap() > 0.0,
            "{f}: {d}"
        );
    }
    assert!(doc["figures"]["shifts"].as_array().unwrap().is_empty());
}

#[test]
fn a_clearly_stronger_variant_is_significant_and_the_text_says_so() {
    let dir = TempDir::new("balance-strong");
    dir.write("auc-bases.toml", AUC_BASES);
    let variant = dir.path().join("auc-bases.toml");
    let args = [
        "balance",
        "--variant",
        variant.to_str().unwrap(),
        "--level",
        "random",
        "--seeds",
        "1..60",
        "--jobs",
        "2",
    ];
    let mut with_json = args.to_vec();
    with_json.extend(["--format", "json"]);
    let doc = json(&ok(&with_json));
    let auc = difference(&doc, 0, 1, "auc");
    assert_eq!(auc["pairs"], 60);
    assert_eq!(auc["win_rate_significant"], true, "{auc}");
    assert_eq!(auc["margin_significant"], true, "{auc}");
    assert!(auc["win_rate"]["low"].as_f64().unwrap() > 0.0, "{auc}");
    // What AUC gains, FARC (its rival for the win under random play) loses.
    let farc = difference(&doc, 0, 1, "farc");
    assert!(farc["win_rate"]["estimate"].as_f64().unwrap() < 0.0, "{farc}");
    // The text marks it.
    let text = ok(&args);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("auc-bases win (points)"))
        .unwrap_or_else(|| panic!("{text}"));
    // Each Faction's cell ends with its interval's `]`, and a `*` when significant.
    let marked: Vec<bool> = line
        .match_indices(']')
        .map(|(i, _)| line[i + 1..].starts_with('*'))
        .collect();
    assert_eq!(
        marked,
        [false, true, true, false],
        "Government, FARC, AUC, Cartels: {line}"
    );
    assert!(
        text.contains("rerun: abyss balance --scenario standard --variant"),
        "{text}"
    );
}

/// The shards of seeds 1..=24 under two levels, as JSON files; their paths.
fn shards(dir: &TempDir, variant: &str, levels: &str) -> Vec<String> {
    let args = [
        "balance",
        "--variant",
        variant,
        "--level",
        levels,
        "--seeds",
        "1..24",
        "--format",
        "json",
    ];
    shard_files(dir, "part", 3, &args)
}

#[test]
fn shards_merged_equal_one_run() {
    let dir = TempDir::new("balance-shards");
    dir.write("auc-bases.toml", AUC_BASES);
    let variant = dir.path().join("auc-bases.toml");
    let variant = variant.to_str().unwrap();
    let levels = "random;nonplayer";
    let files = shards(&dir, variant, levels);
    let one = ok(&[
        "balance",
        "--variant",
        variant,
        "--level",
        levels,
        "--seeds",
        "1..24",
        "--jobs",
        "2",
        "--format",
        "json",
    ]);
    let mut args = vec!["merge", "--format", "json"];
    args.extend(files.iter().map(String::as_str));
    let merged = ok(&args);
    let (one, merged) = (untimed(json(&one)), untimed(json(&merged)));
    assert_eq!(one["run"]["levels"], json(r#"["random", "nonplayer"]"#));
    assert_eq!(merged["tally"]["levels"][1]["scenarios"][1]["tally"]["games"], 24);
    assert_eq!(one, merged);
    // A shard says which part it is, and the command that reruns the whole run.
    let second = json(&std::fs::read_to_string(&files[1]).unwrap());
    assert_eq!(second["run"]["seeds"], json(r#"{"first": 9, "last": 16}"#));
    assert_eq!(second["run"]["command"], one["run"]["command"]);
    // The text of the merge is the one run's, but for the time.
    let untimed_text = |t: &str| -> String {
        t.lines()
            .filter(|l| !l.contains(" games/s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one_text = ok(&["balance", "--variant", variant, "--level", levels, "--seeds", "1..24"]);
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(untimed_text(&one_text), untimed_text(&ok(&args)));
    // A missing shard, or a sim document among balance ones, is refused by name.
    let (code, _, err) = abyss(&["merge", &files[0], &files[2]]);
    assert_eq!(code, 2);
    assert!(
        err.contains("seeds 9..=16 of 1..=24 are in no file (shards 2/3)"),
        "{err}"
    );
    let sim = dir.path().join("sim.json");
    std::fs::write(&sim, ok(&["sim", "--seeds", "1..2", "--format", "json"])).unwrap();
    let (code, _, err) = abyss(&["merge", &files[0], sim.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains("a sim document") && err.contains("a balance document"),
        "{err}"
    );
    // A shard of another run (another variant) does not merge.
    dir.write("same.toml", SAME);
    let other = ok(&[
        "balance",
        "--variant",
        dir.path().join("same.toml").to_str().unwrap(),
        "--level",
        levels,
        "--seeds",
        "1..24",
        "--shard",
        "2/3",
        "--format",
        "json",
    ]);
    let other_path = dir.path().join("other.json");
    std::fs::write(&other_path, other).unwrap();
    let (code, _, err) = abyss(&["merge", &files[0], other_path.to_str().unwrap(), &files[2]]);
    assert_eq!(code, 2);
    assert!(err.contains("`run.variants`"), "{err}");
}

#[test]
fn bad_levels_and_variants_are_named() {
    let (code, _, err) = abyss(&["balance", "--level", "random;robot", "--seeds", "1..2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--level `robot`: unknown agent `robot`"), "{err}");
    let (code, _, err) = abyss(&[
        "balance",
        "--level",
        "random",
        "--level",
        "all=random",
        "--seeds",
        "1..2",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("given twice"), "{err}");
    let (code, _, err) = abyss(&["balance", "--variant", "no/such.toml", "--seeds", "1..2"]);
    assert_eq!(code, 2);
    assert!(err.contains("--variant no/such.toml: no scenario"), "{err}");
    let (code, _, err) = abyss(&["balance"]);
    assert_eq!(code, 2);
    assert!(err.contains("--seeds"), "{err}");
}

/// The text of the element `<TAG id="ID">` in a page, its entities read back.
fn element_text(page: &str, tag: &str, id: &str) -> String {
    let open = format!(r#"<{tag} id="{id}">"#);
    let at = page.find(&open).unwrap_or_else(|| panic!("no {open}")) + open.len();
    let end = at + page[at..].find(&format!("</{tag}>")).unwrap();
    page[at..end]
        .replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn attr<'a>(dom: &'a str, name: &str) -> &'a str {
    let body = &dom[dom.find("<body").expect("a body")..];
    let key = format!(r#"{name}=""#);
    let at = body.find(&key).unwrap_or_else(|| panic!("no {name} on body")) + key.len();
    &body[at..at + body[at..].find('"').unwrap()]
}

#[test]
fn the_report_page_loads_in_a_headless_browser_and_its_footer_reruns_it() {
    let dir = TempDir::new("balance-html");
    dir.write("auc bases.toml", AUC_BASES);
    // A file name with a space: the footer's command must quote it for the shell.
    let variant = dir.path().join("auc bases.toml");
    let page = dir.path().join("report.html");
    let doc = ok(&[
        "balance",
        "--variant",
        variant.to_str().unwrap(),
        "--level",
        "random",
        "--level",
        "nonplayer",
        "--seeds",
        "1..30",
        "--jobs",
        "2",
        "--format",
        "json",
        "--html",
        page.to_str().unwrap(),
    ]);
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: no address but the SVG namespace, no external script or style.
    assert_eq!(
        html.matches("http").count(),
        html.matches("http://www.w3.org/2000/svg").count()
    );
    assert!(
        !html.contains("<script src") && !html.contains("<link"),
        "external resources"
    );
    // The footer: version, content, the variant file's fingerprint, seeds, levels.
    let footer = element_text(&html, "footer", "reproduce");
    let v = json(&doc);
    for want in [
        v["run"]["content"].as_str().unwrap(),
        v["run"]["variants"][0]["file"].as_str().unwrap(),
        "1..=30",
        "nonplayer",
        env!("CARGO_PKG_VERSION"),
    ] {
        assert!(footer.contains(want), "the footer lacks {want}: {footer}");
    }

    // The footer's command, run by a shell, gives the same numbers.
    let command = element_text(&html, "code", "rerun");
    assert!(command.starts_with("abyss balance "), "{command}");
    assert!(command.contains("'"), "the file name with a space is quoted: {command}");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_abyss")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let rerun = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("{command} --format json"))
        .env("PATH", path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(rerun.status.success(), "{}", String::from_utf8_lossy(&rerun.stderr));
    let again = json(&String::from_utf8_lossy(&rerun.stdout));
    assert_eq!(untimed(again), untimed(v.clone()));

    let Some(browser) = chromium() else {
        assert!(
            std::env::var("CI").is_err(),
            "CI must run this test: .ci/run installs chromium when it is missing"
        );
        eprintln!("SKIPPED: no chromium binary (apt-get install chromium, or set ABYSS_CHROMIUM)");
        return;
    };
    let (dom, console) = dump_dom(&browser, &page, "", &dir.path().join("profile"));
    assert!(console.is_empty(), "console: {console:#?}");
    assert_eq!(attr(&dom, "data-errors"), "0");
    // Per level: win rates, margins, endings, and a trajectory per scenario (2 of them).
    assert_eq!(attr(&dom, "data-plots"), "10", "the script counted the plots");
    for level in 0..2 {
        for id in [
            format!("win-rates-{level}"),
            format!("margins-{level}"),
            format!("endings-{level}"),
            format!("trajectory-{level}-0"),
            format!("trajectory-{level}-1"),
        ] {
            let open = format!(r#"id="{id}""#);
            let at = dom.find(&open).unwrap_or_else(|| panic!("no plot {id}"));
            let svg = &dom[at..at + dom[at..].find("</svg>").unwrap()];
            // Each plot draws its data: interval bars, boxes, bars or lines.
            let marks = ["<circle", "<rect", "<polyline", "<line"]
                .iter()
                .map(|m| svg.matches(m).count())
                .sum::<usize>();
            assert!(marks > 8, "plot {id} draws only {marks} marks");
        }
    }
    assert_eq!(dom.matches(r#"class="plot""#).count(), 10);
    // Each variant's paired differences, and the significant ones marked.
    assert!(dom.contains(r#"<td class="sig">"#), "no significant cell marked");
}
