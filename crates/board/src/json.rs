//! A position as JSON (`abyss show --format json`): stable, documented in
//! docs/board.md ("Position JSON"). Objects keep the field order below; per-Faction and
//! per-piece maps are sorted by key. Piece keys are the scenario file's (`troops`,
//! `farc_guerrillas` for Underground, `farc_active` for Active, `farc_bases`, ...), so a
//! position reads the same in both.

use super::Position;
use abyss_core::content::export::shipment_holders;
use abyss_core::content::scenario::PIECE_KEYS;
use abyss_core::content::setup::OUT_OF_PLAY_KEYS;
use abyss_core::kernel::ruleset::Terrain;
use abyss_core::kernel::{Control, Faction, HOOKS, HookKind, Modifiers, PieceType, Ruleset, State};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The version of this format; it changes only when a field changes meaning or goes away.
pub const VERSION: u32 = 1;

#[derive(Serialize)]
pub struct PositionJson {
    pub format: &'static str,
    pub version: u32,
    pub title: String,
    pub cards: Cards,
    pub president: String,
    pub aid: u8,
    pub resources: BTreeMap<&'static str, u8>,
    pub eligible: BTreeMap<&'static str, bool>,
    pub total_support: u16,
    pub total_opposition: u16,
    pub opposition_plus_bases: u16,
    pub margins: BTreeMap<&'static str, i16>,
    pub capabilities: Vec<CardSide>,
    pub momentum: Vec<CardSide>,
    pub hooks: BTreeMap<&'static str, Value>,
    pub momentum_hooks: BTreeMap<&'static str, Value>,
    pub terror_sabotage_on_map: u8,
    pub shipments_on_map: usize,
    pub available: BTreeMap<&'static str, u8>,
    pub out_of_play: BTreeMap<&'static str, u8>,
    pub spaces: Vec<SpaceJson>,
}

#[derive(Serialize)]
pub struct Cards {
    pub current: Option<u8>,
    pub next: Option<u8>,
    pub played: Option<usize>,
    pub left: Option<usize>,
}

#[derive(Serialize)]
pub struct CardSide {
    pub card: u8,
    pub title: String,
    pub side: Option<&'static str>,
}

#[derive(Serialize)]
pub struct SpaceJson {
    pub id: String,
    pub name: String,
    pub kind: &'static str,
    pub in_play: bool,
    pub population: u8,
    pub econ: u8,
    pub terrain: Option<&'static str>,
    pub support: &'static str,
    pub control: &'static str,
    pub pieces: BTreeMap<&'static str, u8>,
    pub terror: u8,
    pub sabotage: bool,
    pub farc_zone: bool,
    pub shipments: Vec<ShipmentJson>,
}

#[derive(Serialize)]
/// A Guerrilla holding Shipments: its Faction, its state, how many it holds.
pub struct ShipmentJson {
    pub faction: &'static str,
    pub active: bool,
    pub count: u8,
}

fn per_faction<T>(f: impl Fn(Faction) -> T) -> BTreeMap<&'static str, T> {
    Faction::ALL.iter().map(|&x| (x.slug(), f(x))).collect()
}

fn hooks(r: &Ruleset, from: &Modifiers, now: &Modifiers) -> BTreeMap<&'static str, Value> {
    let mut m = BTreeMap::new();
    for &(name, kind) in HOOKS {
        let (a, b) = (from.get(name).unwrap_or(0), now.get(name).unwrap_or(0));
        if a == b {
            continue;
        }
        let v = match kind {
            HookKind::Number => Value::from(b),
            HookKind::Flag => Value::from(b != 0),
            HookKind::Factions => Value::from(
                Faction::ALL
                    .iter()
                    .filter(|f| b & (1 << f.index()) != 0)
                    .map(|f| f.slug())
                    .collect::<Vec<_>>(),
            ),
            HookKind::Spaces => Value::from(
                r.map
                    .ids()
                    .filter(|s| b & s.bit() != 0)
                    .map(|s| r.map.space(s).slug.clone())
                    .collect::<Vec<_>>(),
            ),
        };
        m.insert(name, v);
    }
    m
}

fn card_side(r: &Ruleset, card: u8, side: Option<&'static str>) -> CardSide {
    CardSide {
        card,
        title: r.card(card).map_or(String::new(), |c| c.title.clone()),
        side,
    }
}

/// The JSON document of a position.
pub fn position_json(pos: &Position) -> PositionJson {
    let r = pos.rules;
    let st: &State = pos.state;
    let margins = pos.margins();
    let spaces = r
        .map
        .ids()
        .map(|s| {
            let d = r.map.space(s);
            let sp = st.space(s);
            SpaceJson {
                id: d.slug.clone(),
                name: d.name.clone(),
                kind: d.kind.slug(),
                in_play: st.in_play(s),
                population: d.pop,
                econ: d.econ,
                terrain: d.terrain.map(|t| match t {
                    Terrain::Forest => "forest",
                    Terrain::Mountain => "mountain",
                    Terrain::Grassland => "grassland",
                }),
                support: sp.support.slug(),
                control: match sp.control {
                    Control::Govt => "govt",
                    Control::Farc => "farc",
                    Control::Uncontrolled => "none",
                },
                pieces: PIECE_KEYS
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| sp.counts[i] > 0)
                    .map(|(i, k)| (*k, sp.counts[i]))
                    .collect(),
                terror: sp.terror,
                sabotage: sp.sabotage,
                farc_zone: sp.farc_zone,
                shipments: shipment_holders(r, st, s)
                    .into_iter()
                    .map(|(f, underground, count)| ShipmentJson {
                        faction: f.slug(),
                        active: !underground,
                        count,
                    })
                    .collect(),
            }
        })
        .collect();
    PositionJson {
        format: "abyss-position",
        version: VERSION,
        title: pos.title.clone(),
        cards: Cards {
            current: pos.current_card,
            next: pos.next_card,
            played: pos.deck.map(|d| d.0),
            left: pos.deck.map(|d| d.1),
        },
        president: r.forces.presidents[st.president() as usize].slug.clone(),
        aid: st.aid(),
        resources: per_faction(|f| st.resources(f)),
        eligible: per_faction(|f| st.eligible(f)),
        total_support: st.total_support(),
        total_opposition: st.total_opposition(),
        opposition_plus_bases: st.opposition_plus_bases(r),
        margins: per_faction(|f| margins[f.index()]),
        capabilities: st
            .capabilities()
            .into_iter()
            .map(|(c, s)| card_side(r, c, Some(s.slug())))
            .collect(),
        momentum: st.momentum_cards().into_iter().map(|c| card_side(r, c, None)).collect(),
        hooks: hooks(r, &Modifiers::default(), st.lasting_mods()),
        momentum_hooks: hooks(r, st.lasting_mods(), st.mods()),
        terror_sabotage_on_map: st.markers_on_map(),
        shipments_on_map: st.shipments_on_map().count(),
        available: PieceType::all()
            .iter()
            .zip(OUT_OF_PLAY_KEYS)
            .map(|(t, k)| (k, st.available(*t)))
            .collect(),
        out_of_play: PieceType::all()
            .iter()
            .zip(OUT_OF_PLAY_KEYS)
            .map(|(t, k)| (k, st.out_of_play(*t)))
            .collect(),
        spaces,
    }
}

/// The position as pretty-printed JSON text.
pub fn to_string(pos: &Position) -> String {
    serde_json::to_string_pretty(&position_json(pos)).expect("a position always serializes")
}
