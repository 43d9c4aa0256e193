//! Content: the TOML tables (rules/, scenarios/) turned into a checked Ruleset and
//! scenario set-ups. Every problem is a Finding with file:line and a stable code.

pub mod cards;
pub mod events;
pub mod export;
pub mod findings;
pub mod forces;
pub mod layers;
pub mod layout;
pub mod lever;
pub mod map;
pub mod nonplayer;
pub mod scenario;
pub mod setup;
pub mod source;
pub mod suggest;

pub use findings::{Finding, SourceFile};
pub use scenario::Scenario;
pub use setup::{DeckSpec, Lasting, Seating, Setup, build_setup};
pub use source::ContentFiles;

use crate::game::describe::{TEXT_MAX, shown};
use crate::kernel::Ruleset;
use findings::Findings;
use std::path::Path;

pub const MAP_FILE: &str = "rules/map.toml";
pub const FORCES_FILE: &str = "rules/forces.toml";
pub const CARDS_FILE: &str = "rules/cards.toml";
pub const NONPLAYER_FILE: &str = "rules/nonplayer.toml";
/// The board picture's layout: presentation only, optional (see `layout`).
pub const LAYOUT_FILE: &str = "rules/layout.toml";

/// Load and check rules/: the map, the forces and the cards. None if any is unusable;
/// the findings say why, all of them.
pub fn load_ruleset(files: &ContentFiles, findings: &mut Vec<Finding>) -> Option<Ruleset> {
    load_ruleset_reserving(files, findings, &|_| None)
}

/// `load_ruleset`, refusing space ids and countries that are `reserved` words (the Lua
/// host's: `abyss_lua::load_ruleset`).
pub fn load_ruleset_reserving(
    files: &ContentFiles,
    findings: &mut Vec<Finding>,
    reserved: map::Reserved,
) -> Option<Ruleset> {
    let mut out = Findings::default();
    // Files of rules/ and events/ that could not be read (scenarios/ are reported by whoever
    // loads them, so one bad scenario does not stop the others).
    for (path, why) in &files.refused {
        if !path.starts_with("scenarios/") {
            out.list.push(why.clone());
        }
    }
    let read = |path: &str, out: &mut Findings| {
        let f = files.get(path);
        if f.is_none() && files.refusal(path).is_none() {
            out.at_line(
                path,
                0,
                "missing-file",
                format!("{path} is missing from {}", files.origin),
            );
        }
        f
    };
    let map = read(MAP_FILE, &mut out).and_then(|f| map::load_map(&f, &mut out, reserved));
    let forces = read(FORCES_FILE, &mut out).and_then(|f| forces::load_forces(&f, &mut out));
    let cards = read(CARDS_FILE, &mut out).and_then(|f| cards::load_cards(&f, &mut out));
    let events = cards.as_ref().map(|c| events::load_events(files, c, &mut out));
    let nonplayer = match &map {
        Some(m) => read(NONPLAYER_FILE, &mut out).and_then(|f| nonplayer::load_tables(&f, m, &mut out)),
        None => None,
    };
    // The layout is checked with the rules so that `validate` reports it, though play
    // never needs it; content without one simply has no board picture.
    if let (Some(m), Some(f)) = (&map, files.get(LAYOUT_FILE)) {
        layout::load_layout(&f, m, &mut out);
    }
    findings.extend(out.list);
    Some(Ruleset {
        map: map?,
        forces: forces?,
        cards: cards?,
        events: events?,
        nonplayer: nonplayer?,
        // The Lua host gives its runner (crates/lua `load_ruleset`).
        event_runner: None,
        event_suspension: None,
    })
}

/// The embedded rules, checked (it panics if they have findings): for the unit tests of
/// the workspace's crates. They carry no Event runner (see `abyss_lua::load_ruleset`).
pub fn embedded_rules() -> Ruleset {
    let mut findings = Vec::new();
    let r = load_ruleset(&ContentFiles::embedded(), &mut findings);
    assert!(findings.is_empty(), "{findings:?}");
    r.expect("the embedded rules load")
}

/// For this crate's unit tests: the embedded rules with an Event runner that does nothing,
/// and the set-up of `scenario`. The rules core may not depend on the Lua host, so its
/// tests play Events as no-ops; checks that need what Events do are workspace tests
/// (tests/engine_with_events.rs and the scenario tests).
#[cfg(test)]
pub(crate) fn position_without_events(scenario: &str, seed: u64) -> (Ruleset, Setup) {
    struct NoEvents;
    impl crate::game::EventScripts for NoEvents {
        fn run(&self, _: &mut crate::game::Game, _: crate::game::Exec) -> Result<(), crate::game::RunError> {
            Ok(())
        }
    }
    fn no_events(_: &Ruleset) -> Result<std::rc::Rc<dyn crate::game::EventScripts>, String> {
        Ok(std::rc::Rc::new(NoEvents))
    }
    let files = ContentFiles::embedded();
    let mut rules = embedded_rules();
    rules.event_runner = Some(no_events);
    let mut findings = Vec::new();
    let sc = load_scenario(&files, scenario, &mut findings)
        .expect("the scenario reads")
        .expect("the scenario loads");
    let (setup, more) = build_setup(&sc, &rules, seed);
    assert!(findings.is_empty() && more.is_empty(), "{findings:?} {more:?}");
    (rules, setup)
}

/// The board picture's layout of this content, checked against its map. Err says why
/// there is none: the file is missing, or its findings.
pub fn load_layout(files: &ContentFiles, map: &crate::kernel::Map) -> Result<layout::Layout, String> {
    let Some(f) = files.get(LAYOUT_FILE) else {
        return Err(format!(
            "{LAYOUT_FILE} is missing from {}: the board picture needs it",
            files.origin
        ));
    };
    let mut out = Findings::default();
    match layout::load_layout(&f, map, &mut out) {
        Some(l) => Ok(l),
        None => {
            let lines: Vec<String> = out.list.iter().map(|f| f.to_string()).collect();
            Err(lines.join("\n"))
        }
    }
}

/// The scenarios in the content's scenarios/ folder, by name (file stem).
pub fn scenario_names(files: &ContentFiles) -> Vec<String> {
    files
        .in_folder("scenarios", ".toml")
        .map(|p| p.trim_start_matches("scenarios/").trim_end_matches(".toml").to_string())
        .collect()
}

/// The scenario a record or a test file names, as `load_scenario` takes it: a scenario of
/// the content by name, or a scenario file reached by a relative path from one of `bases`
/// (the naming file's folder, the working folder) that stays inside that folder, links
/// followed. Any other path (absolute, with `..`, or leading outside through a link) is
/// refused: a shared record or test must not make abyss read and print a file the user
/// did not name (issue 15); the user names such a file on the command line instead.
pub fn scenario_named_in_file(files: &ContentFiles, name: &str, bases: &[&Path]) -> Result<String, String> {
    let in_content = format!("scenarios/{name}.toml");
    if files.files.contains_key(&in_content) || files.refusal(&in_content).is_some() {
        return Ok(name.to_string());
    }
    let rel = Path::new(name);
    let plain = !name.is_empty()
        && rel
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_) | std::path::Component::CurDir));
    if plain {
        for base in bases {
            let candidate = base.join(rel);
            let (Ok(real), Ok(root)) = (candidate.canonicalize(), base_dir(base).canonicalize()) else {
                continue;
            };
            if real.starts_with(&root) && real.is_file() {
                return Ok(candidate.to_string_lossy().into_owned());
            }
        }
        return Err(format!(
            "no scenario `{}`: not in {}/scenarios ({}) and not a file under {}",
            shown(name, TEXT_MAX),
            files.origin,
            scenario_names(files).join(", "),
            bases
                .iter()
                .map(|b| format!("`{}`", base_dir(b).display()))
                .collect::<Vec<_>>()
                .join(" or ")
        ));
    }
    Err(format!(
        "scenario `{}`: a record or test names a scenario of the content, or a file by a path \
         relative to its own folder or the working folder (no `..`, not absolute); name any other \
         file on the command line",
        shown(name, TEXT_MAX)
    ))
}

/// A folder as given, "" standing for the working folder.
fn base_dir(p: &Path) -> &Path {
    if p.as_os_str().is_empty() { Path::new(".") } else { p }
}

/// A scenario by name (scenarios/NAME.toml in the content) or by path to a TOML file
/// (any path: the caller has checked it, see `scenario_named_in_file`).
pub fn load_scenario(
    files: &ContentFiles,
    name_or_file: &str,
    findings: &mut Vec<Finding>,
) -> Result<Option<Scenario>, String> {
    let path = format!("scenarios/{name_or_file}.toml");
    if let Some(why) = files.refusal(&path) {
        findings.push(why.clone());
        return Ok(None);
    }
    let file = match files.get(&path) {
        Some(f) => f,
        None => {
            let p = Path::new(name_or_file);
            if !p.is_file() {
                return Err(format!(
                    "no scenario `{name_or_file}`: not in {}/scenarios ({}) and not a file",
                    files.origin,
                    scenario_names(files).join(", ")
                ));
            }
            let text = findings::read_text(p, findings::MAX_CONTENT_BYTES, "a scenario file", true)
                .map_err(|u| format!("{name_or_file}: {}", u.message))?;
            SourceFile::new(name_or_file, text)
        }
    };
    let mut out = Findings::default();
    let sc = scenario::load_scenario(&file, files, &mut out);
    findings.extend(out.list);
    Ok(sc)
}
