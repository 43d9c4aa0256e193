//! abyss: a data-driven rules interpreter for Andean Abyss (GMT Games, 2nd edition).
//!
//! `kernel` owns the state and the primitives; `content` turns the TOML content into a
//! checked `Ruleset` and scenario set-ups; `game` is the rules engine; `script` runs the Event cards' Lua; `nonplayer` holds the
//! section 8 bots; `notation` reads and writes game records and scenario tests; `cli` holds
//! the subcommands of the binary.

pub mod agents;
pub mod board;
pub mod cli;
pub mod content;
pub mod game;
pub mod kernel;
pub mod nonplayer;
pub mod notation;
pub mod script;
