//! Shared helpers for the integration tests: the embedded content, scenario set-ups and
//! space lookups by slug.
#![allow(dead_code)]

pub mod browser;

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
    use abyss::game::{Game, playout::Replay};
    let list = parse_answers(r, answers);
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

/// `faction answer` lines as (Faction, Choice) pairs (comments after `#`, blank lines skipped).
pub fn parse_answers(r: &Ruleset, answers: &str) -> Vec<(abyss::kernel::Faction, abyss::game::Choice)> {
    use abyss::game::Choice;
    use abyss::kernel::Faction;
    answers
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
        .collect()
}

/// A game played from scripted answers that also keeps every question an agent was asked
/// (single-option questions are answered by the engine and never reach an agent), so a
/// test can look at the options of the question where the answers ran out.
pub struct Traced<'r> {
    pub game: abyss::game::Game<'r>,
    pub result: Result<abyss::game::Outcome, abyss::game::Stop>,
    pub asked: Vec<abyss::game::Request>,
    /// How many of the scripted answers were used, of how many.
    pub answered: usize,
    pub answers: usize,
}

impl Traced<'_> {
    /// Assert that the game reached its end having used every answer.
    pub fn assert_finished(&self) {
        assert!(
            self.result.is_ok() && self.answered == self.answers,
            "{:?}, {} of {} answers used\nquestions asked:\n{}",
            self.result,
            self.answered,
            self.answers,
            self.transcript()
        );
    }
    /// Assert that the play stopped because the answers ran out (every answer was taken),
    /// showing the questions asked if not.
    pub fn assert_ran_out(&self) {
        assert!(
            ran_out(&self.result),
            "{:?}\nquestions asked:\n{}",
            self.result,
            self.transcript()
        );
    }
    /// The question where the answers ran out, as `faction: prompt`.
    pub fn waiting(&self) -> String {
        let q = self.last();
        format!("{}: {}", q.faction.slug(), q.prompt)
    }
    /// The last question asked: the one left unanswered when the answers ran out.
    pub fn last(&self) -> &abyss::game::Request {
        self.asked.last().expect("at least one question")
    }
    /// The options of the last question, as answer words.
    pub fn offered(&self) -> Vec<String> {
        self.last().options.iter().map(|c| c.render(self.game.rules)).collect()
    }
    /// The spaces among the options of the last question.
    pub fn offered_spaces(&self) -> Vec<String> {
        self.last()
            .options
            .iter()
            .filter(|c| matches!(c, abyss::game::Choice::Space(_)))
            .map(|c| c.render(self.game.rules))
            .collect()
    }
    /// Was a question with this prompt asked?
    pub fn was_asked(&self, prompt: &str) -> bool {
        self.asked.iter().any(|q| q.prompt == prompt)
    }
    /// Is `word` among the options of the last question?
    pub fn offers(&self, word: &str) -> bool {
        self.offered().iter().any(|w| w == word)
    }
    /// Every question asked, as `faction: prompt [options]` lines (for failure messages).
    pub fn transcript(&self) -> String {
        self.asked
            .iter()
            .map(|q| {
                let opts: Vec<String> = q.options.iter().map(|c| c.render(self.game.rules)).collect();
                format!("{}: {} [{}]", q.faction.slug(), q.prompt, opts.join(" "))
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Keeps every question asked, then lets a replay agent answer it.
struct Probe<'r> {
    inner: Box<dyn abyss::game::Agent + 'r>,
    asked: std::rc::Rc<std::cell::RefCell<Vec<abyss::game::Request>>>,
}

impl abyss::game::Agent for Probe<'_> {
    fn decide(&mut self, view: &abyss::game::View, request: &abyss::game::Request) -> Result<usize, abyss::game::Stop> {
        self.asked.borrow_mut().push(request.clone());
        self.inner.decide(view, request)
    }
}

/// `play_answers` that keeps the questions asked (see Traced) and the game log.
pub fn play_traced<'r>(r: &'r Ruleset, setup: Setup, deck: &[u8], answers: &str) -> Traced<'r> {
    use abyss::game::{Agent, Game, playout::Replay};
    let (replay, inner) = Replay::new(parse_answers(r, answers));
    let asked = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let agents: Vec<Box<dyn Agent + 'r>> = inner
        .into_iter()
        .map(|inner| {
            Box::new(Probe {
                inner,
                asked: asked.clone(),
            }) as Box<dyn Agent + 'r>
        })
        .collect();
    let mut game = Game::new(r, setup, deck.to_vec(), agents);
    game.check_every_decision = true;
    game.telemetry.log = Some(Vec::new());
    let result = game.play();
    let asked = asked.borrow().clone();
    Traced {
        game,
        result,
        asked,
        answered: replay.state.borrow().used,
        answers: replay.state.borrow().answers.len(),
    }
}

/// The first seed whose dice roll `rolls` (d6) first, in order: a die-dependent test sets
/// `state.dice = Dice::new(seed)` and then knows the rolls it will see.
pub fn seed_rolling(rolls: &[u8]) -> u64 {
    (0..100_000u64)
        .find(|&seed| {
            let mut d = abyss::kernel::Dice::new(seed);
            rolls.iter().all(|&want| d.d6() == want)
        })
        .expect("a seed rolling these numbers")
}

/// Place `n` pieces of type `t` in space `slug` (Guerrillas Underground).
pub fn put(s: &mut Setup, r: &Ruleset, slug: &str, t: abyss::kernel::PieceType, n: u8) {
    for _ in 0..n {
        s.state
            .place(r, sp(r, slug), t)
            .unwrap_or_else(|e| panic!("placing in {slug}: {}", e.describe(r)));
    }
}

/// Place `n` Guerrillas of Faction `f` in `slug` and flip them Active.
pub fn put_active(s: &mut Setup, r: &Ruleset, slug: &str, f: abyss::kernel::Faction, n: u8) {
    put(s, r, slug, abyss::kernel::PieceType::guerrilla(f), n);
    for _ in 0..n {
        s.state.activate(r, sp(r, slug), f).unwrap();
    }
}

/// The pieces in a space, in a fixed order: e.g. "2 troops, 1 police, 1 farc U, 2 farc A,
/// 1 farc base" ("" when empty). Guerrillas show Underground (U) and Active (A) apart.
pub fn pieces(st: &abyss::kernel::State, r: &Ruleset, slug: &str) -> String {
    use abyss::kernel::{Faction, PieceType};
    let s = sp(r, slug);
    let space = st.space(s);
    let mut out = Vec::new();
    let mut add = |n: u8, what: &str| {
        if n > 0 {
            out.push(format!("{n} {what}"));
        }
    };
    add(space.count(PieceType::TROOPS), "troops");
    add(space.count(PieceType::POLICE), "police");
    add(space.count(PieceType::base(Faction::Govt)), "govt base");
    for f in Faction::INSURGENTS {
        add(space.guerrillas(f, true), &format!("{} U", f.slug()));
        add(space.guerrillas(f, false), &format!("{} A", f.slug()));
        add(space.count(PieceType::base(f)), &format!("{} base", f.slug()));
    }
    out.join(", ")
}

/// Every space with pieces, as `slug: pieces` lines in map order: a test can assert the
/// whole board, so that nothing moved anywhere it did not expect.
pub fn board(st: &abyss::kernel::State, r: &Ruleset) -> Vec<String> {
    r.map
        .ids()
        .map(|s| r.map.space(s).slug.clone())
        .filter_map(|slug| {
            let p = pieces(st, r, &slug);
            (!p.is_empty()).then(|| format!("{slug}: {p}"))
        })
        .collect()
}

/// Put a Shipment under a Guerrilla of Faction `f` in `slug` (Active if `active`).
pub fn put_shipment(s: &mut Setup, r: &Ruleset, slug: &str, f: abyss::kernel::Faction, active: bool) {
    let t = abyss::kernel::PieceType::guerrilla(f);
    let p = s
        .state
        .pieces_in(r, sp(r, slug), t, Some(!active))
        .find(|&p| !s.state.holds_shipment(p))
        .or_else(|| s.state.pieces_in(r, sp(r, slug), t, Some(!active)).next())
        .unwrap_or_else(|| panic!("no {} Guerrilla in {slug}", f.slug()));
    s.state.place_shipment(r, p).unwrap();
}

/// How many Shipments Guerrillas of Faction `f` hold in `slug`.
pub fn shipments_in(st: &abyss::kernel::State, r: &Ruleset, slug: &str, f: abyss::kernel::Faction) -> usize {
    let s = sp(r, slug);
    st.shipments_on_map()
        .filter(|&(_, p)| st.piece_space(p) == Some(s) && r.forces.type_of(p).faction == f)
        .count()
}

impl Traced<'_> {
    /// Does a line of the game log contain `text`?
    pub fn logged(&self, text: &str) -> bool {
        self.game
            .telemetry
            .log
            .as_ref()
            .is_some_and(|l| l.iter().any(|x| x.contains(text)))
    }
}

// Short names the engine tests share.
pub const TROOPS: abyss::kernel::PieceType = abyss::kernel::PieceType::TROOPS;
pub const POLICE: abyss::kernel::PieceType = abyss::kernel::PieceType::POLICE;
pub const GOVT: abyss::kernel::Faction = abyss::kernel::Faction::Govt;
pub const FARC: abyss::kernel::Faction = abyss::kernel::Faction::Farc;
pub const AUC: abyss::kernel::Faction = abyss::kernel::Faction::Auc;
pub const CARTELS: abyss::kernel::Faction = abyss::kernel::Faction::Cartels;
pub fn farc_g() -> abyss::kernel::PieceType {
    abyss::kernel::PieceType::guerrilla(FARC)
}
pub fn auc_g() -> abyss::kernel::PieceType {
    abyss::kernel::PieceType::guerrilla(AUC)
}
pub fn cartels_g() -> abyss::kernel::PieceType {
    abyss::kernel::PieceType::guerrilla(CARTELS)
}
pub fn base(f: abyss::kernel::Faction) -> abyss::kernel::PieceType {
    abyss::kernel::PieceType::base(f)
}

/// Run the built `abyss` binary from the project folder: (exit code, stdout, stderr).
pub fn abyss(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_abyss"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// Run `abyss ARGS --shard K/N` for each K of 1..=N, each of which must succeed, and write
/// its output to `NAME-K.json` in `dir`: the files' paths, in order (for `abyss merge`).
pub fn shard_files(dir: &TempDir, name: &str, n: usize, args: &[&str]) -> Vec<String> {
    (1..=n)
        .map(|k| {
            let shard = format!("{k}/{n}");
            let mut all = args.to_vec();
            all.extend(["--shard", &shard]);
            let (code, out, err) = abyss(&all);
            assert_eq!(code, 0, "{all:?}: {err}");
            let path = dir.path().join(format!("{name}-{k}.json"));
            std::fs::write(&path, out).unwrap();
            path.to_str().unwrap().to_string()
        })
        .collect()
}
