//! The game state: small, flat and cheap to clone (a snapshot is the undo and rollback
//! unit). Per-space counts, their occupancy masks, Control, Total Support and Total
//! Opposition are kept up to date by the primitives (primitives.rs); `check_invariants`
//! recomputes them from scratch.

use super::dice::Dice;
use super::ids::{Control, Faction, PieceId, PieceType, Side, Slot, SpaceId, Support};
use super::modifiers::Modifiers;
use super::ruleset::{MAX_PIECES, MAX_SHIPMENTS, MAX_SPACES, Ruleset};

/// Where a piece is: a space index, or one of these two boxes.
pub const AVAILABLE: u8 = 0xFF;
pub const OUT_OF_PLAY: u8 = 0xFE;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceState {
    pub loc: u8,
    pub underground: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SpaceState {
    /// Pieces here per slot (see Slot).
    pub counts: [u8; Slot::COUNT],
    pub support: Support,
    pub terror: u8,
    pub sabotage: bool,
    pub farc_zone: bool,
    pub control: Control,
}

impl SpaceState {
    pub fn faction_pieces(&self, f: Faction) -> u8 {
        let i = 3 * f.index();
        self.counts[i] + self.counts[i + 1] + self.counts[i + 2]
    }
    /// Guerrillas of every Insurgent Faction, Underground and Active: slots 3f and 3f + 1
    /// (`PieceType::slot`).
    pub fn all_guerrillas(&self) -> u8 {
        let c = &self.counts;
        c[3] + c[4] + c[6] + c[7] + c[9] + c[10]
    }
    pub fn bases(&self) -> u8 {
        self.counts[2] + self.counts[5] + self.counts[8] + self.counts[11]
    }
    pub fn count(&self, t: PieceType) -> u8 {
        if t.is_guerrilla() {
            self.counts[t.slot(true).0 as usize] + self.counts[t.slot(false).0 as usize]
        } else {
            self.counts[t.slot(false).0 as usize]
        }
    }
    pub fn guerrillas(&self, f: Faction, underground: bool) -> u8 {
        if f == Faction::Govt {
            return 0;
        }
        self.counts[PieceType::guerrilla(f).slot(underground).0 as usize]
    }
    pub fn total_pieces(&self) -> u16 {
        self.counts.iter().map(|&c| c as u16).sum()
    }
    /// 1.8: a Faction controls a space if its pieces alone exceed all others combined.
    pub fn compute_control(&self) -> Control {
        let total = self.total_pieces();
        let govt = self.faction_pieces(Faction::Govt) as u16;
        let farc = self.faction_pieces(Faction::Farc) as u16;
        if govt * 2 > total {
            Control::Govt
        } else if farc * 2 > total {
            Control::Farc
        } else {
            Control::Uncontrolled
        }
    }
}

#[derive(Debug, Eq)]
pub struct State {
    pub(crate) spaces: [SpaceState; MAX_SPACES],
    /// Bit s of `occupied[k]` set: space s holds a piece of count slot k. Kept with the
    /// counts (`count_in`), so the Operations find the spaces holding a class of pieces
    /// in a few bit operations, not a pass over every space.
    pub(crate) occupied: [u64; Slot::COUNT],
    /// Bit s set: space s is a space now (event-only spaces join when opened, 1.3.5).
    pub(crate) in_play: u64,
    pub(crate) pieces: [PieceState; MAX_PIECES],
    pub(crate) available: [u8; PieceType::COUNT],
    pub(crate) out_of_play: [u8; PieceType::COUNT],
    /// The holder of each Shipment marker, or None while it is off the map (4.5.3).
    pub(crate) shipments: [Option<PieceId>; MAX_SHIPMENTS],
    pub(crate) resources: [u8; 4],
    pub(crate) aid: u8,
    /// Index into the El Presidente track (6.4.3).
    pub(crate) president: u8,
    pub(crate) eligible: [bool; 4],
    /// Government Capabilities in effect (5.3): bit n for card n, one mask per side.
    pub(crate) capabilities: [u128; 2],
    /// Insurgent Momentum cards in effect until the next Reset (5.4): bit n for card n.
    pub(crate) momentum: u128,
    /// Terror and Sabotage markers on the map: one pool (3.3.4).
    pub(crate) markers_on_map: u8,
    pub(crate) total_support: u16,
    pub(crate) total_opposition: u16,
    /// Hooks set by Capabilities for the rest of the game (5.3).
    pub(crate) lasting: Modifiers,
    /// The hooks in effect: `lasting` plus Momentum until the next Reset (5.4).
    pub(crate) mods: Modifiers,
    pub dice: Dice,
}

impl Clone for State {
    fn clone(&self) -> State {
        State {
            dice: self.dice.clone(),
            ..*self
        }
    }

    /// Field by field in place. The derived one builds a whole copy and then moves it in
    /// (two copies of 1.7 KB); dry runs restore a state thousands of times a game. The
    /// destructuring makes a new field a compile error here until it is copied.
    fn clone_from(&mut self, o: &State) {
        let State {
            spaces,
            occupied,
            in_play,
            pieces,
            available,
            out_of_play,
            shipments,
            resources,
            aid,
            president,
            eligible,
            capabilities,
            momentum,
            markers_on_map,
            total_support,
            total_opposition,
            lasting,
            mods,
            dice,
        } = o;
        self.spaces = *spaces;
        self.occupied = *occupied;
        self.in_play = *in_play;
        self.pieces = *pieces;
        self.available = *available;
        self.out_of_play = *out_of_play;
        self.shipments = *shipments;
        self.resources = *resources;
        self.aid = *aid;
        self.president = *president;
        self.eligible = *eligible;
        self.capabilities = *capabilities;
        self.momentum = *momentum;
        self.markers_on_map = *markers_on_map;
        self.total_support = *total_support;
        self.total_opposition = *total_opposition;
        self.lasting = *lasting;
        self.mods = *mods;
        self.dice.clone_from(dice);
    }
}

impl PartialEq for State {
    fn eq(&self, o: &State) -> bool {
        self.same_position(o) && self.dice == o.dice
    }
}

// Dry runs and their memos compare whole positions often; a field-by-field compare of
// 64 spaces and 250 pieces costs about 3,600 instructions, their bytes about a tenth.
// Both types are 1-byte fields only (u8, bool, fieldless enums), so they have no padding
// (checked here) and equal bytes are equal values.
const _: () = assert!(std::mem::align_of::<SpaceState>() == 1 && std::mem::size_of::<SpaceState>() == Slot::COUNT + 5);
const _: () = assert!(std::mem::align_of::<PieceState>() == 1 && std::mem::size_of::<PieceState>() == 2);

fn bytes_of<T: Copy>(items: &[T]) -> &[u8] {
    // SAFETY: only called with SpaceState and PieceState, whose every byte belongs to a
    // field (no padding, asserted above) and is therefore initialised; the slice covers
    // exactly the memory of `items` and lives as long as it.
    unsafe { std::slice::from_raw_parts(items.as_ptr().cast::<u8>(), std::mem::size_of_val(items)) }
}

fn same_spaces(a: &[SpaceState], b: &[SpaceState]) -> bool {
    bytes_of(a) == bytes_of(b)
}

fn same_pieces(a: &[PieceState], b: &[PieceState]) -> bool {
    bytes_of(a) == bytes_of(b)
}

impl State {
    /// A hash of the position (`same_position`): equal positions hash alike. For the
    /// memo of a dry-run search (crates/core/src/game/ops/probe.rs).
    pub fn position_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::hash::DefaultHasher::new();
        bytes_of(&self.spaces).hash(&mut h);
        bytes_of(&self.pieces).hash(&mut h);
        (self.in_play, self.available, self.shipments, self.resources, self.aid).hash(&mut h);
        (self.president, self.eligible, self.markers_on_map, self.momentum).hash(&mut h);
        h.finish()
    }

    /// The same position on the board and tracks, whatever the dice will roll next.
    pub fn same_position(&self, o: &State) -> bool {
        same_spaces(&self.spaces, &o.spaces)
            && self.occupied == o.occupied
            && self.in_play == o.in_play
            && same_pieces(&self.pieces, &o.pieces)
            && self.available == o.available
            && self.out_of_play == o.out_of_play
            && self.shipments == o.shipments
            && self.resources == o.resources
            && self.aid == o.aid
            && self.president == o.president
            && self.eligible == o.eligible
            && self.capabilities == o.capabilities
            && self.momentum == o.momentum
            && self.markers_on_map == o.markers_on_map
            && self.total_support == o.total_support
            && self.total_opposition == o.total_opposition
            && self.lasting == o.lasting
            && self.mods == o.mods
    }

    /// An empty board: every piece Available, every space Neutral, all Factions Eligible
    /// (2.3.1), El Presidente in the first box, no Resources or Aid.
    pub fn empty(r: &Ruleset, seed: u64) -> State {
        assert!(r.map.len() <= MAX_SPACES && r.forces.total_pieces() <= MAX_PIECES);
        State {
            spaces: [SpaceState::default(); MAX_SPACES],
            occupied: [0; Slot::COUNT],
            in_play: r.map.initial_in_play(),
            pieces: [PieceState {
                loc: AVAILABLE,
                underground: false,
            }; MAX_PIECES],
            available: r.forces.count,
            out_of_play: [0; PieceType::COUNT],
            shipments: [None; MAX_SHIPMENTS],
            resources: [0; 4],
            aid: 0,
            president: 0,
            eligible: [true; 4],
            capabilities: [0; 2],
            momentum: 0,
            markers_on_map: 0,
            total_support: 0,
            total_opposition: 0,
            lasting: Modifiers::default(),
            mods: Modifiers::default(),
            dice: Dice::new(seed),
        }
    }

    // ---- queries -------------------------------------------------------------------

    pub fn space(&self, s: SpaceId) -> &SpaceState {
        &self.spaces[s.index()]
    }
    /// Every space in play as a bit mask (bit = space index).
    pub fn in_play_mask(&self) -> u64 {
        self.in_play
    }
    pub fn in_play(&self, s: SpaceId) -> bool {
        self.in_play & s.bit() != 0
    }
    /// Spaces adjacent to `s` that are spaces now (1.3.6), ascending by id.
    pub fn adjacent(&self, r: &Ruleset, s: SpaceId) -> impl Iterator<Item = SpaceId> + use<> {
        SpaceId::in_mask(r.map.adjacency[s.index()] & self.in_play)
    }
    pub fn control(&self, s: SpaceId) -> Control {
        self.spaces[s.index()].control
    }
    pub fn support(&self, s: SpaceId) -> Support {
        self.spaces[s.index()].support
    }
    /// The spaces holding a piece of count slot `slot`, as a mask (bit = space index).
    pub fn holding_slot(&self, slot: Slot) -> u64 {
        self.occupied[slot.0 as usize]
    }
    /// The spaces holding a piece of type `t` (a Guerrilla in either state).
    pub fn holding(&self, t: PieceType) -> u64 {
        let m = self.occupied[t.slot(false).0 as usize];
        if t.is_guerrilla() {
            m | self.occupied[t.slot(true).0 as usize]
        } else {
            m
        }
    }
    /// The spaces holding an Underground Guerrilla of `f` (none for the Government).
    pub fn holding_underground(&self, f: Faction) -> u64 {
        if f == Faction::Govt {
            return 0;
        }
        self.occupied[PieceType::guerrilla(f).slot(true).0 as usize]
    }
    /// The spaces holding a cube (Troops or Police).
    pub fn holding_cubes(&self) -> u64 {
        self.occupied[0] | self.occupied[1]
    }
    /// The spaces holding a Guerrilla of any Faction.
    pub fn holding_guerrillas(&self) -> u64 {
        let o = &self.occupied;
        o[3] | o[4] | o[6] | o[7] | o[9] | o[10]
    }
    /// The spaces holding any piece of `f`.
    pub fn holding_faction(&self, f: Faction) -> u64 {
        let i = 3 * f.index();
        self.occupied[i] | self.occupied[i + 1] | self.occupied[i + 2]
    }
    /// The spaces holding a piece of any Faction in `factions` (bit = Faction index).
    pub fn holding_factions(&self, factions: u8) -> u64 {
        Faction::ALL
            .iter()
            .filter(|f| factions & (1 << f.index()) != 0)
            .fold(0, |m, &f| m | self.holding_faction(f))
    }
    pub fn count(&self, s: SpaceId, t: PieceType) -> u8 {
        self.spaces[s.index()].count(t)
    }
    pub fn available(&self, t: PieceType) -> u8 {
        self.available[t.index()]
    }
    pub fn out_of_play(&self, t: PieceType) -> u8 {
        self.out_of_play[t.index()]
    }
    pub fn on_map(&self, r: &Ruleset, t: PieceType) -> u8 {
        r.forces.count[t.index()] - self.available[t.index()] - self.out_of_play[t.index()]
    }
    pub fn piece(&self, p: PieceId) -> PieceState {
        self.pieces[p.0 as usize]
    }
    /// The space a piece is in, if it is on the map.
    pub fn piece_space(&self, p: PieceId) -> Option<SpaceId> {
        let loc = self.pieces[p.0 as usize].loc;
        (loc < OUT_OF_PLAY).then_some(SpaceId(loc))
    }
    pub fn resources(&self, f: Faction) -> u8 {
        self.resources[f.index()]
    }
    pub fn aid(&self) -> u8 {
        self.aid
    }
    pub fn president(&self) -> u8 {
        self.president
    }
    pub fn eligible(&self, f: Faction) -> bool {
        self.eligible[f.index()]
    }
    /// Total Support (1.6.3).
    pub fn total_support(&self) -> u16 {
        self.total_support
    }
    /// Total Opposition (1.6.3).
    pub fn total_opposition(&self) -> u16 {
        self.total_opposition
    }
    /// Opposition + Bases: Total Opposition plus FARC Bases on the map (1.6.3).
    pub fn opposition_plus_bases(&self, r: &Ruleset) -> u16 {
        self.total_opposition + self.on_map(r, PieceType::base(Faction::Farc)) as u16
    }
    /// The Capability and Momentum hooks in effect.
    pub fn mods(&self) -> &Modifiers {
        &self.mods
    }
    /// The hooks set by Capabilities alone.
    pub fn lasting_mods(&self) -> &Modifiers {
        &self.lasting
    }
    pub fn markers_on_map(&self) -> u8 {
        self.markers_on_map
    }
    /// Which side of card `n` is in effect as a Capability, if any.
    pub fn capability(&self, card: u8) -> Option<Side> {
        let bit = 1u128.checked_shl(card as u32).unwrap_or(0);
        if self.capabilities[0] & bit != 0 {
            Some(Side::Unshaded)
        } else if self.capabilities[1] & bit != 0 {
            Some(Side::Shaded)
        } else {
            None
        }
    }
    pub fn capabilities(&self) -> Vec<(u8, Side)> {
        (0..128u8).filter_map(|c| self.capability(c).map(|s| (c, s))).collect()
    }
    pub fn momentum(&self, card: u8) -> bool {
        self.momentum & 1u128.checked_shl(card as u32).unwrap_or(0) != 0
    }
    pub fn momentum_cards(&self) -> Vec<u8> {
        (0..128u8).filter(|&c| self.momentum(c)).collect()
    }
    /// The holder of Shipment `i`, if it is on the map.
    pub fn shipment_holder(&self, i: u8) -> Option<PieceId> {
        self.shipments.get(i as usize).copied().flatten()
    }
    /// Shipments on the map as (index, holder).
    pub fn shipments_on_map(&self) -> impl Iterator<Item = (u8, PieceId)> + '_ {
        self.shipments
            .iter()
            .enumerate()
            .filter_map(|(i, h)| h.map(|p| (i as u8, p)))
    }
    pub fn holds_shipment(&self, p: PieceId) -> bool {
        self.shipments.contains(&Some(p))
    }
    /// The pieces of a type in a space (Guerrillas: in the given state, if one is given),
    /// ascending by id.
    pub fn pieces_in<'a>(
        &'a self,
        r: &'a Ruleset,
        s: SpaceId,
        t: PieceType,
        underground: Option<bool>,
    ) -> impl Iterator<Item = PieceId> + 'a {
        r.forces.pieces_of(t).filter(move |&p| {
            let ps = self.pieces[p.0 as usize];
            ps.loc == s.0 && underground.is_none_or(|u| ps.underground == u)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_underground_leaves_the_position_flipping_one_by_one_leaves() {
        // In the positions of random games, for every space and Insurgent: the same state.
        let mut flipped = 0u32;
        crate::game::playout::watch_random_games(1..=10, &mut |g, seed| {
            for s in g.rules.map.ids() {
                for f in Faction::INSURGENTS {
                    let (mut one, mut all) = (g.state.clone(), g.state.clone());
                    let mut k = 0u8;
                    while one.go_underground(g.rules, s, f).is_ok() {
                        k += 1;
                    }
                    assert_eq!(all.all_underground(g.rules, s, f), k);
                    assert!(one == all, "seed {seed}: {f:?} in {s:?}");
                    flipped += u32::from(k);
                }
            }
        });
        assert!(flipped > 1000, "{flipped} flipped");
    }

    #[test]
    fn the_occupancy_masks_and_stack_mask_agree_with_the_counts_and_can_stack() {
        // At the end of every card of random games (Ecuador and Panamá open in some, FARC
        // Zones placed in others): each mask bit is "that count is not zero", and
        // `stack_mask` is `can_stack` space by space, for every type of piece.
        let mut seen = 0u32;
        crate::game::playout::watch_random_games(1..=30, &mut |g, seed| {
            let st = &g.state;
            for s in g.rules.map.ids() {
                for (k, &c) in st.space(s).counts.iter().enumerate() {
                    assert_eq!(st.occupied[k] & s.bit() != 0, c > 0, "seed {seed}: slot {k} of {s:?}");
                }
            }
            for t in PieceType::all() {
                let each = g
                    .rules
                    .map
                    .ids()
                    .filter(|&s| st.can_stack(g.rules, s, t, None).is_ok())
                    .fold(0u64, |m, s| m | s.bit());
                assert_eq!(st.stack_mask(g.rules, t), each, "seed {seed}: {t}");
            }
            seen += 1;
        });
        assert!(seen > 1000, "{seen} positions");
    }

    #[test]
    fn clone_from_copies_every_field_dice_included() {
        let (rules, setup) = crate::content::position_without_events("standard", 1);
        let source = {
            let mut st = setup.state.clone();
            st.dice = st.dice.clone().scripted(&[6, 5, 4]);
            st.resources = [1, 2, 3, 4];
            st.momentum = 1 << 7;
            st.shift_support(&rules, SpaceId(0), 1).ok();
            st
        };
        let mut target = State::empty(&rules, 99);
        assert!(target != source);
        target.clone_from(&source);
        assert!(target == source && target.dice.unused_script() == [6, 5, 4]);
        assert!(source.clone() == source);
    }

    #[test]
    fn all_guerrillas_counts_every_insurgent_guerrilla_and_nothing_else() {
        let mut sp = SpaceState::default();
        for (i, c) in sp.counts.iter_mut().enumerate() {
            *c = 1 + i as u8; // a different number in every slot
        }
        let each: u8 = Faction::INSURGENTS
            .iter()
            .map(|&f| sp.count(PieceType::guerrilla(f)))
            .sum();
        assert_eq!(sp.all_guerrillas(), each);
    }
}
