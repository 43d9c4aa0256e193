//! The core audit's kernel refusals (../shared/audits/core/19-kernel.refusals, copied to
//! tests/audits/). They are written in the scenario-test notation, but each refusal comes
//! from a `setup` line, which the runner reports as the test's error rather than matching
//! `expect error`; so they live outside tests/scenarios and are checked here: each test
//! must stop at its setup with the refusal its `expect error` line names.

use abyss::content::ContentFiles;
use abyss::notation::suite::Runner;

#[test]
fn the_kernel_refuses_what_the_audit_says() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/audits/core-19-kernel.refusals");
    let text = std::fs::read_to_string(path).unwrap();
    let expected: Vec<String> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("expect error "))
        .map(|q| q.trim_matches('"').to_string())
        .collect();
    let files = ContentFiles::embedded();
    let mut runner = Runner::new(&files).unwrap();
    let reports = runner.run_file("core-19-kernel.refusals", &text).unwrap();
    assert_eq!(reports.len(), expected.len(), "one `expect error` per test");
    for (r, want) in reports.iter().zip(&expected) {
        let got: Vec<&str> = r.failures.iter().map(|d| d.message.as_str()).collect();
        assert!(
            got.iter().any(|m| m.contains(want.as_str())),
            "{}: expected the refusal \"{want}\", got {got:?}",
            r.name
        );
    }
}
