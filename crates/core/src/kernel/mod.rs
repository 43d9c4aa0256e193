//! The kernel: ids, the static ruleset, the state, its primitives and invariants.
//! No Lua, no file I/O, no command line: content, scripts and the CLI build on it.

pub mod dice;
pub mod ids;
pub mod invariants;
pub mod modifiers;
pub mod primitives;
pub mod refusal;
pub mod ruleset;
pub mod state;

pub use dice::Dice;
pub use ids::{Control, Faction, PieceId, PieceKind, PieceType, Side, Slot, SpaceId, Support};
pub use invariants::check_invariants;
pub use modifiers::{HOOKS, HookKind, Modifiers, PROHIBITIONS};
pub use primitives::{Done, Effect};
pub use refusal::Refusal;
pub use ruleset::{
    Card, CardKind, EventFile, EventFiles, Forces, Instruction, Limits, LocType, Map, NonPlayerTables, President,
    PresidentEffect, Ruleset, SpaceDef, SpaceKind, SpaceTrait, Terrain,
};
pub use state::{SpaceState, State};
