//! abyss's own Non-player Government (not the published 2nd-edition flowchart, which our
//! sources lack): a flowchart in the style of section 8, drawn in docs/nonplayer.md.
//!
//!   G1  Resources 6+ and a Train could bring Civic Action to a space     → TRAIN + Civic Action
//!   G2  an Assault could remove an Insurgent Base, or 3+ Guerrillas      → ASSAULT + AIR STRIKE
//!   G3  a populated Department short of Active Support that Troops reach → SWEEP in, ASSAULT it,
//!       (no Government Base there yet, 6 or fewer Insurgent pieces)        then TRAIN a Base there
//!   G4  3+ Underground Guerrillas sit with or next to Troops             → SWEEP + AIR STRIKE (or ERADICATE)
//!   G5  2+ LoCs are Sabotaged or hold Guerrillas                         → PATROL + AIR STRIKE
//!   else                                                                 → TRAIN (+ Civic Action)
//!   "if none": G2 → Train → Sweep; G1 and else → Sweep; G3 → Sweep → Train; G4, G5 → Train.
//!
//! The Government wins on Total Support above 60 (7.2), and only Civic Action builds it.
//! The 11 Cities hold 50, so the bot must also win Departments: G3 takes one with
//! Troops and turns 3 cubes into a Base (3.2.1), so Troops stay through Redeploy (6.5.1)
//! and Train can place Police there, and Civic Action follows (6.4.1 needs Troops, Police
//! and Control). Outside its Operations:
//! - 1st Eligible, it adds no Special Activity when the card's Event is one the 2nd
//!   Eligible may take (no "2nd: Ops" mark), so the 2nd Eligible may not take it (2.3.4);
//!   Insurgent Events are the largest loss of Support in all-bot games.
//! - Redeploy (6.5): Troops that must move go first to Cities with Police and no Troops
//!   (then Civic Action is possible there), spare Troops give each such City one, spare
//!   Police go to Government-Controlled Departments without Police.
//! - Civic Action in the Support Phase: Population first, Opposition before Support
//!   (a shift there also lowers the FARC's total, 7.2), all Resources spent.
//! - Sweeps take only spare Troops: never the last Troop of a populated space short of
//!   Active Support or the margin that holds Control (1.8).
//!
//! Eradicate shifts a Department toward Opposition (4.2.3), a gift to the FARC, so the bot
//! uses it only when the Cartels come within a Rally of their Base condition.

use super::look::Look;
use super::plan::Plan;
use super::random::shuffled;
use abyss_core::game::{Choice, Op, Request, Special, Step};
use abyss_core::kernel::{Control, Dice, Faction, PieceType, SpaceId, Support};

/// Resources a Train with one Civic Action shift costs: 3 for the space, 3 for the shift.
const TRAIN_AND_SHIFT: u8 = 6;
/// Cartels Bases on the map from which Eradicate is worth its shift toward Opposition:
/// one Rally short of the Cartels' Base condition (more than 10, 7.2).
const ERADICATE_FROM_CARTELS_BASES: u8 = 10;
/// Insurgent pieces in a Department beyond which the bot does not try to win it.
const EXPAND_MAX_ENEMIES: u16 = 6;

/// Active Guerrillas, or a Base with no Guerrillas left, that an Assault could remove.
fn assault_targets(look: &Look, s: SpaceId) -> u8 {
    let d = look.def(s);
    let force = if d.is_department() {
        look.troops(s)
    } else {
        look.cubes(s)
    };
    if force == 0 {
        return 0;
    }
    let targets: u8 = Faction::INSURGENTS
        .iter()
        .map(|&f| {
            if look.g(s, f) > 0 {
                look.ag(s, f)
            } else {
                look.bases(s, f)
            }
        })
        .sum();
    targets.min(force)
}

fn exposed_base(look: &Look, s: SpaceId) -> bool {
    assault_targets(look, s) > 0
        && Faction::INSURGENTS
            .iter()
            .any(|&f| look.g(s, f) == 0 && look.bases(s, f) > 0)
}

/// Underground Guerrillas a Sweep could reach (Troops there or next door), counted twice
/// where a FARC Base stands: exposing its guard opens the Base to the next Assault, and
/// FARC Bases count toward the FARC's victory (7.2).
fn sweep_value(look: &Look, s: SpaceId) -> u8 {
    let underground: u8 = Faction::INSURGENTS.iter().map(|&f| look.ug(s, f)).sum();
    let troops_near = look.troops(s) > 0 || look.adjacent(s).any(|a| look.troops(a) > 0);
    if troops_near && !look.def(s).is_loc() {
        underground * (1 + u8::from(look.bases(s, Faction::Farc) > 0))
    } else {
        0
    }
}

/// Underground Insurgent Guerrillas in a populated space with Support, times its
/// Population: each could Terror there (3.3.4 shifts Support away), and a Sweep with
/// the cubes there or next door Activates them (3.2.3), so they can no longer Terror.
fn protect_value(look: &Look, s: SpaceId) -> u16 {
    if !look.land(s) || look.pop(s) == 0 || !look.has_support(s) || look.st.space(s).farc_zone {
        return 0;
    }
    let ug: u8 = Faction::INSURGENTS.iter().map(|&f| look.ug(s, f)).sum();
    let reach = look.cubes(s) > 0 || look.adjacent(s).any(|a| look.troops(a) > 0);
    if ug == 0 || !reach {
        return 0;
    }
    u16::from(ug.min(3)) * u16::from(look.pop(s))
}

/// Insurgent pieces in `s`.
fn enemies(look: &Look, s: SpaceId) -> u16 {
    Faction::INSURGENTS.iter().map(|&f| u16::from(look.pieces(s, f))).sum()
}

/// The Department to win for Support (abyss's design): Cities alone hold 50 of the 61
/// Total Support the Government needs (7.2), so it must hold populated Departments too.
/// Civic Action there needs Troops, Police and Control (6.4.1), and only a Government
/// Base keeps Troops there through Redeploy (6.5.1) and lets Train place Police (3.2.1).
/// The Department with Population short of Active Support that Troops can reach (in it
/// or next to it), the most Support to gain first, fewest Insurgent pieces next.
fn expansion_target(look: &Look) -> Option<SpaceId> {
    look.spaces()
        .filter(|&s| {
            let d = look.def(s);
            d.is_department()
                && d.pop > 0
                && look.support(s) < Support::ActiveSupport
                && !look.st.space(s).farc_zone
                && look.bases(s, Faction::Govt) == 0
                && look.available(PieceType::base(Faction::Govt)) > 0
                && look.troops(s) + look.adjacent(s).map(|a| look.troops(a)).sum::<u8>() >= 4
                && enemies(look, s) <= EXPAND_MAX_ENEMIES
        })
        .max_by_key(|&s| {
            let levels = (Support::ActiveSupport as i16 - look.support(s) as i16) as u16;
            (
                u16::from(look.pop(s)) * levels,
                look.cubes(s).min(4),
                std::cmp::Reverse(enemies(look, s)),
                std::cmp::Reverse(s),
            )
        })
}

/// What the expansion box does next in its Department: a Base once it holds 3 cubes and
/// Control (Train, 3.2.1), an Assault while Insurgents stand there exposed, else a Sweep
/// to bring Troops in (3.2.3).
fn expansion_op(look: &Look, s: SpaceId) -> Option<Op> {
    if look.bases(s, Faction::Govt) > 0 {
        return None; // G1 takes it from here (Train places cubes, Civic Action follows).
    }
    if look.cubes(s) >= 3 && look.control(s) == Control::Govt && look.st.resources(Faction::Govt) >= 3 {
        return Some(Op::Train);
    }
    if assault_targets(look, s) > 0 && look.cubes(s) >= 2 {
        return Some(Op::Assault);
    }
    Some(Op::Sweep)
}

fn loc_trouble(look: &Look, s: SpaceId) -> bool {
    look.def(s).is_loc() && (look.st.space(s).sabotage || Faction::INSURGENTS.iter().any(|&f| look.g(s, f) > 0))
}

/// Cubes a Train could place in `s` (3.2.1: Cities and Departments with a Government Base).
fn train_cubes(look: &Look, s: SpaceId) -> u8 {
    if look.def(s).is_city() || look.bases(s, Faction::Govt) > 0 {
        (look.available(PieceType::TROOPS) + look.available(PieceType::POLICE)).min(6)
    } else {
        0
    }
}

/// How much Support a Civic Action in `s` could win after a Train there (6.4.1: Government
/// Control, Troops and Police): Population times the levels left to Active Support, 0 if
/// the space cannot be made ready. Terror in the space costs a step per marker first.
fn civic_prospect(look: &Look, s: SpaceId) -> u16 {
    let d = look.def(s);
    if !d.can_hold_support() || look.pop(s) == 0 || look.st.space(s).farc_zone {
        return 0;
    }
    let levels = Support::ActiveSupport as i16 - look.support(s) as i16;
    if levels <= 0 {
        return 0;
    }
    let add = train_cubes(look, s);
    let mods = look.st.mods();
    let (t, p) = (look.troops(s), look.police(s));
    // In u16: each minimum may be anything up to u8::MAX ("never", set by a scenario's
    // hooks or a card's lasting rule), and the two missing counts together exceed a u8.
    let need = u16::from(mods.civic_action_min_troops.max(1).saturating_sub(t))
        + u16::from(mods.civic_action_min_police.max(1).saturating_sub(p));
    if need > u16::from(add) {
        return 0;
    }
    let govt = u16::from(look.pieces(s, Faction::Govt)) + u16::from(add);
    let enemies: u16 = Faction::INSURGENTS.iter().map(|&f| u16::from(look.pieces(s, f))).sum();
    if look.control(s) != Control::Govt && govt <= enemies {
        return 0;
    }
    let terror = i16::from(look.st.space(s).terror);
    let money = i16::from(look.st.resources(Faction::Govt).saturating_sub(3) / 3);
    let shifts = (money - terror).min(levels).max(0) as u16;
    shifts * u16::from(look.pop(s))
}

pub fn chain(look: &Look) -> (&'static str, Vec<Op>) {
    let assault: Vec<SpaceId> = look.spaces().filter(|&s| assault_targets(look, s) > 0).collect();
    let removable: u16 = assault.iter().map(|&s| u16::from(assault_targets(look, s))).sum();
    // Support before the fight: a Train that brings Civic Action comes before an Assault
    // (issue 28 §3: the other order won fewer games, docs/nonplayer.md).
    if look.st.resources(Faction::Govt) >= TRAIN_AND_SHIFT && look.spaces().any(|s| civic_prospect(look, s) > 0) {
        return ("govt.g1-train-civic", vec![Op::Train, Op::Sweep]);
    }
    if removable >= 3 || assault.iter().any(|&s| exposed_base(look, s)) {
        return ("govt.g2-assault", vec![Op::Assault, Op::Train, Op::Sweep]);
    }
    if let Some(d) = expansion_target(look)
        && let Some(op) = expansion_op(look, d)
    {
        return ("govt.g3-expand", vec![op, Op::Sweep, Op::Train]);
    }
    if look.spaces().map(|s| sweep_value(look, s)).sum::<u8>() >= 3 {
        return ("govt.g4-sweep", vec![Op::Sweep, Op::Train]);
    }
    if look.spaces().filter(|&s| loc_trouble(look, s)).count() >= 2 {
        return ("govt.g5-patrol", vec![Op::Patrol, Op::Train]);
    }
    ("govt.train", vec![Op::Train, Op::Sweep])
}

/// Air Strike, or Eradicate once the Cartels come near their Base condition (7.2).
fn sweep_special(look: &Look) -> Special {
    let cartels_bases: u8 = look.spaces().map(|s| look.bases(s, Faction::Cartels)).sum();
    if cartels_bases >= ERADICATE_FROM_CARTELS_BASES {
        Special::Eradicate
    } else {
        Special::AirStrike
    }
}

pub fn plan(look: &Look, dice: &mut Dice, op: Op) -> Plan {
    let all: Vec<SpaceId> = look.spaces().collect();
    let mut plan = Plan::new("govt", op);
    plan.targets = vec![Faction::Farc, Faction::Auc, Faction::Cartels];
    plan.special = Some(Special::AirStrike);
    let mut order = shuffled(look.r, look.st, dice, &all);
    let expand = expansion_target(look).filter(|&d| expansion_op(look, d) == Some(op));
    plan.expand = expand;
    match op {
        Op::Assault => {
            plan.name = "govt.assault";
            order.retain(|&s| assault_targets(look, s) > 0);
            // Bases first (exposed ones, or a FARC Base whose guard the Assault can clear:
            // FARC Bases count toward the FARC's victory, 7.2), then the most targets
            // weighted by Population (Guerrillas there Terror Support away next).
            order.sort_by_key(|&s| {
                let farc_base =
                    look.bases(s, Faction::Farc) > 0 && look.g(s, Faction::Farc) <= assault_targets(look, s);
                let weight = u16::from(assault_targets(look, s)) * (1 + u16::from(look.pop(s)));
                std::cmp::Reverse((exposed_base(look, s) || farc_base, weight))
            });
            if let Some(d) = expand {
                plan.add(d, None);
            }
            order.iter().for_each(|&s| plan.add(s, None));
        }
        Op::Sweep => {
            plan.name = "govt.sweep";
            // Populated spaces with Support first, where Underground Guerrillas could
            // Terror (protect_value), then the highest count.
            order.retain(|&s| sweep_value(look, s) > 0);
            order.sort_by_key(|&s| std::cmp::Reverse((protect_value(look, s), sweep_value(look, s))));
            order.truncate(3);
            if let Some(d) = expand {
                plan.add(d, None);
            }
            order.iter().for_each(|&s| plan.add(s, None));
            plan.spaces.truncate(3);
            plan.special = Some(sweep_special(look));
        }
        Op::Patrol => {
            plan.name = "govt.patrol";
            order.retain(|&s| loc_trouble(look, s));
            order.sort_by_key(|&s| std::cmp::Reverse(look.def(s).econ));
            order.iter().for_each(|&s| plan.add(s, None));
        }
        Op::Train => {
            plan.name = "govt.train";
            // The best Civic Action prospect first (it must be a selected space, 3.2.1),
            // then Cities lacking Troops or Police, most Population first, while the
            // Resources still pay for a shift.
            let best = order
                .iter()
                .copied()
                .filter(|&s| civic_prospect(look, s) > 0)
                .max_by_key(|&s| civic_prospect(look, s));
            if let Some(d) = expand {
                plan.add(d, Some(Step::Base));
            } else if let Some(s) = best {
                plan.add(s, Some(Step::CivicAction));
            }
            order.retain(|&s| train_cubes(look, s) > 0 && (look.troops(s) == 0 || look.police(s) == 0));
            order.sort_by_key(|&s| std::cmp::Reverse((look.support(s) < Support::ActiveSupport, look.pop(s))));
            let mut money = look
                .st
                .resources(Faction::Govt)
                .saturating_sub(3 * plan.spaces.len() as u8);
            for s in order {
                if plan.spaces.len() >= 3 || money < TRAIN_AND_SHIFT {
                    break;
                }
                plan.add(s, None);
                money -= 3;
            }
        }
        _ => {}
    }
    plan
}

/// The Government's answers during its own Operations that the general procedures do
/// not cover: a mix of Troops and Police (Civic Action needs both, 6.4.1), where Civic
/// Action goes, and how far it goes.
pub fn answer(plan: &mut Plan, req: &Request, look: &Look) -> Option<usize> {
    use super::{find, max_number, number_near};
    use abyss_core::game::Ask;
    match req.ask {
        // Half the room as Troops (at least one Police where none stand), the rest Police.
        Ask::TrainTroops => {
            let s = req.about?;
            let max = req
                .options
                .iter()
                .filter_map(|c| if let Choice::Number(n) = c { Some(*n) } else { None })
                .max()?;
            let mut want = max.div_ceil(2);
            if look.police(s) == 0 && want == max && max > 1 {
                want -= 1;
            }
            number_near(req, want)
        }
        Ask::TrainPolice => max_number(req),
        Ask::TrainStep if plan.expand.is_some() => find(req, Choice::Step(Step::Base)),
        Ask::TrainBaseSpace => plan.expand.and_then(|d| find(req, Choice::Space(d))),
        // Keep a Troop and a Police for Civic Action (6.4.1): the larger kind goes first.
        Ask::TrainBaseCube => {
            let s = req.about?;
            let t = if look.troops(s) > look.police(s) {
                PieceType::TROOPS
            } else {
                PieceType::POLICE
            };
            find(req, Choice::Piece(t, None))
        }
        Ask::TrainStep => find(req, Choice::Step(Step::CivicAction)).or_else(|| find(req, Choice::Done)),
        // The planned space; otherwise the general answer (the most populous).
        Ask::TrainCivicSpace => plan
            .spaces
            .iter()
            .filter(|x| x.1 == Some(Step::CivicAction))
            .find_map(|x| find(req, Choice::Space(x.0))),
        // Sweep (3.2.3): Troops come from where they are spare, as many as the space
        // needs to Activate its Underground Guerrillas, not the garrisons of the Cities.
        Ask::SweepTroopsFrom => {
            let to = req.about?;
            plan.current = Some(to);
            if sweep_wants(look, to) == 0 && !(plan.expand == Some(to) && expansion_wants(look, to) > 0) {
                return find(req, Choice::Done);
            }
            let best = super::spaces_of(req)
                .into_iter()
                .filter(|&s| spare_troops(look, s) > 0 && Some(s) != plan.expand)
                .max_by_key(|&s| spare_troops(look, s));
            match best {
                Some(s) => find(req, Choice::Space(s)),
                None => find(req, Choice::Done),
            }
        }
        Ask::SweepTroopsCount => {
            let from = req.about?;
            let want = plan.current.map_or(u8::MAX, |to| {
                if plan.expand == Some(to) {
                    sweep_wants(look, to).max(expansion_wants(look, to))
                } else {
                    sweep_wants(look, to)
                }
            });
            number_near(req, want.min(spare_troops(look, from)))
        }
        Ask::CivicAgain => {
            let go = look.st.resources(Faction::Govt) >= 3;
            find(req, if go { Choice::Yes } else { Choice::No })
        }
        _ => None,
    }
}

/// Troops a Sweep into `s` still wants: enough cubes to Activate every Underground
/// Guerrilla (1 per cube, 1 per 2 in Forest, 3.2.3) and one more to outnumber them.
fn sweep_wants(look: &Look, s: SpaceId) -> u8 {
    let ug: u8 = Faction::INSURGENTS.iter().map(|&f| look.ug(s, f)).sum();
    let forest = look.def(s).terrain == Some(abyss_core::kernel::Terrain::Forest);
    let need = if forest { ug * 2 } else { ug } + 1;
    need.saturating_sub(look.cubes(s))
}

/// Troops the expansion Department wants: enough to outnumber the Insurgents there
/// (Control, 1.8) and 3 cubes for a Base (3.2.1), with one to spare.
fn expansion_wants(look: &Look, s: SpaceId) -> u8 {
    let need = (enemies(look, s) + 1).clamp(4, 12) as u8;
    need.saturating_sub(look.cubes(s))
}

/// Troops that may leave `s` for a Sweep: all of them from a LoC or a Department without
/// a Government Base (Redeploy takes them anyway, 6.5.1); elsewhere those beyond keeping
/// Government Control (1.8) and one Troop where Civic Action could still shift Support.
fn spare_troops(look: &Look, s: SpaceId) -> u8 {
    let t = look.troops(s);
    let d = look.def(s);
    if d.is_loc() || (d.is_department() && look.bases(s, Faction::Govt) == 0) || look.control(s) != Control::Govt {
        return t;
    }
    let enemies: u16 = Faction::INSURGENTS.iter().map(|&f| u16::from(look.pieces(s, f))).sum();
    let govt = u16::from(look.pieces(s, Faction::Govt));
    let above = govt.saturating_sub(enemies + 1).min(u16::from(t)) as u8;
    let civic = u8::from(look.pop(s) > 0 && look.support(s) < Support::ActiveSupport);
    above.min(t.saturating_sub(civic))
}

/// Where Troops Redeploy (6.5.1-2), best first: a space with Population short of Active
/// Support that has Police but no Troops (Civic Action needs both, 6.4.1; the next Train
/// or Support Phase can then shift it), then a populated space with Insurgent Guerrillas
/// (an Assault there needs Troops), then the space next to the most FARC strength, to
/// Sweep from (3.2.3: Troops move into adjacent spaces).
fn troop_destination(look: &Look, s: SpaceId) -> (u8, u16) {
    let guerrillas: u8 = Faction::INSURGENTS.iter().map(|&f| look.g(s, f)).sum();
    if look.pop(s) > 0 && look.police(s) > 0 && look.troops(s) == 0 {
        let short = u16::from(look.support(s) < Support::ActiveSupport);
        return (3, u16::from(look.pop(s)) + 100 * short);
    }
    if look.pop(s) > 0 && guerrillas > 0 {
        return (2, u16::from(look.pop(s)) * 4 + u16::from(guerrillas));
    }
    let farc = |a: SpaceId| {
        if look.def(a).is_loc() || look.st.space(a).farc_zone {
            0
        } else {
            u16::from(look.bases(a, Faction::Farc)) * 2 + u16::from(look.g(a, Faction::Farc))
        }
    };
    (1, farc(s) + look.adjacent(s).map(farc).sum::<u16>())
}

/// Police a Redeploy may take from `s` (6.5.3): beyond 2, and beyond keeping Government
/// Control (1.8).
fn spare_police(look: &Look, s: SpaceId) -> u8 {
    let p = look.police(s);
    if p <= 2 || look.def(s).is_loc() {
        return 0;
    }
    let enemies: u16 = Faction::INSURGENTS.iter().map(|&f| u16::from(look.pieces(s, f))).sum();
    let govt = u16::from(look.pieces(s, Faction::Govt));
    (p - 2).min(govt.saturating_sub(enemies + 1).min(255) as u8)
}

/// A space the Police Redeploy to: Government Control, Population short of Active Support
/// and no Police, so that Troops arriving by Sweep or Train can bring Civic Action there
/// (6.4.1 needs both). The most Population first.
fn police_wanted(look: &Look, s: SpaceId) -> bool {
    look.land(s)
        && look.pop(s) > 0
        && look.support(s) < Support::ActiveSupport
        && look.police(s) == 0
        && look.control(s) == Control::Govt
        && !look.st.space(s).farc_zone
}

/// The Government's Redeploy (6.5): Troops that must leave go where `troop_destination`
/// ranks highest, two at a time to a space that only lacks Troops, the rest together.
/// Other Troops stay; spare Police go two at a time to `police_wanted` spaces.
pub fn redeploy(plan: &mut Plan, req: &Request, look: &Look) -> Option<usize> {
    use super::{find, max_number, number_near};
    use abyss_core::game::Ask;
    match req.ask {
        // Troops by choice (6.5.2): one to each Government-Controlled City with Police
        // and no Troops, from where Troops are spare, so that Civic Action can follow a
        // Terror there at the next Support Phase (6.4.1 needs both).
        Ask::RedeployTroopsFrom => {
            plan.troops_to = None;
            let to = look
                .spaces()
                .filter(|&s| {
                    look.def(s).is_city()
                        && look.control(s) == Control::Govt
                        && troop_destination(look, s).0 == 3
                        && !look.st.space(s).farc_zone
                })
                .max_by_key(|&s| troop_destination(look, s));
            let from = super::spaces_of(req)
                .into_iter()
                .filter(|&s| Some(s) != to && look.troops(s) >= 2 && spare_troops(look, s) >= 1)
                .max_by_key(|&s| spare_troops(look, s));
            match (to, from) {
                (Some(to), Some(from)) => {
                    plan.troops_to = Some(to);
                    find(req, Choice::Space(from))
                }
                _ => find(req, Choice::Done),
            }
        }
        Ask::RedeployPoliceFrom => {
            plan.police_to = None;
            plan.troops_to = None;
            let to = look
                .spaces()
                .filter(|&s| police_wanted(look, s))
                .max_by_key(|&s| look.pop(s));
            let from = super::spaces_of(req)
                .into_iter()
                .filter(|&s| spare_police(look, s) > 0)
                .max_by_key(|&s| spare_police(look, s));
            match (to, from) {
                (Some(to), Some(from)) => {
                    plan.police_to = Some(to);
                    find(req, Choice::Space(from))
                }
                _ => find(req, Choice::Done),
            }
        }
        Ask::RedeployTo => {
            if let Some(to) = plan.police_to.or(plan.troops_to) {
                return find(req, Choice::Space(to));
            }
            let from = req.about?;
            // Troops move first from every space (redeploy_all, and the optional moves are
            // declined above); Police only where no Troops are left to go.
            if look.troops(from) == 0 {
                return None;
            }
            let best = req
                .options
                .iter()
                .enumerate()
                .filter_map(|(i, c)| if let Choice::Space(s) = c { Some((i, *s)) } else { None })
                .max_by_key(|&(_, s)| troop_destination(look, s))?;
            Some(best.0)
        }
        Ask::RedeployCount => {
            let from = req.about?;
            if plan.police_to.is_some() {
                return number_near(req, 2.min(spare_police(look, from)));
            }
            if plan.troops_to.is_some() {
                return number_near(req, 1);
            }
            if look.troops(from) == 0 {
                return None;
            }
            // The destination is not in the question; a space that lacks Troops and has
            // Population short of Active Support gets two, anything else all of them.
            let wanted = look
                .spaces()
                .filter(|&s| {
                    s != from
                        && troop_destination(look, s).0 == 3
                        && look.control(s) == Control::Govt
                        && (look.def(s).is_city() || look.bases(s, Faction::Govt) > 0)
                })
                .count();
            if wanted > 0 {
                number_near(req, 2)
            } else {
                max_number(req)
            }
        }
        _ => None,
    }
}

/// Civic Action in the Support Phase (6.4.1): the space where a shift gains the most,
/// Population first, Opposition before Support at equal Population (a shift there also
/// lowers the FARC's Total Opposition, 7.2), fewest Terror markers first.
pub fn civic_space(req: &Request, look: &Look) -> Option<usize> {
    use super::find;
    if look.st.resources(Faction::Govt) < 3 {
        return find(req, Choice::Done);
    }
    let best = super::spaces_of(req)
        .into_iter()
        .filter(|&s| look.pop(s) > 0 && look.support(s) < Support::ActiveSupport)
        .max_by_key(|&s| {
            let pop = u16::from(look.pop(s));
            let terror = look.st.space(s).terror;
            (
                pop * (1 + u16::from(look.has_opposition(s))) * 4 / (1 + u16::from(terror)),
                std::cmp::Reverse(terror),
            )
        })?;
    find(req, Choice::Space(best))
}
