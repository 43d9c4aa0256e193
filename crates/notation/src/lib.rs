//! The notation (DESIGN "Notation (pest)"): one grammar (notation.pest), two uses.
//!
//! * Game records (`record`): a header (content hash, scenario, seed, seating) and one
//!   line per answer, `FACTION WORD`, in the canonical words of `Choice::render`. A record
//!   replays to the very same game.
//! * Scenario tests (`suite`): `test "name"`, a `setup` block (a scenario and changes
//!   made through kernel primitives), a `play` block of answers and an `expect` block of
//!   facts about the resulting position, or an expected error.
//!
//! Both are parsed into plain ASTs; printing an AST and parsing the text again gives an
//! equal AST (source line numbers are carried along but are not part of the value).
//! Words (spaces, pieces, answers) stay words in the AST and are resolved against the
//! content when a record is replayed or a test is run, so parsing needs no content.

mod diag;
pub mod record;
mod script;
pub mod suite;
mod syntax;
mod words;

pub use abyss_core::game::playout::{Replay, ReplayState};
pub use diag::Diagnostic;
pub use record::{Record, Replayed, Trailer};
pub use suite::{Change, Fact, Test, TestFile, TestReport};

use abyss_core::kernel::Faction;
use std::fmt;

/// A 1-based source line, carried by AST nodes for diagnostics. It is not part of the
/// value: any two `Line`s compare equal, so an AST printed and parsed again (where
/// comments and blank lines are gone and lines have moved) is still equal.
#[derive(Clone, Copy, Debug, Default)]
pub struct Line(pub usize);

impl PartialEq for Line {
    fn eq(&self, _: &Line) -> bool {
        true
    }
}
impl Eq for Line {}

/// One recorded answer: the Faction that gave it and the canonical word of its choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub faction: Faction,
    pub word: String,
    pub line: Line,
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.faction.slug(), self.word)
    }
}

/// A record or test file's text; a file that cannot be read, is larger than
/// `MAX_NOTATION_BYTES` (`abyss replay /dev/zero`) or is not UTF-8 text is a diagnostic
/// naming it (and the line where the text stops being UTF-8). It may be a pipe.
pub fn read_file(path: &std::path::Path) -> Result<String, Diagnostic> {
    use abyss_core::content::findings::{MAX_NOTATION_BYTES, read_text};
    let name = path.display().to_string();
    read_text(path, MAX_NOTATION_BYTES, "a record or test file", false)
        .map_err(|u| Diagnostic::at(&name, u.line, u.message))
}

/// Quote a string for the notation (`"`, `\` and newlines escaped).
pub(crate) fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A seat as the notation writes it: Factions joined by `+` (1.5.1).
pub(crate) fn seat_word(seat: &[Faction]) -> String {
    seat.iter().map(|f| f.slug()).collect::<Vec<_>>().join("+")
}

/// A scenario name bare when it can be, else quoted.
pub(crate) fn scenario_word(name: &str) -> String {
    let bare = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '/' | '.'));
    if bare { name.to_string() } else { quote(name) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_not_part_of_the_value() {
        let a = Answer {
            faction: Faction::Govt,
            word: "pass".into(),
            line: Line(3),
        };
        let b = Answer {
            line: Line(90),
            ..a.clone()
        };
        assert_eq!(a, b);
        assert_ne!(
            a,
            Answer {
                word: "done".into(),
                ..b
            }
        );
    }

    #[test]
    fn names_print_bare_when_they_can() {
        assert_eq!(scenario_word("standard"), "standard");
        assert_eq!(scenario_word("mods/x-1.toml"), "mods/x-1.toml");
        assert_eq!(scenario_word("my file.toml"), "\"my file.toml\"");
        assert_eq!(quote("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
        assert_eq!(seat_word(&[Faction::Govt, Faction::Auc]), "govt+auc");
    }
}
