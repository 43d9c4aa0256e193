//! `abyss test [PATH]`: run scenario tests (tests/scenarios/*.test by default).

use super::out::{Exit, say};
use crate::game::describe::{printable, printable_lines};
use crate::notation::suite::{SuiteResult, run_path};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// A test file, or a folder whose *.test files are run (not its sub-folders).
    #[arg(default_value = "tests/scenarios")]
    pub path: PathBuf,
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
    let failed = result.reports.iter().filter(|r| !r.passed()).count();
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

pub fn run(a: Args) -> Result<i32, Exit> {
    if !a.path.exists() {
        return Err(format!("{}: no such file or folder", a.path.display()).into());
    }
    let files = a.content.files()?;
    let result = run_path(&a.path, &files)?;
    print(&result);
    Ok(if result.passed() { 0 } else { 1 })
}
