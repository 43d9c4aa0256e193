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

/// A game from a set-up with a fixed deck, answering from `answers` — one answer per line,
/// `faction word` (e.g. "govt sweep", "govt cesar", "farc 2") — until they run out. The
/// game stops at the first question after the last answer (Err(Stop::Diverged) saying
/// "the record ends"), or at its end. Questions with a single option are answered by the
/// engine and take no line.
pub fn play_answers<'r>(
    r: &'r Ruleset,
    setup: Setup,
    deck: &[u8],
    answers: &str,
) -> (abyss::game::Game<'r>, Result<abyss::game::Outcome, abyss::game::Stop>) {
    use abyss::game::{Choice, Game, playout::Replay};
    use abyss::kernel::Faction;
    let list: Vec<(Faction, Choice)> = answers
        .lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (f, w) = l
                .split_once(' ')
                .unwrap_or_else(|| panic!("`{l}`: expected `faction answer`"));
            let f = Faction::from_slug(f).unwrap_or_else(|| panic!("`{l}`: unknown faction"));
            let c = Choice::parse(w.trim(), r).unwrap_or_else(|| panic!("`{l}`: unknown answer"));
            (f, c)
        })
        .collect();
    let mut game = Game::new(r, setup, deck.to_vec(), Replay::agents(list));
    game.check_every_decision = true;
    let result = game.play();
    (game, result)
}

/// The play stopped because the answers ran out (the normal end of a scripted test).
pub fn ran_out(result: &Result<abyss::game::Outcome, abyss::game::Stop>) -> bool {
    matches!(result, Err(abyss::game::Stop::Diverged(m)) if m.contains("the record ends"))
}

/// An empty board with Resources, for tests that build a position from nothing: the
/// standard set-up's tracks and seating, with every piece Available and every space
/// Neutral.
pub fn empty_setup(r: &Ruleset) -> Setup {
    let mut s = setup(r, "standard");
    let seed_state = abyss::kernel::State::empty(r, 1);
    let (res, aid, pres) = (
        abyss::kernel::Faction::ALL.map(|f| s.state.resources(f)),
        s.state.aid(),
        s.state.president(),
    );
    s.state = seed_state;
    for f in abyss::kernel::Faction::ALL {
        s.state.add_resources(r, f, res[f.index()] as i16).unwrap();
    }
    s.state.add_aid(r, aid as i16).unwrap();
    s.state.set_president(r, pres).unwrap();
    s
}
