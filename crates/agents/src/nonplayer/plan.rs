//! A Non-player's plan for one Operation and its Special Activity: decided when the bot
//! chooses the Operation (section 8 flowcharts), then used to answer each question the
//! Operation asks.

use abyss_core::game::{Op, Special, Step};
use abyss_core::kernel::{Faction, SpaceId};

/// One March (or Troop) move: a group from one space into another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub from: SpaceId,
    pub to: SpaceId,
    pub underground: u8,
    pub active: u8,
}

#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// The flowchart box, e.g. "farc.rally" (for the rule-firing counts).
    pub name: &'static str,
    pub op: Option<Op>,
    /// Operation spaces in order, each with the procedure to use there (Rally).
    pub spaces: Vec<(SpaceId, Option<Step>)>,
    /// Rally regroup moves: (destination, origin, how many).
    pub regroup: Vec<(SpaceId, SpaceId, u8)>,
    /// March or Sweep moves, in order.
    pub moves: Vec<Move>,
    /// Where the plan stands in `moves`.
    pub next_move: usize,
    /// The Special Activity to add after the Operation.
    pub special: Option<Special>,
    /// Attack: the space to Ambush in.
    pub ambush: Option<SpaceId>,
    /// Whom to remove first (Attack, Assassinate, Bribe, Assault).
    pub targets: Vec<Faction>,
    /// The space an Operation is resolving now, when its questions do not name it
    /// (the Government's Sweep: how many Troops come from an origin).
    pub current: Option<SpaceId>,
    /// The Government's Redeploy: where the Police it is moving go (6.5.3).
    pub police_to: Option<SpaceId>,
    /// The Government's Redeploy: where the Troops it is moving by choice go (6.5.2).
    pub troops_to: Option<SpaceId>,
    /// The Government's expansion Department, when this Operation works on it.
    pub expand: Option<SpaceId>,
}

impl Plan {
    pub fn new(name: &'static str, op: Op) -> Plan {
        Plan {
            name,
            op: Some(op),
            ..Plan::default()
        }
    }
    /// Anything to do?
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty() && self.moves.is_empty()
    }
    pub fn has_space(&self, s: SpaceId) -> bool {
        self.spaces.iter().any(|x| x.0 == s)
    }
    pub fn add(&mut self, s: SpaceId, step: Option<Step>) {
        if !self.has_space(s) {
            self.spaces.push((s, step));
        }
    }
    pub fn step_in(&self, s: SpaceId) -> Option<Step> {
        self.spaces.iter().find(|x| x.0 == s).and_then(|x| x.1)
    }
}
