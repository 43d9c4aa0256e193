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

/// Every binary built on abyss (the CLI, the tests, the benchmarks) allocates through
/// mimalloc: card scripts make many small, short-lived Lua tables and closures, and glibc's
/// malloc and free were ~6% of a random game's instructions. Measured with `game_bench
/// 3000`: 774 games/s and 26.0 µs an Event with the system allocator, 840 and 23.2 with
/// mimalloc. The price is a larger resident set (validate: ~11 MB before, ~47 MB after,
/// flat in the number of games).
///
/// Blocks aligned to 8 bytes or less (nearly all) take mimalloc's plain functions, which
/// give every block that alignment; only larger alignments take its aligned path.
#[global_allocator]
static ALLOCATOR: Mimalloc = Mimalloc;

struct Mimalloc;

/// The alignment every mimalloc block has (a word).
const MIMALLOC_MIN_ALIGN: usize = 8;

// SAFETY: each method hands the layout to mimalloc's function for it; blocks of either
// path are freed and resized by `mi_free` and `mi_realloc*`, which take both.
unsafe impl std::alloc::GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_malloc, mi_malloc_aligned};
        // SAFETY: as for the impl.
        unsafe {
            if layout.align() <= MIMALLOC_MIN_ALIGN {
                mi_malloc(layout.size()) as *mut u8
            } else {
                mi_malloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        use libmimalloc_sys::{mi_zalloc, mi_zalloc_aligned};
        // SAFETY: as for the impl.
        unsafe {
            if layout.align() <= MIMALLOC_MIN_ALIGN {
                mi_zalloc(layout.size()) as *mut u8
            } else {
                mi_zalloc_aligned(layout.size(), layout.align()) as *mut u8
            }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: std::alloc::Layout) {
        // SAFETY: as for the impl.
        unsafe { libmimalloc_sys::mi_free(ptr as *mut std::ffi::c_void) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, new_size: usize) -> *mut u8 {
        use libmimalloc_sys::{mi_realloc, mi_realloc_aligned};
        let p = ptr as *mut std::ffi::c_void;
        // SAFETY: as for the impl.
        unsafe {
            if layout.align() <= MIMALLOC_MIN_ALIGN {
                mi_realloc(p, new_size) as *mut u8
            } else {
                mi_realloc_aligned(p, new_size, layout.align()) as *mut u8
            }
        }
    }
}
