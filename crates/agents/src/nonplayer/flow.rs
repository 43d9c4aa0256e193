//! The Non-player flowcharts of section 8 (8.5 Cartels, 8.6 AUC, 8.7 FARC) and abyss's
//! own Government flowchart (docs/nonplayer.md): which box applies, the "if none" arrows
//! (8.1.1), and each box's plan. reference/nonplayer.md §2 is the text they follow.

use super::look::Look;
use super::plan::{Move, Plan};
use super::random::{pick, shuffled};
use abyss_core::game::{Op, Special, Step};
use abyss_core::kernel::{Control, Dice, Faction, PieceType, SpaceId, Support};

const FARC: Faction = Faction::Farc;
const AUC: Faction = Faction::Auc;
const CARTELS: Faction = Faction::Cartels;
const GOVT: Faction = Faction::Govt;

/// What a flowchart needs beyond the position.
#[derive(Clone, Copy)]
pub struct Context {
    /// The next Propaganda card is the final one (8.7.2 skips the LoC March).
    pub final_propaganda_next: bool,
}

/// The boxes to try, in order: the box the diamonds lead to, then each box above it
/// ("if none" arrows, 8.1.1). Rally impossible means Pass.
pub fn chain(look: &Look, f: Faction) -> (&'static str, Vec<Op>) {
    match f {
        Faction::Cartels => {
            let avail = look.available(PieceType::guerrilla(CARTELS)) + look.available(PieceType::base(CARTELS));
            if avail >= 10 || look.can_rally_base(CARTELS) {
                ("cartels.d1-rally", vec![Op::Rally])
            } else if look.shipments_available() > 0 {
                ("cartels.d2-march", vec![Op::March, Op::Rally])
            } else {
                ("cartels.terror", vec![Op::Terror, Op::March, Op::Rally])
            }
        }
        Faction::Auc => {
            let farc_bases: Vec<SpaceId> = look.spaces().filter(|&s| look.bases(s, FARC) > 0).collect();
            let with_auc = farc_bases.iter().filter(|&&s| look.g(s, AUC) > 0).count();
            if look.available(PieceType::guerrilla(AUC)) >= 6 || look.can_rally_base(AUC) {
                ("auc.d1-rally", vec![Op::Rally])
            } else if with_auc * 2 < farc_bases.len() {
                ("auc.d2-march", vec![Op::March, Op::Rally])
            } else if farc_bases.iter().any(|&s| look.ug(s, AUC) > 0) {
                ("auc.d3-terror", vec![Op::Terror, Op::March, Op::Rally])
            } else {
                ("auc.d3-attack", vec![Op::Attack, Op::March, Op::Rally])
            }
        }
        Faction::Farc => {
            let exposed = look.spaces().any(|s| {
                (look.has_support(s) || look.def(s).is_loc()) && (look.ug(s, FARC) > 0 || look.pieces(s, FARC) >= 3)
            });
            if look.available(PieceType::guerrilla(FARC)) >= 9 || look.can_rally_base(FARC) {
                ("farc.d1-rally", vec![Op::Rally])
            } else if !exposed {
                ("farc.d2-march", vec![Op::March, Op::Rally])
            } else if look.st.resources(FARC) > look.st.resources(GOVT) {
                ("farc.d3-attack", vec![Op::Attack, Op::March, Op::Rally])
            } else {
                ("farc.d3-terror", vec![Op::Terror, Op::March, Op::Rally])
            }
        }
        Faction::Govt => super::govt::chain(look),
    }
}

/// The plan of one box for Faction `f`.
pub fn plan(look: &Look, dice: &mut Dice, cx: Context, f: Faction, op: Op) -> Plan {
    match (f, op) {
        (Faction::Govt, _) => super::govt::plan(look, dice, op),
        (_, Op::Rally) => rally(look, dice, f),
        (Faction::Cartels, Op::March) => cartels_march(look, dice),
        (Faction::Auc, Op::March) => auc_march(look, dice),
        (Faction::Farc, Op::March) => farc_march(look, dice, cx),
        (Faction::Cartels, Op::Terror) => cartels_terror(look, dice),
        (Faction::Auc, Op::Terror) => auc_terror(look, dice),
        (Faction::Farc, Op::Terror) => farc_terror(look, dice),
        (Faction::Auc, Op::Attack) => auc_attack(look, dice),
        (Faction::Farc, Op::Attack) => farc_attack(look, dice),
        (Faction::Cartels, Op::Attack) => cartels_attack(look, dice),
        _ => Plan::new("none", op),
    }
}

/// Fill `plan` from `candidates` (already in priority order) up to `limit` spaces.
fn fill(plan: &mut Plan, limit: usize, candidates: Vec<SpaceId>, step: impl Fn(SpaceId) -> Option<Step>) {
    for s in candidates {
        if plan.spaces.len() >= limit {
            return;
        }
        if !plan.has_space(s) {
            plan.add(s, step(s));
        }
    }
}

/// Candidates of equal priority, in random order when there are more than the `room`
/// left for them (8.2). When every candidate gets its turn, nothing is left to chance
/// and the table is not rolled: they go in map order.
fn ordered(look: &Look, dice: &mut Dice, c: Vec<SpaceId>, room: usize) -> Vec<SpaceId> {
    if c.len() <= room.max(1) {
        c
    } else {
        shuffled(look.r, look.st, dice, &c)
    }
}

/// One of several origins of equal priority by an equal-chance roll (8.7.2 NOTE); no
/// roll when there is only one.
fn one_of(dice: &mut Dice, c: &[SpaceId]) -> SpaceId {
    if c.len() == 1 {
        c[0]
    } else {
        c[dice.equal_chance(c.len() as u32) as usize]
    }
}

/// How many more spaces the plan can pay for: at most `limit` spaces, 1 Resource each
/// (8.1: a Non-player at 0 Resources operates in no further spaces).
fn slots(look: &Look, plan: &Plan, f: Faction, limit: usize) -> usize {
    let paid = plan.spaces.iter().filter(|x| look.land(x.0)).count();
    let money = (look.st.resources(f) as usize).saturating_sub(paid);
    limit.saturating_sub(plan.spaces.len()).min(money)
}

// ---- Rally (8.5.1, 8.6.1, 8.7.1) -------------------------------------------------------------

/// Rally places Population + Bases Guerrillas where `f` has a Base, else 1.
fn rally_places(look: &Look, s: SpaceId, f: Faction) -> u8 {
    if look.bases(s, f) > 0 {
        look.pop(s) + look.bases(s, f)
    } else {
        1
    }
}

/// The room for candidates that place Guerrillas: the plan's slots when the `avail`
/// Guerrillas serve them all, else none (who comes first then matters).
fn placing_room(look: &Look, plan: &Plan, f: Faction, limit: usize, c: &[SpaceId], avail: u8) -> usize {
    let need: usize = c.iter().map(|&s| rally_places(look, s, f) as usize).sum();
    if need <= avail as usize {
        slots(look, plan, f, limit)
    } else {
        0
    }
}

fn rally(look: &Look, dice: &mut Dice, f: Faction) -> Plan {
    let name = match f {
        Faction::Farc => "farc.rally",
        Faction::Auc => "auc.rally",
        _ => "cartels.rally",
    };
    let mut plan = Plan::new(name, Op::Rally);
    plan.special = Some(match f {
        Faction::Cartels => Special::Cultivate,
        _ => Special::Extort,
    });
    // FARC Rallies in all qualifying spaces; the AUC and the Cartels in up to 3.
    let limit = if f == FARC { usize::MAX } else { 3 };
    let g = PieceType::guerrilla(f);
    let base = PieceType::base(f);
    let ok = |s: SpaceId| look.rally_allowed(s, f);
    let spaces: Vec<SpaceId> = look.spaces().filter(|&s| ok(s)).collect();
    // Bullet 1: replace 2 Guerrillas without Shipments with a Base (while Bases last).
    let b1: Vec<SpaceId> = spaces
        .iter()
        .copied()
        .filter(|&s| look.rally_base_space(s, f))
        .collect();
    let room = slots(look, &plan, f, limit).min(look.available(base) as usize);
    let mut b1 = ordered(look, dice, b1, room);
    b1.truncate(look.available(base) as usize);
    fill(&mut plan, limit, b1, |_| Some(Step::Base));
    // Bullet 2: flip Active Guerrillas Underground where there is a Base and a cube.
    let b2: Vec<SpaceId> = spaces
        .iter()
        .copied()
        .filter(|&s| !plan.has_space(s) && look.ag(s, f) > 0 && look.bases(s, f) > 0 && look.cubes(s) > 0)
        .collect();
    let b2 = ordered(look, dice, b2, slots(look, &plan, f, limit));
    fill(&mut plan, limit, b2, |_| Some(Step::Regroup));
    let mut avail = look.available(g);
    match f {
        Faction::Cartels => {
            // Bullet 3: Bases without Cartels Guerrillas get Population + Bases Guerrillas,
            // or up to 3 Guerrillas moved in from spaces without Cartels Bases.
            let b3: Vec<SpaceId> = spaces
                .iter()
                .copied()
                .filter(|&s| !plan.has_space(s) && look.bases(s, f) > 0 && look.g(s, f) == 0)
                .collect();
            let room = placing_room(look, &plan, f, limit, &b3, avail);
            for s in ordered(look, dice, b3, room) {
                if plan.spaces.len() >= limit {
                    break;
                }
                if avail > 0 {
                    plan.add(s, Some(Step::PlaceMany));
                    avail = avail.saturating_sub(look.pop(s) + look.bases(s, f));
                } else {
                    let mut want = 3u8;
                    for o in look.spaces() {
                        if want == 0 {
                            break;
                        }
                        if o != s && look.bases(o, f) == 0 && look.g(o, f) > 0 {
                            let n = look.g(o, f).min(want);
                            plan.regroup.push((s, o, n));
                            want -= n;
                        }
                    }
                    if want < 3 {
                        plan.add(s, Some(Step::Regroup));
                    }
                }
            }
            // Bullet 4: 1 other Department where Cultivate could then place a Base.
            if plan.spaces.len() < limit && avail > 0 {
                let b4: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| {
                        let placed = if look.bases(s, f) > 0 {
                            look.pop(s) + look.bases(s, f)
                        } else {
                            1
                        };
                        !plan.has_space(s)
                            && look.def(s).is_department()
                            && look.pop(s) > 0
                            && look.base_room(s, f)
                            && look.g(s, f) + placed.min(avail) > look.police(s)
                    })
                    .collect();
                if let Some(s) = pick(look.r, look.st, dice, &b4) {
                    let step = if look.bases(s, f) > 0 {
                        Step::PlaceMany
                    } else {
                        Step::Place
                    };
                    plan.add(s, Some(step));
                }
            }
        }
        Faction::Auc => {
            // Bullet 3: place Guerrillas with FARC Bases, then with AUC Bases, then at random.
            for group in 0..3 {
                if plan.spaces.len() >= limit || avail == 0 {
                    break;
                }
                let c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| {
                        !plan.has_space(s)
                            && look.st.can_stack(look.r, s, g, None).is_ok()
                            && match group {
                                0 => look.bases(s, FARC) > 0,
                                1 => look.bases(s, f) > 0,
                                _ => true,
                            }
                    })
                    .collect();
                let room = placing_room(look, &plan, f, limit, &c, avail);
                for s in ordered(look, dice, c, room) {
                    if plan.spaces.len() >= limit || avail == 0 {
                        break;
                    }
                    let many = look.bases(s, f) > 0;
                    plan.add(s, Some(if many { Step::PlaceMany } else { Step::Place }));
                    avail = avail.saturating_sub(if many { look.pop(s) + look.bases(s, f) } else { 1 });
                }
            }
        }
        _ => {
            // Bullet 3: every other space with a FARC Base gets Population + Bases.
            let b3: Vec<SpaceId> = spaces
                .iter()
                .copied()
                .filter(|&s| {
                    !plan.has_space(s) && look.bases(s, f) > 0 && look.st.can_stack(look.r, s, g, None).is_ok()
                })
                .collect();
            let room = placing_room(look, &plan, f, limit, &b3, avail);
            for s in ordered(look, dice, b3, room) {
                if avail == 0 {
                    break;
                }
                plan.add(s, Some(Step::PlaceMany));
                avail = avail.saturating_sub(look.pop(s) + look.bases(s, f));
            }
            // Bullet 4: 1 other random City or Department gets 1 Guerrilla.
            if avail > 0 {
                let c: Vec<SpaceId> = spaces
                    .iter()
                    .copied()
                    .filter(|&s| {
                        !plan.has_space(s) && look.bases(s, f) == 0 && look.st.can_stack(look.r, s, g, None).is_ok()
                    })
                    .collect();
                if let Some(s) = pick(look.r, look.st, dice, &c) {
                    plan.add(s, Some(Step::Place));
                }
            }
        }
    }
    plan
}

// ---- March (8.5.2, 8.6.2, 8.7.2) -----------------------------------------------------------

/// A group of `movable` Guerrillas (`ug` of them Underground) marching from `from` into
/// `to` per 8.1.2: as many as can stay Underground, Underground ones first; when
/// Activation cannot be avoided, all of them, Active ones first. The Guerrillas left
/// behind are Underground ones. A group of Active Guerrillas only has no one to keep
/// Underground: all of them go.
fn group(look: &Look, f: Faction, from: SpaceId, to: SpaceId, movable: u8) -> Option<Move> {
    if movable == 0 {
        return None;
    }
    let (ug, ag) = (look.ug(from, f), look.ag(from, f));
    let cap = look.stay_underground_cap(f, to);
    let (u, a) = if cap == 0 || cap == u8::MAX || ug == 0 {
        // Nothing can stay Underground (or everything can, or nothing is Underground):
        // Active ones first, so that those left behind are Underground.
        let a = ag.min(movable);
        (movable - a, a)
    } else {
        let n = movable.min(cap);
        let u = ug.min(n);
        (u, (n - u).min(ag))
    };
    (u + a > 0).then_some(Move {
        from,
        to,
        underground: u,
        active: a,
    })
}

fn cartels_march(look: &Look, dice: &mut Dice) -> Plan {
    let f = CARTELS;
    let mut plan = Plan::new("cartels.march", Op::March);
    plan.special = Some(Special::Process);
    let movable = |o: SpaceId| look.g(o, f).saturating_sub(u8::from(look.bases(o, f) > 0));
    let dests: Vec<SpaceId> = look
        .spaces()
        .filter(|&d| {
            look.land(d)
                && look.all_bases(d) < 2
                && look.adjacent(d).any(|o| look.g(o, f) >= 2)
                && look.adjacent(d).any(|o| movable(o) > 0)
        })
        .collect();
    if let Some(d) = pick(look.r, look.st, dice, &dests) {
        for o in look.adjacent(d) {
            if let Some(m) = group(look, f, o, d, movable(o)) {
                plan.moves.push(m);
            }
        }
    }
    plan
}

fn auc_march(look: &Look, dice: &mut Dice) -> Plan {
    let f = AUC;
    let mut plan = Plan::new("auc.march", Op::March);
    plan.special = Some(Special::Extort);
    let movable = |o: SpaceId| {
        let keep = look.bases(o, f) > 0 || look.pieces(o, FARC) > 0;
        look.g(o, f).saturating_sub(u8::from(keep))
    };
    let dests: Vec<SpaceId> = look
        .spaces()
        .filter(|&d| {
            look.land(d) && look.pieces(d, FARC) > 0 && look.g(d, f) == 0 && look.adjacent(d).any(|o| movable(o) > 0)
        })
        .collect();
    // A FARC Base first; then where the marchers could stay Underground; then random.
    let tiers = [
        |l: &Look, d: SpaceId| l.bases(d, FARC) > 0 && l.stay_underground_cap(AUC, d) > 0,
        |l: &Look, d: SpaceId| l.bases(d, FARC) > 0,
        |l: &Look, d: SpaceId| l.stay_underground_cap(AUC, d) > 0,
        |_: &Look, _: SpaceId| true,
    ];
    for tier in tiers {
        let c: Vec<SpaceId> = dests.iter().copied().filter(|&d| tier(look, d)).collect();
        if let Some(d) = pick(look.r, look.st, dice, &c) {
            for o in look.adjacent(d) {
                if let Some(m) = group(look, f, o, d, movable(o)) {
                    plan.moves.push(m);
                }
            }
            break;
        }
    }
    plan
}

fn farc_march(look: &Look, dice: &mut Dice, cx: Context) -> Plan {
    let f = FARC;
    let mut plan = Plan::new("farc.march", Op::March);
    plan.special = Some(Special::Extort);
    // HOW: origins are spaces at Active Opposition, 0-Population Departments and
    // Sabotaged LoCs; 1 FARC Guerrilla stays in each origin with any Base.
    let origin = |o: SpaceId| {
        let d = look.def(o);
        if d.is_loc() {
            look.st.space(o).sabotage
        } else {
            look.support(o) == Support::ActiveOpposition || (d.is_department() && d.pop == 0)
        }
    };
    let mut left: Vec<(SpaceId, u8)> = look
        .spaces()
        .filter(|&o| origin(o) && look.g(o, f) > 0)
        .map(|o| (o, look.g(o, f).saturating_sub(u8::from(look.all_bases(o) > 0))))
        .filter(|x| x.1 > 0)
        .collect();
    let movable = |left: &[(SpaceId, u8)], o: SpaceId| left.iter().find(|x| x.0 == o).map_or(0, |x| x.1);
    let take = |left: &mut Vec<(SpaceId, u8)>, o: SpaceId, n: u8| {
        if let Some(x) = left.iter_mut().find(|x| x.0 == o) {
            x.1 -= n.min(x.1);
        }
    };
    let mut budget = look.st.resources(f);
    // Phase L: 1 Guerrilla onto each unSabotaged LoC without Guerrillas, highest Econ
    // first (free).
    if !cx.final_propaganda_next {
        let mut locs: Vec<SpaceId> = look
            .spaces()
            .filter(|&l| {
                look.def(l).is_loc()
                    && !look.st.space(l).sabotage
                    && Faction::INSURGENTS.iter().all(|&x| look.g(l, x) == 0)
            })
            .collect();
        let mut order = Vec::new();
        while !locs.is_empty() {
            let reachable: Vec<SpaceId> = locs
                .iter()
                .copied()
                .filter(|&l| look.adjacent(l).any(|o| movable(&left, o) > 0))
                .collect();
            let Some(l) = super::random::random_loc(look.r, look.st, dice, &reachable) else {
                break;
            };
            locs.retain(|&x| x != l);
            let origins: Vec<SpaceId> = look.adjacent(l).filter(|&o| movable(&left, o) > 0).collect();
            let o = one_of(dice, &origins);
            let m = group(look, f, o, l, 1).expect("movable");
            take(&mut left, o, 1);
            order.push(m);
        }
        plan.moves.extend(order);
    }
    // Phase S: up to 3 populated spaces at Support or Neutral where the FARC could not
    // Agitate yet; first those the marchers could enter Underground.
    let reach = |left: &[(SpaceId, u8)], d: SpaceId| look.adjacent(d).any(|o| movable(left, o) > 0);
    let mut phase_s = 0;
    for underground_first in [true, false] {
        let c: Vec<SpaceId> = look
            .spaces()
            .filter(|&d| {
                look.land(d)
                    && look.pop(d) > 0
                    && look.support(d) >= Support::Neutral
                    && !look.farc_could_agitate(d)
                    && reach(&left, d)
                    && (look.stay_underground_cap(f, d) > 0) == underground_first
            })
            .collect();
        // Destinations compete for the same marchers, so their order always matters.
        for d in ordered(look, dice, c, 0) {
            if phase_s == 3 || budget == 0 {
                break;
            }
            let origins: Vec<SpaceId> = look.adjacent(d).filter(|&o| movable(&left, o) > 0).collect();
            let mut any = false;
            for o in origins {
                if let Some(m) = group(look, f, o, d, movable(&left, o)) {
                    take(&mut left, o, m.underground + m.active);
                    plan.moves.push(m);
                    any = true;
                }
            }
            if any {
                phase_s += 1;
                budget -= 1;
            }
        }
    }
    // Phase F: 1 more populated space next to the origin with the most movable left.
    if budget > 0
        && let Some(most) = left.iter().map(|x| x.1).max().filter(|&n| n > 0)
    {
        let tops: Vec<SpaceId> = left.iter().filter(|x| x.1 == most).map(|x| x.0).collect();
        let o = one_of(dice, &tops);
        let dests: Vec<SpaceId> = look.adjacent(o).filter(|&d| look.land(d) && look.pop(d) > 0).collect();
        if let Some(d) = pick(look.r, look.st, dice, &dests)
            && let Some(m) = group(look, f, o, d, most)
        {
            plan.moves.push(m);
        }
    }
    plan
}

// ---- Terror (8.5.3, 8.6.4, 8.7.4) ------------------------------------------------------------

fn cartels_terror(look: &Look, dice: &mut Dice) -> Plan {
    let f = CARTELS;
    let mut plan = Plan::new("cartels.terror", Op::Terror);
    plan.special = Some(Special::Bribe);
    let c = |want: fn(Support) -> bool| -> Vec<SpaceId> {
        look.spaces()
            .filter(|&s| look.land(s) && look.pop(s) > 0 && look.ug(s, f) > 0 && want(look.support(s)))
            .collect()
    };
    for tier in [
        c(|l| l > Support::Neutral),
        c(|l| l < Support::Neutral),
        c(|l| l == Support::Neutral),
    ] {
        let t = ordered(look, dice, tier, slots(look, &plan, f, 3));
        fill(&mut plan, 3, t, |_| None);
    }
    plan
}

fn auc_terror(look: &Look, dice: &mut Dice) -> Plan {
    let f = AUC;
    let mut plan = Plan::new("auc.terror", Op::Terror);
    plan.special = Some(Special::Assassinate);
    plan.targets = vec![FARC, GOVT, CARTELS];
    let ok = |s: SpaceId| look.ug(s, f) > 0;
    let b1: Vec<SpaceId> = look.spaces().filter(|&s| ok(s) && look.bases(s, FARC) > 0).collect();
    if let Some(s) = pick(look.r, look.st, dice, &b1) {
        plan.add(s, None);
    }
    let b2: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| ok(s) && look.land(s) && !plan.has_space(s) && look.pieces(s, FARC) > 0)
        .collect();
    if let Some(s) = pick(look.r, look.st, dice, &b2) {
        plan.add(s, None);
    }
    let b3: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| ok(s) && look.land(s) && !plan.has_space(s))
        .collect();
    let b3 = ordered(look, dice, b3, slots(look, &plan, f, 3));
    fill(&mut plan, 3, b3, |_| None);
    plan
}

/// Could a Kidnap here take Resources or a Shipment (4.3.3)?
pub fn kidnap_target(look: &Look, s: SpaceId) -> Option<Faction> {
    if look.g(s, FARC) <= look.police(s) {
        return None;
    }
    let d = look.def(s);
    if (d.is_city() || d.is_loc()) && look.st.resources(GOVT) > 0 {
        return Some(GOVT);
    }
    if look.bases(s, CARTELS) > 0 && (look.st.resources(CARTELS) > 0 || look.shipment_here(s, Some(FARC))) {
        return Some(CARTELS);
    }
    None
}

fn farc_terror(look: &Look, dice: &mut Dice) -> Plan {
    let f = FARC;
    let mut plan = Plan::new("farc.terror", Op::Terror);
    plan.special = Some(Special::Kidnap);
    let ok = |s: SpaceId| look.ug(s, f) > 0;
    // 1: every unSabotaged LoC (free).
    let locs: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| ok(s) && look.def(s).is_loc() && !look.st.space(s).sabotage)
        .collect();
    fill(&mut plan, usize::MAX, locs, |_| None);
    // 2: spaces where Kidnap could take something, until 3 such Terror spaces.
    let kidnaps = plan
        .spaces
        .iter()
        .filter(|x| kidnap_target(look, x.0).is_some())
        .count();
    let c: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| ok(s) && !plan.has_space(s) && kidnap_target(look, s).is_some())
        .collect();
    let room = 3usize.saturating_sub(kidnaps).min(slots(look, &plan, f, usize::MAX));
    for s in ordered(look, dice, c, room)
        .into_iter()
        .take(3usize.saturating_sub(kidnaps))
    {
        plan.add(s, None);
    }
    // 3: every other populated space not at Active Opposition.
    let c: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| {
            ok(s)
                && !plan.has_space(s)
                && look.land(s)
                && look.pop(s) > 0
                && look.support(s) > Support::ActiveOpposition
        })
        .collect();
    let c = ordered(look, dice, c, slots(look, &plan, f, usize::MAX));
    fill(&mut plan, usize::MAX, c, |_| None);
    plan
}

// ---- Attack (8.6.3, 8.7.3) -------------------------------------------------------------------

/// Is there something for `f`'s Attack to hit, in the bot's target order?
fn attack_target(look: &Look, f: Faction, s: SpaceId, order: &[Faction]) -> Option<usize> {
    // A Shipment to take first (Captured Goods).
    if Faction::INSURGENTS.iter().any(|&x| x != f && look.g(s, x) > 0) && look.shipment_here(s, Some(f)) {
        return Some(0);
    }
    order.iter().position(|&x| look.pieces(s, x) > 0).map(|i| i + 1)
}

fn auc_attack(look: &Look, dice: &mut Dice) -> Plan {
    let f = AUC;
    let mut plan = Plan::new("auc.attack", Op::Attack);
    plan.targets = vec![FARC, GOVT];
    let mut c: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| (look.ug(s, f) > 0 || look.g(s, f) >= 3) && attack_target(look, f, s, &plan.targets).is_some())
        .collect();
    c = ordered(look, dice, c, slots(look, &plan, f, 3));
    c.sort_by_key(|&s| std::cmp::Reverse(look.g(s, f)));
    fill(&mut plan, 3, c, |_| None);
    ambush(look, f, &mut plan);
    plan
}

fn farc_attack(look: &Look, dice: &mut Dice) -> Plan {
    let f = FARC;
    let mut plan = Plan::new("farc.attack", Op::Attack);
    plan.targets = vec![AUC, GOVT, CARTELS];
    let b1: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| look.g(s, f) >= 3 && look.others(s, f) > 0)
        .collect();
    fill(&mut plan, usize::MAX, b1, |_| None);
    let extra = |land: bool| -> Vec<SpaceId> {
        look.spaces()
            .filter(|&s| {
                look.land(s) == land
                    && !plan.has_space(s)
                    && look.ug(s, f) > 0
                    && attack_target(look, f, s, &[AUC, GOVT, CARTELS]).is_some()
            })
            .collect()
    };
    let mut c = extra(true);
    if c.is_empty() {
        c = extra(false);
    }
    if let Some(s) = pick(look.r, look.st, dice, &c) {
        plan.add(s, None);
    }
    ambush(look, f, &mut plan);
    plan
}

/// The Cartels flowchart has no Attack; a free Attack from an Event still needs a plan:
/// every space with Cartels Guerrillas and a target, most Guerrillas first.
fn cartels_attack(look: &Look, dice: &mut Dice) -> Plan {
    let f = CARTELS;
    let mut plan = Plan::new("cartels.attack", Op::Attack);
    plan.targets = vec![GOVT, FARC, AUC];
    let mut c: Vec<SpaceId> = look
        .spaces()
        .filter(|&s| look.g(s, f) > 0 && look.others(s, f) > 0)
        .collect();
    c = ordered(look, dice, c, usize::MAX);
    c.sort_by_key(|&s| std::cmp::Reverse(look.g(s, f)));
    fill(&mut plan, usize::MAX, c, |_| None);
    plan
}

/// Ambush (8.6.3, 8.7.3): the Attack space with an Underground Guerrilla and the fewest
/// Guerrillas; ties by target (Shipment, then the target order).
fn ambush(look: &Look, f: Faction, plan: &mut Plan) {
    let targets = plan.targets.clone();
    plan.ambush = plan
        .spaces
        .iter()
        .map(|x| x.0)
        .filter(|&s| look.ug(s, f) > 0)
        .min_by_key(|&s| (look.g(s, f), attack_target(look, f, s, &targets).unwrap_or(9)));
    if plan.ambush.is_some() {
        plan.special = Some(Special::Ambush);
    }
}

// ---- Special Activities after the Operation -------------------------------------------------

/// 8.7.1 FARC Extort: spaces with at least 2 Underground FARC Guerrillas and FARC
/// Control, plus 1 LoC with an Underground Guerrilla (lowest Econ first).
pub fn farc_extort_wanted(look: &Look, s: SpaceId, loc_done: bool) -> bool {
    if look.def(s).is_loc() {
        !loc_done && look.ug(s, FARC) > 0
    } else {
        look.ug(s, FARC) >= 2 && look.control(s) == Control::Farc
    }
}

/// 8.5.2 Process: how the Cartels Process, if at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProcessWay {
    /// Place 2 Shipments, each in a random space with a Cartels Guerrilla and a Cartels
    /// Base.
    Shipments,
    /// "If there is no such space": remove 1 Cartels Base (+3 Resources) from a random
    /// space with 2 Cartels Bases.
    RemoveBase,
}

/// 8.5.2: a space where Process places a Shipment: a Cartels Guerrilla and a Cartels Base
/// (the Shipment goes under the Cartels Guerrilla: another Faction's would be a
/// voluntary transfer, 8.1.2).
pub fn process_space(look: &Look, s: SpaceId) -> bool {
    look.bases(s, CARTELS) > 0 && look.g(s, CARTELS) > 0
}

/// 8.5.2 Process, or None: "If there is no such space, the Cartels execute no Special
/// Activity". With a space for Shipments but none Available, the first bullet applies
/// and places nothing (8.1.1: only as long as the needed pieces are available).
pub fn process_way(look: &Look) -> Option<ProcessWay> {
    if look.spaces().any(|s| process_space(look, s)) {
        return (look.shipments_available() > 0).then_some(ProcessWay::Shipments);
    }
    look.spaces()
        .any(|s| look.bases(s, CARTELS) >= 2)
        .then_some(ProcessWay::RemoveBase)
}

/// 8.5.1 Cultivate: a Department selected for the Rally first, else relocating a Base
/// from a space with 2 Cartels Bases. Is either possible now?
pub fn cultivate_target(look: &Look, rally: &[SpaceId]) -> bool {
    let ok = |d: SpaceId| look.pop(d) > 0 && look.g(d, CARTELS) > look.police(d);
    let place = look.available(PieceType::base(CARTELS)) > 0
        && rally
            .iter()
            .any(|&d| look.def(d).is_department() && ok(d) && look.base_room(d, CARTELS));
    let relocate = look.spaces().any(|s| look.bases(s, CARTELS) >= 2)
        && look
            .spaces()
            .any(|d| look.land(d) && ok(d) && look.bases(d, CARTELS) == 0 && look.base_room(d, CARTELS));
    place || relocate
}

#[cfg(test)]
mod tests {
    use super::*;
    use abyss_core::kernel::State;

    /// TS-4 (8.1.2 MARCH EXAMPLE): Active and Underground Guerrillas marching into an
    /// empty space with Support: only 3 go, Underground ones first, and stay Underground.
    #[test]
    fn march_group_keeps_guerrillas_underground() {
        let r = abyss_core::content::embedded_rules();
        let mut st = State::empty(&r, 1);
        let from = r.map.find("huila").unwrap();
        let to = r.map.find("neiva").unwrap();
        st.set_support(&r, to, Support::ActiveSupport).unwrap();
        let g = PieceType::guerrilla(CARTELS);
        for _ in 0..5 {
            st.place(&r, from, g).unwrap();
        }
        st.activate(&r, from, CARTELS).unwrap();
        st.activate(&r, from, CARTELS).unwrap();
        let look = Look::new(&r, &st);
        let m = group(&look, CARTELS, from, to, 5).unwrap();
        assert_eq!((m.underground, m.active), (3, 0));
        // With 2 cubes there, only 1 can stay Underground.
        st.place(&r, to, PieceType::POLICE).unwrap();
        st.place(&r, to, PieceType::POLICE).unwrap();
        let look = Look::new(&r, &st);
        let m = group(&look, CARTELS, from, to, 5).unwrap();
        assert_eq!((m.underground, m.active), (1, 0));
        // With 3 cubes Activation cannot be avoided: all of them go, Active ones first.
        st.place(&r, to, PieceType::POLICE).unwrap();
        let look = Look::new(&r, &st);
        let m = group(&look, CARTELS, from, to, 4).unwrap();
        assert_eq!((m.underground, m.active), (2, 2));
    }

    /// TS-6 (8.8 EXAMPLE): Government margin +1, best Non-player -1: 2, "Stalemate".
    #[test]
    fn solitaire_levels() {
        use abyss_core::game::engine::solitaire_level;
        assert_eq!(solitaire_level(1 - (-1)), "Stalemate");
        assert_eq!(solitaire_level(0), "COIN Failure");
        assert_eq!(solitaire_level(4), "COIN Progress");
        assert_eq!(solitaire_level(9), "COIN Triumph");
    }

    /// 8.6.1: with 6 or more Guerrillas Available the AUC Rallies.
    #[test]
    fn auc_rallies_with_six_guerrillas_available() {
        let r = abyss_core::content::embedded_rules();
        let st = State::empty(&r, 1);
        let look = Look::new(&r, &st);
        assert_eq!(chain(&look, AUC).0, "auc.d1-rally");
    }
}
