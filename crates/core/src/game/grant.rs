//! What an Event grants (5.5): a free Operation or Special Activity executed by the
//! engine's own procedures, on the Event's terms — in given spaces, against given
//! Factions, in each space possible, with substitute forces — and, where the card says
//! so, overriding the lasting Events that would forbid it (5.1.2).

use super::decision::{Choice, Op, Special, Stop};
use super::engine::Game;
use super::ops::{Action, Force};
use crate::game::question::Ask;
use crate::kernel::{Faction, SpaceId};

/// A free Operation an Event grants.
#[derive(Clone, Debug)]
pub struct Grant {
    /// The Faction that executes it (5.1: it makes the Operation's selections).
    pub faction: Faction,
    /// The Operation, or the Operations the Faction chooses among ("Sweep or Assault").
    pub ops: Vec<Op>,
    /// The spaces it may use (bit = space; 0 = any). For March, the destinations.
    pub only: u64,
    /// The Factions it may affect (bit = Faction index).
    pub against: u8,
    /// "In each space possible": every possible space, in map order.
    pub each: bool,
    /// Limited to 1 space (or 1 destination).
    pub limited: bool,
    /// A Sweep without movement.
    pub no_move: bool,
    /// An Attack resolved as an Ambush.
    pub ambush: bool,
    /// Terror or Ambush by any Guerrilla, an Active one included (5.1.1).
    pub any_guerrilla: bool,
    /// An Ambush that does not Activate.
    pub no_activation: bool,
    /// Terror markers per Terror space.
    pub markers: u8,
    /// Who counts as Troops.
    pub force: Force,
    /// 5.1.2: lasting Events that forbid or limit the grant yield to it.
    pub overrides: bool,
}

impl Grant {
    pub fn new(faction: Faction, op: Op) -> Grant {
        Grant {
            faction,
            ops: vec![op],
            only: 0,
            against: 0b1111,
            each: false,
            limited: false,
            no_move: false,
            ambush: false,
            any_guerrilla: false,
            no_activation: false,
            markers: 1,
            force: Force::Cubes,
            overrides: false,
        }
    }

    /// The Action that executes `op` under this grant, restricted to `only`.
    fn action(&self, op: Op, only: u64) -> Action {
        let mut act = Action::new(self.faction, op).free();
        act.by_event = true;
        act.specials_allowed = false;
        act.only = only;
        act.limited = self.limited;
        act.no_move = self.no_move && op == Op::Sweep;
        act.against = self.against;
        act.ambush = self.ambush && op == Op::Attack;
        act.any_guerrilla = self.any_guerrilla;
        act.no_activation = self.no_activation;
        act.markers = self.markers;
        act.force = self.force;
        act
    }
}

impl<'r> Game<'r> {
    /// Run `body` with the lasting prohibitions lifted when `overrides` (5.1.2), then put
    /// the lasting Events back as they were.
    pub(crate) fn overriding<T>(&mut self, overrides: bool, body: impl FnOnce(&mut Self) -> T) -> T {
        if !overrides {
            return body(self);
        }
        let saved = self.state.mods;
        self.state.mods = saved.yielding_to_grant();
        let out = body(self);
        self.state.mods = saved;
        out
    }

    /// Could the grant be executed now (in at least one space)?
    pub fn grant_possible(&mut self, grant: &Grant) -> bool {
        self.overriding(grant.overrides, |g| {
            grant.ops.iter().any(|&op| g.op_possible(&grant.action(op, grant.only)))
        })
    }

    /// Execute the grant. Returns the spaces it selected (bit = space); none when it was
    /// not possible (5.1.3: the rest of the Event still happens).
    pub fn execute_grant(&mut self, grant: &Grant) -> Result<u64, Stop> {
        self.overriding(grant.overrides, |g| g.execute_grant_now(grant))
    }

    fn execute_grant_now(&mut self, grant: &Grant) -> Result<u64, Stop> {
        let f = grant.faction;
        if grant.each {
            return self.grant_in_each_space(grant);
        }
        let possible: Vec<Op> = grant
            .ops
            .iter()
            .copied()
            .filter(|&op| self.op_possible(&grant.action(op, grant.only)))
            .collect();
        if possible.is_empty() {
            self.note(move |_| format!("{} cannot execute the free Operation", f.name()));
            return Ok(0);
        }
        let op = match self.ask(f, Ask::FreeOperation, None, |_, o| {
            o.extend(possible.iter().map(|&op| Choice::Op(op)))
        })? {
            Choice::Op(op) => op,
            c => return Err(Stop::Failed(format!("expected an Operation, got {c}"))),
        };
        let mut act = grant.action(op, grant.only);
        self.operation(&mut act)?;
        Ok(act.spaces)
    }

    /// "In each space possible": the Faction picks the Operation for each space where
    /// one is possible (in map order); then each Operation runs once over its spaces, so
    /// that an AUC Terror in several spaces cuts Aid once (3.3.4).
    fn grant_in_each_space(&mut self, grant: &Grant) -> Result<u64, Stop> {
        let f = grant.faction;
        let spaces: Vec<SpaceId> = self
            .spaces()
            .filter(|s| grant.only == 0 || grant.only & s.bit() != 0)
            .collect();
        let mut chosen: Vec<(Op, u64)> = Vec::new();
        for s in spaces {
            let here: Vec<Op> = grant
                .ops
                .iter()
                .copied()
                .filter(|&op| self.op_possible(&grant.action(op, s.bit())))
                .collect();
            if here.is_empty() {
                continue;
            }
            let op = match self.ask(f, Ask::FreeOperationHere, Some(s), |_, o| {
                o.extend(here.iter().map(|&op| Choice::Op(op)))
            })? {
                Choice::Op(op) => op,
                c => return Err(Stop::Failed(format!("expected an Operation, got {c}"))),
            };
            match chosen.iter_mut().find(|(o, _)| *o == op) {
                Some((_, m)) => *m |= s.bit(),
                None => chosen.push((op, s.bit())),
            }
        }
        let mut all = 0;
        for (op, mask) in chosen {
            let mut act = grant.action(op, mask);
            act.each = true;
            self.operation(&mut act)?;
            all |= act.spaces;
        }
        Ok(all)
    }

    /// Is the free Special Activity `sa` possible for Faction `f` now, with lasting
    /// prohibitions lifted when `overrides` (5.1.2)?
    pub fn granted_special_possible(&mut self, f: Faction, sa: Special, overrides: bool) -> bool {
        self.overriding(overrides, |g| {
            Special::of(f).contains(&sa) && sa != Special::Ambush && g.special_possible(&special_action(f, sa), sa)
        })
    }

    /// Execute a free Special Activity an Event grants (5.5): `sa`, or the one Faction
    /// `f` picks among those possible now. Returns whether one was executed.
    pub fn execute_granted_special(
        &mut self,
        f: Faction,
        sa: Option<Special>,
        max_spaces: Option<u8>,
        overrides: bool,
    ) -> Result<bool, Stop> {
        self.overriding(overrides, |g| {
            let sa = match sa {
                Some(sa) => {
                    if !g.granted_special_possible(f, sa, false) {
                        g.note(move |_| format!("{} cannot execute the free {}", f.name(), sa.slug()));
                        return Ok(false);
                    }
                    sa
                }
                None => {
                    let opts: Vec<Choice> = Special::of(f)
                        .iter()
                        .filter(|&&sa| g.granted_special_possible(f, sa, false))
                        .map(|&sa| Choice::Special(sa))
                        .collect();
                    if opts.is_empty() {
                        return Ok(false);
                    }
                    match g.ask(f, Ask::FreeSpecial, None, |_, o| o.extend(opts))? {
                        Choice::Special(sa) => sa,
                        c => return Err(Stop::Failed(format!("expected a Special Activity, got {c}"))),
                    }
                }
            };
            let mut act = special_action(f, sa);
            act.sa_max_spaces = max_spaces;
            g.special_activity(&mut act, sa)?;
            Ok(true)
        })
    }
}

/// The Action a free Special Activity runs in: the Operation it goes with (4.1), already
/// under way so that nothing is held back for it; the Event grants the activity alone.
fn special_action(f: Faction, sa: Special) -> Action {
    let op = match sa {
        Special::AirLift | Special::AirStrike | Special::Eradicate => Op::Assault,
        Special::Extort | Special::Kidnap | Special::Assassinate => Op::Terror,
        _ => Op::Rally,
    };
    let mut act = Action::new(f, op).free();
    act.by_event = true;
    act.count = 1;
    act
}
