//! abyss's own Non-player Government (not the published 2nd-edition flowchart, which our
//! sources lack): a flowchart in the style of section 8, drawn in docs/nonplayer.md.
//!
//!   G1  an Assault could remove an Insurgent Base, or 3+ Guerrillas      → ASSAULT + AIR STRIKE
//!   G2  Resources 9+ and a Train could bring Civic Action to a space     → TRAIN + Civic Action + AIR STRIKE
//!   G3  3+ Underground Guerrillas sit with or next to Troops             → SWEEP + AIR STRIKE (or ERADICATE)
//!   G4  2+ LoCs are Sabotaged or hold Guerrillas                         → PATROL + AIR STRIKE
//!   else                                                                 → TRAIN (+ Civic Action) + AIR STRIKE
//!   "if none": G1 → Train → Sweep; G2 and else → Sweep; G3 and G4 → Train; then Pass.
//!
//! The Government wins on Total Support (7.2), and only Civic Action builds it, so the
//! chart trains toward Civic Action whenever it can pay for a shift after the Train, and
//! fights first only where a fight pays: a Base to take, or three Guerrillas to remove.
//! Eradicate shifts a Department toward Opposition (4.2.3), a gift to the FARC, so the
//! bot uses it only when the Cartels come near their Base condition.

use super::look::Look;
use super::plan::Plan;
use super::random::shuffled;
use abyss_core::game::{Choice, Op, Request, Special, Step};
use abyss_core::kernel::{Control, Dice, Faction, PieceType, SpaceId, Support};

/// Resources a Train with one Civic Action shift costs: 3 for the space, 3 for the shift.
const TRAIN_AND_SHIFT: u8 = 6;
/// What the bot keeps after Civic Action steps during an Operation, for the next one.
const RESERVE: u8 = 3;
/// Cartels Bases on the map from which Eradicate is worth its shift toward Opposition.
const ERADICATE_FROM_CARTELS_BASES: u8 = 8;

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
    if removable >= 3 || assault.iter().any(|&s| exposed_base(look, s)) {
        return ("govt.g1-assault", vec![Op::Assault, Op::Train, Op::Sweep]);
    }
    if look.st.resources(Faction::Govt) >= TRAIN_AND_SHIFT + 3 && look.spaces().any(|s| civic_prospect(look, s) > 0) {
        return ("govt.g2-train-civic", vec![Op::Train, Op::Sweep]);
    }
    if look.spaces().map(|s| sweep_value(look, s)).sum::<u8>() >= 3 {
        return ("govt.g3-sweep", vec![Op::Sweep, Op::Train]);
    }
    if look.spaces().filter(|&s| loc_trouble(look, s)).count() >= 2 {
        return ("govt.g4-patrol", vec![Op::Patrol, Op::Train]);
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
    match op {
        Op::Assault => {
            plan.name = "govt.assault";
            order.retain(|&s| assault_targets(look, s) > 0);
            order.sort_by_key(|&s| std::cmp::Reverse((exposed_base(look, s), assault_targets(look, s))));
            order.iter().for_each(|&s| plan.add(s, None));
        }
        Op::Sweep => {
            plan.name = "govt.sweep";
            order.retain(|&s| sweep_value(look, s) > 0);
            order.sort_by_key(|&s| std::cmp::Reverse(sweep_value(look, s)));
            order.truncate(3);
            order.iter().for_each(|&s| plan.add(s, None));
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
            if let Some(s) = best {
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
pub fn answer(plan: &Plan, req: &Request, look: &Look) -> Option<usize> {
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
        Ask::TrainStep => find(req, Choice::Step(Step::CivicAction)).or_else(|| find(req, Choice::Done)),
        // The planned space; otherwise the general answer (the most populous).
        Ask::TrainCivicSpace => plan
            .spaces
            .iter()
            .filter(|x| x.1 == Some(Step::CivicAction))
            .find_map(|x| find(req, Choice::Space(x.0))),
        Ask::CivicAgain => {
            let go = look.st.resources(Faction::Govt) >= 3 + RESERVE;
            find(req, if go { Choice::Yes } else { Choice::No })
        }
        _ => None,
    }
}
