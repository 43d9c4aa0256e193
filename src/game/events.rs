//! Executing an Event (5.0): the card's script runs in the game's Lua VM as one
//! transaction. A script error, an overrun or a broken invariant puts the state back as
//! it was before the Event and records the failure; the game goes on from there.

use super::decision::Stop;
use super::engine::Game;
use crate::kernel::{Faction, Side, check_invariants};
use crate::script::{Exec, Host, RunError, ScriptError};
use std::rc::Rc;

impl<'r> Game<'r> {
    /// The game's script host, started on first use.
    pub(crate) fn script_host(&mut self) -> Result<Rc<Host>, Stop> {
        if let Some(h) = &self.scripts {
            return Ok(h.clone());
        }
        let h = Host::for_game(self.rules).map_err(Stop::Failed)?;
        self.scripts = Some(h.clone());
        Ok(h)
    }

    /// Does card `number` have an Event to offer (a script in the content)?
    pub fn event_scripted(&self, number: u8) -> bool {
        self.rules.events.card(number).is_some()
    }

    /// Faction `f` executes side `side` of card `number` (5.1-5.5). Returns the failure if
    /// the script failed and was rolled back.
    pub fn execute_event(&mut self, f: Faction, number: u8, side: Side) -> Result<Option<ScriptError>, Stop> {
        let doing = super::decision::Doing::Event {
            faction: f,
            card: number,
            side,
        };
        // 1.5.2 and 1.4.1: "while executing an Operation or Event" (player options).
        self.doing(doing, |g| g.event_player_options(f))?;
        let started = std::time::Instant::now();
        let result = self.doing(doing, |g| g.execute_event_timed(f, number, side));
        self.event_time += started.elapsed();
        result
    }

    fn execute_event_timed(&mut self, f: Faction, number: u8, side: Side) -> Result<Option<ScriptError>, Stop> {
        let host = self.script_host()?;
        let state_before = self.state.clone();
        let card_before = self.card;
        self.note(move |r| {
            format!(
                "{} executes the {} Event of card {number} ({})",
                f.name(),
                side.slug(),
                r.card(number).map_or("", |c| c.title.as_str())
            )
        });
        let exec = Exec {
            faction: f,
            card: number,
            side,
        };
        let failure = match host.run(self, exec) {
            Ok(()) => {
                let broken = check_invariants(&self.state, self.rules);
                (!broken.is_empty()).then(|| ScriptError {
                    card: number,
                    title: self.rules.card(number).map_or(String::new(), |c| c.title.clone()),
                    side: Some(side),
                    file: self.rules.events.card(number).map_or(String::new(), |e| e.path.clone()),
                    line: 0,
                    message: format!("the Event broke an invariant: {}", broken.join("; ")),
                    traceback: vec![],
                })
            }
            Err(RunError::Stop(s)) => return Err(s),
            Err(RunError::Script(e)) => Some(e),
        };
        if let Some(e) = failure {
            self.state = state_before;
            self.card = card_before;
            let text = e.to_string();
            self.note(move |_| format!("the Event failed and was undone: {text}"));
            self.event_failures.push(e.clone());
            return Ok(Some(e));
        }
        self.events_played.push((number, side));
        Ok(None)
    }
}
