//! Embeds the default content (rules/, scenarios/, events/) into the binary, so that
//! `abyss` runs anywhere; `--content DIR` reads a folder instead.

use std::fs;
use std::path::{Path, PathBuf};

fn main() {
    // The content lives at the top of the repository, two folders above this crate.
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("../..");
    let root = root.canonicalize().unwrap_or(root);
    let mut files = Vec::new();
    for sub in ["rules", "scenarios", "events"] {
        let dir = root.join(sub);
        // A folder makes cargo rerun this script when anything below it changes.
        println!("cargo:rerun-if-changed={}", dir.display());
        collect(&root, &dir, &mut files);
    }
    files.sort();
    let mut out = String::from("pub static FILES: &[(&str, &str)] = &[\n");
    for (rel, abs) in files {
        out.push_str(&format!("    ({rel:?}, include_str!({abs:?})),\n"));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").unwrap()).join("embedded_content.rs");
    fs::write(dest, out).unwrap();
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(root, &p, out);
        } else if p.extension().is_some_and(|x| x == "toml" || x == "lua") {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, p.to_string_lossy().into_owned()));
        }
    }
}
