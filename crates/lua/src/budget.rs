//! The work budget of a script: an Event (or a card chunk being loaded) that executes more
//! than `INSTRUCTIONS` Lua VM instructions is stopped with an error at the instruction it
//! has reached.
//!
//! The budget counts the script's own work, never time (issue 26): time spent waiting for
//! a person to answer an Event's question runs no instruction, and a busy or paused machine
//! changes nothing, so the same content, seed and answers give the same outcome — and the
//! same record — on any machine. The count includes the Event's 5.1.3 dry tries (they are
//! the Event's own work, run inside it).
//!
//! How: while a script runs, a Lua count hook is called every `STEP` instructions and
//! takes one step off the budget; at zero it raises the error. Lua counts the
//! instructions itself (`luaG_traceexec`), so the count is exact and the same in every
//! process. Work inside C functions, which no hook can see, is charged to the same budget
//! by the guarded library functions of the prelude (`charge`), in instructions' worth of
//! work, so that no loop of C calls runs past it either.
//!
//! Work that neither an instruction nor a library function's guard sees is charged where
//! it happens, by `charge_quietly`, which cannot raise an error there (it runs inside the
//! VM's own C code): once the budget is spent it makes the hook run at the very next
//! instruction, which raises the error. That is the work of the VM's operators on long
//! strings: a new long string (`..`, and every library function that returns one) is
//! charged by its bytes when it is allocated (memory.rs); comparing two long strings
//! (`==`, `<`, a table key) and reading a number from a string (arithmetic on strings,
//! the number arguments of the C functions) by the bytes they read (`vm_strings`).
//!
//! Cost: with any count hook set, Lua 5.4 calls `luaG_traceexec` before every instruction;
//! card scripts spend most of an Event in the host's API, so it is a few percent of an
//! Event (measured in the commit that brought this in). The hook is set only while a
//! script runs.

use mlua::ffi;
use std::cell::{Cell, RefCell};

/// How many Lua instructions one Event, or the loading of one card chunk, may execute:
/// about a second of a present-day core. Real card scripts execute a few thousand.
pub const INSTRUCTIONS: u64 = 500_000_000;
/// The hook is called once every `STEP` instructions.
const STEP: u32 = 10_000;
/// Bytes compared or copied in C by `memcmp` or `memcpy` for one instruction's worth of
/// work (as the prelude's `BYTES`).
#[cfg_attr(not(abyss_lua_wrap), allow(dead_code))]
pub(crate) const BYTES: u64 = 8;
/// Bytes of a new long string for one instruction's worth of work: the library functions
/// that build one go through it a byte at a time (`upper`, `reverse`, `gsub`...), and
/// copy it once more.
pub(crate) const STRING_BYTES: u64 = 2;

/// One VM armed on this thread: its instructions left, and its main state (for
/// `charge_quietly`).
struct Count {
    left: Cell<u64>,
    state: *mut ffi::lua_State,
}

thread_local! {
    /// The VMs armed on this thread, innermost last. Only the innermost armed VM runs Lua
    /// on its thread, so the hook and `charge` take from the last entry.
    static LEFT: RefCell<Vec<Count>> = const { RefCell::new(Vec::new()) };
}

/// Is a VM armed on this thread (a script running)?
pub(crate) fn armed() -> bool {
    LEFT.with(|l| !l.borrow().is_empty())
}

/// The VMs armed on this thread, taken away while their game waits on a coroutine
/// (crate::suspend).
pub(crate) struct Armings(Vec<Count>);

/// Take this thread's armed VMs (empty when no script runs).
pub(crate) fn take_armings() -> Armings {
    Armings(LEFT.with(|l| std::mem::take(&mut *l.borrow_mut())))
}

impl Armings {
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Is the VM whose main state is `state` among them (running a script)?
    pub(crate) fn holds(&self, state: *mut ffi::lua_State) -> bool {
        self.0.iter().any(|c| c.state == state)
    }

    /// Put them back, innermost last, on top of those armed now.
    pub(crate) fn restore(self) {
        LEFT.with(|l| l.borrow_mut().extend(self.0));
    }
}

impl Watched {
    /// The VM's main state.
    pub(crate) fn state(&self) -> *mut ffi::lua_State {
        self.state
    }
}

/// Take `units` instructions' worth of work off the innermost armed budget; true when the
/// budget is spent (it stays spent). Nothing is counted while no script runs.
fn take(units: u64) -> bool {
    LEFT.with(|l| {
        let l = l.borrow();
        let Some(c) = l.last() else { return false };
        let n = c.left.get();
        c.left.set(n.saturating_sub(units));
        n <= units
    })
}

/// Charge `units` of work done inside the VM's C code, where no error may be raised (the
/// allocator, a string comparison): when that spends the budget, the hook is made to run
/// before the next instruction, and raises the error there. Nothing is counted while no
/// script runs.
pub(crate) fn charge_quietly(units: u64) {
    LEFT.with(|l| {
        let Ok(l) = l.try_borrow() else { return };
        let Some(c) = l.last() else { return };
        let n = c.left.get();
        c.left.set(n.saturating_sub(units));
        // Only when this charge spends the budget: once it is spent, the hook raises the
        // error again every `STEP` instructions, as it does for a loop, and a charge made
        // while that error is on its way out (a message, a traceback) must not raise
        // another one in its place.
        if n > 0 && n <= units {
            // SAFETY: the state is the armed VM's, on this thread; lua_sethook only sets
            // the hook's fields and the traps of the running functions (lua.c calls it
            // from a signal handler), so it may be called anywhere in the VM's C code.
            unsafe { ffi::lua_sethook(c.state, Some(count_hook), ffi::LUA_MASKCOUNT, 1) };
        }
    })
}

/// Raise the budget's error in the running script.
///
/// # Safety
/// `state` must be running a Lua or C function called from Lua (a hook or a C function).
unsafe fn exceeded(state: *mut ffi::lua_State) -> ! {
    // SAFETY: as the caller guarantees; luaL_error prefixes the place it reached and
    // raises the error there (it does not return).
    unsafe {
        ffi::luaL_error(
            state,
            c"work budget of %d million Lua instructions exceeded (an endless loop?)".as_ptr(),
            (INSTRUCTIONS / 1_000_000) as std::os::raw::c_int,
        );
    }
    unreachable!("luaL_error returns")
}

unsafe extern "C-unwind" fn count_hook(state: *mut ffi::lua_State, _ar: *mut ffi::lua_Debug) {
    // Once spent, every later call raises again, so nothing in the script can go on past
    // the budget.
    if take(u64::from(STEP)) {
        // SAFETY: called by Lua in a running Lua function. The count goes back to `STEP`
        // (`charge_quietly` may have made it 1), so that the host's few instructions that
        // pass the error on run as they did before.
        unsafe {
            ffi::lua_sethook(state, Some(count_hook), ffi::LUA_MASKCOUNT, STEP as i32);
            exceeded(state)
        }
    }
}

/// `charge(units)`, for the prelude's guards: work a C function does (or has just done)
/// that no instruction counts, in instructions' worth, taken off the running Event's
/// budget; at zero the budget's error is raised, as the hook raises it. A value that is
/// not a number, or not above zero, charges nothing.
pub(crate) unsafe extern "C-unwind" fn charge(state: *mut ffi::lua_State) -> std::os::raw::c_int {
    // SAFETY: Lua calls this C function with its arguments on the stack.
    let units = unsafe { ffi::lua_tonumberx(state, 1, std::ptr::null_mut()) };
    // `as` saturates: NaN gives 0, a huge value u64::MAX.
    if units >= 1.0 && take(units as u64) {
        // SAFETY: a C function called from Lua.
        unsafe { exceeded(state) }
    }
    0
}

/// A VM whose scripts run under the budget.
pub(crate) struct Watched {
    state: *mut ffi::lua_State,
    /// Nested `arm`s (a card chunk loaded during an Event): the outermost one counts.
    depth: Cell<u32>,
}

impl Watched {
    pub(crate) fn register(state: *mut ffi::lua_State) -> Watched {
        Watched {
            state,
            depth: Cell::new(0),
        }
    }

    /// Start counting for one Event or chunk (unless a count already runs).
    pub(crate) fn arm(&self) -> Armed<'_> {
        let depth = self.depth.get();
        self.depth.set(depth + 1);
        if depth == 0 {
            LEFT.with(|l| {
                l.borrow_mut().push(Count {
                    left: Cell::new(INSTRUCTIONS),
                    state: self.state,
                })
            });
            // SAFETY: this thread owns the VM and it is not running Lua now (an Event or
            // a chunk is about to start); setting the hook also resets its count.
            unsafe { ffi::lua_sethook(self.state, Some(count_hook), ffi::LUA_MASKCOUNT, STEP as i32) };
        }
        Armed(self)
    }

    fn disarm(&self) {
        let depth = self.depth.get() - 1;
        self.depth.set(depth);
        if depth > 0 {
            return;
        }
        LEFT.with(|l| l.borrow_mut().pop());
        // SAFETY: this thread owns the VM and it is not running Lua now.
        unsafe { ffi::lua_sethook(self.state, None, 0, 0) };
    }
}

/// The count runs while this lives.
pub(crate) struct Armed<'a>(&'a Watched);

impl Drop for Armed<'_> {
    fn drop(&mut self) {
        self.0.disarm();
    }
}
