//! What the bots read off the position: counts per space and the tests section 8 keeps
//! using (Base room, Underground Guerrillas, Guerrillas without Shipments, ...).

use abyss_core::kernel::{Control, Faction, PieceType, Ruleset, SpaceDef, SpaceId, State, Support};

#[derive(Clone, Copy)]
pub struct Look<'a> {
    pub r: &'a Ruleset,
    pub st: &'a State,
}

impl<'a> Look<'a> {
    pub fn new(r: &'a Ruleset, st: &'a State) -> Look<'a> {
        Look { r, st }
    }
    /// Spaces in play, in map order.
    pub fn spaces(&self) -> impl Iterator<Item = SpaceId> + 'a {
        SpaceId::in_mask(self.st.in_play_mask())
    }
    pub fn def(&self, s: SpaceId) -> &'a SpaceDef {
        self.r.map.space(s)
    }
    pub fn land(&self, s: SpaceId) -> bool {
        !self.def(s).is_loc()
    }
    pub fn pop(&self, s: SpaceId) -> u8 {
        self.def(s).pop
    }
    pub fn g(&self, s: SpaceId, f: Faction) -> u8 {
        self.st.count(s, PieceType::guerrilla(f))
    }
    pub fn ug(&self, s: SpaceId, f: Faction) -> u8 {
        self.st.space(s).guerrillas(f, true)
    }
    pub fn ag(&self, s: SpaceId, f: Faction) -> u8 {
        self.st.space(s).guerrillas(f, false)
    }
    pub fn bases(&self, s: SpaceId, f: Faction) -> u8 {
        self.st.count(s, PieceType::base(f))
    }
    pub fn all_bases(&self, s: SpaceId) -> u8 {
        self.st.space(s).bases()
    }
    pub fn troops(&self, s: SpaceId) -> u8 {
        self.st.count(s, PieceType::TROOPS)
    }
    pub fn police(&self, s: SpaceId) -> u8 {
        self.st.count(s, PieceType::POLICE)
    }
    pub fn cubes(&self, s: SpaceId) -> u8 {
        self.troops(s) + self.police(s)
    }
    pub fn pieces(&self, s: SpaceId, f: Faction) -> u8 {
        self.st.space(s).faction_pieces(f)
    }
    /// Pieces of every other Faction.
    pub fn others(&self, s: SpaceId, f: Faction) -> u16 {
        self.st.space(s).total_pieces() - self.pieces(s, f) as u16
    }
    pub fn support(&self, s: SpaceId) -> Support {
        self.st.support(s)
    }
    pub fn has_support(&self, s: SpaceId) -> bool {
        self.support(s) > Support::Neutral
    }
    pub fn has_opposition(&self, s: SpaceId) -> bool {
        self.support(s) < Support::Neutral
    }
    pub fn control(&self, s: SpaceId) -> Control {
        self.st.control(s)
    }
    pub fn available(&self, t: PieceType) -> u8 {
        self.st.available(t)
    }
    /// A Base of `f` could stand here (1.4.2), whether or not one is Available.
    pub fn base_room(&self, s: SpaceId, f: Faction) -> bool {
        self.st.can_stack(self.r, s, PieceType::base(f), None).is_ok()
    }
    /// Room for one more Base of `f` when 2 of its Guerrillas leave (Rally's Base step).
    pub fn base_room_replacing(&self, s: SpaceId, f: Faction) -> bool {
        self.st
            .can_stack(self.r, s, PieceType::base(f), Some(PieceType::guerrilla(f)))
            .is_ok()
    }
    /// Guerrillas of `f` here that hold no Shipment.
    pub fn free_guerrillas(&self, s: SpaceId, f: Faction) -> u8 {
        self.st
            .pieces_in(self.r, s, PieceType::guerrilla(f), None)
            .filter(|&p| !self.st.holds_shipment(p))
            .count() as u8
    }
    /// A Guerrilla here holds a Shipment (of any Faction other than `except`).
    pub fn shipment_here(&self, s: SpaceId, except: Option<Faction>) -> bool {
        self.st
            .shipments_on_map()
            .any(|(_, p)| self.st.piece_space(p) == Some(s) && Some(self.r.forces.type_of(p).faction) != except)
    }
    pub fn shipments_available(&self) -> u8 {
        let total = self.r.forces.limits.shipments;
        total.saturating_sub(self.st.shipments_on_map().count() as u8)
    }
    pub fn adjacent(&self, s: SpaceId) -> impl Iterator<Item = SpaceId> + 'a {
        self.st.adjacent(self.r, s)
    }
    /// 3.3.1: may `f` Rally here? (The engine's rule.)
    pub fn rally_allowed(&self, s: SpaceId, f: Faction) -> bool {
        abyss_core::game::ops::insurgent::rally_allowed_in(self.r, self.st, f, s)
    }
    /// 2.1 "can_rally_base": a Base Available and a Rally space with 2 Guerrillas without
    /// Shipments and room for the Base.
    pub fn can_rally_base(&self, f: Faction) -> bool {
        self.available(PieceType::base(f)) > 0 && self.spaces().any(|s| self.rally_base_space(s, f))
    }
    pub fn rally_base_space(&self, s: SpaceId, f: Faction) -> bool {
        self.rally_allowed(s, f) && self.free_guerrillas(s, f) >= 2 && self.base_room_replacing(s, f)
    }
    /// The largest group of `f` that can March into `to` and stay Underground (3.3.2,
    /// the engine's rule); u8::MAX where a group never goes Active.
    pub fn stay_underground_cap(&self, f: Faction, to: SpaceId) -> u8 {
        match abyss_core::game::ops::insurgent::march_exposure(self.r, self.st, f, to) {
            None => u8::MAX,
            Some(others) => 3u8.saturating_sub(others),
        }
    }
    /// Would a FARC Agitation be possible here now (6.4.2: FARC Control, a City or
    /// Department with Population, not at Active Opposition)?
    pub fn farc_could_agitate(&self, s: SpaceId) -> bool {
        self.land(s)
            && self.pop(s) > 0
            && self.control(s) == Control::Farc
            && self.support(s) > Support::ActiveOpposition
    }
}
