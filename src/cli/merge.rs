//! `abyss merge FILES…`: join the JSON documents of parts of one run (`sim --shard`,
//! `balance --shard` or `cards --shard`, or `--seeds` ranges side by side) into the summary one run over all
//! their seeds gives. The files' `format` says which kind they are; all must be one kind.

use super::Format;
use super::out::{Exit, say, say_raw, tell};
use crate::balance::{self, Balance};
use crate::game::summary::{self, Summary};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// JSON documents written by `abyss sim`, `abyss balance` or `abyss cards` with
    /// `--format json` (e.g. one per shard).
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also print how often each Non-player rule fired (sim documents).
    #[arg(long, short)]
    pub verbose: bool,
    /// Balance documents: also write the merged report as an HTML page.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

/// The largest tally file read (a tally with per-game rows takes ~200 bytes a game).
const MAX_BYTES: u64 = 4 << 30;

/// A document read from a file, by kind.
enum Doc {
    Sim(Box<Summary>),
    Balance(Box<Balance>),
}

fn read(path: &PathBuf) -> Result<Doc, Exit> {
    let name = path.display();
    let size = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?.len();
    if size > MAX_BYTES {
        return Err(Exit::from(format!(
            "{name}: {size} bytes is more than a tally file holds"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{name}: not JSON: {e}"))?;
    let doc = match v.get("format").and_then(|f| f.as_str()) {
        // Another version of the balance format is refused by `from_value`, by name.
        Some(f) if f.starts_with("abyss-balance") => Balance::from_value(&v).map(|b| Doc::Balance(Box::new(b))),
        _ => Summary::from_json(&text).map(|s| Doc::Sim(Box::new(s))),
    };
    doc.map_err(|e| Exit::from(format!("{name}: {e}")))
}

/// The `format` a JSON document names, if it can be read.
fn format_of(path: &PathBuf) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Head {
        format: String,
    }
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str::<Head>(&text).ok().map(|h| h.format)
}

pub fn run(a: Args) -> Result<i32, Exit> {
    // Parts of an `abyss cards` run merge into its report.
    if a.files.first().and_then(format_of).as_deref() == Some(crate::game::impact::FORMAT) {
        let mut files = Vec::new();
        for p in &a.files {
            files.push((p.display().to_string(), super::cards::read(p)?));
        }
        let doc = crate::game::impact::merge(files)?;
        return super::cards::print(&doc, a.format, None, false);
    }
    let mut sims = Vec::new();
    let mut balances = Vec::new();
    for p in &a.files {
        let name = p.display().to_string();
        match read(p)? {
            Doc::Sim(s) => sims.push((name, *s)),
            Doc::Balance(b) => balances.push((name, *b)),
        }
    }
    if let (Some((s, _)), Some((b, _))) = (sims.first(), balances.first()) {
        return Err(Exit::from(format!(
            "{s} is a sim document and {b} a balance document: merge the parts of one run at a time"
        )));
    }
    if !balances.is_empty() {
        let merged = balance::merge(balances)?;
        return super::balance::emit(&merged, a.format, a.html.as_deref());
    }
    if a.html.is_some() {
        return Err(Exit::from(
            "--html draws a balance report: these are sim documents (`abyss balance --format json` writes balance ones)",
        ));
    }
    let (summary, remarks) = summary::merge(sims)?;
    for r in remarks {
        tell!("abyss: {r}");
    }
    match a.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", summary.render(a.verbose)),
    }
    Ok(if summary.clean() { 0 } else { 1 })
}
