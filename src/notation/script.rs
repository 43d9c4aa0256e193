//! Agents that answer from a list of recorded answers, whichever Faction is asked, and
//! remember where they stopped: how many answers were used, and the question they could
//! not answer (because the list ran out, or the next answer does not fit it).

use crate::game::{Agent, Choice, Request, Stop, View};
use crate::kernel::{Faction, Ruleset};
use std::cell::RefCell;
use std::rc::Rc;

/// The shared progress of the four agents.
#[derive(Clone, Debug, Default)]
pub struct ScriptState {
    pub answers: Vec<(Faction, Choice)>,
    /// Answers used so far.
    pub used: usize,
    /// The question that was not answered, if the game stopped at one.
    pub pending: Option<Request>,
    /// The game stopped because every answer had been used.
    pub ran_out: bool,
}

/// Four agents (one per Faction) sharing one answer list.
pub struct ScriptAgents {
    pub state: Rc<RefCell<ScriptState>>,
}

impl ScriptAgents {
    /// The shared state and the four agents to hand to `Game::new`.
    pub fn new<'r>(answers: Vec<(Faction, Choice)>) -> (ScriptAgents, Vec<Box<dyn Agent + 'r>>) {
        let state = Rc::new(RefCell::new(ScriptState {
            answers,
            ..ScriptState::default()
        }));
        let agents = Faction::ALL
            .iter()
            .map(|_| Box::new(Script(state.clone())) as Box<dyn Agent + 'r>)
            .collect();
        (ScriptAgents { state }, agents)
    }

    pub fn snapshot(&self) -> ScriptState {
        self.state.borrow().clone()
    }
}

struct Script(Rc<RefCell<ScriptState>>);

/// The options of a request in canonical words.
pub(crate) fn option_words(r: &Ruleset, request: &Request) -> Vec<String> {
    request.options.iter().map(|c| c.render(r)).collect()
}

impl Agent for Script {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let mut s = self.0.borrow_mut();
        let i = s.used;
        let Some(&(f, choice)) = s.answers.get(i) else {
            s.pending = Some(request.clone());
            s.ran_out = true;
            return Err(Stop::Diverged(format!(
                "no answer left: {} is asked \"{}\"",
                request.faction.name(),
                request.prompt
            )));
        };
        if f != request.faction {
            s.pending = Some(request.clone());
            return Err(Stop::Diverged(format!(
                "the answer is {}'s, but {} is asked \"{}\"",
                f.name(),
                request.faction.name(),
                request.prompt
            )));
        }
        match request.options.iter().position(|&o| o == choice) {
            Some(at) => {
                s.used += 1;
                Ok(at)
            }
            None => {
                s.pending = Some(request.clone());
                Err(Stop::Diverged(format!(
                    "`{}` is not an option of \"{}\" (options: {})",
                    choice.render(view.rules),
                    request.prompt,
                    option_words(view.rules, request).join(" ")
                )))
            }
        }
    }
}
