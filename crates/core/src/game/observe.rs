//! The observation of learning agents (issue 27): the open position as a fixed-length
//! vector of numbers. All of Andean Abyss is open but the order of the unseen deck (2.2),
//! so this is everything a player may know but the record. Counts are raw (not scaled);
//! flags are 0 or 1. The layout only grows at its end.
//!
//! | offset | length | field |
//! |---|---|---|
//! | 0 | 64 × 20 | per space s (the map's order; a space not in play is all zeros), at 20·s: |
//! | +0 | 12 | pieces by slot: Govt Troops, Police, Bases; FARC Underground, Active Guerrillas, Bases; the same for AUC and Cartels |
//! | +12 | 1 | Support level, −2 (Active Opposition) to +2 (Active Support) |
//! | +13 | 1 | Terror markers |
//! | +14 | 1 | Sabotage (0/1) |
//! | +15 | 1 | FARC Zone (0/1) |
//! | +16 | 1 | Government Control (0/1) |
//! | +17 | 1 | FARC Control (0/1) |
//! | +18 | 1 | Shipments held here |
//! | +19 | 1 | in play (0/1; event-only spaces join when opened, 1.3.5) |
//! | 1280 | 4 | Resources: Government, FARC, AUC, Cartels |
//! | 1284 | 1 | Aid |
//! | 1285 | 1 | El Presidente track position |
//! | 1286 | 4 | Eligible (0/1), by Faction |
//! | 1290 | 1 | Total Support |
//! | 1291 | 1 | Total Opposition |
//! | 1292 | 1 | Terror and Sabotage markers on the map |
//! | 1293 | 9 | Available pieces by type (kernel `PieceType::all` order) |
//! | 1302 | 9 | Pieces out of play by type |
//! | 1311 | 72 | Capability in effect, unshaded, card 1–72 (0/1) |
//! | 1383 | 72 | Capability in effect, shaded, card 1–72 (0/1) |
//! | 1455 | 72 | Momentum in effect, card 1–72 (0/1) |
//! | 1527 | 77 | the current card, one-hot: 0 none, 1–76 the card |
//! | 1604 | 77 | the next card (face up, 2.2), one-hot: 0 none, 1–76 |

use crate::kernel::{Control, PieceType, Ruleset, Side, SpaceId, State};

/// Numbers per space.
pub const SPACE_FIELDS: usize = 20;
/// The length of an observation.
pub const OBSERVATION: usize = 1681;

const SPACES: usize = 64;
const GLOBAL: usize = SPACES * SPACE_FIELDS;
const CARDS: usize = 72;

/// Write the observation of `state` with the current and next cards into `out` (cleared
/// first; `OBSERVATION` numbers).
pub fn observe(r: &Ruleset, state: &State, card: Option<u8>, next: Option<u8>, out: &mut Vec<f32>) {
    out.clear();
    out.resize(OBSERVATION, 0.0);
    let mut held = [0u8; SPACES];
    for (_, p) in state.shipments_on_map() {
        if let Some(s) = state.piece_space(p) {
            held[s.index()] += 1;
        }
    }
    for i in 0..r.map.spaces.len().min(SPACES) {
        let s = SpaceId(i as u8);
        if !state.in_play(s) {
            continue;
        }
        let sp = state.space(s);
        let o = &mut out[i * SPACE_FIELDS..(i + 1) * SPACE_FIELDS];
        for (k, &n) in sp.counts.iter().enumerate() {
            o[k] = f32::from(n);
        }
        o[12] = f32::from(sp.support.value());
        o[13] = f32::from(sp.terror);
        o[14] = f32::from(u8::from(sp.sabotage));
        o[15] = f32::from(u8::from(sp.farc_zone));
        o[16] = f32::from(u8::from(sp.control == Control::Govt));
        o[17] = f32::from(u8::from(sp.control == Control::Farc));
        o[18] = f32::from(held[i]);
        o[19] = 1.0;
    }
    let g = &mut out[GLOBAL..];
    for f in crate::kernel::Faction::ALL {
        g[f.index()] = f32::from(state.resources(f));
        g[6 + f.index()] = f32::from(u8::from(state.eligible(f)));
    }
    g[4] = f32::from(state.aid());
    g[5] = f32::from(state.president());
    g[10] = f32::from(state.total_support());
    g[11] = f32::from(state.total_opposition());
    g[12] = f32::from(state.markers_on_map());
    for (k, t) in PieceType::all().into_iter().enumerate() {
        g[13 + k] = f32::from(state.available(t));
        g[22 + k] = f32::from(state.out_of_play(t));
    }
    for (n, side) in state.capabilities() {
        let n = n as usize;
        if (1..=CARDS).contains(&n) {
            let base = if side == Side::Unshaded { 31 } else { 31 + CARDS };
            g[base + n - 1] = 1.0;
        }
    }
    for n in state.momentum_cards() {
        let n = n as usize;
        if (1..=CARDS).contains(&n) {
            g[31 + 2 * CARDS + n - 1] = 1.0;
        }
    }
    let at = 31 + 3 * CARDS;
    g[at + card.map_or(0, |c| (c as usize).min(76))] = 1.0;
    g[at + 77 + next.map_or(0, |c| (c as usize).min(76))] = 1.0;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::embedded_rules;

    #[test]
    fn the_layout_adds_up_and_reads_the_position() {
        assert_eq!(GLOBAL + 31 + 3 * CARDS + 2 * 77, OBSERVATION);
        let r = embedded_rules();
        let mut st = State::empty(&r, 1);
        let bogota = r.map.find("bogota").unwrap();
        st.place(&r, bogota, PieceType::TROOPS).unwrap();
        let mut out = Vec::new();
        observe(&r, &st, Some(3), None, &mut out);
        assert_eq!(out.len(), OBSERVATION);
        let o = &out[bogota.index() * SPACE_FIELDS..];
        assert_eq!((o[0], o[1], o[19]), (1.0, 0.0, 1.0), "1 Troops in Bogotá, in play");
        assert_eq!(out[GLOBAL + 31 + 3 * CARDS + 3], 1.0, "card 3 is current");
        assert_eq!(out[GLOBAL + 31 + 3 * CARDS + 77], 1.0, "no next card");
        assert_eq!(out[GLOBAL + 13], f32::from(st.available(PieceType::TROOPS)));
    }
}
