//! A mod's rules tables are laid over the content's by key (issue 26 §3): a mod with one
//! `[[card]]` changes that card and nothing else, a mod's `[[space]]` one space; findings
//! name the file a value was written in (the mod's or the content's) and its line there;
//! `replace = true` replaces the content's whole file or entry; the content hash follows
//! every change.

mod common;

use abyss::cli::validate;
use abyss::content::{self, ContentFiles};
use common::with_mod;
use std::process::Command;

const CARD_14: &str = "# Card 14 says something else in this mod.\n[[card]]\nnumber = 14\nunshaded = \"Forward base: Government places 1 Base and 2 Troops into any Department.\"\n";

fn abyss(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_abyss")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn a_mod_with_one_card_changes_that_card_field_by_field_and_nothing_else() {
    let (files, _dir) = with_mod("one-card", &[("rules/cards.toml", CARD_14)]);
    let report = validate::check(&files, None).unwrap();
    assert!(report.ok, "{:#?}", report.findings);
    let mut findings = Vec::new();
    let mine = content::load_ruleset(&files, &mut findings).unwrap();
    let base = common::rules();
    let c = mine.card(14).unwrap();
    assert!(c.unshaded.contains("2 Troops"), "{}", c.unshaded);
    // The fields the mod does not give are the content's.
    let b = base.card(14).unwrap();
    assert_eq!(
        (&c.title, &c.slug, &c.order, &c.shaded),
        (&b.title, &b.slug, &b.order, &b.shaded)
    );
    assert_eq!(mine.cards.len(), base.cards.len());
    for (m, b) in mine.cards.iter().zip(&base.cards).filter(|(m, _)| m.number != 14) {
        assert_eq!((m.number, &m.unshaded), (b.number, &b.unshaded));
    }
    // The content hash follows the change.
    assert_ne!(files.hash(), ContentFiles::embedded().hash());
    let (again, _dir2) = with_mod("one-card-again", &[("rules/cards.toml", CARD_14)]);
    assert_eq!(again.hash(), files.hash(), "where the mod folder lies changes no game");
}

#[test]
fn abyss_event_shows_the_mods_card_text() {
    let dir = common::TempDir::new("event-card-text");
    dir.write("rules/cards.toml", CARD_14);
    let m = dir.path().to_string_lossy().into_owned();
    let (code, out, err) = abyss(&["validate", "--mod", &m]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = abyss(&["event", "14", "--mod", &m, "--answers", "cesar"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Forward base: Government places 1 Base and 2 Troops into any Department."),
        "{out}"
    );
}

#[test]
fn a_bad_field_of_a_mods_card_is_reported_at_the_mods_file_and_line() {
    let text = "[[card]]\nnumber = 14\norder = [\"govt\", \"farc\", \"auc\", \"narcos\"]\n\n[[card]]\nnumber = 80\ntitle = \"New\"\nslug = \"new\"\nkind = \"event\"\norder = [\"govt\", \"farc\", \"auc\", \"cartels\"]\nsingle = true\nunshaded = \"x\"\ntitel = \"typo\"\n";
    let (files, dir) = with_mod("bad-card", &[("rules/cards.toml", text)]);
    let report = validate::check(&files, None).unwrap();
    let name = format!("{}/rules/cards.toml", dir.path().display());
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [
            format!("{name}:13: unknown-key: unknown key `titel` (did you mean `title`?)"),
            format!(
                "{name}:2: bad-card: card 14: order entry `narcos` is not a distinct faction (govt, farc, auc, cartels)"
            ),
            format!("{name}:2: bad-card: card 14: an Event card needs the 4 Factions in its order (2.3.2)"),
        ]
    );
}

#[test]
fn a_finding_in_the_contents_part_of_a_layered_file_names_the_contents_file() {
    // The mod's Vaupés no longer lists Guainía as adjacent; Guainía, the content's, still
    // lists Vaupés: the one-way edge is reported where the content lists it.
    let text = "[[space]]\nid = \"vaupes\"\nadjacent = [\"amazonas\", \"guaviare\", \"putumayo\"]\n";
    let (files, dir) = with_mod("one-space", &[("rules/map.toml", text)]);
    let report = validate::check(&files, None).unwrap();
    let map = &ContentFiles::embedded().files["rules/map.toml"];
    let guainia = map.find("id = \"guainia\"").unwrap();
    let adjacent = guainia + map[guainia..].find("adjacent").unwrap();
    let line = 1 + map[..adjacent].matches('\n').count();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "rules/map.toml:{line}: asymmetric-adjacency: `guainia` lists `vaupes` as adjacent, but `vaupes` does not list `guainia`"
        )]
    );
    assert!(!got[0].contains(&dir.path().display().to_string()));
}

#[test]
fn replace_true_replaces_the_whole_file_or_one_entry() {
    // A whole forces table of the mod's own: the content's is not read, so a piece the mod
    // leaves out is missing, reported at the mod's file.
    let forces = ContentFiles::embedded().files["rules/forces.toml"].replacen(
        "[[piece]]\nfaction = \"govt\"\nkind = \"troops\"\ncount = 30\n",
        "",
        1,
    );
    let (files, dir) = with_mod(
        "replace-file",
        &[("rules/forces.toml", &format!("replace = true\n{forces}"))],
    );
    let report = validate::check(&files, None).unwrap();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "{}/rules/forces.toml:1: missing-piece: no [[piece]] for Troops",
            dir.path().display()
        )]
    );
    // One card replaced whole: the shaded text it had is gone, so a dual-use card is
    // incomplete, which the loader says at the mod's line.
    let card = "[[card]]\nreplace = true\nnumber = 14\ntitle = \"Tres Esquinas\"\nslug = \"tres_esquinas\"\nkind = \"event\"\norder = [\"govt\", \"cartels\", \"farc\", \"auc\"]\nunshaded = \"x\"\n";
    let (files, dir) = with_mod("replace-entry", &[("rules/cards.toml", card)]);
    let report = validate::check(&files, None).unwrap();
    let got: Vec<String> = report.findings.iter().map(|f| f.to_string()).collect();
    assert_eq!(
        got,
        [format!(
            "{}/rules/cards.toml:3: bad-card: card 14: a dual-use Event needs a `shaded` text, or `single = true` (5.2)",
            dir.path().display()
        )]
    );
    // `replace` is true or false.
    let (files, _dir) = with_mod("replace-bad", &[("rules/cards.toml", "replace = \"yes\"\n")]);
    let report = validate::check(&files, None).unwrap();
    assert_eq!(
        report.findings.iter().map(|f| (f.code, f.line)).collect::<Vec<_>>(),
        [("bad-value", 1)]
    );
}
