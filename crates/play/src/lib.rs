//! abyss-play: games played by named agents. `playout` parses agent specs (`--agents`)
//! and runs batches of games on threads; `drive` steps a game from outside; `fork` and
//! `impact` fork games at a card (card impact); `tally`, `summary` and `shard` count,
//! summarise and merge batches; `balance` compares variants under levels of play;
//! `calibrate` bisects a lever.
//!
//! It depends on the rules core and the agents, not on the Lua host: the Events of its
//! games run through the runner their `Ruleset` carries.

pub mod balance;
pub mod calibrate;
pub mod drive;
pub mod fork;
pub mod impact;
pub mod playout;
pub mod shard;
pub mod summary;
pub mod tally;
