//! Why a primitive did not act. A refused instruction leaves the state untouched (1.4.1,
//! 1.4.2, 5.1.1: "ignore any instructions ... if stacking would be violated").

use super::ids::{Faction, PieceId, PieceType, SpaceId};
use super::ruleset::Ruleset;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// 1.4.1: only Available pieces may be placed.
    NoneAvailable(PieceType),
    /// No piece of that type (and state) in the space.
    NoSuchPiece {
        space: SpaceId,
        piece: PieceType,
        underground: Option<bool>,
    },
    /// An event-only space that no Event has opened (1.3.5).
    SpaceNotInPlay(SpaceId),
    /// 1.4.2: Bases may not occupy LoCs.
    BaseOnLoc(SpaceId),
    /// 1.4.2: no more than 2 Bases (any Factions) in a City or Department.
    BaseStacking(SpaceId),
    /// 1.4.2, 6.4.4: Government forces may not occupy a FARC Zone.
    GovtInFarcZone(SpaceId),
    /// 1.4.2 (Sucumbíos): a per-Faction stacking limit in this space.
    ForeignLimit(SpaceId, Faction),
    /// 1.6.2 NOTE: LoCs and Population 0 Departments never hold Support or Opposition.
    NoSupportHere(SpaceId),
    /// Already at the end of the Support track in that direction.
    SupportAtLimit(SpaceId),
    /// 3.3.4: Terror goes in Cities and Departments; on LoCs it is Sabotage.
    TerrorOnLoc(SpaceId),
    /// Sabotage goes on LoCs only (3.3.4).
    SabotageOffLoc(SpaceId),
    AlreadySabotaged(SpaceId),
    NoMarkerHere(SpaceId),
    /// 3.3.4: all 40 Terror/Sabotage markers are on the map.
    MarkerPoolExhausted,
    /// 6.4.4: FARC Zones are Departments.
    FarcZoneNotDepartment(SpaceId),
    AlreadyFarcZone(SpaceId),
    NotFarcZone(SpaceId),
    /// 6.4.4: the Government must first Redeploy its cubes and remove its Bases from there.
    GovtPiecesInZone(SpaceId),
    /// 1.7: Resources stay within 0..=99.
    ResourcesOutOfRange {
        faction: Faction,
        /// Wider than the delta, so that no sum wraps (40 + 32767 is 32807, not -32729).
        wanted: i32,
        max: u8,
    },
    /// 1.7: Aid stays within 0..=29.
    AidOutOfRange {
        wanted: i32,
        max: u8,
    },
    /// 4.5.3: all Shipment markers are on the map.
    NoShipmentAvailable,
    /// Shipments go beneath Guerrillas only (4.5.3).
    NotAGuerrillaOnMap(PieceId),
    /// The piece is Available or out of play, not on the map.
    PieceNotOnMap(PieceId),
    NoSuchShipment(u8),
    /// 4.5.3: transfers go to another Guerrilla in the same space.
    ShipmentElsewhere {
        shipment: u8,
        to: PieceId,
    },
    UnknownCard(u8),
    NotACapability(u8),
    NotMomentum(u8),
    UnknownPresident(u8),
    /// The space is already a space (or never event-only).
    NotEventOnly(SpaceId),
    SameSpace(SpaceId),
}

impl Refusal {
    /// A stable code for tools and content findings.
    pub fn code(&self) -> &'static str {
        use Refusal::*;
        match self {
            NoneAvailable(_) => "none-available",
            NoSuchPiece { .. } => "no-such-piece",
            SpaceNotInPlay(_) => "space-not-in-play",
            BaseOnLoc(_) => "base-on-loc",
            BaseStacking(_) => "base-stacking",
            GovtInFarcZone(_) => "govt-in-farc-zone",
            ForeignLimit(..) => "foreign-limit",
            NoSupportHere(_) => "support-unpopulated",
            SupportAtLimit(_) => "support-at-limit",
            TerrorOnLoc(_) => "terror-on-loc",
            SabotageOffLoc(_) => "sabotage-off-loc",
            AlreadySabotaged(_) => "already-sabotaged",
            NoMarkerHere(_) => "no-marker",
            MarkerPoolExhausted => "marker-pool-exhausted",
            FarcZoneNotDepartment(_) => "farc-zone-not-department",
            AlreadyFarcZone(_) => "already-farc-zone",
            NotFarcZone(_) => "not-farc-zone",
            GovtPiecesInZone(_) => "govt-in-farc-zone",
            ResourcesOutOfRange { .. } => "resources-range",
            AidOutOfRange { .. } => "aid-range",
            NoShipmentAvailable => "no-shipment-available",
            NotAGuerrillaOnMap(_) => "not-a-guerrilla",
            PieceNotOnMap(_) => "piece-not-on-map",
            NoSuchShipment(_) => "no-such-shipment",
            ShipmentElsewhere { .. } => "shipment-elsewhere",
            UnknownCard(_) => "unknown-card",
            NotACapability(_) => "not-a-capability",
            NotMomentum(_) => "not-momentum",
            UnknownPresident(_) => "unknown-president",
            NotEventOnly(_) => "not-event-only",
            SameSpace(_) => "same-space",
        }
    }

    /// The reason in words, naming spaces as the map does.
    pub fn describe(&self, r: &Ruleset) -> String {
        use Refusal::*;
        let n = |s: &SpaceId| r.map.space(*s).name.clone();
        match self {
            NoneAvailable(t) => format!("no {t} is Available (1.4.1)"),
            NoSuchPiece {
                space,
                piece,
                underground,
            } => {
                let state = match underground {
                    Some(true) => "Underground ",
                    Some(false) => "Active ",
                    None => "",
                };
                format!("no {state}{piece} in {}", n(space))
            }
            SpaceNotInPlay(s) => format!("{} is not a space unless an Event makes it one (1.3.5)", n(s)),
            BaseOnLoc(s) => format!("Bases may not occupy LoCs such as {} (1.4.2)", n(s)),
            BaseStacking(s) => format!("{} already holds 2 Bases (1.4.2)", n(s)),
            GovtInFarcZone(s) => {
                format!("Government forces may not occupy {}, a FARC Zone (1.4.2, 6.4.4)", n(s))
            }
            ForeignLimit(s, f) => format!("{} allows no more {} pieces (1.4.2)", n(s), f.name()),
            NoSupportHere(s) => {
                format!("{} is a LoC or has no Population: it is always Neutral (1.6.2)", n(s))
            }
            SupportAtLimit(s) => format!("{} cannot shift further that way (1.6.1)", n(s)),
            TerrorOnLoc(s) => format!("{} is a LoC: place Sabotage there, not Terror (3.3.4)", n(s)),
            SabotageOffLoc(s) => format!("{} is not a LoC: only LoCs take Sabotage (3.3.4)", n(s)),
            AlreadySabotaged(s) => format!("{} is already Sabotaged", n(s)),
            NoMarkerHere(s) => format!("no such marker in {}", n(s)),
            MarkerPoolExhausted => "all Terror/Sabotage markers are on the map (3.3.4)".into(),
            FarcZoneNotDepartment(s) => format!("{} is not a Department (6.4.4)", n(s)),
            AlreadyFarcZone(s) => format!("{} is already a FARC Zone", n(s)),
            NotFarcZone(s) => format!("{} is not a FARC Zone", n(s)),
            GovtPiecesInZone(s) => format!(
                "Government forces are in {}: Redeploy them and remove the Bases first (6.4.4)",
                n(s)
            ),
            ResourcesOutOfRange { faction, wanted, max } => {
                format!("{} Resources would be {wanted}, outside 0..{max} (1.7)", faction.name())
            }
            AidOutOfRange { wanted, max } => format!("Aid would be {wanted}, outside 0..{max} (1.7)"),
            NoShipmentAvailable => "all Shipment markers are on the map (4.5.3)".into(),
            NotAGuerrillaOnMap(p) => format!("piece #{} is not a Guerrilla on the map (4.5.3)", p.0),
            PieceNotOnMap(p) => format!("piece #{} is not on the map", p.0),
            NoSuchShipment(i) => format!("Shipment #{i} is not on the map"),
            ShipmentElsewhere { shipment, to } => {
                format!(
                    "Shipment #{shipment} may only pass to a Guerrilla in its own space, not piece #{}",
                    to.0
                )
            }
            UnknownCard(c) => format!("there is no card {c}"),
            NotACapability(c) => format!("card {c} is not a Government Capability (5.3)"),
            NotMomentum(c) => format!("card {c} has no Insurgent Momentum side (5.4)"),
            UnknownPresident(i) => format!("the El Presidente track has no box {i}"),
            NotEventOnly(s) => format!("{} is already a space", n(s)),
            SameSpace(s) => format!("the piece is already in {}", n(s)),
        }
    }
}
