//! Insurgent Operations (3.3): Rally, March, Attack (Captured Goods), Terror (Aid Cut),
//! with the FARC and AUC differences.

use super::{Action, Any, ShipmentFate, Sink, Targeting};
use crate::game::decision::{Choice, Special, Step, Stop};
use crate::game::engine::Game;
use crate::game::question::Ask;
use crate::kernel::{Faction, PieceType, Ruleset, SpaceId, State, Support};

/// 3.3.1: FARC may not Rally where there is Support, AUC not where there is Opposition;
/// nobody Rallies on a LoC. (Shared with the Non-player bots.)
pub fn rally_allowed_in(r: &Ruleset, st: &State, f: Faction, s: SpaceId) -> bool {
    if r.map.space(s).is_loc() {
        return false;
    }
    let level = st.support(s);
    match f {
        Faction::Farc => level <= Support::Neutral,
        Faction::Auc => level >= Support::Neutral,
        _ => true,
    }
}

/// 3.3.2: is a March group of `f` entering `to` exposed (a LoC or a space with Support;
/// for the AUC, Support or Opposition)? If so, the pieces there that count with the group
/// toward the limit of 3: cubes, and for the AUC also FARC Guerrillas. (Shared with the
/// Non-player bots.)
pub fn march_exposure(r: &Ruleset, st: &State, f: Faction, to: SpaceId) -> Option<u8> {
    let level = st.support(to);
    let exposed =
        r.map.space(to).is_loc() || level > Support::Neutral || (f == Faction::Auc && level < Support::Neutral);
    if !exposed {
        return None;
    }
    let mut others = st.count(to, PieceType::TROOPS) + st.count(to, PieceType::POLICE);
    if f == Faction::Auc {
        others += st.count(to, PieceType::guerrilla(Faction::Farc));
    }
    Some(others)
}

/// How one Attack space is resolved.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attacking {
    /// As an Ambush (4.3.2) rather than by the die.
    pub ambush: bool,
    /// Activate the attacking Guerrillas (an Event may say "without Activating").
    pub activate: bool,
    /// The Factions the Attack may affect (bit = Faction index).
    pub against: u8,
}

impl<'r> Game<'r> {
    // ---- Rally (3.3.1) ---------------------------------------------------------------------

    fn rally_allowed(&self, f: Faction, s: SpaceId) -> bool {
        rally_allowed_in(self.rules, &self.state, f, s)
    }

    fn can_place(&self, s: SpaceId, t: PieceType) -> bool {
        self.state.available(t) > 0 && self.state.can_stack(self.rules, s, t, None).is_ok()
    }

    /// The Rally procedures possible in `s` for Faction `f`, counting on 1.4.1 voluntary
    /// removal to free a Guerrilla to place when none is Available.
    fn rally_steps(&self, f: Faction, s: SpaceId, out: &mut impl Sink) {
        let g = PieceType::guerrilla(f);
        let freeable = self.may_free_own(f)
            && self.state.available(g) == 0
            && self.state.on_map(self.rules, g) > self.state.count(s, g)
            && self.state.can_stack(self.rules, s, g, None).is_ok();
        if !freeable {
            return self.rally_steps_now(f, s, out);
        }
        let mut now = Vec::new();
        self.rally_steps_now(f, s, &mut now);
        {
            let place = if self.state.count(s, PieceType::base(f)) > 0 {
                Step::PlaceMany
            } else {
                Step::Place
            };
            if !now.contains(&Choice::Step(place)) {
                now.insert(0, Choice::Step(place));
            }
        }
        for c in now {
            out.put(c);
        }
    }

    /// The Rally procedures possible in `s` right now.
    fn rally_steps_now(&self, f: Faction, s: SpaceId, out: &mut impl Sink) {
        let g = PieceType::guerrilla(f);
        let base = PieceType::base(f);
        let sp = self.state.space(s);
        let has_base = sp.count(base) > 0;
        if has_base {
            if self.can_place(s, g) {
                out.put(Choice::Step(Step::PlaceMany));
            }
            let elsewhere = self.state.on_map(self.rules, g) > sp.count(g) && self.room(s, f) > 0;
            if elsewhere || sp.guerrillas(f, false) > 0 {
                out.put(Choice::Step(Step::Regroup));
            }
        } else if self.can_place(s, g) {
            out.put(Choice::Step(Step::Place));
        }
        if sp.count(g) >= 2
            && self.state.available(base) > 0
            && self.state.can_stack(self.rules, s, base, Some(g)).is_ok()
        {
            out.put(Choice::Step(Step::Base));
        }
    }

    pub(crate) fn rally_spaces(&self, act: &Action, out: &mut impl Sink) {
        if (act.limited && act.count >= 1) || !self.can_pay(act, 1) {
            return;
        }
        // Where a Guerrilla can be placed (`can_place`), `rally_steps_now` offers placing
        // it (with or without a Base there): such a space needs no further look.
        let g = PieceType::guerrilla(act.faction);
        let placeable = if self.state.available(g) > 0 {
            self.state.stack_mask(self.rules, g)
        } else {
            0
        };
        for s in self.spaces() {
            if out.enough() {
                return;
            }
            if act.selected(s) || !self.rally_allowed(act.faction, s) {
                continue;
            }
            let mut n = Any(placeable & s.bit() != 0);
            if !n.0 {
                self.rally_steps(act.faction, s, &mut n);
            }
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    pub(crate) fn rally(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Rally),
            |g, a, o| g.rally_spaces(a, o),
            |g, act, s| {
                g.pay(act, 1)?;
                g.rally_in(act.faction, s)
            },
        )
    }

    /// Rally in one space (also the free Rally of Elite Backing, 6.4.5).
    pub(crate) fn rally_in(&mut self, f: Faction, s: SpaceId) -> Result<(), Stop> {
        let g = PieceType::guerrilla(f);
        let base = PieceType::base(f);
        // 1.4.1 EXAMPLE: without Available Guerrillas, a player may first remove some of
        // its own elsewhere so as to place them here Underground.
        if self.own_steps_for(f)
            && self.state.available(g) == 0
            && self.state.on_map(self.rules, g) > self.state.count(s, g)
        {
            // Required when placing is all this space offers (that is why it was offered).
            let mut steps = Vec::new();
            self.rally_steps_now(f, s, &mut steps);
            let needed = [g];
            self.remove_own(
                f,
                Some(s),
                if steps.is_empty() { &needed } else { &[] },
                Ask::OwnRemovalSpace,
            )?;
        }
        // What the removal (if any) left possible: no more counting on a Guerrilla to free.
        let step = self.ask(f, Ask::RallyStep, Some(s), |gm, o| gm.rally_steps_now(f, s, o))?;
        let fail = |e: crate::kernel::Refusal, r: &crate::kernel::Ruleset| Stop::Failed(e.describe(r));
        match step {
            Choice::Step(Step::Place) => {
                self.state.place(self.rules, s, g).map_err(|e| fail(e, self.rules))?;
            }
            Choice::Step(Step::PlaceMany) => {
                let most = (self.state.count(s, base) + self.def(s).pop)
                    .min(self.state.available(g))
                    .min(self.room(s, f));
                let n = self.ask_number(f, Ask::RallyCount, Some(s), 1, most)?;
                for _ in 0..n {
                    self.state.place(self.rules, s, g).map_err(|e| fail(e, self.rules))?;
                }
            }
            Choice::Step(Step::Regroup) => {
                let mut moved = Action::new(f, crate::game::decision::Op::Rally);
                loop {
                    if self.room(s, f) == 0 {
                        break;
                    }
                    let c = self.ask(f, Ask::RegroupFrom, Some(s), |gm, o| {
                        for o2 in gm.spaces() {
                            if o2 != s && gm.state.count(o2, g) > 0 {
                                o.push(Choice::Space(o2));
                            }
                        }
                        o.push(Choice::Done);
                    })?;
                    let Choice::Space(from) = c else { break };
                    // "Move any of its Guerrillas": which ones, Underground or Active, is
                    // the Rallying Faction's choice (3.3.1).
                    let room = self.room(s, f);
                    let (u, a) = (
                        self.state.space(from).guerrillas(f, true),
                        self.state.space(from).guerrillas(f, false),
                    );
                    let nu = self.ask_number(
                        f,
                        Ask::RegroupUnderground,
                        Some(from),
                        if a == 0 { 1 } else { 0 },
                        u.min(room),
                    )?;
                    let na = self.ask_number(
                        f,
                        Ask::RegroupActive,
                        Some(from),
                        if nu == 0 { 1 } else { 0 },
                        a.min(room - nu),
                    )?;
                    self.move_pieces(&mut moved, from, s, g, Some(true), nu)?;
                    self.move_pieces(&mut moved, from, s, g, Some(false), na)?;
                }
                // Flip all of them there Underground, whether they moved or not.
                while self.state.space(s).guerrillas(f, false) > 0 {
                    self.state
                        .go_underground(self.rules, s, f)
                        .map_err(|e| fail(e, self.rules))?;
                }
            }
            Choice::Step(Step::Base) => {
                for _ in 0..2 {
                    let c = self.ask(f, Ask::RallyReplace, Some(s), |gm, o| {
                        gm.guerrilla_classes(s, Some(f), None, o)
                    })?;
                    let Choice::Piece(t, u) = c else {
                        return Err(Stop::Failed("expected a Guerrilla".into()));
                    };
                    self.remove_one(f, s, t, u, ShipmentFate::Owner)?;
                }
                self.state.place(self.rules, s, base).map_err(|e| fail(e, self.rules))?;
            }
            c => return Err(Stop::Failed(format!("unexpected Rally step {c}"))),
        }
        let f2 = f;
        self.note(move |r| format!("{} Rallies in {}", f2.name(), r.map.space(s).name));
        Ok(())
    }

    // ---- March (3.3.2) ---------------------------------------------------------------------

    fn march_cost(&self, act: &Action, to: SpaceId) -> u8 {
        if self.def(to).is_loc() || act.paid_destinations & to.bit() != 0 {
            0
        } else {
            1
        }
    }

    fn march_dest_ok(&self, act: &Action, from: SpaceId, to: SpaceId) -> bool {
        act.destination.is_none_or(|d| d == to)
            && !act.groups.contains(&(from, to))
            && self.room(to, act.faction) > 0
            && self.can_pay(act, self.march_cost(act, to))
    }

    fn march_dests(&self, act: &Action, from: SpaceId, out: &mut impl Sink) {
        for to in self.state.adjacent(self.rules, from) {
            if act.allows(to) && self.march_dest_ok(act, from, to) {
                out.put(Choice::Space(to));
            }
        }
    }

    pub(crate) fn march_origins(&self, act: &Action, out: &mut impl Sink) {
        if self.card.final_event_card && !act.by_event {
            return; // 2.3.9: no March on the final Event card
        }
        let holding = self.unmoved_spaces(act, PieceType::guerrilla(act.faction), None);
        for s in self.spaces_among(holding) {
            if out.enough() {
                return;
            }
            let mut n = Any::default();
            self.march_dests(act, s, &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    pub(crate) fn march(&mut self, act: &mut Action) -> Result<(), Stop> {
        let f = act.faction;
        let g = PieceType::guerrilla(f);
        loop {
            let build = |gm: &Self, o: &mut Vec<Choice>| {
                gm.march_origins(act, o);
                gm.push_specials(act, o);
                if act.count > 0 {
                    gm.push_own_steps(f, o);
                    o.push(Choice::Done);
                }
            };
            let allowed = |gm: &Self, c| gm.special_allowed(act, c);
            let c = self.ask_judged(f, Ask::MarchFrom, None, build, Some(allowed))?;
            let from = match c {
                Choice::Space(s) => s,
                Choice::Special(sa) => {
                    self.special_activity(act, sa)?;
                    continue;
                }
                Choice::Step(step) => {
                    self.own_step(f, step)?;
                    continue;
                }
                _ => return Ok(()),
            };
            let Choice::Space(to) = self.ask(f, Ask::MarchTo, Some(from), |gm, o| gm.march_dests(act, from, o))? else {
                return Err(Stop::Failed("expected a space".into()));
            };
            let room = self.room(to, f);
            let (u, a) = (
                self.unmoved(act, from, g, Some(true)),
                self.unmoved(act, from, g, Some(false)),
            );
            let nu = self.ask_number(
                f,
                Ask::MarchUnderground,
                Some(from),
                if a == 0 { 1 } else { 0 },
                u.min(room),
            )?;
            let na = self.ask_number(
                f,
                Ask::MarchActive,
                Some(from),
                if nu == 0 { 1 } else { 0 },
                a.min(room - nu),
            )?;
            let cost = self.march_cost(act, to);
            self.pay(act, cost)?;
            if !self.def(to).is_loc() {
                act.paid_destinations |= to.bit();
            }
            act.groups.push((from, to));
            act.spaces |= to.bit();
            act.count += 1;
            if act.limited {
                act.destination = Some(to);
            }
            self.move_pieces(act, from, to, g, Some(true), nu)?;
            self.move_pieces(act, from, to, g, Some(false), na)?;
            // The group goes Active where it is exposed: a LoC or a space with Support
            // (AUC: Support or Opposition) and group + cubes (AUC: + FARC) exceeding 3.
            if march_exposure(self.rules, &self.state, f, to).is_some_and(|others| nu + na + others > 3) {
                for _ in 0..nu {
                    self.state
                        .activate(self.rules, to, f)
                        .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                }
            }
            self.note(move |r| {
                format!(
                    "{} Marches {} from {} to {}",
                    f.name(),
                    nu + na,
                    r.map.space(from).name,
                    r.map.space(to).name
                )
            });
        }
    }

    // ---- Attack (3.3.3) and Ambush (4.3.2) ---------------------------------------------------

    pub(crate) fn attack_spaces(&self, act: &Action, out: &mut impl Sink) {
        if (act.limited && act.count >= 1) || !self.can_pay(act, 1) {
            return;
        }
        let f = act.faction;
        // An Event's Ambush needs an Underground Guerrilla unless "any Guerrilla" may.
        let attackers = if act.ambush && !act.any_guerrilla {
            self.state.holding_underground(f)
        } else {
            self.state.holding(PieceType::guerrilla(f))
        };
        // Pieces the Attack may affect: Factions other than its own, among those it targets.
        let enemies = self.state.holding_factions(act.against & !(1 << f.index()));
        for s in self.spaces_among(attackers & enemies) {
            if out.enough() {
                return;
            }
            if !act.selected(s) {
                out.put(Choice::Space(s));
            }
        }
    }

    fn ambush_possible(&self, act: &Action, s: SpaceId) -> bool {
        act.specials_allowed
            && act.special.is_none()
            && Special::of(act.faction).contains(&Special::Ambush)
            && self.underground(s, act.faction) > 0
    }

    pub(crate) fn attack(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Attack),
            |g, a, o| g.attack_spaces(a, o),
            |g, act, s| {
                g.pay(act, 1)?;
                let f = act.faction;
                let ambush = act.ambush
                    || g.ambush_possible(act, s)
                        && g.ask(f, Ask::AttackHow, Some(s), |_, o| {
                            o.extend([Choice::Step(Step::Roll), Choice::Special(Special::Ambush)])
                        })? == Choice::Special(Special::Ambush);
                if ambush && !act.ambush {
                    act.special = Some(Special::Ambush);
                    act.ambushed = true;
                }
                let how = Attacking {
                    ambush,
                    activate: !act.no_activation,
                    against: act.against,
                };
                g.attack_with(f, s, how)
            },
        )
    }

    /// Resolve an Attack in one space as `how` says (an Event may name the targets or spare
    /// the Activation).
    pub(crate) fn attack_with(&mut self, f: Faction, s: SpaceId, how: Attacking) -> Result<(), Stop> {
        let g = PieceType::guerrilla(f);
        let fail = |e: crate::kernel::Refusal, r: &crate::kernel::Ruleset| Stop::Failed(e.describe(r));
        let (hit, captured) = if how.ambush {
            // 4.3.2: the Ambushing Guerrilla is Activated (an Event may spare it, and an
            // Event's "any Guerrilla" may be an Active one already).
            if how.activate && self.underground(s, f) > 0 {
                self.state.activate(self.rules, s, f).map_err(|e| fail(e, self.rules))?;
            }
            (true, true)
        } else {
            while how.activate && self.underground(s, f) > 0 {
                self.state.activate(self.rules, s, f).map_err(|e| fail(e, self.rules))?;
            }
            let roll = self.state.dice.d6();
            self.note(move |r| format!("{} Attacks in {}: rolls {roll}", f.name(), r.map.space(s).name));
            (roll <= self.state.count(s, g), roll == 1)
        };
        if hit {
            self.remove_targeted(f, s, 2, Targeting::Attack, how.against, ShipmentFate::CapturedBy(f))?;
        }
        // Captured Goods: a "1" (or an Ambush) places a Guerrilla there.
        if captured && self.can_place(s, g) {
            self.state.place(self.rules, s, g).map_err(|e| fail(e, self.rules))?;
        }
        Ok(())
    }

    // ---- Terror (3.3.4) ----------------------------------------------------------------------

    pub(crate) fn terror_spaces(&self, act: &Action, out: &mut impl Sink) {
        // A Terror space needs a Guerrilla (`terror_selectable`): only those are looked at.
        let f = act.faction;
        let guerrillas = if act.any_guerrilla {
            self.state.holding(PieceType::guerrilla(f))
        } else {
            self.state.holding_underground(f)
        };
        for s in self.spaces_among(guerrillas) {
            if out.enough() {
                return;
            }
            if self.terror_selectable(act, s, 0) {
                out.put(Choice::Space(s));
            }
        }
    }

    /// Could `act`'s Terror select `s` now: not yet selected, an Underground Guerrilla
    /// there, the cost paid (3.3.4) with `extra` Resources more, and room left in a
    /// Limited Operation.
    pub(crate) fn terror_selectable(&self, act: &Action, s: SpaceId, extra: u8) -> bool {
        // The Guerrilla first: most spaces have none, and the rest need not be looked at.
        let guerrillas = if act.any_guerrilla {
            self.state.count(s, PieceType::guerrilla(act.faction))
        } else {
            self.underground(s, act.faction)
        };
        if guerrillas == 0 {
            return false;
        }
        let cost = if self.def(s).is_loc() { 0 } else { 1 };
        (!act.limited || act.count == 0)
            && !act.selected(s)
            && act.allows(s)
            && u16::from(self.state.resources(act.faction)) + u16::from(extra) >= u16::from(self.cost(act, cost))
    }

    pub(crate) fn terror(&mut self, act: &mut Action) -> Result<(), Stop> {
        self.space_loop(
            act,
            Ask::OperationSpace(crate::game::Op::Terror),
            |g, a, o| g.terror_spaces(a, o),
            |g, act, s| g.terror_in(act, s),
        )?;
        if act.faction == Faction::Auc {
            self.aid_cut(act.count);
        }
        Ok(())
    }

    /// Terror in one selected space: pay, Activate a Guerrilla, then the marker and shift.
    pub(crate) fn terror_in(&mut self, act: &mut Action, s: SpaceId) -> Result<(), Stop> {
        let cost = if self.def(s).is_loc() { 0 } else { 1 };
        self.pay(act, cost)?;
        let f = act.faction;
        // 5.5 EXAMPLE: an Event's Terror "with any Guerrilla" may use an Active one, and
        // then nothing is Activated; the Faction says which it uses when it has both.
        let (ug, active) = (self.underground(s, f), self.state.space(s).guerrillas(f, false));
        let use_active = act.any_guerrilla
            && active > 0
            && (ug == 0
                || self.ask(f, Ask::TerrorWith, Some(s), |_, o| {
                    o.extend([
                        Choice::Piece(PieceType::guerrilla(f), Some(false)),
                        Choice::Piece(PieceType::guerrilla(f), Some(true)),
                    ])
                })? == Choice::Piece(PieceType::guerrilla(f), Some(false)));
        if !use_active {
            self.state
                .activate(self.rules, s, f)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        self.terror_marking(f, s, act.markers.max(1));
        Ok(())
    }

    /// Terror's markers (an Event may place more than 1) and its one shift (3.3.4).
    pub(crate) fn terror_marking(&mut self, f: Faction, s: SpaceId, markers: u8) {
        let limit = self.rules.forces.limits.terror_sabotage_markers;
        if self.def(s).is_loc() {
            if !self.state.space(s).sabotage && self.state.markers_on_map() < limit {
                let _ = self.state.place_sabotage(self.rules, s);
            }
            return;
        }
        for _ in 0..markers {
            // Not if all 40 are already on the map.
            if self.state.markers_on_map() < limit {
                let _ = self.state.place_terror(self.rules, s);
            }
        }
        let level = self.support(s).value();
        let shift = if f == Faction::Farc { -1 } else { -level.signum() };
        if shift != 0 {
            // Refused only at the end of the track or in a 0-Population space: no shift.
            let _ = self.state.shift_support(self.rules, s, shift);
        }
        self.note(move |r| format!("{} Terror in {}", f.name(), r.map.space(s).name));
    }

    /// AUC Terror drops Aid by 3 for 1 space, by 5 for 2 or more (3.3.4 Aid Cut).
    pub(crate) fn aid_cut(&mut self, spaces: u8) {
        match spaces {
            0 => {}
            1 => {
                self.state.gain_aid(self.rules, -3);
            }
            _ => {
                self.state.gain_aid(self.rules, -5);
            }
        }
    }
}
