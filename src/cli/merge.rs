//! `abyss merge FILES…`: join the JSON tallies of batches of one run (`sim --shard`, or
//! `sim --seeds` over ranges side by side) into the summary one batch over all their
//! seeds gives.

use super::Format;
use super::out::{Exit, say, say_raw, tell};
use crate::game::summary::{Summary, merge};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// JSON documents written by `abyss sim --format json` or `abyss cards --format json`
    /// (e.g. one per shard).
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also print how often each Non-player rule fired.
    #[arg(long, short)]
    pub verbose: bool,
}

/// The largest tally file read (a tally with per-game rows takes ~200 bytes a game).
const MAX_BYTES: u64 = 4 << 30;

fn read(path: &PathBuf) -> Result<Summary, Exit> {
    let name = path.display();
    let size = std::fs::metadata(path).map_err(|e| format!("{name}: {e}"))?.len();
    if size > MAX_BYTES {
        return Err(Exit::from(format!(
            "{name}: {size} bytes is more than a tally file holds"
        )));
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    Summary::from_json(&text).map_err(|e| Exit::from(format!("{name}: {e}")))
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
    let mut files = Vec::new();
    for p in &a.files {
        files.push((p.display().to_string(), read(p)?));
    }
    let (summary, remarks) = merge(files)?;
    for r in remarks {
        tell!("abyss: {r}");
    }
    match a.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", summary.render(a.verbose)),
    }
    Ok(if summary.clean() { 0 } else { 1 })
}
