//! COIN Operations (3.2): Train, Patrol, Sweep, Assault (with Drug Bust), and Civic
//! Action, which Train shares with the Support Phase (6.4.1).

use super::{Action, Any, Force, ShipmentFate, Sink, Targeting};
use crate::game::decision::{Choice, Step, Stop};
use crate::game::engine::Game;
use crate::game::question::Ask;
use crate::kernel::{Control, Faction, PieceType, SpaceId, Support};

const GOVT: Faction = Faction::Govt;

impl<'r> Game<'r> {
    /// How many more pieces of Faction `f` may stand in `s` (Ecuador's limit, 1.4.2).
    pub(crate) fn room(&self, s: SpaceId, f: Faction) -> u8 {
        match self.def(s).max_pieces_per_faction {
            Some(max) => max.saturating_sub(self.state.space(s).faction_pieces(f)),
            None => u8::MAX,
        }
    }

    /// The spaces in play with `room` for one more piece of `f` (only a space with a limit
    /// per Faction can be full).
    pub(crate) fn room_mask(&self, f: Faction) -> u64 {
        let in_play = self.state.in_play_mask();
        let full = SpaceId::in_mask(self.rules.map.limited() & in_play)
            .filter(|&s| self.room(s, f) == 0)
            .fold(0u64, |m, s| m | s.bit());
        in_play & !full
    }

    /// May Government pieces go into `s` at all (not a FARC Zone, 6.4.4; stacking)?
    pub(crate) fn govt_may_enter(&self, s: SpaceId) -> bool {
        self.state.can_stack(self.rules, s, PieceType::TROOPS, None).is_ok()
    }

    // ---- Civic Action (6.4.1), shared with Train (3.2.1) ------------------------------

    /// Civic Action could do something in `s` with these minimum cubes: Govt Control,
    /// the Troops and Police, and a Terror marker to remove or Support to build.
    pub(crate) fn civic_action_possible(&self, s: SpaceId, relaxed: bool) -> bool {
        let def = self.def(s);
        if def.is_loc() || self.state.control(s) != Control::Govt {
            return false;
        }
        let sp = self.state.space(s);
        let (t, p) = (sp.count(PieceType::TROOPS), sp.count(PieceType::POLICE));
        let mods = self.state.mods();
        let cubes_ok = if relaxed {
            t + p > 0
        } else {
            t >= mods.civic_action_min_troops.max(1) && p >= mods.civic_action_min_police.max(1)
        };
        cubes_ok && (sp.terror > 0 || (def.can_hold_support() && sp.support != Support::ActiveSupport))
    }

    /// One step of Civic Action: 3 Resources remove a Terror marker or, once none is
    /// left, shift 1 level toward Active Support.
    pub(crate) fn civic_action_step(&mut self, s: SpaceId) -> Result<(), Stop> {
        self.state
            .add_resources(self.rules, GOVT, -3)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        let done = if self.state.space(s).terror > 0 {
            self.state.remove_terror(s)
        } else {
            self.state.shift_support(self.rules, s, 1)
        };
        done.map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        self.note(|r| format!("Civic Action in {}", r.map.space(s).name));
        Ok(())
    }

    /// Civic Action in one space, as many steps as the Government wants and can pay.
    pub(crate) fn civic_action_in(&mut self, s: SpaceId, relaxed: bool) -> Result<(), Stop> {
        self.civic_action_step(s)?;
        while self.state.resources(GOVT) >= 3 && self.civic_action_possible(s, relaxed) {
            if !self.ask_yes(GOVT, Ask::CivicAgain, Some(s))? {
                break;
            }
            self.civic_action_step(s)?;
        }
        Ok(())
    }

    // ---- Train (3.2.1) -------------------------------------------------------------------

    fn train_places_cubes(&self, s: SpaceId) -> bool {
        let cubes_left = self.cubes_available() > 0 || self.cubes_to_free(s);
        self.train_places_in(s) && cubes_left && self.room(s, GOVT) > 0
    }

    /// 3.2.1: Train places cubes in a City or a space with a Government Base.
    fn train_places_in(&self, s: SpaceId) -> bool {
        self.def(s).is_city() || self.state.count(s, PieceType::base(GOVT)) > 0
    }

    fn cubes_available(&self) -> u8 {
        self.state.available(PieceType::TROOPS) + self.state.available(PieceType::POLICE)
    }

    /// 1.4.1: with no cube Available, a player Government may remove cubes of its own
    /// from spaces other than `s` to Available, so as to Train them into `s`.
    fn cubes_to_free(&self, s: SpaceId) -> bool {
        self.may_free_own(GOVT)
            && self.cubes_available() == 0
            && [PieceType::TROOPS, PieceType::POLICE]
                .into_iter()
                .any(|t| self.state.on_map(self.rules, t) > self.state.count(s, t))
    }

    fn train_base_possible(&self, s: SpaceId) -> bool {
        self.cubes(s) >= 3
            && self.state.available(PieceType::base(GOVT)) > 0
            && self
                .state
                .can_stack(self.rules, s, PieceType::base(GOVT), Some(PieceType::TROOPS))
                .is_ok()
    }

    pub(crate) fn train_spaces(&self, act: &Action, out: &mut impl Sink) {
        if (act.limited && act.count >= 1) || !self.can_pay(act, 3) {
            return;
        }
        let civic_money = self.state.resources(GOVT) >= self.cost(act, 3) + 3;
        for s in self.spaces() {
            if out.enough() {
                return;
            }
            let def = self.def(s);
            if act.selected(s) || def.is_loc() || self.state.space(s).farc_zone {
                continue;
            }
            if self.train_places_cubes(s)
                || self.train_base_possible(s)
                || (civic_money && self.civic_action_possible(s, false))
            {
                out.put(Choice::Space(s));
            }
        }
    }

    pub(crate) fn train(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Train),
            |g, a, o| g.train_spaces(a, o),
            |g, act, s| {
                g.pay(act, 3)?;
                if g.own_steps_for(GOVT) && g.cubes_to_free(s) {
                    // Required when placing cubes is all this space was offered for.
                    let other =
                        g.train_base_possible(s) || (g.state.resources(GOVT) >= 3 && g.civic_action_possible(s, false));
                    let needed: &[PieceType] = if other {
                        &[]
                    } else {
                        &[PieceType::TROOPS, PieceType::POLICE]
                    };
                    g.remove_own(GOVT, Some(s), needed, Ask::OwnRemovalSpace)?;
                }
                if g.train_places_in(s) {
                    // Place up to 6 cubes, any mix of Available Troops and Police.
                    let room = g.room(s, GOVT).min(6);
                    let t_max = g.state.available(PieceType::TROOPS).min(room);
                    let t = g.ask_number(GOVT, Ask::TrainTroops, Some(s), 0, t_max)?;
                    let p_max = g.state.available(PieceType::POLICE).min(room - t);
                    let p = g.ask_number(GOVT, Ask::TrainPolice, Some(s), 0, p_max)?;
                    for (ty, n) in [(PieceType::TROOPS, t), (PieceType::POLICE, p)] {
                        for _ in 0..n {
                            g.state
                                .place(g.rules, s, ty)
                                .map_err(|e| Stop::Failed(e.describe(g.rules)))?;
                        }
                    }
                }
                Ok(())
            },
        )?;
        // Then, in up to 1 selected space: a Base, or Civic Action (3.2.1).
        let spaces = act.spaces;
        let base_in = |g: &Game, o: &mut Vec<Choice>| {
            for s in g.spaces().filter(|s| spaces & s.bit() != 0) {
                if g.train_base_possible(s) {
                    o.push(Choice::Space(s));
                }
            }
        };
        let civic_in = |g: &Game, o: &mut Vec<Choice>| {
            if g.state.resources(GOVT) >= 3 {
                for s in g.spaces().filter(|s| spaces & s.bit() != 0) {
                    if g.civic_action_possible(s, false) {
                        o.push(Choice::Space(s));
                    }
                }
            }
        };
        let step = self.ask(GOVT, Ask::TrainStep, None, |g, o| {
            let (mut b, mut c) = (Vec::new(), Vec::new());
            base_in(g, &mut b);
            civic_in(g, &mut c);
            if !b.is_empty() {
                o.push(Choice::Step(Step::Base));
            }
            if !c.is_empty() {
                o.push(Choice::Step(Step::CivicAction));
            }
            o.push(Choice::Done);
        })?;
        match step {
            Choice::Step(Step::Base) => {
                let Choice::Space(s) = self.ask(GOVT, Ask::TrainBaseSpace, None, base_in)? else {
                    return Err(Stop::Failed("expected a space".into()));
                };
                for _ in 0..3 {
                    let c = self.ask(GOVT, Ask::TrainBaseCube, Some(s), |g, o| {
                        for t in [PieceType::TROOPS, PieceType::POLICE] {
                            if g.state.count(s, t) > 0 {
                                o.push(Choice::Piece(t, None));
                            }
                        }
                    })?;
                    let Choice::Piece(t, _) = c else {
                        return Err(Stop::Failed("expected a cube".into()));
                    };
                    self.state
                        .remove(self.rules, s, t, None)
                        .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                }
                self.state
                    .place(self.rules, s, PieceType::base(GOVT))
                    .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
            }
            Choice::Step(Step::CivicAction) => {
                let Choice::Space(s) = self.ask(GOVT, Ask::TrainCivicSpace, None, civic_in)? else {
                    return Err(Stop::Failed("expected a space".into()));
                };
                self.civic_action_in(s, false)?;
            }
            _ => {}
        }
        Ok(())
    }

    // ---- Patrol (3.2.2) ------------------------------------------------------------------

    /// Where a cube in `from` may end its Patrol move: adjacent LoCs and Cities, going on
    /// through LoCs and Cities until it enters a space with Guerrillas.
    /// The spaces a Patrol may move through (LoCs and Cities in play), and those among
    /// them with Guerrillas, where a moving cube must stop.
    fn patrol_masks(&self) -> (u64, u64) {
        let open = self.loc_or_city_mask() & self.state.in_play_mask();
        (open, open & self.state.holding_guerrillas())
    }

    fn patrol_reach_in(&self, from: SpaceId, open: u64, blocked: u64) -> u64 {
        let map = &self.rules.map;
        let mut reached = 0u64;
        let mut frontier = from.bit();
        while frontier != 0 {
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                let s = f.trailing_zeros() as usize;
                f &= f - 1;
                next |= map.adjacency[s];
            }
            next &= open & !reached & !from.bit();
            reached |= next;
            // A cube entering a space with Guerrillas stops there.
            frontier = next & !blocked;
        }
        reached
    }

    /// LoCs and Cities (a Patrol's moves), as a mask.
    fn loc_or_city_mask(&self) -> u64 {
        !self.rules.map.departments()
    }

    fn patrol_dest_mask(&self, act: &Action, from: SpaceId) -> u64 {
        let (open, blocked) = self.patrol_masks();
        self.patrol_dests_in(act, from, open, blocked)
    }

    fn patrol_dests_in(&self, act: &Action, from: SpaceId, open: u64, blocked: u64) -> u64 {
        let reach = self.patrol_reach_in(from, open, blocked);
        match act.destination {
            Some(d) => reach & d.bit(),
            None => reach,
        }
    }

    fn patrol_origins(&self, act: &Action, out: &mut impl Sink) {
        let (open, blocked) = self.patrol_masks();
        let cubes =
            self.unmoved_spaces(act, PieceType::TROOPS, None) | self.unmoved_spaces(act, PieceType::POLICE, None);
        // Only a space with an unmoved cube is an origin.
        for s in self.spaces_among(cubes) {
            if out.enough() {
                return;
            }
            // Without a set destination, any adjacent LoC or City will do (no search).
            let reaches = match act.destination {
                None => self.rules.map.adjacency[s.index()] & open & !s.bit() != 0,
                Some(_) => self.patrol_dests_in(act, s, open, blocked) != 0,
            };
            if reaches {
                out.put(Choice::Space(s));
            }
        }
    }

    /// Patrol can do something: move a cube, or act in a LoC that has cubes.
    pub(crate) fn patrol_start(&self, act: &Action, out: &mut impl Sink) {
        if !self.can_pay(act, 3) {
            return;
        }
        self.patrol_origins(act, out);
        let mods = self.state.mods();
        for s in self
            .spaces_among(self.state.holding_cubes())
            .filter(|&s| self.def(s).is_loc())
        {
            let activates = !mods.patrol_no_activation && self.guerrillas_in(s) > 0;
            let mut assault = Any::default();
            // Without a move a Limited Patrol has no destination LoC to Assault in.
            if !mods.patrol_no_assault && !act.limited {
                self.removable(s, GOVT, Targeting::Exposed, self.coin_targets(), &mut assault);
            }
            if activates || assault.0 {
                out.put(Choice::Done);
                return;
            }
        }
    }

    pub(crate) fn patrol(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.pay(act, 3)?;
        act.count = 1;
        loop {
            let build = |g: &Self, o: &mut Vec<Choice>| {
                g.patrol_origins(act, o);
                g.push_specials(act, o);
                g.push_own_steps(GOVT, o);
                o.push(Choice::Done);
            };
            let allowed = |g: &Self, c| g.special_allowed(act, c);
            let c = self.ask_judged(GOVT, Ask::PatrolFrom, None, build, Some(allowed))?;
            let from = match c {
                Choice::Space(s) => s,
                Choice::Special(sa) => {
                    self.special_activity(act, sa)?;
                    continue;
                }
                Choice::Step(step) => {
                    self.own_step(GOVT, step)?;
                    continue;
                }
                _ => break,
            };
            let cube = self.ask(GOVT, Ask::PatrolCubes, Some(from), |g, o| {
                for t in [PieceType::TROOPS, PieceType::POLICE] {
                    if g.unmoved(act, from, t, None) > 0 {
                        o.push(Choice::Piece(t, None));
                    }
                }
            })?;
            let Choice::Piece(t, _) = cube else {
                return Err(Stop::Failed("expected a cube".into()));
            };
            let dests = self.patrol_dest_mask(act, from);
            let Choice::Space(to) = self.ask(GOVT, Ask::PatrolTo, Some(from), |g, o| {
                o.extend(g.spaces().filter(|s| dests & s.bit() != 0).map(Choice::Space))
            })?
            else {
                return Err(Stop::Failed("expected a space".into()));
            };
            let n_max = self.unmoved(act, from, t, None).min(self.room(to, GOVT));
            let n = self.ask_number(GOVT, Ask::PatrolCount.about_pieces(t), Some(from), 1, n_max)?;
            self.move_pieces(act, from, to, t, None, n)?;
            act.spaces |= to.bit();
            if act.limited {
                act.destination = Some(to);
            }
        }
        // In each LoC, Activate 1 Guerrilla per cube there (even if a LimOp).
        let mods = *self.state.mods();
        if !mods.patrol_no_activation {
            let locs: Vec<SpaceId> = self
                .spaces()
                .filter(|&s| self.def(s).is_loc() && self.cubes(s) > 0)
                .collect();
            for s in locs {
                let n = self.cubes(s);
                self.activate_targeted(GOVT, s, n, 0b1110)?;
            }
        }
        // Then a free Assault in 1 LoC (the destination, if a LimOp), or per Capability
        // in each LoC, or none.
        if mods.patrol_no_assault {
            return Ok(());
        }
        let targets = self.coin_targets();
        // 3.2.2: a Limited Patrol Assaults only in its destination LoC; one that moved no
        // cube has no destination, so no Assault.
        let (limited, dest) = (act.limited, act.destination);
        let assaultable = move |g: &Game, done: u64, o: &mut Vec<Choice>| {
            let allowed = |s: SpaceId| done & s.bit() == 0 && if limited { dest == Some(s) } else { true };
            for s in g.spaces().filter(|&s| g.def(s).is_loc() && allowed(s)) {
                let mut n = Any::default();
                g.removable(s, GOVT, Targeting::Exposed, targets, &mut n);
                if n.0 && g.assault_capacity(s) > 0 {
                    o.push(Choice::Space(s));
                }
            }
        };
        // "If desired" (3.2.2): the Government picks the LoC or stops; with the Capability
        // it may go on to each other LoC, one at a time (docs/rulings.md "Event cards 1–18").
        let mut done = 0u64;
        loop {
            let c = self.ask(GOVT, Ask::PatrolAssault, None, |g, o| {
                assaultable(g, done, o);
                o.push(Choice::Done);
            })?;
            let Choice::Space(s) = c else { break };
            self.assault_in(s)?;
            done |= s.bit();
            if !mods.patrol_assault_each_loc {
                break;
            }
        }
        Ok(())
    }

    // ---- Sweep (3.2.3) -------------------------------------------------------------------

    pub(crate) fn sweep_spaces(&self, act: &Action, out: &mut impl Sink) {
        let mods = self.state.mods();
        if (act.limited && act.count >= 1)
            || self.card.final_event_card && !act.by_event
            || self.card.sweep_spaces >= mods.sweep_max_spaces
            || !self.can_pay(act, mods.sweep_cost)
        {
            return;
        }
        for s in self.spaces() {
            if out.enough() {
                return;
            }
            let def = self.def(s);
            if act.selected(s) || def.is_loc() || (def.is_department() && mods.no_sweep_assault_in_departments) {
                continue;
            }
            if act.no_move {
                // An Event's Sweep without movement only Activates: it is possible where
                // the forces there Activate a Guerrilla it may target (5.1.3).
                if !self.state.space(s).farc_zone
                    && self.sweep_activations_for(act, s) > 0
                    && Faction::INSURGENTS
                        .iter()
                        .any(|&f| self.coin_targets_for(act) & (1 << f.index()) != 0 && self.underground(s, f) > 0)
                {
                    out.put(Choice::Space(s));
                }
            } else if self.govt_may_enter(s) || self.cubes(s) > 0 {
                out.put(Choice::Space(s));
            }
        }
    }

    /// Spaces from which unmoved Troops may reach Sweep destination `to`: adjacent, or
    /// through an adjacent LoC free of Guerrillas.
    fn sweep_origins(&self, act: &Action, to: SpaceId, t: PieceType, via_loc: bool, out: &mut Vec<Choice>) {
        let map = &self.rules.map;
        let in_play = self.state.in_play_mask();
        let mut from = map.adjacency[to.index()] & in_play;
        if via_loc {
            let mut locs = from;
            while locs != 0 {
                let l = SpaceId(locs.trailing_zeros() as u8);
                locs &= locs - 1;
                if self.def(l).is_loc() && self.guerrillas_in(l) == 0 {
                    from |= map.adjacency[l.index()] & in_play;
                }
            }
        }
        from &= !to.bit() & self.unmoved_spaces(act, t, None);
        out.extend(self.spaces().filter(|s| from & s.bit() != 0).map(Choice::Space));
    }

    pub(crate) fn sweep(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Sweep),
            |g, a, o| g.sweep_spaces(a, o),
            |g, act, s| {
                let cost = g.state.mods().sweep_cost;
                g.pay(act, cost)?;
                g.card.sweep_spaces += 1;
                if act.limited {
                    act.destination = Some(s);
                }
                // Troops move in from adjacent spaces or through Guerrilla-free LoCs.
                while !act.no_move && g.govt_may_enter(s) && g.room(s, GOVT) > 0 {
                    let c = g.ask(GOVT, Ask::SweepTroopsFrom, Some(s), |g, o| {
                        g.sweep_origins(act, s, PieceType::TROOPS, true, o);
                        o.push(Choice::Done);
                    })?;
                    let Choice::Space(from) = c else { break };
                    let n_max = g.unmoved(act, from, PieceType::TROOPS, None).min(g.room(s, GOVT));
                    let n = g.ask_number(GOVT, Ask::SweepTroopsCount, Some(from), 1, n_max)?;
                    g.move_pieces(act, from, s, PieceType::TROOPS, None, n)?;
                }
                // Capability: 1 Police may enter each Sweep space, by the Sweep's own
                // movement (as Troops do, through a Guerrilla-free LoC too).
                if !act.no_move && g.state.mods().sweep_police_may_enter && g.govt_may_enter(s) && g.room(s, GOVT) > 0 {
                    let c = g.ask(GOVT, Ask::SweepPoliceFrom, Some(s), |g, o| {
                        g.sweep_origins(act, s, PieceType::POLICE, true, o);
                        o.push(Choice::Done);
                    })?;
                    if let Choice::Space(from) = c {
                        g.move_pieces(act, from, s, PieceType::POLICE, None, 1)?;
                    }
                }
                Ok(())
            },
        )?;
        // Then Activate in each selected space: 1 per cube, or 1 per 2 cubes in Forest.
        let selected: Vec<SpaceId> = self.spaces().filter(|&s| act.selected(s)).collect();
        for s in selected {
            let n = self.sweep_activations_for(act, s);
            self.activate_targeted(GOVT, s, n, self.coin_targets_for(act))?;
        }
        Ok(())
    }

    /// The Troops and Police that count for `act` in `s` (an Event may substitute them).
    fn force_in(&self, act: &Action, s: SpaceId) -> (u8, u8) {
        let (t, p) = (
            self.state.count(s, PieceType::TROOPS),
            self.state.count(s, PieceType::POLICE),
        );
        match act.force {
            Force::Cubes => (t, p),
            Force::AucGuerrillasAsTroops => (t + self.state.count(s, PieceType::guerrilla(Faction::Auc)), p),
            Force::PoliceAsTroops => (p, 0),
        }
    }

    /// The spaces where the pieces `force_in` counts are: elsewhere both counts are 0.
    fn force_mask(&self, act: &Action) -> u64 {
        let st = &self.state;
        match act.force {
            Force::Cubes => st.holding_cubes(),
            Force::AucGuerrillasAsTroops => st.holding_cubes() | st.holding(PieceType::guerrilla(Faction::Auc)),
            Force::PoliceAsTroops => st.holding(PieceType::POLICE),
        }
    }

    /// Guerrillas `act`'s Sweep Activates in `s`.
    pub(crate) fn sweep_activations_for(&self, act: &Action, s: SpaceId) -> u8 {
        let (t, p) = self.force_in(act, s);
        self.sweep_activations_by(s, t, p)
    }

    /// Enemy pieces `act`'s Assault removes in `s`.
    pub(crate) fn assault_capacity_for(&self, act: &Action, s: SpaceId) -> u8 {
        let (t, p) = self.force_in(act, s);
        self.assault_capacity_by(s, t, p)
    }

    /// Guerrillas a Sweep by exactly this force Activates in `s` (Events add or replace
    /// the cubes: "AUC Guerrillas act as Troops").
    pub(crate) fn sweep_activations_by(&self, s: SpaceId, t: u8, p: u8) -> u8 {
        let mods = self.state.mods();
        if mods.sweep_never_activates & s.bit() != 0 {
            return 0;
        }
        let cubes = if mods.sweep_troops_or_police { t.max(p) } else { t + p };
        if self.is_forest(s) { cubes / 2 } else { cubes }
    }

    // ---- Assault (3.2.4) and Drug Bust (3.2.5) ------------------------------------------

    /// Enemy pieces an Assault in `s` removes: 1 per Troops (1 per 2 in Mountain), plus 1
    /// per Police in a City or LoC.
    pub(crate) fn assault_capacity(&self, s: SpaceId) -> u8 {
        self.assault_capacity_with(s, 0, 0)
    }

    /// The same, with extra pieces counting as Troops and Police (Events: "AUC Guerrillas
    /// act as Troops", "Police Assault as if Troops").
    pub(crate) fn assault_capacity_with(&self, s: SpaceId, extra_troops: u8, extra_police: u8) -> u8 {
        self.assault_capacity_by(
            s,
            self.state.count(s, PieceType::TROOPS) + extra_troops,
            self.state.count(s, PieceType::POLICE) + extra_police,
        )
    }

    /// Pieces an Assault by exactly this force removes in `s` (3.2.4 with the hooks).
    pub(crate) fn assault_capacity_by(&self, s: SpaceId, t: u8, p: u8) -> u8 {
        let mods = self.state.mods();
        let def = self.def(s);
        if self.is_mountain(s) && !mods.assault_mountain_as_city {
            t / mods.mountain_troops_per_removal.max(1)
        } else if def.is_city() || def.is_loc() || self.is_mountain(s) {
            t + p
        } else {
            t
        }
    }

    pub(crate) fn assault_spaces(&self, act: &Action, out: &mut impl Sink) {
        let mods = self.state.mods();
        if (act.limited && act.count >= 1)
            || self.card.assault_spaces >= mods.assault_max_spaces
            || !self.can_pay(act, mods.assault_cost)
        {
            return;
        }
        let targets = self.coin_targets_for(act);
        // Most spaces hold no piece of a targeted Faction, or none of the Assault's force:
        // nothing to remove there (no capacity without a piece of the force).
        for s in self.spaces_among(self.state.holding_factions(targets) & self.force_mask(act)) {
            if out.enough() {
                return;
            }
            // A Capability that makes Assault treat Mountain as City takes the Mountain out of
            // "no Assault in Departments" (docs/rulings.md "Event cards 1–18").
            let city_to_assault = self.is_mountain(s) && mods.assault_mountain_as_city;
            if act.selected(s)
                || (self.def(s).is_department() && !city_to_assault && mods.no_sweep_assault_in_departments)
            {
                continue;
            }
            if self.assault_capacity_for(act, s) == 0 {
                continue;
            }
            let mut n = Any::default();
            self.removable(s, GOVT, Targeting::Exposed, targets, &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    /// Resolve an Assault in one space; each Shipment lost adds +6 Aid (Drug Bust).
    pub(crate) fn assault_in(&mut self, s: SpaceId) -> Result<(), Stop> {
        let n = self.assault_capacity(s);
        self.assault_removing(s, n, self.coin_targets())
    }

    /// Resolve `act`'s Assault in one space, with the forces and targets it may use.
    pub(crate) fn assault_in_for(&mut self, act: &Action, s: SpaceId) -> Result<(), Stop> {
        let n = self.assault_capacity_for(act, s);
        self.assault_removing(s, n, self.coin_targets_for(act))
    }

    fn assault_removing(&mut self, s: SpaceId, n: u8, targets: u8) -> Result<(), Stop> {
        let lost = self.remove_targeted(GOVT, s, n, Targeting::Exposed, targets, ShipmentFate::Owner)?;
        if lost > 0 {
            // 3.2.5 Drug Bust.
            self.state.gain_aid(self.rules, 6 * lost as i16);
        }
        Ok(())
    }

    pub(crate) fn assault(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Assault),
            |g, a, o| g.assault_spaces(a, o),
            |g, act, s| {
                let cost = g.state.mods().assault_cost;
                g.pay(act, cost)?;
                g.card.assault_spaces += 1;
                g.assault_in_for(act, s)
            },
        )
    }
}
