//! rules/map.toml → Map: spaces, terrain, Population, Econ, coasts, borders, adjacency.

use super::findings::{Findings, SourceFile, parse_toml};
use crate::game::describe::{NAME_MAX, shown};
use crate::kernel::ruleset::{LocType, MAX_SPACES, Map, SpaceDef, SpaceKind, Terrain};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    loc_econ_total: Spanned<u16>,
    space: Vec<SpaceToml>,
}

#[derive(Deserialize, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
enum KindToml {
    City,
    Department,
    Loc,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum TerrainToml {
    Forest,
    Mountain,
    Grassland,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum LocTypeToml {
    Road,
    Pipeline,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceToml {
    id: Spanned<String>,
    name: String,
    kind: Spanned<KindToml>,
    pop: Option<Spanned<u8>>,
    terrain: Option<Spanned<TerrainToml>>,
    loc_type: Option<Spanned<LocTypeToml>>,
    econ: Option<Spanned<u8>>,
    #[serde(default)]
    coastal: bool,
    #[serde(default)]
    borders: Vec<String>,
    #[serde(default)]
    event_only: bool,
    max_pieces_per_faction: Option<u8>,
    adjacent: Vec<Spanned<String>>,
}

/// The longest space id, in bytes. Card scripts name spaces by their ids, and the script
/// host knows a word by the one copy Lua keeps of each short string, which is a string of
/// at most 40 bytes (LUAI_MAXSHORTLEN, crates/lua/src/words.rs): a longer id would be "not a
/// space" to the host that handed it out.
pub const MAX_SLUG_BYTES: usize = 40;

pub fn is_slug(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// What a word means to whoever runs the content's scripts, if anything but a space: a
/// space id or a country may not be such a word, or no script could name it
/// (`g:spaces("city")` is every City). The Lua host gives its card API's words
/// (`abyss_lua::load_ruleset`); the rules core reserves none of its own (records and tests
/// read an answer word that is also a space id by the question's options).
pub type Reserved<'a> = &'a dyn Fn(&str) -> Option<&'static str>;

pub fn load_map(file: &SourceFile, out: &mut Findings, reserved: Reserved) -> Option<Map> {
    // Counted before the parse: a file with unknown keys is read on, but not used.
    let before = out.list.len();
    let raw: MapFile = parse_toml(file, out)?;
    if raw.space.len() > MAX_SPACES {
        out.at(
            file,
            0,
            "too-many-spaces",
            format!("{} spaces; at most {MAX_SPACES} are supported", raw.space.len()),
        );
        return None;
    }
    let mut spaces: Vec<SpaceDef> = Vec::with_capacity(raw.space.len());
    for sp in &raw.space {
        let at = sp.id.span().start;
        let id = sp.id.get_ref();
        if !is_slug(id) {
            out.at(
                file,
                at,
                "bad-id",
                format!("space id `{id}` must be lowercase letters, digits and _"),
            );
        }
        if id.len() > MAX_SLUG_BYTES {
            out.at(
                file,
                at,
                "bad-id",
                format!(
                    "space id `{}` is {} bytes long; at most {MAX_SLUG_BYTES} are supported (card scripts \
                     name spaces by their ids): shorten it",
                    shown(id, NAME_MAX),
                    id.len()
                ),
            );
        }
        if let Some(meaning) = reserved(id) {
            out.at(
                file,
                at,
                "reserved-id",
                format!(
                    "space id `{}` is {meaning}, so it could not name this space there: rename the space \
                     (for instance `{}_space`) here and wherever the content names it",
                    shown(id, NAME_MAX),
                    shown(id, NAME_MAX)
                ),
            );
        }
        // A country is a word of the card API too (`g:borders(space, "venezuela")`).
        for b in &sp.borders {
            if let Some(meaning) = reserved(b) {
                out.at(
                    file,
                    at,
                    "reserved-id",
                    format!(
                        "space `{}` borders `{}`, {meaning}, so no script could name that country: \
                         rename it in every `borders` list",
                        shown(id, NAME_MAX),
                        shown(b, NAME_MAX)
                    ),
                );
            }
        }
        if spaces.iter().any(|d| &d.slug == id) {
            out.at(file, at, "duplicate-id", format!("space `{id}` is defined twice"));
        }
        let kind = match *sp.kind.get_ref() {
            KindToml::City => SpaceKind::City,
            KindToml::Department => SpaceKind::Department,
            KindToml::Loc => SpaceKind::Loc,
        };
        let mut need = |ok: bool, what: &str| {
            if !ok {
                out.at(
                    file,
                    sp.kind.span().start,
                    "bad-space",
                    format!("space `{id}` ({}) {what}", kind.slug()),
                );
            }
        };
        match kind {
            SpaceKind::City => {
                need(sp.pop.is_some(), "needs `pop`");
                need(
                    sp.terrain.is_none() && sp.loc_type.is_none() && sp.econ.is_none(),
                    "takes no terrain, loc_type or econ",
                );
            }
            SpaceKind::Department => {
                need(sp.pop.is_some() && sp.terrain.is_some(), "needs `pop` and `terrain`");
                need(sp.loc_type.is_none() && sp.econ.is_none(), "takes no loc_type or econ");
            }
            SpaceKind::Loc => {
                need(
                    sp.loc_type.is_some() && sp.econ.is_some(),
                    "needs `loc_type` and `econ`",
                );
                need(
                    sp.pop.is_none() && sp.terrain.is_none(),
                    "takes no pop or terrain (1.3.4)",
                );
            }
        }
        spaces.push(SpaceDef {
            slug: id.clone(),
            // Shown to people everywhere: no escape sequence, no megabyte name.
            name: shown(&sp.name, NAME_MAX),
            kind,
            pop: sp.pop.as_ref().map_or(0, |p| *p.get_ref()),
            terrain: sp.terrain.as_ref().map(|t| match *t.get_ref() {
                TerrainToml::Forest => Terrain::Forest,
                TerrainToml::Mountain => Terrain::Mountain,
                TerrainToml::Grassland => Terrain::Grassland,
            }),
            loc_type: sp.loc_type.as_ref().map(|t| match *t.get_ref() {
                LocTypeToml::Road => LocType::Road,
                LocTypeToml::Pipeline => LocType::Pipeline,
            }),
            econ: sp.econ.as_ref().map_or(0, |e| *e.get_ref()),
            coastal: sp.coastal,
            borders: sp.borders.clone(),
            event_only: sp.event_only,
            max_pieces_per_faction: sp.max_pieces_per_faction,
        });
    }

    // Adjacency (1.3.6): every name known, no self-loops, and symmetric: a one-way edge is
    // reported at the line that lists it, since either side could be the typo.
    let find = |slug: &str| spaces.iter().position(|d| d.slug == slug);
    let mut adjacency = vec![0u64; spaces.len()];
    for (i, sp) in raw.space.iter().enumerate() {
        for a in &sp.adjacent {
            match find(a.get_ref()) {
                None => out.at(
                    file,
                    a.span().start,
                    "unknown-space",
                    format!(
                        "`{}` lists unknown space `{}` as adjacent{}",
                        sp.id.get_ref(),
                        a.get_ref(),
                        super::suggest::did_you_mean(a.get_ref(), spaces.iter().map(|d| d.slug.as_str()))
                    ),
                ),
                Some(j) if j == i => out.at(
                    file,
                    a.span().start,
                    "bad-adjacency",
                    format!("`{}` lists itself as adjacent", sp.id.get_ref()),
                ),
                Some(j) => adjacency[i] |= 1 << j,
            }
        }
    }
    for (i, sp) in raw.space.iter().enumerate() {
        for a in &sp.adjacent {
            if let Some(j) = find(a.get_ref())
                && j != i
                && adjacency[j] & (1 << i) == 0
            {
                out.at(
                    file,
                    a.span().start,
                    "asymmetric-adjacency",
                    format!(
                        "`{}` lists `{}` as adjacent, but `{}` does not list `{}`",
                        sp.id.get_ref(),
                        a.get_ref(),
                        a.get_ref(),
                        sp.id.get_ref()
                    ),
                );
            }
        }
    }

    let econ: u16 = spaces.iter().map(|d| d.econ as u16).sum();
    if econ != *raw.loc_econ_total.get_ref() {
        out.at(
            file,
            raw.loc_econ_total.span().start,
            "loc-econ-total",
            format!(
                "the LoCs' Econ adds up to {econ}, not loc_econ_total = {} (6.3.1)",
                raw.loc_econ_total.get_ref()
            ),
        );
    }
    (out.list.len() == before).then(|| Map::new(spaces, adjacency, *raw.loc_econ_total.get_ref()))
}
