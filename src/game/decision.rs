//! The decision protocol (DESIGN "Decisions: one protocol for every player"): the engine
//! never decides for a player. At each choice it sends the deciding Faction's agent a
//! Request with the explicit list of legal options; the agent answers with one of them.
//! Humans, the random agent, Non-player bots, replays and tests all answer the same way.

use crate::kernel::{Dice, Faction, PieceType, Side, SpaceId, State};
use std::fmt;

/// One legal option of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Space(SpaceId),
    Faction(Faction),
    /// A class of identical pieces; for Guerrillas, Underground (true) or Active (false).
    Piece(PieceType, Option<bool>),
    Number(u8),
    Side(Side),
    Yes,
    No,
    /// Stop choosing ("up to" choices, optional steps).
    Done,
    Pass,
}

/// What the engine asks: who decides, about what, and every option that can complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub faction: Faction,
    pub prompt: String,
    pub options: Vec<Choice>,
}

/// Anything that answers requests. Returns the index of the chosen option.
pub trait Agent {
    fn decide(&mut self, state: &State, request: &Request) -> usize;
}

/// Picks uniformly among the options, from its own seeded dice (so it never disturbs the
/// game's dice stream, and the same seed gives the same answers).
pub struct RandomAgent {
    dice: Dice,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { dice: Dice::new(seed) }
    }
}

impl Agent for RandomAgent {
    fn decide(&mut self, _state: &State, request: &Request) -> usize {
        assert!(
            !request.options.is_empty(),
            "a request with no option is a dead end: {}",
            request.prompt
        );
        self.dice.below(request.options.len() as u32) as usize
    }
}

/// Answers from a list, in order (replays and tests). An answer that is not among the
/// options, or running out of answers, is a divergence, reported with the request.
pub struct ScriptedAgent {
    answers: Vec<Choice>,
    next: usize,
    pub divergence: Option<String>,
}

impl ScriptedAgent {
    pub fn new(answers: Vec<Choice>) -> ScriptedAgent {
        ScriptedAgent {
            answers,
            next: 0,
            divergence: None,
        }
    }
    pub fn answered(&self) -> usize {
        self.next
    }
    /// The position of `choice` among the request's options, or why it cannot be used.
    pub fn find(request: &Request, choice: Choice) -> Result<usize, String> {
        request.options.iter().position(|&o| o == choice).ok_or_else(|| {
            format!(
                "`{choice}` is not an option of \"{}\" ({} options)",
                request.prompt,
                request.options.len()
            )
        })
    }
    /// The next answer for this request, or the divergence.
    pub fn try_decide(&mut self, request: &Request) -> Result<usize, String> {
        let Some(&choice) = self.answers.get(self.next) else {
            return Err(format!(
                "no answer left for \"{}\" (answer {})",
                request.prompt,
                self.next + 1
            ));
        };
        let i = ScriptedAgent::find(request, choice).map_err(|e| format!("answer {}: {e}", self.next + 1))?;
        self.next += 1;
        Ok(i)
    }
}

impl Agent for ScriptedAgent {
    fn decide(&mut self, _state: &State, request: &Request) -> usize {
        match self.try_decide(request) {
            Ok(i) => i,
            Err(e) => {
                // The engine checks `divergence` after each decision and stops the game.
                self.divergence.get_or_insert(e);
                0
            }
        }
    }
}

impl fmt::Display for Choice {
    /// The canonical readable form used in game records (space and faction ids are
    /// printed as indices here; records print slugs through the Ruleset).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Space(s) => write!(f, "space#{}", s.0),
            Choice::Faction(x) => f.write_str(x.slug()),
            Choice::Piece(t, None) => write!(f, "{}-{}", t.faction.slug(), t.kind.slug()),
            Choice::Piece(t, Some(true)) => write!(f, "{}-{}-underground", t.faction.slug(), t.kind.slug()),
            Choice::Piece(t, Some(false)) => write!(f, "{}-{}-active", t.faction.slug(), t.kind.slug()),
            Choice::Number(n) => write!(f, "{n}"),
            Choice::Side(s) => f.write_str(s.slug()),
            Choice::Yes => f.write_str("yes"),
            Choice::No => f.write_str("no"),
            Choice::Done => f.write_str("done"),
            Choice::Pass => f.write_str("pass"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    fn state() -> State {
        State::empty(&crate::content::embedded_rules(), 0)
    }

    fn request(n: u8) -> Request {
        Request {
            faction: Faction::Farc,
            prompt: "How many?".into(),
            options: (0..n).map(Choice::Number).collect(),
        }
    }

    #[test]
    fn random_agent_is_uniform_and_reproducible() {
        let st = state();
        let req = request(4);
        let mut a = RandomAgent::new(9);
        let mut b = RandomAgent::new(9);
        let picks: Vec<usize> = (0..400).map(|_| a.decide(&st, &req)).collect();
        assert_eq!(picks, (0..400).map(|_| b.decide(&st, &req)).collect::<Vec<_>>());
        for i in 0..4 {
            let n = picks.iter().filter(|&&p| p == i).count();
            assert!((60..140).contains(&n), "option {i} picked {n} times of 400");
        }
    }

    #[test]
    fn scripted_agent_answers_in_order_and_reports_divergence() {
        let st = state();
        let mut a = ScriptedAgent::new(vec![Choice::Number(2), Choice::Number(7)]);
        assert_eq!(a.decide(&st, &request(4)), 2);
        assert_eq!(
            a.try_decide(&request(4)),
            Err("answer 2: `7` is not an option of \"How many?\" (4 options)".into())
        );
        assert_eq!(a.answered(), 1);
        a.decide(&st, &request(4));
        assert!(a.divergence.is_some());
        let mut done = ScriptedAgent::new(vec![]);
        assert!(done.try_decide(&request(1)).unwrap_err().contains("no answer left"));
    }

    #[test]
    fn choices_print_canonically() {
        let g = PieceType::guerrilla(Faction::Auc);
        assert_eq!(Choice::Piece(g, Some(false)).to_string(), "auc-guerrilla-active");
        assert_eq!(Choice::Piece(PieceType::TROOPS, None).to_string(), "govt-troops");
        assert_eq!(Choice::Side(Side::Shaded).to_string(), "shaded");
        assert_eq!(Choice::Pass.to_string(), "pass");
    }
}
