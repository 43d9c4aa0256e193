//! abyss's own Non-player Government (not the published 2nd-edition flowchart, which our
//! sources lack): a flowchart in the style of section 8, drawn in docs/nonplayer.md.
//!
//!   G1  an Assault could remove a Base, or Active Guerrillas in 2+ spaces → ASSAULT + AIR STRIKE
//!   G2  2+ Underground Guerrillas sit with or next to Troops              → SWEEP + ERADICATE/AIR STRIKE
//!   G3  2+ LoCs are Sabotaged or hold Guerrillas                         → PATROL + AIR STRIKE
//!   else                                                                 → TRAIN (+ Civic Action) + AIR STRIKE
//!   "if none": Assault → Sweep → Train → Pass.

use super::look::Look;
use super::plan::Plan;
use super::random::shuffled;
use crate::game::{Op, Special, Step};
use crate::kernel::{Control, Dice, Faction, SpaceId, Support};

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
    Faction::INSURGENTS
        .iter()
        .map(|&f| {
            if look.g(s, f) > 0 {
                look.ag(s, f)
            } else {
                look.bases(s, f)
            }
        })
        .sum()
}

fn exposed_base(look: &Look, s: SpaceId) -> bool {
    assault_targets(look, s) > 0
        && Faction::INSURGENTS
            .iter()
            .any(|&f| look.g(s, f) == 0 && look.bases(s, f) > 0)
}

fn sweep_value(look: &Look, s: SpaceId) -> u8 {
    let underground: u8 = Faction::INSURGENTS.iter().map(|&f| look.ug(s, f)).sum();
    let troops_near = look.troops(s) > 0 || look.adjacent(s).any(|a| look.troops(a) > 0);
    if troops_near && !look.def(s).is_loc() {
        underground
    } else {
        0
    }
}

fn loc_trouble(look: &Look, s: SpaceId) -> bool {
    look.def(s).is_loc() && (look.st.space(s).sabotage || Faction::INSURGENTS.iter().any(|&f| look.g(s, f) > 0))
}

pub fn chain(look: &Look) -> (&'static str, Vec<Op>) {
    let assault: Vec<SpaceId> = look.spaces().filter(|&s| assault_targets(look, s) > 0).collect();
    if assault.len() >= 2 || assault.iter().any(|&s| exposed_base(look, s)) {
        return ("govt.g1-assault", vec![Op::Assault, Op::Sweep, Op::Train]);
    }
    if look.spaces().map(|s| sweep_value(look, s)).sum::<u8>() >= 2 {
        return ("govt.g2-sweep", vec![Op::Sweep, Op::Train]);
    }
    if look.spaces().filter(|&s| loc_trouble(look, s)).count() >= 2 {
        return ("govt.g3-patrol", vec![Op::Patrol, Op::Train]);
    }
    ("govt.train", vec![Op::Train, Op::Sweep])
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
            if look
                .spaces()
                .any(|s| look.def(s).is_department() && look.bases(s, Faction::Cartels) > 0)
            {
                plan.special = Some(Special::Eradicate);
            }
        }
        Op::Patrol => {
            plan.name = "govt.patrol";
            order.retain(|&s| loc_trouble(look, s));
            order.sort_by_key(|&s| std::cmp::Reverse(look.def(s).econ));
            order.iter().for_each(|&s| plan.add(s, None));
        }
        Op::Train => {
            plan.name = "govt.train";
            // Cities and Departments the Government holds or could win, most Population
            // first; Civic Action afterwards where it is allowed.
            order.retain(|&s| {
                look.def(s).is_city() || (look.bases(s, Faction::Govt) > 0) || look.control(s) == Control::Govt
            });
            order.sort_by_key(|&s| std::cmp::Reverse((look.support(s) < Support::ActiveSupport, look.pop(s))));
            order.truncate(3);
            order.iter().for_each(|&s| plan.add(s, Some(Step::CivicAction)));
        }
        _ => {}
    }
    plan
}
