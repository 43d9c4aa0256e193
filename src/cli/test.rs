//! `abyss test [PATH]`: run scenario tests (tests/scenarios/*.test by default). The
//! results as text, as one JSON object (`--format json`), and as a JUnit XML file for CI
//! (`--junit FILE`).

use super::Format;
use super::out::{Exit, say};
use crate::game::describe::{printable, printable_lines};
use crate::notation::Diagnostic;
use crate::notation::suite::{SuiteResult, TestReport, run_path};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// A test file, or a folder whose *.test files are run (not its sub-folders).
    #[arg(default_value = "tests/scenarios")]
    pub path: PathBuf,
    /// Output format: one line per test, or one JSON object.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also write the results to FILE as JUnit XML (one <testsuite> per test file), for CI.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

/// Print one line per test, the problems of failing ones, and a summary.
pub fn print(result: &SuiteResult) {
    for d in &result.broken_files {
        say!("FAILED to parse {}", printable_lines(&d.with_excerpt()));
    }
    for r in &result.reports {
        let at = format!("{}:{}", r.file, r.line);
        match r.failures.split_first() {
            None => say!("ok      {} ({at})", r.name),
            Some((first, rest)) => {
                say!(
                    "FAILED  {} ({at}): {}",
                    printable(&r.name),
                    printable_lines(&first.to_string())
                );
                for d in rest {
                    say!("        {}", printable_lines(&d.to_string()));
                }
            }
        }
    }
    let failed = failed(result);
    let mut summary = format!(
        "{} tests: {} passed, {failed} failed",
        result.reports.len(),
        result.reports.len() - failed
    );
    if !result.broken_files.is_empty() {
        summary.push_str(&format!("; {} files did not parse", result.broken_files.len()));
    }
    say!("{summary}");
}

fn failed(result: &SuiteResult) -> usize {
    result.reports.iter().filter(|r| !r.passed()).count()
}

fn diagnostic_json(d: &Diagnostic) -> serde_json::Value {
    serde_json::json!({"file": d.file, "line": d.line, "col": d.col, "message": d.message})
}

/// The results as one JSON object: `ok` (every test passed and every file parsed), the
/// counts, the files that did not parse, and each test with its failures.
pub fn to_json(result: &SuiteResult, content: &str) -> serde_json::Value {
    let failed = failed(result);
    let tests: Vec<serde_json::Value> = result
        .reports
        .iter()
        .map(|r| {
            serde_json::json!({
                "name": r.name,
                "file": r.file,
                "line": r.line,
                "passed": r.passed(),
                "failures": r.failures.iter().map(diagnostic_json).collect::<Vec<_>>(),
            })
        })
        .collect();
    serde_json::json!({
        "content": content,
        "ok": result.passed(),
        "total": result.reports.len(),
        "passed": result.reports.len() - failed,
        "failed": failed,
        "broken_files": result.broken_files.iter().map(diagnostic_json).collect::<Vec<_>>(),
        "tests": tests,
    })
}

/// Text as XML character data or an attribute value: the five special characters
/// escaped, and the characters XML 1.0 cannot carry (control characters but tab and line
/// breaks) left out, so that any test name or message gives a well-formed file.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

/// The results as a JUnit XML document: one <testsuite> per test file, in the order the
/// files ran, and one per file that did not parse (its <testcase> an <error>). No times:
/// the same tests give the same file.
pub fn to_junit(result: &SuiteResult) -> String {
    let mut files: Vec<(&str, Vec<&TestReport>)> = Vec::new();
    for r in &result.reports {
        match files.iter_mut().find(|(f, _)| *f == r.file) {
            Some((_, list)) => list.push(r),
            None => files.push((&r.file, vec![r])),
        }
    }
    let failed = failed(result);
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s += &format!(
        "<testsuites name=\"abyss test\" tests=\"{}\" failures=\"{failed}\" errors=\"{}\">\n",
        result.reports.len() + result.broken_files.len(),
        result.broken_files.len()
    );
    for (file, reports) in &files {
        let failures = reports.iter().filter(|r| !r.passed()).count();
        s += &format!(
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" errors=\"0\">\n",
            xml(file),
            reports.len()
        );
        for r in reports {
            let open = format!(
                "    <testcase name=\"{}\" classname=\"{}\" file=\"{}\" line=\"{}\"",
                xml(&r.name),
                xml(file),
                xml(file),
                r.line
            );
            match r.failures.first() {
                None => s += &format!("{open}/>\n"),
                Some(first) => {
                    let all: Vec<String> = r.failures.iter().map(|d| d.to_string()).collect();
                    s += &format!(
                        "{open}>\n      <failure message=\"{}\" type=\"expectation\">{}</failure>\n    </testcase>\n",
                        xml(&first.to_string()),
                        xml(&all.join("\n"))
                    );
                }
            }
        }
        s += "  </testsuite>\n";
    }
    for d in &result.broken_files {
        s += &format!(
            "  <testsuite name=\"{}\" tests=\"1\" failures=\"0\" errors=\"1\">\n    <testcase name=\"(the file)\" classname=\"{}\" file=\"{}\" line=\"{}\">\n      <error message=\"{}\" type=\"parse\">{}</error>\n    </testcase>\n  </testsuite>\n",
            xml(&d.file),
            xml(&d.file),
            xml(&d.file),
            d.line,
            xml(&d.to_string()),
            xml(&d.with_excerpt())
        );
    }
    s += "</testsuites>\n";
    s
}

pub fn run(a: Args) -> Result<i32, Exit> {
    if !a.path.exists() {
        return Err(format!("{}: no such file or folder", a.path.display()).into());
    }
    let files = a.content.files()?;
    let result = run_path(&a.path, &files)?;
    if let Some(path) = &a.junit {
        std::fs::write(path, to_junit(&result))
            .map_err(|e| format!("writing the JUnit report {}: {e}", path.display()))?;
    }
    match a.format {
        Format::Text => print(&result),
        Format::Json => say!(
            "{}",
            serde_json::to_string_pretty(&to_json(&result, &files.origin)).map_err(|e| e.to_string())?
        ),
    }
    Ok(if result.passed() { 0 } else { 1 })
}
