//! Shared helpers for the integration tests: the embedded content, scenario set-ups and
//! space lookups by slug.
#![allow(dead_code)]

use abyss::content::{self, ContentFiles, Setup};
use abyss::kernel::{Ruleset, SpaceId, check_invariants};

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
