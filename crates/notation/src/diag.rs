//! Diagnostics: where in which file, and what is wrong, in one line.

use std::fmt;

/// A problem in a notation file (syntax, an unknown word, a refused change, a failed
/// expectation), with its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    /// 1-based; 0 for the file as a whole.
    pub line: usize,
    /// 1-based column, for syntax errors.
    pub col: Option<usize>,
    pub message: String,
    /// The source line, for syntax errors (shown under the message with a caret).
    pub source_line: Option<String>,
}

impl Diagnostic {
    pub fn at(file: &str, line: usize, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            line,
            col: None,
            message: message.into(),
            source_line: None,
        }
    }

    /// The message with the source line and a caret under the column, when known.
    pub fn with_excerpt(&self) -> String {
        let mut s = self.to_string();
        if let (Some(src), Some(col)) = (&self.source_line, self.col) {
            let width = self.line.to_string().len();
            let pad: String = src
                .chars()
                .take(col.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            s.push_str(&format!(
                "\n{:width$} |\n{} | {src}\n{:width$} | {pad}^",
                "", self.line, ""
            ));
        }
        s
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.col) {
            (0, _) => write!(f, "{}: {}", self.file, self.message),
            (l, Some(c)) => write!(f, "{}:{l}:{c}: {}", self.file, self.message),
            (l, None) => write!(f, "{}:{l}: {}", self.file, self.message),
        }
    }
}

impl std::error::Error for Diagnostic {}

/// "a", "a or b", "a, b or c".
pub(crate) fn one_of(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
