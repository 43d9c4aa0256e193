//! The Lua VM's allocator, with the sandbox's memory limit.
//!
//! Card scripts allocate many small, short-lived blocks (the tables of a `g:` call's
//! arguments, lists of spaces, closures), a few hundred thousand in a few hundred games.
//! mlua's allocator passes each through Rust's global allocator with a 16-byte alignment,
//! which mimalloc serves by its aligned path. This one calls mimalloc's plain functions
//! (Lua needs no more than its own maximal alignment, 8 bytes here, which every mimalloc
//! block has) and keeps its own count for the limit. With the global allocator's change
//! (alloc.rs), callgrind counts 1.8% fewer instructions in Events (`game_bench 100`).
//!
//! The blocks mlua allocated before the switch are mimalloc's too (the process's global
//! allocator, alloc.rs), so `mi_free` and `mi_realloc` take them as they are.

use mlua::ffi;
use std::os::raw::c_void;

/// The VM's memory in use and its limit (0: none), in bytes.
struct Memory {
    used: isize,
    limit: std::cell::Cell<isize>,
}

/// This allocator, installed in a VM until dropped: then mlua's own is put back, so that
/// mlua closes the VM (and frees its allocator's state) as it would have. The host drops
/// it before its `Lua`.
pub(crate) struct Allocator {
    memory: Box<Memory>,
    state: *mut ffi::lua_State,
    mlua_alloc: (ffi::lua_Alloc, *mut c_void),
}

impl Allocator {
    /// Move the allocation of `lua` (main state `state`) to this allocator.
    pub(crate) fn install(lua: &mlua::Lua, state: *mut ffi::lua_State) -> Allocator {
        let mut memory = Box::new(Memory {
            used: lua.used_memory() as isize,
            limit: std::cell::Cell::new(0),
        });
        let ud = std::ptr::addr_of_mut!(*memory) as *mut c_void;
        let mut mlua_ud = std::ptr::null_mut();
        // SAFETY: `state` is the VM's main state; `allocate` frees and resizes the blocks
        // of mlua's allocator (mimalloc's, see the module); `ud` lives in the box, which
        // lives until the allocator is taken out again (`drop`).
        let mlua_alloc = unsafe {
            let f = ffi::lua_getallocf(state, &mut mlua_ud);
            ffi::lua_setallocf(state, allocate, ud);
            f
        };
        Allocator {
            memory,
            state,
            mlua_alloc: (mlua_alloc, mlua_ud),
        }
    }

    /// Bytes in use now.
    pub(crate) fn used(&self) -> usize {
        self.memory.used as usize
    }

    /// Refuse any growth past `limit` bytes in use: Lua then raises its memory error.
    pub(crate) fn set_limit(&mut self, limit: usize) {
        self.memory.limit.set(limit.min(isize::MAX as usize) as isize);
    }

    /// Run `f` with no limit: the host's own small work on a VM a script has just filled
    /// (the memory the script holds is freed once the host has let go of it).
    pub(crate) fn unlimited<R>(&self, f: impl FnOnce() -> R) -> R {
        let limit = self.memory.limit.replace(0);
        let r = f();
        self.memory.limit.set(limit);
        r
    }
}

impl Drop for Allocator {
    fn drop(&mut self) {
        // SAFETY: the VM is still open (the host drops this first); mlua's allocator takes
        // this one's blocks as they are (mimalloc's).
        unsafe { ffi::lua_setallocf(self.state, self.mlua_alloc.0, self.mlua_alloc.1) };
    }
}

/// New strings longer than this, in bytes with Lua's header, are charged to the running
/// script's work budget (budget.rs) by their size: they are the long strings (Lua interns
/// strings of 40 bytes or less), each a new block whatever ran before in the VM, so the
/// charge is the same in every process. Building one is copying its bytes: `a .. b`, and
/// every library function that returns a string (`upper`, `rep`, `format`, ...). The
/// VM's other blocks (its stack, its table of strings, a buffer) grow and shrink with what
/// ran before, so they are not charged: the instructions that fill them are.
const LONG_STRING: usize = 256;

/// Off the allocator's path (most blocks are small), so that it stays as lean as it was.
#[cold]
#[inline(never)]
fn charge_long_string(nsize: usize) {
    super::budget::charge_quietly(nsize as u64 / super::budget::STRING_BYTES);
}

/// Lua's allocation function (lua_Alloc): `nsize` 0 frees; a null `ptr` allocates (then
/// `osize` is the kind of object, not a size); otherwise it resizes.
unsafe extern "C" fn allocate(ud: *mut c_void, ptr: *mut c_void, osize: usize, nsize: usize) -> *mut c_void {
    // SAFETY: `ud` is the `Memory` installed with this function (`Memory::install`).
    let memory = unsafe { &mut *(ud as *mut Memory) };
    if nsize == 0 {
        if !ptr.is_null() {
            // SAFETY: `ptr` is a live block of this allocator (or of mlua's: mimalloc's too).
            unsafe { libmimalloc_sys::mi_free(ptr) };
            memory.used -= osize as isize;
        }
        return std::ptr::null_mut();
    }
    if nsize > isize::MAX as usize {
        return std::ptr::null_mut();
    }
    let grow = nsize as isize - if ptr.is_null() { 0 } else { osize as isize };
    let limit = memory.limit.get();
    if grow > 0 && limit > 0 && memory.used + grow > limit {
        return std::ptr::null_mut();
    }
    // SAFETY: as above; mimalloc's blocks are aligned to 8 bytes at least, all Lua needs.
    let block = unsafe {
        if ptr.is_null() {
            if nsize > LONG_STRING && osize == ffi::LUA_TSTRING as usize {
                charge_long_string(nsize);
            }
            libmimalloc_sys::mi_malloc(nsize)
        } else {
            libmimalloc_sys::mi_realloc(ptr, nsize)
        }
    };
    if !block.is_null() {
        memory.used += grow;
    }
    block
}
