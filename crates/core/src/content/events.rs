//! The Event scripts of events/: one `NNN_slug.lua` per Event card (NNN its number,
//! slug its `slug` in rules/cards.toml) and shared modules in events/lib/. The loader
//! pairs scripts with cards; the script host (crates/lua/src) compiles and runs them.

use super::ContentFiles;
use super::findings::Findings;
use crate::kernel::{Card, CardKind, EventFile, EventFiles};

/// Pair every script of events/ with its card, and collect events/lib/ modules.
pub fn load_events(files: &ContentFiles, cards: &[Card], out: &mut Findings) -> EventFiles {
    let mut ev = EventFiles::default();
    for (path, source) in &files.files {
        let Some(rest) = path.strip_prefix("events/") else {
            continue;
        };
        // A byte-order mark (some editors save one) is no Lua: the compiler would stop at
        // it. TOML files may carry one too.
        let source = source.strip_prefix('\u{feff}').unwrap_or(source);
        let Some(stem) = rest.strip_suffix(".lua") else {
            continue;
        };
        if let Some(module) = stem.strip_prefix("lib/") {
            if module.contains('/') || !super::map::is_slug(module) {
                out.at_line(
                    path,
                    0,
                    "bad-module-name",
                    format!("library module `{module}`: use lowercase letters, digits and _ (events/lib/NAME.lua)"),
                );
                continue;
            }
            ev.lib.push(EventFile {
                card: 0,
                path: path.clone(),
                module: module.to_string(),
                source: source.to_string(),
            });
            continue;
        }
        let parsed = stem
            .split_once('_')
            .and_then(|(n, slug)| n.parse::<u8>().ok().map(|n| (n, slug)))
            .filter(|(_, slug)| !slug.is_empty() && !stem.contains('/'));
        let Some((number, slug)) = parsed else {
            out.at_line(
                path,
                0,
                "bad-script-name",
                "an Event script is named NNN_slug.lua after its card (e.g. events/008_fuerza_aerea_colombiana.lua)",
            );
            continue;
        };
        let Some(card) = cards.iter().find(|c| c.number == number) else {
            out.at_line(
                path,
                0,
                "script-without-card",
                format!("no card {number} in rules/cards.toml for this script"),
            );
            continue;
        };
        if card.kind != CardKind::Event {
            out.at_line(
                path,
                0,
                "script-without-card",
                format!("card {number} is a Propaganda card: it has no Event"),
            );
            continue;
        }
        if card.slug != slug {
            out.at_line(
                path,
                0,
                "script-name-mismatch",
                format!(
                    "card {number} is `{}`: name the script events/{number:03}_{}.lua",
                    card.slug, card.slug
                ),
            );
            continue;
        }
        if ev.card(number).is_some() {
            out.at_line(
                path,
                0,
                "duplicate-script",
                format!("card {number} already has a script"),
            );
            continue;
        }
        ev.cards.push(EventFile {
            card: number,
            path: path.clone(),
            module: String::new(),
            source: source.to_string(),
        });
    }
    ev.cards.sort_by_key(|f| f.card);
    ev.seal();
    for c in cards.iter().filter(|c| c.kind == CardKind::Event) {
        if ev.card(c.number).is_none() {
            out.at_line(
                "events",
                0,
                "missing-event-script",
                format!(
                    "card {} ({}) has no script: add events/{:03}_{}.lua",
                    c.number, c.title, c.number, c.slug
                ),
            );
        }
    }
    ev
}
