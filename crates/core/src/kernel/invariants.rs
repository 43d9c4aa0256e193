//! `check_invariants`: verify a whole state from scratch, independent of the incremental
//! bookkeeping. A broken state is a bug; tests and the validator run this after every
//! decision.

use super::ids::{Faction, PieceType, SpaceId, Support};
use super::ruleset::Ruleset;
use super::state::{AVAILABLE, OUT_OF_PLAY, SpaceState, State};

/// Every violated invariant, in words. Empty when the state is sound.
pub fn check_invariants(st: &State, r: &Ruleset) -> Vec<String> {
    let mut bad = Vec::new();
    let map = &r.map;
    let name = |s: SpaceId| map.space(s).name.as_str();

    // Piece conservation: every piece is Available, out of play, or in one space in play,
    // and the per-space and Available counts agree with the pieces themselves.
    let mut counts = vec![SpaceState::default().counts; map.len()];
    let mut available = [0u8; PieceType::COUNT];
    let mut out = [0u8; PieceType::COUNT];
    let mut unmasked = false;
    for t in PieceType::all() {
        for p in r.forces.pieces_of(t) {
            let ps = st.piece(p);
            match ps.loc {
                AVAILABLE => available[t.index()] += 1,
                OUT_OF_PLAY => out[t.index()] += 1,
                loc if (loc as usize) < map.len() => {
                    if !st.in_play(SpaceId(loc)) {
                        bad.push(format!(
                            "{t} #{} is in {}, which is not a space yet",
                            p.0,
                            name(SpaceId(loc))
                        ));
                    }
                    if ps.underground && !t.is_guerrilla() {
                        bad.push(format!("{t} #{} is Underground; only Guerrillas can be (1.4.3)", p.0));
                    }
                    let slot = t.slot(ps.underground).0 as usize;
                    counts[loc as usize][slot] += 1;
                    unmasked |= st.occupied[slot] & (1u64 << loc) == 0;
                }
                loc => bad.push(format!("{t} #{} has no location ({loc})", p.0)),
            }
            if ps.loc >= OUT_OF_PLAY && ps.underground {
                bad.push(format!("{t} #{} is off the map but Underground", p.0));
            }
        }
    }
    if available != st.available {
        bad.push(format!(
            "Available counts {:?} but pieces say {available:?}",
            st.available
        ));
    }
    if out != st.out_of_play {
        bad.push(format!(
            "out-of-play counts {:?} but pieces say {out:?}",
            st.out_of_play
        ));
    }

    let mut total_support = 0u16;
    let mut total_opposition = 0u16;
    let mut markers = 0u16;
    for s in map.ids() {
        let def = map.space(s);
        let sp = st.space(s);
        if sp.counts != counts[s.index()] {
            bad.push(format!(
                "{}: counts {:?} but pieces say {:?}",
                name(s),
                sp.counts,
                counts[s.index()]
            ));
        }
        if sp.control != sp.compute_control() {
            bad.push(format!(
                "{}: Control marked {:?} but forces give {:?} (1.8)",
                name(s),
                sp.control,
                sp.compute_control()
            ));
        }
        if def.is_loc() && sp.bases() > 0 {
            bad.push(format!("{}: a Base on a LoC (1.4.2)", name(s)));
        }
        if sp.bases() > r.forces.limits.bases_per_space {
            bad.push(format!(
                "{}: {} Bases, more than {} (1.4.2)",
                name(s),
                sp.bases(),
                r.forces.limits.bases_per_space
            ));
        }
        if sp.farc_zone && sp.faction_pieces(Faction::Govt) > 0 {
            bad.push(format!("{}: Government forces in a FARC Zone (1.4.2)", name(s)));
        }
        if sp.farc_zone && !def.is_department() {
            bad.push(format!("{}: a FARC Zone outside a Department (6.4.4)", name(s)));
        }
        if let Some(max) = def.max_pieces_per_faction {
            for f in Faction::ALL {
                if sp.faction_pieces(f) > max {
                    bad.push(format!(
                        "{}: {} {} pieces, more than {max} (1.4.2)",
                        name(s),
                        sp.faction_pieces(f),
                        f.name()
                    ));
                }
            }
        }
        if sp.support != Support::Neutral && !def.can_hold_support() {
            bad.push(format!(
                "{}: {} in a LoC or Population 0 space (1.6.2)",
                name(s),
                sp.support.name()
            ));
        }
        if sp.terror > 0 && def.is_loc() {
            bad.push(format!("{}: Terror on a LoC (3.3.4)", name(s)));
        }
        if sp.sabotage && !def.is_loc() {
            bad.push(format!("{}: Sabotage off a LoC (3.3.4)", name(s)));
        }
        if !st.in_play(s) && (sp.terror > 0 || sp.sabotage || sp.farc_zone || sp.support != Support::Neutral) {
            bad.push(format!("{}: markers in a space that is not in play", name(s)));
        }
        total_support += sp.support.support_points(def.pop);
        total_opposition += sp.support.opposition_points(def.pop);
        markers += sp.terror as u16 + sp.sabotage as u16;
    }
    // The occupancy masks: each piece on the map has its bit (above), and each bit is on
    // a count that is not zero, so the masks are exactly the counts that are not zero (a
    // pass over the pieces and the bits, not over every slot of every space).
    let on_counts = st
        .occupied
        .iter()
        .enumerate()
        .all(|(k, &m)| SpaceId::in_mask(m).all(|s| s.index() < map.len() && st.space(s).counts[k] > 0));
    if unmasked || !on_counts {
        occupancy_faults(st, r, &mut bad);
    }
    if total_support != st.total_support() {
        bad.push(format!(
            "Total Support kept as {} but is {total_support} (1.6.3)",
            st.total_support()
        ));
    }
    if total_opposition != st.total_opposition() {
        bad.push(format!(
            "Total Opposition kept as {} but is {total_opposition} (1.6.3)",
            st.total_opposition()
        ));
    }
    if markers != st.markers_on_map() as u16 {
        bad.push(format!(
            "{markers} Terror/Sabotage markers on the map, kept as {}",
            st.markers_on_map()
        ));
    }
    if markers > r.forces.limits.terror_sabotage_markers as u16 {
        bad.push(format!(
            "{markers} Terror/Sabotage markers, more than {} (3.3.4)",
            r.forces.limits.terror_sabotage_markers
        ));
    }

    for f in Faction::ALL {
        if st.resources(f) > r.forces.limits.resources_max {
            bad.push(format!(
                "{} Resources {} above {} (1.7)",
                f.name(),
                st.resources(f),
                r.forces.limits.resources_max
            ));
        }
    }
    if st.aid() > r.forces.limits.aid_max {
        bad.push(format!("Aid {} above {} (1.7)", st.aid(), r.forces.limits.aid_max));
    }
    if st.president() as usize >= r.forces.presidents.len() {
        bad.push(format!("El Presidente in box {}, past the track", st.president()));
    }
    for (i, holder) in st.shipments.iter().enumerate() {
        let Some(p) = holder else { continue };
        if i >= r.forces.limits.shipments as usize {
            bad.push(format!(
                "Shipment #{i} beyond the {} markers (4.5.3)",
                r.forces.limits.shipments
            ));
        }
        let is_guerrilla = (p.0 as usize) < r.forces.total_pieces() && r.forces.type_of(*p).is_guerrilla();
        if !is_guerrilla || st.piece_space(*p).is_none() {
            bad.push(format!("Shipment #{i} is not held by a Guerrilla on the map (4.5.3)"));
        }
    }
    for (card, _) in st.capabilities() {
        if !r.card(card).is_some_and(|c| c.capability) {
            bad.push(format!("card {card} is in effect as a Capability but is not one (5.3)"));
        }
    }
    for card in st.momentum_cards() {
        if !r.card(card).is_some_and(|c| c.momentum) {
            bad.push(format!("card {card} is in effect as Momentum but has none (5.4)"));
        }
    }
    bad
}

/// Where the occupancy masks disagree with the counts, slot by slot.
fn occupancy_faults(st: &State, r: &Ruleset, bad: &mut Vec<String>) {
    let map = &r.map;
    for (k, &kept) in st.occupied.iter().enumerate() {
        let held = map
            .ids()
            .filter(|&s| st.space(s).counts[k] > 0)
            .fold(0u64, |m, s| m | s.bit());
        if kept != held {
            let wrong: Vec<String> = SpaceId::in_mask(kept ^ held)
                .map(|s| {
                    if s.index() < map.len() {
                        map.space(s).name.clone()
                    } else {
                        format!("space #{}", s.0)
                    }
                })
                .collect();
            bad.push(format!(
                "the occupancy mask of count slot {k} is wrong in {} (the counts there say otherwise)",
                wrong.join(", ")
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    //! Corrupt a sound state behind the primitives' back: the check must notice each time.
    use super::*;
    use crate::kernel::ids::{Control, PieceId, Slot};
    use crate::kernel::ruleset::*;

    fn tiny() -> Ruleset {
        let space = |slug: &str, kind, pop| SpaceDef {
            slug: slug.into(),
            name: slug.into(),
            kind,
            pop,
            terrain: (kind == SpaceKind::Department).then_some(Terrain::Forest),
            loc_type: (kind == SpaceKind::Loc).then_some(LocType::Road),
            econ: (kind == SpaceKind::Loc) as u8,
            coastal: false,
            borders: vec![],
            event_only: false,
            max_pieces_per_faction: None,
        };
        let map = Map::new(
            vec![
                space("city", SpaceKind::City, 2),
                space("dept", SpaceKind::Department, 0),
                space("loc", SpaceKind::Loc, 0),
            ],
            vec![0b110, 0b101, 0b011],
            1,
        );
        let limits = Limits {
            resources_max: 99,
            aid_max: 29,
            bases_per_space: 2,
            terror_sabotage_markers: 2,
            shipments: 1,
        };
        let president = President {
            slug: "p".into(),
            name: "P".into(),
            no_aid: false,
            on_enter: None,
        };
        Ruleset {
            events: Default::default(),
            map,
            forces: Forces::new([2, 2, 1, 3, 3, 1, 1, 1, 1], limits, vec![president]),
            cards: vec![],
            nonplayer: Default::default(),
            event_runner: None,
            event_suspension: None,
        }
    }

    #[test]
    fn a_new_state_is_sound() {
        let r = tiny();
        let st = State::empty(&r, 0);
        assert!(check_invariants(&st, &r).is_empty());
        // Card numbers past the 128-bit masks are simply not in effect.
        assert_eq!((st.capability(200), st.momentum(200)), (None, false));
    }

    #[test]
    fn each_corruption_is_found() {
        let r = tiny();
        let sound = {
            let mut st = State::empty(&r, 0);
            st.place(&r, SpaceId(0), PieceType::TROOPS).unwrap();
            st.place(&r, SpaceId(1), PieceType::guerrilla(Faction::Farc)).unwrap();
            st
        };
        type Corruption = Box<dyn Fn(&mut State)>;
        let corruptions: Vec<(&str, Corruption)> = vec![
            ("count", Box::new(|st| st.spaces[0].counts[0] += 1)),
            ("available", Box::new(|st| st.available[0] += 1)),
            ("control", Box::new(|st| st.spaces[0].control = Control::Farc)),
            (
                "support on pop 0",
                Box::new(|st| st.spaces[1].support = Support::ActiveSupport),
            ),
            ("total support", Box::new(|st| st.total_support += 1)),
            ("terror on loc", Box::new(|st| st.spaces[2].terror = 1)),
            ("markers", Box::new(|st| st.markers_on_map = 1)),
            ("resources", Box::new(|st| st.resources[1] = 100)),
            ("aid", Box::new(|st| st.aid = 30)),
            ("zone with govt", Box::new(|st| st.spaces[0].farc_zone = true)),
            ("shipment on a cube", Box::new(|st| st.shipments[0] = Some(PieceId(0)))),
            ("president", Box::new(|st| st.president = 5)),
            ("underground cube", Box::new(|st| st.pieces[0].underground = true)),
            ("momentum", Box::new(|st| st.momentum = 1 << 5)),
            (
                "occupancy mask: a bit too many",
                Box::new(|st| st.occupied[0] |= 1 << 2),
            ),
            ("occupancy mask: a bit missing", Box::new(|st| st.occupied[0] = 0)),
        ];
        for (what, corrupt) in corruptions {
            let mut st = sound.clone();
            assert!(check_invariants(&st, &r).is_empty());
            corrupt(&mut st);
            assert!(!check_invariants(&st, &r).is_empty(), "not found: {what}");
            // The byte-wise compare of spaces and pieces (state.rs) sees every change.
            assert!(!st.same_position(&sound) && st != sound, "compared equal: {what}");
        }
        // Every field of a space and of a piece, in the last space and the last piece too.
        let last = r.map.len() - 1;
        let n = sound.pieces.len() - 1;
        let changes: Vec<(&str, Corruption)> = vec![
            (
                "last count",
                Box::new(move |st| st.spaces[last].counts[Slot::COUNT - 1] += 1),
            ),
            ("sabotage", Box::new(move |st| st.spaces[last].sabotage = true)),
            ("terror", Box::new(move |st| st.spaces[last].terror = 2)),
            (
                "support",
                Box::new(move |st| st.spaces[last].support = Support::PassiveOpposition),
            ),
            ("last piece", Box::new(move |st| st.pieces[n].loc = 0)),
        ];
        for (what, change) in changes {
            let mut st = sound.clone();
            change(&mut st);
            assert!(!st.same_position(&sound) && st != sound, "compared equal: {what}");
        }
        // Dice are not the position, but they are the state.
        let mut st = sound.clone();
        st.dice = crate::kernel::dice::Dice::new(99);
        assert!(st.same_position(&sound) && st != sound);
        assert!(sound.clone() == sound);
    }
}
