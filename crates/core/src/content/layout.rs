//! rules/layout.toml → Layout: where each space lies on the board picture (`abyss show
//! --svg`, `abyss replay --html`). Presentation only: the rules never read it. Every space
//! of the map needs a place; a Department may have an outline, a LoC names the spaces or
//! Towns its line joins. Problems are findings with file:line, like the rest of the content.

use super::findings::{Findings, SourceFile, parse_toml};
use crate::kernel::SpaceId;
use crate::kernel::ruleset::{Map, SpaceKind};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A point of the picture, in SVG units (x to the right, y down).
pub type Pt = (i32, i32);

#[derive(Clone, Debug, PartialEq)]
pub struct Town {
    pub slug: String,
    pub name: String,
    pub at: Pt,
}

/// Foreign land around the map, drawn for orientation only (1.3.5: not spaces).
#[derive(Clone, Debug, PartialEq)]
pub struct Country {
    pub name: String,
    pub label: Pt,
    pub shape: Vec<Pt>,
}

/// Where one space is drawn.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Place {
    /// A City's circle centre, a Department's name, a LoC's box of pieces.
    pub at: Pt,
    /// A Department's outline (empty: a box is drawn around `at`).
    pub shape: Vec<Pt>,
    /// A LoC's ends (Cities or Towns): its line runs from each end to `at`.
    pub ends: Vec<Pt>,
    /// Where the box of pieces goes, if not the default place.
    pub pieces: Option<Pt>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: i32,
    pub height: i32,
    /// The map's part of the picture (from x = 0); the tracks and cards are drawn right of it.
    pub map_width: i32,
    pub towns: Vec<Town>,
    pub countries: Vec<Country>,
    /// One place per map space, by SpaceId index.
    pub places: Vec<Place>,
}

impl Layout {
    pub fn place(&self, s: SpaceId) -> &Place {
        &self.places[s.index()]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LayoutFile {
    width: Spanned<i32>,
    height: Spanned<i32>,
    map_width: Spanned<i32>,
    #[serde(default)]
    town: Vec<TownToml>,
    #[serde(default)]
    country: Vec<CountryToml>,
    #[serde(default)]
    space: BTreeMap<Spanned<String>, PlaceToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TownToml {
    id: Spanned<String>,
    name: String,
    at: Spanned<Pt>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountryToml {
    name: String,
    label: Spanned<Pt>,
    shape: Spanned<Vec<Pt>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlaceToml {
    at: Spanned<Pt>,
    shape: Option<Spanned<Vec<Pt>>>,
    ends: Option<Spanned<Vec<String>>>,
    pieces: Option<Spanned<Pt>>,
}

/// Read and check the layout against the map. None if it cannot be drawn; the findings
/// say why (codes: `unknown-space`, `missing-layout`, `bad-layout`, `duplicate-id`).
pub fn load_layout(file: &SourceFile, map: &Map, out: &mut Findings) -> Option<Layout> {
    // Counted before the parse: a file with unknown keys is read on, but not used.
    let before = out.list.len();
    let raw: LayoutFile = parse_toml(file, out)?;
    let (w, h) = (*raw.width.get_ref(), *raw.height.get_ref());
    let mw = *raw.map_width.get_ref();
    if w <= 0 || h <= 0 {
        out.at(
            file,
            raw.width.span().start,
            "bad-layout",
            "width and height must be positive",
        );
    }
    if mw <= 0 || mw > w {
        out.at(
            file,
            raw.map_width.span().start,
            "bad-layout",
            format!("map_width = {mw} must be between 1 and width = {w}"),
        );
    }
    let inside = |p: Pt| (0..=w).contains(&p.0) && (0..=h).contains(&p.1);
    let check_pt = |p: &Spanned<Pt>, what: &str, out: &mut Findings| {
        if !inside(*p.get_ref()) {
            out.at(
                file,
                p.span().start,
                "bad-layout",
                format!("{what} {:?} lies outside the picture (0..{w}, 0..{h})", p.get_ref()),
            );
        }
    };

    let mut towns: Vec<Town> = Vec::new();
    for t in &raw.town {
        let id = t.id.get_ref();
        if towns.iter().any(|x| &x.slug == id) || map.find(id).is_some() {
            out.at(
                file,
                t.id.span().start,
                "duplicate-id",
                format!("town `{id}` is defined twice, or is also a space's id"),
            );
        }
        check_pt(&t.at, &format!("town `{id}`"), out);
        towns.push(Town {
            slug: id.clone(),
            name: t.name.clone(),
            at: *t.at.get_ref(),
        });
    }
    let mut countries = Vec::new();
    for c in &raw.country {
        check_pt(&c.label, &format!("country `{}` label", c.name), out);
        if c.shape.get_ref().len() < 3 {
            out.at(
                file,
                c.shape.span().start,
                "bad-layout",
                format!("country `{}`: a shape needs at least 3 points", c.name),
            );
        }
        countries.push(Country {
            name: c.name.clone(),
            label: *c.label.get_ref(),
            shape: c.shape.get_ref().clone(),
        });
    }

    let mut places: Vec<Option<Place>> = vec![None; map.len()];
    let mut ends_of: Vec<(SpaceId, &Spanned<Vec<String>>)> = Vec::new();
    for (key, p) in &raw.space {
        let slug = key.get_ref();
        let Some(s) = map.find(slug) else {
            out.at(
                file,
                key.span().start,
                "unknown-space",
                format!(
                    "[space.{slug}]: no such space in rules/map.toml{}",
                    super::suggest::did_you_mean(slug, map.ids().map(|s| map.space(s).slug.as_str()))
                ),
            );
            continue;
        };
        let kind = map.space(s).kind;
        check_pt(&p.at, &format!("space `{slug}`"), out);
        if let Some(pc) = &p.pieces {
            check_pt(pc, &format!("space `{slug}` pieces"), out);
        }
        if let Some(shape) = &p.shape {
            if kind != SpaceKind::Department {
                out.at(
                    file,
                    shape.span().start,
                    "bad-layout",
                    format!(
                        "space `{slug}` ({}) takes no shape: only Departments have outlines",
                        kind.slug()
                    ),
                );
            } else if shape.get_ref().len() < 3 {
                out.at(
                    file,
                    shape.span().start,
                    "bad-layout",
                    format!("space `{slug}`: a shape needs at least 3 points"),
                );
            } else if let Some(q) = shape.get_ref().iter().find(|&&q| !inside(q)) {
                out.at(
                    file,
                    shape.span().start,
                    "bad-layout",
                    format!("space `{slug}`: shape point {q:?} lies outside the picture"),
                );
            }
        }
        match (&p.ends, kind) {
            (Some(e), SpaceKind::Loc) => ends_of.push((s, e)),
            (Some(e), _) => out.at(
                file,
                e.span().start,
                "bad-layout",
                format!("space `{slug}` ({}) takes no ends: only LoCs are lines", kind.slug()),
            ),
            (None, SpaceKind::Loc) => out.at(
                file,
                key.span().start,
                "bad-layout",
                format!("LoC `{slug}` needs `ends`: the Cities or Towns its line joins"),
            ),
            (None, _) => {}
        }
        places[s.index()] = Some(Place {
            at: *p.at.get_ref(),
            shape: p.shape.as_ref().map(|x| x.get_ref().clone()).unwrap_or_default(),
            ends: Vec::new(),
            pieces: p.pieces.as_ref().map(|x| *x.get_ref()),
        });
    }
    // A LoC's ends: spaces adjacent to it (rules/map.toml) or Towns of this file.
    for (s, ends) in ends_of {
        let slug = &map.space(s).slug;
        if ends.get_ref().len() < 2 {
            out.at(
                file,
                ends.span().start,
                "bad-layout",
                format!("LoC `{slug}` needs at least 2 ends"),
            );
        }
        let mut pts = Vec::new();
        for e in ends.get_ref() {
            let pt = if let Some(t) = towns.iter().find(|t| &t.slug == e) {
                Some(t.at)
            } else if let Some(x) = map.find(e) {
                if !map.adjacent(s, x) {
                    out.at(
                        file,
                        ends.span().start,
                        "bad-layout",
                        format!("LoC `{slug}` ends at `{e}`, which rules/map.toml does not make adjacent to it"),
                    );
                }
                places[x.index()].as_ref().map(|p| p.at)
            } else {
                out.at(
                    file,
                    ends.span().start,
                    "unknown-space",
                    format!("LoC `{slug}` ends at `{e}`: neither a space nor a [[town]]"),
                );
                None
            };
            pts.extend(pt);
        }
        if let Some(p) = places[s.index()].as_mut() {
            p.ends = pts;
        }
    }
    for s in map.ids() {
        if places[s.index()].is_none() {
            out.at(
                file,
                0,
                "missing-layout",
                format!(
                    "space `{}` has no [space.{}] entry: give it a place (`at = [x, y]`) on the picture",
                    map.space(s).slug,
                    map.space(s).slug
                ),
            );
        }
    }
    (out.list.len() == before).then(|| Layout {
        width: w,
        height: h,
        map_width: mw,
        towns,
        countries,
        places: places.into_iter().map(Option::unwrap_or_default).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentFiles, LAYOUT_FILE};

    #[test]
    fn the_embedded_layout_places_every_space() {
        let r = crate::content::embedded_rules();
        let f = ContentFiles::embedded().get(LAYOUT_FILE).expect("rules/layout.toml");
        let mut out = Findings::default();
        let l = load_layout(&f, &r.map, &mut out).expect("loads");
        assert!(out.list.is_empty(), "{:?}", out.list);
        assert_eq!(l.places.len(), r.map.len());
        for s in r.map.ids() {
            let d = r.map.space(s);
            let p = l.place(s);
            assert_eq!(d.is_loc(), p.ends.len() >= 2, "{}", d.slug);
            assert_eq!(d.is_department(), !p.shape.is_empty(), "{}", d.slug);
        }
    }
}
