//! Names from the rules: Factions, piece kinds, spaces and the levels of Support.
//! Content and records use readable slugs; the kernel works on these dense ids.

use std::fmt;

/// The four Factions (1.5). The discriminant is the Faction's index in per-Faction arrays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Faction {
    Govt = 0,
    Farc = 1,
    Auc = 2,
    Cartels = 3,
}

impl Faction {
    pub const ALL: [Faction; 4] = [Faction::Govt, Faction::Farc, Faction::Auc, Faction::Cartels];
    pub const INSURGENTS: [Faction; 3] = [Faction::Farc, Faction::Auc, Faction::Cartels];

    pub fn index(self) -> usize {
        self as usize
    }
    pub fn slug(self) -> &'static str {
        match self {
            Faction::Govt => "govt",
            Faction::Farc => "farc",
            Faction::Auc => "auc",
            Faction::Cartels => "cartels",
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Faction::Govt => "Government",
            Faction::Farc => "FARC",
            Faction::Auc => "AUC",
            Faction::Cartels => "Cartels",
        }
    }
    pub fn from_slug(s: &str) -> Option<Faction> {
        Faction::ALL.into_iter().find(|f| f.slug() == s)
    }
}

impl fmt::Display for Faction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Kinds of force pieces (1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PieceKind {
    Troops,
    Police,
    Guerrilla,
    Base,
}

impl PieceKind {
    pub fn slug(self) -> &'static str {
        match self {
            PieceKind::Troops => "troops",
            PieceKind::Police => "police",
            PieceKind::Guerrilla => "guerrilla",
            PieceKind::Base => "base",
        }
    }
    pub fn from_slug(s: &str) -> Option<PieceKind> {
        [
            PieceKind::Troops,
            PieceKind::Police,
            PieceKind::Guerrilla,
            PieceKind::Base,
        ]
        .into_iter()
        .find(|k| k.slug() == s)
    }
}

/// One of the 9 piece types of the Available Forces chart: a Faction and a kind that
/// Faction has (Government: Troops, Police, Base; Insurgents: Guerrilla, Base).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceType {
    pub faction: Faction,
    pub kind: PieceKind,
}

impl PieceType {
    pub const COUNT: usize = 9;
    pub const TROOPS: PieceType = PieceType {
        faction: Faction::Govt,
        kind: PieceKind::Troops,
    };
    pub const POLICE: PieceType = PieceType {
        faction: Faction::Govt,
        kind: PieceKind::Police,
    };

    /// The type if this Faction has such pieces, else None (no Government Guerrillas).
    pub fn new(faction: Faction, kind: PieceKind) -> Option<PieceType> {
        let ok = match faction {
            Faction::Govt => kind != PieceKind::Guerrilla,
            _ => matches!(kind, PieceKind::Guerrilla | PieceKind::Base),
        };
        ok.then_some(PieceType { faction, kind })
    }
    pub fn base(faction: Faction) -> PieceType {
        PieceType {
            faction,
            kind: PieceKind::Base,
        }
    }
    /// Panics for the Government, which has no Guerrillas.
    pub fn guerrilla(faction: Faction) -> PieceType {
        assert!(faction != Faction::Govt, "the Government has no Guerrillas");
        PieceType {
            faction,
            kind: PieceKind::Guerrilla,
        }
    }
    pub fn all() -> [PieceType; 9] {
        use Faction::*;
        use PieceKind::*;
        [
            PieceType {
                faction: Govt,
                kind: Troops,
            },
            PieceType {
                faction: Govt,
                kind: Police,
            },
            PieceType {
                faction: Govt,
                kind: Base,
            },
            PieceType {
                faction: Farc,
                kind: Guerrilla,
            },
            PieceType {
                faction: Farc,
                kind: Base,
            },
            PieceType {
                faction: Auc,
                kind: Guerrilla,
            },
            PieceType {
                faction: Auc,
                kind: Base,
            },
            PieceType {
                faction: Cartels,
                kind: Guerrilla,
            },
            PieceType {
                faction: Cartels,
                kind: Base,
            },
        ]
    }
    /// Dense index 0..9 in the order of `all()`.
    pub fn index(self) -> usize {
        match (self.faction, self.kind) {
            (Faction::Govt, PieceKind::Troops) => 0,
            (Faction::Govt, PieceKind::Police) => 1,
            (Faction::Govt, _) => 2,
            (f, PieceKind::Guerrilla) => 1 + 2 * f.index(),
            (f, _) => 2 + 2 * f.index(),
        }
    }
    pub fn is_base(self) -> bool {
        self.kind == PieceKind::Base
    }
    pub fn is_guerrilla(self) -> bool {
        self.kind == PieceKind::Guerrilla
    }
    pub fn is_cube(self) -> bool {
        matches!(self.kind, PieceKind::Troops | PieceKind::Police)
    }
    /// The per-space count slot of this type; Guerrillas have two (Underground, Active).
    pub fn slot(self, underground: bool) -> Slot {
        let f = self.faction.index();
        let s = match self.kind {
            PieceKind::Troops => 0,
            PieceKind::Police => 1,
            PieceKind::Base => 3 * f + 2,
            PieceKind::Guerrilla => 3 * f + if underground { 0 } else { 1 },
        };
        Slot(s as u8)
    }
}

impl fmt::Display for PieceType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            PieceKind::Troops => f.write_str("Troops"),
            PieceKind::Police => f.write_str("Police"),
            PieceKind::Guerrilla => write!(f, "{} Guerrilla", self.faction.name()),
            PieceKind::Base => write!(f, "{} Base", self.faction.name()),
        }
    }
}

/// A per-space count slot: 3 per Faction. Government: Troops, Police, Base. Insurgents:
/// Underground Guerrillas, Active Guerrillas, Bases. A Faction's slots are 3f..3f+3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Slot(pub u8);

impl Slot {
    pub const COUNT: usize = 12;
}

/// A map space, as its index in the map table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpaceId(pub u8);

impl SpaceId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }
    /// The spaces of a mask (bit = space), lowest first: map order. Walking the set bits
    /// skips the others without testing each (option builders walk the map constantly).
    pub fn in_mask(mask: u64) -> impl Iterator<Item = SpaceId> {
        let mut left = mask;
        std::iter::from_fn(move || {
            (left != 0).then(|| {
                let i = left.trailing_zeros();
                left &= left - 1;
                SpaceId(i as u8)
            })
        })
    }
}

/// A piece, as its index in the inventory (each piece has an identity, so Shipments can
/// stay with the Guerrilla that holds them, 4.5.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(pub u8);

/// The 5 levels of 1.6.1, as a signed number: +2 Active Support … −2 Active Opposition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Support {
    ActiveOpposition = -2,
    PassiveOpposition = -1,
    #[default]
    Neutral = 0,
    PassiveSupport = 1,
    ActiveSupport = 2,
}

impl Support {
    pub const ALL: [Support; 5] = [
        Support::ActiveOpposition,
        Support::PassiveOpposition,
        Support::Neutral,
        Support::PassiveSupport,
        Support::ActiveSupport,
    ];
    pub fn value(self) -> i8 {
        self as i8
    }
    pub fn from_value(v: i8) -> Option<Support> {
        Support::ALL.into_iter().find(|s| s.value() == v)
    }
    pub fn slug(self) -> &'static str {
        match self {
            Support::ActiveOpposition => "active_opposition",
            Support::PassiveOpposition => "passive_opposition",
            Support::Neutral => "neutral",
            Support::PassiveSupport => "passive_support",
            Support::ActiveSupport => "active_support",
        }
    }
    pub fn from_slug(s: &str) -> Option<Support> {
        Support::ALL.into_iter().find(|l| l.slug() == s)
    }
    pub fn name(self) -> &'static str {
        match self {
            Support::ActiveOpposition => "Active Opposition",
            Support::PassiveOpposition => "Passive Opposition",
            Support::Neutral => "Neutral",
            Support::PassiveSupport => "Passive Support",
            Support::ActiveSupport => "Active Support",
        }
    }
    /// Contribution to Total Support (1.6.3) of a space with this Population.
    pub fn support_points(self, pop: u8) -> u16 {
        pop as u16 * self.value().max(0) as u16
    }
    /// Contribution to Total Opposition (1.6.3) of a space with this Population.
    pub fn opposition_points(self, pop: u8) -> u16 {
        pop as u16 * (-self.value()).max(0) as u16
    }
}

/// Who controls a space (1.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Control {
    #[default]
    Uncontrolled,
    Govt,
    Farc,
}

impl Control {
    pub fn name(self) -> &'static str {
        match self {
            Control::Uncontrolled => "Uncontrolled",
            Control::Govt => "Govt Control",
            Control::Farc => "FARC Control",
        }
    }
}

/// The side of a dual-use Event card (5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Unshaded,
    Shaded,
}

impl Side {
    pub fn slug(self) -> &'static str {
        match self {
            Side::Unshaded => "unshaded",
            Side::Shaded => "shaded",
        }
    }
    pub fn from_slug(s: &str) -> Option<Side> {
        match s {
            "unshaded" => Some(Side::Unshaded),
            "shaded" => Some(Side::Shaded),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_type_indices_are_dense_and_match_all() {
        for (i, t) in PieceType::all().into_iter().enumerate() {
            assert_eq!(t.index(), i, "{t}");
        }
    }

    #[test]
    fn slots_are_three_per_faction() {
        for t in PieceType::all() {
            let s = t.slot(true).0 as usize;
            assert_eq!(s / 3, t.faction.index(), "{t}");
        }
        let g = PieceType::guerrilla(Faction::Auc);
        assert_ne!(g.slot(true), g.slot(false));
    }

    #[test]
    fn government_has_no_guerrillas() {
        assert!(PieceType::new(Faction::Govt, PieceKind::Guerrilla).is_none());
        assert!(PieceType::new(Faction::Farc, PieceKind::Troops).is_none());
    }
}
