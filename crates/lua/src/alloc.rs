//! The process's global allocator: mimalloc, for every binary that links the Lua host
//! (the CLI, the workspace's tests, the benchmarks, the Python module).
//!
//! It lives here, beside the Lua VM's allocator (memory.rs), because that one relies on it:
//! the blocks mlua allocated through Rust's global allocator before the VM's allocator was
//! switched are freed and resized by `mi_free` and `mi_realloc`, which is sound only if the
//! global allocator is mimalloc. A binary without the Lua host keeps the system allocator.

/// Every binary built on the Lua host (the CLI, the tests, the benchmarks) allocates through
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
