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

/// One content file's text, with what is needed to turn byte offsets into lines. A file
/// a mod lays over by key (`super::layers`) is its layers one after the other, each a
/// segment with its own name and lines: a finding at an offset names the layer it is in
/// (the content's file, or the mod's) and the line there.
pub struct SourceFile {
    /// The file's path in the content ("rules/cards.toml").
    pub path: String,
    pub text: String,
    line_starts: Vec<usize>,
    segments: Vec<Segment>,
}

/// One layer of a file: where its text starts, the name findings give it, and the line
/// (1-based, of the whole text) its text starts on.
struct Segment {
    start: usize,
    name: String,
    first_line: usize,
}

impl SourceFile {
    pub fn new(path: impl Into<String>, text: impl Into<String>) -> SourceFile {
        let path = path.into();
        let name = path.clone();
        SourceFile::layered(path, vec![(name, text.into())])
    }

    /// A file made of layers, each (its name for findings, its text), the lowest first:
    /// `super::layers` merges them by key.
    pub fn layered(path: impl Into<String>, layers: Vec<(String, String)>) -> SourceFile {
        let mut text = String::new();
        let mut starts = Vec::new();
        for (i, (name, t)) in layers.into_iter().enumerate() {
            if i > 0 {
                // Each layer starts on a line of its own.
                text.push('\n');
            }
            starts.push((text.len(), name));
            text.push_str(&t);
        }
        let line_starts: Vec<usize> = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        let segments = starts
            .into_iter()
            .map(|(start, name)| Segment {
                start,
                name,
                first_line: line_starts.partition_point(|&s| s <= start),
            })
            .collect();
        SourceFile {
            path: path.into(),
            text,
            line_starts,
            segments,
        }
    }

    fn segment(&self, offset: usize) -> &Segment {
        let i = self.segments.partition_point(|s| s.start <= offset);
        &self.segments[i.saturating_sub(1)]
    }

    /// 1-based line of a byte offset, in the layer it is in.
    pub fn line_of(&self, offset: usize) -> usize {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        line + 1 - self.segment(offset).first_line
    }

    /// The name of the layer a byte offset is in: the file's path, or for a mod's layer
    /// the path of the mod's file.
    pub fn file_of(&self, offset: usize) -> &str {
        &self.segment(offset).name
    }

    /// The layers' texts with where each starts in `text`, the lowest first.
    pub fn layers(&self) -> impl Iterator<Item = (usize, &str)> {
        self.segments.iter().enumerate().map(|(i, s)| {
            let end = self.segments.get(i + 1).map_or(self.text.len(), |n| n.start - 1);
            (s.start, &self.text[s.start..end])
        })
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

/// The most abyss reads of one content file (a TOML table, a scenario, a card script): the
/// largest of the default content is 25 KB. A bigger file is refused unread, so that a
/// mod cannot make every command allocate what the file claims (a sparse 3 GB file).
pub const MAX_CONTENT_BYTES: u64 = 16 << 20;

/// The most abyss reads of one game record or scenario-test file (a record of 50,000
/// answers is 500 KB): `abyss replay /dev/zero` stops there with an error.
pub const MAX_NOTATION_BYTES: u64 = 64 << 20;

/// Why a file was not read, as a finding would say it.
#[derive(Debug)]
pub struct Unread {
    /// 1-based line where the text stops being UTF-8; 0 for the file as a whole.
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

/// A size limit in words: "16 MiB".
fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

/// What a file that is not a regular file is, for messages.
fn kind_of(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
        if t.is_block_device() || t.is_char_device() {
            return "a device";
        }
    }
    if t.is_dir() { "a folder" } else { "not a regular file" }
}

/// A file's text, read with a bound: at most `limit` bytes (`what` names the kind of file
/// for the message, e.g. "a content file"). With `regular_only`, anything but a regular
/// file (a FIFO, a device, a socket) is refused without being read, and it is opened so
/// that it could not block even if it were swapped for one after the check; a file named
/// on the command line may be a pipe (`abyss replay <(…)`), and is only bounded.
pub fn read_text(path: &std::path::Path, limit: u64, what: &str, regular_only: bool) -> Result<String, Unread> {
    use std::io::Read;
    let whole = |code: &'static str, message: String| Unread { line: 0, code, message };
    let not_regular = |t: std::fs::FileType| {
        whole(
            "not-a-file",
            format!(
                "{}, not a regular file: not read (a content folder holds regular files only)",
                kind_of(t)
            ),
        )
    };
    // Its size when known (a regular file), else the stream ran past the limit.
    let too_big = |size: Option<u64>| {
        let size = size.map_or_else(String::new, |n| format!("{n} bytes, "));
        whole(
            "file-too-large",
            format!(
                "{size}more than the limit of {} for {what}: not read ({})",
                size_words(limit),
                if regular_only {
                    "split it, or remove it from the folder"
                } else {
                    "is it the file you meant?"
                }
            ),
        )
    };
    let io = |e: std::io::Error| whole("unreadable-file", e.to_string());
    if regular_only {
        let meta = std::fs::metadata(path).map_err(io)?;
        if !meta.is_file() {
            return Err(not_regular(meta.file_type()));
        }
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    if regular_only {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if regular_only && !meta.is_file() {
        return Err(not_regular(meta.file_type()));
    }
    if meta.is_file() && meta.len() > limit {
        return Err(too_big(Some(meta.len())));
    }
    let mut bytes = Vec::new();
    file.take(limit + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > limit {
        return Err(too_big(None));
    }
    utf8_text(bytes).map_err(|(line, message)| Unread {
        line,
        code: "not-utf8",
        message,
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
            file: file.file_of(offset).to_string(),
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

/// The most schema errors one file reports: each costs a reading of the table again.
pub const MAX_SCHEMA_ERRORS: usize = 100;

/// Parse a TOML file into a typed table, reporting syntax errors (`toml-syntax`) apart
/// from schema errors (`unknown-key`, `missing-key`, `bad-value`). Every schema error of
/// the file is reported in one run, each at its line (an unknown key with the nearest
/// known key when one is near: a typo), not only the first: what serde stopped at is
/// taken out (the key, the value, or the table that misses a key) and the table read
/// again. A file whose only errors are unknown keys still gives its table, so that the
/// checks after it report their findings in the same run; the caller treats the
/// findings as the file's verdict.
pub fn parse_toml<T: serde::de::DeserializeOwned>(file: &SourceFile, out: &mut Findings) -> Option<T> {
    let mut layers = Vec::new();
    for (start, text) in file.layers() {
        match toml::de::DeTable::parse(text) {
            Ok(doc) => layers.push(super::layers::shifted(doc, start)),
            Err(e) => {
                let at = start + e.span().map_or(0, |s| s.start);
                out.at(file, at, "toml-syntax", first_line(e.message()));
            }
        }
    }
    if layers.len() < file.layers().count() {
        return None;
    }
    let mut doc = super::layers::merge(&file.path, layers, file, out);
    let root = doc.span();
    // The errors by where they are written (serde meets them in the order of its maps,
    // not of the file).
    let mut found: Vec<(usize, &'static str, String)> = Vec::new();
    let report = |mut found: Vec<(usize, &'static str, String)>, out: &mut Findings| {
        found.sort_by_key(|f| f.0);
        for (at, code, message) in found {
            out.at(file, at, code, message);
        }
    };
    // Keys taken out for a bad value, and keys an unknown key was taken to mean, each
    // with the span of its table: the table then misses the key, which is no second
    // finding.
    let mut taken: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut usable = true;
    for _ in 0..MAX_SCHEMA_ERRORS {
        let e = match T::deserialize(toml::de::Deserializer::from(doc.clone())) {
            Ok(v) => {
                report(found, out);
                return usable.then_some(v);
            }
            Err(e) => e,
        };
        let msg = first_line(e.message());
        let span = e.span();
        let at = span.as_ref().map_or(0, |s| s.start);
        let removed = span.as_ref().and_then(|s| remove_at(doc.get_mut(), &root, s));
        let named = msg.split('`').nth(1).unwrap_or_default().to_string();
        if let Some(rest) = msg.strip_prefix("unknown field") {
            let (text, near) = suggested(rest);
            found.push((at, "unknown-key", format!("unknown key{text}")));
            if let (Some(Removed { table, .. }), Some(near)) = (&removed, near) {
                taken.push((table.clone(), near));
            }
        } else if msg.starts_with("missing field") {
            usable = false;
            if !span.as_ref().is_some_and(|s| taken.contains(&(s.clone(), named))) {
                found.push((at, "missing-key", msg));
            }
        } else {
            usable = false;
            let msg = match msg.strip_prefix("unknown variant") {
                Some(rest) => format!("unknown value{}", suggested(rest).0),
                None => msg,
            };
            found.push((at, "bad-value", msg));
            if let Some(Removed { table, key: Some(key) }) = &removed {
                taken.push((table.clone(), key.clone()));
            }
        }
        if removed.is_none() {
            // Nothing to take out (an error of the whole file): the rest cannot be read.
            report(found, out);
            return None;
        }
    }
    report(found, out);
    out.at(
        file,
        0,
        "too-many-errors",
        format!("more than {MAX_SCHEMA_ERRORS} errors: the rest are not listed (is it the file you meant?)"),
    );
    None
}

/// serde's " `x`, expected one of `a`, `b`" (after "unknown field" or "unknown variant"):
/// " `x` (did you mean `a`?)" when one of the expected words is near `x`, else as it is;
/// and the word suggested.
fn suggested(rest: &str) -> (String, Option<String>) {
    let words: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    let near = words
        .split_first()
        .and_then(|(word, expected)| Some((word, super::suggest::nearest(word, expected.iter().copied())?)));
    match near {
        Some((word, near)) => (format!(" `{word}` (did you mean `{near}`?)"), Some(near.to_string())),
        None => (rest.to_string(), None),
    }
}

/// What `remove_at` took out: from which table or list (its span), and the key when it
/// was a table's.
struct Removed {
    table: std::ops::Range<usize>,
    key: Option<String>,
}

/// Take out of `table` (written at `table_span`) what is written at `span`, wherever it
/// is nested: a key (with its value) whose key or value is there, or an element of a list;
/// None if nothing is written there (the table itself). The innermost first: a list of
/// tables (`[[card]]`) is written where its first table is, and a table that misses a
/// key is that table, not the whole list.
fn remove_at(
    table: &mut toml::de::DeTable<'_>,
    table_span: &std::ops::Range<usize>,
    span: &std::ops::Range<usize>,
) -> Option<Removed> {
    let inner = table.iter_mut().find_map(|(_, v)| {
        let vs = v.span();
        remove_in(v.get_mut(), &vs, span)
    });
    if inner.is_some() {
        return inner;
    }
    let hit = table
        .iter()
        .find(|(k, v)| k.span() == *span || v.span() == *span)
        .map(|(k, _)| k.clone())?;
    table.remove(&hit);
    Some(Removed {
        table: table_span.clone(),
        key: Some(hit.get_ref().to_string()),
    })
}

fn remove_in(
    v: &mut toml::de::DeValue<'_>,
    v_span: &std::ops::Range<usize>,
    span: &std::ops::Range<usize>,
) -> Option<Removed> {
    match v {
        toml::de::DeValue::Table(t) => remove_at(t, v_span, span),
        toml::de::DeValue::Array(a) => {
            let inner = a.iter_mut().find_map(|e| {
                let es = e.span();
                remove_in(e.get_mut(), &es, span)
            });
            if inner.is_some() {
                return inner;
            }
            let i = a.iter().position(|e| e.span() == *span)?;
            let items = std::mem::replace(a, toml::de::DeArray::new());
            *a = items
                .into_iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, e)| e)
                .collect();
            Some(Removed {
                table: v_span.clone(),
                key: None,
            })
        }
        _ => None,
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
    fn a_layered_file_names_each_layer_and_counts_its_lines() {
        let f = SourceFile::layered(
            "rules/x.toml",
            vec![
                ("rules/x.toml".into(), "a = 1\nb = 2".into()),
                ("m/rules/x.toml".into(), "c = 3\nd = 4\n".into()),
            ],
        );
        let d = f.text.find("d =").unwrap();
        assert_eq!((f.file_of(0), f.line_of(0)), ("rules/x.toml", 1));
        assert_eq!((f.file_of(d), f.line_of(d)), ("m/rules/x.toml", 2));
        let layers: Vec<(usize, &str)> = f.layers().collect();
        assert_eq!(layers, [(0, "a = 1\nb = 2"), (12, "c = 3\nd = 4\n")]);
    }

    #[test]
    fn lines_are_one_based() {
        let f = SourceFile::new("x.toml", "a = 1\nb = 2\n\nc = 3");
        assert_eq!(f.line_of(0), 1);
        assert_eq!(f.line_of(6), 2);
        assert_eq!(f.line_of(13), 4);
    }
}
