//! Findings: every problem the loader or the validator sees, each with its file, line,
//! a stable code and a plain message. Loading collects them all instead of stopping.

use serde::Serialize;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// Path relative to the content folder (or the scenario file as given).
    pub file: String,
    /// 1-based; 0 when the finding is about the file as a whole.
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}: {}", self.file, self.line, self.code, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.code, self.message)
        }
    }
}

/// One content file's text, with what is needed to turn byte offsets into lines.
pub struct SourceFile {
    pub path: String,
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let text = text.into();
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        SourceFile {
            path: path.into(),
            text,
            line_starts,
        }
    }

    /// 1-based line of a byte offset.
    pub fn line_of(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|&s| s <= offset)
    }
}

/// A file's bytes as UTF-8 text, or the line where they stop being UTF-8 and a message
/// that says what to do (the rest of abyss reads text only).
pub fn utf8_text(bytes: Vec<u8>) -> Result<String, (usize, String)> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count();
        (
            line,
            format!("not UTF-8 text at byte offset {at}: save the file as UTF-8"),
        )
    })
}

/// Collects findings for one file at a time.
#[derive(Default)]
pub struct Findings {
    pub list: Vec<Finding>,
}

impl Findings {
    pub fn at(&mut self, file: &SourceFile, offset: usize, code: &'static str, message: impl Into<String>) {
        self.list.push(Finding {
            file: file.path.clone(),
            line: file.line_of(offset),
            code,
            message: message.into(),
        });
    }
    pub fn at_line(&mut self, file: &str, line: usize, code: &'static str, message: impl Into<String>) {
        self.list.push(Finding {
            file: file.to_string(),
            line,
            code,
            message: message.into(),
        });
    }
}

/// Parse a TOML file into a typed table, reporting syntax errors (`toml-syntax`) apart
/// from schema errors (`unknown-key`, `missing-key`, `bad-value`).
pub fn parse_toml<T: serde::de::DeserializeOwned>(file: &SourceFile, out: &mut Findings) -> Option<T> {
    if let Err(e) = file.text.parse::<toml::Table>() {
        let at = e.span().map_or(0, |s| s.start);
        out.at(file, at, "toml-syntax", first_line(e.message()));
        return None;
    }
    match toml::from_str::<T>(&file.text) {
        Ok(v) => Some(v),
        Err(e) => {
            let msg = first_line(e.message());
            let code = if msg.starts_with("unknown field") {
                "unknown-key"
            } else if msg.starts_with("missing field") {
                "missing-key"
            } else {
                "bad-value"
            };
            out.at(file, e.span().map_or(0, |s| s.start), code, msg);
            None
        }
    }
}

fn first_line(s: &str) -> String {
    s.trim().lines().next().unwrap_or("").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_is_not_utf8_is_refused_at_its_line() {
        assert_eq!(utf8_text(b"a\nb".to_vec()), Ok("a\nb".into()));
        let (line, m) = utf8_text(b"a\nb\n\xffc".to_vec()).unwrap_err();
        assert_eq!(line, 3);
        assert_eq!(m, "not UTF-8 text at byte offset 4: save the file as UTF-8");
    }

    #[test]
    fn lines_are_one_based() {
        let f = SourceFile::new("x.toml", "a = 1\nb = 2\n\nc = 3");
        assert_eq!(f.line_of(0), 1);
        assert_eq!(f.line_of(6), 2);
        assert_eq!(f.line_of(13), 4);
    }
}
