//! Events left waiting by a game stepped on a coroutine (`abyss_core::game::EventSuspension`,
//! crates/play/src/drive.rs).
//!
//! The host keeps what an Event under way needs on its thread: the game it acts on
//! (crate::current), the armed work budget (crate::budget), the words arguments are read
//! with (crate::words), and the VM, whose C calls into Rust are on the waiting stack. All of
//! it is nested, innermost last, which holds on one stack. A game on a coroutine breaks the
//! nesting: it can give control back in the middle of an Event, and its caller then runs
//! another game, whose Events would land on top of the waiting one's and pop in the wrong
//! order, or run Lua on a VM that is in the middle of a call for someone else.
//!
//! So when the coroutine gives control back, `park` takes all of it off the thread, and
//! the hosts running a script out of the thread's ready hosts; `unpark` puts it back just
//! before the coroutine goes on. Another game meanwhile finds no ready host for the content
//! and gets a new one (`Host::shared`), which stays ready for later games.

use crate::{HOSTS, Host, budget, current, words};
use std::any::Any;
use std::rc::Rc;

struct Parked {
    stack: current::Stack,
    armings: budget::Armings,
    words: *const words::Words,
    /// The hosts that were running a script.
    hosts: Vec<Rc<Host>>,
}

/// Take the Events under way on this thread off it (None when none is).
pub(crate) fn park() -> Option<Box<dyn Any>> {
    let armings = budget::take_armings();
    let stack = current::take_stack();
    if armings.is_empty() && stack.is_empty() {
        return None;
    }
    let words = words::take_active();
    let hosts = HOSTS.with(|hs| {
        let mut hs = hs.borrow_mut();
        let (running, ready): (Vec<_>, Vec<_>) = hs.drain(..).partition(|h| armings.holds(h.watched.state()));
        *hs = ready;
        running
    });
    Some(Box::new(Parked {
        stack,
        armings,
        words,
        hosts,
    }))
}

/// Is an Event (or any script) under way on this thread?
pub(crate) fn busy() -> bool {
    budget::armed() || current::running()
}

/// Put back what `park` took, just before its game goes on.
pub(crate) fn unpark(parked: Box<dyn Any>) {
    let Ok(p) = parked.downcast::<Parked>() else {
        debug_assert!(false, "unpark was given something park did not make");
        return;
    };
    let Parked {
        stack,
        armings,
        words,
        hosts,
    } = *p;
    stack.restore();
    armings.restore();
    words::restore_active(words);
    HOSTS.with(|hs| hs.borrow_mut().extend(hosts));
}
