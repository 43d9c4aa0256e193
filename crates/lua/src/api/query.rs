//! Queries: the Event being executed, the map, pieces, markers and tracks. They read the
//! game and change nothing.

use super::{Api, Kinds, R, faction, factions, game, how_many, kind, method, piece_type, space};
use crate::words::{Arg, Out, Trait};
use abyss_core::game::Game;
use abyss_core::kernel::{Faction, LocType, PieceKind, SpaceId, Terrain};
use mlua::{Lua, Table, Value};
use std::rc::Rc;

/// Does space `s` have trait `t`?
pub(crate) fn has_trait(g: &Game, s: SpaceId, t: Trait) -> bool {
    if let Some(on_map) = map_trait(g.rules.map.space(s), t) {
        return on_map;
    }
    match t {
        Trait::FarcZone => g.state.space(s).farc_zone,
        Trait::Support => g.state.support(s).value() > 0,
        Trait::Opposition => g.state.support(s).value() < 0,
        Trait::Sabotaged => g.state.space(s).sabotage,
        Trait::Shipment => g
            .state
            .shipments_on_map()
            .any(|(_, p)| g.state.piece_space(p) == Some(s)),
        _ => unreachable!("a trait of the map is answered by `map_trait`"),
    }
}

/// Whether a space of the map (`d`) has trait `t`, when the map alone says: None for a
/// trait of the position (Support, markers, Shipments).
pub(crate) fn map_trait(d: &abyss_core::kernel::SpaceDef, t: Trait) -> Option<bool> {
    Some(match t {
        Trait::City => d.is_city(),
        Trait::Department => d.is_department(),
        Trait::Loc => d.is_loc(),
        Trait::Pipeline => d.loc_type == Some(LocType::Pipeline),
        Trait::Mountain => d.terrain == Some(Terrain::Mountain),
        Trait::Forest => d.terrain == Some(Terrain::Forest),
        Trait::Grassland => d.terrain == Some(Terrain::Grassland),
        Trait::Coastal => d.coastal,
        Trait::Populated => d.can_hold_support(),
        Trait::ZeroPop => !d.is_loc() && d.pop == 0,
        Trait::FarcZone | Trait::Support | Trait::Opposition | Trait::Sabotaged | Trait::Shipment => return None,
    })
}

/// The count slots (a bit each, `PieceType::slot`) of the pieces of the Factions in
/// `who`, of `k`, in Guerrilla state `u` (a state leaves out every piece but Guerrillas).
/// Each Faction has three slots from 3 × its index: the Government's Troops, Police and
/// Bases; an Insurgent's Underground Guerrillas, Active Guerrillas and Bases.
pub(crate) fn slots_of(who: u8, k: Kinds, u: Option<bool>) -> u16 {
    let mut slots = 0u16;
    for f in Faction::ALL {
        if who & (1 << f.index()) == 0 {
            continue;
        }
        let govt = f == Faction::Govt;
        let mut three: u16 = match k {
            Kinds::All => 0b111,
            Kinds::One(PieceKind::Base) => 0b100,
            Kinds::Cubes if govt => 0b011,
            Kinds::One(PieceKind::Troops) if govt => 0b001,
            Kinds::One(PieceKind::Police) if govt => 0b010,
            Kinds::One(PieceKind::Guerrilla) if !govt => 0b011,
            _ => 0,
        };
        if let Some(underground) = u {
            three &= match (govt, underground) {
                (true, _) => 0,
                (false, true) => 0b001,
                (false, false) => 0b010,
            };
        }
        slots |= three << (3 * f.index());
    }
    slots
}

/// Pieces in `s` of the count slots `slots` (`slots_of`).
pub(crate) fn count_in(g: &Game, s: SpaceId, slots: u16) -> u32 {
    let counts = &g.state.space(s).counts;
    let (mut n, mut rest) = (0u32, slots);
    while rest != 0 {
        n += u32::from(counts[rest.trailing_zeros() as usize]);
        rest &= rest - 1;
    }
    n
}

/// The spaces holding a piece of the count slots `slots` (`slots_of`), as a mask.
pub(crate) fn holding_in(g: &Game, slots: u16) -> u64 {
    let (mut mask, mut rest) = (0u64, slots);
    while rest != 0 {
        mask |= g
            .state
            .holding_slot(abyss_core::kernel::Slot(rest.trailing_zeros() as u8));
        rest &= rest - 1;
    }
    mask & g.state.in_play_mask()
}

pub(super) fn register(lua: &Lua, m: &Table, api: &Rc<Api>) -> R<()> {
    method(lua, m, api, "executing", |_, _, ()| {
        game("executing", |_, x| {
            Ok(Out(crate::current::executing().unwrap_or(x.faction).slug()))
        })
    })?;
    method(lua, m, api, "as", |_, api, (f, body): (Arg, mlua::Function)| {
        let f = faction("as", &f)?;
        let body = api.located(body);
        game("as", |_, _| Ok(()))?;
        let before = crate::current::set_acting(Some(f));
        let r = body.call_alone::<mlua::MultiValue>();
        crate::current::set_acting(before);
        r
    })?;
    method(lua, m, api, "card", |_, _, ()| game("card", |_, x| Ok(x.card)))?;
    method(lua, m, api, "side", |_, _, ()| {
        game("side", |_, x| Ok(Out(x.side.slug())))
    })?;

    // The host half of g:spaces (the prelude adds predicates): every space in play, or
    // those with a trait.
    method(lua, m, api, "on_map", |_, _, (f, k): (Arg, Arg)| {
        let t = piece_type("on_map", faction("on_map", &f)?, kind("on_map", &k)?)?;
        game("on_map", |g, _| Ok(g.state.on_map(g.rules, t)))
    })?;
    method(lua, m, api, "can_place", |_, _, (s, f, k, n): (Arg, Arg, Arg, Arg)| {
        let s = space("can_place", &s)?;
        let t = piece_type("can_place", faction("can_place", &f)?, kind("can_place", &k)?)?;
        let n = how_many("can_place", &n, 1)?;
        game("can_place", |g, _| Ok(g.room_for(s, t) >= n))
    })?;
    method(lua, m, api, "markers_left", |_, _, ()| {
        game("markers_left", |g, _| {
            Ok(g.rules
                .forces
                .limits
                .terror_sabotage_markers
                .saturating_sub(g.state.markers_on_map()))
        })
    })?;
    method(lua, m, api, "shipments", |_, _, (s, f): (Arg, Arg)| {
        let s = match s {
            Arg::Nil => None,
            a => Some(space("shipments", &a)?),
        };
        let who = factions("shipments", &f)?;
        game("shipments", |g, _| {
            Ok(g.state
                .shipments_on_map()
                .filter(|&(_, p)| {
                    (s.is_none() || g.state.piece_space(p) == s)
                        && who & (1 << g.rules.forces.type_of(p).faction.index()) != 0
                })
                .count())
        })
    })?;
    method(lua, m, api, "shipments_available", |_, _, ()| {
        game("shipments_available", |g, _| {
            let on = g.state.shipments_on_map().count();
            Ok((g.rules.forces.limits.shipments as usize).saturating_sub(on))
        })
    })?;

    method(lua, m, api, "aid", |_, _, ()| game("aid", |g, _| Ok(g.state.aid())))?;
    method(lua, m, api, "president", |lua, _, ()| {
        game("president", |g, _| {
            match g.rules.forces.presidents.get(g.state.president() as usize) {
                Some(p) => Ok(Value::String(lua.create_string(&p.slug)?)),
                None => Ok(Value::Nil),
            }
        })
    })?;
    method(lua, m, api, "eligible", |_, _, (f,): (Arg,)| {
        let f = faction("eligible", &f)?;
        game("eligible", |g, _| Ok(g.state.eligible(f)))
    })?;
    method(lua, m, api, "total_support", |_, _, ()| {
        game("total_support", |g, _| Ok(g.state.total_support()))
    })?;
    method(lua, m, api, "total_opposition", |_, _, ()| {
        game("total_opposition", |g, _| Ok(g.state.total_opposition()))
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use abyss_core::kernel::PieceType;

    #[test]
    fn the_slots_of_a_selection_are_those_of_its_piece_types() {
        // The definition: every piece type of the Factions and kinds asked, in the state
        // asked (a state: Guerrillas only).
        let by_types = |who: u8, k: Kinds, u: Option<bool>| {
            let mut slots = 0u16;
            for t in PieceType::all() {
                if who & (1 << t.faction.index()) == 0 || !k.has(t) {
                    continue;
                }
                match (u, t.is_guerrilla()) {
                    (Some(u), true) => slots |= 1 << t.slot(u).0,
                    (Some(_), false) => {}
                    (None, true) => slots |= 1 << t.slot(true).0 | 1 << t.slot(false).0,
                    (None, false) => slots |= 1 << t.slot(false).0,
                }
            }
            slots
        };
        let kinds = [
            Kinds::All,
            Kinds::Cubes,
            Kinds::One(PieceKind::Troops),
            Kinds::One(PieceKind::Police),
            Kinds::One(PieceKind::Base),
            Kinds::One(PieceKind::Guerrilla),
        ];
        for who in 0..16u8 {
            for k in kinds {
                for u in [None, Some(true), Some(false)] {
                    assert_eq!(slots_of(who, k, u), by_types(who, k, u), "{who:04b} {k:?} {u:?}");
                }
            }
        }
    }
}
