//! Scenario tests: a position, answers, and facts about what follows.
//!
//! ```text
//! test "Train in Bogota places cubes (3.2.1)"
//! setup standard
//!   deck 57 28                 # fixed draw order, top first
//!   resources govt 10
//! play
//!   cartels pass
//!   govt train
//!   govt bogota
//!   govt 3
//!   govt 1
//! expect
//!   count bogota govt-troops 6
//!   resources govt 7
//!   options govt: base civic-action done
//! ```
//!
//! The set-up is the scenario's position (dice seeded with `seed`, default 1) with the
//! changes applied through kernel primitives, in order; a change a primitive refuses is
//! a test error at its line. The play answers questions in order, as a record does (but
//! without the answers a record notes where the engine answered a 5.1.3 question with a
//! single candidate allowed: nobody is asked those); the play ends normally when the engine asks a question after every answer was used (the
//! facts are then checked, and `options`/`asks` describe that question), or when the game
//! ends. Any other stop (an answer that is not an option, a failure) fails the test
//! unless `expect error "text"` names part of its message.

use super::diag::Diagnostic;
use super::record::{check_seating, seating_from, write_seating};
use super::script::option_words;
use super::syntax::{self, Pair, Rule, Src};
use super::{Answer, Line, quote, scenario_word, seat_word, words};
use abyss_core::content::{ContentFiles, Seating, Setup};
use abyss_core::game::playout::{Replay, ReplayState};
use abyss_core::game::sequence::SopBox;
use abyss_core::game::{Agent, Choice, Game, Moment, Outcome, Phase, Request, Stop, View};
use abyss_core::kernel::{Control, Faction, PieceType, Ruleset, Side, State, Support, check_invariants};
use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// A file of tests.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TestFile {
    pub tests: Vec<Test>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Test {
    pub name: String,
    pub line: Line,
    /// A scenario of the content, or a path to a scenario file.
    pub scenario: String,
    pub setup_line: Line,
    pub changes: Vec<(Change, Line)>,
    /// None: no `play` block (the game runs to its first real question). Several play
    /// blocks (between checkpoints) are one list of answers.
    pub play: Option<Vec<Answer>>,
    /// `expect after MOMENT` blocks, in order.
    pub checkpoints: Vec<Checkpoint>,
    pub expect_line: Line,
    /// `expect error "text"`: the play must stop with a message containing the text.
    pub error: Option<String>,
    pub facts: Vec<(Fact, Line)>,
}

/// Facts checked at a moment of the game where no question is pending: `expect after
/// MOMENT [N]`, once the answers written before it have been used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// How many answers of the play come before it.
    pub after_answers: usize,
    pub moment: At,
    /// Only at the end of card N (`card`), or in Propaganda Round N (a phase).
    pub number: Option<u64>,
    pub line: Line,
    pub facts: Vec<(Fact, Line)>,
}

/// The moments a checkpoint can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The end of a card: after 2.3.7 on an Event card, after the Round on a Propaganda card.
    CardEnd,
    /// The end of a phase of a Propaganda Round (6.1-6.6).
    Phase(Phase),
}

impl At {
    fn slug(self) -> &'static str {
        match self {
            At::CardEnd => "card",
            At::Phase(p) => p.slug(),
        }
    }

    fn from_slug(w: &str) -> Option<At> {
        match w {
            "card" => Some(At::CardEnd),
            _ => Phase::ALL.into_iter().find(|p| p.slug() == w).map(At::Phase),
        }
    }
}

impl Checkpoint {
    /// Does the game at moment `m` stand where this checkpoint looks?
    fn matches(&self, m: Moment, game: &Game) -> bool {
        match (self.moment, m) {
            (At::CardEnd, Moment::CardEnd(card)) => self.number.is_none_or(|n| n == card as u64),
            (At::Phase(p), Moment::AfterPhase(q)) => {
                p == q && self.number.is_none_or(|n| n == game.propaganda_played as u64)
            }
            _ => false,
        }
    }

    /// `expect after card 28`.
    fn heading(&self) -> String {
        match self.number {
            Some(n) => format!("expect after {} {n}", self.moment.slug()),
            None => format!("expect after {}", self.moment.slug()),
        }
    }
}

/// One line of a `setup` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// The game seed (default 1): the dice, and the deck when no `deck` is given.
    Seed(u64),
    /// A fixed draw order, top card first.
    Deck(Vec<u64>),
    /// Set a Faction's Resources.
    Resources(Faction, u64),
    Aid(u64),
    Eligible(Faction, bool),
    /// Place pieces (Guerrillas Underground, 1.4.3, unless the word says `-active`).
    Place {
        space: String,
        piece: String,
        count: Option<u64>,
    },
    /// Remove pieces to Available.
    Remove {
        space: String,
        piece: String,
        count: Option<u64>,
    },
    /// Remove every piece from a space.
    Clear(String),
    Support(String, Support),
    /// Set the number of Terror markers.
    Terror(String, u64),
    Sabotage(String),
    /// A Shipment under a Guerrilla of the Faction there (of the state, if given).
    Shipment {
        space: String,
        faction: Faction,
        underground: Option<bool>,
    },
    President(String),
    FarcZone(String),
    Capability(u64, Side),
    /// A Momentum card, and the Faction that played it (some Momentum depends on it).
    Momentum(u64, Option<Faction>),
    /// A hook for the rest of the game (`State::set_lasting_modifier`).
    Modifier(String, String),
    /// A hook until the next Reset (`State::set_momentum_modifier`).
    MomentumModifier(String, String),
    /// An event-only space becomes a space (1.3.5).
    Open(String),
    Seating(Seating),
    FinalPropaganda(u64),
    /// The players' own options while executing: 1.5.2 negotiation and 1.4.1 voluntary
    /// removal (on in `abyss play`, off in playouts): both, as `negotiation` and
    /// `voluntary-removal` together.
    PlayerOptions,
    /// 1.5.2: voluntary transfers are offered during Operations.
    Negotiation,
    /// 1.4.1: a player may remove its own pieces while executing.
    VoluntaryRemoval,
    /// Dice a Non-player rolls before its own (each 1..=6, in order): the rolls of a
    /// worked example, three per Random Cities and Departments roll (8.2).
    BotDice(Faction, Vec<u8>),
    /// The game's own dice (Attack, Air Strike, Kidnap, Events' rolls...): these rolls
    /// first, in order, then the seed's stream.
    Dice(Vec<u8>),
}

/// One line of an `expect` block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fact {
    /// Pieces of a kind in a space (`farc-guerrilla`: both states).
    Count {
        space: String,
        piece: String,
        n: u64,
    },
    Resources(Faction, u64),
    Aid(u64),
    Support(String, Support),
    Control(String, Control),
    Eligible(Faction, bool),
    Terror(String, u64),
    Sabotage(String, bool),
    Available(String, u64),
    OutOfPlay(String, u64),
    President(String),
    /// Shipments held by a Faction's Guerrillas, or held in a space.
    Shipments(String, u64),
    FarcZone(String, bool),
    Capability(u64, Option<Side>),
    Momentum(u64, bool),
    TotalSupport(u64),
    OppositionPlusBases(u64),
    /// The pending question is this Faction's, with exactly these options (any order).
    Options(Faction, Vec<String>),
    /// The pending question is this Faction's and its prompt contains the text.
    Asks(Faction, String),
    /// Every answer this Faction gave (a Non-player bot's included), in order.
    Answered(Faction, Vec<String>),
    /// The game ended with this seat first.
    Winner(Vec<Faction>),
    /// The card being played.
    Card(u64),
    /// The Sequence of Play box of a Faction's cylinder (2.3).
    Sequence(Faction, SopBox),
    /// A Faction's victory margin now (7.3; above 0 when its 7.2 condition is met).
    Margin(Faction, i64),
}

// ---- parsing -----------------------------------------------------------------------------

impl TestFile {
    pub fn parse(text: &str, file: &str) -> Result<TestFile, Diagnostic> {
        let top = syntax::parse(Rule::test_file, text, file)?;
        let src = Src::new(file, text);
        let mut tests = Vec::new();
        for p in top.into_inner() {
            if p.as_rule() == Rule::test {
                tests.push(parse_test(&p, &src)?);
            }
        }
        Ok(TestFile { tests })
    }
}

fn parse_test(p: &Pair, src: &Src) -> Result<Test, Diagnostic> {
    let mut t = Test {
        name: String::new(),
        line: src.line(p),
        scenario: String::new(),
        setup_line: Line(0),
        changes: Vec::new(),
        play: None,
        checkpoints: Vec::new(),
        expect_line: Line(0),
        error: None,
        facts: Vec::new(),
    };
    for part in p.clone().into_inner() {
        match part.as_rule() {
            Rule::string => t.name = syntax::string(&part),
            Rule::setup => {
                t.setup_line = src.line(&part);
                for x in part.into_inner() {
                    match x.as_rule() {
                        Rule::scenario_name => t.scenario = syntax::scenario_name(&x),
                        Rule::kw_setup | Rule::eol => {}
                        _ => t.changes.push((parse_change(&x, src)?, src.line(&x))),
                    }
                }
            }
            Rule::play => {
                t.play.get_or_insert_with(Vec::new).extend(
                    part.into_inner()
                        .filter(|x| x.as_rule() == Rule::answer)
                        .map(|x| src.answer(&x)),
                );
            }
            Rule::checkpoint => {
                let mut cp = Checkpoint {
                    after_answers: t.play.as_ref().map_or(0, Vec::len),
                    moment: At::CardEnd,
                    number: None,
                    line: src.line(&part),
                    facts: Vec::new(),
                };
                for x in part.into_inner() {
                    match x.as_rule() {
                        Rule::kw_expect | Rule::kw_after | Rule::eol => {}
                        Rule::moment => cp.moment = At::from_slug(x.as_str()).expect("the grammar admits only moments"),
                        Rule::number => cp.number = Some(src.number(&x)?),
                        _ => cp.facts.push((parse_fact(&x, src)?, src.line(&x))),
                    }
                }
                t.checkpoints.push(cp);
            }
            Rule::expect => {
                t.expect_line = src.line(&part);
                for x in part.into_inner() {
                    match x.as_rule() {
                        Rule::kw_expect | Rule::eol => {}
                        Rule::expect_error => t.error = Some(syntax::string(&syntax::args(&x)[0])),
                        _ => t.facts.push((parse_fact(&x, src)?, src.line(&x))),
                    }
                }
            }
            _ => {}
        }
    }
    Ok(t)
}

fn word(p: &Pair) -> String {
    p.as_str().to_string()
}

fn level(p: &Pair) -> Support {
    Support::from_slug(&p.as_str().replace('-', "_")).expect("the grammar admits only levels")
}

fn level_word(s: Support) -> String {
    s.slug().replace('_', "-")
}

fn side(p: &Pair) -> Side {
    Side::from_slug(p.as_str()).expect("the grammar admits only sides")
}

fn parse_change(p: &Pair, src: &Src) -> Result<Change, Diagnostic> {
    let a = syntax::args(p);
    let n = |i: usize| src.number(&a[i]);
    Ok(match p.as_rule() {
        Rule::c_seed => Change::Seed(n(0)?),
        Rule::c_deck => Change::Deck(a.iter().map(|x| src.number(x)).collect::<Result<_, _>>()?),
        Rule::c_resources => Change::Resources(syntax::faction(&a[0]), n(1)?),
        Rule::c_aid => Change::Aid(n(0)?),
        Rule::c_eligible => Change::Eligible(syntax::faction(&a[0]), syntax::yes(&a[1])),
        Rule::c_place | Rule::c_remove => {
            let (space, piece) = (word(&a[0]), word(&a[1]));
            let count = if a.len() > 2 { Some(n(2)?) } else { None };
            if p.as_rule() == Rule::c_place {
                Change::Place { space, piece, count }
            } else {
                Change::Remove { space, piece, count }
            }
        }
        Rule::c_clear => Change::Clear(word(&a[0])),
        Rule::c_support => Change::Support(word(&a[0]), level(&a[1])),
        Rule::c_terror => Change::Terror(word(&a[0]), n(1)?),
        Rule::c_sabotage => Change::Sabotage(word(&a[0])),
        Rule::c_shipment => Change::Shipment {
            space: word(&a[0]),
            faction: syntax::faction(&a[1]),
            underground: a.get(2).map(|x| x.as_str() == "underground"),
        },
        Rule::c_president => Change::President(word(&a[0])),
        Rule::c_farc_zone => Change::FarcZone(word(&a[0])),
        Rule::c_capability => Change::Capability(n(0)?, side(&a[1])),
        Rule::c_momentum => Change::Momentum(n(0)?, a.get(1).map(syntax::faction)),
        Rule::c_modifier => Change::Modifier(word(&a[0]), word(&a[1])),
        Rule::c_momentum_modifier => Change::MomentumModifier(word(&a[0]), word(&a[1])),
        Rule::c_open => Change::Open(word(&a[0])),
        Rule::c_seating => {
            let s = seating_from(&a);
            check_seating(&s).map_err(|m| src.at(p, m))?;
            Change::Seating(s)
        }
        Rule::c_final_propaganda => Change::FinalPropaganda(n(0)?),
        Rule::c_player_options => Change::PlayerOptions,
        Rule::c_negotiation => Change::Negotiation,
        Rule::c_voluntary_removal => Change::VoluntaryRemoval,
        Rule::c_bot_dice => Change::BotDice(syntax::faction(&a[0]), die_rolls(&a[1..], src, "bot-dice")?),
        Rule::c_dice => Change::Dice(die_rolls(&a, src, "dice")?),
        other => unreachable!("not a change: {other:?}"),
    })
}

/// Die rolls, each 1 to 6.
/// The most die rolls one `dice` or `bot-dice` line may script: far more than any game
/// rolls, so a longer list is a mistake (and would only fill memory and messages).
const MAX_ROLLS: usize = 10_000;

fn die_rolls(a: &[Pair], src: &Src, what: &str) -> Result<Vec<u8>, Diagnostic> {
    if a.len() > MAX_ROLLS {
        return Err(src.at(
            &a[MAX_ROLLS],
            format!(
                "{what}: {} rolls on one line; at most {MAX_ROLLS} (a game rolls far fewer)",
                a.len()
            ),
        ));
    }
    let mut rolls = Vec::with_capacity(a.len());
    for x in a {
        match src.number(x)? {
            r @ 1..=6 => rolls.push(r as u8),
            r => return Err(src.at(x, format!("{what}: {r} is not a die roll (1 to 6)"))),
        }
    }
    Ok(rolls)
}

fn parse_fact(p: &Pair, src: &Src) -> Result<Fact, Diagnostic> {
    let a = syntax::args(p);
    let n = |i: usize| src.number(&a[i]);
    Ok(match p.as_rule() {
        Rule::f_count => Fact::Count {
            space: word(&a[0]),
            piece: word(&a[1]),
            n: n(2)?,
        },
        Rule::f_resources => Fact::Resources(syntax::faction(&a[0]), n(1)?),
        Rule::f_aid => Fact::Aid(n(0)?),
        Rule::f_support => Fact::Support(word(&a[0]), level(&a[1])),
        Rule::f_control => Fact::Control(
            word(&a[0]),
            match a[1].as_str() {
                "govt" => Control::Govt,
                "farc" => Control::Farc,
                _ => Control::Uncontrolled,
            },
        ),
        Rule::f_eligible => Fact::Eligible(syntax::faction(&a[0]), syntax::yes(&a[1])),
        Rule::f_terror => Fact::Terror(word(&a[0]), n(1)?),
        Rule::f_sabotage => Fact::Sabotage(word(&a[0]), syntax::yes(&a[1])),
        Rule::f_available => Fact::Available(word(&a[0]), n(1)?),
        Rule::f_out_of_play => Fact::OutOfPlay(word(&a[0]), n(1)?),
        Rule::f_president => Fact::President(word(&a[0])),
        Rule::f_shipments => Fact::Shipments(word(&a[0]), n(1)?),
        Rule::f_farc_zone => Fact::FarcZone(word(&a[0]), syntax::yes(&a[1])),
        Rule::f_capability => Fact::Capability(n(0)?, a.get(1).map(side)),
        Rule::f_momentum => Fact::Momentum(n(0)?, syntax::yes(&a[1])),
        Rule::f_total_support => Fact::TotalSupport(n(0)?),
        Rule::f_opposition_plus_bases => Fact::OppositionPlusBases(n(0)?),
        Rule::f_options => Fact::Options(syntax::faction(&a[0]), a[1..].iter().map(word).collect()),
        Rule::f_answered => Fact::Answered(syntax::faction(&a[0]), a[1..].iter().map(word).collect()),
        Rule::f_asks => Fact::Asks(syntax::faction(&a[0]), syntax::string(&a[1])),
        Rule::f_winner => Fact::Winner(syntax::seat(&a[0])),
        Rule::f_card => Fact::Card(n(0)?),
        Rule::f_sequence => Fact::Sequence(
            syntax::faction(&a[0]),
            SopBox::from_slug(a[1].as_str()).expect("the grammar admits only boxes"),
        ),
        Rule::f_margin => Fact::Margin(syntax::faction(&a[0]), src.int(&a[1])?),
        other => unreachable!("not a fact: {other:?}"),
    })
}

// ---- printing ----------------------------------------------------------------------------

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

fn control_word(c: Control) -> &'static str {
    match c {
        Control::Govt => "govt",
        Control::Farc => "farc",
        Control::Uncontrolled => "none",
    }
}

impl fmt::Display for Change {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = |c: &Option<u64>| c.map(|n| format!(" {n}")).unwrap_or_default();
        match self {
            Change::Seed(n) => write!(f, "seed {n}"),
            Change::Deck(cards) => {
                write!(f, "deck")?;
                cards.iter().try_for_each(|c| write!(f, " {c}"))
            }
            Change::Resources(x, n) => write!(f, "resources {} {n}", x.slug()),
            Change::Aid(n) => write!(f, "aid {n}"),
            Change::Eligible(x, b) => write!(f, "eligible {} {}", x.slug(), yes_no(*b)),
            Change::Place { space, piece, count: c } => write!(f, "place {space} {piece}{}", count(c)),
            Change::Remove { space, piece, count: c } => write!(f, "remove {space} {piece}{}", count(c)),
            Change::Clear(s) => write!(f, "clear {s}"),
            Change::Support(s, l) => write!(f, "support {s} {}", level_word(*l)),
            Change::Terror(s, n) => write!(f, "terror {s} {n}"),
            Change::Sabotage(s) => write!(f, "sabotage {s}"),
            Change::Shipment {
                space,
                faction,
                underground,
            } => {
                write!(f, "shipment {space} {}", faction.slug())?;
                match underground {
                    Some(true) => write!(f, " underground"),
                    Some(false) => write!(f, " active"),
                    None => Ok(()),
                }
            }
            Change::President(p) => write!(f, "president {p}"),
            Change::FarcZone(s) => write!(f, "farc-zone {s}"),
            Change::Capability(n, s) => write!(f, "capability {n} {}", s.slug()),
            Change::Momentum(n, None) => write!(f, "momentum {n}"),
            Change::Momentum(n, Some(by)) => write!(f, "momentum {n} {}", by.slug()),
            Change::Modifier(h, v) => write!(f, "modifier {h} {v}"),
            Change::MomentumModifier(h, v) => write!(f, "momentum-modifier {h} {v}"),
            Change::Open(s) => write!(f, "open {s}"),
            Change::Seating(s) => {
                write_seating(f, "seating", s)?;
                if !s.non_players.is_empty() {
                    write!(f, " non-players")?;
                    s.non_players.iter().try_for_each(|x| write!(f, " {}", x.slug()))?;
                }
                Ok(())
            }
            Change::FinalPropaganda(n) => write!(f, "final-propaganda {n}"),
            Change::PlayerOptions => f.write_str("player-options"),
            Change::Negotiation => f.write_str("negotiation"),
            Change::VoluntaryRemoval => f.write_str("voluntary-removal"),
            Change::BotDice(x, rolls) => {
                write!(f, "bot-dice {}", x.slug())?;
                rolls.iter().try_for_each(|r| write!(f, " {r}"))
            }
            Change::Dice(rolls) => {
                write!(f, "dice")?;
                rolls.iter().try_for_each(|r| write!(f, " {r}"))
            }
        }
    }
}

impl Fact {
    /// The fact without its expected value, for messages.
    fn subject(&self) -> String {
        match self {
            Fact::Count { space, piece, .. } => format!("count {space} {piece}"),
            Fact::Resources(x, _) => format!("resources {}", x.slug()),
            Fact::Aid(_) => "aid".into(),
            Fact::Support(s, _) => format!("support {s}"),
            Fact::Control(s, _) => format!("control {s}"),
            Fact::Eligible(x, _) => format!("eligible {}", x.slug()),
            Fact::Terror(s, _) => format!("terror {s}"),
            Fact::Sabotage(s, _) => format!("sabotage {s}"),
            Fact::Available(p, _) => format!("available {p}"),
            Fact::OutOfPlay(p, _) => format!("out-of-play {p}"),
            Fact::President(_) => "president".into(),
            Fact::Shipments(w, _) => format!("shipments {w}"),
            Fact::FarcZone(s, _) => format!("farc-zone {s}"),
            Fact::Capability(n, _) => format!("capability {n}"),
            Fact::Momentum(n, _) => format!("momentum {n}"),
            Fact::TotalSupport(_) => "total-support".into(),
            Fact::OppositionPlusBases(_) => "opposition-plus-bases".into(),
            Fact::Options(x, _) => format!("options {}", x.slug()),
            Fact::Answered(x, _) => format!("answered {}", x.slug()),
            Fact::Asks(x, _) => format!("asks {}", x.slug()),
            Fact::Winner(_) => "winner".into(),
            Fact::Card(_) => "card".into(),
            Fact::Sequence(x, _) => format!("sequence {}", x.slug()),
            Fact::Margin(x, _) => format!("margin {}", x.slug()),
        }
    }

    /// The expected value as written.
    fn value(&self) -> String {
        match self {
            Fact::Count { n, .. }
            | Fact::Resources(_, n)
            | Fact::Aid(n)
            | Fact::Terror(_, n)
            | Fact::Available(_, n)
            | Fact::OutOfPlay(_, n)
            | Fact::Shipments(_, n)
            | Fact::TotalSupport(n)
            | Fact::OppositionPlusBases(n)
            | Fact::Card(n) => n.to_string(),
            Fact::Support(_, l) => level_word(*l),
            Fact::Control(_, c) => control_word(*c).into(),
            Fact::Eligible(_, b) | Fact::Sabotage(_, b) | Fact::FarcZone(_, b) | Fact::Momentum(_, b) => {
                yes_no(*b).into()
            }
            Fact::President(p) => p.clone(),
            Fact::Capability(_, s) => s.map_or("none", |s| s.slug()).into(),
            Fact::Options(_, w) | Fact::Answered(_, w) => format!(": {}", w.join(" ")),
            Fact::Asks(_, t) => quote(t),
            Fact::Winner(seat) => seat_word(seat),
            Fact::Sequence(_, b) => b.slug().into(),
            Fact::Margin(_, n) => n.to_string(),
        }
    }
}

impl fmt::Display for Fact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fact::Options(x, w) if w.is_empty() => write!(f, "options {}:", x.slug()),
            Fact::Answered(x, w) if w.is_empty() => write!(f, "answered {}:", x.slug()),
            Fact::Options(..) | Fact::Answered(..) => write!(f, "{}{}", self.subject(), self.value()),
            _ => write!(f, "{} {}", self.subject(), self.value()),
        }
    }
}

impl fmt::Display for Test {
    /// The canonical text: block items indented by two spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "test {}", quote(&self.name))?;
        writeln!(f, "setup {}", scenario_word(&self.scenario))?;
        for (c, _) in &self.changes {
            writeln!(f, "  {c}")?;
        }
        // Answers in `play` blocks between the checkpoints; a block only where it has
        // answers, but an empty `play` kept when there is no answer at all.
        let play = self.play.as_deref().unwrap_or(&[]);
        let segment = |f: &mut fmt::Formatter<'_>, answers: &[Answer]| -> fmt::Result {
            if !answers.is_empty() {
                writeln!(f, "play")?;
            }
            answers.iter().try_for_each(|a| writeln!(f, "  {a}"))
        };
        if self.play.is_some() && play.is_empty() {
            writeln!(f, "play")?;
        }
        let mut printed = 0;
        for cp in &self.checkpoints {
            let upto = cp.after_answers.clamp(printed, play.len());
            segment(f, &play[printed..upto])?;
            printed = upto;
            writeln!(f, "{}", cp.heading())?;
            for (x, _) in &cp.facts {
                writeln!(f, "  {x}")?;
            }
        }
        segment(f, &play[printed..])?;
        match &self.error {
            Some(e) => writeln!(f, "expect error {}", quote(e))?,
            None => writeln!(f, "expect")?,
        }
        for (x, _) in &self.facts {
            writeln!(f, "  {x}")?;
        }
        Ok(())
    }
}

impl fmt::Display for TestFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.tests.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

// ---- running -----------------------------------------------------------------------------

/// How one test went.
#[derive(Clone, Debug)]
pub struct TestReport {
    pub name: String,
    pub file: String,
    pub line: usize,
    /// Empty when the test passed; else each problem at its line.
    pub failures: Vec<Diagnostic>,
}

impl TestReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Runs tests against one content: the rules are loaded once, set-ups once per scenario
/// and seed.
pub struct Runner<'c> {
    files: &'c ContentFiles,
    rules: Ruleset,
    setups: HashMap<(String, u64), Result<Setup, String>>,
}

/// How the play ended.
enum Ending {
    /// The game ended.
    Ended(Outcome),
    /// Every answer was used and a question is pending.
    Waiting,
    /// Stopped otherwise: the message, and the line to blame.
    Stopped(String, usize),
    /// At a checkpoint: the game goes on, no question is pending.
    Checkpoint,
}

/// A Non-player seated in a test: the section 8 bot answers, except where the play's next
/// answer is this Faction's, which then forces the Non-player's answer (a worked example
/// replayed move for move).
struct ForcibleBot<'r> {
    bot: Box<dyn Agent + 'r>,
    replay: Box<dyn Agent + 'r>,
    script: std::rc::Rc<std::cell::RefCell<ReplayState>>,
}

impl Agent for ForcibleBot<'_> {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let forced = {
            let s = self.script.borrow();
            s.answers.get(s.used).is_some_and(|a| a.0 == request.faction)
        };
        if forced {
            self.replay.decide(view, request)
        } else {
            self.bot.decide(view, request)
        }
    }
}

/// The checkpoints' side of a test run: which is next, and what failed.
struct Checkpoints {
    list: Vec<Checkpoint>,
    next: usize,
    failures: Vec<Diagnostic>,
    file: String,
}

impl Checkpoints {
    /// The game is at moment `m`, with `used` answers used (of `play`).
    fn reached(&mut self, game: &Game, m: Moment, used: usize, play: &[Answer]) {
        let Some(cp) = self.list.get(self.next) else {
            return;
        };
        if used < cp.after_answers || !cp.matches(m, game) {
            return;
        }
        self.next += 1;
        if used > cp.after_answers {
            let a = &play[cp.after_answers];
            self.failures.push(Diagnostic::at(
                &self.file,
                cp.line.0,
                format!(
                    "{}: the game got there only after answer `{a}` (line {}), written after it",
                    cp.heading(),
                    a.line.0
                ),
            ));
            return;
        }
        let empty = ReplayState::default();
        for (fact, line) in &cp.facts {
            if let Err(m) = check(game, &empty, &Ending::Checkpoint, fact) {
                self.failures.push(Diagnostic::at(&self.file, line.0, m));
            }
        }
    }
}

impl<'c> Runner<'c> {
    pub fn new(files: &'c ContentFiles) -> Result<Runner<'c>, String> {
        let mut findings = Vec::new();
        let rules = abyss_lua::load_ruleset(files, &mut findings);
        match rules {
            Some(rules) if findings.is_empty() => Ok(Runner {
                files,
                rules,
                setups: HashMap::new(),
            }),
            _ => {
                let lines: Vec<String> = findings.iter().map(|f| f.to_string()).collect();
                Err(format!(
                    "the content has problems (run `abyss validate`):\n{}",
                    lines.join("\n")
                ))
            }
        }
    }

    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Parse and run every test of a file. A syntax error fails the whole file.
    pub fn run_file(&mut self, file: &str, text: &str) -> Result<Vec<TestReport>, Diagnostic> {
        let tf = TestFile::parse(text, file)?;
        Ok(tf.tests.iter().map(|t| self.run(file, t)).collect())
    }

    fn setup(&mut self, scenario: &str, seed: u64) -> Result<Setup, String> {
        let files = self.files;
        let rules = &self.rules;
        self.setups
            .entry((scenario.to_string(), seed))
            .or_insert_with(|| {
                let mut findings = Vec::new();
                let sc = abyss_core::content::load_scenario(files, scenario, &mut findings)?;
                let (setup, more) = match &sc {
                    Some(sc) => abyss_core::content::build_setup(sc, rules, seed),
                    None => return Err(findings.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("; ")),
                };
                findings.extend(more);
                if findings.is_empty() {
                    Ok(setup)
                } else {
                    Err(findings.iter().map(|f| f.to_string()).collect::<Vec<_>>().join("; "))
                }
            })
            .clone()
    }

    /// Run one test.
    pub fn run(&mut self, file: &str, t: &Test) -> TestReport {
        let mut report = TestReport {
            name: t.name.clone(),
            file: file.to_string(),
            line: t.line.0,
            failures: Vec::new(),
        };
        if let Err(d) = self.run_inner(file, t, &mut report.failures) {
            report.failures.insert(0, d);
        }
        report
    }

    fn run_inner(&mut self, file: &str, t: &Test, failures: &mut Vec<Diagnostic>) -> Result<(), Diagnostic> {
        let at = |line: Line, m: String| Diagnostic::at(file, line.0, m);
        // The seed and the deck first: they shape the set-up as a whole.
        let mut seed = 1;
        let mut fixed: Option<Vec<u8>> = None;
        for (c, line) in &t.changes {
            match c {
                Change::Seed(n) => seed = *n,
                Change::Deck(cards) => {
                    let mut deck = Vec::new();
                    for &n in cards {
                        let Some(card) = u8::try_from(n).ok().filter(|&n| self.rules.card(n).is_some()) else {
                            return Err(at(*line, format!("deck: there is no card {n}")));
                        };
                        if deck.contains(&card) {
                            return Err(at(*line, format!("deck: card {n} is named twice")));
                        }
                        deck.push(card);
                    }
                    fixed = Some(deck);
                }
                _ => {}
            }
        }
        // A path is taken from the working folder or the test file's own folder (issue 15).
        let folder = Path::new(file).parent().unwrap_or(Path::new(""));
        let scenario = abyss_core::content::scenario_named_in_file(self.files, &t.scenario, &[Path::new(""), folder])
            .map_err(|m| at(t.setup_line, m))?;
        let mut setup = self
            .setup(&scenario, seed)
            .map_err(|m| at(t.setup_line, format!("scenario `{}`: {m}", t.scenario)))?;
        setup.state.dice = abyss_core::kernel::Dice::new(seed);
        let r = &self.rules;
        let deck = match fixed {
            Some(d) => d,
            None => abyss_core::game::deck::prepare(&setup.deck, r, &mut setup.state.dice),
        };
        for (c, line) in &t.changes {
            apply(r, &mut setup, c).map_err(|m| at(*line, format!("setup `{c}`: {m}")))?;
        }
        let play = t.play.as_deref().unwrap_or(&[]);
        let mut answers = Vec::with_capacity(play.len());
        let answer_words = words::AnswerWords::new(r);
        for a in play {
            let c = answer_words.answer(&a.word).map_err(|m| at(a.line, m))?;
            answers.push((a.faction, c));
        }
        for (c, line) in &t.changes {
            if let Change::BotDice(x, _) = c
                && !setup.seating.non_players.contains(x)
            {
                return Err(at(
                    *line,
                    format!(
                        "bot-dice {}: that Faction is not a Non-player (name it after `non-players` in `seating`)",
                        x.slug()
                    ),
                ));
            }
        }
        let (script, mut agents) = Replay::new(answers);
        // A play answers the questions someone is asked; the engine's noted answers to
        // 5.1.3 questions with one candidate allowed are not written (`Agent::noted`).
        script.state.borrow_mut().notes = false;
        // Non-players are played by the section 8 bots; the answers are the players', and
        // those of Non-players where the test forces them.
        for &f in &setup.seating.non_players {
            let rolls: Vec<u8> = t
                .changes
                .iter()
                .filter_map(|(c, _)| match c {
                    Change::BotDice(x, r) if *x == f => Some(r.iter().copied()),
                    _ => None,
                })
                .flatten()
                .collect();
            let replay = std::mem::replace(&mut agents[f.index()], Box::new(abyss_core::game::RandomAgent::new(0)));
            agents[f.index()] = Box::new(ForcibleBot {
                bot: Box::new(abyss_agents::nonplayer::NonPlayer::new(f).with_dice(rolls)),
                replay,
                script: script.state.clone(),
            });
        }
        // The game's own dice roll the `dice` lines first (after the deck is prepared).
        let rolls: Vec<u8> = t
            .changes
            .iter()
            .filter_map(|(c, _)| match c {
                Change::Dice(r) => Some(r.iter().copied()),
                _ => None,
            })
            .flatten()
            .collect();
        let scripted = rolls.len();
        if scripted > 0 {
            setup.state.dice = setup.state.dice.clone().scripted(&rolls);
        }
        let mut game = Game::new(r, setup, deck, agents);
        game.check_every_decision = true;
        let has = |x: Change| t.changes.iter().any(|(c, _)| *c == x || *c == Change::PlayerOptions);
        game.negotiation = has(Change::Negotiation);
        game.voluntary_removal = has(Change::VoluntaryRemoval);
        let checkpoints = std::rc::Rc::new(std::cell::RefCell::new(Checkpoints {
            list: t.checkpoints.clone(),
            next: 0,
            failures: Vec::new(),
            file: file.to_string(),
        }));
        if !t.checkpoints.is_empty() {
            let (watch, state, answers) = (checkpoints.clone(), script.state.clone(), play.to_vec());
            game.telemetry.watch = Some(Box::new(move |g: &Game, m: Moment| {
                let used = state.borrow().used;
                watch.borrow_mut().reached(g, m, used, &answers);
            }));
        }
        let result = game.play();
        game.telemetry.watch = None;
        let unused_rolls = game.state.dice.unused_script();
        let script = script.snapshot();
        let blame = |i: usize| play.get(i).map_or(t.expect_line, |a| a.line);
        let ending = match result {
            Ok(o) => {
                if script.used < play.len() {
                    let a = &play[script.used];
                    return Err(at(
                        a.line,
                        format!(
                            "the game ended before answer `{a}` ({} answers unused)",
                            play.len() - script.used
                        ),
                    ));
                }
                Ending::Ended(o)
            }
            Err(_) if script.ran_out => Ending::Waiting,
            Err(stop) => Ending::Stopped(stop.to_string(), blame(script.used).0),
        };
        match (&t.error, &ending) {
            (Some(want), Ending::Stopped(msg, _)) if msg.contains(want.as_str()) => {}
            (Some(want), Ending::Stopped(msg, _)) => {
                return Err(at(
                    t.expect_line,
                    format!("expected an error containing {}, got: {msg}", quote(want)),
                ));
            }
            (Some(want), _) => {
                return Err(at(
                    t.expect_line,
                    format!(
                        "expected an error containing {}, but every answer was accepted",
                        quote(want)
                    ),
                ));
            }
            (None, Ending::Stopped(msg, line)) => {
                let what = play
                    .get(script.used)
                    .map(|a| format!("answer `{a}`: "))
                    .unwrap_or_default();
                return Err(Diagnostic::at(file, *line, format!("{what}{msg}")));
            }
            (None, _) => {}
        }
        let mut cps = checkpoints.borrow_mut();
        failures.append(&mut cps.failures);
        if t.error.is_none() {
            for cp in &cps.list[cps.next..] {
                let first = match (&ending, &script.pending) {
                    (Ending::Waiting, Some(q)) => {
                        format!("the play stopped first, at {}'s \"{}\"", q.faction.name(), q.prompt)
                    }
                    _ => "the game ended first".into(),
                };
                failures.push(at(
                    cp.line,
                    format!("{}: the game did not get there ({first})", cp.heading()),
                ));
            }
            if !unused_rolls.is_empty() {
                let line = t
                    .changes
                    .iter()
                    .find(|(c, _)| matches!(c, Change::Dice(_)))
                    .map_or(t.setup_line, |(_, l)| *l);
                // The first few, so a long script gives a short message.
                let mut words: Vec<String> = unused_rolls.iter().take(20).map(u8::to_string).collect();
                if unused_rolls.len() > 20 {
                    words.push(format!("… ({} more)", unused_rolls.len() - 20));
                }
                failures.push(at(
                    line,
                    format!(
                        "dice: the game rolled {} of the {scripted} scripted rolls; not rolled: {}",
                        scripted - unused_rolls.len(),
                        words.join(" ")
                    ),
                ));
            }
        }
        for (fact, line) in &t.facts {
            if let Err(m) = check(&game, &script, &ending, fact) {
                failures.push(at(*line, m));
            }
        }
        let broken = check_invariants(&game.state, r);
        if !broken.is_empty() {
            failures.push(at(t.line, format!("invariant broken: {}", broken.join("; "))));
        }
        Ok(())
    }
}

fn small(n: u64, what: &str) -> Result<u8, String> {
    u8::try_from(n).map_err(|_| format!("{what} {n} is out of range"))
}

/// Apply one set-up change through the kernel's primitives.
fn apply(r: &Ruleset, setup: &mut Setup, c: &Change) -> Result<(), String> {
    let st = &mut setup.state;
    let refused = |e: abyss_core::kernel::Refusal| e.describe(r);
    match c {
        Change::Seed(_) | Change::Deck(_) => {}
        Change::Resources(f, n) => {
            let delta = *n as i64 - st.resources(*f) as i64;
            st.add_resources(r, *f, delta.clamp(-1000, 1000) as i16)
                .map_err(refused)?;
        }
        Change::Aid(n) => {
            let delta = *n as i64 - st.aid() as i64;
            st.add_aid(r, delta.clamp(-1000, 1000) as i16).map_err(refused)?;
        }
        Change::Eligible(f, b) => {
            st.set_eligible(*f, *b);
        }
        Change::Place { space, piece, count } => {
            let s = words::space(r, space)?;
            let (t, u) = words::piece(r, piece)?;
            let n = small(count.unwrap_or(1), "count")?;
            for placed in 0..n {
                st.place(r, s, t)
                    .and_then(|e| {
                        if u == Some(false) {
                            st.activate(r, s, t.faction)
                        } else {
                            Ok(e)
                        }
                    })
                    .map_err(|e| format!("{} (after {placed} placed)", refused(e)))?;
            }
        }
        Change::Remove { space, piece, count } => {
            let s = words::space(r, space)?;
            let (t, u) = words::piece(r, piece)?;
            let n = small(count.unwrap_or(1), "count")?;
            for removed in 0..n {
                st.remove(r, s, t, u)
                    .map_err(|e| format!("{} (after {removed} removed)", refused(e)))?;
            }
        }
        Change::Clear(space) => {
            let s = words::space(r, space)?;
            for t in PieceType::all() {
                while st.count(s, t) > 0 {
                    st.remove(r, s, t, None).map_err(refused)?;
                }
            }
        }
        Change::Support(space, level) => {
            let s = words::space(r, space)?;
            st.set_support(r, s, *level).map_err(refused)?;
        }
        Change::Terror(space, n) => {
            let s = words::space(r, space)?;
            while (st.space(s).terror as u64) < *n {
                st.place_terror(r, s).map_err(refused)?;
            }
            while (st.space(s).terror as u64) > *n {
                st.remove_terror(s).map_err(refused)?;
            }
        }
        Change::Sabotage(space) => {
            let s = words::space(r, space)?;
            st.place_sabotage(r, s).map_err(refused)?;
        }
        Change::Shipment {
            space,
            faction,
            underground,
        } => {
            let s = words::space(r, space)?;
            if *faction == Faction::Govt {
                return Err("the Government has no Guerrillas to hold a Shipment (4.5.3)".into());
            }
            let holder = st
                .pieces_in(r, s, PieceType::guerrilla(*faction), *underground)
                .find(|&p| !st.holds_shipment(p))
                .ok_or_else(|| {
                    format!(
                        "no {} Guerrilla without a Shipment in {} to hold one (4.5.3)",
                        faction.name(),
                        r.map.space(s).name
                    )
                })?;
            st.place_shipment(r, holder).map_err(refused)?;
        }
        Change::President(p) => {
            let i = words::president(r, p)?;
            st.set_president(r, i).map_err(refused)?;
        }
        Change::FarcZone(space) => {
            let s = words::space(r, space)?;
            st.place_farc_zone(r, s).map_err(refused)?;
        }
        // The card's own script switches the effect on when the game starts (5.3, 5.4).
        Change::Capability(n, side) => {
            let card = small(*n, "card")?;
            st.set_capability(r, card, *side).map_err(refused)?;
            setup
                .lasting
                .push(abyss_core::content::Lasting::new(r, card, *side, None));
        }
        Change::Momentum(n, by) => {
            let card = small(*n, "card")?;
            st.add_momentum(r, card).map_err(refused)?;
            setup
                .lasting
                .push(abyss_core::content::Lasting::new(r, card, Side::Shaded, *by));
        }
        Change::Modifier(name, value) => {
            let v = words::hook_value(r, name, value)?;
            st.set_lasting_modifier(name, v)?;
        }
        Change::MomentumModifier(name, value) => {
            let v = words::hook_value(r, name, value)?;
            st.set_momentum_modifier(name, v)?;
        }
        Change::Open(space) => {
            let s = words::space(r, space)?;
            st.open_space(r, s).map_err(refused)?;
        }
        Change::Seating(s) => setup.seating = s.clone(),
        Change::FinalPropaganda(n) => {
            if *n == 0 {
                return Err("the final Propaganda card is counted from 1".into());
            }
            setup.final_propaganda = small(*n, "final-propaganda")?;
        }
        // Settings of the Game, applied when it is made.
        Change::PlayerOptions | Change::Negotiation | Change::VoluntaryRemoval => {}
        Change::BotDice(..) => {} // given to the Non-player agent when it is seated
        Change::Dice(_) => {}     // the game's dice are scripted once all changes are made
    }
    Ok(())
}

fn expect_eq<T: PartialEq + fmt::Display>(fact: &Fact, actual: T, expected: T) -> Result<(), String> {
    if actual == expected {
        Ok(())
    } else {
        Err(format!("{}: expected {expected}, got {actual}", fact.subject()))
    }
}

/// Shipments whose holder is of Faction `f`, or stands in space `s`.
fn shipments(r: &Ruleset, st: &State, of: impl Fn(Faction, Option<abyss_core::kernel::SpaceId>) -> bool) -> u64 {
    st.shipments_on_map()
        .filter(|&(_, p)| of(r.forces.type_of(p).faction, st.piece_space(p)))
        .count() as u64
}

/// Check one fact against the game after the play.
fn check(game: &Game, script: &ReplayState, ending: &Ending, fact: &Fact) -> Result<(), String> {
    let r = game.rules;
    let st = &game.state;
    let sub = |m: String| format!("{}: {m}", fact.subject());
    let pending = || {
        script
            .pending
            .as_ref()
            .filter(|_| matches!(ending, Ending::Waiting))
            .ok_or_else(|| match ending {
                Ending::Checkpoint => sub("no question is pending at a checkpoint (`expect after`)".into()),
                _ => sub("no question is pending (the game has ended or stopped)".into()),
            })
    };
    match fact {
        Fact::Count { space, piece, n } => {
            let s = words::space(r, space).map_err(sub)?;
            let (t, u) = words::piece(r, piece).map_err(sub)?;
            let got = match u {
                Some(u) => st.space(s).guerrillas(t.faction, u),
                None => st.count(s, t),
            };
            expect_eq(fact, got as u64, *n)
        }
        Fact::Resources(f, n) => expect_eq(fact, st.resources(*f) as u64, *n),
        Fact::Aid(n) => expect_eq(fact, st.aid() as u64, *n),
        Fact::Support(space, l) => {
            let s = words::space(r, space).map_err(sub)?;
            expect_eq(fact, level_word(st.support(s)), level_word(*l))
        }
        Fact::Control(space, c) => {
            let s = words::space(r, space).map_err(sub)?;
            expect_eq(fact, control_word(st.control(s)), control_word(*c))
        }
        Fact::Eligible(f, b) => expect_eq(fact, yes_no(st.eligible(*f)), yes_no(*b)),
        Fact::Terror(space, n) => {
            let s = words::space(r, space).map_err(sub)?;
            expect_eq(fact, st.space(s).terror as u64, *n)
        }
        Fact::Sabotage(space, b) => {
            let s = words::space(r, space).map_err(sub)?;
            expect_eq(fact, yes_no(st.space(s).sabotage), yes_no(*b))
        }
        Fact::FarcZone(space, b) => {
            let s = words::space(r, space).map_err(sub)?;
            expect_eq(fact, yes_no(st.space(s).farc_zone), yes_no(*b))
        }
        Fact::Available(piece, n) | Fact::OutOfPlay(piece, n) => {
            let (t, u) = words::piece(r, piece).map_err(sub)?;
            if u.is_some() {
                return Err(sub(format!(
                    "pieces off the map have no Underground or Active state; write `{}`",
                    Choice::Piece(t, None).render(r)
                )));
            }
            let got = if matches!(fact, Fact::Available(..)) {
                st.available(t)
            } else {
                st.out_of_play(t)
            };
            expect_eq(fact, got as u64, *n)
        }
        Fact::President(p) => {
            words::president(r, p).map_err(sub)?;
            let now = &r.forces.presidents[st.president() as usize].slug;
            expect_eq(fact, now.as_str(), p.as_str())
        }
        Fact::Shipments(w, n) => {
            let got = match Faction::from_slug(w) {
                Some(f) => shipments(r, st, |x, _| x == f),
                None => {
                    let s = words::space(r, w).map_err(|m| sub(format!("{m}; expected a faction or a space")))?;
                    shipments(r, st, |_, at| at == Some(s))
                }
            };
            expect_eq(fact, got, *n)
        }
        Fact::Capability(n, side) => {
            let card = small(*n, "card").map_err(sub)?;
            let show = |s: Option<Side>| s.map_or("none", |s| s.slug());
            expect_eq(fact, show(st.capability(card)), show(*side))
        }
        Fact::Momentum(n, b) => {
            let card = small(*n, "card").map_err(sub)?;
            expect_eq(fact, yes_no(st.momentum(card)), yes_no(*b))
        }
        Fact::TotalSupport(n) => expect_eq(fact, st.total_support() as u64, *n),
        Fact::OppositionPlusBases(n) => expect_eq(fact, st.opposition_plus_bases(r) as u64, *n),
        Fact::Answered(f, want) => {
            let got: Vec<String> = game
                .answers
                .iter()
                .filter(|a| a.0 == *f)
                .map(|a| a.1.render(r))
                .collect();
            if got == *want {
                Ok(())
            } else {
                Err(sub(format!(
                    "{} answered: {}; expected: {}",
                    f.name(),
                    got.join(" "),
                    want.join(" ")
                )))
            }
        }
        Fact::Options(f, want) => {
            let req = pending()?;
            let mut got = option_words(r, req);
            let mut want = want.clone();
            if req.faction != *f {
                return Err(sub(format!(
                    "the pending question is {}'s: \"{}\" (options: {})",
                    req.faction.name(),
                    req.prompt,
                    got.join(" ")
                )));
            }
            got.sort();
            want.sort();
            if got == want {
                Ok(())
            } else {
                let missing: Vec<&String> = want.iter().filter(|w| !got.contains(w)).collect();
                let extra: Vec<&String> = got.iter().filter(|w| !want.contains(w)).collect();
                let mut m = format!(
                    "\"{}\" offers {}; expected {}",
                    req.prompt,
                    option_words(r, req).join(" "),
                    want.join(" ")
                );
                if !missing.is_empty() {
                    m.push_str(&format!(
                        " (not offered: {})",
                        missing.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                    ));
                }
                if !extra.is_empty() {
                    m.push_str(&format!(
                        " (also offered: {})",
                        extra.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ")
                    ));
                }
                Err(sub(m))
            }
        }
        Fact::Asks(f, text) => {
            let req = pending()?;
            if req.faction == *f && req.prompt.contains(text.as_str()) {
                Ok(())
            } else {
                Err(sub(format!(
                    "expected {} to be asked {}, got {}: \"{}\"",
                    f.name(),
                    quote(text),
                    req.faction.name(),
                    req.prompt
                )))
            }
        }
        Fact::Winner(seat) => match ending {
            Ending::Ended(o) => {
                let mut got = o.winner().to_vec();
                let mut want = seat.clone();
                got.sort();
                want.sort();
                expect_eq(fact, seat_word(&got), seat_word(&want))
            }
            _ => Err(sub("the game has not ended".into())),
        },
        Fact::Sequence(f, b) => expect_eq(fact, game.sequence_box(*f).slug(), b.slug()),
        Fact::Margin(f, n) => expect_eq(fact, game.margin(*f) as i64, *n),
        Fact::Card(n) => match game.current_card() {
            Some(c) => expect_eq(fact, c as u64, *n),
            None => Err(sub("no card is being played (the deck ran out)".into())),
        },
    }
}

/// The test files at a path: the file itself, or every `*.test` file directly in the
/// folder (not in sub-folders, so that e.g. `pending/` stays out), sorted by name. Files
/// of a folder that are not read (see `listed`) are left out.
pub fn test_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    listed(path).map(|(files, _)| files)
}

/// `test_files`, and a diagnostic for each `*.test` entry of the folder that is not read:
/// a symbolic link that leads out of the folder (a shared tests folder must not make
/// abyss read, and print in a parse error, a file the user did not give it: the same rule
/// as content folders) or nowhere. Only regular files are read: a FIFO or a device is
/// left out.
fn listed(path: &Path) -> Result<(Vec<PathBuf>, Vec<Diagnostic>), String> {
    if path.is_file() {
        return Ok((vec![path.to_path_buf()], Vec::new()));
    }
    let root = path.canonicalize().map_err(|e| format!("{}: {e}", path.display()))?;
    let entries = std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut candidates: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "test"))
        .collect();
    candidates.sort();
    let (mut files, mut refused) = (Vec::new(), Vec::new());
    for p in candidates {
        let Ok(meta) = std::fs::symlink_metadata(&p) else {
            continue;
        };
        let name = p.display().to_string();
        if !meta.file_type().is_symlink() {
            if meta.is_file() {
                files.push(p);
            }
            continue;
        }
        match p.canonicalize() {
            Ok(target) if target.starts_with(&root) => {
                if target.is_file() {
                    files.push(p);
                }
            }
            Ok(target) => refused.push(Diagnostic::at(
                &name,
                0,
                format!(
                    "a symbolic link to {}, outside {}: not read (copy the file into the folder)",
                    target.display(),
                    path.display()
                ),
            )),
            Err(e) => refused.push(Diagnostic::at(
                &name,
                0,
                format!("a symbolic link that leads nowhere: {e}"),
            )),
        }
    }
    Ok((files, refused))
}

/// The results of running the test files at a path.
pub struct SuiteResult {
    pub reports: Vec<TestReport>,
    /// Files that did not parse.
    pub broken_files: Vec<Diagnostic>,
}

impl SuiteResult {
    pub fn passed(&self) -> bool {
        self.broken_files.is_empty() && self.reports.iter().all(TestReport::passed)
    }
}

/// Run every test file at `path` (see `test_files`) against the content.
pub fn run_path(path: &Path, files: &ContentFiles) -> Result<SuiteResult, String> {
    let mut runner = Runner::new(files)?;
    let mut result = SuiteResult {
        reports: Vec::new(),
        broken_files: Vec::new(),
    };
    let (files, refused) = listed(path)?;
    result.broken_files.extend(refused);
    for p in files {
        let name = p.display().to_string();
        // A file that cannot be read is that file's failure; the other files still run.
        let text = match super::read_file(&p) {
            Ok(t) => t,
            Err(d) => {
                result.broken_files.push(d);
                continue;
            }
        };
        match runner.run_file(&name, &text) {
            Ok(reports) => result.reports.extend(reports),
            Err(d) => result.broken_files.push(d),
        }
    }
    Ok(result)
}
