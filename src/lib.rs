//! abyss: a data-driven rules interpreter for Andean Abyss (GMT Games, 2nd edition).
//!
//! The root package is the `abyss` binary and its subcommands (`cli`) with the terminal
//! agent (`agents`). The engine is a workspace of crates (docs/architecture.md):
//! abyss-core (`kernel`, `content`, `game`, `stats`), abyss-lua (`script`), abyss-agents
//! (`nonplayer`, `search`), abyss-play (batches, drive, fork, `balance`, `calibrate`),
//! abyss-notation (`notation`) and abyss-board (`board`). This library re-exports them
//! under one roof, so `abyss::game::Game` and the like name the same items wherever they
//! live, for the CLI, the tests, the benchmarks and the Python bindings.

pub mod agents;
pub mod cli;

pub use abyss_agents::{nonplayer, search};
pub use abyss_board as board;
pub use abyss_core::{kernel, stats};
pub use abyss_lua as script;
pub use abyss_notation as notation;
pub use abyss_play::{balance, calibrate};

/// The content: abyss-core's loader, with rules that run their Events in the Lua host.
pub mod content {
    pub use abyss_core::content::*;
    /// Load and check rules/ (`abyss_core::content::load_ruleset`), the Event cards to run
    /// in the Lua host.
    pub use abyss_lua::load_ruleset;
}

/// The rules engine (abyss-core), and the games played by named agents (abyss-play).
pub mod game {
    pub use abyss_core::game::*;
    pub use abyss_play::{drive, fork, impact, shard, summary, tally};

    /// Whole games: abyss-core's set-up, replay and validator playouts, and abyss-play's
    /// agent specs and batches.
    pub mod playout {
        pub use abyss_core::game::playout::*;
        pub use abyss_play::playout::*;
    }
}
