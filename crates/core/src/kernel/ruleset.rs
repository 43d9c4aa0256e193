//! The static facts of the game, checked and interned by the content loader:
//! the map, the forces inventory and limits, the El Presidente track and the cards.
//! Immutable during play; every state is interpreted against one Ruleset.

use super::ids::{Faction, PieceId, PieceType, Side, SpaceId};
use std::ops::Range;

/// Most spaces a map may have: adjacency and "in play" sets are 64-bit masks.
pub const MAX_SPACES: usize = 64;
/// Most pieces the whole inventory may hold (piece ids are bytes).
pub const MAX_PIECES: usize = 250;
/// Most Shipment markers (4.5.3 has 4).
pub const MAX_SHIPMENTS: usize = 8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceKind {
    City,
    Department,
    Loc,
}

impl SpaceKind {
    pub fn slug(self) -> &'static str {
        match self {
            SpaceKind::City => "city",
            SpaceKind::Department => "department",
            SpaceKind::Loc => "loc",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Forest,
    Mountain,
    Grassland,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LocType {
    Road,
    Pipeline,
}

#[derive(Clone, Debug)]
pub struct SpaceDef {
    pub slug: String,
    pub name: String,
    pub kind: SpaceKind,
    /// Population (1.3.2-3); 0 for LoCs.
    pub pop: u8,
    /// Departments only.
    pub terrain: Option<Terrain>,
    /// LoCs only.
    pub loc_type: Option<LocType>,
    /// Econ value (1.3.4); 0 for Cities and Departments.
    pub econ: u8,
    pub coastal: bool,
    /// Foreign countries this space touches (for Events), e.g. "venezuela".
    pub borders: Vec<String>,
    /// Not a space until an Event makes it one (1.3.5).
    pub event_only: bool,
    /// A stacking limit per Faction in this space (Ecuador, 1.4.2).
    pub max_pieces_per_faction: Option<u8>,
}

impl SpaceDef {
    pub fn is_city(&self) -> bool {
        self.kind == SpaceKind::City
    }
    pub fn is_department(&self) -> bool {
        self.kind == SpaceKind::Department
    }
    pub fn is_loc(&self) -> bool {
        self.kind == SpaceKind::Loc
    }
    /// Cities and Departments with Population show Support or Opposition (1.6.1, 1.6.2 NOTE).
    pub fn can_hold_support(&self) -> bool {
        !self.is_loc() && self.pop > 0
    }
}

#[derive(Clone, Debug)]
pub struct Map {
    pub spaces: Vec<SpaceDef>,
    /// adjacency[s] has bit t set when spaces s and t are adjacent (1.3.6); symmetric.
    pub adjacency: Vec<u64>,
    /// 6.3.1: the Econ total the LoCs add up to.
    pub loc_econ_total: u16,
    /// The Departments, as a mask (bit = space index).
    departments: u64,
    /// The spaces with a limit of pieces per Faction (Ecuador, Panamá), as a mask.
    limited: u64,
}

impl Map {
    pub fn new(spaces: Vec<SpaceDef>, adjacency: Vec<u64>, loc_econ_total: u16) -> Map {
        let departments = spaces
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_department())
            .fold(0, |m, (i, _)| m | 1u64 << i);
        let limited = spaces
            .iter()
            .enumerate()
            .filter(|(_, d)| d.max_pieces_per_faction.is_some())
            .fold(0, |m, (i, _)| m | 1u64 << i);
        Map {
            spaces,
            adjacency,
            loc_econ_total,
            departments,
            limited,
        }
    }
    /// The spaces with a limit of pieces per Faction, as a mask.
    pub fn limited(&self) -> u64 {
        self.limited
    }
    /// The Departments (in play or not), as a mask.
    pub fn departments(&self) -> u64 {
        self.departments
    }
    pub fn len(&self) -> usize {
        self.spaces.len()
    }
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }
    pub fn space(&self, s: SpaceId) -> &SpaceDef {
        &self.spaces[s.index()]
    }
    pub fn ids(&self) -> impl Iterator<Item = SpaceId> + '_ {
        (0..self.spaces.len()).map(|i| SpaceId(i as u8))
    }
    pub fn find(&self, slug: &str) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|d| d.slug == slug)
            .map(|i| SpaceId(i as u8))
    }
    /// Adjacency on the full table, whether or not an event-only space is in play yet.
    pub fn adjacent(&self, a: SpaceId, b: SpaceId) -> bool {
        self.adjacency[a.index()] & b.bit() != 0
    }
    /// The spaces a game starts with: all but the event-only ones.
    pub fn initial_in_play(&self) -> u64 {
        self.ids()
            .filter(|&s| !self.space(s).event_only)
            .fold(0, |m, s| m | s.bit())
    }
}

/// The El Presidente track (6.4.3): one box, left to right.
#[derive(Clone, Debug)]
pub struct President {
    pub slug: String,
    pub name: String,
    /// 6.3.1: no Aid is collected in the Resources phase while this President holds office.
    pub no_aid: bool,
    /// What the Election does on entering this box (6.4.3).
    pub on_enter: Option<PresidentEffect>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PresidentEffect {
    PlaceFarcZone,
    RemoveFarcZones,
}

#[derive(Clone, Debug)]
pub struct Limits {
    pub resources_max: u8,
    pub aid_max: u8,
    pub bases_per_space: u8,
    pub terror_sabotage_markers: u8,
    pub shipments: u8,
}

/// 7.2's victory thresholds: each condition is met when its count is above its number.
/// Rules data (rules/forces.toml `[victory]`), so that a mod or `abyss calibrate --lever
/// victory.govt=...` can turn them; the rules' own values when the table is absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Victory {
    /// Total Support above this (Government).
    pub govt_support: i16,
    /// Total Opposition plus FARC Bases above this (FARC).
    pub farc_opposition_bases: i16,
    /// AUC Bases minus FARC Bases above this (AUC: more AUC Bases than FARC Bases).
    pub auc_bases_over_farc: i16,
    /// Cartels Bases above this, and ...
    pub cartels_bases: i16,
    /// ... Cartels Resources above this (Cartels).
    pub cartels_resources: i16,
}

impl Default for Victory {
    fn default() -> Victory {
        Victory {
            govt_support: 60,
            farc_opposition_bases: 25,
            auc_bases_over_farc: 0,
            cartels_bases: 10,
            cartels_resources: 40,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Forces {
    /// Inventory per piece type, indexed by PieceType::index().
    pub count: [u8; PieceType::COUNT],
    /// The piece ids of each type: a contiguous range per type.
    pub ids: [Range<u8>; PieceType::COUNT],
    pub limits: Limits,
    pub presidents: Vec<President>,
    /// 7.2's victory thresholds.
    pub victory: Victory,
}

impl Forces {
    pub fn new(count: [u8; PieceType::COUNT], limits: Limits, presidents: Vec<President>) -> Forces {
        let mut next = 0u8;
        let ids = std::array::from_fn(|i| {
            let r = next..next + count[i];
            next += count[i];
            r
        });
        Forces {
            count,
            ids,
            limits,
            presidents,
            victory: Victory::default(),
        }
    }
    pub fn total_pieces(&self) -> usize {
        self.count.iter().map(|&c| c as usize).sum()
    }
    pub fn type_of(&self, p: PieceId) -> PieceType {
        let i = self
            .ids
            .iter()
            .position(|r| r.contains(&p.0))
            .expect("piece id within the inventory");
        PieceType::all()[i]
    }
    pub fn pieces_of(&self, t: PieceType) -> impl Iterator<Item = PieceId> + use<> {
        self.ids[t.index()].clone().map(PieceId)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardKind {
    Event,
    Propaganda,
}

#[derive(Clone, Debug)]
pub struct Card {
    pub number: u8,
    pub title: String,
    pub slug: String,
    pub kind: CardKind,
    /// Faction order (2.3.2); empty for Propaganda cards.
    pub order: Vec<Faction>,
    /// A Government Capability (5.3).
    pub capability: bool,
    /// The shaded side is Insurgent Momentum (5.4).
    pub momentum: bool,
    /// A single Event, not dual use (5.2).
    pub single: bool,
    /// The Non-player "2nd: Ops" mark (2.3.2 NOTE, 8.1).
    pub second_ops: bool,
    pub second_edition: bool,
    pub unshaded: String,
    pub shaded: Option<String>,
    /// The card's Non-player Event Instructions (8.4.4), if it has any.
    pub nonplayer: Instruction,
}

/// A card's Non-player Event Instructions (8.4.4): how Non-players treat its Event where
/// the generic rules of 8.4 would not say enough. Data in rules/cards.toml
/// (`[card.nonplayer]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Instruction {
    /// Non-players always choose Operations on this card, never the Event.
    pub never_event: bool,
    /// Where the Event lets the executing Non-player choose spaces: candidates meeting
    /// every trait of the first tier go first, then the second tier, and so on; the
    /// random table (8.2) decides within a tier.
    pub prefer: Vec<Vec<SpaceTrait>>,
    /// When the Event lets it choose which Guerrillas act, the executing Faction uses its
    /// own, Active ones before Underground ones.
    pub own_active_first: bool,
    /// The instruction as printed (or designed), for people.
    pub note: String,
}

/// A property of a space that an Instruction can prefer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SpaceTrait {
    City,
    Department,
    Loc,
    /// Active or Passive Support.
    Support,
    /// Active or Passive Opposition.
    Opposition,
    /// Guerrillas of this Faction.
    Guerrilla(Faction),
    /// A Base of this Faction.
    Base(Faction),
    /// Cubes (Government Troops or Police).
    Police,
}

impl SpaceTrait {
    /// The words of rules/cards.toml: city, department, loc, support, opposition, police,
    /// FACTION-guerrilla, FACTION-base.
    pub fn parse(word: &str) -> Option<SpaceTrait> {
        Some(match word {
            "city" => SpaceTrait::City,
            "department" => SpaceTrait::Department,
            "loc" => SpaceTrait::Loc,
            "support" => SpaceTrait::Support,
            "opposition" => SpaceTrait::Opposition,
            "police" => SpaceTrait::Police,
            _ => {
                let (f, k) = word.split_once('-')?;
                let f = Faction::from_slug(f)?;
                match k {
                    "guerrilla" if f != Faction::Govt => SpaceTrait::Guerrilla(f),
                    "base" => SpaceTrait::Base(f),
                    _ => return None,
                }
            }
        })
    }
}

/// The Non-player tables of section 8 (rules/nonplayer.toml).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NonPlayerTables {
    /// 8.2 Random Cities and Departments, as one cyclic list (slot 0 = red 1-2, yellow
    /// 1-2, green 1-2; then green, then yellow, then red).
    pub random_spaces: Vec<SpaceId>,
    /// Slots filled by a guess rather than by the sources (shown by `abyss validate`).
    pub guessed: Vec<SpaceId>,
    /// Event-only spaces selected before any other candidate once in play (8.2).
    pub first_when_candidate: Vec<SpaceId>,
}

impl Card {
    pub fn text(&self, side: Side) -> Option<&str> {
        match side {
            Side::Unshaded => Some(self.unshaded.as_str()).filter(|t| !t.is_empty()),
            Side::Shaded => self.shaded.as_deref(),
        }
    }
}

/// Everything static: what a State is interpreted against.
#[derive(Clone, Debug)]
pub struct Ruleset {
    pub map: Map,
    pub forces: Forces,
    pub cards: Vec<Card>,
    /// The Event scripts (events/), as text: the kernel runs none of them; the script
    /// host (crates/lua/src) does.
    pub events: EventFiles,
    /// The Non-player tables (section 8).
    pub nonplayer: NonPlayerTables,
    /// What runs the Event scripts for a game on these rules: the Lua host (crates/lua)
    /// gives its runner to the rules it loads (`abyss_lua::load_ruleset`). The rules
    /// engine knows no Lua; rules without a runner play no Event.
    pub event_runner: Option<crate::game::ScriptsFactory>,
    /// How the runner leaves an Event waiting on a coroutine (`EventSuspension`).
    pub event_suspension: Option<crate::game::EventSuspension>,
}

/// One Lua file of events/: a card's script (`card` > 0) or a shared library module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventFile {
    /// The card it belongs to; 0 for events/lib/ modules.
    pub card: u8,
    /// Path relative to the content folder, e.g. "events/008_fuerza_aerea_colombiana.lua".
    pub path: String,
    /// For library modules, the name `require` takes ("events/lib/pick.lua" -> "pick").
    pub module: String,
    pub source: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventFiles {
    /// Card scripts in card order.
    pub cards: Vec<EventFile>,
    pub lib: Vec<EventFile>,
    fingerprint: u64,
}

impl EventFiles {
    pub fn card(&self, number: u8) -> Option<&EventFile> {
        // Cards numbered from 1 without gaps sit at number - 1; others are looked for.
        match self.cards.get(usize::from(number).wrapping_sub(1)) {
            Some(f) if f.card == number => Some(f),
            _ => self.cards.iter().find(|f| f.card == number),
        }
    }
    pub fn module(&self, name: &str) -> Option<&EventFile> {
        self.lib.iter().find(|f| f.module == name)
    }
    /// A fingerprint of every script's path and text (FNV-1a 64), computed at load.
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }
    /// Compute the fingerprint once the files are in.
    pub fn seal(&mut self) {
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        for f in self.cards.iter().chain(&self.lib) {
            for b in f.path.bytes().chain([0]).chain(f.source.bytes()).chain([0]) {
                h ^= b as u64;
                h = h.wrapping_mul(0x0000_0100_0000_01B3);
            }
        }
        self.fingerprint = h;
    }
}

impl Ruleset {
    pub fn card(&self, number: u8) -> Option<&Card> {
        // Cards numbered from 1 without gaps sit at number - 1; others are looked for.
        match self.cards.get(usize::from(number).wrapping_sub(1)) {
            Some(c) if c.number == number => Some(c),
            _ => self.cards.iter().find(|c| c.number == number),
        }
    }
    pub fn president_index(&self, slug: &str) -> Option<u8> {
        self.forces
            .presidents
            .iter()
            .position(|p| p.slug == slug)
            .map(|i| i as u8)
    }
}
