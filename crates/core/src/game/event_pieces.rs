//! The piece changes an Event makes, as the rules allow them: placing only what is
//! Available and may stack (1.4.1, 1.4.2), removing with the Shipments handed on by their
//! owner (4.5.3), replacing per 5.1.1. The executing Faction picks which pieces are
//! affected (5.1); a question is asked only where the pieces differ.

use super::decision::{Choice, Stop};
use super::engine::Game;
use super::ops::ShipmentFate;
use crate::game::question::Ask;
use crate::kernel::{Faction, PieceId, PieceType, SpaceId};

impl<'r> Game<'r> {
    /// How many pieces of type `t` could be placed in `s` now: Available, and within
    /// stacking (1.4.2: 2 Bases, no Base on a LoC, no Government piece in a FARC Zone,
    /// the per-Faction limit of an event-only space).
    pub fn room_for(&self, s: SpaceId, t: PieceType) -> u8 {
        if !self.state.in_play(s) || self.state.can_stack(self.rules, s, t, None).is_err() {
            return 0;
        }
        let sp = self.state.space(s);
        let def = self.rules.map.space(s);
        let mut room = self.state.available(t);
        if t.is_base() {
            room = room.min(self.rules.forces.limits.bases_per_space.saturating_sub(sp.bases()));
        }
        if let Some(max) = def.max_pieces_per_faction {
            room = room.min(max.saturating_sub(sp.faction_pieces(t.faction)));
        }
        room
    }

    /// May a piece of type `t` move into `s` (in play, within stacking, 1.4.2)?
    pub fn room_for_move(&self, s: SpaceId, t: PieceType) -> bool {
        self.state.in_play(s) && self.state.can_stack(self.rules, s, t, None).is_ok()
    }

    /// The piece classes of the Factions in `who` (bit per Faction) in `s` that pass
    /// `keep`: each piece type, Guerrillas by state.
    pub fn piece_classes(
        &self,
        s: SpaceId,
        who: u8,
        keep: impl Fn(PieceType, Option<bool>) -> bool,
        out: &mut Vec<Choice>,
    ) {
        let sp = self.state.space(s);
        for t in PieceType::all() {
            if who & (1 << t.faction.index()) == 0 {
                continue;
            }
            if t.is_guerrilla() {
                for u in [true, false] {
                    if sp.guerrillas(t.faction, u) > 0 && keep(t, Some(u)) {
                        out.push(Choice::Piece(t, Some(u)));
                    }
                }
            } else if sp.count(t) > 0 && keep(t, None) {
                out.push(Choice::Piece(t, None));
            }
        }
    }

    /// The very piece of a class that `by` takes: when some of the class hold Shipments
    /// and some do not, `by` says which (4.5.3: it may matter who holds them).
    pub fn pick_piece(&mut self, by: Faction, s: SpaceId, t: PieceType, u: Option<bool>) -> Result<PieceId, Stop> {
        let (mut holder, mut plain) = (None, None);
        for p in self.state.pieces_in(self.rules, s, t, u) {
            if self.state.holds_shipment(p) {
                holder.get_or_insert(p);
            } else {
                plain.get_or_insert(p);
            }
        }
        match (holder, plain) {
            (Some(h), Some(p)) => {
                let take_holder = self.ask_yes(by, Ask::TakeHolder, Some(s))?;
                Ok(if take_holder { h } else { p })
            }
            (Some(p), None) | (None, Some(p)) => Ok(p),
            (None, None) => Err(Stop::Failed(format!("no {t} to take"))),
        }
    }

    /// An Event removes this piece to Available; a Shipment it holds goes to its owner to
    /// hand on (4.5.3), unlike Captured Goods or Contraband.
    pub fn event_remove_piece(&mut self, by: Faction, p: PieceId) -> Result<(), Stop> {
        if self.state.holds_shipment(p) {
            self.hand_on_shipments(by, p, ShipmentFate::Owner)?;
        }
        self.state
            .remove_piece(self.rules, p)
            .map(|_| ())
            .map_err(|e| Stop::Failed(e.describe(self.rules)))
    }

    /// An Event replaces piece `p` with one of type `to` (5.1.1, 1.4.1): placed if
    /// Available, else the piece is only removed. The caller has checked stacking. A
    /// Shipment on a replaced Guerrilla goes to its owner to hand on, the new Guerrilla
    /// included where both may stand there together (4.5.3 "even as ... replaced").
    pub fn event_replace_piece(&mut self, by: Faction, p: PieceId, to: PieceType) -> Result<bool, Stop> {
        let s = self
            .state
            .piece_space(p)
            .ok_or_else(|| Stop::Failed("the piece to replace is not on the map".into()))?;
        let fail = |g: &Game, e: crate::kernel::Refusal| Stop::Failed(e.describe(g.rules));
        let available = self.state.available(to) > 0;
        let alongside = available && self.state.can_stack(self.rules, s, to, None).is_ok();
        if self.state.holds_shipment(p) && alongside {
            self.state.place(self.rules, s, to).map_err(|e| fail(self, e))?;
            self.event_remove_piece(by, p)?;
            return Ok(true);
        }
        self.event_remove_piece(by, p)?;
        if available {
            self.state.place(self.rules, s, to).map_err(|e| fail(self, e))?;
        }
        Ok(available)
    }
}
