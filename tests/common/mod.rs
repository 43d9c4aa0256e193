//! Shared helpers for the integration tests: the embedded content, scenario set-ups and
//! space lookups by slug.
#![allow(dead_code)]

use abyss::content::{self, ContentFiles, Setup};
use abyss::kernel::{Ruleset, SpaceId, check_invariants};
use std::path::{Path, PathBuf};

/// A folder of its own under the system temp dir, removed when dropped, so a failing
/// assertion leaves nothing behind either.
pub struct TempDir(PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("abyss-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    pub fn path(&self) -> &Path {
        &self.0
    }
    /// Write a file at a path relative to the folder, creating its parents.
    pub fn write(&self, rel: &str, text: &str) {
        let p = self.0.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The embedded content with these files laid over it as a mod (DESIGN: a mod replaces or
/// adds files). Keep the TempDir alive while the content is read.
pub fn with_mod(tag: &str, files: &[(&str, &str)]) -> (ContentFiles, TempDir) {
    let dir = TempDir::new(tag);
    for (rel, text) in files {
        dir.write(rel, text);
    }
    let mut content = ContentFiles::embedded();
    content.overlay(dir.path()).unwrap();
    (content, dir)
}

pub fn rules() -> Ruleset {
    let mut findings = Vec::new();
    let r = content::load_ruleset(&ContentFiles::embedded(), &mut findings);
    assert!(findings.is_empty(), "{findings:?}");
    r.expect("the embedded rules load")
}

/// A scenario's set-up from the embedded content; it must be free of findings.
pub fn setup(r: &Ruleset, name: &str) -> Setup {
    let files = ContentFiles::embedded();
    let mut findings = Vec::new();
    let sc = content::load_scenario(&files, name, &mut findings)
        .unwrap()
        .expect("scenario loads");
    let (setup, more) = content::build_setup(&sc, r, 1);
    findings.extend(more);
    assert!(findings.is_empty(), "{findings:?}");
    assert!(check_invariants(&setup.state, r).is_empty());
    setup
}

pub fn sp(r: &Ruleset, slug: &str) -> SpaceId {
    r.map.find(slug).unwrap_or_else(|| panic!("no space {slug}"))
}
