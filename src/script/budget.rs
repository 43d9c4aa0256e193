//! The time budget of a script: an Event (or a card chunk being loaded) that runs longer
//! than `DEADLINE` is stopped with an error at the Lua instruction it has reached.
//!
//! Why not an instruction-count hook: any count hook puts the Lua VM in tracing mode, a
//! call per instruction, whatever the count (Lua 5.4 `luaG_traceexec`). Instead no hook
//! is set while scripts run; one watchdog thread looks at every armed VM a few times a
//! second and, past the deadline, sets a hook that raises the error at the next
//! instruction. `lua_sethook` is the one Lua call made to be used asynchronously (the
//! standalone interpreter sets its Ctrl-C hook from a signal handler). The watchdog
//! touches a VM only under the lock that `disarm` and `unregister` also take, so it never
//! sets a hook on a VM that finished its Event or no longer exists.
//!
//! Real card scripts run in microseconds; the deadline only ever stops a runaway script
//! (an endless loop), the same on any machine. Work inside C functions, which no hook can
//! interrupt, is bounded separately by the guarded library functions of the prelude.

use mlua::ffi;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// How long one Event, or the loading of one card chunk, may run.
pub const DEADLINE: Duration = Duration::from_secs(2);
/// How often the watchdog looks.
const TICK: Duration = Duration::from_millis(50);

struct Slot {
    /// The VM's main thread state (as an address, for Send).
    state: usize,
    deadline: Option<Instant>,
    /// The abort hook is set on this VM.
    fired: bool,
}

fn slots() -> &'static Mutex<Vec<Slot>> {
    static SLOTS: OnceLock<Mutex<Vec<Slot>>> = OnceLock::new();
    SLOTS.get_or_init(|| {
        std::thread::Builder::new()
            .name("abyss-script-watchdog".into())
            .spawn(watch)
            .expect("starting the script watchdog thread");
        Mutex::new(Vec::new())
    })
}

fn lock() -> std::sync::MutexGuard<'static, Vec<Slot>> {
    slots().lock().unwrap_or_else(|e| e.into_inner())
}

fn watch() {
    loop {
        std::thread::sleep(TICK);
        let now = Instant::now();
        let mut slots = lock();
        for s in slots.iter_mut() {
            if !s.fired && s.deadline.is_some_and(|d| now >= d) {
                // SAFETY: the slot is registered, so its VM exists (unregister takes this
                // lock before the VM is closed); lua_sethook may be called asynchronously.
                unsafe { ffi::lua_sethook(s.state as *mut ffi::lua_State, Some(abort_hook), ffi::LUA_MASKCOUNT, 1) };
                s.fired = true;
            }
        }
    }
}

unsafe extern "C-unwind" fn abort_hook(state: *mut ffi::lua_State, _ar: *mut ffi::lua_Debug) {
    // SAFETY: called by Lua in a running Lua function; luaL_error prefixes the place it
    // reached and raises the error there (the Lua interpreter's own Ctrl-C works so).
    unsafe {
        ffi::luaL_error(
            state,
            c"time budget of %d s exceeded (an endless loop?)".as_ptr(),
            DEADLINE.as_secs() as std::os::raw::c_int,
        );
    }
}

/// A VM the watchdog looks after, from its creation to its end.
pub(crate) struct Watched {
    state: usize,
    /// Nested `arm`s (a card chunk loaded during an Event): the outermost one counts.
    depth: std::cell::Cell<u32>,
}

impl Watched {
    pub(crate) fn register(state: *mut ffi::lua_State) -> Watched {
        lock().push(Slot {
            state: state as usize,
            deadline: None,
            fired: false,
        });
        Watched {
            state: state as usize,
            depth: std::cell::Cell::new(0),
        }
    }

    /// Start the clock for one Event or chunk (unless it already runs).
    pub(crate) fn arm(&self) -> Armed<'_> {
        let depth = self.depth.get();
        self.depth.set(depth + 1);
        if depth == 0 {
            let deadline = Instant::now() + DEADLINE;
            if let Some(s) = lock().iter_mut().find(|s| s.state == self.state) {
                s.deadline = Some(deadline);
            }
        }
        Armed(self)
    }

    fn disarm(&self) {
        let depth = self.depth.get() - 1;
        self.depth.set(depth);
        if depth > 0 {
            return;
        }
        let mut slots = lock();
        if let Some(s) = slots.iter_mut().find(|s| s.state == self.state) {
            s.deadline = None;
            if s.fired {
                // SAFETY: this thread owns the VM and it is not running Lua now.
                unsafe { ffi::lua_sethook(self.state as *mut ffi::lua_State, None, 0, 0) };
                s.fired = false;
            }
        }
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        lock().retain(|s| s.state != self.state);
    }
}

/// The clock runs while this lives.
pub(crate) struct Armed<'a>(&'a Watched);

impl Drop for Armed<'_> {
    fn drop(&mut self) {
        self.0.disarm();
    }
}
