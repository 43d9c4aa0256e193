//! The action space of learning and search agents (issue 27): a fixed numbering of every
//! answer a question can have (`Choice` ↔ 0..ACTIONS), and the legal mask of a question.
//! The numbering is part of abyss's interface: it only grows at its end.
//!
//! | range | answers |
//! |---|---|
//! | 0–63 | `Space(s)`: space number s (the map's order, rules/map.toml; at most 64) |
//! | 64–67 | `Faction(f)`: Government, FARC, AUC, Cartels |
//! | 68–94 | `Piece(t, state)`: piece type t (kernel `PieceType::index`, 9) × state (any, Underground, Active) |
//! | 95–194 | `Number(n)`: n in 0–99 |
//! | 195–196 | `Side`: unshaded, shaded |
//! | 197–204 | `Op`: Train, Patrol, Sweep, Assault, Rally, March, Attack, Terror |
//! | 205–214 | `Special`: Air Lift, Air Strike, Eradicate, Extort, Ambush, Kidnap, Assassinate, Cultivate, Process, Bribe |
//! | 215–228 | `Step`: in `Step::ALL`'s order |
//! | 229–230 | `Event(side)`: unshaded, shaded |
//! | 231–235 | `Level`: Active Opposition … Active Support |
//! | 236–239 | Yes, No, Done, Pass |

use super::decision::{Choice, Op, Special, Step};
use crate::kernel::{Faction, PieceType, Side, SpaceId, Support};

/// How many answers the numbering has.
pub const ACTIONS: usize = 240;

const SPACE: usize = 0;
const FACTION: usize = 64;
const PIECE: usize = 68;
const NUMBER: usize = 95;
const SIDE: usize = 195;
const OP: usize = 197;
const SPECIAL: usize = 205;
const STEP: usize = 215;
const EVENT: usize = 229;
const LEVEL: usize = 231;
const YES: usize = 236;

const OPS: [Op; 8] = [
    Op::Train,
    Op::Patrol,
    Op::Sweep,
    Op::Assault,
    Op::Rally,
    Op::March,
    Op::Attack,
    Op::Terror,
];
const SPECIALS: [Special; 10] = [
    Special::AirLift,
    Special::AirStrike,
    Special::Eradicate,
    Special::Extort,
    Special::Ambush,
    Special::Kidnap,
    Special::Assassinate,
    Special::Cultivate,
    Special::Process,
    Special::Bribe,
];

fn side_index(s: Side) -> usize {
    match s {
        Side::Unshaded => 0,
        Side::Shaded => 1,
    }
}

/// The number of an answer; None for a space beyond 64 or a number beyond 99, which no
/// content of the standard game asks.
pub fn index(c: Choice) -> Option<usize> {
    Some(match c {
        Choice::Space(s) => {
            if s.index() >= FACTION {
                return None;
            }
            SPACE + s.index()
        }
        Choice::Faction(f) => FACTION + f.index(),
        Choice::Piece(t, state) => {
            let st = match state {
                None => 0,
                Some(true) => 1,
                Some(false) => 2,
            };
            PIECE + t.index() * 3 + st
        }
        Choice::Number(n) => {
            if n > 99 {
                return None;
            }
            NUMBER + n as usize
        }
        Choice::Side(s) => SIDE + side_index(s),
        Choice::Op(o) => OP + OPS.iter().position(|&x| x == o)?,
        Choice::Special(x) => SPECIAL + SPECIALS.iter().position(|&y| y == x)?,
        Choice::Step(x) => STEP + Step::ALL.iter().position(|&y| y == x)?,
        Choice::Event(s) => EVENT + side_index(s),
        Choice::Level(l) => LEVEL + Support::ALL.iter().position(|&y| y == l)?,
        Choice::Yes => YES,
        Choice::No => YES + 1,
        Choice::Done => YES + 2,
        Choice::Pass => YES + 3,
    })
}

/// The answer of a number (the inverse of `index`).
pub fn choice(i: usize) -> Option<Choice> {
    let sides = [Side::Unshaded, Side::Shaded];
    Some(match i {
        _ if i < FACTION => Choice::Space(SpaceId(i as u8)),
        _ if i < PIECE => Choice::Faction(Faction::ALL[i - FACTION]),
        _ if i < NUMBER => {
            let k = i - PIECE;
            let state = [None, Some(true), Some(false)][k % 3];
            Choice::Piece(PieceType::all()[k / 3], state)
        }
        _ if i < SIDE => Choice::Number((i - NUMBER) as u8),
        _ if i < OP => Choice::Side(sides[i - SIDE]),
        _ if i < SPECIAL => Choice::Op(OPS[i - OP]),
        _ if i < STEP => Choice::Special(SPECIALS[i - SPECIAL]),
        _ if i < EVENT => Choice::Step(Step::ALL[i - STEP]),
        _ if i < LEVEL => Choice::Event(sides[i - EVENT]),
        _ if i < YES => Choice::Level(Support::ALL[i - LEVEL]),
        _ if i < ACTIONS => [Choice::Yes, Choice::No, Choice::Done, Choice::Pass][i - YES],
        _ => return None,
    })
}

/// The legal mask of a question's options: `mask[index(option)]` is true for each option
/// (an option outside the numbering is an error naming it).
pub fn mask(options: &[Choice]) -> Result<[bool; ACTIONS], String> {
    let mut m = [false; ACTIONS];
    for &c in options {
        let i = index(c).ok_or_else(|| format!("the answer {c} is outside the action numbering"))?;
        m[i] = true;
    }
    Ok(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_is_one_answer_and_back() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..ACTIONS {
            let c = choice(i).unwrap_or_else(|| panic!("no answer numbered {i}"));
            assert_eq!(index(c), Some(i), "{c:?}");
            assert!(seen.insert(c), "{c:?} twice");
        }
        assert_eq!(choice(ACTIONS), None);
        assert_eq!(index(Choice::Number(100)), None);
        assert_eq!(index(Choice::Pass), Some(239));
        assert_eq!(index(Choice::Space(SpaceId(0))), Some(0));
    }
}
