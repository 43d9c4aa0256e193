//! 1.5.2 Negotiation: players may hand each other Resources or Shipments, and only during
//! either's execution of an Operation or Event; never between two Factions of one player
//! (1.5.1). Off by default (playouts and bots do not bargain); `abyss play` turns it on.

use super::decision::{Choice, Step, Stop};
use super::engine::Game;
use super::ops::Action;
use crate::kernel::{Faction, PieceType, SpaceId};

impl<'r> Game<'r> {
    /// The spaces where `giver` holds a Shipment and `to` has a Guerrilla to take it.
    fn shipment_handover_spaces(&self, giver: Faction, to: Faction) -> Vec<SpaceId> {
        let mut out = Vec::new();
        for (_, p) in self.state.shipments_on_map() {
            if self.rules.forces.type_of(p).faction != giver {
                continue;
            }
            if let Some(s) = self.state.piece_space(p)
                && to != Faction::Govt
                && self.state.count(s, PieceType::guerrilla(to)) > 0
                && !out.contains(&s)
            {
                out.push(s);
            }
        }
        out
    }

    fn may_receive(&self, giver: Faction, to: Faction) -> bool {
        giver != to && !self.seat_of(giver).contains(&to)
    }

    /// The fewest Resources with which `act`'s Operation can still take place (4.1: its
    /// Special Activity first included). Resources only ever help, so a bisection.
    fn resources_needed(&mut self, act: &Action) -> u8 {
        let f = act.faction;
        let have = self.state.resources(f);
        let (mut lo, mut hi) = (0u8, have);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            self.state.gain_resources(self.rules, f, mid as i16 - have as i16);
            let possible = self.op_possible(act);
            self.state.gain_resources(self.rules, f, have as i16 - mid as i16);
            if possible {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    }

    /// 1.5.2 and 1.4.1 as `executing` begins an Event: the transfers, then (player
    /// option) removing its own pieces or moving a Shipment it owns (4.5.3).
    pub(crate) fn event_player_options(&mut self, executing: Faction) -> Result<(), Stop> {
        self.negotiate(executing, None)?;
        loop {
            let mut steps = Vec::new();
            self.push_own_steps(executing, &mut steps);
            if steps.is_empty() {
                return Ok(());
            }
            let c = self.ask(
                executing,
                "Before the Event: remove your own pieces or transfer a Shipment?",
                None,
                |_, o| {
                    o.push(Choice::Done);
                    o.extend(steps);
                },
            )?;
            let Choice::Step(step) = c else { return Ok(()) };
            self.own_step(executing, step)?;
        }
    }

    /// Offer the transfers of 1.5.2 around `executing`'s Operation (`act`) or Event: it
    /// may give to anyone, and anyone may give to it. The executing Faction keeps the
    /// Resources its Operation needs, so that the Operation it chose can still happen.
    pub(crate) fn negotiate(&mut self, executing: Faction, act: Option<&Action>) -> Result<(), Stop> {
        if !self.negotiation {
            return Ok(());
        }
        let reserve = match act {
            Some(act) => self.resources_needed(act),
            None => 0,
        };
        let givers = std::iter::once(executing).chain(Faction::ALL.into_iter().filter(|&f| f != executing));
        for giver in givers.collect::<Vec<_>>() {
            loop {
                let c = self.ask(
                    giver,
                    "Negotiation: give Resources or a Shipment to whom?",
                    None,
                    |g, o| {
                        o.push(Choice::Done);
                        let keep = if giver == executing { reserve } else { 0 };
                        for to in Faction::ALL {
                            let involved = giver == executing || to == executing;
                            let something =
                                g.state.resources(giver) > keep || !g.shipment_handover_spaces(giver, to).is_empty();
                            if involved && g.may_receive(giver, to) && something {
                                o.push(Choice::Faction(to));
                            }
                        }
                    },
                )?;
                let Choice::Faction(to) = c else { break };
                let spaces = self.shipment_handover_spaces(giver, to);
                let keep = if giver == executing { reserve } else { 0 };
                let what = self.ask(giver, "Give Resources, or a Shipment?", None, |g, o| {
                    if g.state.resources(giver) > keep {
                        o.push(Choice::Step(Step::Resources));
                    }
                    if !spaces.is_empty() {
                        o.push(Choice::Step(Step::Shipments));
                    }
                })?;
                if what == Choice::Step(Step::Resources) {
                    let room = self.rules.forces.limits.resources_max - self.state.resources(to);
                    let most = (self.state.resources(giver) - keep).min(room);
                    if most == 0 {
                        continue;
                    }
                    let n = self.ask_number(giver, "How many Resources?", None, 1, most)?;
                    self.state.gain_resources(self.rules, giver, -(n as i16));
                    self.state.gain_resources(self.rules, to, n as i16);
                    self.note(move |_| format!("{} gives {n} Resources to {}", giver.name(), to.name()));
                    continue;
                }
                let Choice::Space(s) = self.ask(giver, "Hand over the Shipment in which space?", None, |_, o| {
                    o.extend(spaces.iter().map(|&s| Choice::Space(s)))
                })?
                else {
                    return Err(Stop::Failed("expected a space".into()));
                };
                let (index, holder) = self
                    .state
                    .shipments_on_map()
                    .find(|&(_, p)| {
                        self.rules.forces.type_of(p).faction == giver && self.state.piece_space(p) == Some(s)
                    })
                    .expect("offered");
                let c = self.ask(giver, "To which of their Guerrillas?", Some(s), |g, o| {
                    for u in [true, false] {
                        if g.state.space(s).guerrillas(to, u) > 0 {
                            o.push(Choice::Piece(PieceType::guerrilla(to), Some(u)));
                        }
                    }
                })?;
                self.transfer_to_class(s, index, c, holder)?;
            }
        }
        Ok(())
    }
}
