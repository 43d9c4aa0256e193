//! Executing an Event (5.0). The rules engine reaches the card scripts only through the
//! `EventScripts` trait, which the Lua host (crates/lua/src) implements; the content loader
//! installs it. The card's script runs as one transaction: a script error, an overrun or
//! a broken invariant puts the state back as it was before the Event and records the
//! failure; the game goes on from there.

use super::decision::Stop;
use super::engine::Game;
use crate::kernel::{Faction, Ruleset, Side, check_invariants};
use std::fmt;
use std::rc::Rc;

/// Who executes which Event side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exec {
    pub faction: Faction,
    pub card: u8,
    pub side: Side,
}

/// A script that failed: what a modder needs to find and fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub card: u8,
    pub title: String,
    pub side: Option<Side>,
    /// The script file and the line in it (0 when unknown).
    pub file: String,
    pub line: usize,
    pub message: String,
    /// The traceback, trimmed to lines in events/.
    pub traceback: Vec<String>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card {} ({})", self.card, self.title)?;
        if let Some(s) = self.side {
            write!(f, ", {}", s.slug())?;
        }
        if self.line > 0 {
            write!(f, ": {}:{}: {}", self.file, self.line, self.message)?;
        } else {
            write!(f, ": {}: {}", self.file, self.message)?;
        }
        for t in &self.traceback {
            write!(f, "\n    {t}")?;
        }
        Ok(())
    }
}

/// What one Event did, for checking a replay against the game it replays
/// (`Game::event_trace`).
#[derive(Clone, Debug)]
pub struct EventMark {
    pub card: u8,
    pub side: Side,
    /// How many answers the game had before the Event and after it.
    pub answers: (usize, usize),
    /// The position and the card's bookkeeping after the Event; None when the game stopped
    /// in it.
    after: Option<(crate::kernel::State, super::engine::CardContext)>,
    /// Where the Event asked its questions with an `effect` (file, line): not compared.
    pub effects: Vec<(String, usize)>,
}

impl EventMark {
    /// Did the game stop in the Event (a replay whose answers did not fit)?
    pub fn stopped(&self) -> bool {
        self.after.is_none()
    }

    /// Did both runs of the Event do the same?
    pub fn same_as(&self, other: &EventMark) -> bool {
        (self.card, self.side, self.answers) == (other.card, other.side, other.answers) && self.after == other.after
    }
}

/// Why an Event did not complete.
pub enum RunError {
    /// The game stops (an agent quit, a replay diverged): not the script's fault.
    Stop(Stop),
    Script(ScriptError),
}

/// What runs the Event cards' scripts.
pub trait EventScripts {
    /// Carry out one Event side for `game` (5.1), its agents answering every question.
    fn run(&self, game: &mut Game, exec: Exec) -> Result<(), RunError>;
}

/// Makes the script runner for a ruleset (one per thread may serve many games).
pub type ScriptsFactory = fn(&Ruleset) -> Result<Rc<dyn EventScripts>, String>;

/// How a game stepped from outside on a coroutine (crates/play/src/drive.rs) leaves an
/// Event waiting: when its coroutine gives control back to its caller in the middle of an
/// Event, `park` takes what the runner keeps for the Events under way on this thread (the
/// script host they run in included) out of the thread, and `unpark` puts it back before
/// the coroutine goes on. Meanwhile other games on the thread run their Events on other
/// hosts. `park` gives None when no Event is under way.
#[derive(Clone, Copy, Debug)]
pub struct EventSuspension {
    pub park: fn() -> Option<Box<dyn std::any::Any>>,
    pub unpark: fn(Box<dyn std::any::Any>),
    /// Is an Event under way on this thread now? A coroutine's game may not be started or
    /// resumed then: its Events would run on the same host in the middle of the other's,
    /// and suspending them would leave that host mid-call.
    pub busy: fn() -> bool,
}

impl<'r> Game<'r> {
    /// The script runner for an Event of this game. Asked anew for every Event, not kept
    /// by the game: a game stepped from outside (crates/play/src/drive.rs) may be left
    /// waiting inside an Event while another game on the same thread runs one, and the
    /// runner then gives the other game a host of its own (`EventSuspension`).
    pub(crate) fn script_host(&mut self) -> Result<Rc<dyn EventScripts>, Stop> {
        let factory = self.rules.event_runner.ok_or_else(|| {
            Stop::Failed(
                "these rules have no Event script runner (load them with abyss::content::load_ruleset, which gives them the Lua host)".into(),
            )
        })?;
        factory(self.rules).map_err(Stop::Failed)
    }

    /// Does card `number` have an Event to offer (a script in the content)?
    pub fn event_scripted(&self, number: u8) -> bool {
        self.rules.events.card(number).is_some()
    }

    /// Switch on the Capabilities and Momentum the set-up put in effect (5.3, 5.4) by
    /// running their cards' scripts: the rules they change live in the scripts, not in the
    /// markers. Done once, before the first card or Event.
    pub fn switch_on_lasting_effects(&mut self) -> Result<(), Stop> {
        for l in std::mem::take(&mut self.lasting_pending) {
            if let Some(e) = self.execute_event(l.by, l.card, l.side)? {
                return Err(Stop::Failed(format!("switching on a lasting Event of the set-up: {e}")));
            }
            // Not an Event played in this game.
            self.events_played.pop();
        }
        Ok(())
    }

    /// Faction `f` executes side `side` of card `number` (5.1-5.5). Returns the failure if
    /// the script failed and was rolled back.
    pub fn execute_event(&mut self, f: Faction, number: u8, side: Side) -> Result<Option<ScriptError>, Stop> {
        if !self.lasting_pending.is_empty() {
            self.switch_on_lasting_effects()?;
        }
        let started = std::time::Instant::now();
        let doing = super::decision::Doing::Event {
            faction: f,
            card: number,
            side,
        };
        let result = self.doing(doing, |g| g.execute_event_timed(f, number, side));
        self.telemetry.event_time += started.elapsed();
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
        let answers = self.answers.len();
        let mark = self.telemetry.event_trace.as_mut().map(|t| {
            t.push(EventMark {
                card: number,
                side,
                answers: (answers, answers),
                after: None,
                effects: Vec::new(),
            });
            t.len() - 1
        });
        let failure = match host.run(self, exec) {
            Ok(()) => self.broken_by_event(exec),
            Err(RunError::Stop(s)) => return Err(s),
            Err(RunError::Script(e)) => Some(e),
        };
        if let Some(i) = mark {
            let after = failure.is_none().then(|| (self.state.clone(), self.card));
            let answers = self.answers.len();
            if let Some(m) = self.telemetry.event_trace.as_mut().and_then(|t| t.get_mut(i)) {
                m.answers.1 = answers;
                // A failed Event is rolled back: the position after it is the one before.
                m.after = Some(after.unwrap_or_else(|| (state_before.clone(), card_before)));
            }
        }
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

    /// Is each Event's outcome traced (`event_trace`)?
    pub fn tracing_events(&self) -> bool {
        self.telemetry.event_trace.is_some()
    }

    /// Note that the Event under way asks a question with an `effect` at `site` (file,
    /// line), when Events are traced.
    pub fn trace_effect_site(&mut self, site: (String, usize)) {
        if let Some(m) = self.telemetry.event_trace.as_mut().and_then(|t| t.last_mut())
            && m.after.is_none()
            && m.effects.len() < 8
            && !m.effects.contains(&site)
        {
            m.effects.push(site);
        }
    }

    /// An invariant the Event left broken, as a failure of its script. Scripts change the
    /// game only through the kernel's primitives, which keep the invariants; the whole
    /// state is checked again, from scratch, when the game checks every decision
    /// (`abyss validate`, tests).
    fn broken_by_event(&self, exec: Exec) -> Option<ScriptError> {
        if !self.check_every_decision {
            return None;
        }
        let broken = check_invariants(&self.state, self.rules);
        (!broken.is_empty()).then(|| ScriptError {
            card: exec.card,
            title: self.rules.card(exec.card).map_or(String::new(), |c| c.title.clone()),
            side: Some(exec.side),
            file: self
                .rules
                .events
                .card(exec.card)
                .map_or(String::new(), |e| e.path.clone()),
            line: 0,
            message: format!("the Event broke an invariant: {}", broken.join("; ")),
            traceback: vec![],
        })
    }
}
