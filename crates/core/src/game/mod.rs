//! The rules engine: the course of the game on top of the kernel. Deck preparation
//! (2.1), the decision protocol, the Event-card sequence (2.3), Operations and Special
//! Activities (3.0, 4.0), Propaganda Rounds (6.0) and victory (7.0).

pub mod actions;
pub mod decision;
pub mod deck;
mod deployment;
pub mod describe;
mod dryrun;
pub mod engine;
mod event_pieces;
pub mod events;
pub mod grant;
pub mod narrative;
mod negotiation;
pub mod observe;
pub mod ops;
pub mod playout;
mod propaganda;
pub mod question;
pub mod resume;
mod sample;
pub mod sequence;
mod turn;

pub use decision::{Agent, Choice, Deliberation, Doing, Op, Prompt, RandomAgent, Request, Special, Step, Stop, View};
pub use dryrun::Explorer;
pub use engine::{Checkpoints, Game, Moment, Outcome, Phase, RoundMark, Stats, Watcher};
pub use events::{EventScripts, EventSuspension, Exec, RunError, ScriptError, ScriptsFactory};
pub use grant::Grant;
pub use ops::{Action, Force};
pub use question::{Ask, CardAsk, CardMethod, Question, Shift};
pub use resume::CardStart;
pub use turn::victory_margin;
