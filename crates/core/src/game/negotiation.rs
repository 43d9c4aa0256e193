//! 1.5.2 Negotiation: players may hand each other Resources or Shipments, and only during
//! either's execution of an Operation or Event; never between two Factions of one player
//! (1.5.1). Off by default (playouts and bots do not bargain); `abyss play` turns it on.

use super::decision::{Choice, Step, Stop};
use super::engine::Game;
use super::ops::Action;
use crate::game::question::Ask;
use crate::kernel::{Faction, PieceType, SpaceId};

/// What a giver may hand one receiver: amounts of Resources, and Shipments by space with
/// the receiver's Guerrilla classes that may take them.
type Offer = (Faction, Vec<u8>, Vec<(SpaceId, Vec<Choice>)>);

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

    /// Would `act`'s Operation still take place (4.1: its Special Activity first
    /// included) after `giver` hands `n` Resources to `to`? (No Operation: always.)
    fn op_stays_after_resources(&mut self, act: Option<&Action>, giver: Faction, to: Faction, n: u8) -> bool {
        let Some(act) = act else { return true };
        let (a, b) = (self.state.resources(giver), self.state.resources(to));
        self.state.gain_resources(self.rules, giver, -(n as i16));
        self.state.gain_resources(self.rules, to, n as i16);
        let possible = self.op_possible(act);
        for (f, was) in [(giver, a), (to, b)] {
            let now = self.state.resources(f);
            self.state.gain_resources(self.rules, f, was as i16 - now as i16);
        }
        possible
    }

    /// The same after `giver`'s Shipment in `s` goes to a Guerrilla of `to`'s class `c`.
    fn op_stays_after_shipment(&mut self, act: Option<&Action>, s: SpaceId, giver: Faction, c: Choice) -> bool {
        let Some(act) = act else { return true };
        let saved = self.state.clone();
        let moved = self.hand_over_shipment(s, giver, c).is_ok();
        let possible = moved && self.op_possible(act);
        self.state = saved;
        possible
    }

    /// Move `giver`'s Shipment in `s` to a Guerrilla of class `c` there.
    fn hand_over_shipment(&mut self, s: SpaceId, giver: Faction, c: Choice) -> Result<(), Stop> {
        let (index, holder) = self
            .state
            .shipments_on_map()
            .find(|&(_, p)| self.rules.forces.type_of(p).faction == giver && self.state.piece_space(p) == Some(s))
            .ok_or_else(|| Stop::Failed("no Shipment to hand over".into()))?;
        self.transfer_to_class(s, index, c, holder)
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
            // Removal alone: its own question (with Done) is the whole choice.
            if steps == [Choice::Step(Step::Remove)] {
                return self.remove_own(executing, None, &[], Ask::OwnRemovalBeforeEvent);
            }
            let c = self.ask(executing, Ask::BeforeEvent, None, |_, o| {
                o.push(Choice::Done);
                o.extend(steps);
            })?;
            let Choice::Step(step) = c else { return Ok(()) };
            self.own_step(executing, step)?;
        }
    }

    /// Offer the transfers of 1.5.2 around `executing`'s Operation (`act`) or Event: it
    /// may give to anyone, and anyone may give to it. A transfer that would leave the
    /// Operation it chose without a first space is not offered (no dead ends).
    pub(crate) fn negotiate(&mut self, executing: Faction, act: Option<&Action>) -> Result<(), Stop> {
        if !self.negotiation {
            return Ok(());
        }
        let givers: Vec<Faction> = std::iter::once(executing)
            .chain(Faction::ALL.into_iter().filter(|&f| f != executing))
            .collect();
        for giver in givers {
            loop {
                // Per receiver: the amounts that may go, and the Shipments.
                let mut offers: Vec<Offer> = Vec::new();
                for to in Faction::ALL {
                    if !(giver == executing || to == executing) || !self.may_receive(giver, to) {
                        continue;
                    }
                    let room = self.rules.forces.limits.resources_max - self.state.resources(to);
                    let most = self.state.resources(giver).min(room);
                    let amounts: Vec<u8> = (1..=most)
                        .filter(|&n| self.op_stays_after_resources(act, giver, to, n))
                        .collect();
                    let mut ships = Vec::new();
                    for s in self.shipment_handover_spaces(giver, to) {
                        let here: Vec<Choice> = [true, false]
                            .into_iter()
                            .filter(|&u| self.state.space(s).guerrillas(to, u) > 0)
                            .map(|u| Choice::Piece(PieceType::guerrilla(to), Some(u)))
                            .collect();
                        let classes: Vec<Choice> = here
                            .into_iter()
                            .filter(|&c| self.op_stays_after_shipment(act, s, giver, c))
                            .collect();
                        if !classes.is_empty() {
                            ships.push((s, classes));
                        }
                    }
                    if !amounts.is_empty() || !ships.is_empty() {
                        offers.push((to, amounts, ships));
                    }
                }
                let c = self.ask(giver, Ask::NegotiateTo, None, |_, o| {
                    o.push(Choice::Done);
                    o.extend(offers.iter().map(|x| Choice::Faction(x.0)));
                })?;
                let Choice::Faction(to) = c else { break };
                let (_, amounts, ships) = offers.into_iter().find(|x| x.0 == to).expect("offered");
                let what = self.ask(giver, Ask::NegotiateWhat, None, |_, o| {
                    if !amounts.is_empty() {
                        o.push(Choice::Step(Step::Resources));
                    }
                    if !ships.is_empty() {
                        o.push(Choice::Step(Step::Shipments));
                    }
                })?;
                if what == Choice::Step(Step::Resources) {
                    let Choice::Number(n) = self.ask(giver, Ask::NegotiateAmount, None, |_, o| {
                        o.extend(amounts.iter().map(|&n| Choice::Number(n)))
                    })?
                    else {
                        return Err(Stop::Failed("expected a number".into()));
                    };
                    self.state.gain_resources(self.rules, giver, -(n as i16));
                    self.state.gain_resources(self.rules, to, n as i16);
                    self.note(move |_| format!("{} gives {n} Resources to {}", giver.name(), to.name()));
                    continue;
                }
                let Choice::Space(s) = self.ask(giver, Ask::NegotiateShipSpace, None, |_, o| {
                    o.extend(ships.iter().map(|x| Choice::Space(x.0)))
                })?
                else {
                    return Err(Stop::Failed("expected a space".into()));
                };
                let classes = ships.into_iter().find(|x| x.0 == s).map(|x| x.1).expect("offered");
                let c = self.ask(giver, Ask::NegotiateShipTo, Some(s), |_, o| o.extend(classes))?;
                self.hand_over_shipment(s, giver, c)?;
            }
        }
        Ok(())
    }
}
