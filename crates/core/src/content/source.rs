//! Where content comes from: the folder embedded in the binary at build time, or a
//! folder on disk (`--content DIR`), so that edited content needs no rebuild.

use super::findings::{Finding, SourceFile};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_content.rs"));
}

/// The content files by relative path ("rules/map.toml", "scenarios/standard.toml", ...).
pub struct ContentFiles {
    /// Where they came from, for messages.
    pub origin: String,
    pub files: BTreeMap<String, String>,
    /// Files of the folder that were not read, each with the finding that says why: not
    /// UTF-8 text, unreadable, or a symbolic link that leads outside the folder (a shared
    /// mod must not make abyss read a file the user did not give it). Whatever needs such
    /// a file reports its finding; `abyss validate` reports them all.
    pub refused: BTreeMap<String, Finding>,
    /// Mods' files laid over `files` by key rather than replacing them (the rules tables,
    /// `super::layers`), by path, the lowest first.
    pub layers: BTreeMap<String, Vec<Layer>>,
}

/// A mod's file laid over the content's file of the same path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// The name findings give it: its path in the mod folder as given (`mymod/rules/cards.toml`).
    pub name: String,
    pub text: String,
    /// It says `replace = true`: the content's file, and the layers under it, are not read.
    pub replaces: bool,
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
            refused: BTreeMap::new(),
            layers: BTreeMap::new(),
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
        let root = dir.canonicalize().map_err(|e| format!("{}: {e}", dir.display()))?;
        let mut walk = Walk {
            root,
            visited: BTreeSet::new(),
            files: BTreeMap::new(),
            refused: BTreeMap::new(),
        };
        walk.visited.insert(walk.root.clone());
        for sub in ["rules", "scenarios", "events"] {
            let path = walk.root.join(sub);
            walk.entry(&path, sub.to_string(), 0)?;
        }
        Ok(ContentFiles {
            origin: dir.display().to_string(),
            files: walk.files,
            refused: walk.refused,
            layers: BTreeMap::new(),
        })
    }

    /// Lay a mod folder over this content: its files replace or add to ours, but for
    /// the rules tables, which it lays over ours by key (`super::layers`).
    pub fn overlay(&mut self, dir: &Path) -> Result<(), String> {
        let m = ContentFiles::from_dir(dir)?;
        if m.files.is_empty() && m.refused.is_empty() {
            return Err(format!(
                "{}: no rules/, scenarios/ or events/ files to overlay",
                dir.display()
            ));
        }
        self.origin = format!("{} + {}", self.origin, m.origin);
        // A mod's file replaces ours even when it could not be read: its finding stands in
        // for it, rather than our file silently taking its place.
        for path in m.files.keys() {
            self.refused.remove(path);
        }
        for path in m.refused.keys() {
            self.files.remove(path);
            self.layers.remove(path);
        }
        for (path, text) in m.files {
            if super::layers::LAYERED_FILES.contains(&path.as_str()) && self.files.contains_key(&path) {
                let name = format!("{}/{path}", m.origin.trim_end_matches('/'));
                let replaces = super::layers::replaces(&text);
                self.layers
                    .entry(path)
                    .or_default()
                    .push(Layer { name, text, replaces });
            } else {
                self.layers.remove(&path);
                self.files.insert(path, text);
            }
        }
        self.refused.extend(m.refused);
        Ok(())
    }

    /// A fingerprint of the whole content: FNV-1a 64 over every file's path and text in
    /// path order, so game records can tell whether they are replayed on the same rules.
    /// The board picture's layout is left out: moving a space on the picture changes no game.
    pub fn hash(&self) -> u64 {
        const PRIME: u64 = 0x0000_0100_0000_01B3;
        let mut h: u64 = 0xCBF2_9CE4_8422_2325;
        for (path, text) in self.files.iter().filter(|(p, _)| *p != super::LAYOUT_FILE) {
            // A 0 byte after each part keeps ("ab", "c") apart from ("a", "bc"); a mod's
            // layers follow their file, each after a 1 byte (content without layers
            // keeps the hash it always had). Not the layers' names: where a mod folder
            // lies changes no game.
            let layers = self.layers.get(path).into_iter().flatten();
            let bytes = path.bytes().chain([0]).chain(text.bytes()).chain([0]);
            for b in bytes.chain(layers.flat_map(|l| [1].into_iter().chain(l.text.bytes()).chain([0]))) {
                h ^= b as u64;
                h = h.wrapping_mul(PRIME);
            }
        }
        h
    }

    /// A file of the content, with the mods' layers laid over it when it has some.
    pub fn get(&self, path: &str) -> Option<SourceFile> {
        let text = self.files.get(path)?;
        let layers = self.layers.get(path).map_or(&[][..], Vec::as_slice);
        if layers.is_empty() {
            return Some(SourceFile::new(path, text.clone()));
        }
        // From the last layer that replaces what is under it: a finding about the whole
        // file then names that layer, not a file that was not read.
        let from = layers.iter().rposition(|l| l.replaces);
        let mut all = Vec::new();
        if from.is_none() {
            all.push((path.to_string(), text.clone()));
        }
        all.extend(
            layers[from.unwrap_or(0)..]
                .iter()
                .map(|l| (l.name.clone(), l.text.clone())),
        );
        Some(SourceFile::layered(path, all))
    }

    /// Why a file of the folder was not read, if it was refused.
    pub fn refusal(&self, path: &str) -> Option<&Finding> {
        self.refused.get(path)
    }

    /// Files directly in a folder with an extension, by name (refused ones included, so
    /// that whoever lists them reports why they could not be read).
    pub fn in_folder<'a>(&'a self, folder: &'a str, ext: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        let mut all: Vec<&'a str> = self
            .files
            .keys()
            .chain(self.refused.keys())
            .map(String::as_str)
            .collect();
        all.sort_unstable();
        all.into_iter().filter(move |p| {
            p.strip_prefix(folder)
                .and_then(|r| r.strip_prefix('/'))
                .is_some_and(|r| !r.contains('/') && r.ends_with(ext))
        })
    }
}

/// How deep folders may nest under rules/, scenarios/ or events/ (events/lib/x.lua is 1
/// deep): content needs no more, and a deeper folder is a finding rather than a walk
/// whose every path grows with the depth.
pub const MAX_FOLDER_DEPTH: usize = 16;

/// A walk of a content folder on disk. Each folder's real path is its parent's joined
/// with its name, and only a symbolic link is resolved (once, where it is met): the walk
/// costs a few system calls per entry whatever the depth, where resolving every path
/// cost one `readlink` per level of it, for every entry.
struct Walk {
    /// The folder, symbolic links resolved: nothing outside it is read.
    root: PathBuf,
    /// Folders already walked (by their resolved path), so a link back up ends the walk.
    visited: BTreeSet<PathBuf>,
    files: BTreeMap<String, String>,
    refused: BTreeMap<String, Finding>,
}

impl Walk {
    fn refuse(&mut self, rel: &str, line: usize, code: &'static str, message: String) {
        let f = Finding {
            file: rel.to_string(),
            line,
            code,
            message,
        };
        self.refused.insert(rel.to_string(), f);
    }

    /// Take one entry: a folder is walked, a .toml or .lua file read; `path` is where it
    /// is, its parent folder resolved, and `rel` its path in the content
    /// ("events/lib/x.lua"), `depth` folders below rules/, scenarios/ or events/.
    fn entry(&mut self, path: &Path, rel: String, depth: usize) -> Result<(), String> {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            return Ok(()); // rules/, scenarios/ or events/ may be absent from a mod
        };
        let is_content = |r: &str| r.ends_with(".toml") || r.ends_with(".lua");
        let mut real = path.to_path_buf();
        let mut kind = meta.file_type();
        if kind.is_symlink() {
            match path.canonicalize() {
                Ok(target) if target.starts_with(&self.root) => {
                    kind = match std::fs::metadata(&target) {
                        Ok(m) => m.file_type(),
                        Err(_) => return Ok(()),
                    };
                    real = target;
                }
                Ok(target) => {
                    if target.is_dir() || is_content(&rel) {
                        self.refuse(
                            &rel,
                            0,
                            "symlink-outside",
                            format!(
                                "a symbolic link to {}, outside the content folder: not read (copy the file into the folder)",
                                target.display()
                            ),
                        );
                    }
                    return Ok(());
                }
                Err(e) => {
                    if is_content(&rel) {
                        self.refuse(
                            &rel,
                            0,
                            "unreadable-file",
                            format!("a symbolic link that leads nowhere: {e}"),
                        );
                    }
                    return Ok(());
                }
            }
        }
        if kind.is_dir() {
            if depth > MAX_FOLDER_DEPTH {
                self.refuse(
                    &rel,
                    0,
                    "folder-too-deep",
                    format!(
                        "a folder nested more than {MAX_FOLDER_DEPTH} deep: not read (move its files nearer the top)"
                    ),
                );
                return Ok(());
            }
            if !self.visited.insert(real.clone()) {
                return Ok(()); // a link back to a folder already walked
            }
            let entries = std::fs::read_dir(&real).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut names: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.file_name())).collect();
            names.sort();
            for name in names {
                let child_rel = format!("{rel}/{}", name.to_string_lossy());
                self.entry(&real.join(&name), child_rel, depth + 1)?;
            }
        } else if is_content(&rel) {
            // Only regular files are opened: a FIFO would block the walk, a device never
            // end (findings::read_text).
            match super::findings::read_text(&real, super::findings::MAX_CONTENT_BYTES, "a content file", true) {
                Ok(text) => {
                    self.files.insert(rel, text);
                }
                Err(u) => self.refuse(&rel, u.line, u.code, u.message),
            }
        }
        Ok(())
    }
}
