//! The Non-player bots (rules section 8): an agent that answers the same requests as
//! every other agent. At the start of its turn on a card it decides (8.1) between the
//! Event, an Operation with its Special Activity, and Pass; for an Operation it follows
//! its flowchart (flow.rs, govt.rs) to a plan, then answers each question the engine
//! asks from that plan and from the procedures of 8.1.2. Events follow 8.4; Propaganda
//! follows 8.1.2 (Drug Profits), 8.6.1 (Elite Backing) and 8.7.5 (Agitation).
//!
//! Dice: the bot rolls a fork of the game's dice (Dice::fork), salted with the number of
//! answers so far. The game's own stream is untouched, so a record of the bot's answers
//! replays exactly without the bot, and the same seed gives the same bot game anywhere.

pub mod effect;
pub mod flow;
pub mod govt;
pub mod look;
pub mod plan;
pub mod random;

use abyss_core::game::{Agent, Ask, CardAsk, CardMethod, Choice, Doing, Op, Request, Special, Step, Stop, View};
use abyss_core::kernel::{Dice, Faction, PieceKind, PieceType, Side, SpaceId, Support};
use look::Look;
use plan::Plan;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// How often each Non-player rule fired: flowchart boxes, fall-backs, Passes, Events,
/// Propaganda behaviour. Shared by the bots of one game (or many).
pub type Fired = Rc<RefCell<BTreeMap<&'static str, u64>>>;

#[derive(Clone)]
pub struct NonPlayer {
    faction: Faction,
    plan: Plan,
    /// The March move being answered (origin chosen, destination and counts to come).
    current: Option<plan::Move>,
    /// The Regroup move being answered: how many Guerrillas the plan moves in, and how
    /// many Underground ones were taken.
    regroup: Option<(u8, u8)>,
    /// Spaces already used by the current Special Activity (Extort's one LoC, Bribe).
    sa_loc_done: bool,
    bribe_target: Option<(SpaceId, Faction)>,
    /// The spaces the current Operation has selected (a bit each): the Kidnap of 8.7.4
    /// goes only where Terror took place.
    selected: u64,
    /// The bot's Resources as the current Operation began (8.1: reaching 0).
    resources_before: u8,
    /// Do not judge Events by a dry run (the dry run's own bots).
    probe: bool,
    /// The Government's Operation on this card goes without its Special Activity, so that
    /// the 2nd Eligible may not execute the Event (2.3.4; docs/nonplayer.md).
    skip_special: bool,
    fired: Option<Fired>,
    /// Rolls fixed in advance (a scenario test's Playbook dice), used before the fork.
    script: Vec<u8>,
}

impl NonPlayer {
    pub fn new(faction: Faction) -> NonPlayer {
        NonPlayer {
            faction,
            plan: Plan::default(),
            current: None,
            regroup: None,
            sa_loc_done: false,
            bribe_target: None,
            selected: 0,
            resources_before: 0,
            probe: false,
            skip_special: false,
            fired: None,
            script: Vec::new(),
        }
    }
    /// Roll `rolls` (in order, each 1..=6) before the bot's own dice: the table rolls
    /// (8.2, three dice each) and equal-chance rolls, as a worked example prints them.
    pub fn with_dice(mut self, rolls: Vec<u8>) -> NonPlayer {
        self.script = rolls;
        self
    }
    /// Count fired rules into `fired`.
    pub fn counting(mut self, fired: Fired) -> NonPlayer {
        self.fired = Some(fired);
        self
    }
    pub(crate) fn probe(faction: Faction) -> NonPlayer {
        NonPlayer {
            probe: true,
            ..NonPlayer::new(faction)
        }
    }

    fn fire(&self, rule: &'static str) {
        if let Some(f) = &self.fired {
            *f.borrow_mut().entry(rule).or_insert(0) += 1;
        }
    }

    fn dice(&self, view: &View) -> Dice {
        let d = view.state.dice.fork(view.answers.len() as u64);
        if self.script.is_empty() {
            d
        } else {
            d.scripted(&self.script)
        }
    }
}

/// The index of `c` among the options.
fn find(req: &Request, c: Choice) -> Option<usize> {
    req.options.iter().position(|&o| o == c)
}

/// A random candidate (8.2/8.3), as its option index.
fn pick_space(req: &Request, look: &Look, dice: &mut Dice, candidates: &[SpaceId]) -> Option<usize> {
    let s = random::pick(look.r, look.st, dice, candidates)?;
    find(req, Choice::Space(s))
}

fn spaces_of(req: &Request) -> Vec<SpaceId> {
    req.options
        .iter()
        .filter_map(|c| if let Choice::Space(s) = c { Some(*s) } else { None })
        .collect()
}

/// The largest number offered.
fn max_number(req: &Request) -> Option<usize> {
    req.options
        .iter()
        .enumerate()
        .filter_map(|(i, c)| if let Choice::Number(n) = c { Some((i, *n)) } else { None })
        .max_by_key(|x| x.1)
        .map(|x| x.0)
}

/// The number offered closest to `want`.
fn number_near(req: &Request, want: u8) -> Option<usize> {
    req.options
        .iter()
        .enumerate()
        .filter_map(|(i, c)| if let Choice::Number(n) = c { Some((i, *n)) } else { None })
        .min_by_key(|x| x.1.abs_diff(want))
        .map(|x| x.0)
}

/// Removal order. First (`takes`), a Guerrilla class whose removal hands its Shipment to
/// the remover (8.7.3 Attack "targeting a Shipment that FARC can take", 8.6.3 "so as to
/// take Shipments", 8.6.4 Assassinate "remove Guerrillas so as to take Shipments"). Then,
/// by 8.1.2, for an enemy in the target order: Bases, Police, Troops, Underground,
/// Active; for one's own pieces: Active Guerrillas before Underground ones, Bases last.
fn removal_rank(c: &Choice, me: Faction, targets: &[Faction], takes: bool) -> (bool, usize, usize) {
    let Choice::Piece(t, u) = *c else { return (true, 99, 99) };
    let f = t.faction;
    if f == me {
        let r = match (t.kind, u) {
            (PieceKind::Guerrilla, Some(false)) => 0,
            (PieceKind::Guerrilla, _) => 1,
            _ => 2,
        };
        return (true, 50, r);
    }
    let who = targets.iter().position(|&x| x == f).unwrap_or(targets.len());
    let r = match (t.kind, u) {
        (PieceKind::Base, _) => 0,
        (PieceKind::Police, _) => 1,
        (PieceKind::Troops, _) => 2,
        (PieceKind::Guerrilla, Some(true)) => 3,
        _ => 4,
    };
    (!takes, who, r)
}

/// Would removing a piece of class `c` from `s` give its Shipment to `me`? An Insurgent's
/// Operation or Special Activity removal (Attack 3.3.3 Captured Goods, Assassinate 4.4.2
/// Commandeer) places a removed Shipment with a Guerrilla of the remover there; the
/// engine takes a holder from the class (ops::remove_one).
fn takes_shipment(look: &Look, s: SpaceId, c: &Choice, me: Faction) -> bool {
    let Choice::Piece(t, u) = *c else { return false };
    me != Faction::Govt
        && t.is_guerrilla()
        && t.faction != me
        && look.g(s, me) > 0
        && look.st.pieces_in(look.r, s, t, u).any(|p| look.st.holds_shipment(p))
}

/// 8.1.2: which Guerrilla receives a Shipment, best first.
/// - A Shipment that changes hands (its holder removed, 4.5.3; Contraband): "transferred
///   to an Underground Guerrilla of their own Faction, then of another Non-player Faction,
///   then to an Active Guerrilla (FARC, then AUC, then Cartels)": own Underground, another
///   Non-player's Underground, own Active, another Non-player's Active (reference/
///   nonplayer.md 8.1.2 note), and a player's Guerrilla only when no Non-player's can take
///   it (a transfer to a player is never voluntary, 8.1.2; docs/rulings.md).
/// - A new Shipment (`placing`: Process, an Event): under the bot's own Guerrillas,
///   Underground before Active; placing it under another Faction's would hand it over
///   (8.5.2 "a space with a Cartels Guerrilla", 8.1.2 "voluntarily transfer nothing").
fn holder_rank(c: &Choice, me: Faction, seating: &abyss_core::content::Seating, placing: bool) -> (usize, usize) {
    let Choice::Piece(t, u) = *c else { return (99, 99) };
    let own = t.faction == me;
    let non_player = own || seating.non_players.contains(&t.faction);
    let active = usize::from(u == Some(false));
    let tier = match (own, non_player) {
        (true, _) if placing => active,
        (true, _) => 2 * active,
        (false, true) if placing => 2 + active,
        (false, true) => 1 + 2 * active,
        (false, false) => 4 + active,
    };
    (tier, t.faction.index())
}

/// 8.1.2 placement: Bases before Guerrillas (Underground before Active), cubes after.
fn placement_rank(c: &Choice, me: Faction) -> (u8, u8) {
    let Choice::Piece(t, u) = *c else { return (9, 9) };
    let own = u8::from(t.faction != me);
    let r = match (t.kind, u) {
        (PieceKind::Base, _) => 0,
        (PieceKind::Guerrilla, Some(true)) | (PieceKind::Guerrilla, None) => 1,
        (PieceKind::Guerrilla, _) => 2,
        (PieceKind::Troops, _) => 3,
        _ => 4,
    };
    (own, r)
}

impl Agent for NonPlayer {
    /// A copy plans as this bot does; it counts its rules in the same tally.
    fn fork(&self) -> Option<Box<dyn Agent>> {
        Some(Box::new(self.clone()))
    }

    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        if req.options.is_empty() {
            return Err(Stop::Failed(format!("dead end: no option for \"{}\"", req.prompt)));
        }
        let mut dice = self.dice(view);
        let look = Look::new(view.rules, view.state);
        let redeploy = matches!(
            req.ask,
            Ask::RedeployTroopsFrom | Ask::RedeployPoliceFrom | Ask::RedeployTo | Ask::RedeployCount
        );
        let i = match view.doing {
            _ if redeploy && self.faction == Faction::Govt => govt::redeploy(&mut self.plan, req, &look),
            Doing::Choosing => self.choose(view, req, &look, &mut dice),
            Doing::Propaganda => self.propaganda(req, &look, &mut dice),
            Doing::Operation { faction, op, .. } if faction == self.faction => {
                if self.plan.op != Some(op) {
                    // A free Operation granted by an Event: plan it with this Faction's
                    // own flowchart box for that Operation (the 37 instruction, 8.4.4).
                    self.start_plan(&look, &mut dice, view, op);
                }
                self.operation(req, &look, &mut dice)
            }
            Doing::Event { faction, card, .. } if faction == self.faction => {
                self.event(view, req, &look, &mut dice, card)
            }
            _ => None,
        };
        let i = match i {
            Some(i) if i < req.options.len() => i,
            _ => self.fallback(view, req, &look, &mut dice),
        };
        // An Event taken however the choice came about (a card-impact fork may offer the
        // bot only a side it would not pick, crates/play/src/fork.rs): an Operation the Event
        // grants is planned afresh, as in `choose`.
        if view.doing == Doing::Choosing && matches!(req.options[i], Choice::Event(_)) {
            self.plan = Plan::default();
        }
        if let (Ask::OperationSpace(_), Choice::Space(s)) = (req.ask, req.options[i]) {
            self.selected |= s.bit();
        }
        if !self.script.is_empty() {
            self.script = dice.unused_script();
        }
        Ok(i)
    }
}

impl NonPlayer {
    fn start_plan(&mut self, look: &Look, dice: &mut Dice, view: &View, op: Op) {
        let cx = flow::Context {
            final_propaganda_next: view.final_propaganda_next,
        };
        self.plan = flow::plan(look, dice, cx, self.faction, op);
        self.current = None;
        self.sa_loc_done = false;
        self.bribe_target = None;
        self.selected = 0;
    }

    // ---- 8.1: Event, Operation or Pass -----------------------------------------------------

    fn choose(&mut self, view: &View, req: &Request, look: &Look, dice: &mut Dice) -> Option<usize> {
        let me = self.faction;
        let card = view.card.and_then(|n| view.rules.card(n));
        // 8.4.1: Insurgents execute the shaded text of a dual-use Event; abyss's
        // Government executes the unshaded one.
        let side = match card {
            Some(c) if !c.single && me != Faction::Govt => Side::Shaded,
            _ => Side::Unshaded,
        };
        let want_event = match card {
            None => false,
            Some(c) if c.nonplayer.never_event => {
                self.fire("event.instruction-never");
                false
            }
            Some(c) => match view.first {
                // 1st Eligible: the Event if its symbol is leftmost on the card.
                None => c.order.first() == Some(&me),
                // 2nd Eligible: the Event if allowed, unless the "2nd: Ops" mark; in a
                // 2-player game the Government player may decide (Insurgent Discord).
                Some(_) => match view.discord {
                    Some(yes) => yes,
                    None => !c.second_ops,
                },
            },
        };
        // abyss's Government judges the unshaded Event by what it does (docs/nonplayer.md):
        // it takes it, whenever it may, if it puts a Capability in effect, or if its
        // margin gains more than the best-placed Insurgent's does.
        if me == Faction::Govt
            && !self.probe
            && card.is_some_and(|c| !c.nonplayer.never_event)
            && let Some(i) = find(req, Choice::Event(side))
        {
            let n = view.card.expect("a card");
            let before = Faction::ALL.map(|x| abyss_core::game::victory_margin(view.rules, view.state, x));
            if let Some((after, lasting)) = effect::margins_after_event(view, me, n, side) {
                let gain = after[0] - before[0];
                let lead = |m: &[i16; 4]| m[1..].iter().copied().max().unwrap_or(0);
                let threat = lead(&after) - lead(&before);
                if lasting || gain - threat > 0 {
                    self.fire("govt.event-judged");
                    self.plan = Plan::default();
                    return Some(i);
                }
            }
            self.fire("govt.event-declined");
        } else if want_event && let Some(i) = find(req, Choice::Event(side)) {
            let n = view.card.expect("a card");
            if self.probe || effect::event_has_effect(view, me, n, side) {
                self.fire("event");
                // An Operation the Event grants is planned afresh (`decide`), not from
                // an earlier card's plan for the same Operation.
                self.plan = Plan::default();
                return Some(i);
            }
            self.fire("event.ineffective");
        }
        // 8.1: 0 Resources → Pass.
        if view.state.resources(me) == 0 {
            self.fire("pass.no-resources");
            return find(req, Choice::Pass);
        }
        // abyss's Government, 1st Eligible on a card whose Event the 2nd Eligible
        // Insurgent would execute (8.1: not "2nd: Ops"): an Operation alone, no Special
        // Activity, leaves the 2nd Eligible a Limited Operation only (2.3.4).
        self.skip_special = me == Faction::Govt && view.first.is_none() && card.is_some_and(|c| !c.second_ops);
        let (name, boxes) = flow::chain(look, me);
        self.fire(name);
        for (k, &op) in boxes.iter().enumerate() {
            if find(req, Choice::Op(op)).is_none() {
                continue;
            }
            self.start_plan(look, dice, view, op);
            if !self.plan.is_empty() {
                if k > 0 {
                    self.fire("if-none.fell-back");
                }
                self.fire(self.plan.name);
                return find(req, Choice::Op(op));
            }
        }
        self.fire("pass.cannot-operate");
        self.plan = Plan::default();
        find(req, Choice::Pass)
    }

    // ---- Operations and their Special Activities ---------------------------------------------

    fn operation(&mut self, req: &Request, look: &Look, dice: &mut Dice) -> Option<usize> {
        let me = self.faction;
        if me == Faction::Govt
            && let Some(i) = govt::answer(&mut self.plan, req, look)
        {
            return Some(i);
        }
        match req.ask {
            Ask::OperationSpace(Op::Rally | Op::Attack | Op::Terror | Op::Train | Op::Sweep | Op::Assault) => {
                // The first space question of an Operation has no Done (nothing done yet).
                let done = find(req, Choice::Done);
                if done.is_none() {
                    self.selected = 0;
                    self.resources_before = look.st.resources(me);
                }
                // 8.1: once its Resources reach 0 while it executes an Operation, a
                // Non-player operates in no further spaces on that card (free ones, such
                // as Terror on a LoC, included). A free Operation begun at 0 Resources
                // (an Event's) has not reached 0 while it executes.
                if self.resources_before > 0
                    && look.st.resources(me) == 0
                    && let Some(i) = done
                {
                    return Some(i);
                }
                let next = self
                    .plan
                    .spaces
                    .iter()
                    .map(|x| x.0)
                    .find(|&s| find(req, Choice::Space(s)).is_some());
                match next {
                    Some(s) => find(req, Choice::Space(s)),
                    None => find(req, Choice::Done).or_else(|| pick_space(req, look, dice, &spaces_of(req))),
                }
            }
            Ask::RallyStep => {
                let s = req.about?;
                let planned = self.plan.step_in(s).and_then(|st| find(req, Choice::Step(st)));
                planned.or_else(|| {
                    [Step::Base, Step::PlaceMany, Step::Place, Step::Regroup]
                        .iter()
                        .find_map(|&st| find(req, Choice::Step(st)))
                })
            }
            Ask::RegroupFrom => {
                // Each planned move is made once: the engine asks again after each origin
                // (8.5.1 bullet 3: up to 3 Guerrillas in all), and an origin with more
                // Guerrillas than the plan takes is offered again.
                let s = req.about?;
                let k = self
                    .plan
                    .regroup
                    .iter()
                    .position(|x| x.0 == s && find(req, Choice::Space(x.1)).is_some());
                match k {
                    Some(k) => {
                        let (_, o, n) = self.plan.regroup.remove(k);
                        self.regroup = Some((n, 0));
                        find(req, Choice::Space(o))
                    }
                    None => find(req, Choice::Done),
                }
            }
            // Section 8 is silent on which Guerrillas a Regroup moves: all of them end
            // Underground, so the bot moves Active ones first and leaves Underground ones
            // where they stand (docs/nonplayer.md).
            Ask::RegroupUnderground => {
                let from = req.about?;
                let (n, _) = self.regroup.unwrap_or((u8::MAX, 0));
                let u = n.saturating_sub(look.ag(from, me)).min(look.ug(from, me));
                let i = number_near(req, u)?;
                if let (Some(r), Choice::Number(k)) = (self.regroup.as_mut(), req.options[i]) {
                    r.1 = k;
                }
                Some(i)
            }
            Ask::RegroupActive => {
                let (n, u) = self.regroup.unwrap_or((u8::MAX, 0));
                number_near(req, n.saturating_sub(u))
            }
            Ask::RallyReplace => self.best_piece(req, |c| removal_rank(c, me, &[], false)),
            Ask::MarchFrom => {
                while let Some(m) = self.plan.moves.get(self.plan.next_move).copied() {
                    self.plan.next_move += 1;
                    if let Some(i) = find(req, Choice::Space(m.from)) {
                        self.current = Some(m);
                        return Some(i);
                    }
                }
                self.current = None;
                find(req, Choice::Done)
            }
            Ask::MarchTo => match self.current {
                Some(m) => find(req, Choice::Space(m.to)),
                None => None,
            },
            Ask::MarchUnderground => match self.current {
                Some(m) => number_near(req, m.underground),
                None => max_number(req),
            },
            // 8.1.2: Guerrillas with Shipments move first.
            Ask::ShipmentsCarried => max_number(req),
            Ask::MarchActive => match self.current {
                Some(m) => number_near(req, m.active),
                None => max_number(req),
            },
            Ask::AttackHow => {
                if req.about.is_some() && req.about == self.plan.ambush {
                    find(req, Choice::Special(Special::Ambush))
                } else {
                    find(req, Choice::Step(Step::Roll))
                }
            }
            Ask::AddSpecial if self.skip_special => {
                self.fire("govt.deny-event");
                find(req, Choice::Done)
            }
            Ask::AddSpecial => {
                let want = self.plan.special.filter(|&sa| self.special_useful(look, sa));
                match want.and_then(|sa| find(req, Choice::Special(sa))) {
                    Some(i) => {
                        self.fire(match want {
                            Some(Special::Extort) => "special.extort",
                            Some(Special::Cultivate) => "special.cultivate",
                            Some(Special::Process) => "special.process",
                            Some(Special::Bribe) => "special.bribe",
                            Some(Special::Kidnap) => "special.kidnap",
                            Some(Special::Assassinate) => "special.assassinate",
                            Some(Special::AirStrike) => "special.air-strike",
                            Some(Special::Eradicate) => "special.eradicate",
                            _ => "special.other",
                        });
                        Some(i)
                    }
                    None => {
                        self.fire("special.none");
                        find(req, Choice::Done)
                    }
                }
            }
            Ask::TrainStep => find(req, Choice::Step(Step::CivicAction))
                .or_else(|| find(req, Choice::Step(Step::Base)))
                .or_else(|| find(req, Choice::Done)),
            Ask::TrainCivicSpace | Ask::TrainBaseSpace => self.most_populous(req, look),
            _ => self.special(req, look, dice),
        }
    }

    /// Would the planned Special Activity do what its box wants (else no SA)?
    fn special_useful(&self, look: &Look, sa: Special) -> bool {
        match sa {
            Special::Extort if self.faction == Faction::Farc => {
                look.spaces().any(|s| flow::farc_extort_wanted(look, s, false))
            }
            Special::Cultivate => {
                let rally: Vec<SpaceId> = self.plan.spaces.iter().map(|x| x.0).collect();
                flow::cultivate_target(look, &rally)
            }
            Special::Bribe => look.st.resources(Faction::Cartels) >= 3,
            // 8.7.4: Kidnap in spaces selected for Terror.
            Special::Kidnap => look
                .spaces()
                .any(|s| self.selected & s.bit() != 0 && flow::kidnap_target(look, s).is_some()),
            // 8.5.2: Shipments, else a Base from a space with 2, else no Special Activity.
            Special::Process => flow::process_way(look).is_some(),
            _ => true,
        }
    }

    /// Questions of Special Activities (the bot's own or an Event's free one).
    fn special(&mut self, req: &Request, look: &Look, dice: &mut Dice) -> Option<usize> {
        let me = self.faction;
        let spaces = spaces_of(req);
        match req.ask {
            Ask::SpecialSpace(Special::Extort) => {
                let want: Vec<SpaceId> = if me == Faction::Farc {
                    let mut w: Vec<SpaceId> = spaces
                        .iter()
                        .copied()
                        .filter(|&s| flow::farc_extort_wanted(look, s, self.sa_loc_done))
                        .collect();
                    // Cities and Departments first; then the LoC with the lowest Econ.
                    w.sort_by_key(|&s| (look.def(s).is_loc(), look.def(s).econ));
                    w
                } else {
                    spaces
                };
                match want.first() {
                    Some(&s) => {
                        if look.def(s).is_loc() {
                            self.sa_loc_done = true;
                        }
                        find(req, Choice::Space(s))
                    }
                    None => find(req, Choice::Done),
                }
            }
            Ask::SpecialSpace(Special::Kidnap) => {
                // 8.7.4: in spaces selected for Terror. The engine also offers a space
                // that a Kidnap would then let it select (4.3.3 "will be selected"): that
                // would be a Terror space the flowchart never chose, paid for by the
                // ransom after the Resources ran out (8.1).
                let mut c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| self.selected & s.bit() != 0 && flow::kidnap_target(look, s).is_some())
                    .collect();
                c.sort_by_key(|&s| {
                    let d = look.def(s);
                    if d.is_loc() {
                        0
                    } else if d.is_city() {
                        1
                    } else {
                        2
                    }
                });
                c.first()
                    .and_then(|&s| find(req, Choice::Space(s)))
                    .or_else(|| find(req, Choice::Done))
            }
            Ask::KidnapTarget => {
                let t = req.about.and_then(|s| flow::kidnap_target(look, s));
                t.and_then(|f| find(req, Choice::Faction(f)))
            }
            Ask::SpecialSpace(Special::Assassinate) => {
                let mut c = spaces.clone();
                c.sort_by_key(|&s| std::cmp::Reverse(look.pieces(s, Faction::Farc)));
                c.first()
                    .and_then(|&s| find(req, Choice::Space(s)))
                    .or_else(|| find(req, Choice::Done))
            }
            Ask::SpecialSpace(Special::Cultivate) => {
                let rally: Vec<SpaceId> = self.plan.spaces.iter().map(|x| x.0).collect();
                let place: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|s| rally.contains(s) && look.def(*s).is_department())
                    .collect();
                let c = if place.is_empty() {
                    spaces
                        .iter()
                        .copied()
                        .filter(|&s| look.bases(s, Faction::Cartels) == 0)
                        .collect()
                } else {
                    place
                };
                pick_space(req, look, dice, &c)
            }
            Ask::CultivateStep => {
                find(req, Choice::Step(Step::Base)).or_else(|| find(req, Choice::Step(Step::Relocate)))
            }
            Ask::CultivateFrom => {
                let c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| look.bases(s, Faction::Cartels) >= 2)
                    .collect();
                pick_space(req, look, dice, &c)
            }
            // 8.5.2 Process: 2 Shipments, each in a random space with a Cartels Guerrilla
            // and a Cartels Base; if there is no such space, 1 Base from a random space
            // with 2 Cartels Bases, for +3 Resources.
            Ask::ProcessStep => match flow::process_way(look) {
                Some(flow::ProcessWay::RemoveBase) => find(req, Choice::Step(Step::RemoveBases)),
                _ => find(req, Choice::Step(Step::Shipments)).or_else(|| find(req, Choice::Step(Step::RemoveBases))),
            },
            Ask::SpecialSpace(Special::Process) => {
                let c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| flow::process_space(look, s))
                    .collect();
                pick_space(req, look, dice, &c).or_else(|| find(req, Choice::Done))
            }
            Ask::ProcessBaseSpace => {
                if self.sa_loc_done {
                    return find(req, Choice::Done);
                }
                self.sa_loc_done = true;
                let c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| look.bases(s, Faction::Cartels) >= 2)
                    .collect();
                let c = if c.is_empty() { spaces.clone() } else { c };
                pick_space(req, look, dice, &c)
            }
            Ask::SpecialSpace(Special::Bribe) => {
                // Government pieces first, then FARC, then AUC.
                for f in [Faction::Govt, Faction::Farc, Faction::Auc] {
                    let c: Vec<SpaceId> = spaces
                        .iter()
                        .copied()
                        .filter(|&s| look.pieces(s, f) > 0 && look.pieces(s, Faction::Cartels) > 0)
                        .collect();
                    if let Some(s) = random::pick(look.r, look.st, dice, &c) {
                        self.bribe_target = Some((s, f));
                        return find(req, Choice::Space(s));
                    }
                }
                find(req, Choice::Done)
            }
            Ask::BribeStep => {
                let (s, f) = self.bribe_target?;
                if look.bases(s, f) > 0 {
                    return find(req, Choice::Step(Step::Base));
                }
                if f == Faction::Govt {
                    find(req, Choice::Step(Step::Remove))
                } else {
                    find(req, Choice::Step(Step::Flip))
                }
            }
            Ask::BribeGuerrilla => {
                let f = self.bribe_target.map(|x| x.1);
                let c = req
                    .options
                    .iter()
                    .position(|c| matches!(c, Choice::Piece(t, Some(true)) if Some(t.faction) == f));
                c.or_else(|| {
                    req.options
                        .iter()
                        .position(|c| matches!(c, Choice::Piece(t, _) if Some(t.faction) == f))
                })
                .or_else(|| find(req, Choice::Done))
            }
            Ask::BribeHow => find(req, Choice::Step(Step::Remove)),
            Ask::BribeCube => find(req, Choice::Piece(PieceType::POLICE, None)),
            Ask::SpecialSpace(Special::AirStrike | Special::Eradicate) => {
                let mut c = spaces.clone();
                c.sort_by_key(|&s| {
                    std::cmp::Reverse(
                        Faction::INSURGENTS
                            .iter()
                            .map(|&f| look.bases(s, f) * 2 + look.ag(s, f))
                            .sum::<u8>(),
                    )
                });
                c.first().and_then(|&s| find(req, Choice::Space(s)))
            }
            Ask::AirLiftFrom => {
                let mut c = spaces.clone();
                c.sort_by_key(|&s| std::cmp::Reverse(look.troops(s)));
                c.first().and_then(|&s| find(req, Choice::Space(s)))
            }
            Ask::AirLiftTo | Ask::PatrolTo => {
                let planned = self
                    .plan
                    .spaces
                    .iter()
                    .map(|x| x.0)
                    .find(|&s| find(req, Choice::Space(s)).is_some());
                planned.and_then(|s| find(req, Choice::Space(s)))
            }
            _ => None,
        }
    }

    // ---- 8.4 Events ---------------------------------------------------------------------------

    fn event(&mut self, view: &View, req: &Request, look: &Look, dice: &mut Dice, card: u8) -> Option<usize> {
        let me = self.faction;
        let instr = view.rules.card(card).map(|c| &c.nonplayer);
        let spaces = spaces_of(req);
        if !spaces.is_empty() {
            // 8.4.2: as many as the Event allows, so never stop while a space is offered.
            let mut c = spaces;
            if let Some(i) = instr {
                for tier in &i.prefer {
                    let t: Vec<SpaceId> = c
                        .iter()
                        .copied()
                        .filter(|&s| tier.iter().all(|&x| trait_holds(look, s, x)))
                        .collect();
                    if !t.is_empty() {
                        c = t;
                        break;
                    }
                }
            }
            // 8.4.3: a shift of Support or Opposition goes "where the shift will produce
            // the greatest change in Total Support and Total Opposition". With the shift
            // declared, the change each space would give; with only `shifts_support =
            // true`, the greatest Population (the Playbook: "typically meaning wherever
            // the greatest Population resides"). Ties by the table (8.2).
            if let Ask::Card(q) = req.ask
                && q.shifts_support
            {
                let change = |s: SpaceId| match q.shift {
                    Some(shift) => support_change(look, s, shift),
                    None => u16::from(look.pop(s)),
                };
                let top = c.iter().map(|&s| change(s)).max().unwrap_or(0);
                c.retain(|&s| change(s) == top);
            }
            return pick_space(req, look, dice, &c);
        }
        if instr.is_some_and(|i| i.own_active_first) {
            let own = |u: bool| {
                req.options
                    .iter()
                    .position(|c| matches!(c, Choice::Piece(t, Some(x)) if t.faction == me && *x == u))
            };
            if let Some(i) = own(false).or_else(|| own(true)) {
                return Some(i);
            }
        }
        // "A Faction" acts: the executing Non-player itself (reference/nonplayer.md §2.8).
        if let Some(i) = find(req, Choice::Faction(me)) {
            return Some(i);
        }
        if let Some(i) = find(
            req,
            Choice::Side(if me == Faction::Govt {
                Side::Unshaded
            } else {
                Side::Shaded
            }),
        ) {
            return Some(i);
        }
        None
    }

    // ---- Propaganda -------------------------------------------------------------------------------

    fn propaganda(&mut self, req: &Request, look: &Look, dice: &mut Dice) -> Option<usize> {
        let spaces = spaces_of(req);
        match req.ask {
            // 8.1.2: Shipments place Bases first, then +6 Resources.
            Ask::DrugProfits => {
                self.fire("propaganda.drug-profits");
                find(req, Choice::Step(Step::Base)).or_else(|| find(req, Choice::Step(Step::Resources)))
            }
            Ask::AgitateSpace => {
                // 8.7.5: fewest Terror, then Support, then Population; only where a shift
                // can follow the Terror removal.
                let res = look.st.resources(Faction::Farc);
                let mut c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| look.support(s) > Support::ActiveOpposition && look.st.space(s).terror < res)
                    .collect();
                c = random::shuffled(look.r, look.st, dice, &c);
                c.sort_by_key(|&s| {
                    (
                        look.st.space(s).terror,
                        !look.has_support(s),
                        std::cmp::Reverse(look.pop(s)),
                    )
                });
                match c.first() {
                    Some(&s) => {
                        self.fire("propaganda.agitation");
                        find(req, Choice::Space(s))
                    }
                    None => find(req, Choice::Done),
                }
            }
            Ask::AgitateAgain => {
                let s = req.about?;
                let go = look.support(s) > Support::ActiveOpposition;
                find(req, if go { Choice::Yes } else { Choice::No })
            }
            Ask::EliteBacking => {
                self.fire("propaganda.elite-backing");
                let auc = Faction::Auc;
                let base = look.available(PieceType::base(auc)) > 0;
                let tiers: [&dyn Fn(SpaceId) -> bool; 4] = [
                    &|s| base && look.rally_base_space(s, auc),
                    &|s| look.bases(s, Faction::Farc) > 0,
                    &|s| look.bases(s, auc) > 0,
                    &|_| true,
                ];
                for t in tiers {
                    let c: Vec<SpaceId> = spaces.iter().copied().filter(|&s| t(s)).collect();
                    if let Some(i) = pick_space(req, look, dice, &c) {
                        return Some(i);
                    }
                }
                None
            }
            Ask::RallyStep => [Step::Base, Step::PlaceMany, Step::Place, Step::Regroup]
                .iter()
                .find_map(|&st| find(req, Choice::Step(st))),
            Ask::CivicSpace => {
                self.fire("propaganda.civic-action");
                govt::civic_space(req, look).or_else(|| find(req, Choice::Done))
            }
            Ask::CivicAgain => {
                let go = look.st.resources(Faction::Govt) >= 3;
                find(req, if go { Choice::Yes } else { Choice::No })
            }
            // Too few Sabotage markers for every LoC due (abyss's ruling: the FARC
            // chooses): the LoCs by 8.3, the highest Econ first.
            Ask::SabotageLoc => pick_space(req, look, dice, &spaces),
            _ => None,
        }
    }

    // ---- Fallbacks --------------------------------------------------------------------------------

    /// The City or Department with the most Population among the offered spaces.
    fn most_populous(&self, req: &Request, look: &Look) -> Option<usize> {
        let s = spaces_of(req)
            .into_iter()
            .filter(|&s| look.support(s) < Support::ActiveSupport || look.pop(s) == 0)
            .max_by_key(|&s| look.pop(s))
            .or_else(|| spaces_of(req).into_iter().max_by_key(|&s| look.pop(s)))?;
        find(req, Choice::Space(s))
    }

    fn best_piece<K: Ord>(&self, req: &Request, rank: impl Fn(&Choice) -> K) -> Option<usize> {
        req.options
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c, Choice::Piece(..)))
            .min_by_key(|(_, c)| rank(c))
            .map(|(i, _)| i)
    }

    /// Any question not answered above: 8.1.2 procedures, never a voluntary transfer,
    /// then the most that can be done, then a random pick (8.2).
    fn fallback(&mut self, view: &View, req: &Request, look: &Look, dice: &mut Dice) -> usize {
        let me = self.faction;
        let targets: Vec<Faction> = if self.plan.targets.is_empty() {
            match me {
                Faction::Govt => vec![Faction::Farc, Faction::Auc, Faction::Cartels],
                Faction::Farc => vec![Faction::Auc, Faction::Govt, Faction::Cartels],
                Faction::Auc => vec![Faction::Farc, Faction::Govt, Faction::Cartels],
                Faction::Cartels => vec![Faction::Govt, Faction::Farc, Faction::Auc],
            }
        } else {
            self.plan.targets.clone()
        };
        // Never give anything away voluntarily (8.1.2, 2.3.6).
        if matches!(req.ask, Ask::NegotiateTo | Ask::Ship | Ask::ShipConsent)
            && let Some(i) = find(req, Choice::Done).or_else(|| find(req, Choice::No))
        {
            return i;
        }
        if matches!(req.ask, Ask::OwnRemovalSpace | Ask::OwnRemovalBeforeEvent)
            && let Some(i) = find(req, Choice::Done)
        {
            return i;
        }
        // Removing an enemy Guerrilla: the one holding a Shipment, so as to take it or
        // deny it (8.1.2 targets Shipments first; 8.6.4 Assassinate, 8.5.3 Bribe).
        if req.ask == Ask::RemoveHolder
            && let Some(i) = find(req, Choice::Yes)
        {
            return i;
        }
        if req.ask == Ask::Discord {
            return find(req, Choice::Yes).unwrap_or(0);
        }
        let has_piece = req.options.iter().any(|c| matches!(c, Choice::Piece(..)));
        if has_piece {
            if let Some(placing) = shipment_holder(req.ask) {
                return self
                    .best_piece(req, |c| holder_rank(c, me, view.seating, placing))
                    .unwrap_or(0);
            }
            if places_a_piece(req.ask) {
                return self
                    .best_piece(req, |c| {
                        let r = placement_rank(c, me);
                        (r.0 as usize, r.1 as usize)
                    })
                    .unwrap_or(0);
            }
            let takes =
                |c: &Choice| req.ask == Ask::RemovePiece && req.about.is_some_and(|s| takes_shipment(look, s, c, me));
            return self
                .best_piece(req, |c| removal_rank(c, me, &targets, takes(c)))
                .unwrap_or(0);
        }
        // A Faction to act against (Ask::ActivateFaction, Ask::KidnapTarget and the like):
        // the target order.
        if let Some(i) = targets.iter().find_map(|&f| find(req, Choice::Faction(f))) {
            return i;
        }
        if let Some(i) = max_number(req) {
            return i;
        }
        if let Some(i) = find(req, Choice::Step(Step::Base))
            .or_else(|| find(req, Choice::Step(Step::Replace)))
            .or_else(|| find(req, Choice::Step(Step::PlaceMany)))
            .or_else(|| find(req, Choice::Step(Step::Place)))
        {
            return i;
        }
        if let Some(i) = find(req, Choice::Yes) {
            return i;
        }
        // The Operation the flowchart would choose, when asked for a free one.
        if req.options.iter().any(|c| matches!(c, Choice::Op(_))) {
            let (_, boxes) = flow::chain(look, me);
            if let Some(i) = boxes.iter().find_map(|&op| find(req, Choice::Op(op))) {
                return i;
            }
        }
        if req.options.iter().any(|c| matches!(c, Choice::Special(_)))
            && let Some(i) = req.options.iter().position(|c| matches!(c, Choice::Special(_)))
        {
            return i;
        }
        let spaces = spaces_of(req);
        if !spaces.is_empty() {
            // Patrol and Sweep origins: where the most cubes are.
            if takes_from_a_space(req.ask) {
                let s = spaces.iter().copied().max_by_key(|&s| look.cubes(s)).expect("spaces");
                return find(req, Choice::Space(s)).unwrap_or(0);
            }
            if let Some(s) = random::pick(look.r, look.st, dice, &spaces) {
                return find(req, Choice::Space(s)).unwrap_or(0);
            }
        }
        // Nothing else applies: a random option (8.2 PLAY NOTE: a simple die roll).
        dice.below(req.options.len() as u32) as usize
    }
}

/// A question whose answer is the Guerrilla a Shipment goes to (4.5.3; 8.1.2 orders
/// them): Some(true) for a new Shipment placed (Process, an Event), Some(false) for one
/// that changes hands.
fn shipment_holder(ask: Ask) -> Option<bool> {
    match ask {
        Ask::ProcessHolder
        | Ask::Card(CardAsk {
            method: CardMethod::ShipmentHolder,
            ..
        }) => Some(true),
        Ask::ShipmentTaker | Ask::KidnapShipmentTaker | Ask::ShipmentRescue | Ask::TransferTo | Ask::Contraband => {
            Some(false)
        }
        _ => None,
    }
}

/// A question whose answer is a piece to place or to put in (8.1.2 placement order).
fn places_a_piece(ask: Ask) -> bool {
    matches!(
        ask,
        Ask::AssassinatePlace
            | Ask::TrainBaseCube
            | Ask::RallyReplace
            | Ask::Card(CardAsk {
                method: CardMethod::PlacePiece | CardMethod::ReplaceWith | CardMethod::ReplacePiece,
                ..
            })
    )
}

/// A question whose answer is the space pieces leave (Patrol, Sweep, Redeploy, Events'
/// moves and removals): the bots take from where the most cubes are.
fn takes_from_a_space(ask: Ask) -> bool {
    match ask {
        Ask::PatrolFrom
        | Ask::SweepTroopsFrom
        | Ask::SweepPoliceFrom
        | Ask::AirLiftFrom
        | Ask::RegroupFrom
        | Ask::MarchFrom
        | Ask::CultivateFrom
        | Ask::ProcessBaseSpace
        | Ask::RemoveMarker
        | Ask::OwnRemovalSpace
        | Ask::OwnRemovalBeforeEvent
        | Ask::RedeployTroopsFrom
        | Ask::RedeployPoliceFrom => true,
        Ask::Card(c) => matches!(c.method, CardMethod::MoveFrom | CardMethod::RemoveFrom),
        _ => false,
    }
}

/// 8.4.3: the change a shift in `s` makes to Total Support plus the change to Total
/// Opposition (1.6: Population times 2 at Active, 1 at Passive), both counted whole: a
/// Passive Support City of Population 3 set to Passive Opposition changes them by 3 + 3.
fn support_change(look: &Look, s: SpaceId, shift: abyss_core::game::Shift) -> u16 {
    let pop = i16::from(look.pop(s));
    if pop == 0 {
        return 0;
    }
    let from = look.support(s).value();
    let to = shift.apply(look.support(s)).value();
    let support = i16::from(to.max(0)) - i16::from(from.max(0));
    let opposition = i16::from((-to).max(0)) - i16::from((-from).max(0));
    (pop * (support.abs() + opposition.abs())) as u16
}

fn trait_holds(look: &Look, s: SpaceId, t: abyss_core::kernel::SpaceTrait) -> bool {
    use abyss_core::kernel::SpaceTrait as T;
    match t {
        T::City => look.def(s).is_city(),
        T::Department => look.def(s).is_department(),
        T::Loc => look.def(s).is_loc(),
        T::Support => look.has_support(s),
        T::Opposition => look.has_opposition(s),
        T::Guerrilla(f) => look.g(s, f) > 0,
        T::Base(f) => look.bases(s, f) > 0,
        T::Police => look.police(s) > 0,
    }
}
