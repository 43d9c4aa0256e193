//! abyss-core: the rules of Andean Abyss with no front end.
//!
//! `kernel` owns the state, the primitives and the invariants (1.4.1, 1.4.2); `content`
//! turns the TOML content into a checked `Ruleset` and scenario set-ups; `game` is the
//! rules engine (sequence of play, Operations, Special Activities, Events through the
//! `EventScripts` trait, Propaganda, victory) with its decision protocol, dry runs and deck
//! resampling; `stats` the confidence intervals of batches' figures.
//!
//! This crate may not import the Lua host, the bots, the notation or the CLI (their crates
//! depend on it, so an import here would be a cycle Cargo refuses): the rules know no Lua,
//! no bot and no terminal. See docs/architecture.md.

pub mod content;
pub mod game;
pub mod kernel;
pub mod stats;
