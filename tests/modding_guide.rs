//! docs/modding.md's first commands work as written, on a fresh folder: the modder's loop
//! is what a new modder runs first, so it is run here line by line.

mod common;
use std::process::Command;

/// The commands of the guide's "The loop" block, without comments.
fn the_loop() -> Vec<String> {
    let guide =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/modding.md")).unwrap();
    let start = guide.find("## The loop").expect("a section `The loop`");
    let block = &guide[start..];
    let open = block.find("```sh\n").expect("a sh block") + 6;
    let close = block[open..].find("```").unwrap() + open;
    block[open..close]
        .lines()
        .map(|l| l.split(" #").next().unwrap().trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn the_modders_loop_runs_as_written() {
    let dir = common::TempDir::new("modding-guide");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The test file the guide's `abyss test` line names.
    dir.write(
        "my-cards.test",
        "test \"8 shaded: Government Resources -9\"\nsetup standard\n  deck 8 1\nplay\n  govt event-shaded\nexpect\n  resources govt 31\n",
    );
    let mut ran = 0;
    for line in the_loop() {
        let line = line.replace("/tmp/mymod", &dir.path().join("mymod").display().to_string());
        let words: Vec<&str> = line.split_whitespace().collect();
        let mut cmd = match words[0] {
            // The modder edits the card: here, a change of the shaded side's amount.
            "$EDITOR" => {
                let card = dir.path().join("mymod/events/008_fuerza_aerea_colombiana.lua");
                let text = std::fs::read_to_string(&card).expect("the guide copied the card first");
                assert!(text.contains("-9"), "{text}");
                continue;
            }
            "abyss" => Command::new(env!("CARGO_BIN_EXE_abyss")),
            other => Command::new(other),
        };
        // The guide's folder may not exist yet: its first command must make it.
        let out = cmd.args(&words[1..]).current_dir(root).output().unwrap();
        let shown = format!(
            "`{line}` failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let my_test = words.contains(&"my-cards.test");
        let out = if my_test {
            Command::new(env!("CARGO_BIN_EXE_abyss"))
                .args(&words[1..])
                .current_dir(dir.path())
                .output()
                .unwrap()
        } else {
            out
        };
        assert!(out.status.success(), "{shown}");
        ran += 1;
    }
    assert!(ran >= 5, "the loop has its commands ({ran})");
}

#[test]
fn the_guides_example_space_exists() {
    let guide =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/modding.md")).unwrap();
    let r = common::rules();
    for word in guide.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
        if word.starts_with("loc_") {
            assert!(
                r.map.find(word).is_some(),
                "docs/modding.md names `{word}`, which is no space"
            );
        }
    }
}
