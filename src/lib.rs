//! abyss: a data-driven rules interpreter for Andean Abyss (GMT Games, 2nd edition).
//!
//! `kernel` owns the state and the primitives; `content` turns the TOML content into a
//! checked `Ruleset` and scenario set-ups; `game` is the rules engine (in progress: deck
//! preparation); `notation` reads and writes game records and scenario tests; `cli` holds
//! the subcommands of the binary.

pub mod agents;
pub mod cli;
pub mod content;
pub mod game;
pub mod kernel;
pub mod notation;
pub mod script;
