//! rules/nonplayer.toml → the Non-player tables of section 8: the Random Cities and
//! Departments table (8.2) and the event-only spaces it selects first.

use super::findings::{Findings, SourceFile, parse_toml};
use crate::kernel::ids::SpaceId;
use crate::kernel::ruleset::{Map, NonPlayerTables};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NonPlayerFile {
    random_spaces: RandomSpacesToml,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RandomSpacesToml {
    order: Vec<Spanned<String>>,
    #[serde(default)]
    guessed: Vec<Spanned<String>>,
    #[serde(default)]
    first_when_candidate: Vec<Spanned<String>>,
}

/// The 8.2 table must list every City and every mainland Department exactly once (27
/// entries, the three dice's 27 outcomes).
pub fn load_tables(file: &SourceFile, map: &Map, out: &mut Findings) -> Option<NonPlayerTables> {
    // Counted before the parse: a file with unknown keys is read on, but not used.
    let before = out.list.len();
    let raw: NonPlayerFile = parse_toml(file, out)?;
    let space = |w: &Spanned<String>, out: &mut Findings| -> Option<SpaceId> {
        let s = map.find(w.get_ref());
        if s.is_none() {
            out.at(
                file,
                w.span().start,
                "bad-nonplayer-table",
                format!(
                    "`{}` is not a space of rules/map.toml{}",
                    w.get_ref(),
                    super::suggest::did_you_mean(w.get_ref(), map.ids().map(|s| map.space(s).slug.as_str()))
                ),
            );
        }
        s
    };
    let mut t = NonPlayerTables::default();
    for w in &raw.random_spaces.order {
        let Some(s) = space(w, out) else { continue };
        let def = map.space(s);
        if def.is_loc() || def.event_only {
            out.at(
                file,
                w.span().start,
                "bad-nonplayer-table",
                format!(
                    "random_spaces.order: `{}` is not a City or mainland Department (8.2)",
                    w.get_ref()
                ),
            );
        }
        if t.random_spaces.contains(&s) {
            out.at(
                file,
                w.span().start,
                "bad-nonplayer-table",
                format!("random_spaces.order: `{}` is listed twice", w.get_ref()),
            );
        }
        t.random_spaces.push(s);
    }
    let missing: Vec<&str> = map
        .ids()
        .filter(|&s| {
            let d = map.space(s);
            !d.is_loc() && !d.event_only && !t.random_spaces.contains(&s)
        })
        .map(|s| map.space(s).slug.as_str())
        .collect();
    if !missing.is_empty() || t.random_spaces.len() != 27 {
        out.at(
            file,
            0,
            "bad-nonplayer-table",
            format!(
                "random_spaces.order must list the 27 Cities and mainland Departments once each \
                 (three dice, 27 outcomes); {} listed{}",
                t.random_spaces.len(),
                if missing.is_empty() {
                    String::new()
                } else {
                    format!(", missing: {}", missing.join(", "))
                }
            ),
        );
    }
    for w in &raw.random_spaces.guessed {
        if let Some(s) = space(w, out) {
            t.guessed.push(s);
        }
    }
    for w in &raw.random_spaces.first_when_candidate {
        if let Some(s) = space(w, out) {
            t.first_when_candidate.push(s);
        }
    }
    (out.list.len() == before).then_some(t)
}
