//! Special Activities (4.0): Air Lift, Air Strike, Eradicate; Extort, Ambush (with
//! Attack), Kidnap (Drug Ransom); Assassinate (Commandeer); Cultivate, Process, Bribe
//! (Contraband). A Special Activity is offered only when it can be carried out, and
//! before its Operation has a space only when a dry run finds a way after which the
//! Operation can follow (probe.rs).

use super::{Action, Any, ShipmentFate, Sink, Targeting};
use crate::game::decision::{Choice, Op, Special, Step, Stop};
use crate::game::engine::Game;
use crate::game::question::Ask;
use crate::kernel::{Control, Faction, PieceKind, PieceType, Ruleset, SpaceId, State, Support};

const GOVT: Faction = Faction::Govt;

/// The most Resources `sa` could still raise for Faction `f` from position `st`: Extort
/// +1 a space (4.3.1, 4.4.1: a space with an Underground Guerrilla), Kidnap a die roll in
/// each of up to 3 spaces (4.3.3), Process +3 a Base removed (4.5.2); the others raise
/// none (Bribe costs). An upper bound used only to cut dry runs that could no longer pay
/// for an Operation (ops/probe.rs): it must never be below what the procedure below can
/// do, or a legal play would be hidden.
pub(crate) fn resource_gain_max(r: &Ruleset, st: &State, f: Faction, sa: Special) -> u16 {
    match sa {
        Special::Extort => (st.holding_underground(f) & st.in_play_mask()).count_ones() as u16,
        Special::Kidnap => 3 * 6,
        Special::Process => 3 * u16::from(st.on_map(r, PieceType::base(Faction::Cartels))),
        Special::AirLift
        | Special::AirStrike
        | Special::Eradicate
        | Special::Ambush
        | Special::Assassinate
        | Special::Cultivate
        | Special::Bribe => 0,
    }
}

impl<'r> Game<'r> {
    /// List the Special Activities `act` may add now, to be judged by `special_allowed`
    /// (an `ask_judged` question): judging costs dry runs, listing does not.
    pub(crate) fn push_specials(&self, act: &Action, out: &mut impl Sink) {
        if !act.specials_allowed || act.special.is_some() {
            return;
        }
        for &sa in Special::of(act.faction) {
            if sa != Special::Ambush {
                out.put(Choice::Special(sa));
            }
        }
    }

    /// Is option `c` allowed, a Special Activity listed by `push_specials` judged by
    /// whether it can be carried out now: before the Operation's first space, only if
    /// the Operation can still take place after it (4.1)? Any other option is.
    pub(crate) fn special_allowed(&self, act: &Action, c: Choice) -> bool {
        let Choice::Special(sa) = c else { return true };
        if act.count > 0 {
            self.special_possible(act, sa)
        } else {
            self.special_first_possible(act, sa)
        }
    }

    /// Can `sa` be carried out now, with `act` as its accompanying Operation?
    pub(crate) fn special_possible(&self, act: &Action, sa: Special) -> bool {
        let mut n = Any::default();
        match sa {
            Special::AirLift => self.air_lift_origins(&mut n),
            Special::AirStrike => {
                if matches!(act.op, Op::Patrol | Op::Sweep | Op::Assault) {
                    self.air_strike_spaces(&mut n)
                }
            }
            Special::Eradicate => self.eradicate_spaces(&mut n),
            Special::Extort => self.extort_spaces(act.faction, 0, &mut n),
            Special::Ambush => {}
            Special::Kidnap => {
                if act.op == Op::Terror {
                    self.kidnap_spaces(act, 0, &mut n)
                }
            }
            Special::Assassinate => {
                if act.op == Op::Terror {
                    self.assassinate_spaces(act, 0, &mut n)
                }
            }
            Special::Cultivate => {
                if matches!(act.op, Op::Rally | Op::March) {
                    self.cultivate_spaces(act, &mut n)
                }
            }
            Special::Process => {
                if matches!(act.op, Op::Rally | Op::March) {
                    self.process_steps(&mut n)
                }
            }
            Special::Bribe => {
                if self.can_pay(act, 3) {
                    self.bribe_spaces(0, &mut n)
                }
            }
        }
        n.0
    }

    /// Execute Special Activity `sa` for `act`'s Faction, told in the narrative (see
    /// `special_activity` for the Guard before the Operation's first space).
    pub(crate) fn special_narrated(&mut self, act: &mut Action, sa: Special) -> Result<(), Stop> {
        self.narrate_special_begin();
        let done = self.special_activity_now(act, sa);
        self.narrate_special(act.faction, sa, done.is_ok());
        done
    }

    /// The procedure of `sa` alone (dry runs run this, untold).
    pub(crate) fn special_activity_now(&mut self, act: &mut Action, sa: Special) -> Result<(), Stop> {
        act.special = Some(sa);
        let f = act.faction;
        self.note(move |_| format!("{} adds {}", f.name(), sa.slug()));
        match sa {
            Special::AirLift => self.air_lift(),
            Special::AirStrike => self.air_strike(),
            Special::Eradicate => self.eradicate(),
            Special::Extort => self.extort(f),
            Special::Ambush => Err(Stop::Failed("Ambush is chosen within an Attack".into())),
            Special::Kidnap => self.kidnap(act),
            Special::Assassinate => self.assassinate(act),
            Special::Cultivate => self.cultivate(act),
            Special::Process => self.process(),
            Special::Bribe => self.bribe(act),
        }
    }

    /// Momentum may bar Government Special Activities where there are Guerrillas.
    fn govt_special_barred(&self, s: SpaceId) -> bool {
        self.state.mods().no_govt_special_where_guerrillas && self.guerrillas_in(s) > 0
    }

    // ---- Air Lift (4.2.1) ------------------------------------------------------------------

    /// Where Air Lifted Troops may land (before excluding their origin).
    fn air_lift_landings(&self) -> u64 {
        // Room for one more Government piece (1.4.2), where no Capability bars the activity.
        let room = self.state.stack_mask(self.rules, PieceType::TROOPS);
        if self.state.mods().no_govt_special_where_guerrillas {
            room & !self.state.holding_guerrillas()
        } else {
            room
        }
    }

    fn air_lift_dests(&self, from: SpaceId, out: &mut impl Sink) {
        let land = self.air_lift_landings() & !from.bit();
        for s in self.spaces().filter(|s| land & s.bit() != 0) {
            out.put(Choice::Space(s));
        }
    }

    fn air_lift_origins(&self, out: &mut impl Sink) {
        if self.state.mods().air_lift_max == 0 {
            return;
        }
        let land = self.air_lift_landings();
        for s in self.spaces_among(self.state.holding(PieceType::TROOPS)) {
            if out.enough() {
                return;
            }
            if self.state.count(s, PieceType::TROOPS) > 0 && !self.govt_special_barred(s) && land & !s.bit() != 0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn air_lift(&mut self) -> Result<(), Stop> {
        let Choice::Space(from) = self.ask(GOVT, Ask::AirLiftFrom, None, |g, o| g.air_lift_origins(o))? else {
            return Err(Stop::Failed("expected a space".into()));
        };
        let Choice::Space(to) = self.ask(GOVT, Ask::AirLiftTo, Some(from), |g, o| g.air_lift_dests(from, o))? else {
            return Err(Stop::Failed("expected a space".into()));
        };
        let most = self
            .state
            .count(from, PieceType::TROOPS)
            .min(self.state.mods().air_lift_max)
            .min(self.room(to, GOVT));
        let n = self.ask_number(GOVT, Ask::AirLiftCount, Some(from), 1, most)?;
        let mut lift = Action::new(GOVT, Op::Train);
        self.move_pieces(&mut lift, from, to, PieceType::TROOPS, None, n)
    }

    // ---- Air Strike (4.2.2) ----------------------------------------------------------------

    fn air_strike_spaces(&self, out: &mut impl Sink) {
        if self.state.mods().no_air_strike {
            return;
        }
        // Only where an Insurgent has a piece (`removable` below targets them alone).
        for s in self.spaces_among(self.state.holding_factions(0b1110)) {
            if out.enough() {
                return;
            }
            if self.def(s).is_city() || self.govt_special_barred(s) {
                continue;
            }
            let mut n = Any::default();
            self.removable(s, GOVT, Targeting::Exposed, 0b1110, &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn air_strike(&mut self) -> Result<(), Stop> {
        let Choice::Space(s) = self.ask(GOVT, Ask::SpecialSpace(Special::AirStrike), None, |g, o| {
            g.air_strike_spaces(o)
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        self.remove_enemies(GOVT, s, 1, Targeting::Exposed, 0b1110, ShipmentFate::Owner)?;
        Ok(())
    }

    // ---- Eradicate (4.2.3) -----------------------------------------------------------------

    fn eradicate_spaces(&self, out: &mut impl Sink) {
        for s in self.spaces_among(self.state.holding_faction(Faction::Cartels)) {
            if out.enough() {
                return;
            }
            if self.def(s).is_department()
                && self.state.space(s).faction_pieces(Faction::Cartels) > 0
                && !self.govt_special_barred(s)
            {
                out.put(Choice::Space(s));
            }
        }
    }

    fn eradicate(&mut self) -> Result<(), Stop> {
        let Choice::Space(s) = self.ask(GOVT, Ask::SpecialSpace(Special::Eradicate), None, |g, o| {
            g.eradicate_spaces(o)
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        self.state.gain_aid(self.rules, 4);
        let base = PieceType::base(Faction::Cartels);
        while self.state.count(s, base) > 0 {
            self.remove_one(GOVT, s, base, None, ShipmentFate::Owner)?;
        }
        // Shift that or an adjacent Department toward Active Opposition, else place a
        // FARC Guerrilla there.
        let shiftable = |g: &Game, o: &mut Vec<Choice>| {
            let near = std::iter::once(s).chain(g.state.adjacent(g.rules, s));
            for d in near {
                let def = g.def(d);
                if def.is_department() && def.can_hold_support() && g.support(d) != Support::ActiveOpposition {
                    o.push(Choice::Space(d));
                }
            }
        };
        let mut probe = Vec::new();
        shiftable(self, &mut probe);
        if probe.is_empty() {
            let farc = PieceType::guerrilla(Faction::Farc);
            if self.state.available(farc) > 0 {
                let _ = self.state.place(self.rules, s, farc);
            }
            return Ok(());
        }
        let Choice::Space(d) = self.ask(GOVT, Ask::EradicateShift, Some(s), shiftable)? else {
            return Err(Stop::Failed("expected a space".into()));
        };
        self.state
            .shift_support(self.rules, d, -1)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        Ok(())
    }

    // ---- Extort (4.3.1, 4.4.1) -------------------------------------------------------------

    /// Does Faction `f` alone outnumber all other pieces in `s` (1.8, judged for AUC too)?
    pub(crate) fn controls(&self, f: Faction, s: SpaceId) -> bool {
        match f {
            Faction::Govt => self.state.control(s) == Control::Govt,
            Faction::Farc => self.state.control(s) == Control::Farc,
            _ => {
                let sp = self.state.space(s);
                sp.faction_pieces(f) as u16 * 2 > sp.total_pieces()
            }
        }
    }

    fn extort_spaces(&self, f: Faction, done: u64, out: &mut impl Sink) {
        for s in self.spaces_among(self.state.holding_underground(f) & !done) {
            if out.enough() {
                return;
            }
            if self.controls(f, s) {
                out.put(Choice::Space(s));
            }
        }
    }

    fn extort(&mut self, f: Faction) -> Result<(), Stop> {
        let mut done = 0u64;
        loop {
            let c = self.ask(f, Ask::SpecialSpace(Special::Extort), None, |g, o| {
                g.extort_spaces(f, done, o);
                if done != 0 {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Space(s) = c else { return Ok(()) };
            done |= s.bit();
            self.state
                .activate(self.rules, s, f)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
            self.state.gain_resources(self.rules, f, 1);
        }
    }

    // ---- Kidnap (4.3.3) --------------------------------------------------------------------

    fn cartels_shipment_in(&self, s: SpaceId) -> Option<u8> {
        self.state.shipments_on_map().find_map(|(i, p)| {
            let t = self.rules.forces.type_of(p);
            (t.faction == Faction::Cartels && self.state.piece_space(p) == Some(s)).then_some(i)
        })
    }

    /// Kidnap targets in `s`: the Government in a City or LoC, the Cartels where they have
    /// 1-2 Bases. A target without Resources may still be Kidnapped ("if a targeted
    /// Faction runs out of Resources, no more is transferred", 4.3.3; its "6" still lets
    /// the AUC place). With `paying` (the Kidnap must pay for its Terror), only a target
    /// with Resources, and not by Drug Ransom, which brings a Shipment instead.
    fn kidnap_targets(&self, s: SpaceId, paying: bool, out: &mut impl Sink) {
        let def = self.def(s);
        if (def.is_city() || def.is_loc()) && (!paying || self.state.resources(GOVT) > 0) {
            out.put(Choice::Faction(GOVT));
        }
        let ransom = self.cartels_shipment_in(s).is_some();
        if self.state.count(s, PieceType::base(Faction::Cartels)) > 0
            && (!paying || (!ransom && self.state.resources(Faction::Cartels) > 0))
        {
            out.put(Choice::Faction(Faction::Cartels));
        }
    }

    /// Would a Terror in `s` (not yet selected) be paid only by the Kidnap there first?
    fn kidnap_pays_for_terror(&self, act: &Action, s: SpaceId) -> bool {
        !self.terror_selectable(act, s, 0) && self.terror_selectable(act, s, 1)
    }

    fn kidnap_spaces(&self, act: &Action, done: u64, out: &mut impl Sink) {
        let farc = PieceType::guerrilla(Faction::Farc);
        for s in self.spaces_among(self.state.holding(farc)) {
            if out.enough() {
                return;
            }
            // 4.3.3: a space that was, or will be, selected for Terror this Operation (a
            // Terror the ransom itself may pay for, 3.1 NOTE).
            if done & s.bit() != 0 || !(act.selected(s) || self.terror_selectable(act, s, 1)) {
                continue;
            }
            if self.state.count(s, farc) <= self.state.count(s, PieceType::POLICE) {
                continue;
            }
            let mut n = Any::default();
            self.kidnap_targets(s, self.kidnap_pays_for_terror(act, s), &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn kidnap(&mut self, act: &mut Action) -> Result<(), Stop> {
        let farc = Faction::Farc;
        let mut done = 0u64;
        for i in 0..3 {
            let c = self.ask(farc, Ask::SpecialSpace(Special::Kidnap), None, |g, o| {
                g.kidnap_spaces(act, done, o);
                if i > 0 {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Space(s) = c else { break };
            done |= s.bit();
            let paying = self.kidnap_pays_for_terror(act, s);
            self.kidnap_in(s, paying)?;
            if !act.selected(s) {
                // 4.3.3 "will be selected": the Terror there follows at once (its cost may
                // come from the ransom just taken).
                act.spaces |= s.bit();
                act.count += 1;
                self.terror_in(act, s)?;
            }
        }
        Ok(())
    }

    /// Kidnap in one space: the target pays a die roll (Drug Ransom: its Shipment instead).
    fn kidnap_in(&mut self, s: SpaceId, paying: bool) -> Result<(), Stop> {
        let farc = Faction::Farc;
        let Choice::Faction(target) =
            self.ask(farc, Ask::KidnapTarget, Some(s), |g, o| g.kidnap_targets(s, paying, o))?
        else {
            return Err(Stop::Failed("expected a Faction".into()));
        };
        // Drug Ransom: a Cartels Shipment here goes to a FARC Guerrilla instead.
        if target == Faction::Cartels
            && let Some(ship) = self.cartels_shipment_in(s)
        {
            let holder = self.state.shipment_holder(ship).expect("on the map");
            let c = self.ask(farc, Ask::KidnapShipmentTaker, Some(s), |g, o| {
                g.guerrilla_classes(s, Some(farc), None, o)
            })?;
            return self.transfer_to_class(s, ship, c, holder);
        }
        let roll = self.state.dice.d6();
        let take = roll.min(self.state.resources(target));
        self.state
            .add_resources(self.rules, target, -(take as i16))
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        self.state.gain_resources(self.rules, farc, take as i16);
        self.note(move |r| format!("Kidnap in {}: rolls {roll}, takes {take}", r.map.space(s).name));
        if roll == 6 {
            self.auc_places_one(s)?;
        }
        Ok(())
    }

    /// A Kidnap "6": AUC places 1 Available piece there, within stacking.
    fn auc_places_one(&mut self, s: SpaceId) -> Result<(), Stop> {
        let auc = Faction::Auc;
        let opts = |g: &Game, o: &mut Vec<Choice>| {
            for k in [PieceKind::Guerrilla, PieceKind::Base] {
                let t = Game::piece(auc, k);
                if g.state.available(t) > 0 && g.state.can_stack(g.rules, s, t, None).is_ok() {
                    o.push(Choice::Piece(t, None));
                }
            }
        };
        let mut probe = Vec::new();
        opts(self, &mut probe);
        if probe.is_empty() {
            return Ok(());
        }
        let Choice::Piece(t, _) = self.ask(auc, Ask::AssassinatePlace, Some(s), opts)? else {
            return Err(Stop::Failed("expected a piece".into()));
        };
        self.state
            .place(self.rules, s, t)
            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        Ok(())
    }

    // ---- Assassinate (4.4.2) ---------------------------------------------------------------

    fn assassinate_spaces(&self, act: &Action, done: u64, out: &mut impl Sink) {
        let auc = PieceType::guerrilla(Faction::Auc);
        for s in self.spaces_among(self.state.holding(auc)) {
            if out.enough() {
                return;
            }
            if !act.selected(s) || done & s.bit() != 0 {
                continue;
            }
            if self.state.count(s, auc) <= self.state.count(s, PieceType::POLICE) {
                continue;
            }
            let sp = self.state.space(s);
            if sp.total_pieces() > sp.faction_pieces(Faction::Auc) as u16 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn assassinate(&mut self, act: &Action) -> Result<(), Stop> {
        let auc = Faction::Auc;
        let mut done = 0u64;
        for i in 0..3 {
            let c = self.ask(auc, Ask::SpecialSpace(Special::Assassinate), None, |g, o| {
                g.assassinate_spaces(act, done, o);
                if i > 0 {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Space(s) = c else { break };
            done |= s.bit();
            self.remove_enemies(auc, s, 1, Targeting::Any, 0b1111, ShipmentFate::CapturedBy(auc))?;
        }
        Ok(())
    }

    // ---- Cultivate (4.5.1) -----------------------------------------------------------------

    fn cultivate_steps(&self, act: &Action, s: SpaceId, out: &mut impl Sink) {
        let base = PieceType::base(Faction::Cartels);
        if self.state.can_stack(self.rules, s, base, None).is_err() {
            return;
        }
        if self.spaces().any(|o| o != s && self.state.count(o, base) > 0) {
            out.put(Choice::Step(Step::Relocate));
        }
        if act.op == Op::Rally && act.selected(s) && self.def(s).is_department() && self.state.available(base) > 0 {
            out.put(Choice::Step(Step::Base));
        }
    }

    fn cultivate_spaces(&self, act: &Action, out: &mut impl Sink) {
        let g = PieceType::guerrilla(Faction::Cartels);
        for s in self.spaces_among(self.state.holding(g)) {
            if out.enough() {
                return;
            }
            let def = self.def(s);
            if def.is_loc() || def.pop == 0 || self.state.count(s, g) <= self.state.count(s, PieceType::POLICE) {
                continue;
            }
            let mut n = Any::default();
            self.cultivate_steps(act, s, &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn cultivate(&mut self, act: &Action) -> Result<(), Stop> {
        let cartels = Faction::Cartels;
        let base = PieceType::base(cartels);
        let Choice::Space(s) = self.ask(cartels, Ask::SpecialSpace(Special::Cultivate), None, |g, o| {
            g.cultivate_spaces(act, o)
        })?
        else {
            return Err(Stop::Failed("expected a space".into()));
        };
        let step = self.ask(cartels, Ask::CultivateStep, Some(s), |g, o| {
            g.cultivate_steps(act, s, o)
        })?;
        if step == Choice::Step(Step::Relocate) {
            let Choice::Space(from) = self.ask(cartels, Ask::CultivateFrom, Some(s), |g, o| {
                for f2 in g.spaces() {
                    if f2 != s && g.state.count(f2, base) > 0 {
                        o.push(Choice::Space(f2));
                    }
                }
            })?
            else {
                return Err(Stop::Failed("expected a space".into()));
            };
            self.state
                .move_piece(self.rules, from, s, base, None)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        } else {
            self.state
                .place(self.rules, s, base)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        Ok(())
    }

    // ---- Process (4.5.2) -------------------------------------------------------------------

    fn shipments_available(&self) -> u8 {
        self.rules.forces.limits.shipments - self.state.shipments_on_map().count() as u8
    }

    /// Spaces with a Cartels Base and a Guerrilla to hold a new Shipment.
    fn shipment_spaces(&self, out: &mut impl Sink) {
        if self.shipments_available() == 0 {
            return;
        }
        let base = PieceType::base(Faction::Cartels);
        for s in self.spaces_among(self.state.holding(base) & self.state.holding_guerrillas()) {
            if out.enough() {
                return;
            }
            if self.state.count(s, base) > 0 && self.guerrillas_in(s) > 0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn process_steps(&self, out: &mut impl Sink) {
        let base = PieceType::base(Faction::Cartels);
        if self.state.on_map(self.rules, base) > 0 {
            out.put(Choice::Step(Step::RemoveBases));
        }
        let mut n = Any::default();
        self.shipment_spaces(&mut n);
        if n.0 {
            out.put(Choice::Step(Step::Shipments));
        }
    }

    fn process(&mut self) -> Result<(), Stop> {
        let cartels = Faction::Cartels;
        let base = PieceType::base(cartels);
        // Before an Operation it cannot yet pay for, the Guard (4.1) leaves only the
        // removal of Bases, which raises the Resources.
        let step = self.ask(cartels, Ask::ProcessStep, None, |g, o| g.process_steps(o))?;
        if step == Choice::Step(Step::RemoveBases) {
            let mut removed = 0;
            loop {
                let c = self.ask(cartels, Ask::ProcessBaseSpace, None, |g, o| {
                    for s in g.spaces() {
                        if g.state.count(s, base) > 0 {
                            o.push(Choice::Space(s));
                        }
                    }
                    if removed > 0 {
                        o.push(Choice::Done);
                    }
                })?;
                let Choice::Space(s) = c else { break };
                self.state
                    .remove(self.rules, s, base, None)
                    .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                self.state.gain_resources(self.rules, cartels, 3);
                removed += 1;
            }
            return Ok(());
        }
        for i in 0..2 {
            let c = self.ask(cartels, Ask::SpecialSpace(Special::Process), None, |g, o| {
                g.shipment_spaces(o);
                if i > 0 {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Space(s) = c else { break };
            let Choice::Piece(t, u) = self.ask(cartels, Ask::ProcessHolder, Some(s), |g, o| {
                g.guerrilla_classes(s, None, None, o)
            })?
            else {
                return Err(Stop::Failed("expected a Guerrilla".into()));
            };
            let p = self
                .state
                .find_piece(self.rules, s, t, u)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
            self.state
                .place_shipment(self.rules, p)
                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
        }
        Ok(())
    }

    // ---- Bribe (4.5.4) ---------------------------------------------------------------------

    fn bribe_steps(&self, s: SpaceId, out: &mut impl Sink) {
        let sp = self.state.space(s);
        if sp.count(PieceType::TROOPS) + sp.count(PieceType::POLICE) > 0 {
            out.put(Choice::Step(Step::Remove));
        }
        if self.guerrillas_in(s) > 0 {
            out.put(Choice::Step(Step::Flip));
        }
        if Faction::ALL
            .iter()
            .any(|&f| f != Faction::Cartels && sp.count(PieceType::base(f)) > 0)
        {
            out.put(Choice::Step(Step::Base));
        }
    }

    fn bribe_spaces(&self, done: u64, out: &mut impl Sink) {
        // Only a space with a cube, a Guerrilla or another Faction's Base has a step.
        let st = &self.state;
        let other_bases = [Faction::Govt, Faction::Farc, Faction::Auc].map(|f| st.holding(PieceType::base(f)));
        let held = st.holding_cubes() | st.holding_guerrillas() | other_bases.iter().fold(0, |m, b| m | b);
        for s in self.spaces_among(held) {
            if out.enough() {
                return;
            }
            if done & s.bit() != 0 {
                continue;
            }
            let mut n = Any::default();
            self.bribe_steps(s, &mut n);
            if n.0 {
                out.put(Choice::Space(s));
            }
        }
    }

    fn bribe(&mut self, act: &mut Action) -> Result<(), Stop> {
        let cartels = Faction::Cartels;
        let mut done = 0u64;
        for i in 0..act.sa_max_spaces.unwrap_or(3) {
            // Before its Operation has a space, the Guard (4.1) keeps the Resources the
            // Operation needs.
            let c = self.ask(cartels, Ask::SpecialSpace(Special::Bribe), None, |g, o| {
                if g.state.resources(cartels) >= g.cost(act, 3) {
                    g.bribe_spaces(done, o);
                    if act.only != 0 {
                        o.retain(|c| !matches!(c, Choice::Space(s) if !act.allows(*s)));
                    }
                }
                if i > 0 {
                    o.push(Choice::Done);
                }
            })?;
            let Choice::Space(s) = c else { break };
            done |= s.bit();
            self.pay(act, 3)?;
            let step = self.ask(cartels, Ask::BribeStep, Some(s), |g, o| g.bribe_steps(s, o))?;
            match step {
                Choice::Step(Step::Remove) => {
                    for j in 0..2 {
                        if self.cubes(s) == 0 {
                            break;
                        }
                        let c = self.ask(cartels, Ask::BribeCube, Some(s), |g, o| {
                            for t in [PieceType::TROOPS, PieceType::POLICE] {
                                if g.state.count(s, t) > 0 {
                                    o.push(Choice::Piece(t, None));
                                }
                            }
                            if j > 0 {
                                o.push(Choice::Done);
                            }
                        })?;
                        let Choice::Piece(t, _) = c else { break };
                        self.remove_one(cartels, s, t, None, ShipmentFate::Contraband)?;
                    }
                }
                Choice::Step(Step::Flip) => {
                    for j in 0..2 {
                        if self.guerrillas_in(s) == 0 {
                            break;
                        }
                        let c = self.ask(cartels, Ask::BribeGuerrilla, Some(s), |g, o| {
                            g.guerrilla_classes(s, None, None, o);
                            if j > 0 {
                                o.push(Choice::Done);
                            }
                        })?;
                        let Choice::Piece(t, u) = c else { break };
                        let mut ways = vec![Choice::Step(Step::Flip)];
                        if t.faction != Faction::Cartels {
                            ways.push(Choice::Step(Step::Remove));
                        }
                        let how = self.ask(cartels, Ask::BribeHow, Some(s), |_, o| o.extend(ways))?;
                        if how == Choice::Step(Step::Remove) {
                            self.remove_one(cartels, s, t, u, ShipmentFate::Contraband)?;
                        } else if u == Some(true) {
                            self.state
                                .activate(self.rules, s, t.faction)
                                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                        } else {
                            self.state
                                .go_underground(self.rules, s, t.faction)
                                .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                        }
                    }
                }
                _ => {
                    let Choice::Piece(t, _) = self.ask(cartels, Ask::BribeBase, Some(s), |g, o| {
                        for f in Faction::ALL {
                            let b = PieceType::base(f);
                            if f != Faction::Cartels && g.state.count(s, b) > 0 {
                                o.push(Choice::Piece(b, None));
                            }
                        }
                    })?
                    else {
                        return Err(Stop::Failed("expected a Base".into()));
                    };
                    self.remove_one(cartels, s, t, None, ShipmentFate::Contraband)?;
                }
            }
        }
        Ok(())
    }
}
