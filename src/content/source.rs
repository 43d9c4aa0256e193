//! Where content comes from: the folder embedded in the binary at build time, or a
//! folder on disk (`--content DIR`), so that edited content needs no rebuild.

use super::findings::SourceFile;
use std::collections::BTreeMap;
use std::path::Path;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_content.rs"));
}

/// The content files by relative path ("rules/map.toml", "scenarios/standard.toml", ...).
pub struct ContentFiles {
    /// Where they came from, for messages.
    pub origin: String,
    pub files: BTreeMap<String, String>,
}

impl ContentFiles {
    /// The default content, compiled into the binary.
    pub fn embedded() -> ContentFiles {
        let files = embedded::FILES
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        ContentFiles {
            origin: "embedded content".into(),
            files,
        }
    }

    /// A content folder on disk: its rules/, scenarios/ and events/ files.
    pub fn from_dir(dir: &Path) -> Result<ContentFiles, String> {
        if !dir.is_dir() {
            return Err(format!(
                "{}: not a content folder (expected rules/, scenarios/, events/ inside)",
                dir.display()
            ));
        }
        let mut files = BTreeMap::new();
        for sub in ["rules", "scenarios", "events"] {
            collect(dir, &dir.join(sub), &mut files)?;
        }
        Ok(ContentFiles {
            origin: dir.display().to_string(),
            files,
        })
    }

    /// Lay a mod folder over this content: its files replace or add to ours.
    pub fn overlay(&mut self, dir: &Path) -> Result<(), String> {
        let m = ContentFiles::from_dir(dir)?;
        if m.files.is_empty() {
            return Err(format!(
                "{}: no rules/, scenarios/ or events/ files to overlay",
                dir.display()
            ));
        }
        self.origin = format!("{} + {}", self.origin, m.origin);
        self.files.extend(m.files);
        Ok(())
    }

    /// A fingerprint of the whole content: FNV-1a 64 over every file's path and text in
    /// path order, so game records can tell whether they are replayed on the same rules.
    /// The board picture's layout is left out: moving a space on the picture changes no game.
    pub fn hash(&self) -> u64 {
        const PRIME: u64 = 0x0000_0100_0000_01B3;
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        for (path, text) in self.files.iter().filter(|(p, _)| *p != super::LAYOUT_FILE) {
            // A 0 byte after each part keeps ("ab", "c") apart from ("a", "bc").
            for b in path.bytes().chain([0]).chain(text.bytes()).chain([0]) {
                h ^= b as u64;
                h = h.wrapping_mul(PRIME);
            }
        }
        h
    }

    pub fn get(&self, path: &str) -> Option<SourceFile> {
        self.files.get(path).map(|t| SourceFile::new(path, t.clone()))
    }

    /// Files directly in a folder with an extension, by name.
    pub fn in_folder<'a>(&'a self, folder: &'a str, ext: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.files.keys().map(String::as_str).filter(move |p| {
            p.strip_prefix(folder)
                .and_then(|r| r.strip_prefix('/'))
                .is_some_and(|r| !r.contains('/') && r.ends_with(ext))
        })
    }
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<String, String>) -> Result<(), String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(());
    };
    let mut paths: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect(root, &p, out)?;
        } else if p.extension().is_some_and(|e| e == "toml" || e == "lua") {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let rel = p.strip_prefix(root).unwrap_or(&p).to_string_lossy().replace('\\', "/");
            out.insert(rel, text);
        }
    }
    Ok(())
}
