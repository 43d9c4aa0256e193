//! The primitives: the only way the state changes. Each one validates first, then changes
//! the state, keeps the derived values (counts, Control, totals) up to date, and returns
//! the Effect it had. A refusal leaves the state exactly as it was.

use super::ids::{Faction, PieceId, PieceType, Side, SpaceId, Support};
use super::refusal::Refusal;
use super::ruleset::Ruleset;
use super::state::{AVAILABLE, OUT_OF_PLAY, PieceState, State};

/// What a primitive did, for logs and records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Placed {
        piece: PieceId,
        space: SpaceId,
    },
    /// `dropped`: bit i set for each Shipment the removed Guerrilla held, now off the map.
    Removed {
        piece: PieceId,
        space: SpaceId,
        dropped: u8,
    },
    /// `placed` is None when no replacement was Available (1.4.1: remove anyway).
    Replaced {
        removed: PieceId,
        placed: Option<PieceId>,
        space: SpaceId,
        dropped: u8,
    },
    Moved {
        piece: PieceId,
        from: SpaceId,
        to: SpaceId,
    },
    Activated {
        piece: PieceId,
        space: SpaceId,
    },
    WentUnderground {
        piece: PieceId,
        space: SpaceId,
    },
    Support {
        space: SpaceId,
        from: Support,
        to: Support,
    },
    Terror {
        space: SpaceId,
        count: u8,
    },
    Sabotage {
        space: SpaceId,
        on: bool,
    },
    FarcZone {
        space: SpaceId,
        on: bool,
    },
    Shipment {
        index: u8,
        holder: Option<PieceId>,
    },
    Resources {
        faction: Faction,
        from: u8,
        to: u8,
    },
    Aid {
        from: u8,
        to: u8,
    },
    Eligible {
        faction: Faction,
        eligible: bool,
    },
    Capability {
        card: u8,
        side: Option<Side>,
    },
    Momentum {
        card: u8,
        on: bool,
    },
    President {
        from: u8,
        to: u8,
    },
    SpaceOpened {
        space: SpaceId,
    },
    RemovedFromGame {
        piece: PieceId,
    },
}

pub type Done = Result<Effect, Refusal>;

impl State {
    // ---- checks shared by the primitives ------------------------------------------

    fn check_in_play(&self, s: SpaceId) -> Result<(), Refusal> {
        if self.in_play(s) {
            Ok(())
        } else {
            Err(Refusal::SpaceNotInPlay(s))
        }
    }

    /// 1.4.2: may one more piece of type `t` stand in `s`, given `leaving` (a piece of the
    /// same space that goes away at the same moment, as in a replacement)?
    pub fn can_stack(&self, r: &Ruleset, s: SpaceId, t: PieceType, leaving: Option<PieceType>) -> Result<(), Refusal> {
        self.check_in_play(s)?;
        let def = r.map.space(s);
        let sp = self.space(s);
        if t.is_base() {
            if def.is_loc() {
                return Err(Refusal::BaseOnLoc(s));
            }
            let freed = leaving.is_some_and(|l| l.is_base()) as u8;
            if sp.bases().saturating_sub(freed) >= r.forces.limits.bases_per_space {
                return Err(Refusal::BaseStacking(s));
            }
        }
        if t.faction == Faction::Govt && sp.farc_zone {
            return Err(Refusal::GovtInFarcZone(s));
        }
        if let Some(max) = def.max_pieces_per_faction {
            let freed = leaving.is_some_and(|l| l.faction == t.faction) as u8;
            if sp.faction_pieces(t.faction).saturating_sub(freed) >= max {
                return Err(Refusal::ForeignLimit(s, t.faction));
            }
        }
        Ok(())
    }

    /// The spaces where one more piece of type `t` may stand: `can_stack` (nothing
    /// leaving) for every space at once. Only where it could refuse is it asked: any space
    /// for a Base, a space with a limit per Faction; for other Government pieces the FARC
    /// Zones (Departments only, an invariant) are taken out directly.
    pub fn stack_mask(&self, r: &Ruleset, t: PieceType) -> u64 {
        let may_refuse = if t.is_base() { u64::MAX } else { r.map.limited() };
        let mut mask = self.in_play & !may_refuse;
        if t.faction == Faction::Govt && !t.is_base() {
            // 6.4.4: no Government piece in a FARC Zone (as in `can_stack`).
            for s in SpaceId::in_mask(mask & r.map.departments()) {
                if self.spaces[s.index()].farc_zone {
                    mask &= !s.bit();
                }
            }
        }
        for s in SpaceId::in_mask(self.in_play & may_refuse) {
            if self.can_stack(r, s, t, None).is_ok() {
                mask |= s.bit();
            }
        }
        mask
    }

    /// A piece of this type (and Guerrilla state) in the space, preferring one that holds
    /// no Shipment so that Shipments stay where they are unless a caller names the holder.
    pub fn find_piece(
        &self,
        r: &Ruleset,
        s: SpaceId,
        t: PieceType,
        underground: Option<bool>,
    ) -> Result<PieceId, Refusal> {
        let here = match underground {
            Some(u) => self.spaces[s.index()].counts[t.slot(u).0 as usize],
            None => self.count(s, t),
        };
        // Most of the time no Shipment is on the map: the first piece there will do.
        let shipments = here > 0 && self.shipments.iter().any(Option::is_some);
        let mut holder = None;
        for p in self.pieces_in(r, s, t, underground).take(here as usize) {
            if !shipments || !self.holds_shipment(p) {
                return Ok(p);
            }
            holder.get_or_insert(p);
        }
        holder.ok_or(Refusal::NoSuchPiece {
            space: s,
            piece: t,
            underground,
        })
    }

    // ---- bookkeeping ----------------------------------------------------------------

    fn count_in(&mut self, s: SpaceId, t: PieceType, underground: bool, delta: i8) {
        let slot = t.slot(underground).0 as usize;
        let sp = &mut self.spaces[s.index()];
        let c = &mut sp.counts[slot];
        *c = c.wrapping_add_signed(delta);
        let held = *c > 0;
        sp.control = sp.compute_control();
        let mask = &mut self.occupied[slot];
        *mask = (*mask & !s.bit()) | (u64::from(held) << s.0);
    }

    /// Drops the Shipments a piece holds (4.5.3: removed when no transfer is made).
    fn drop_shipments(&mut self, p: PieceId) -> u8 {
        let mut dropped = 0u8;
        for (i, h) in self.shipments.iter_mut().enumerate() {
            if *h == Some(p) {
                *h = None;
                dropped |= 1 << i;
            }
        }
        dropped
    }

    fn take_off_map(&mut self, r: &Ruleset, p: PieceId) -> (SpaceId, u8) {
        let t = r.forces.type_of(p);
        let ps = self.pieces[p.0 as usize];
        let s = SpaceId(ps.loc);
        self.count_in(s, t, ps.underground, -1);
        self.pieces[p.0 as usize] = PieceState {
            loc: AVAILABLE,
            underground: false,
        };
        self.available[t.index()] += 1;
        (s, self.drop_shipments(p))
    }

    fn put_on_map(&mut self, r: &Ruleset, s: SpaceId, t: PieceType) -> PieceId {
        let p = r
            .forces
            .pieces_of(t)
            .find(|p| self.pieces[p.0 as usize].loc == AVAILABLE)
            .expect("an Available piece when the Available count is positive");
        // 1.4.3: Guerrillas are always placed Underground.
        let underground = t.is_guerrilla();
        self.pieces[p.0 as usize] = PieceState { loc: s.0, underground };
        self.available[t.index()] -= 1;
        self.count_in(s, t, underground, 1);
        p
    }

    // ---- forces ---------------------------------------------------------------------

    /// Place an Available piece (1.4.1), within stacking (1.4.2); Guerrillas Underground.
    pub fn place(&mut self, r: &Ruleset, s: SpaceId, t: PieceType) -> Done {
        self.can_stack(r, s, t, None)?;
        if self.available[t.index()] == 0 {
            return Err(Refusal::NoneAvailable(t));
        }
        let piece = self.put_on_map(r, s, t);
        Ok(Effect::Placed { piece, space: s })
    }

    /// Remove a piece of this type from a space to Available. Shipments it held are
    /// dropped: a caller that can transfer them (4.5.3) does so first.
    pub fn remove(&mut self, r: &Ruleset, s: SpaceId, t: PieceType, underground: Option<bool>) -> Done {
        let p = self.find_piece(r, s, t, underground)?;
        self.remove_piece(r, p)
    }

    /// Remove this very piece to Available.
    pub fn remove_piece(&mut self, r: &Ruleset, p: PieceId) -> Done {
        if self.piece_space(p).is_none() {
            return Err(Refusal::PieceNotOnMap(p));
        }
        let (space, dropped) = self.take_off_map(r, p);
        Ok(Effect::Removed {
            piece: p,
            space,
            dropped,
        })
    }

    /// Replace a piece with an Available piece of another type (1.4.1). Refused if the
    /// replacement could not stack there; if none is Available, the piece is removed anyway.
    pub fn replace(
        &mut self,
        r: &Ruleset,
        s: SpaceId,
        from: PieceType,
        underground: Option<bool>,
        to: PieceType,
    ) -> Done {
        let old = self.find_piece(r, s, from, underground)?;
        self.can_stack(r, s, to, Some(from))?;
        let (_, dropped) = self.take_off_map(r, old);
        let placed = (self.available[to.index()] > 0).then(|| self.put_on_map(r, s, to));
        Ok(Effect::Replaced {
            removed: old,
            placed,
            space: s,
            dropped,
        })
    }

    /// Move a piece of this type from one space to another, within stacking at the
    /// destination (1.4.2). Shipments move with their Guerrilla (4.5.3). The kernel does
    /// not judge adjacency: the Operation or Event moving the piece does.
    pub fn move_piece(
        &mut self,
        r: &Ruleset,
        from: SpaceId,
        to: SpaceId,
        t: PieceType,
        underground: Option<bool>,
    ) -> Done {
        let p = self.find_piece(r, from, t, underground)?;
        self.move_this(r, p, to)
    }

    /// Move this very piece (e.g. the Guerrilla that holds a Shipment).
    pub fn move_this(&mut self, r: &Ruleset, p: PieceId, to: SpaceId) -> Done {
        let from = self.piece_space(p).ok_or(Refusal::PieceNotOnMap(p))?;
        if from == to {
            return Err(Refusal::SameSpace(to));
        }
        let t = r.forces.type_of(p);
        self.can_stack(r, to, t, None)?;
        let u = self.pieces[p.0 as usize].underground;
        self.count_in(from, t, u, -1);
        self.count_in(to, t, u, 1);
        self.pieces[p.0 as usize].loc = to.0;
        Ok(Effect::Moved { piece: p, from, to })
    }

    /// Flip one Underground Guerrilla of the Faction Active (1.4.3).
    pub fn activate(&mut self, r: &Ruleset, s: SpaceId, f: Faction) -> Done {
        let p = self.flip(r, s, f, true)?;
        Ok(Effect::Activated { piece: p, space: s })
    }

    /// Flip one Active Guerrilla of the Faction Underground (1.4.3).
    pub fn go_underground(&mut self, r: &Ruleset, s: SpaceId, f: Faction) -> Done {
        let p = self.flip(r, s, f, false)?;
        Ok(Effect::WentUnderground { piece: p, space: s })
    }

    /// Flip every Active Guerrilla of the Faction in the space Underground at once (6.6
    /// Reset): the position `go_underground` until refused leaves, in one pass over the
    /// Faction's Guerrillas. Returns how many flipped.
    pub fn all_underground(&mut self, r: &Ruleset, s: SpaceId, f: Faction) -> u8 {
        let Some(t) = PieceType::new(f, super::ids::PieceKind::Guerrilla) else {
            return 0;
        };
        let n = self.spaces[s.index()].counts[t.slot(false).0 as usize];
        if n == 0 {
            return 0;
        }
        for p in r.forces.pieces_of(t) {
            let ps = &mut self.pieces[p.0 as usize];
            if ps.loc == s.0 {
                ps.underground = true;
            }
        }
        // A Faction has far fewer than 128 Guerrillas (the inventory, forces.toml).
        self.count_in(s, t, false, -(n as i8));
        self.count_in(s, t, true, n as i8);
        n
    }

    fn flip(&mut self, r: &Ruleset, s: SpaceId, f: Faction, from_underground: bool) -> Result<PieceId, Refusal> {
        let t = PieceType::new(f, super::ids::PieceKind::Guerrilla).ok_or(Refusal::NoSuchPiece {
            space: s,
            piece: PieceType::TROOPS,
            underground: Some(from_underground),
        })?;
        let p = self.find_piece(r, s, t, Some(from_underground))?;
        self.count_in(s, t, from_underground, -1);
        self.count_in(s, t, !from_underground, 1);
        self.pieces[p.0 as usize].underground = !from_underground;
        Ok(p)
    }

    /// Take an Available piece out of the game for good (an Event's "permanently remove").
    pub fn remove_from_game(&mut self, r: &Ruleset, t: PieceType) -> Done {
        if self.available[t.index()] == 0 {
            return Err(Refusal::NoneAvailable(t));
        }
        let p = r
            .forces
            .pieces_of(t)
            .find(|p| self.pieces[p.0 as usize].loc == AVAILABLE)
            .expect("an Available piece when the Available count is positive");
        self.pieces[p.0 as usize].loc = OUT_OF_PLAY;
        self.available[t.index()] -= 1;
        self.out_of_play[t.index()] += 1;
        Ok(Effect::RemovedFromGame { piece: p })
    }

    // ---- Support and Opposition -------------------------------------------------------

    /// Set a space's level (1.6). Only populated Cities and Departments hold Support.
    pub fn set_support(&mut self, r: &Ruleset, s: SpaceId, level: Support) -> Done {
        self.check_in_play(s)?;
        let def = r.map.space(s);
        if !def.can_hold_support() {
            return Err(Refusal::NoSupportHere(s));
        }
        let from = self.spaces[s.index()].support;
        self.total_support = self.total_support - from.support_points(def.pop) + level.support_points(def.pop);
        self.total_opposition =
            self.total_opposition - from.opposition_points(def.pop) + level.opposition_points(def.pop);
        self.spaces[s.index()].support = level;
        Ok(Effect::Support {
            space: s,
            from,
            to: level,
        })
    }

    /// Shift by `levels` (positive toward Active Support), stopping at the end of the track.
    /// Refused when no shift at all is possible.
    pub fn shift_support(&mut self, r: &Ruleset, s: SpaceId, levels: i8) -> Done {
        self.check_in_play(s)?;
        if !r.map.space(s).can_hold_support() {
            return Err(Refusal::NoSupportHere(s));
        }
        let from = self.spaces[s.index()].support;
        // Saturating: a shift of 127 levels stops at Active Support, it does not wrap round.
        let to = Support::from_value(from.value().saturating_add(levels).clamp(-2, 2)).expect("clamped level");
        if to == from {
            return Err(Refusal::SupportAtLimit(s));
        }
        self.set_support(r, s, to)
    }

    // ---- markers ----------------------------------------------------------------------

    fn check_marker_pool(&self, r: &Ruleset) -> Result<(), Refusal> {
        if self.markers_on_map >= r.forces.limits.terror_sabotage_markers {
            Err(Refusal::MarkerPoolExhausted)
        } else {
            Ok(())
        }
    }

    /// Place a Terror marker in a City or Department (3.3.4); several may stack.
    pub fn place_terror(&mut self, r: &Ruleset, s: SpaceId) -> Done {
        self.check_in_play(s)?;
        if r.map.space(s).is_loc() {
            return Err(Refusal::TerrorOnLoc(s));
        }
        self.check_marker_pool(r)?;
        self.markers_on_map += 1;
        let sp = &mut self.spaces[s.index()];
        sp.terror += 1;
        Ok(Effect::Terror {
            space: s,
            count: sp.terror,
        })
    }

    pub fn remove_terror(&mut self, s: SpaceId) -> Done {
        let sp = &mut self.spaces[s.index()];
        if sp.terror == 0 {
            return Err(Refusal::NoMarkerHere(s));
        }
        sp.terror -= 1;
        self.markers_on_map -= 1;
        Ok(Effect::Terror {
            space: s,
            count: sp.terror,
        })
    }

    /// Place Sabotage on a LoC (3.3.4, 6.2): at most one per LoC.
    pub fn place_sabotage(&mut self, r: &Ruleset, s: SpaceId) -> Done {
        self.check_in_play(s)?;
        if !r.map.space(s).is_loc() {
            return Err(Refusal::SabotageOffLoc(s));
        }
        if self.spaces[s.index()].sabotage {
            return Err(Refusal::AlreadySabotaged(s));
        }
        self.check_marker_pool(r)?;
        self.markers_on_map += 1;
        self.spaces[s.index()].sabotage = true;
        Ok(Effect::Sabotage { space: s, on: true })
    }

    pub fn remove_sabotage(&mut self, s: SpaceId) -> Done {
        if !self.spaces[s.index()].sabotage {
            return Err(Refusal::NoMarkerHere(s));
        }
        self.spaces[s.index()].sabotage = false;
        self.markers_on_map -= 1;
        Ok(Effect::Sabotage { space: s, on: false })
    }

    /// Make a Department a FARC Zone (6.4.4). The Government must have left it first.
    pub fn place_farc_zone(&mut self, r: &Ruleset, s: SpaceId) -> Done {
        self.check_in_play(s)?;
        if !r.map.space(s).is_department() {
            return Err(Refusal::FarcZoneNotDepartment(s));
        }
        let sp = &self.spaces[s.index()];
        if sp.farc_zone {
            return Err(Refusal::AlreadyFarcZone(s));
        }
        if sp.faction_pieces(Faction::Govt) > 0 {
            return Err(Refusal::GovtPiecesInZone(s));
        }
        self.spaces[s.index()].farc_zone = true;
        Ok(Effect::FarcZone { space: s, on: true })
    }

    pub fn remove_farc_zone(&mut self, s: SpaceId) -> Done {
        if !self.spaces[s.index()].farc_zone {
            return Err(Refusal::NotFarcZone(s));
        }
        self.spaces[s.index()].farc_zone = false;
        Ok(Effect::FarcZone { space: s, on: false })
    }

    // ---- Shipments (4.5.3) --------------------------------------------------------------

    fn check_guerrilla_on_map(&self, r: &Ruleset, p: PieceId) -> Result<SpaceId, Refusal> {
        if p.0 as usize >= r.forces.total_pieces() || !r.forces.type_of(p).is_guerrilla() {
            return Err(Refusal::NotAGuerrillaOnMap(p));
        }
        self.piece_space(p).ok_or(Refusal::NotAGuerrillaOnMap(p))
    }

    /// Place an off-map Shipment beneath a Guerrilla on the map.
    pub fn place_shipment(&mut self, r: &Ruleset, holder: PieceId) -> Done {
        self.check_guerrilla_on_map(r, holder)?;
        let n = r.forces.limits.shipments as usize;
        let i = self.shipments[..n]
            .iter()
            .position(Option::is_none)
            .ok_or(Refusal::NoShipmentAvailable)?;
        self.shipments[i] = Some(holder);
        Ok(Effect::Shipment {
            index: i as u8,
            holder: Some(holder),
        })
    }

    /// Pass a Shipment to another Guerrilla in the same space, of any Faction (4.5.3).
    pub fn transfer_shipment(&mut self, r: &Ruleset, index: u8, to: PieceId) -> Done {
        let from = self.shipment_holder(index).ok_or(Refusal::NoSuchShipment(index))?;
        let there = self.check_guerrilla_on_map(r, to)?;
        if self.piece_space(from) != Some(there) {
            return Err(Refusal::ShipmentElsewhere { shipment: index, to });
        }
        self.shipments[index as usize] = Some(to);
        Ok(Effect::Shipment {
            index,
            holder: Some(to),
        })
    }

    pub fn remove_shipment(&mut self, index: u8) -> Done {
        self.shipment_holder(index).ok_or(Refusal::NoSuchShipment(index))?;
        self.shipments[index as usize] = None;
        Ok(Effect::Shipment { index, holder: None })
    }

    // ---- tracks -------------------------------------------------------------------------

    /// Change a Faction's Resources by `delta`; refused if the result leaves 0..=99 (1.7).
    pub fn add_resources(&mut self, r: &Ruleset, f: Faction, delta: i16) -> Done {
        let from = self.resources[f.index()];
        // i32: no delta the type admits can wrap the sum (1.7 refuses it instead).
        let wanted = from as i32 + delta as i32;
        let max = r.forces.limits.resources_max;
        if !(0..=max as i32).contains(&wanted) {
            return Err(Refusal::ResourcesOutOfRange {
                faction: f,
                wanted,
                max,
            });
        }
        self.resources[f.index()] = wanted as u8;
        Ok(Effect::Resources {
            faction: f,
            from,
            to: wanted as u8,
        })
    }

    /// Change a Faction's Resources by `delta` as far as 0..=99 allows ("to a maximum of
    /// 99", 6.3; 5.1.1). Never refused; the Effect shows what was actually added.
    pub fn gain_resources(&mut self, r: &Ruleset, f: Faction, delta: i16) -> Effect {
        let from = self.resources[f.index()];
        let to = (from as i32 + delta as i32).clamp(0, r.forces.limits.resources_max as i32) as u8;
        self.resources[f.index()] = to;
        Effect::Resources { faction: f, from, to }
    }

    /// Change Aid by `delta`; refused if the result leaves 0..=29 (1.7).
    pub fn add_aid(&mut self, r: &Ruleset, delta: i16) -> Done {
        let wanted = self.aid as i32 + delta as i32;
        let max = r.forces.limits.aid_max;
        if !(0..=max as i32).contains(&wanted) {
            return Err(Refusal::AidOutOfRange { wanted, max });
        }
        let from = self.aid;
        self.aid = wanted as u8;
        Ok(Effect::Aid { from, to: self.aid })
    }

    /// Change Aid by `delta` as far as 0..=29 allows (3.2.5, 3.3.4, 4.2.3).
    pub fn gain_aid(&mut self, r: &Ruleset, delta: i16) -> Effect {
        let from = self.aid;
        self.aid = (from as i32 + delta as i32).clamp(0, r.forces.limits.aid_max as i32) as u8;
        Effect::Aid { from, to: self.aid }
    }

    pub fn set_eligible(&mut self, f: Faction, eligible: bool) -> Effect {
        self.eligible[f.index()] = eligible;
        Effect::Eligible { faction: f, eligible }
    }

    /// Move El Presidente to box `to` of the track (6.4.3). The Election's effects of
    /// entering a box are the rules engine's, not the kernel's.
    pub fn set_president(&mut self, r: &Ruleset, to: u8) -> Done {
        if to as usize >= r.forces.presidents.len() {
            return Err(Refusal::UnknownPresident(to));
        }
        let from = self.president;
        self.president = to;
        Ok(Effect::President { from, to })
    }

    // ---- lasting Events -----------------------------------------------------------------

    /// Put a Government Capability in effect with one side up (5.3).
    pub fn set_capability(&mut self, r: &Ruleset, card: u8, side: Side) -> Done {
        let c = r.card(card).ok_or(Refusal::UnknownCard(card))?;
        if !c.capability || card >= 128 {
            return Err(Refusal::NotACapability(card));
        }
        let bit = 1u128 << card;
        let (on, off) = match side {
            Side::Unshaded => (0, 1),
            Side::Shaded => (1, 0),
        };
        self.capabilities[on] |= bit;
        self.capabilities[off] &= !bit;
        Ok(Effect::Capability { card, side: Some(side) })
    }

    pub fn remove_capability(&mut self, card: u8) -> Done {
        if self.capability(card).is_none() {
            return Err(Refusal::NotACapability(card));
        }
        let bit = !(1u128 << card);
        self.capabilities[0] &= bit;
        self.capabilities[1] &= bit;
        Ok(Effect::Capability { card, side: None })
    }

    /// Put a card's Insurgent Momentum in effect until the next Reset (5.4).
    pub fn add_momentum(&mut self, r: &Ruleset, card: u8) -> Done {
        let c = r.card(card).ok_or(Refusal::UnknownCard(card))?;
        if !c.momentum || card >= 128 {
            return Err(Refusal::NotMomentum(card));
        }
        self.momentum |= 1u128 << card;
        Ok(Effect::Momentum { card, on: true })
    }

    /// 6.6 Reset: every Momentum card leaves play.
    pub fn clear_momentum(&mut self) -> Vec<Effect> {
        let cards = self.momentum_cards();
        self.momentum = 0;
        cards
            .into_iter()
            .map(|card| Effect::Momentum { card, on: false })
            .collect()
    }

    /// Set a hook for the rest of the game (a Capability, 5.3, or a lasting space rule).
    pub fn set_lasting_modifier(&mut self, name: &str, value: u8) -> Result<(), String> {
        self.lasting.set(name, value)?;
        self.mods.set(name, value)
    }

    /// Set a hook until the next Reset (Insurgent Momentum, 5.4).
    pub fn set_momentum_modifier(&mut self, name: &str, value: u8) -> Result<(), String> {
        self.mods.set(name, value)
    }

    /// 6.6 Reset: Momentum hooks end; Capability hooks stay.
    pub fn end_momentum_modifiers(&mut self) {
        self.mods = self.lasting;
    }

    /// An event-only space becomes a space for the rest of the game (1.3.5).
    pub fn open_space(&mut self, r: &Ruleset, s: SpaceId) -> Done {
        if !r.map.space(s).event_only || self.in_play(s) {
            return Err(Refusal::NotEventOnly(s));
        }
        self.in_play |= s.bit();
        Ok(Effect::SpaceOpened { space: s })
    }
}
