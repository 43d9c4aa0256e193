//! The card-level choices the search weighs (2.3): Pass, an Event side, or an Operation
//! with or without its Special Activity (a Limited Operation when the menu limits it).
//! Everything below them — spaces, pieces, the Special Activity's own questions — is
//! completed by a policy (crates/agents/src/search/policy.rs).

use abyss_core::game::{Choice, Op, Request};
use abyss_core::kernel::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Pass,
    Event(Side),
    /// The Operation, no Special Activity (a Limited Operation when only that is offered).
    Op(Op),
    /// The Operation with a Special Activity (the completing policy picks which).
    OpSpecial(Op),
}

impl Move {
    /// The card-level choices of an `Ask::Action` request, in its options' order.
    /// `specials`: a Special Activity may go with an Operation here (not a Limited one).
    pub fn of(req: &Request, specials: bool, out: &mut Vec<Move>) {
        out.clear();
        for &c in &req.options {
            match c {
                Choice::Pass => out.push(Move::Pass),
                Choice::Event(s) => out.push(Move::Event(s)),
                Choice::Op(op) => {
                    out.push(Move::Op(op));
                    if specials {
                        out.push(Move::OpSpecial(op));
                    }
                }
                _ => {}
            }
        }
    }

    /// The answer to the `Ask::Action` request.
    pub fn choice(self) -> Choice {
        match self {
            Move::Pass => Choice::Pass,
            Move::Event(s) => Choice::Event(s),
            Move::Op(op) | Move::OpSpecial(op) => Choice::Op(op),
        }
    }

    /// Its option index in `req`.
    pub fn index_in(self, req: &Request) -> Option<usize> {
        let c = self.choice();
        req.options.iter().position(|&o| o == c)
    }

    /// May the completing policy add a Special Activity?
    pub fn special(self) -> bool {
        !matches!(self, Move::Op(_))
    }

    /// "Pass", "Event (shaded)", "Train", "Train + SA".
    pub fn label(self) -> String {
        let op = |op: Op| {
            let s = op.slug();
            let mut c = s.chars();
            c.next()
                .map(|x| x.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        };
        match self {
            Move::Pass => "Pass".into(),
            Move::Event(s) => format!("Event ({})", s.slug()),
            Move::Op(o) => op(o),
            Move::OpSpecial(o) => format!("{}+SA", op(o)),
        }
    }

    /// A word for JSON and records of the search: `pass`, `event-shaded`, `train`,
    /// `train+sa`.
    pub fn slug(self) -> String {
        match self {
            Move::Pass => "pass".into(),
            Move::Event(s) => format!("event-{}", s.slug()),
            Move::Op(o) => o.slug().into(),
            Move::OpSpecial(o) => format!("{}+sa", o.slug()),
        }
    }
}
