//! The game an Event is running in, as the card API functions see it.
//!
//! The API functions are created once per Lua VM and live as long as it does, while a
//! game is borrowed only for the length of one Event. So `Host::run` pushes the game (and
//! who executes what) on this thread's stack for the Event's duration, and each API call
//! borrows it through `with`. A Lua call made by the host while it holds no borrow (a dry
//! run of a card's text, 5.1.3) may call the API again: each `with` is a fresh, exclusive
//! borrow, and a borrow while another is held is refused rather than aliased.

use abyss_core::game::decision::Stop;
use abyss_core::game::{Exec, Game};
use abyss_core::kernel::Faction;
use std::cell::{Cell, RefCell};

/// One Event under way on this thread.
struct Running {
    /// The game, type- and lifetime-erased; valid while the `Entered` guard lives.
    game: *mut (),
    exec: Exec,
    /// A `with` borrow of this entry is under way.
    busy: Cell<bool>,
    /// Why the game stopped inside an API call (an agent quit, a replay diverged).
    stop: RefCell<Option<Stop>>,
    /// What a dry run's text could not carry out (5.1.3), counted by the primitives.
    short: Cell<u32>,
    /// The Faction the text orders to act (`g:as`): it makes the selections (5.1).
    acting: Cell<Option<Faction>>,
    /// Changes the primitives made since the last `take_did` (a dry run's quick answer
    /// to "did anything happen?").
    did: Cell<u32>,
    /// The game traces its Events (`Game::event_trace`).
    traced: bool,
}

thread_local! {
    static STACK: RefCell<Vec<Running>> = const { RefCell::new(Vec::new()) };
    /// Questions a script has met (each choice of the card API counts, asked or not).
    static QUESTIONS: Cell<u64> = const { Cell::new(0) };
}

/// A script met a question (a choice of the card API), whether or not anyone was asked:
/// a dry run answers some without its explorer (5.1.3's first of the best).
pub(crate) fn met_question() {
    QUESTIONS.with(|q| q.set(q.get() + 1));
}

/// The questions scripts have met on this thread so far.
pub(crate) fn questions_met() -> u64 {
    QUESTIONS.with(|q| q.get())
}

/// The Events under way on this thread, taken away while their game waits on a coroutine
/// (crate::suspend).
pub(crate) struct Stack(Vec<Running>);

/// Is an Event under way on this thread?
pub(crate) fn running() -> bool {
    STACK.with(|s| !s.borrow().is_empty())
}

/// Take this thread's Events under way (empty when none is).
pub(crate) fn take_stack() -> Stack {
    Stack(STACK.with(|s| std::mem::take(&mut *s.borrow_mut())))
}

impl Stack {
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Put them back, on top of what the thread has under way now.
    pub(crate) fn restore(self) {
        STACK.with(|s| s.borrow_mut().extend(self.0));
    }
}

/// Pops its entry when the Event ends, however it ends.
pub(crate) struct Entered(());

impl Drop for Entered {
    fn drop(&mut self) {
        STACK.with(|s| s.borrow_mut().pop());
    }
}

/// Make `game` the one the API acts on until the guard drops.
pub(crate) fn enter(game: &mut Game<'_>, exec: Exec) -> Entered {
    let running = Running {
        game: game as *mut Game<'_> as *mut (),
        exec,
        busy: Cell::new(false),
        stop: RefCell::new(None),
        short: Cell::new(0),
        acting: Cell::new(None),
        did: Cell::new(0),
        traced: game.tracing_events(),
    };
    STACK.with(|s| s.borrow_mut().push(running));
    Entered(())
}

/// Why the innermost Event's game stopped, if it did (taken once).
pub(crate) fn take_stop() -> Option<Stop> {
    STACK.with(|s| s.borrow().last().and_then(|r| r.stop.borrow_mut().take()))
}

/// Has the innermost Event's game stopped (without taking the reason)?
pub(crate) fn stop_pending() -> bool {
    STACK.with(|s| s.borrow().last().is_some_and(|r| r.stop.borrow().is_some()))
}

/// Record that the game stopped inside an API call.
pub(crate) fn set_stop(stop: Stop) {
    STACK.with(|s| {
        if let Some(r) = s.borrow().last() {
            *r.stop.borrow_mut() = Some(stop);
        }
    });
}

/// Count `n` parts of the text that could not be carried out (in a dry run).
pub(crate) fn fall_short(n: u32) {
    STACK.with(|s| {
        if let Some(r) = s.borrow().last() {
            r.short.set(r.short.get().saturating_add(n));
        }
    });
}

/// The shortfall counted since the last call, and start counting afresh.
pub(crate) fn take_shortfall() -> u32 {
    STACK.with(|s| s.borrow().last().map_or(0, |r| r.short.replace(0)))
}

/// The shortfall counted since the last `take_shortfall`, left counted.
pub(crate) fn shortfall() -> u32 {
    STACK.with(|s| s.borrow().last().map_or(0, |r| r.short.get()))
}

/// Count `n` changes made to the game (by a primitive).
pub(crate) fn did(n: u32) {
    if n == 0 {
        return;
    }
    STACK.with(|s| {
        if let Some(r) = s.borrow().last() {
            r.did.set(r.did.get().saturating_add(n));
        }
    });
}

/// The changes counted since the last call, and start counting afresh.
pub(crate) fn take_did() -> u32 {
    STACK.with(|s| s.borrow().last().map_or(0, |r| r.did.replace(0)))
}

/// Does the innermost Event's game trace its Events (a validator's playout)?
pub(crate) fn traced() -> bool {
    STACK.with(|s| s.borrow().last().is_some_and(|r| r.traced))
}

/// The Faction executing the innermost Event.
pub(crate) fn executing() -> Option<Faction> {
    STACK.with(|s| s.borrow().last().map(|r| r.exec.faction))
}

/// Make `f` the Faction that makes the selections (None: the executing one); returns the
/// one before.
pub(crate) fn set_acting(f: Option<Faction>) -> Option<Faction> {
    STACK.with(|s| s.borrow().last().and_then(|r| r.acting.replace(f)))
}

/// Why `with` could not lend the game.
#[derive(Debug)]
pub(crate) enum Unavailable {
    /// No Event runs on this thread (a script called `g` at load time, or a finalizer).
    NoEvent,
    /// The game is already lent out (an API function called back into the API).
    Busy,
    /// The game stopped under the script (`set_stop`): no more API calls may run.
    Stopped,
}

/// Borrow the game of the innermost running Event, with who executes what.
pub(crate) fn with<R>(f: impl for<'a, 'r> FnOnce(&'a mut Game<'r>, Exec) -> R) -> Result<R, Unavailable> {
    let (ptr, exec) = STACK.with(|s| {
        let s = s.borrow();
        let r = s.last().ok_or(Unavailable::NoEvent)?;
        if r.stop.borrow().is_some() {
            return Err(Unavailable::Stopped);
        }
        if r.busy.replace(true) {
            return Err(Unavailable::Busy);
        }
        // Questions default to the Faction the text orders to act (5.1).
        let exec = Exec {
            faction: r.acting.get().unwrap_or(r.exec.faction),
            ..r.exec
        };
        Ok((r.game, exec))
    })?;
    struct Release;
    impl Drop for Release {
        fn drop(&mut self) {
            STACK.with(|s| {
                if let Some(r) = s.borrow().last() {
                    r.busy.set(false);
                }
            });
        }
    }
    let _release = Release;
    // SAFETY: `ptr` was made from a `&mut Game` in `enter`, whose `Entered` guard is
    // still alive (the entry is on the stack), so the game outlives this call. `busy`
    // makes this the only borrow of it: a nested `with` on the same entry is refused
    // above, and `enter` for another game pushes a new entry. The lifetime parameter is
    // not 'static: `f` must work for any 'r, so nothing borrowed from the game escapes.
    let game = unsafe { &mut *(ptr as *mut Game<'_>) };
    Ok(f(game, exec))
}
