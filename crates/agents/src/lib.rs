//! abyss-agents: the players that are not people. `nonplayer` holds the section-8
//! Non-player bots (and abyss's own Government chart); `search` the information-set MCTS.
//!
//! Agents decide from the typed questions of `abyss_core::game` (`Ask`), never from a
//! question's text. They run no Lua: this crate does not depend on the Lua host, and a
//! game they simulate runs its Events through the runner its `Ruleset` carries.

pub mod nonplayer;
pub mod search;
