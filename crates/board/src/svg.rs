//! A position as an SVG picture of the board: the map (every space where
//! rules/layout.toml places it; LoCs as lines between their ends) with each space's pieces
//! and counts, Support or Opposition, Control, Terror, Sabotage, FARC Zones and Shipments;
//! beside it the tracks (Resources, Aid, Total Support, Opposition + Bases), the four
//! victory margins, El Presidente, Capabilities and Momentum in effect, Eligibility, the
//! current and next card, and the Available forces.
//!
//! The picture is a static layer (land, spaces, lines, names) plus one group per thing
//! that changes (`fragments`): the HTML replay sends the static layer once and only the
//! groups that change from step to step.

use super::{Position, esc};
use abyss_core::content::layout::{Layout, Pt};
use abyss_core::kernel::ruleset::Terrain;
use abyss_core::kernel::{
    CardKind, Control, Faction, LocType, PieceKind, PieceType, Ruleset, SpaceId, SpaceKind, Support,
};
use std::fmt::Write;
use std::rc::Rc;

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";
const SEA: &str = "#a8cde4";
const FOREIGN: &str = "#dcd6c8";
const CITY_R: i32 = 19;
const PANEL_BG: &str = "#f6f3ea";

/// A Faction's colour on the picture (the board's: Government blue, FARC red, AUC
/// yellow, Cartels green).
pub fn faction_color(f: Faction) -> &'static str {
    match f {
        Faction::Govt => "#1f56b0",
        Faction::Farc => "#c62a1f",
        Faction::Auc => "#e9c019",
        Faction::Cartels => "#2f8f3c",
    }
}

fn piece_color(t: PieceType) -> &'static str {
    if t.kind == PieceKind::Police {
        "#7fb2ea"
    } else {
        faction_color(t.faction)
    }
}

fn support_badge(s: Support) -> Option<(&'static str, &'static str, &'static str)> {
    match s {
        Support::ActiveSupport => Some(("Active Support", "#1b4f9c", "#fff")),
        Support::PassiveSupport => Some(("Passive Support", "#a9c6ea", "#0d2b5a")),
        Support::Neutral => None,
        Support::PassiveOpposition => Some(("Passive Opposition", "#f0b3aa", "#5a120d")),
        Support::ActiveOpposition => Some(("Active Opposition", "#a8231b", "#fff")),
    }
}

fn terrain_fill(t: Option<Terrain>) -> &'static str {
    match t {
        Some(Terrain::Forest) => "#93c17e",
        Some(Terrain::Mountain) => "#cdae82",
        Some(Terrain::Grassland) => "#e3dc95",
        None => "#cfcab0",
    }
}

fn terrain_name(t: Option<Terrain>) -> &'static str {
    match t {
        Some(Terrain::Forest) => "Forest",
        Some(Terrain::Mountain) => "Mountain",
        Some(Terrain::Grassland) => "Grassland",
        None => "no terrain",
    }
}

/// Rough width of a text in this font, for laying out badges and rows.
fn text_w(s: &str, size: f32) -> i32 {
    (s.chars().count() as f32 * size * 0.62).ceil() as i32
}

fn points(ps: &[Pt]) -> String {
    let v: Vec<String> = ps.iter().map(|(x, y)| format!("{x},{y}")).collect();
    v.join(" ")
}

/// Text with a white halo, readable over any fill.
fn label(o: &mut String, x: i32, y: i32, size: f32, weight: &str, anchor: &str, text: &str) {
    let _ = write!(
        o,
        r##"<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" stroke="#fff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">{}</text>"##,
        esc(text)
    );
}

/// One piece glyph with its top-left corner at (x, y), 12 units square.
pub fn glyph(o: &mut String, x: i32, y: i32, t: PieceType, underground: bool) {
    let fill = piece_color(t);
    match t.kind {
        PieceKind::Troops | PieceKind::Police => {
            let _ = write!(
                o,
                r##"<rect x="{}" y="{}" width="11" height="11" rx="1.5" fill="{fill}" stroke="#1a1a1a" stroke-width="1"/>"##,
                x,
                y + 1
            );
        }
        PieceKind::Base => {
            let _ = write!(
                o,
                r##"<circle cx="{}" cy="{}" r="6" fill="{fill}" stroke="#1a1a1a" stroke-width="1.4"/><circle cx="{}" cy="{}" r="2.2" fill="#fff" fill-opacity="0.85"/>"##,
                x + 6,
                y + 6,
                x + 6,
                y + 6
            );
        }
        // Guerrillas are cylinders: Underground (symbol down, hidden) pale with a dashed
        // rim; Active (symbol up) solid with a white mark.
        PieceKind::Guerrilla if underground => {
            let _ = write!(
                o,
                r##"<rect x="{}" y="{y}" width="9" height="12" rx="4" fill="{fill}" fill-opacity="0.45" stroke="#1a1a1a" stroke-width="1" stroke-dasharray="2 1.5"/>"##,
                x + 1
            );
        }
        PieceKind::Guerrilla => {
            let _ = write!(
                o,
                r##"<rect x="{}" y="{y}" width="9" height="12" rx="4" fill="{fill}" stroke="#1a1a1a" stroke-width="1"/><circle cx="{}" cy="{}" r="2" fill="#fff"/>"##,
                x + 1,
                x + 5,
                y + 6
            );
        }
    }
}

fn shipment_glyph(o: &mut String, x: i32, y: i32) {
    let _ = write!(
        o,
        r##"<path d="M{} {} l4 5 l-4 5 l-4 -5 z" fill="#8a5a2b" stroke="#fff" stroke-width="0.8"/>"##,
        x + 4,
        y + 1
    );
}

/// A track of the panel.
struct Track<'t> {
    name: &'t str,
    value: i32,
    max: i32,
    color: &'t str,
    mark: Option<(i32, &'t str)>,
}

/// The picture of one position.
#[derive(Clone)]
pub struct Painter<'a> {
    rules: &'a Ruleset,
    layout: Rc<Layout>,
}

impl<'a> Painter<'a> {
    pub fn new(rules: &'a Ruleset, layout: Rc<Layout>) -> Painter<'a> {
        Painter { rules, layout }
    }

    /// A whole standalone SVG document.
    pub fn svg(&self, pos: &Position) -> String {
        self.document(&self.fragments(pos))
    }

    /// The picture with these contents for the changing groups (`fragment_ids` order):
    /// land, then the FARC Zones and veils, then lines, Cities and names, then the rest.
    pub fn document(&self, bodies: &[String]) -> String {
        let ids = self.fragment_ids();
        let mut o = self.open();
        o.push_str(&self.land());
        for (i, (id, body)) in ids.iter().zip(bodies).enumerate() {
            if i == 1 {
                o.push_str(&self.lines_and_names());
            }
            let _ = write!(o, r#"<g id="{id}">{body}</g>"#);
        }
        o.push_str("</svg>\n");
        o
    }

    /// The `<svg>` element's opening tag and shared definitions.
    pub fn open(&self) -> String {
        let (w, h) = (self.layout.width, self.layout.height);
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="{FONT}"><defs><pattern id="zone" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="#c62a1f" fill-opacity="0.12"/><line x1="0" y1="0" x2="0" y2="10" stroke="#c62a1f" stroke-width="3" stroke-opacity="0.55"/></pattern><pattern id="offmap" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)"><rect width="8" height="8" fill="#ddd"/><line x1="0" y1="0" x2="0" y2="8" stroke="#aaa" stroke-width="2"/></pattern></defs>"##
        )
    }

    /// What never changes, below the FARC Zones: sea, foreign land, Departments.
    fn land(&self) -> String {
        let r = self.rules;
        let l = &*self.layout;
        let mut o = String::new();
        let _ = write!(
            o,
            r#"<rect x="0" y="0" width="{}" height="{}" fill="{SEA}"/>"#,
            l.map_width, l.height
        );
        for c in &l.countries {
            let _ = write!(
                o,
                r##"<polygon points="{}" fill="{FOREIGN}" stroke="#b5ad9b" stroke-width="1"/>"##,
                points(&c.shape)
            );
            let _ = write!(
                o,
                r##"<text x="{}" y="{}" font-size="20" fill="#958c78" text-anchor="middle" font-style="italic">{}</text>"##,
                c.label.0,
                c.label.1,
                esc(&c.name)
            );
        }
        let ids: Vec<SpaceId> = r.map.ids().collect();
        for &s in ids.iter().filter(|&&s| r.map.space(s).is_department()) {
            let d = r.map.space(s);
            let p = l.place(s);
            let _ = write!(o, "<g><title>{}</title>", esc(&self.tooltip(s)));
            if p.shape.is_empty() {
                let _ = write!(
                    o,
                    r##"<rect x="{}" y="{}" width="120" height="70" rx="8" fill="{}" stroke="#fff" stroke-width="2.5"/>"##,
                    p.at.0 - 60,
                    p.at.1 - 18,
                    terrain_fill(d.terrain)
                );
            } else {
                let _ = write!(
                    o,
                    r##"<polygon points="{}" fill="{}" stroke="#fffdf5" stroke-width="2.5" stroke-linejoin="round"/>"##,
                    points(&p.shape),
                    terrain_fill(d.terrain)
                );
            }
            o.push_str("</g>");
        }
        o
    }

    /// What never changes, above the FARC Zones: LoC lines, Towns, City circles, names,
    /// the panel's background and the legend.
    fn lines_and_names(&self) -> String {
        let r = self.rules;
        let l = &*self.layout;
        let mut o = String::new();
        let ids: Vec<SpaceId> = r.map.ids().collect();
        // LoCs: a line from each end to the LoC's box; Roads brown, Pipelines dashed.
        for &s in ids.iter().filter(|&&s| r.map.space(s).is_loc()) {
            let d = r.map.space(s);
            let p = l.place(s);
            let _ = write!(o, "<g><title>{}</title>", esc(&self.tooltip(s)));
            for e in &p.ends {
                let path = format!("M{} {} L{} {}", e.0, e.1, p.at.0, p.at.1);
                if d.loc_type == Some(LocType::Road) {
                    let _ = write!(
                        o,
                        r##"<path d="{path}" stroke="#5b4326" stroke-width="7" stroke-linecap="round" fill="none"/><path d="{path}" stroke="#c8a46a" stroke-width="3" stroke-linecap="round" fill="none"/>"##
                    );
                } else {
                    let _ = write!(
                        o,
                        r##"<path d="{path}" stroke="#fff" stroke-width="6" stroke-linecap="round" fill="none" stroke-opacity="0.7"/><path d="{path}" stroke="#2b2b2b" stroke-width="3.5" stroke-dasharray="9 5" fill="none"/>"##
                    );
                }
            }
            o.push_str("</g>");
        }
        for t in &l.towns {
            let _ = write!(
                o,
                r##"<circle cx="{}" cy="{}" r="5" fill="#111"/><text x="{}" y="{}" font-size="10" font-style="italic" fill="#222" stroke="#fff" stroke-width="2.5" paint-order="stroke">{}</text>"##,
                t.at.0,
                t.at.1,
                t.at.0 + 7,
                t.at.1 - 5,
                esc(&t.name)
            );
        }
        // Econ plaques of the LoCs.
        for &s in ids.iter().filter(|&&s| r.map.space(s).is_loc()) {
            let d = r.map.space(s);
            let (x, y) = l.place(s).at;
            let fill = if d.loc_type == Some(LocType::Road) {
                "#5b4326"
            } else {
                "#2b2b2b"
            };
            let _ = write!(
                o,
                r##"<g><title>{}</title><rect x="{}" y="{}" width="22" height="16" rx="3" fill="{fill}" stroke="#fff" stroke-width="1.2"/><text x="{x}" y="{}" font-size="11" font-weight="bold" fill="#fff" text-anchor="middle">{}</text></g>"##,
                esc(&self.tooltip(s)),
                x - 11,
                y - 8,
                y + 4,
                d.econ
            );
        }
        for &s in ids.iter().filter(|&&s| r.map.space(s).is_city()) {
            let d = r.map.space(s);
            let (x, y) = l.place(s).at;
            let _ = write!(
                o,
                r##"<g><title>{}</title><circle cx="{x}" cy="{y}" r="{CITY_R}" fill="#f7f3e6" stroke="#3a3a3a" stroke-width="2.5"/><text x="{x}" y="{}" font-size="16" font-weight="bold" text-anchor="middle" fill="#3a3a3a">{}</text></g>"##,
                esc(&self.tooltip(s)),
                y + 6,
                d.pop
            );
            label(&mut o, x, y - CITY_R - 5, 13.0, "bold", "middle", &d.name);
        }
        for &s in ids.iter().filter(|&&s| r.map.space(s).is_department()) {
            let d = r.map.space(s);
            let (x, y) = l.place(s).at;
            label(&mut o, x, y, 14.0, "bold", "middle", &d.name);
            let facts = format!("Pop {} · {}", d.pop, terrain_name(d.terrain));
            label(&mut o, x, y + 13, 10.0, "normal", "middle", &facts);
        }
        // The panel and the legend.
        let px = l.map_width;
        let _ = write!(
            o,
            r##"<rect x="{px}" y="0" width="{}" height="{}" fill="{PANEL_BG}"/><line x1="{px}" y1="0" x2="{px}" y2="{}" stroke="#999" stroke-width="2"/>"##,
            l.width - px,
            l.height,
            l.height
        );
        o.push_str(&self.legend(px + 20, l.height - 150));
        o
    }

    fn tooltip(&self, s: SpaceId) -> String {
        let d = self.rules.map.space(s);
        match d.kind {
            SpaceKind::City => format!("{} (City, Pop {}) [{}]", d.name, d.pop, d.slug),
            SpaceKind::Department => format!(
                "{} (Department, {}, Pop {}) [{}]",
                d.name,
                terrain_name(d.terrain),
                d.pop,
                d.slug
            ),
            SpaceKind::Loc => format!(
                "{} ({}, Econ {}) [{}]",
                d.name,
                if d.loc_type == Some(LocType::Road) {
                    "Road"
                } else {
                    "Pipeline"
                },
                d.econ,
                d.slug
            ),
        }
    }

    fn legend(&self, x: i32, y: i32) -> String {
        let mut o = String::new();
        label(&mut o, x, y, 13.0, "bold", "start", "Legend");
        let items: [(PieceType, bool, &str); 6] = [
            (PieceType::TROOPS, false, "Troops"),
            (PieceType::POLICE, false, "Police"),
            (PieceType::base(Faction::Govt), false, "Base (colour: Faction)"),
            (PieceType::guerrilla(Faction::Farc), true, "Guerrilla, Underground"),
            (PieceType::guerrilla(Faction::Farc), false, "Guerrilla, Active"),
            (PieceType::base(Faction::Farc), false, "FARC Base"),
        ];
        for (i, (t, u, text)) in items.iter().enumerate() {
            let (cx, cy) = (x + (i as i32 % 2) * 210, y + 12 + (i as i32 / 2) * 18);
            glyph(&mut o, cx, cy, *t, *u);
            let _ = write!(
                o,
                r#"<text x="{}" y="{}" font-size="11">{}</text>"#,
                cx + 16,
                cy + 10,
                esc(text)
            );
        }
        let cy = y + 66;
        shipment_glyph(&mut o, x, cy);
        let _ = write!(
            o,
            r#"<text x="{}" y="{}" font-size="11">Shipment, after the Guerrillas that hold it</text>"#,
            x + 16,
            cy + 10
        );
        let cy = cy + 20;
        let _ = write!(
            o,
            r##"<path d="M{x} {} h26" stroke="#5b4326" stroke-width="7"/><path d="M{x} {} h26" stroke="#c8a46a" stroke-width="3"/><text x="{}" y="{}" font-size="11">Road</text><path d="M{} {} h26" stroke="#2b2b2b" stroke-width="3.5" stroke-dasharray="9 5"/><text x="{}" y="{}" font-size="11">Pipeline (number: Econ)</text>"##,
            cy + 6,
            cy + 6,
            x + 32,
            cy + 10,
            x + 110,
            cy + 6,
            x + 142,
            cy + 10
        );
        let cy = cy + 20;
        for (i, (name, t)) in [
            ("Forest", Some(Terrain::Forest)),
            ("Mountain", Some(Terrain::Mountain)),
            ("Grassland", Some(Terrain::Grassland)),
        ]
        .iter()
        .enumerate()
        {
            let cx = x + i as i32 * 110;
            let _ = write!(
                o,
                r##"<rect x="{cx}" y="{cy}" width="20" height="12" fill="{}" stroke="#777"/><text x="{}" y="{}" font-size="11">{name}</text>"##,
                terrain_fill(*t),
                cx + 26,
                cy + 10
            );
        }
        let cy = cy + 20;
        let _ = write!(
            o,
            r##"<rect x="{x}" y="{cy}" width="20" height="12" fill="url(#zone)" stroke="#c62a1f"/><text x="{}" y="{}" font-size="11">FARC Zone</text><circle cx="{}" cy="{}" r="6" fill="#f7f3e6" stroke="#3a3a3a" stroke-width="2"/><text x="{}" y="{}" font-size="11">City (number: Population)</text>"##,
            x + 26,
            cy + 10,
            x + 116,
            cy + 6,
            x + 126,
            cy + 10
        );
        o
    }

    /// The ids of the groups that change, in the order `fragments` gives them.
    pub fn fragment_ids(&self) -> Vec<String> {
        let mut v: Vec<String> = [
            "d-zones",
            "d-title",
            "d-cards",
            "d-elig",
            "d-tracks",
            "d-lasting",
            "d-avail",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        v.extend(
            self.space_order()
                .map(|s| format!("d-{}", self.rules.map.space(s).slug)),
        );
        v
    }

    /// The spaces in drawing order: event-only ones first, so that the veil over one not
    /// yet in play never hides a neighbour's markers.
    fn space_order(&self) -> impl Iterator<Item = SpaceId> + '_ {
        let m = &self.rules.map;
        let event_only = m.ids().filter(|&s| m.space(s).event_only);
        event_only.chain(m.ids().filter(|&s| !m.space(s).event_only))
    }

    /// The contents of each changing group for a position, in `fragment_ids` order.
    pub fn fragments(&self, pos: &Position) -> Vec<String> {
        let px = self.layout.map_width + 20;
        let pw = self.layout.width - px - 20;
        let mut v = vec![
            self.zones(pos),
            self.title(pos, px, pw),
            self.cards(pos, px, pw),
            self.eligibility(pos, px),
            self.tracks(pos, px, pw),
            self.lasting(pos, px, pw),
            self.available(pos, px),
        ];
        v.extend(self.space_order().map(|s| self.space(pos, s)));
        v
    }

    fn title(&self, pos: &Position, px: i32, pw: i32) -> String {
        let mut o = String::new();
        // Shrink a long title to the panel's width, down to 11 units, then cut it.
        let n = pos.title.chars().count().max(1) as f32;
        let size = (pw as f32 / (n * 0.6)).clamp(11.0, 20.0);
        let fits = (pw as f32 / (size * 0.6)) as usize;
        let text: String = if pos.title.chars().count() > fits {
            pos.title.chars().take(fits.saturating_sub(1)).chain(['…']).collect()
        } else {
            pos.title.clone()
        };
        let _ = write!(
            o,
            r##"<text x="{px}" y="34" font-size="{size:.1}" font-weight="bold" fill="#222">{}</text>"##,
            esc(&text)
        );
        o
    }

    fn card_box(&self, o: &mut String, x: i32, y: i32, w: i32, caption: &str, card: Option<u8>) {
        let r = self.rules;
        let c = card.and_then(|n| r.card(n));
        let propaganda = c.is_some_and(|c| c.kind == CardKind::Propaganda);
        let fill = if propaganda { "#f3d98b" } else { "#fffdf7" };
        let _ = write!(
            o,
            r##"<rect x="{x}" y="{y}" width="{w}" height="118" rx="8" fill="{fill}" stroke="#555" stroke-width="1.5"/><text x="{}" y="{}" font-size="11" fill="#555">{caption}</text>"##,
            x + 10,
            y + 17
        );
        let Some(c) = c else {
            let _ = write!(
                o,
                r##"<text x="{}" y="{}" font-size="13" fill="#777">{}</text>"##,
                x + 10,
                y + 50,
                if card.is_some() { "unknown card" } else { "not known" }
            );
            return;
        };
        let _ = write!(
            o,
            r##"<text x="{}" y="{}" font-size="24" font-weight="bold" fill="#222">{}</text>"##,
            x + 10,
            y + 44,
            c.number
        );
        // The title on up to two lines.
        let max = ((w - 20) as f32 / (13.0 * 0.6)) as usize;
        let mut lines: Vec<String> = vec![String::new()];
        for word in c.title.split_whitespace() {
            let last = lines.last_mut().expect("one line");
            if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > max {
                lines.push(word.to_string());
            } else {
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(word);
            }
        }
        for (i, line) in lines.iter().take(2).enumerate() {
            let _ = write!(
                o,
                r##"<text x="{}" y="{}" font-size="13" font-weight="bold" fill="#222">{}</text>"##,
                x + 10,
                y + 64 + i as i32 * 16,
                esc(line)
            );
        }
        if propaganda {
            let _ = write!(
                o,
                r##"<text x="{}" y="{}" font-size="11" fill="#6b4e00">Propaganda Round (6.0)</text>"##,
                x + 10,
                y + 106
            );
        } else {
            // Faction order (2.3.2), left to right.
            for (i, f) in c.order.iter().enumerate() {
                let cx = x + 10 + i as i32 * 36;
                let _ = write!(
                    o,
                    r##"<rect x="{cx}" y="{}" width="32" height="16" rx="3" fill="{}" stroke="#222" stroke-width="0.8"/><text x="{}" y="{}" font-size="10" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"##,
                    y + 94,
                    faction_color(*f),
                    cx + 16,
                    y + 106,
                    if *f == Faction::Auc { "#222" } else { "#fff" },
                    short(*f)
                );
            }
            if c.capability || c.momentum {
                let what = if c.capability {
                    "Capability"
                } else {
                    "Momentum (shaded)"
                };
                let _ = write!(
                    o,
                    r##"<text x="{}" y="{}" font-size="10" text-anchor="end" fill="#555">{what}</text>"##,
                    x + w - 8,
                    y + 17
                );
            }
        }
    }

    fn cards(&self, pos: &Position, px: i32, pw: i32) -> String {
        let mut o = String::new();
        let w = (pw - 10) / 2;
        self.card_box(&mut o, px, 50, w, "Current card", pos.current_card);
        self.card_box(&mut o, px + w + 10, 50, w, "Next card", pos.next_card);
        let deck = match pos.deck {
            Some((played, left)) => format!("{played} cards played, {left} in the deck (current card included)"),
            None => "The deck is prepared at the start of play".into(),
        };
        let _ = write!(
            o,
            r##"<text x="{px}" y="186" font-size="11" fill="#444">{}</text>"##,
            esc(&deck)
        );
        o
    }

    fn eligibility(&self, pos: &Position, px: i32) -> String {
        let mut o = String::new();
        let _ = write!(
            o,
            r##"<text x="{px}" y="214" font-size="13" font-weight="bold">Eligibility</text>"##
        );
        for (i, f) in Faction::ALL.iter().enumerate() {
            let x = px + 90 + i as i32 * 88;
            let on = pos.state.eligible(*f);
            let (fill, text, op) = if on {
                (faction_color(*f), "Eligible", "1")
            } else {
                ("#bbb", "Ineligible", "0.9")
            };
            let _ = write!(
                o,
                r##"<g opacity="{op}"><rect x="{x}" y="200" width="82" height="20" rx="4" fill="{fill}" stroke="#333" stroke-width="0.8"/><text x="{}" y="214" font-size="10" font-weight="bold" text-anchor="middle" fill="{}">{} {text}</text></g>"##,
                x + 41,
                if on && *f != Faction::Auc { "#fff" } else { "#222" },
                short(*f)
            );
        }
        o
    }

    /// One track as a labelled bar with its value (and a mark, e.g. a victory threshold).
    fn bar(o: &mut String, x: i32, y: i32, w: i32, t: &Track) {
        let _ = write!(
            o,
            r##"<text x="{x}" y="{}" font-size="12">{}</text>"##,
            y + 12,
            esc(t.name)
        );
        let bx = x + 150;
        let bw = w - 190;
        let fill = (t.value.clamp(0, t.max) * bw) / t.max.max(1);
        let _ = write!(
            o,
            r##"<rect x="{bx}" y="{}" width="{bw}" height="12" fill="#fff" stroke="#888" stroke-width="0.8"/><rect x="{bx}" y="{}" width="{fill}" height="12" fill="{}"/>"##,
            y + 2,
            y + 2,
            t.color
        );
        if let Some((m, text)) = t.mark {
            let mx = bx + (m * bw) / t.max.max(1);
            let _ = write!(
                o,
                r##"<line x1="{mx}" y1="{}" x2="{mx}" y2="{}" stroke="#000" stroke-width="2"/><text x="{mx}" y="{}" font-size="8" text-anchor="middle" fill="#000">{text}</text>"##,
                y,
                y + 16,
                y - 1
            );
        }
        let _ = write!(
            o,
            r##"<text x="{}" y="{}" font-size="12" font-weight="bold" text-anchor="end">{}</text>"##,
            x + w,
            y + 12,
            t.value
        );
    }

    fn tracks(&self, pos: &Position, px: i32, pw: i32) -> String {
        let r = self.rules;
        let st = pos.state;
        let mut o = String::new();
        let lim = &r.forces.limits;
        let mut y = 244;
        let _ = write!(
            o,
            r##"<text x="{px}" y="{y}" font-size="13" font-weight="bold">Tracks</text>"##
        );
        y += 10;
        let names: Vec<String> = Faction::ALL.iter().map(|f| format!("{} Resources", f.name())).collect();
        let mut tracks: Vec<(Track, i32)> = Faction::ALL
            .iter()
            .map(|&f| {
                let t = Track {
                    name: &names[f.index()],
                    value: st.resources(f) as i32,
                    max: lim.resources_max as i32,
                    color: faction_color(f),
                    mark: None,
                };
                (t, 20)
            })
            .collect();
        let total_pop: i32 = r.map.spaces.iter().map(|d| d.pop as i32).sum();
        tracks.push((
            Track {
                name: "Aid",
                value: st.aid() as i32,
                max: lim.aid_max as i32,
                color: "#6c8fbf",
                mark: None,
            },
            24,
        ));
        // 1.6.3: Total Support and Opposition run to twice the Population; 7.2 marks.
        tracks.push((
            Track {
                name: "Total Support",
                value: st.total_support() as i32,
                max: 2 * total_pop,
                color: "#1b4f9c",
                mark: Some((60, "60")),
            },
            24,
        ));
        tracks.push((
            Track {
                name: "Opposition + Bases",
                value: st.opposition_plus_bases(r) as i32,
                max: 2 * total_pop,
                color: "#a8231b",
                mark: Some((25, "25")),
            },
            0,
        ));
        for (t, dy) in &tracks {
            Self::bar(&mut o, px, y, pw, t);
            y += dy;
        }
        y += 34;
        let _ = write!(
            o,
            r##"<text x="{px}" y="{y}" font-size="13" font-weight="bold">Victory margins (7.3)</text>"##
        );
        y += 8;
        let margins = pos.margins();
        let rules = [
            "Total Support − 60",
            "Opposition + Bases − 25",
            "AUC Bases − FARC Bases",
            "lower of Bases − 10, Resources − 40",
        ];
        for (i, f) in Faction::ALL.iter().enumerate() {
            let m = margins[i];
            let color = if m > 0 { "#1d7a2a" } else { "#8a1f16" };
            let _ = write!(
                o,
                r##"<rect x="{px}" y="{}" width="10" height="10" fill="{}"/><text x="{}" y="{}" font-size="12">{}</text><text x="{}" y="{}" font-size="12" font-weight="bold" fill="{color}" text-anchor="end">{m:+}</text><text x="{}" y="{}" font-size="10" fill="#666">{}</text>"##,
                y + 4,
                faction_color(*f),
                px + 16,
                y + 13,
                f.name(),
                px + 130,
                y + 13,
                px + 142,
                y + 13,
                esc(rules[i])
            );
            y += 17;
        }
        y += 16;
        let _ = write!(
            o,
            r##"<text x="{px}" y="{y}" font-size="13" font-weight="bold">El Presidente</text>"##
        );
        y += 8;
        let n = r.forces.presidents.len().max(1) as i32;
        let w = (pw - (n - 1) * 6) / n;
        for (i, p) in r.forces.presidents.iter().enumerate() {
            let x = px + i as i32 * (w + 6);
            let now = i == st.president() as usize;
            let short_name = p.name.split(" (").next().unwrap_or(&p.name);
            let _ = write!(
                o,
                r##"<rect x="{x}" y="{y}" width="{w}" height="22" rx="4" fill="{}" stroke="#333" stroke-width="{}"/><text x="{}" y="{}" font-size="10" text-anchor="middle" font-weight="{}" fill="{}">{}</text>"##,
                if now { "#1f56b0" } else { "#e6e1d3" },
                if now { 2 } else { 1 },
                x + w / 2,
                y + 15,
                if now { "bold" } else { "normal" },
                if now { "#fff" } else { "#555" },
                esc(short_name)
            );
        }
        o
    }

    fn lasting(&self, pos: &Position, px: i32, pw: i32) -> String {
        let r = self.rules;
        let st = pos.state;
        let mut o = String::new();
        let mut y = 575;
        let title = |n: u8| r.card(n).map_or(format!("card {n}"), |c| format!("{n} {}", c.title));
        let caps: Vec<String> = st
            .capabilities()
            .iter()
            .map(|(c, s)| format!("{} ({})", title(*c), s.slug()))
            .collect();
        let mom: Vec<String> = st.momentum_cards().iter().map(|&c| title(c)).collect();
        for (head, list) in [
            ("Capabilities (5.3)", caps),
            ("Momentum until the next Propaganda (5.4)", mom),
        ] {
            let _ = write!(
                o,
                r##"<text x="{px}" y="{y}" font-size="13" font-weight="bold">{head}</text>"##
            );
            y += 4;
            if list.is_empty() {
                let _ = write!(
                    o,
                    r##"<text x="{}" y="{}" font-size="11" fill="#777">none</text>"##,
                    px + 8,
                    y + 13
                );
                y += 18;
            }
            for item in list {
                let max = (pw as f32 / (11.0 * 0.6)) as usize;
                let text: String = item.chars().take(max).collect();
                let _ = write!(
                    o,
                    r##"<rect x="{px}" y="{}" width="{pw}" height="16" rx="3" fill="#fffdf7" stroke="#aaa" stroke-width="0.8"/><text x="{}" y="{}" font-size="11">{}</text>"##,
                    y + 2,
                    px + 6,
                    y + 14,
                    esc(&text)
                );
                y += 19;
            }
            y += 14;
        }
        o
    }

    fn available(&self, pos: &Position, px: i32) -> String {
        let st = pos.state;
        let mut o = String::new();
        let y = 940;
        let _ = write!(
            o,
            r##"<text x="{px}" y="{y}" font-size="13" font-weight="bold">Available forces</text>"##
        );
        for (i, f) in Faction::ALL.iter().enumerate() {
            let row_y = y + 8 + i as i32 * 18;
            let _ = write!(
                o,
                r##"<text x="{px}" y="{}" font-size="11">{}</text>"##,
                row_y + 11,
                f.name()
            );
            let mut x = px + 90;
            for t in PieceType::all().into_iter().filter(|t| t.faction == *f) {
                glyph(&mut o, x, row_y, t, true);
                let n = st.available(t);
                let out = st.out_of_play(t);
                let text = if out > 0 {
                    format!("{n} ({out} out of play)")
                } else {
                    n.to_string()
                };
                let _ = write!(
                    o,
                    r##"<text x="{}" y="{}" font-size="11">{}</text>"##,
                    x + 15,
                    row_y + 11,
                    text
                );
                x += 30 + text_w(&text, 11.0);
            }
        }
        o
    }

    /// FARC Zones' hatching, and a grey veil over each event-only space not yet in play:
    /// drawn under the LoCs and Cities so that they never hide them.
    fn zones(&self, pos: &Position) -> String {
        let mut o = String::new();
        for s in self.rules.map.ids() {
            let p = self.layout.place(s);
            let sp = pos.state.space(s);
            let outline = |o: &mut String, fill: &str, stroke: &str, extra: &str| {
                if p.shape.is_empty() {
                    let _ = write!(
                        o,
                        r##"<circle cx="{}" cy="{}" r="{}" fill="{fill}" stroke="{stroke}" {extra}/>"##,
                        p.at.0,
                        p.at.1,
                        CITY_R + 8
                    );
                } else {
                    let _ = write!(
                        o,
                        r##"<polygon points="{}" fill="{fill}" stroke="{stroke}" {extra}/>"##,
                        points(&p.shape)
                    );
                }
            };
            if !pos.state.in_play(s) {
                outline(&mut o, "url(#offmap)", "#999", r#"fill-opacity="0.8""#);
            } else if sp.farc_zone {
                outline(
                    &mut o,
                    "url(#zone)",
                    "#c62a1f",
                    r#"stroke-width="3" stroke-dasharray="10 4""#,
                );
            }
        }
        o
    }

    /// One space's changing parts: the markers and the box of pieces (an event-only space
    /// not yet in play says so).
    fn space(&self, pos: &Position, s: SpaceId) -> String {
        let r = self.rules;
        let st = pos.state;
        let d = r.map.space(s);
        let p = self.layout.place(s);
        let sp = st.space(s);
        let mut o = String::new();
        let (x, y) = p.at;
        if !st.in_play(s) {
            label(
                &mut o,
                x,
                y + 28,
                10.0,
                "normal",
                "middle",
                "not a space (Event only, 1.3.5)",
            );
            return o;
        }
        let mut badges: Vec<(String, &str, &str)> = Vec::new();
        if d.can_hold_support()
            && let Some((text, fill, ink)) = support_badge(sp.support)
        {
            badges.push((text.into(), fill, ink));
        }
        if !d.is_loc() {
            match sp.control {
                Control::Govt => badges.push(("Govt Control".into(), faction_color(Faction::Govt), "#fff")),
                Control::Farc => badges.push(("FARC Control".into(), faction_color(Faction::Farc), "#fff")),
                Control::Uncontrolled => {}
            }
        }
        if sp.farc_zone {
            badges.push(("FARC Zone".into(), "#fff", "#c62a1f"));
        }
        if sp.terror > 0 {
            let t = if sp.terror > 1 {
                format!("Terror ×{}", sp.terror)
            } else {
                "Terror".into()
            };
            badges.push((t, "#111", "#fff"));
        }
        if sp.sabotage {
            badges.push(("Sabotage".into(), "#111", "#ffb347"));
        }
        let mut top = match d.kind {
            SpaceKind::City => y + CITY_R + 4,
            SpaceKind::Department => y + 18,
            SpaceKind::Loc => y + 10,
        };
        if let Some(pc) = p.pieces {
            top = pc.1;
        }
        let cx = p.pieces.map_or(x, |pc| pc.0);
        if !badges.is_empty() {
            // Two badges a row at most, centred.
            for row in badges.chunks(2) {
                let widths: Vec<i32> = row.iter().map(|b| text_w(&b.0, 9.0) + 8).collect();
                let total: i32 = widths.iter().sum::<i32>() + 3 * (row.len() as i32 - 1);
                let mut bx = cx - total / 2;
                for (b, w) in row.iter().zip(widths) {
                    let _ = write!(
                        o,
                        r##"<rect x="{bx}" y="{top}" width="{w}" height="13" rx="3" fill="{}" stroke="#222" stroke-width="0.6"/><text x="{}" y="{}" font-size="9" font-weight="bold" text-anchor="middle" fill="{}">{}</text>"##,
                        b.1,
                        bx + w / 2,
                        top + 10,
                        b.2,
                        esc(&b.0)
                    );
                    bx += w + 3;
                }
                top += 15;
            }
        }
        o.push_str(&self.pieces_box(pos, s, cx, top));
        o
    }

    /// The pieces in a space, one row per Faction, each kind as a glyph and its count;
    /// Shipments follow the Guerrillas that hold them. Centred on `cx`, from `top` down.
    fn pieces_box(&self, pos: &Position, s: SpaceId, cx: i32, top: i32) -> String {
        let r = self.rules;
        let st = pos.state;
        let sp = st.space(s);
        let ships = abyss_core::content::export::shipment_holders(r, st, s);
        // (glyph, underground, count, shipments held)
        let mut rows: Vec<Vec<(PieceType, bool, u8, usize)>> = Vec::new();
        for f in Faction::ALL {
            let mut row = Vec::new();
            for t in PieceType::all().into_iter().filter(|t| t.faction == f) {
                if t.is_guerrilla() {
                    for u in [true, false] {
                        let n = sp.guerrillas(f, u);
                        if n > 0 {
                            let held: usize = ships
                                .iter()
                                .filter(|&&(sf, su, _)| sf == f && su == u)
                                .map(|h| h.2 as usize)
                                .sum();
                            row.push((t, u, n, held));
                        }
                    }
                } else if sp.count(t) > 0 {
                    row.push((t, false, sp.count(t), 0));
                }
            }
            if !row.is_empty() {
                rows.push(row);
            }
        }
        if rows.is_empty() {
            return String::new();
        }
        let item_w = |n: u8, held: usize| 16 + text_w(&n.to_string(), 11.0) + 5 + held as i32 * 10;
        let widths: Vec<i32> = rows
            .iter()
            .map(|row| row.iter().map(|&(_, _, n, h)| item_w(n, h)).sum::<i32>())
            .collect();
        let w = widths.iter().copied().max().unwrap_or(0) + 6;
        let h = rows.len() as i32 * 15 + 4;
        let x0 = cx - w / 2;
        let mut o = String::new();
        let _ = write!(
            o,
            r##"<rect x="{x0}" y="{top}" width="{w}" height="{h}" rx="4" fill="#fff" fill-opacity="0.88" stroke="#555" stroke-width="0.7"/>"##
        );
        for (i, row) in rows.iter().enumerate() {
            let y = top + 3 + i as i32 * 15;
            let mut x = x0 + 4;
            for &(t, u, n, held) in row {
                glyph(&mut o, x, y, t, u);
                let _ = write!(
                    o,
                    r##"<text x="{}" y="{}" font-size="11" font-weight="bold">{n}</text>"##,
                    x + 14,
                    y + 10
                );
                x += 16 + text_w(&n.to_string(), 11.0) + 2;
                for _ in 0..held {
                    shipment_glyph(&mut o, x, y);
                    x += 10;
                }
                x += 3;
            }
        }
        o
    }
}

fn short(f: Faction) -> &'static str {
    match f {
        Faction::Govt => "Govt",
        Faction::Farc => "FARC",
        Faction::Auc => "AUC",
        Faction::Cartels => "Cart",
    }
}
