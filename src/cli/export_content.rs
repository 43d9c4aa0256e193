//! `abyss export-content DIR`: write the content compiled into the binary (rules/,
//! scenarios/, events/ with events/lib/) to a folder, so that a user who installed abyss
//! with `cargo install` has the files to read, copy into a mod, or change and load with
//! `--content DIR`.

use super::out::{Exit, say};
use crate::content::ContentFiles;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    /// The folder to write into (made if missing).
    pub dir: PathBuf,
    /// Overwrite files of the same names already in the folder (other files are left).
    #[arg(long)]
    pub force: bool,
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let content = ContentFiles::embedded();
    if a.dir.exists() && !a.dir.is_dir() {
        return Err(format!("{}: not a folder", a.dir.display()).into());
    }
    // Every file is checked before any is written: a refusal leaves the folder as it was.
    let existing: Vec<String> = content
        .files
        .keys()
        .map(|rel| a.dir.join(rel))
        .filter(|p| p.symlink_metadata().is_ok())
        .map(|p| p.display().to_string())
        .collect();
    if !existing.is_empty() && !a.force {
        let shown: Vec<&str> = existing.iter().take(3).map(String::as_str).collect();
        return Err(format!(
            "{} of the content's files already exist ({}{}): nothing written; give --force to overwrite them, or another folder",
            existing.len(),
            shown.join(", "),
            if existing.len() > shown.len() { ", …" } else { "" }
        )
        .into());
    }
    for (rel, text) in &content.files {
        let path = a.dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    let count = |folder: &str| content.files.keys().filter(|p| p.starts_with(folder)).count();
    say!(
        "wrote {} files to {} (rules/ {}, scenarios/ {}, events/ {}){}",
        content.files.len(),
        a.dir.display(),
        count("rules/"),
        count("scenarios/"),
        count("events/"),
        if existing.is_empty() {
            String::new()
        } else {
            format!(", {} of them over files already there", existing.len())
        }
    );
    say!(
        "Copy the files you change into a mod folder and use `--mod MOD` (a mod's rules tables need only the entries \
         they change: docs/modding.md), or change them here and use `--content {}`.",
        a.dir.display()
    );
    Ok(super::out::CLEAN)
}
