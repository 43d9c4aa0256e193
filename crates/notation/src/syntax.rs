//! The pest parser of notation.pest, its errors made readable, and small helpers for
//! walking the parse tree.

use super::diag::{Diagnostic, one_of};
use super::{Answer, Line};
use abyss_core::kernel::Faction;
use pest::Parser;
use pest::error::{ErrorVariant, LineColLocation};

#[derive(pest_derive::Parser)]
#[grammar = "notation.pest"]
pub(crate) struct Grammar;

pub(crate) type Pair<'i> = pest::iterators::Pair<'i, Rule>;

/// Parse a whole file with an entry rule; the one top pair, or a diagnostic saying
/// where and what was expected.
pub(crate) fn parse<'i>(rule: Rule, text: &'i str, file: &str) -> Result<Pair<'i>, Diagnostic> {
    match Grammar::parse(rule, text) {
        Ok(mut pairs) => Ok(pairs.next().expect("an entry rule yields one pair")),
        Err(e) => Err(syntax_error(e, text, file)),
    }
}

fn syntax_error(e: pest::error::Error<Rule>, text: &str, file: &str) -> Diagnostic {
    let (line, col) = match e.line_col {
        LineColLocation::Pos(p) => p,
        LineColLocation::Span(p, _) => p,
    };
    let source_line = text.lines().nth(line.saturating_sub(1)).unwrap_or("").to_string();
    let found = found_at(&source_line, col);
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, negatives } => {
            let mut expected: Vec<String> = Vec::new();
            // The end of the file reads best last.
            let mut positives = positives.clone();
            positives.sort_by_key(|r| *r == Rule::EOI);
            for r in &positives {
                let d = describe(*r);
                if !expected.contains(&d) {
                    expected.push(d);
                }
            }
            if expected.is_empty() {
                let not: Vec<String> = negatives.iter().map(|r| describe(*r)).collect();
                if not.is_empty() {
                    format!("unexpected {found}")
                } else {
                    format!("unexpected {found} (not {})", one_of(&not))
                }
            } else {
                format!("expected {}, found {found}", one_of(&expected))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic {
        file: file.to_string(),
        line,
        col: Some(col),
        message,
        // A very long line is not echoed under the message.
        source_line: (source_line.len() <= 200).then_some(source_line),
    }
}

/// What stands at a column: the word there, or the end of the line.
fn found_at(line: &str, col: usize) -> String {
    let rest: String = line.chars().skip(col.saturating_sub(1)).collect();
    let rest = rest.trim_end_matches(['\r', '\n']);
    if rest.is_empty() || rest.starts_with('#') {
        return "the end of the line".into();
    }
    let tok: String = rest.chars().take_while(|c| !c.is_whitespace()).take(41).collect();
    format!("`{}`", clip(&tok))
}

/// A readable name for what a rule matches.
fn describe(r: Rule) -> String {
    let s = match r {
        Rule::EOI => "the end of the file",
        Rule::eol => "the end of the line",
        Rule::word => "a word",
        Rule::number => "a number",
        Rule::int => "a number (a margin may be negative: -3)",
        Rule::sop_box => {
            "a Sequence of Play box (eligible, ineligible, passed, 1st-event, 1st-op, 1st-op-sa, 2nd-event, 2nd-op, 2nd-op-sa, 2nd-limited-op)"
        }
        Rule::moment => "a moment (card, victory, sabotage, resources, support, redeploy, reset)",
        Rule::hash => "a content hash (16 hex digits)",
        Rule::string | Rule::text => "a quoted string",
        Rule::name | Rule::scenario_name => "a scenario name",
        Rule::faction => "a faction (govt, farc, auc, cartels)",
        Rule::seat => "a seat (factions joined by +, e.g. govt+auc)",
        Rule::yes_no => "yes or no",
        Rule::side => "unshaded or shaded",
        Rule::level => {
            "a support level (active-support, passive-support, neutral, passive-opposition, active-opposition)"
        }
        Rule::control => "govt, farc or none",
        Rule::guerrilla_state => "active or underground",
        Rule::answer => "an answer (a faction and a word)",
        Rule::test => "`test`",
        // A whole file fails at its first character: what may start it.
        Rule::record_file | Rule::magic => "`abyss-record`",
        Rule::test_file => "`test` or the end of the file",
        other => {
            let name = format!("{other:?}");
            if let Some(kw) = name.strip_prefix("kw_") {
                return format!("`{}`", kw.replace('_', "-"));
            }
            if let Some(item) = name
                .strip_prefix("c_")
                .or(name.strip_prefix("f_"))
                .or(name.strip_prefix("h_"))
            {
                return format!("`{}`", item.replace('_', "-"));
            }
            return name;
        }
    };
    s.to_string()
}

/// The file being read: its name for diagnostics, and where its lines start, so that the
/// line of a pair is a binary search rather than pest's count from the start of the file
/// (which made a file of n answers cost n² and a 200 KB record 15 s).
pub(crate) struct Src<'f> {
    pub file: &'f str,
    line_starts: Vec<usize>,
}

impl<'f> Src<'f> {
    pub fn new(file: &'f str, text: &str) -> Src<'f> {
        let line_starts = std::iter::once(0)
            .chain(
                text.bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| i + 1),
            )
            .collect();
        Src { file, line_starts }
    }

    /// The line a pair starts on.
    pub fn line(&self, p: &Pair) -> Line {
        Line(self.line_starts.partition_point(|&s| s <= p.as_span().start()))
    }

    /// A diagnostic at the line of a pair.
    pub fn at(&self, p: &Pair, message: impl Into<String>) -> Diagnostic {
        Diagnostic::at(self.file, self.line(p).0, message)
    }

    /// The value of an `int`, with a diagnostic if it does not fit.
    pub fn int(&self, p: &Pair) -> Result<i64, Diagnostic> {
        p.as_str()
            .parse::<i64>()
            .map_err(|_| self.at(p, format!("number `{}` is too large", clip(p.as_str()))))
    }

    /// The value of a `number`, with a diagnostic if it does not fit.
    pub fn number(&self, p: &Pair) -> Result<u64, Diagnostic> {
        p.as_str()
            .parse::<u64>()
            .map_err(|_| self.at(p, format!("number `{}` is too large", clip(p.as_str()))))
    }

    pub fn answer(&self, p: &Pair) -> Answer {
        let mut it = p.clone().into_inner();
        let f = faction(&it.next().expect("faction"));
        let w = it.next().expect("word").as_str().to_string();
        Answer {
            faction: f,
            word: w,
            line: self.line(p),
        }
    }
}

/// A word cut to a readable length for a message (a 10 MB word is not echoed whole).
pub(crate) fn clip(s: &str) -> String {
    const MAX: usize = 40;
    match s.char_indices().nth(MAX) {
        None => s.to_string(),
        Some((i, _)) => format!("{}… ({} bytes)", &s[..i], s.len()),
    }
}

/// Whether a rule is a keyword (`kw_…`): a table made once from the rule names.
fn is_keyword(r: Rule) -> bool {
    static KEYWORDS: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    let table = KEYWORDS.get_or_init(|| {
        let all = Rule::all_rules();
        let mut t = vec![false; all.iter().map(|&r| r as usize + 1).max().unwrap_or(0)];
        for &r in all {
            t[r as usize] = format!("{r:?}").starts_with("kw_");
        }
        t
    });
    table.get(r as usize).copied().unwrap_or(false)
}

/// The pairs inside `p`, keywords left out.
pub(crate) fn args<'i>(p: &Pair<'i>) -> Vec<Pair<'i>> {
    p.clone().into_inner().filter(|x| !is_keyword(x.as_rule())).collect()
}

/// The text of a `string`, unescaped.
pub(crate) fn string(p: &Pair) -> String {
    let inner = p.clone().into_inner().next().map(|t| t.as_str()).unwrap_or("");
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(x) => out.push(x),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

pub(crate) fn faction(p: &Pair) -> Faction {
    Faction::from_slug(p.as_str()).expect("the grammar admits only faction slugs")
}

pub(crate) fn seat(p: &Pair) -> Vec<Faction> {
    p.as_str()
        .split('+')
        .map(|w| Faction::from_slug(w).expect("the grammar admits only faction slugs"))
        .collect()
}

pub(crate) fn yes(p: &Pair) -> bool {
    p.as_str() == "yes"
}

/// A `scenario_name`: a bare name or a quoted string.
pub(crate) fn scenario_name(p: &Pair) -> String {
    let inner = p.clone().into_inner().next().expect("string or name");
    match inner.as_rule() {
        Rule::string => string(&inner),
        _ => inner.as_str().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(rule: Rule, text: &str) -> Diagnostic {
        parse(rule, text, "f").unwrap_err()
    }

    #[test]
    fn keywords_end_at_a_word_boundary() {
        let t = "test \"t\"\nsetup standard\n  momentum-modifier no_air_strike 1\n  momentum 12\nexpect\n";
        let top = parse(Rule::test_file, t, "f").unwrap();
        let rules: Vec<Rule> = top
            .into_inner()
            .next()
            .unwrap()
            .into_inner()
            .find(|p| p.as_rule() == Rule::setup)
            .unwrap()
            .into_inner()
            .map(|p| p.as_rule())
            .filter(|r| *r != Rule::eol)
            .collect();
        assert_eq!(
            rules,
            [
                Rule::kw_setup,
                Rule::scenario_name,
                Rule::c_momentum_modifier,
                Rule::c_momentum
            ]
        );
        let e = err(
            Rule::test_file,
            "test \"t\"\nsetup standard\n  placed cesar x\nexpect\n",
        );
        assert_eq!((e.line, e.col), (3, Some(3)));
    }

    #[test]
    fn comments_blank_lines_and_crlf_are_allowed_anywhere() {
        let t = "# head\r\n\r\nabyss-record 2 # magic\r\n  # indented comment\r\nscenario standard\r\nseed 1\r\nanswers\r\n\r\ngovt pass\r\n# tail";
        assert!(parse(Rule::record_file, t, "f").is_ok());
    }

    #[test]
    fn errors_list_what_was_expected_with_the_end_of_file_last() {
        let e = err(
            Rule::record_file,
            "abyss-record 2\nscenario s\nseed 1\nanswers\n42 pass\n",
        );
        assert_eq!((e.line, e.col), (5, Some(1)));
        assert_eq!(
            e.message,
            "expected a faction (govt, farc, auc, cartels), `result`, `stopped`, `end` or the end of the file, found `42`"
        );
        let e = err(Rule::record_file, "abyss-record 2\nscenario s\nseed 1 2\n");
        assert_eq!(e.message, "expected the end of the line, found `2`");
        let e = err(Rule::record_file, "abyss-record 2\nscenario s\nseed\n");
        assert_eq!(e.message, "expected a number, found the end of the line");
        let e = err(Rule::record_file, "# a record?\nhello\n");
        assert_eq!(
            (e.line, e.message.as_str()),
            (2, "expected `abyss-record`, found `hello`")
        );
        let e = err(Rule::record_file, "hello\n");
        assert_eq!(e.message, "expected `abyss-record`, found `hello`");
        let e = err(Rule::test_file, "tset \"x\"\n");
        assert_eq!(e.message, "expected `test` or the end of the file, found `tset`");
    }

    #[test]
    fn strings_unescape() {
        let top = parse(
            Rule::test_file,
            "test \"a \\\"b\\\" \\\\ c\\n\"\nsetup s\nexpect\n",
            "f",
        )
        .unwrap();
        let name = top.into_inner().next().unwrap().into_inner().nth(1).unwrap();
        assert_eq!(string(&name), "a \"b\" \\ c\n");
    }
}
