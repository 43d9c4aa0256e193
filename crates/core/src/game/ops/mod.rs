//! Operations (3.0) and Special Activities (4.0). One Action context carries what the
//! rules track while a Faction executes: the spaces selected, the pieces that already
//! moved, the single destination of a Limited Operation, whether it is free, and the one
//! Special Activity it may add.
//!
//! Every question lists only options that can complete. Each Operation has an option
//! builder for its next space; the same builder decides whether the Operation can be
//! offered at all, so the menu and the Operation never disagree.

mod coin;
pub mod insurgent;
pub(crate) mod probe;
mod special;

use super::decision::{Choice, Op, Special, Step, Stop};
use super::engine::Game;
use crate::game::question::Ask;
use crate::kernel::{Faction, PieceId, PieceKind, PieceType, SpaceDef, SpaceId, Support, Terrain};

/// A Faction executing one Operation (and maybe a Special Activity).
#[derive(Clone, Debug)]
pub struct Action {
    pub faction: Faction,
    pub op: Op,
    /// Limited Operation (2.3.5): 1 space, or 1 destination for Patrol, Sweep and March.
    pub limited: bool,
    /// Free (3.1.2): no Resource cost.
    pub free: bool,
    /// Granted by an Event (5.5): exempt from the final Event card's limits on player
    /// Operations (2.3.9), which still bind a Shipped free Limited Operation.
    pub by_event: bool,
    /// May add a Special Activity (4.1).
    pub specials_allowed: bool,
    /// The Special Activity executed, once chosen.
    pub special: Option<Special>,
    /// Spaces selected for the Operation (bit = space index).
    pub spaces: u64,
    /// Spaces the Operation has resolved (Sweep and Patrol resolve after moving).
    pub count: u8,
    /// The one destination of a Limited Patrol, Sweep or March.
    pub destination: Option<SpaceId>,
    /// Pieces that moved in this Operation (bit = piece id): no piece moves twice.
    pub moved: [u64; 4],
    /// Resources were paid (2.3.6 Ship needs it).
    pub paid: bool,
    /// March: destinations already paid for, and the origin-destination groups used.
    pub paid_destinations: u64,
    pub groups: Vec<(SpaceId, SpaceId)>,
    /// Ambush was used on an Attack space.
    pub ambushed: bool,
    /// An Event's free Operation may select only these spaces (bit = space; 0 = any).
    /// For March they are the destinations.
    pub only: u64,
    /// An Event's free Special Activity may use at most this many spaces (Bribe).
    pub sa_max_spaces: Option<u8>,
    /// An Event's free Sweep moves no Troops in: it only Activates (General Offensive).
    pub no_move: bool,
    /// An Event's "in each space possible": every space the Operation may select is
    /// selected, in map order, without a question (5.1: no choice is left).
    pub each: bool,
    /// The Factions the Operation may affect (bit = Faction index): an Event's "against
    /// FARC" (3.1: the executing Faction may target some and ignore others).
    pub against: u8,
    /// Who counts as Troops in an Event's Assault or Sweep (37, 47 kinds of text).
    pub force: Force,
    /// An Event's Terror or Ambush "with any Guerrilla": an Active one may do it (5.1.1,
    /// 5.5 EXAMPLE).
    pub any_guerrilla: bool,
    /// An Event's Ambush "without Activating" its Guerrillas.
    pub no_activation: bool,
    /// An Event's free Ambush: each Attack space is resolved as an Ambush (4.3.2).
    pub ambush: bool,
    /// Terror markers each Terror space receives (3.3.4: 1; an Event may say more).
    pub markers: u8,
}

/// The forces that Assault or Sweep with an Event's free Operation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Force {
    /// Troops and Police as 3.2.3 and 3.2.4 say.
    #[default]
    Cubes,
    /// The cubes plus every AUC Guerrilla in the space, counted as Troops.
    AucGuerrillasAsTroops,
    /// Only the Police, each counted as a Troops cube.
    PoliceAsTroops,
}

impl Action {
    pub fn new(faction: Faction, op: Op) -> Action {
        Action {
            faction,
            op,
            limited: false,
            free: false,
            by_event: false,
            specials_allowed: true,
            special: None,
            spaces: 0,
            count: 0,
            destination: None,
            moved: [0; 4],
            paid: false,
            paid_destinations: 0,
            groups: Vec::new(),
            ambushed: false,
            only: 0,
            sa_max_spaces: None,
            no_move: false,
            each: false,
            against: 0b1111,
            force: Force::Cubes,
            any_guerrilla: false,
            no_activation: false,
            ambush: false,
            markers: 1,
        }
    }
    pub fn limited(mut self) -> Action {
        self.limited = true;
        self.specials_allowed = false;
        self
    }
    pub fn free(mut self) -> Action {
        self.free = true;
        self
    }
    /// May the Operation select space `s` (an Event may restrict it)?
    pub fn allows(&self, s: SpaceId) -> bool {
        self.only == 0 || self.only & s.bit() != 0
    }
    pub fn selected(&self, s: SpaceId) -> bool {
        self.spaces & s.bit() != 0
    }
    pub fn has_moved(&self, p: PieceId) -> bool {
        self.moved[p.0 as usize / 64] & (1 << (p.0 % 64)) != 0
    }
    fn mark_moved(&mut self, p: PieceId) {
        self.moved[p.0 as usize / 64] |= 1 << (p.0 % 64);
    }
}

/// Where an option builder puts what it finds: a list for questions, a counter for
/// "is anything possible?".
pub(crate) trait Sink {
    fn put(&mut self, c: Choice);
    /// The builder may stop looking: the caller has what it needs.
    fn enough(&self) -> bool {
        false
    }
}
impl Sink for Vec<Choice> {
    fn put(&mut self, c: Choice) {
        self.push(c);
    }
}
/// Is there any option at all? Builders stop at the first.
#[derive(Default)]
pub(crate) struct Any(pub bool);
impl Sink for Any {
    fn put(&mut self, _: Choice) {
        self.0 = true;
    }
    fn enough(&self) -> bool {
        self.0
    }
}

/// Passes on only the spaces an Event allows (other options unchanged).
struct Only<'a, S: Sink> {
    inner: &'a mut S,
    mask: u64,
}
impl<S: Sink> Sink for Only<'_, S> {
    fn put(&mut self, c: Choice) {
        if let Choice::Space(s) = c
            && self.mask & s.bit() == 0
        {
            return;
        }
        self.inner.put(c);
    }
    fn enough(&self) -> bool {
        self.inner.enough()
    }
}

/// What happens to Shipments held by a removed Guerrilla (4.5.3 and its exceptions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShipmentFate {
    /// The owner must transfer it to another Guerrilla there if possible, else it is lost.
    Owner,
    /// Captured Goods (3.3.3), Commandeer (4.4.2): it goes to a Guerrilla of this Faction.
    CapturedBy(Faction),
    /// Contraband (4.5.4): the Cartels may hand it to any Guerrilla there.
    Contraband,
}

/// Which enemy pieces an Operation may remove (1.4.1 "Bases last").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Targeting {
    /// Assault, Air Strike: Active Guerrillas; a Faction's Bases once it has no Guerrillas.
    Exposed,
    /// Attack: any cube or Guerrilla; a Faction's Bases once it has no cubes or Guerrillas.
    Attack,
    /// Assassinate: any enemy piece.
    Any,
}

impl<'r> Game<'r> {
    pub(crate) fn def(&self, s: SpaceId) -> &'r SpaceDef {
        self.rules.map.space(s)
    }

    /// The spaces in play, in map order.
    pub fn spaces(&self) -> impl Iterator<Item = SpaceId> + use<'r> {
        SpaceId::in_mask(self.state.in_play_mask())
    }
    /// The spaces in play among `mask` (the kernel's occupancy masks: `State::holding`),
    /// in map order.
    pub(crate) fn spaces_among(&self, mask: u64) -> impl Iterator<Item = SpaceId> + use<'r> {
        SpaceId::in_mask(self.state.in_play_mask() & mask)
    }

    pub(crate) fn is_mountain(&self, s: SpaceId) -> bool {
        self.def(s).terrain == Some(Terrain::Mountain)
    }
    pub(crate) fn is_forest(&self, s: SpaceId) -> bool {
        self.def(s).terrain == Some(Terrain::Forest)
    }

    pub(crate) fn cost(&self, act: &Action, n: u8) -> u8 {
        if act.free { 0 } else { n }
    }
    pub(crate) fn can_pay(&self, act: &Action, n: u8) -> bool {
        self.state.resources(act.faction) >= self.cost(act, n)
    }
    /// Pay as you go (3.1 NOTE). The option builders only offer what can be paid.
    pub(crate) fn pay(&mut self, act: &mut Action, n: u8) -> Result<(), Stop> {
        let n = self.cost(act, n);
        if n == 0 {
            return Ok(());
        }
        self.state
            .add_resources(self.rules, act.faction, -(n as i16))
            .map_err(|e| Stop::Failed(format!("paying {n}: {}", e.describe(self.rules))))?;
        act.paid = true;
        Ok(())
    }

    pub(crate) fn cubes(&self, s: SpaceId) -> u8 {
        let sp = self.state.space(s);
        sp.count(PieceType::TROOPS) + sp.count(PieceType::POLICE)
    }
    #[inline]
    pub(crate) fn guerrillas_in(&self, s: SpaceId) -> u8 {
        self.state.space(s).all_guerrillas()
    }
    pub(crate) fn underground(&self, s: SpaceId, f: Faction) -> u8 {
        self.state.space(s).guerrillas(f, true)
    }
    pub(crate) fn support(&self, s: SpaceId) -> Support {
        self.state.support(s)
    }

    /// Pieces of a class in `s` that have not moved in this Operation.
    pub fn unmoved(&self, act: &Action, s: SpaceId, t: PieceType, u: Option<bool>) -> u8 {
        let here = match u {
            Some(u) => self.state.space(s).counts[t.slot(u).0 as usize],
            None => self.state.count(s, t),
        };
        // Option builders ask of every space: most have none of the class to scan.
        if here == 0 || act.moved == [0; 4] {
            return here;
        }
        self.state
            .pieces_in(self.rules, s, t, u)
            .filter(|&p| !act.has_moved(p))
            .count() as u8
    }

    /// The spaces holding a piece of class `t` (Underground or not, if `u` says) that has
    /// not moved in this Operation: one pass over the class, for option builders that
    /// would otherwise ask `unmoved` of every space.
    pub(crate) fn unmoved_spaces(&self, act: &Action, t: PieceType, u: Option<bool>) -> u64 {
        if act.moved == [0; 4] {
            // Nothing has moved yet (most Operations' first question): every such piece.
            return match u {
                Some(u) => self.state.holding_slot(t.slot(u)),
                None => self.state.holding(t),
            };
        }
        let mut mask = 0u64;
        for p in self.rules.forces.pieces_of(t) {
            let ps = self.state.pieces[p.0 as usize];
            if (ps.loc as usize) < crate::kernel::ruleset::MAX_SPACES
                && u.is_none_or(|u| ps.underground == u)
                && !act.has_moved(p)
            {
                mask |= 1u64 << ps.loc;
            }
        }
        mask
    }

    /// Move `n` unmoved pieces of a class from one space to another; they count as moved.
    /// When some of the class hold Shipments and some do not, and the move could go either
    /// way, the owner says how many holders go (4.5.3: a Shipment moves with its Guerrilla,
    /// and its owner may hand it to another Guerrilla there at any time). Otherwise the
    /// pieces without Shipments go first.
    pub fn move_pieces(
        &mut self,
        act: &mut Action,
        from: SpaceId,
        to: SpaceId,
        t: PieceType,
        u: Option<bool>,
        n: u8,
    ) -> Result<(), Stop> {
        let (mut holders, mut plain) = (0u8, 0u8);
        // Most moves happen with no Shipment on the map (and cubes never hold one): then
        // any unmoved piece will do, and no piece is asked about Shipments.
        let shipments = t.is_guerrilla() && self.state.shipments_on_map().next().is_some();
        if shipments {
            for p in self.state.pieces_in(self.rules, from, t, u) {
                if !act.has_moved(p) {
                    if self.state.holds_shipment(p) {
                        holders += 1;
                    } else {
                        plain += 1;
                    }
                }
            }
        }
        let (lo, hi) = (n.saturating_sub(plain), n.min(holders));
        let mut carry = if lo < hi {
            self.ask_number(t.faction, Ask::ShipmentsCarried, Some(from), lo, hi)?
        } else {
            lo
        };
        for _ in 0..n {
            let mut pick = None;
            for p in self.state.pieces_in(self.rules, from, t, u) {
                if act.has_moved(p) {
                    continue;
                }
                if !shipments || self.state.holds_shipment(p) == (carry > 0) {
                    pick = Some(p);
                    break;
                }
                pick.get_or_insert(p);
            }
            let p = pick.ok_or_else(|| Stop::Failed("no unmoved piece to move".into()))?;
            if shipments && self.state.holds_shipment(p) {
                carry = carry.saturating_sub(1);
            }
            self.state
                .move_this(self.rules, p, to)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
            act.mark_moved(p);
        }
        Ok(())
    }

    /// Offer each Guerrilla class present in `s` (all Factions, or one), except one piece.
    pub(crate) fn guerrilla_classes(
        &self,
        s: SpaceId,
        only: Option<Faction>,
        except: Option<PieceId>,
        out: &mut Vec<Choice>,
    ) {
        let sp = self.state.space(s);
        // The piece set aside, as the class it would otherwise count in.
        let set_aside = except.map(|p| (self.rules.forces.type_of(p), self.state.pieces[p.0 as usize]));
        for f in Faction::INSURGENTS {
            if only.is_some_and(|o| o != f) {
                continue;
            }
            let t = PieceType::guerrilla(f);
            for u in [true, false] {
                let mut n = sp.counts[t.slot(u).0 as usize];
                if set_aside.is_some_and(|(pt, ps)| pt == t && ps.loc == s.0 && ps.underground == u) {
                    n -= 1;
                }
                if n > 0 {
                    out.push(Choice::Piece(t, Some(u)));
                }
            }
        }
    }

    fn piece_of_class(&self, s: SpaceId, t: PieceType, u: Option<bool>, except: PieceId) -> Option<PieceId> {
        self.state.pieces_in(self.rules, s, t, u).find(|&p| p != except)
    }

    /// Hand the Shipments a doomed Guerrilla holds to another Guerrilla (4.5.3): returns
    /// how many are lost with it.
    pub(crate) fn hand_on_shipments(&mut self, by: Faction, p: PieceId, fate: ShipmentFate) -> Result<u8, Stop> {
        let Some(s) = self.state.piece_space(p) else {
            return Ok(0);
        };
        let owner = self.rules.forces.type_of(p).faction;
        let mut lost = 0;
        let held: Vec<u8> = self
            .state
            .shipments_on_map()
            .filter(|&(_, h)| h == p)
            .map(|(i, _)| i)
            .collect();
        for i in held {
            let mut fate = fate;
            if let ShipmentFate::CapturedBy(f) = fate {
                let mut opts = Vec::new();
                self.guerrilla_classes(s, Some(f), Some(p), &mut opts);
                if opts.is_empty() {
                    fate = ShipmentFate::Owner;
                } else {
                    let c = self.ask(by, Ask::ShipmentTaker, Some(s), |_, o| o.extend(opts))?;
                    self.transfer_to_class(s, i, c, p)?;
                    continue;
                }
            }
            if fate == ShipmentFate::Contraband {
                let c = self.ask(Faction::Cartels, Ask::Contraband, Some(s), |g, o| {
                    g.guerrilla_classes(s, None, Some(p), o);
                    o.push(Choice::Done);
                })?;
                if c != Choice::Done {
                    self.transfer_to_class(s, i, c, p)?;
                    continue;
                }
            }
            let mut opts = Vec::new();
            self.guerrilla_classes(s, None, Some(p), &mut opts);
            if opts.is_empty() {
                // No other Guerrilla there: the Shipment is removed (4.5.3).
                lost += 1;
                continue;
            }
            // 4.5.3 (2nd edition, "transfer the Shipment to another Guerrilla if possible,
            // otherwise or remove it", read as the errata "... or remove it"): the owner
            // transfers it, or removes it.
            opts.push(Choice::Step(Step::Remove));
            let c = self.ask(owner, Ask::ShipmentRescue, Some(s), |_, o| o.extend(opts))?;
            if c == Choice::Step(Step::Remove) {
                lost += 1;
                continue;
            }
            self.transfer_to_class(s, i, c, p)?;
        }
        Ok(lost)
    }

    pub(crate) fn transfer_to_class(&mut self, s: SpaceId, i: u8, c: Choice, except: PieceId) -> Result<(), Stop> {
        let Choice::Piece(t, u) = c else {
            return Err(Stop::Failed(format!("expected a Guerrilla, got {c}")));
        };
        let to = self
            .piece_of_class(s, t, u, except)
            .ok_or_else(|| Stop::Failed("no Guerrilla to take the Shipment".into()))?;
        self.state
            .transfer_shipment(self.rules, i, to)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        Ok(())
    }

    /// Remove one piece of a class from `s`, handing on its Shipments as `fate` says.
    /// Returns how many Shipments were lost.
    pub(crate) fn remove_one(
        &mut self,
        by: Faction,
        s: SpaceId,
        t: PieceType,
        u: Option<bool>,
        fate: ShipmentFate,
    ) -> Result<u8, Stop> {
        // The executing Faction picks the enemy pieces it removes (3.1). Where a removed
        // Shipment would be its own (Captured Goods 3.3.3, Commandeer 4.4.2), taking a
        // Guerrilla that holds one is never worse for it, so it does; otherwise, when the
        // class has Guerrillas with and without Shipments, it says which goes. Removing
        // its own pieces, a Faction loses nothing by keeping the holder (it could hand the
        // Shipment on anyway, 4.5.3): one without goes first.
        let p = if t.is_guerrilla() && by != t.faction && self.state.shipments_on_map().next().is_some() {
            let (mut holder, mut plain) = (None, None);
            for p in self.state.pieces_in(self.rules, s, t, u) {
                if self.state.holds_shipment(p) {
                    holder.get_or_insert(p);
                } else {
                    plain.get_or_insert(p);
                }
            }
            match (holder, plain) {
                (Some(h), Some(_)) if matches!(fate, ShipmentFate::CapturedBy(_)) => Some(h),
                (Some(h), Some(x)) => Some(if self.ask_yes(by, Ask::RemoveHolder, Some(s))? {
                    h
                } else {
                    x
                }),
                (h, x) => h.or(x),
            }
        } else {
            None
        };
        let p = match p {
            Some(p) => p,
            None => self
                .state
                .find_piece(self.rules, s, t, u)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?,
        };
        let lost = if t.is_guerrilla() && self.state.holds_shipment(p) {
            self.hand_on_shipments(by, p, fate)?
        } else {
            0
        };
        self.state
            .remove_piece(self.rules, p)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        Ok(lost)
    }

    /// The enemy piece classes `by` may remove from `s` now (1.4.1 "Bases last").
    /// `allowed`: a bit per Faction that may be targeted.
    pub(crate) fn removable(&self, s: SpaceId, by: Faction, how: Targeting, allowed: u8, out: &mut impl Sink) {
        let sp = self.state.space(s);
        for f in Faction::ALL {
            if f == by || allowed & (1 << f.index()) == 0 || sp.faction_pieces(f) == 0 {
                continue;
            }
            let base = PieceType::base(f);
            let (units, offer_base) = if f == Faction::Govt {
                let cubes = sp.count(PieceType::TROOPS) + sp.count(PieceType::POLICE);
                if how == Targeting::Exposed {
                    continue; // Assault and Air Strike target Insurgents only
                }
                for t in [PieceType::TROOPS, PieceType::POLICE] {
                    if sp.count(t) > 0 {
                        out.put(Choice::Piece(t, None));
                    }
                }
                (cubes, true)
            } else {
                let g = PieceType::guerrilla(f);
                let (ug, ag) = (sp.guerrillas(f, true), sp.guerrillas(f, false));
                if ag > 0 {
                    out.put(Choice::Piece(g, Some(false)));
                }
                if ug > 0 && how != Targeting::Exposed {
                    out.put(Choice::Piece(g, Some(true)));
                }
                (ug + ag, true)
            };
            if offer_base && sp.count(base) > 0 && (units == 0 || how == Targeting::Any) {
                out.put(Choice::Piece(base, None));
            }
        }
    }

    /// Remove up to `n` enemy pieces from `s`, one question each, to the maximum extent
    /// (1.4.1; an Event's removal). Returns Shipments lost (for Drug Bust).
    pub(crate) fn remove_enemies(
        &mut self,
        by: Faction,
        s: SpaceId,
        n: u8,
        how: Targeting,
        allowed: u8,
        fate: ShipmentFate,
    ) -> Result<u8, Stop> {
        self.remove_enemies_as(by, s, n, how, allowed, fate, false)
    }

    /// An Operation's removal (Assault, Attack): 3.1, "a single Operation may target one
    /// or more Factions and ignore others. Once targeted, a Faction's pieces are affected
    /// to the maximum extent possible". The executing Faction targets a Faction by
    /// removing one of its pieces; once no targeted Faction has a piece left to remove
    /// here, it may stop (Done) or target another.
    pub(crate) fn remove_targeted(
        &mut self,
        by: Faction,
        s: SpaceId,
        n: u8,
        how: Targeting,
        allowed: u8,
        fate: ShipmentFate,
    ) -> Result<u8, Stop> {
        self.remove_enemies_as(by, s, n, how, allowed, fate, true)
    }

    #[allow(clippy::too_many_arguments)]
    fn remove_enemies_as(
        &mut self,
        by: Faction,
        s: SpaceId,
        n: u8,
        how: Targeting,
        allowed: u8,
        fate: ShipmentFate,
        targeting: bool,
    ) -> Result<u8, Stop> {
        let mut lost = 0;
        let mut targeted = 0u8;
        for _ in 0..n {
            let mut any = Any::default();
            self.removable(s, by, how, allowed, &mut any);
            if !any.0 {
                break;
            }
            let may_stop = targeting && targeted != 0 && {
                let mut left = Any::default();
                self.removable(s, by, how, targeted, &mut left);
                !left.0
            };
            let c = self.ask(by, Ask::RemovePiece, Some(s), |g, o| {
                g.removable(s, by, how, allowed, o);
                if may_stop {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Piece(t, u) = c else {
                if c == Choice::Done {
                    break;
                }
                return Err(Stop::Failed(format!("expected a piece, got {c}")));
            };
            targeted |= 1 << t.faction.index();
            lost += self.remove_one(by, s, t, u, fate)?;
        }
        Ok(lost)
    }

    /// Sweep's and Patrol's Activation, targeted as 3.1 says (see `remove_targeted`):
    /// once no targeted Faction has an Underground Guerrilla left here, `by` may stop.
    pub(crate) fn activate_targeted(&mut self, by: Faction, s: SpaceId, n: u8, allowed: u8) -> Result<(), Stop> {
        let underground_of = |g: &Game, mask: u8| {
            Faction::INSURGENTS
                .iter()
                .any(|&f| mask & (1 << f.index()) != 0 && g.underground(s, f) > 0)
        };
        let mut targeted = 0u8;
        for _ in 0..n {
            if !underground_of(self, allowed) {
                break;
            }
            let may_stop = targeted != 0 && !underground_of(self, targeted);
            let c = self.ask(by, Ask::ActivateFaction, Some(s), |g, o| {
                for f in Faction::INSURGENTS {
                    if allowed & (1 << f.index()) != 0 && g.underground(s, f) > 0 {
                        o.push(Choice::Faction(f));
                    }
                }
                if may_stop {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Faction(f) = c else {
                if c == Choice::Done {
                    break;
                }
                return Err(Stop::Failed("expected a Faction".into()));
            };
            targeted |= 1 << f.index();
            self.state
                .activate(self.rules, s, f)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        Ok(())
    }

    /// The Factions `act`'s Sweep or Assault may affect: those Momentum does not spare,
    /// among those an Event's grant names.
    pub(crate) fn coin_targets_for(&self, act: &Action) -> u8 {
        self.coin_targets() & act.against
    }

    /// The Factions the Government may Sweep or Assault against (Momentum may spare one).
    pub(crate) fn coin_targets(&self) -> u8 {
        let mut m = 0;
        for f in Faction::INSURGENTS {
            if self.state.mods().sweep_assault_allowed_against(f) {
                m |= 1 << f.index();
            }
        }
        m
    }

    /// Can `act`'s Faction execute its Operation at all (4.1)? True when the Operation
    /// has a first space now, or when its Special Activity, executed first, can give it
    /// one (a dry run of the activity, ops/probe.rs).
    pub(crate) fn op_possible(&self, act: &Action) -> bool {
        if self.op_has_first_option(act) {
            return true;
        }
        if !act.specials_allowed || act.special.is_some() {
            return false;
        }
        Special::of(act.faction)
            .iter()
            .any(|&sa| sa != Special::Ambush && self.special_first_possible(act, sa))
    }

    /// The least any first space of `act`'s Operation costs (3.2, 3.3): Terror and March
    /// may begin free on a LoC.
    pub(crate) fn op_min_cost(&self, act: &Action) -> u8 {
        let n = match act.op {
            Op::Train | Op::Patrol => 3,
            Op::Sweep => self.state.mods().sweep_cost,
            Op::Assault => self.state.mods().assault_cost,
            Op::Rally | Op::Attack => 1,
            Op::Terror | Op::March => 0,
        };
        self.cost(act, n)
    }

    /// Has `act` a first step it can take (and pay for) now?
    pub(crate) fn op_has_first_option(&self, act: &Action) -> bool {
        let mut any = Any::default();
        self.op_first_options(act, &mut any);
        any.0
    }

    fn op_first_options(&self, act: &Action, out: &mut impl Sink) {
        if act.only != 0 && act.op != Op::March && act.op != Op::Patrol {
            let mut only = Only {
                inner: out,
                mask: act.only,
            };
            return self.op_first_options_all(act, &mut only);
        }
        self.op_first_options_all(act, out)
    }

    fn op_first_options_all(&self, act: &Action, out: &mut impl Sink) {
        match act.op {
            Op::Train => self.train_spaces(act, out),
            Op::Patrol => self.patrol_start(act, out),
            Op::Sweep => self.sweep_spaces(act, out),
            Op::Assault => self.assault_spaces(act, out),
            Op::Rally => self.rally_spaces(act, out),
            Op::March => self.march_origins(act, out),
            Op::Attack => self.attack_spaces(act, out),
            Op::Terror => self.terror_spaces(act, out),
        }
    }

    /// Execute the Operation of `act` (its Faction answering every question), with the
    /// Special Activity it may add before, during or right after (4.1).
    pub(crate) fn operation(&mut self, act: &mut Action) -> Result<(), Stop> {
        let doing = super::decision::Doing::Operation {
            faction: act.faction,
            op: act.op,
            by_event: act.by_event,
        };
        self.narrate_operation_begin();
        let done = self.doing(doing, |g| g.operation_now(act));
        self.narrate_operation(act, done.is_ok());
        done
    }

    fn operation_now(&mut self, act: &mut Action) -> Result<(), Stop> {
        let f = act.faction;
        let op = act.op;
        self.note(|_| format!("{} executes {}", f.name(), op.slug()));
        self.negotiate(f, Some(act))?;
        match act.op {
            Op::Train => self.train(act)?,
            Op::Patrol => self.patrol(act)?,
            Op::Sweep => self.sweep(act)?,
            Op::Assault => self.assault(act)?,
            Op::Rally => self.rally(act)?,
            Op::March => self.march(act)?,
            Op::Attack => self.attack(act)?,
            Op::Terror => self.terror(act)?,
        }
        // Immediately after the Operation (4.1).
        if act.specials_allowed && act.special.is_none() {
            let build = |g: &Self, o: &mut Vec<Choice>| {
                g.push_specials(act, o);
                o.push(Choice::Done);
            };
            let allowed = |g: &Self, c| g.special_allowed(act, c);
            let c = self.ask_judged(f, Ask::AddSpecial, None, build, Some(allowed))?;
            if let Choice::Special(sa) = c {
                self.special_activity(act, sa)?;
            }
        }
        Ok(())
    }

    /// The common loop of an Operation that selects spaces one by one: each round offers
    /// the next spaces (from `next`), the Special Activity, and Done once a space is done.
    pub(crate) fn space_loop(
        &mut self,
        act: &mut Action,
        ask: Ask,
        next: fn(&Game, &Action, &mut Vec<Choice>),
        mut resolve: impl FnMut(&mut Game<'r>, &mut Action, SpaceId) -> Result<(), Stop>,
    ) -> Result<(), Stop> {
        loop {
            if act.limited && act.count >= 1 {
                return Ok(());
            }
            if act.each {
                // 5.1 "in each space possible": no choice is left to make.
                let mut next_spaces = Vec::new();
                next(self, act, &mut next_spaces);
                let first = next_spaces.into_iter().find_map(|c| match c {
                    Choice::Space(s) if act.allows(s) => Some(s),
                    _ => None,
                });
                let Some(s) = first else { return Ok(()) };
                act.spaces |= s.bit();
                act.count += 1;
                resolve(self, act, s)?;
                continue;
            }
            let build = |g: &Self, o: &mut Vec<Choice>| {
                next(g, act, o);
                if act.only != 0 {
                    o.retain(|c| !matches!(c, Choice::Space(s) if !act.allows(*s)));
                }
                g.push_specials(act, o);
                if act.count > 0 {
                    g.push_own_steps(act.faction, o);
                    o.push(Choice::Done);
                }
            };
            let allowed = |g: &Self, c| g.special_allowed(act, c);
            let c = self.ask_judged(act.faction, ask, None, build, Some(allowed))?;
            match c {
                Choice::Space(s) => {
                    act.spaces |= s.bit();
                    act.count += 1;
                    resolve(self, act, s)?;
                }
                Choice::Special(sa) => self.special_activity(act, sa)?,
                Choice::Step(step) => self.own_step(act.faction, step)?,
                _ => return Ok(()),
            }
        }
    }

    /// The player options an executing Faction has at any point of its Operation or
    /// Event (`voluntary_removal`): 1.4.1, remove its own pieces; 4.5.3, "the owner may
    /// transfer the Shipment to another Guerrilla in the same space at any time".
    pub(crate) fn push_own_steps(&self, f: Faction, out: &mut Vec<Choice>) {
        if !self.own_steps_for(f) {
            return;
        }
        if self.own_pieces_on_map(f) {
            out.push(Choice::Step(Step::Remove));
        }
        if !self.shipment_transfer_spaces(f).is_empty() {
            out.push(Choice::Step(Step::Transfer));
        }
    }

    /// Does Faction `f` have the player options of `push_own_steps`? Not a Non-player:
    /// it voluntarily transfers and removes nothing (8.1.2).
    /// Nor a dry run (5.1.3): the steps are the player's, not an Event's text (and its
    /// explorer would take "remove" then "done" for ever).
    pub(crate) fn own_steps_for(&self, f: Faction) -> bool {
        self.voluntary_removal && !self.is_non_player(f) && !self.in_dry_run()
    }

    /// May Faction `f` count on freeing its own pieces (1.4.1) when judging whether a step
    /// of its Operation is possible? Where it will be offered the removal
    /// (`own_steps_for`), and in the dry-run game that judges a Special Activity before
    /// the Operation (4.1): that game offers no removal itself, but the Operation after
    /// the Special Activity is the player's own, with the removal offered.
    pub(crate) fn may_free_own(&self, f: Faction) -> bool {
        match self.dry.probing.as_deref() {
            Some(run) => run.frees_own(f),
            None => self.own_steps_for(f),
        }
    }

    /// Carry out a step `push_own_steps` offered.
    pub(crate) fn own_step(&mut self, f: Faction, step: Step) -> Result<(), Stop> {
        match step {
            Step::Remove => self.remove_own(f, None, &[], Ask::OwnRemovalSpace),
            Step::Transfer => self.transfer_shipment_by_owner(f),
            _ => Err(Stop::Failed(format!("unexpected step {}", step.slug()))),
        }
    }

    /// Spaces where Faction `f` owns a Shipment and another Guerrilla could take it.
    fn shipment_transfer_spaces(&self, f: Faction) -> Vec<SpaceId> {
        let mut out = Vec::new();
        for (_, p) in self.state.shipments_on_map() {
            if self.rules.forces.type_of(p).faction != f {
                continue;
            }
            let Some(s) = self.state.piece_space(p) else { continue };
            if !out.contains(&s) && self.guerrillas_in(s) > 1 {
                out.push(s);
            }
        }
        out
    }

    /// 4.5.3: the owner moves one of its Shipments to another Guerrilla in the same space
    /// (of any Faction).
    fn transfer_shipment_by_owner(&mut self, f: Faction) -> Result<(), Stop> {
        let spaces = self.shipment_transfer_spaces(f);
        let Choice::Space(s) = self.ask(f, Ask::TransferSpace, None, |_, o| {
            o.extend(spaces.iter().map(|&s| Choice::Space(s)))
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        let (index, holder) = self
            .state
            .shipments_on_map()
            .find(|&(_, p)| self.rules.forces.type_of(p).faction == f && self.state.piece_space(p) == Some(s))
            .ok_or_else(|| Stop::Failed("no Shipment to transfer".into()))?;
        let c = self.ask(f, Ask::TransferTo, Some(s), |g, o| {
            g.guerrilla_classes(s, None, Some(holder), o)
        })?;
        self.transfer_to_class(s, index, c, holder)
    }

    fn own_pieces_on_map(&self, f: Faction) -> bool {
        PieceType::all()
            .into_iter()
            .any(|t| t.faction == f && self.state.on_map(self.rules, t) > 0)
    }

    /// 1.4.1: while executing, a player Faction may remove its own pieces to Available
    /// (e.g. to Rally them back Underground). Pieces in `except` stay.
    /// With `needed` not empty, Done is offered only once one of those types is Available
    /// (the space was offered counting on the removal: the Operation must be able to
    /// place there).
    /// `ask` is the kind of the space question (`OwnRemovalBeforeEvent` as an Event begins).
    pub(crate) fn remove_own(
        &mut self,
        f: Faction,
        except: Option<SpaceId>,
        needed: &[PieceType],
        ask: Ask,
    ) -> Result<(), Stop> {
        loop {
            let needed = !needed.is_empty() && needed.iter().all(|&t| self.state.available(t) == 0);
            let c = self.ask(f, ask, None, |g, o| {
                if !needed {
                    o.push(Choice::Done);
                }
                for s in g.spaces() {
                    if Some(s) != except && g.state.space(s).faction_pieces(f) > 0 {
                        o.push(Choice::Space(s));
                    }
                }
            })?;
            let Choice::Space(s) = c else { return Ok(()) };
            let piece = self.ask(f, Ask::OwnRemovalPiece, Some(s), |g, o| {
                for t in PieceType::all().into_iter().filter(|t| t.faction == f) {
                    let states: &[Option<bool>] = if t.is_guerrilla() {
                        &[Some(true), Some(false)]
                    } else {
                        &[None]
                    };
                    for &u in states {
                        let n = match u {
                            Some(u) => g.state.space(s).guerrillas(f, u),
                            None => g.state.count(s, t),
                        };
                        if n > 0 {
                            o.push(Choice::Piece(t, u));
                        }
                    }
                }
            })?;
            let Choice::Piece(t, u) = piece else {
                return Err(Stop::Failed("expected a piece".into()));
            };
            self.remove_one(f, s, t, u, ShipmentFate::Owner)?;
        }
    }

    /// A piece type of this Faction, as a kernel PieceType.
    pub(crate) fn piece(f: Faction, k: PieceKind) -> PieceType {
        PieceType::new(f, k).expect("a piece type of the Faction")
    }
}
