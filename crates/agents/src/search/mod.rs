//! The search AI (`mcts`): single-observer information-set Monte Carlo tree search over a
//! Faction's card-level choices. All of Andean Abyss is open but the order of the unseen
//! deck and the dice to come (2.2), so each iteration draws those anew, consistent with
//! everything seen, and plays the game on from the real decision: the tree picks the
//! card-level choices (Pass, Event side, Operation with or without its Special Activity),
//! the Faction's section-8 bot completes each, and the bots play the rest (rollout) to
//! the game's end or a cut after the next Propaganda Round, scored by win and margin.
//!
//! - `config`: the settings and how `--agents` names them (`mcts:200`, `mcts:1000:2`,
//!   `mcts:hard`).
//! - `moves`: the card-level choices.
//! - `tree`: the ISMCTS tree (UCB1 with availability counts, maxⁿ rewards).
//! - `policy`: the bot completing a choice, held to its Special Activity.
//! - `world`: one iteration's simulated game, resumed from the real one's card start.
//! - `agent`: the agent, the threads, and the report of what the search saw.
//!
//! The search sees what any agent sees (the `View` and the typed `Request`), never the
//! real game's deck; it never changes the real game. docs/ai.md measures it.

pub mod agent;
pub mod config;
pub mod moves;
pub mod policy;
pub mod tree;
pub mod world;

pub use agent::{Mcts, Report, search};
pub use config::{Completer, LEVELS, Opponents, Rollout, SearchConfig};
pub use moves::Move;
