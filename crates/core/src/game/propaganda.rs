//! Propaganda Rounds (6.0): Victory, Sabotage, Resources (with Drug Profits), Support
//! (Civic Action, Agitation, Election, FARC Zones, Elite Backing), Redeploy and Reset.

use super::decision::{Choice, Step, Stop};
use super::engine::{Game, Moment, Outcome, Phase};
use super::ops::Action;
use crate::game::question::Ask;
use crate::kernel::{Control, Faction, PieceType, PresidentEffect, SpaceId, Support};

const GOVT: Faction = Faction::Govt;

impl<'r> Game<'r> {
    /// One Propaganda Round. Returns the Outcome if a victory check ends the game. The
    /// final Round skips Redeploy and Reset, which can no longer matter (6.6 PLAY NOTE).
    pub(crate) fn propaganda_round(&mut self, final_round: bool) -> Result<Option<Outcome>, Stop> {
        let round = self.propaganda_played;
        // The standing now, kept whether or not this Round's check is made (Quick-Play
        // skips some): it is the game's outcome if the check ends it.
        let outcome = self.outcome(Some(round));
        self.rounds.push(super::engine::RoundMark {
            round,
            margins: outcome.margins,
            leader: outcome.winner().to_vec(),
        });
        if !self.skip_victory.contains(&round) && self.victory_check() {
            self.narrate_note(None, |g| {
                let winner: Vec<&str> = outcome.winner().iter().map(|f| f.name()).collect();
                format!(
                    "Propaganda, Victory: {} wins (7.2; margins: {})",
                    winner.join(" + "),
                    super::describe::margins_line(g.rules, &g.state)
                )
            });
            return Ok(Some(outcome));
        }
        if !self.skip_victory.contains(&round) {
            self.narrate_note(None, |g| {
                format!(
                    "Propaganda, Victory: no one wins (margins: {})",
                    super::describe::margins_line(g.rules, &g.state)
                )
            });
        }
        self.reached(Moment::AfterPhase(Phase::Victory));
        self.narrate_phase("Sabotage", |g| g.sabotage_phase())?;
        self.reached(Moment::AfterPhase(Phase::Sabotage));
        self.narrate_phase("Resources", |g| g.resources_phase())?;
        self.reached(Moment::AfterPhase(Phase::Resources));
        // 6.4: each step by name (Elite Backing's Rally is the AUC's, not the Government's).
        self.narrate_phase("Support: Civic Action", |g| g.civic_action_phase())?;
        self.narrate_phase("Support: Agitation", |g| g.agitation_phase())?;
        self.narrate_phase("Support: Election", |g| g.election())?;
        self.narrate_phase("Support: Elite Backing", |g| g.elite_backing())?;
        self.reached(Moment::AfterPhase(Phase::Support));
        if !final_round {
            self.narrate_phase("Redeploy", |g| g.redeploy_phase())?;
            self.reached(Moment::AfterPhase(Phase::Redeploy));
            self.narrate_phase("Reset", |g| {
                g.reset_phase();
                Ok(())
            })?;
            self.reached(Moment::AfterPhase(Phase::Reset));
        }
        Ok(None)
    }

    /// 6.1 / 7.2: does a seat meet its condition (every Faction of a two-Faction player,
    /// 1.5.1)?
    pub fn victory_check(&self) -> bool {
        let meets = |f: &Faction| self.margin(*f) > 0;
        // 8.8: in a solitaire game the player never wins during a Propaganda Round.
        let solitaire = self.solitaire();
        self.seating
            .players
            .iter()
            .any(|seat| !solitaire && !seat.is_empty() && seat.iter().all(meets))
            || self.seating.non_players.iter().any(meets)
    }

    // ---- 6.2 Sabotage ------------------------------------------------------------------------

    pub(crate) fn sabotage_phase(&mut self) -> Result<(), Stop> {
        let mods = *self.state.mods();
        let mut due: Vec<SpaceId> = Vec::new();
        for s in self.spaces().filter(|&s| self.def(s).is_loc()) {
            if self.state.space(s).sabotage {
                continue;
            }
            let (g, c) = (self.guerrillas_in(s), self.cubes(s));
            let farc_city = self
                .state
                .adjacent(self.rules, s)
                .any(|a| self.def(a).is_city() && self.state.control(a) == Control::Farc);
            if g > c || (mods.sabotage_when_equal && g > 0 && g == c) || farc_city {
                due.push(s);
            }
        }
        // No marker is placed once all 40 are on the map (3.3.4). With too few left for
        // every LoC due, 6.2 does not say which go: the FARC, the saboteur, chooses
        // (docs/rulings.md, "Rules 1–7").
        let left = usize::from(self.rules.forces.limits.terror_sabotage_markers)
            .saturating_sub(usize::from(self.state.markers_on_map()));
        while !due.is_empty() && self.state.markers_on_map() < self.rules.forces.limits.terror_sabotage_markers {
            let s = if due.len() <= left {
                due[0]
            } else {
                match self.ask(Faction::Farc, Ask::SabotageLoc, None, |_, o| {
                    o.extend(due.iter().map(|&s| Choice::Space(s)))
                })? {
                    Choice::Space(s) => s,
                    c => return Err(Stop::Failed(format!("expected a LoC, got {c}"))),
                }
            };
            due.retain(|&x| x != s);
            let _ = self.state.place_sabotage(self.rules, s);
        }
        // Capability: the Government may then remove some Terror or Sabotage.
        for _ in 0..mods.sabotage_phase_removals {
            let c = self.ask(GOVT, Ask::RemoveMarker, None, |g, o| {
                o.push(Choice::Done);
                for s in g.spaces() {
                    let sp = g.state.space(s);
                    if sp.terror > 0 || sp.sabotage {
                        o.push(Choice::Space(s));
                    }
                }
            })?;
            let Choice::Space(s) = c else { break };
            let done = if self.state.space(s).sabotage {
                self.state.remove_sabotage(s)
            } else {
                self.state.remove_terror(s)
            };
            done.map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        Ok(())
    }

    // ---- 6.3 Resources -----------------------------------------------------------------------

    pub(crate) fn resources_phase(&mut self) -> Result<(), Stop> {
        let r = self.rules;
        let sabotaged: u16 = self
            .spaces()
            .filter(|&s| self.state.space(s).sabotage)
            .map(|s| self.def(s).econ as u16)
            .sum();
        let mut govt = r.map.loc_econ_total.saturating_sub(sabotaged) as i16;
        let president = &r.forces.presidents[self.state.president() as usize];
        if !president.no_aid {
            govt += self.state.aid() as i16;
        }
        self.state.gain_resources(r, GOVT, govt);
        let bases = |g: &Game, f: Faction| g.state.on_map(r, PieceType::base(f)) as i16;
        let (farc, auc, cartels) = (
            bases(self, Faction::Farc),
            bases(self, Faction::Auc),
            bases(self, Faction::Cartels),
        );
        self.state.gain_resources(r, Faction::Farc, farc);
        self.state.gain_resources(r, Faction::Auc, auc);
        let per_base = self.state.mods().cartels_earnings_per_base as i16;
        self.state.gain_resources(r, Faction::Cartels, per_base * cartels);
        // 6.3.3 Drug Profits: FARC, then AUC, then Cartels cash in their Shipments.
        for f in Faction::INSURGENTS {
            loop {
                let Some((i, holder)) = self
                    .state
                    .shipments_on_map()
                    .find(|&(_, p)| r.forces.type_of(p).faction == f)
                else {
                    break;
                };
                let s = self.state.piece_space(holder).expect("a held Shipment is on the map");
                let base = PieceType::base(f);
                let base_ok = self.state.available(base) > 0 && self.state.can_stack(r, s, base, None).is_ok();
                let c = self.ask(f, Ask::DrugProfits, Some(s), |_, o| {
                    if base_ok {
                        o.push(Choice::Step(Step::Base));
                    }
                    o.push(Choice::Step(Step::Resources));
                })?;
                self.state.remove_shipment(i).map_err(|e| Stop::Failed(e.describe(r)))?;
                if c == Choice::Step(Step::Base) {
                    self.state.place(r, s, base).map_err(|e| Stop::Failed(e.describe(r)))?;
                } else {
                    self.state.gain_resources(r, f, 6);
                }
            }
        }
        Ok(())
    }

    // ---- 6.4 Support -------------------------------------------------------------------------

    /// 6.4.1: Civic Action in any Govt-Controlled spaces with Troops and Police, 3
    /// Resources a step. A Capability may relax the cube requirement in some spaces.
    fn civic_action_phase(&mut self) -> Result<(), Stop> {
        let mut relaxed_left = self.state.mods().civic_action_any_cube_spaces;
        loop {
            if self.state.resources(GOVT) < 3 {
                return Ok(());
            }
            let relaxed_ok = relaxed_left > 0;
            let c = self.ask(GOVT, Ask::CivicSpace, None, |g, o| {
                o.push(Choice::Done);
                for s in g.spaces() {
                    if g.civic_action_possible(s, false) || (relaxed_ok && g.civic_action_possible(s, true)) {
                        o.push(Choice::Space(s));
                    }
                }
            })?;
            let Choice::Space(s) = c else { return Ok(()) };
            let relaxed = !self.civic_action_possible(s, false);
            if relaxed {
                relaxed_left -= 1;
            }
            self.civic_action_in(s, relaxed)?;
        }
    }

    fn agitation_possible(&self, s: SpaceId, extra: bool) -> bool {
        let def = self.def(s);
        if def.is_loc() {
            return false;
        }
        let in_reach = if extra {
            self.state.space(s).faction_pieces(Faction::Farc) > 0 && self.state.control(s) != Control::Govt
        } else {
            self.state.control(s) == Control::Farc
        };
        let sp = self.state.space(s);
        in_reach && (sp.terror > 0 || (def.can_hold_support() && sp.support != Support::ActiveOpposition))
    }

    /// 6.4.2: Agitation in FARC-Controlled spaces, 1 Resource a step (Momentum may add
    /// spaces with a FARC piece and no Govt Control).
    fn agitation_phase(&mut self) -> Result<(), Stop> {
        let farc = Faction::Farc;
        let mut extra_left = self.state.mods().agitation_extra_spaces;
        let mut extra_used = 0u64;
        loop {
            if self.state.resources(farc) == 0 {
                return Ok(());
            }
            let (left, used) = (extra_left, extra_used);
            let c = self.ask(farc, Ask::AgitateSpace, None, |g, o| {
                o.push(Choice::Done);
                for s in g.spaces() {
                    let extra_ok = used & s.bit() != 0 || left > 0;
                    if g.agitation_possible(s, false) || (extra_ok && g.agitation_possible(s, true)) {
                        o.push(Choice::Space(s));
                    }
                }
            })?;
            let Choice::Space(s) = c else { return Ok(()) };
            let extra = !self.agitation_possible(s, false);
            if extra && extra_used & s.bit() == 0 {
                extra_used |= s.bit();
                extra_left -= 1;
            }
            loop {
                self.state
                    .add_resources(self.rules, farc, -1)
                    .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                let done = if self.state.space(s).terror > 0 {
                    self.state.remove_terror(s)
                } else {
                    self.state.shift_support(self.rules, s, -1)
                };
                done.map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                if self.state.resources(farc) == 0 || !self.agitation_possible(s, extra) {
                    break;
                }
                if !self.ask_yes(farc, Ask::AgitateAgain, Some(s))? {
                    break;
                }
            }
        }
    }

    /// 6.4.3: with Total Support 60 or less, El Presidente advances and his effect applies.
    fn election(&mut self) -> Result<(), Stop> {
        let next = self.state.president() as usize + 1;
        if next >= self.rules.forces.presidents.len() || self.state.total_support() > 60 {
            return Ok(());
        }
        self.state
            .set_president(self.rules, next as u8)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        self.note(move |r| format!("Election: {} takes office", r.forces.presidents[next].name));
        match self.rules.forces.presidents[next].on_enter {
            Some(PresidentEffect::PlaceFarcZone) => {
                self.place_farc_zone(|_, _| true)?;
            }
            Some(PresidentEffect::RemoveFarcZones) => {
                for s in self.spaces().collect::<Vec<_>>() {
                    if self.state.space(s).farc_zone {
                        let _ = self.state.remove_farc_zone(s);
                    }
                }
            }
            None => {}
        }
        Ok(())
    }

    /// 6.4.4: the Government places a FARC Zone in a Department (passing `allowed`) with
    /// the most FARC pieces, not already a Zone; it first Redeploys its cubes from there
    /// (Control judged now) and removes its Bases. Returns the space, if any qualified.
    /// 6.4.4: the Departments among those `allowed` where the Government may place a FARC
    /// Zone: not yet a Zone, and with the most FARC pieces.
    pub fn farc_zone_candidates(&self, allowed: impl Fn(&Game, SpaceId) -> bool) -> Vec<SpaceId> {
        let candidates: Vec<SpaceId> = self
            .spaces()
            .filter(|&s| self.def(s).is_department() && !self.state.space(s).farc_zone && allowed(self, s))
            .collect();
        let most = candidates
            .iter()
            .map(|&s| self.state.space(s).faction_pieces(Faction::Farc))
            .max()
            .unwrap_or(0);
        candidates
            .into_iter()
            .filter(|&s| self.state.space(s).faction_pieces(Faction::Farc) == most)
            .collect()
    }

    pub fn place_farc_zone(&mut self, allowed: impl Fn(&Game, SpaceId) -> bool) -> Result<Option<SpaceId>, Stop> {
        let candidates = self.farc_zone_candidates(allowed);
        if candidates.is_empty() {
            return Ok(None);
        }
        let Choice::Space(zone) = self.ask(GOVT, Ask::FarcZone, None, |_, o| {
            o.extend(candidates.iter().map(|&s| Choice::Space(s)))
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        // The Zone itself is no destination: without it, Troops may have only Bogotá left
        // (6.5.1).
        let (troop_dests, police_dests) = self.redeploy_destinations(zone.bit());
        let mut moved = Action::new(GOVT, super::decision::Op::Train);
        for (t, dests) in [(PieceType::TROOPS, troop_dests), (PieceType::POLICE, police_dests)] {
            self.redeploy_all(&mut moved, zone, t, dests)?;
        }
        let base = PieceType::base(GOVT);
        while self.state.count(zone, base) > 0 {
            self.state
                .remove(self.rules, zone, base, None)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        self.state
            .place_farc_zone(self.rules, zone)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        self.note(move |r| format!("FARC Zone placed in {}", r.map.space(zone).name));
        Ok(Some(zone))
    }

    /// 6.4.5 Elite Backing: AUC may free Rally in 1 space with neither Opposition, nor Govt
    /// Control, nor FARC Control.
    fn elite_backing(&mut self) -> Result<(), Stop> {
        let auc = Faction::Auc;
        let c = self.ask(auc, Ask::EliteBacking, None, |g, o| {
            o.push(Choice::Done);
            let act = Action::new(auc, super::decision::Op::Rally).free();
            let mut spaces = Vec::new();
            g.rally_spaces(&act, &mut spaces);
            for c in spaces {
                if let Choice::Space(s) = c
                    && g.support(s) >= Support::Neutral
                    && g.state.control(s) == Control::Uncontrolled
                {
                    o.push(c);
                }
            }
        })?;
        if let Choice::Space(s) = c {
            self.rally_in(auc, s)?;
        }
        Ok(())
    }

    // ---- 6.5 Redeploy ------------------------------------------------------------------------

    /// Where Troops and Police may Redeploy to, judged before anything moves (6.5: Control
    /// does not change until Redeployment is done), leaving out the spaces in `except`
    /// (a FARC Zone about to be placed).
    fn redeploy_destinations(&self, except: u64) -> (u64, u64) {
        let base = PieceType::base(GOVT);
        let mut troops = 0u64;
        let mut police = 0u64;
        for s in self.spaces() {
            if except & s.bit() != 0 || !self.govt_may_enter(s) {
                continue;
            }
            let govt_control = self.state.control(s) == Control::Govt;
            if govt_control && (self.def(s).is_city() || self.state.count(s, base) > 0) {
                troops |= s.bit();
            }
            if govt_control || self.def(s).is_loc() {
                police |= s.bit();
            }
        }
        if troops == 0
            && let Some(bogota) = self.rules.map.find("bogota")
        {
            troops = bogota.bit(); // 6.5.1: if no such spaces, to Bogotá
        }
        (troops, police)
    }

    /// Move every cube of type `t` out of `from` to the destinations in `dests`.
    fn redeploy_all(&mut self, moved: &mut Action, from: SpaceId, t: PieceType, dests: u64) -> Result<(), Stop> {
        while self.state.count(from, t) > 0 {
            let Choice::Space(to) = self.ask(GOVT, Ask::RedeployTo.about_pieces(t), Some(from), |g, o| {
                o.extend(
                    g.spaces_among(dests & g.room_mask(GOVT) & !from.bit())
                        .map(Choice::Space),
                );
                // 6.5.1: "if no such spaces, then to Bogotá", also when those there are
                // full (Ecuador's stacking, 1.4.2).
                if o.is_empty()
                    && let Some(bogota) = g.rules.map.find("bogota")
                    && bogota != from
                    && g.govt_may_enter(bogota)
                {
                    o.push(Choice::Space(bogota));
                }
            })?
            else {
                return Err(Stop::Failed("expected a space".into()));
            };
            let n = self.ask_number(
                GOVT,
                Ask::RedeployCount.about_pieces(t),
                Some(from),
                1,
                self.state.count(from, t).min(self.room(to, GOVT)),
            )?;
            self.move_pieces(moved, from, to, t, None, n)?;
        }
        Ok(())
    }

    /// 6.5: Troops on LoCs and in Departments without a Government Base must go; other
    /// Troops and any Police may.
    pub(crate) fn redeploy_phase(&mut self) -> Result<(), Stop> {
        let (troop_dests, police_dests) = self.redeploy_destinations(0);
        let base = PieceType::base(GOVT);
        let mut moved = Action::new(GOVT, super::decision::Op::Train);
        let must: Vec<SpaceId> = self
            .spaces_among(self.state.holding(PieceType::TROOPS))
            .filter(|&s| self.def(s).is_loc() || (self.def(s).is_department() && self.state.count(s, base) == 0))
            .collect();
        for s in must {
            self.redeploy_all(&mut moved, s, PieceType::TROOPS, troop_dests)?;
        }
        for (t, dests, prompt) in [
            (PieceType::TROOPS, troop_dests, Ask::RedeployTroopsFrom),
            (PieceType::POLICE, police_dests, Ask::RedeployPoliceFrom),
        ] {
            loop {
                let c = self.ask(GOVT, prompt, None, |g, o| {
                    o.push(Choice::Done);
                    // The destinations with room, found once (not once per origin).
                    let open = dests & g.room_mask(GOVT);
                    for s in g.spaces_among(g.unmoved_spaces(&moved, t, None)) {
                        if open & !s.bit() != 0 {
                            o.push(Choice::Space(s));
                        }
                    }
                })?;
                let Choice::Space(from) = c else { break };
                let Choice::Space(to) = self.ask(GOVT, Ask::RedeployTo.about_pieces(t), Some(from), |g, o| {
                    let open = dests & g.room_mask(GOVT) & !from.bit();
                    o.extend(g.spaces_among(open).map(Choice::Space));
                })?
                else {
                    return Err(Stop::Failed("expected a space".into()));
                };
                let most = self.unmoved(&moved, from, t, None).min(self.room(to, GOVT));
                let n = self.ask_number(GOVT, Ask::RedeployCount.about_pieces(t), Some(from), 1, most)?;
                self.move_pieces(&mut moved, from, to, t, None, n)?;
            }
        }
        Ok(())
    }

    // ---- 6.6 Reset ---------------------------------------------------------------------------

    pub(crate) fn reset_phase(&mut self) {
        for f in Faction::ALL {
            self.state.set_eligible(f, true);
        }
        for s in self.spaces().collect::<Vec<_>>() {
            while self.state.remove_terror(s).is_ok() {}
            let _ = self.state.remove_sabotage(s);
            for f in Faction::INSURGENTS {
                self.state.all_underground(self.rules, s, f);
            }
        }
        self.state.clear_momentum();
        self.state.end_momentum_modifiers();
    }
}
