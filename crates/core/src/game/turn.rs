//! The course of the game (2.2-2.4): Event cards with their Eligible Factions, Pass,
//! Operations and Limited Operations, Ship (2.3.6), eligibility (2.3.7), the final Event
//! card (2.3.9), Propaganda cards (never two Rounds in a row) and the end of the game.

use super::decision::{Choice, Doing, Op, Stop};
use super::engine::{CardContext, Game, Moment, Outcome};
use super::ops::Action;
use super::sequence::{CardOutcome, Executed, OpScope, SopBox, adjust_eligibility, menu, pass};
use crate::game::question::{Ask, Question};
use crate::kernel::{CardKind, Faction, PieceType, Ruleset, Side, SpaceId, State};

impl<'r> Game<'r> {
    /// Play from the current card to the end of the game.
    pub fn play(&mut self) -> Result<Outcome, Stop> {
        self.switch_on_lasting_effects()?;
        self.doing(Doing::Deployment, |g| {
            g.narrate_phase("Open Deployment", |g| g.open_deployment())
        })?;
        let final_event = self.final_event_index();
        // 6.0 EXCEPTION below: a game resumed mid-deck (crates/core/src/game/resume.rs) reads whether
        // the card before was a Propaganda card from the deck.
        let mut last_was_propaganda = self
            .card_index
            .checked_sub(1)
            .and_then(|i| self.deck.get(i))
            .and_then(|&n| self.rules.card(n))
            .is_some_and(|c| c.kind == CardKind::Propaganda);
        while let Some(number) = self.current_card() {
            if !self.watch_card() {
                return Err(Stop::Paused);
            }
            self.note_card_start();
            for a in &mut self.agents {
                a.card_begins();
            }
            let card = self
                .rules
                .card(number)
                .ok_or_else(|| Stop::Failed(format!("card {number} is not in the cards table")))?;
            self.stats.cards += 1;
            if card.kind == CardKind::Propaganda {
                self.propaganda_played += 1;
                let final_round = self.propaganda_played >= self.final_propaganda;
                self.note(|_| format!("Propaganda card {number}"));
                self.narrate_card(number);
                // 6.0 EXCEPTION: never two Propaganda Rounds in a row.
                if !last_was_propaganda
                    && let Some(outcome) = self.doing(Doing::Propaganda, |g| g.propaganda_round(final_round))?
                {
                    return Ok(outcome);
                }
                self.reached(Moment::CardEnd(number));
                if final_round {
                    return Ok(self.outcome(None));
                }
                last_was_propaganda = true;
            } else {
                self.card = CardContext {
                    final_event_card: Some(self.card_index) == final_event,
                    ..CardContext::default()
                };
                self.note(|r| {
                    format!(
                        "Event card {number}: {}",
                        r.card(number).map_or("", |c| c.title.as_str())
                    )
                });
                self.narrate_card(number);
                self.event_card(number)?;
                self.reached(Moment::CardEnd(number));
                last_was_propaganda = false;
            }
            self.card_index += 1;
        }
        // The deck ran out before the final Propaganda card: 7.3 decides.
        Ok(self.outcome(None))
    }

    /// The deck position of the last Event card before the final Propaganda card.
    fn final_event_index(&self) -> Option<usize> {
        let mut seen = 0u8;
        let mut last_event = None;
        for (i, &n) in self.deck.iter().enumerate() {
            match self.rules.card(n).map(|c| c.kind) {
                Some(CardKind::Propaganda) => {
                    seen += 1;
                    if seen >= self.final_propaganda {
                        return last_event;
                    }
                }
                _ => last_event = Some(i),
            }
        }
        None
    }

    /// 2.3: up to two Eligible Factions, in the card's order, execute or Pass.
    fn event_card(&mut self, number: u8) -> Result<(), Stop> {
        let card = self.rules.card(number).expect("checked by play");
        let mut order = [Faction::Govt; 4];
        let n = card.order.len().min(4);
        order[..n].copy_from_slice(&card.order[..n]);
        let mut first: Option<Executed> = None;
        let mut outcome = CardOutcome::default();
        let mut acted = 0;
        self.card.playing = true;
        for &f in &order[..n] {
            if acted == 2 {
                break;
            }
            if !self.state.eligible(f) {
                continue;
            }
            let m = menu(first, self.card.final_event_card);
            let non_player = self.is_non_player(f);
            // 8.1 No Limited Operations: a Non-player executes a normal Operation (with
            // its Special Activity) instead, and the final Event card's limits (2.3.9) do
            // not bind it.
            let limited = m.operation != OpScope::Full && !non_player;
            self.card.first = first;
            self.card.discord = None;
            if non_player && first.is_some() && m.event && self.insurgent_discord(f) {
                let govt = Faction::Govt;
                let yes = self.ask_yes(govt, Ask::Discord, None)?;
                self.card.discord = Some(yes);
            }
            // Each Operation is offered if it is possible (4.1: with its Special Activity
            // first, perhaps), judged by dry runs only as the answer needs.
            let possible = |g: &Self, c: Choice| {
                let Choice::Op(op) = c else { return true };
                let mut act = Action::new(f, op);
                if limited {
                    act = act.limited();
                }
                act.by_event = non_player;
                g.op_possible(&act)
            };
            let c = self.doing(Doing::Choosing, |g| {
                let build = |g: &Self, o: &mut Vec<Choice>| {
                    o.push(Choice::Pass);
                    // 5.2: either side of a dual-use Event; a card without a script offers none.
                    if m.event && g.event_scripted(number) {
                        o.push(Choice::Event(Side::Unshaded));
                        if !card.single {
                            o.push(Choice::Event(Side::Shaded));
                        }
                    }
                    o.extend(Op::of(f).iter().map(|&op| Choice::Op(op)));
                };
                // The question says what is on offer: a Limited Operation is named as such.
                let text = match (m.event && g.event_scripted(number), limited, m.operation) {
                    (true, true, OpScope::FinalLimited) => {
                        "Final Event card: execute the Event or a Limited Operation (1 space, no Special Activity, no Sweep or March), or Pass?"
                    }
                    (false, true, OpScope::FinalLimited) => {
                        "Final Event card: execute a Limited Operation (1 space, no Special Activity, no Sweep or March), or Pass?"
                    }
                    (true, true, _) => {
                        "Execute the Event or a Limited Operation (1 space, no Special Activity), or Pass?"
                    }
                    (false, true, _) => "Execute a Limited Operation (1 space, no Special Activity), or Pass?",
                    (_, false, _) => Ask::Action.text(),
                };
                g.ask_judged(f, Question::new(Ask::Action, text), None, build, Some(possible))
            })?;
            // 2.2 RECORD STEPS: the cylinder goes to the box of what was chosen.
            let placed = |done: Executed| match first {
                None => SopBox::First(done),
                Some(_) if limited && done != Executed::Event => SopBox::SecondLimited,
                Some(_) => SopBox::Second(done),
            };
            if let Choice::Event(side) = c {
                self.card.sop[f.index()] = Some(placed(Executed::Event));
                self.narrate_event_begin(f);
                // 1.5.2 and 1.4.1 (player options): "during … execution by the Sequence of
                // Play of an Operation or Event" — as the Event begins.
                let doing = Doing::Event {
                    faction: f,
                    card: number,
                    side,
                };
                self.doing(doing, |g| g.event_player_options(f))?;
                let failed = self.execute_event(f, number, side);
                let why = match &failed {
                    Ok(Some(e)) => Some(Some(e.to_string())),
                    Ok(None) => Some(None),
                    Err(_) => None,
                };
                self.narrate_event(f, number, side, why);
                failed?;
                first.get_or_insert(Executed::Event);
                outcome.executed[f.index()] = true;
                acted += 1;
                continue;
            }
            let Choice::Op(op) = c else {
                self.card.sop[f.index()] = Some(SopBox::Passed);
                let before = self.state.resources(f) as i16;
                pass(&mut self.state, self.rules, f);
                self.note(move |_| format!("{} passes", f.name()));
                self.narrate_pass(f, self.state.resources(f) as i16 - before);
                continue;
            };
            let mut act = Action::new(f, op);
            if limited {
                act = act.limited();
            }
            // 8.1: the final Event card's limits do not bind a Non-player (the flag that
            // exempts an Event's free Operations from 2.3.9).
            act.by_event = non_player;
            self.card.sop[f.index()] = Some(placed(Executed::Operation));
            self.operation(&mut act)?;
            let executed = if act.special.is_some() {
                Executed::OperationWithSpecialActivity
            } else {
                Executed::Operation
            };
            self.card.sop[f.index()] = Some(placed(executed));
            first.get_or_insert(executed);
            outcome.executed[f.index()] = true;
            acted += 1;
            // 8.1 No Shipping: Non-players never Ship.
            if !non_player && act.paid && act.special.is_none() && self.card.shipped & (1 << f.index()) == 0 {
                self.ship(f)?;
            }
        }
        outcome.event_override = self.card.event_override;
        adjust_eligibility(&mut self.state, &outcome);
        self.card.playing = false;
        Ok(())
    }

    /// 8.1 Insurgent Discord: in a 2-player game, the Government player chooses, for a
    /// 2nd Eligible Non-player with at least 1 Resource, between its Event and an Operation.
    fn insurgent_discord(&self, f: Faction) -> bool {
        let players = self.seating.players.iter().filter(|p| !p.is_empty()).count();
        players == 2
            && f != Faction::Govt
            && self.state.resources(f) >= 1
            && self.seating.players.iter().any(|p| p.contains(&Faction::Govt))
    }

    /// The Factions owning a Shipment on the map (4.5.3: the holder's Faction owns it).
    fn shipment_owners(&self) -> u8 {
        self.state
            .shipments_on_map()
            .fold(0, |m, (_, p)| m | 1 << self.rules.forces.type_of(p).faction.index())
    }

    fn free_limited_ops(&self, f: Faction, out: &mut Vec<Choice>) {
        for &op in Op::of(f) {
            if self.op_possible(&Action::new(f, op).limited().free()) {
                out.push(Choice::Op(op));
            }
        }
    }

    /// 2.3.6 Ship: after a paid Operation without Special Activity, a Shipment (the
    /// executing Faction's, or another Faction's that agrees) buys a free Limited Operation.
    fn ship(&mut self, f: Faction) -> Result<(), Stop> {
        let owners = self.shipment_owners();
        if owners == 0 {
            return Ok(());
        }
        let mut ops = Vec::new();
        self.free_limited_ops(f, &mut ops);
        if ops.is_empty() {
            return Ok(());
        }
        let c = self.ask(f, Ask::Ship, None, |_, o| {
            o.push(Choice::No);
            o.extend(
                Faction::ALL
                    .iter()
                    .filter(|x| owners & (1 << x.index()) != 0)
                    .map(|&x| Choice::Faction(x)),
            );
        })?;
        let Choice::Faction(owner) = c else { return Ok(()) };
        if owner != f && !self.ask_yes(owner, Ask::ShipConsent, None)? {
            return Ok(());
        }
        let held: Vec<(u8, SpaceId)> = self
            .state
            .shipments_on_map()
            .filter(|&(_, p)| self.rules.forces.type_of(p).faction == owner)
            .filter_map(|(i, p)| self.state.piece_space(p).map(|s| (i, s)))
            .collect();
        let Choice::Space(s) = self.ask(owner, Ask::ShipSpace, None, |_, o| {
            for &(_, s) in &held {
                if !o.contains(&Choice::Space(s)) {
                    o.push(Choice::Space(s));
                }
            }
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        let index = held.iter().find(|h| h.1 == s).map(|h| h.0).expect("offered");
        self.state
            .remove_shipment(index)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        self.card.shipped |= 1 << f.index();
        self.narrate_note(Some(f), |g| {
            format!(
                "{} Ships: {}'s Shipment in {} is removed for a free Limited Operation (2.3.6)",
                f.name(),
                owner.name(),
                g.rules.map.space(s).name
            )
        });
        let Choice::Op(op) = self.ask(f, Ask::ShipOperation, None, |_, o| o.extend(ops))? else {
            return Err(Stop::Failed("expected an Operation".into()));
        };
        let mut act = Action::new(f, op).limited().free();
        self.operation(&mut act)
    }

    /// How the game stands now as an Outcome (7.1-7.3).
    pub(crate) fn outcome(&self, victory_check: Option<u8>) -> Outcome {
        let margins = Faction::ALL.map(|f| self.margin(f));
        let conditions = margins.map(|m| m > 0);
        let mut seats: Vec<(Vec<Faction>, i16, u8)> = Vec::new();
        let non_player_seats: Vec<Vec<Faction>> = self.seating.non_players.iter().map(|&f| vec![f]).collect();
        for seat in self.seating.players.iter().chain(non_player_seats.iter()) {
            if seat.is_empty() {
                continue;
            }
            // 1.5.1: a player running two Factions uses the lower margin.
            let margin = seat.iter().map(|f| margins[f.index()]).min().unwrap_or(i16::MIN);
            // 7.1 ties: Non-players, then Cartels, then AUC, then FARC (then Government).
            let non_player = seat.iter().all(|f| self.seating.non_players.contains(f));
            let tie = if non_player {
                0
            } else {
                seat.iter()
                    .map(|f| match f {
                        Faction::Cartels => 1,
                        Faction::Auc => 2,
                        Faction::Farc => 3,
                        Faction::Govt => 4,
                    })
                    .min()
                    .unwrap_or(5)
            };
            seats.push((seat.clone(), margin, tie));
        }
        seats.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
        // 8.8: the player's margin minus the highest Non-player margin.
        let solitaire = (victory_check.is_none() && self.solitaire()).then(|| {
            let player = self.seating.players.iter().find(|p| !p.is_empty()).expect("one player");
            let mine = player.iter().map(|f| margins[f.index()]).min().unwrap_or(0);
            let theirs = self
                .seating
                .non_players
                .iter()
                .map(|f| margins[f.index()])
                .max()
                .unwrap_or(0);
            mine - theirs
        });
        Outcome {
            victory_check,
            ranking: seats.into_iter().map(|(s, m, _)| (s, m)).collect(),
            margins,
            conditions,
            solitaire,
        }
    }

    /// 7.3 victory margins.
    pub fn margin(&self, f: Faction) -> i16 {
        victory_margin(self.rules, &self.state, f)
    }
}

/// 7.3: Faction `f`'s victory margin in a position (positive: its condition is met, 7.2,
/// against the rules' thresholds, `Forces::victory`).
pub fn victory_margin(r: &Ruleset, st: &State, f: Faction) -> i16 {
    let bases = |x: Faction| st.on_map(r, PieceType::base(x)) as i16;
    let v = &r.forces.victory;
    match f {
        Faction::Govt => st.total_support() as i16 - v.govt_support,
        Faction::Farc => st.opposition_plus_bases(r) as i16 - v.farc_opposition_bases,
        Faction::Auc => bases(Faction::Auc) - bases(Faction::Farc) - v.auc_bases_over_farc,
        Faction::Cartels => {
            (bases(Faction::Cartels) - v.cartels_bases).min(st.resources(Faction::Cartels) as i16 - v.cartels_resources)
        }
    }
}
