//! The workspace's arrows (docs/architecture.md). A `use` of a crate that is not a
//! dependency does not compile, so the arrows hold as long as no crate lists a dependency
//! it may not have: these tests read each crate's Cargo.toml and refuse one.

use std::collections::BTreeSet;
use std::path::Path;

/// The names of the crates `crates/<folder>/Cargo.toml` depends on (normal and
/// target-specific dependencies; dev- and build-dependencies are not the crate's code).
fn dependencies(folder: &str) -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(folder)
        .join("Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc: toml::Table = text.parse().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut names = BTreeSet::new();
    let mut add = |t: Option<&toml::Value>| {
        if let Some(t) = t.and_then(|v| v.as_table()) {
            names.extend(t.keys().cloned());
        }
    };
    add(doc.get("dependencies"));
    if let Some(targets) = doc.get("target").and_then(|t| t.as_table()) {
        for t in targets.values() {
            add(t.get("dependencies"));
        }
    }
    names
}

fn refuses(folder: &str, forbidden: &[&str], why: &str) {
    let deps = dependencies(folder);
    let found: Vec<&&str> = forbidden.iter().filter(|f| deps.contains(**f)).collect();
    assert!(
        found.is_empty(),
        "crates/{folder} depends on {found:?}: {why} (docs/architecture.md)"
    );
}

/// What no engine crate may use: the front ends.
const FRONT_ENDS: &[&str] = &["abyss", "abyss-py", "pyo3", "clap", "clap_complete", "indicatif"];

#[test]
fn the_rules_core_knows_no_lua_no_bot_no_notation_and_no_front_end() {
    let mut forbidden = vec![
        "mlua",
        "abyss-lua",
        "abyss-agents",
        "abyss-play",
        "abyss-notation",
        "abyss-board",
        "pest",
    ];
    forbidden.extend(FRONT_ENDS);
    refuses("core", &forbidden, "the rules run Events only through `EventScripts`");
}

#[test]
fn the_agents_run_no_lua_and_decide_without_a_front_end() {
    let mut forbidden = vec!["mlua", "abyss-lua", "abyss-play", "abyss-notation", "abyss-board"];
    forbidden.extend(FRONT_ENDS);
    refuses(
        "agents",
        &forbidden,
        "bots and search decide from typed questions and run no Lua",
    );
}

#[test]
fn the_lua_host_reaches_no_bot_and_no_front_end() {
    let mut forbidden = vec!["abyss-agents", "abyss-play", "abyss-notation", "abyss-board"];
    forbidden.extend(FRONT_ENDS);
    refuses(
        "lua",
        &forbidden,
        "a card talks to people and bots only through questions",
    );
}

#[test]
fn batches_and_pictures_run_no_lua_of_their_own() {
    for folder in ["play", "board"] {
        let mut forbidden = vec!["mlua", "abyss-lua"];
        forbidden.extend(FRONT_ENDS);
        refuses(
            folder,
            &forbidden,
            "games run Events through the runner their rules carry",
        );
    }
    refuses(
        "notation",
        FRONT_ENDS,
        "the notation is read and run without a front end",
    );
}

#[test]
fn every_engine_crate_is_read_by_these_tests() {
    // A crate added under crates/ needs its arrows here.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut found: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter(|e| e.path().join("Cargo.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    assert_eq!(
        found,
        ["abyss-py", "agents", "board", "core", "lua", "notation", "play"]
    );
    // The checks above would pass on an empty list: make sure they see real ones.
    assert!(dependencies("core").contains("toml") && dependencies("lua").contains("mlua"));
}
