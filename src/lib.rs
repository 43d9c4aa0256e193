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

/// Every binary built on abyss (the CLI, the tests, the benchmarks) allocates through
/// mimalloc: card scripts make many small, short-lived Lua tables and closures, and glibc's
/// malloc and free were ~6% of a random game's instructions. Measured with `game_bench
/// 3000`: 774 games/s and 26.0 µs an Event with the system allocator, 840 and 23.2 with
/// mimalloc. The price is a larger resident set (validate: ~11 MB before, ~47 MB after,
/// flat in the number of games).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
