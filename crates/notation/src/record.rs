//! Game records: the header a game needs to be rebuilt (content hash, scenario, seed,
//! seating) and every answer, one per line, in the canonical words of `Choice::render`.
//! The answers are those to every question with two options or more, and (since version
//! 2) those the engine noted at an Event's 5.1.3 question with two candidates or more, one
//! of which carries out all the text, even when no other is allowed (`Agent::noted`).
//! A version 1 record lacks those: it is read, and replayed without them
//! (`ReplayState::notes`).
//!
//! ```text
//! abyss-record 2
//! content 3f9a0c1d2e4b5a69
//! scenario standard
//! seed 42
//! seating govt farc auc cartels
//! humans govt farc
//! negotiation
//! voluntary-removal
//! answers
//! cartels pass
//! govt train
//! govt cali
//! ...
//! result auc
//! ```
//!
//! `humans` names the Factions played by people at the terminal (`abyss play --load`
//! seats them again); `negotiation` (1.5.2) and `voluntary-removal` (1.4.1) are the
//! players' options the game was played with. The trailer is optional: `result SEAT` (the game ended, this seat first), `stopped`
//! or `stopped "why"` (the game stopped before its end, e.g. a failure in `abyss sim`),
//! or `end`.

use super::diag::Diagnostic;
use super::syntax::{self, Pair, Rule};
use super::{Answer, Line, quote, scenario_word, seat_word};
use abyss_core::content::{ContentFiles, Seating, Setup};
use abyss_core::game::playout::reseeded;
use abyss_core::game::playout::{Replay, ReplayState};
use abyss_core::game::{Choice, Game, Outcome, Stop};
use abyss_core::kernel::{Faction, Ruleset};
use std::fmt;

/// The version this code writes; it reads this one and version 1 (see the module).
pub const VERSION: u64 = 2;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub version: u64,
    /// `ContentFiles::hash` of the content the game was played with.
    pub content: Option<u64>,
    /// A scenario name of the content, or a path to a scenario file.
    pub scenario: String,
    /// The game seed: the set-up's dice are seeded with it (as `abyss sim` does).
    pub seed: u64,
    /// Who played which Factions; None: the scenario's seating.
    pub seating: Option<Seating>,
    /// The game ran with `check_every_decision`.
    pub check: bool,
    /// The Factions people played at the terminal (empty: none, or not said).
    pub humans: Vec<Faction>,
    /// 1.5.2: voluntary transfers were offered during Operations.
    pub negotiation: bool,
    /// 1.4.1: players could remove their own pieces while executing.
    pub voluntary_removal: bool,
    pub answers: Vec<Answer>,
    pub trailer: Option<Trailer>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trailer {
    /// The game ended with this seat first in the ranking.
    Result(Vec<Faction>),
    /// The game stopped before its end, with the reason if known.
    Stopped(Option<String>),
    End,
}

impl Record {
    /// A record of a game's answers so far. The content hash and trailer are left for the
    /// caller (`with_content`, `with_result`).
    pub fn new(scenario: &str, seed: u64, seating: &Seating, answers: &[(Faction, Choice)], r: &Ruleset) -> Record {
        Record {
            version: VERSION,
            content: None,
            scenario: scenario.to_string(),
            seed,
            seating: Some(seating.clone()),
            check: false,
            humans: Vec::new(),
            negotiation: false,
            voluntary_removal: false,
            answers: answers
                .iter()
                .map(|&(f, c)| Answer {
                    faction: f,
                    word: c.render(r),
                    line: Line(0),
                })
                .collect(),
            trailer: None,
        }
    }

    /// The record of a game (set up from `scenario` with `seed`, as `abyss sim` does).
    pub fn from_game(game: &Game, scenario: &str, seed: u64) -> Record {
        let mut rec = Record::new(scenario, seed, &game.seating, &game.answers, game.rules);
        rec.check = game.check_every_decision;
        rec.negotiation = game.negotiation;
        rec.voluntary_removal = game.voluntary_removal;
        rec
    }

    pub fn with_content(mut self, hash: u64) -> Record {
        self.content = Some(hash);
        self
    }

    /// Set the trailer from how the game went.
    pub fn with_result(mut self, result: &Result<Outcome, Stop>) -> Record {
        self.trailer = Some(match result {
            Ok(o) => Trailer::Result(o.winner().to_vec()),
            Err(e) => Trailer::Stopped(Some(e.to_string())),
        });
        self
    }

    /// Parse a record; `file` names it in diagnostics.
    pub fn parse(text: &str, file: &str) -> Result<Record, Diagnostic> {
        let top = syntax::parse(Rule::record_file, text, file)?;
        let src = syntax::Src::new(file, text);
        let mut rec = Record {
            version: 0,
            content: None,
            scenario: String::new(),
            seed: 0,
            seating: None,
            check: false,
            humans: Vec::new(),
            negotiation: false,
            voluntary_removal: false,
            answers: Vec::new(),
            trailer: None,
        };
        let mut seen: Vec<Rule> = Vec::new();
        let mut seated: Vec<Vec<Faction>> = Vec::new();
        let mut non_players: Option<Vec<Faction>> = None;
        let mut seating_line = 0;
        let mut answers_line = 0;
        for p in top.into_inner() {
            let rule = p.as_rule();
            let line = src.line(&p).0;
            if matches!(
                rule,
                Rule::h_content
                    | Rule::h_scenario
                    | Rule::h_seed
                    | Rule::h_seating
                    | Rule::h_non_players
                    | Rule::h_humans
                    | Rule::h_negotiation
                    | Rule::h_voluntary_removal
                    | Rule::h_check
            ) {
                if seen.contains(&rule) {
                    return Err(Diagnostic::at(
                        file,
                        line,
                        format!("{} is stated twice", header_name(rule)),
                    ));
                }
                seen.push(rule);
            }
            let a = syntax::args(&p);
            match rule {
                Rule::magic => {
                    rec.version = src.number(&a[0])?;
                    if !(1..=VERSION).contains(&rec.version) {
                        return Err(Diagnostic::at(
                            file,
                            line,
                            format!(
                                "record version {} is not supported (this is version {VERSION})",
                                rec.version
                            ),
                        ));
                    }
                }
                Rule::h_content => {
                    rec.content = Some(u64::from_str_radix(a[0].as_str(), 16).expect("16 hex digits"));
                }
                Rule::h_scenario => rec.scenario = syntax::scenario_name(&a[0]),
                Rule::h_seed => rec.seed = src.number(&a[0])?,
                Rule::h_seating => {
                    seating_line = line;
                    seated = a.iter().map(syntax::seat).collect();
                }
                Rule::h_non_players => {
                    seating_line = seating_line.max(line);
                    non_players = Some(a.iter().map(syntax::faction).collect());
                }
                Rule::h_check => rec.check = true,
                Rule::h_humans => rec.humans = a.iter().map(syntax::faction).collect(),
                Rule::h_negotiation => rec.negotiation = true,
                Rule::h_voluntary_removal => rec.voluntary_removal = true,
                Rule::kw_answers => answers_line = line,
                Rule::answer => rec.answers.push(src.answer(&p)),
                Rule::t_result => rec.trailer = Some(Trailer::Result(syntax::seat(&a[0]))),
                Rule::t_stopped => rec.trailer = Some(Trailer::Stopped(a.first().map(syntax::string))),
                Rule::t_end => rec.trailer = Some(Trailer::End),
                _ => {}
            }
        }
        for (rule, what) in [(Rule::h_scenario, "scenario"), (Rule::h_seed, "seed")] {
            if !seen.contains(&rule) {
                return Err(Diagnostic::at(
                    file,
                    answers_line,
                    format!("the header has no `{what}` line"),
                ));
            }
        }
        // `non-players` alone: every Faction is a Non-player (an all-bot game).
        if seen.contains(&Rule::h_seating) || seen.contains(&Rule::h_non_players) {
            let seating = Seating {
                players: seated,
                non_players: non_players.unwrap_or_default(),
            };
            check_seating(&seating).map_err(|m| Diagnostic::at(file, seating_line, m))?;
            rec.seating = Some(seating);
        }
        Ok(rec)
    }

    /// The answers as Choices of this content; an unknown word is reported at its line.
    pub fn choices(&self, r: &Ruleset, file: &str) -> Result<Vec<(Faction, Choice)>, Diagnostic> {
        let words = super::words::AnswerWords::new(r);
        self.answers
            .iter()
            .map(|a| {
                words
                    .answer(&a.word)
                    .map(|c| (a.faction, c))
                    .map_err(|m| Diagnostic::at(file, a.line.0, m))
            })
            .collect()
    }

    /// The record's scenario as `content::load_scenario` takes it: a scenario of the
    /// content, or a file under the working folder or the record's own folder
    /// (`content::scenario_named_in_file`); any other file only when the user names it on
    /// the command line.
    pub fn scenario_source(&self, files: &ContentFiles, record_file: &std::path::Path) -> Result<String, String> {
        let folder = record_file.parent().unwrap_or(std::path::Path::new(""));
        abyss_core::content::scenario_named_in_file(files, &self.scenario, &[std::path::Path::new(""), folder])
            .map_err(|m| format!("{}: {m}", record_file.display()))
    }

    /// The source line of answer `i` (0-based), if it came from a file.
    pub fn answer_line(&self, i: usize) -> Option<usize> {
        self.answers.get(i).map(|a| a.line.0).filter(|&l| l > 0)
    }
}

fn header_name(rule: Rule) -> &'static str {
    match rule {
        Rule::h_content => "`content`",
        Rule::h_scenario => "`scenario`",
        Rule::h_seed => "`seed`",
        Rule::h_seating => "`seating`",
        Rule::h_non_players => "`non-players`",
        Rule::h_humans => "`humans`",
        Rule::h_negotiation => "`negotiation`",
        Rule::h_voluntary_removal => "`voluntary-removal`",
        _ => "`check`",
    }
}

/// 1.5: every Faction is seated once, with a player or as a Non-player.
pub(crate) fn check_seating(s: &Seating) -> Result<(), String> {
    let mut seen: Vec<Faction> = Vec::new();
    for &f in s.players.iter().flatten().chain(&s.non_players) {
        if seen.contains(&f) {
            return Err(format!("seating: {} is seated twice", f.name()));
        }
        seen.push(f);
    }
    if seen.len() != 4 {
        return Err("seating: every Faction must be run by a player or be a Non-player (1.5)".into());
    }
    Ok(())
}

pub(crate) fn write_seating(f: &mut impl fmt::Write, keyword: &str, s: &Seating) -> fmt::Result {
    write!(f, "{keyword}")?;
    for p in &s.players {
        write!(f, " {}", seat_word(p))?;
    }
    Ok(())
}

impl fmt::Display for Record {
    /// The canonical text: the header in a fixed order, one answer a line, the trailer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "abyss-record {}", self.version)?;
        if let Some(h) = self.content {
            writeln!(f, "content {h:016x}")?;
        }
        writeln!(f, "scenario {}", scenario_word(&self.scenario))?;
        writeln!(f, "seed {}", self.seed)?;
        if let Some(s) = &self.seating {
            if !s.players.is_empty() {
                write_seating(f, "seating", s)?;
                writeln!(f)?;
            }
            if !s.non_players.is_empty() {
                let np: Vec<&str> = s.non_players.iter().map(|x| x.slug()).collect();
                writeln!(f, "non-players {}", np.join(" "))?;
            }
        }
        if !self.humans.is_empty() {
            let h: Vec<&str> = self.humans.iter().map(|x| x.slug()).collect();
            writeln!(f, "humans {}", h.join(" "))?;
        }
        if self.negotiation {
            writeln!(f, "negotiation")?;
        }
        if self.voluntary_removal {
            writeln!(f, "voluntary-removal")?;
        }
        if self.check {
            writeln!(f, "check")?;
        }
        writeln!(f, "answers")?;
        for a in &self.answers {
            writeln!(f, "{a}")?;
        }
        match &self.trailer {
            None => Ok(()),
            Some(Trailer::Result(seat)) => writeln!(f, "result {}", seat_word(seat)),
            Some(Trailer::Stopped(None)) => writeln!(f, "stopped"),
            Some(Trailer::Stopped(Some(why))) => writeln!(f, "stopped {}", quote(why)),
            Some(Trailer::End) => writeln!(f, "end"),
        }
    }
}

/// A replayed game and where the replay stopped.
pub struct Replayed<'r> {
    pub game: Game<'r>,
    pub result: Result<Outcome, Stop>,
    /// How far the answers went, and the question the replay could not answer.
    pub script: ReplayState,
}

impl Replayed<'_> {
    /// Every answer was used.
    pub fn all_used(&self) -> bool {
        self.script.used == self.script.answers.len()
    }
}

/// A recorded game ready to play: the set-up's dice reseeded with the record's seed and
/// the deck prepared from them, exactly as `abyss sim` does, and agents that answer every
/// question from the record. `setup` is the scenario's set-up (`cli::position`).
pub fn replay_game<'r>(
    r: &'r Ruleset,
    setup: &Setup,
    record: &Record,
    answers: Vec<(Faction, Choice)>,
) -> (Game<'r>, Replay) {
    let mut setup = reseeded(setup, record.seed);
    if let Some(s) = &record.seating {
        setup.seating = s.clone();
    }
    let (script, agents) = Replay::new(answers);
    script.state.borrow_mut().notes = record.version >= 2;
    let mut game = abyss_core::game::playout::new_game(r, setup, agents);
    game.check_every_decision = record.check;
    game.negotiation = record.negotiation;
    game.voluntary_removal = record.voluntary_removal;
    (game, script)
}

/// Rebuild and play a recorded game (see `replay_game`).
pub fn replay<'r>(r: &'r Ruleset, setup: &Setup, record: &Record, answers: Vec<(Faction, Choice)>) -> Replayed<'r> {
    let (mut game, script) = replay_game(r, setup, record, answers);
    let result = game.play();
    Replayed {
        game,
        result,
        script: script.snapshot(),
    }
}

/// The pairs of a `seating` line inside a test's setup (shared with `suite`).
pub(crate) fn seating_from(pairs: &[Pair]) -> Seating {
    let mut players = Vec::new();
    let mut non_players = Vec::new();
    for p in pairs {
        match p.as_rule() {
            Rule::seat => players.push(syntax::seat(p)),
            Rule::faction => non_players.push(syntax::faction(p)),
            _ => {}
        }
    }
    Seating { players, non_players }
}
