//! Printing for the subcommands, and their exit codes.
//!
//! Unix manners: when the reader of our output goes away (`abyss replay F | head`), the
//! next write ends the process quietly with exit 0, as a pipeline expects, instead of
//! the panic of `println!`. Any other output error (a full disk) is an I/O error: exit 2.
//! Messages for people go to stderr through `tell!`, which never panics either.

use crate::game::describe::terminal_safe;
use std::fmt;
use std::io::Write;

/// Exit codes, the same in every subcommand (DESIGN "CLI").
pub const CLEAN: i32 = 0;
/// Findings in the content, failed games or checks, a replay that does not verify.
pub const FINDINGS: i32 = 1;
/// A usage or I/O error.
pub const USAGE: i32 = 2;

/// Why a subcommand stops early: a message for stderr and the exit code.
#[derive(Debug)]
pub struct Exit {
    pub code: i32,
    pub message: String,
}

impl Exit {
    /// The content (or a scenario) has findings: exit 1, as `abyss validate` does.
    pub fn findings(message: impl Into<String>) -> Exit {
        Exit {
            code: FINDINGS,
            message: message.into(),
        }
    }
}

/// A plain message is a usage or I/O error (exit 2).
impl From<String> for Exit {
    fn from(message: String) -> Exit {
        Exit { code: USAGE, message }
    }
}

impl From<&str> for Exit {
    fn from(message: &str) -> Exit {
        Exit::from(message.to_string())
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Write to stdout; a closed pipe ends the process with exit 0. What goes to a terminal
/// carries no control characters but newlines and tabs, whatever a data file or a record
/// held (`describe::terminal_safe`): an escape sequence cannot clear the screen or set
/// the window's title.
pub fn print(args: fmt::Arguments) {
    let text = fmt::format(args);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(terminal_safe(&text).as_bytes()) {
        gone(e);
    }
}

/// Flush stdout before the process exits (a closed pipe is still a clean end).
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        gone(e);
    }
}

fn gone(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(CLEAN);
    }
    let _ = writeln!(std::io::stderr(), "abyss: writing the output: {e}");
    std::process::exit(USAGE);
}

/// Write to stderr, ignoring errors (there is nobody left to tell); made safe for a
/// terminal as `print` is.
pub fn to_stderr(args: fmt::Arguments) {
    let text = fmt::format(args);
    let _ = std::io::stderr().lock().write_all(terminal_safe(&text).as_bytes());
}

/// `println!` that ends quietly on a closed pipe.
macro_rules! say {
    () => { $crate::cli::out::print(format_args!("\n")) };
    ($($t:tt)*) => { $crate::cli::out::print(format_args!("{}\n", format_args!($($t)*))) };
}

/// `print!` that ends quietly on a closed pipe.
macro_rules! say_raw {
    ($($t:tt)*) => { $crate::cli::out::print(format_args!($($t)*)) };
}

/// `eprintln!` that never panics.
macro_rules! tell {
    ($($t:tt)*) => { $crate::cli::out::to_stderr(format_args!("{}\n", format_args!($($t)*))) };
}

pub(crate) use {say, say_raw, tell};
