//! Following a game from outside (`game::Watcher`): the board after every narrative line
//! and at every card boundary, for the HTML replay; and a watcher that stops a game at a
//! card boundary, for positions saved mid-game.

use super::svg::Painter;
use super::{Position, narrative};
use abyss_core::content::layout::Layout;
use abyss_core::game::{Game, Watcher};
use abyss_core::kernel::{CardKind, Ruleset};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Stops the game before the card at deck position `n`, i.e. after `n` cards.
pub struct StopAt(pub usize);

impl Watcher for StopAt {
    fn before_card(&mut self, game: &Game) -> bool {
        game.card_index < self.0
    }
}

/// Stops the game when the card numbered `n` is about to be played.
pub struct StopAtCard(pub u8);

impl Watcher for StopAtCard {
    fn before_card(&mut self, game: &Game) -> bool {
        game.current_card() != Some(self.0)
    }
}

/// What a step of the replay is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// The position before play.
    Start,
    /// A card is about to be played.
    Card,
    /// Something happened (one or more narrative lines).
    Line,
    /// The game is over or stopped.
    End,
}

impl StepKind {
    pub fn slug(self) -> &'static str {
        match self {
            StepKind::Start => "start",
            StepKind::Card => "card",
            StepKind::Line => "line",
            StepKind::End => "end",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Step {
    pub kind: StepKind,
    pub caption: String,
    /// The deck position of the card being (or about to be) played.
    pub card_index: usize,
    /// The narrative lines this step adds (indices into the game's narrative).
    pub lines: std::ops::Range<usize>,
    /// The picture: one index into `Trace::pool` per `Painter::fragment_ids` entry.
    pub picture: Vec<u32>,
}

/// The steps of a game with their pictures; identical picture parts are stored once.
#[derive(Default)]
pub struct Trace {
    pub steps: Vec<Step>,
    pub pool: Vec<String>,
    index: HashMap<String, u32>,
    lines_seen: usize,
    /// The narrative as captured (a copy, so that it outlives the game).
    pub lines: Vec<String>,
}

impl Trace {
    fn intern(&mut self, s: String) -> u32 {
        if let Some(&i) = self.index.get(&s) {
            return i;
        }
        let i = self.pool.len() as u32;
        self.pool.push(s.clone());
        self.index.insert(s, i);
        i
    }

    /// Record the game's position now as a step; `caption` None: the new narrative lines.
    pub fn capture(&mut self, painter: &Painter, game: &Game, kind: StepKind, title: &str, caption: Option<String>) {
        let all = narrative(game);
        let from = self.lines_seen.min(all.len());
        self.lines.extend_from_slice(&all[from..]);
        self.lines_seen = all.len();
        if kind == StepKind::Line && from == all.len() {
            return;
        }
        let caption = caption.unwrap_or_else(|| all[from..].join("; "));
        let pos = Position::of_game(game, title);
        let picture = painter.fragments(&pos).into_iter().map(|f| self.intern(f)).collect();
        self.steps.push(Step {
            kind,
            caption,
            card_index: game.card_index,
            lines: from..all.len(),
            picture,
        });
    }
}

/// "Card 21 of 64: 35 Crop Substitution".
pub fn card_caption(r: &Ruleset, game: &Game) -> String {
    let n = game.current_card().unwrap_or(0);
    let what = match r.card(n) {
        Some(c) if c.kind == CardKind::Propaganda => format!("{n} Propaganda!"),
        Some(c) => format!("{n} {}", c.title),
        None => format!("{n}"),
    };
    format!("Card {} of {}: {what}", game.card_index + 1, game.deck.len())
}

/// The watcher that records a Trace while the game plays. Clones share the Trace: keep
/// one to read it and to record the start and the end; give the game another.
#[derive(Clone)]
pub struct Recorder<'a> {
    painter: Painter<'a>,
    title: String,
    pub trace: Rc<RefCell<Trace>>,
}

impl<'a> Recorder<'a> {
    pub fn new(rules: &'a Ruleset, layout: Rc<Layout>, title: impl Into<String>) -> Recorder<'a> {
        Recorder {
            painter: Painter::new(rules, layout),
            title: title.into(),
            trace: Rc::new(RefCell::new(Trace::default())),
        }
    }

    /// Record a step outside the game's own callbacks (its start and its end).
    pub fn capture(&self, game: &Game, kind: StepKind, caption: String) {
        self.trace
            .borrow_mut()
            .capture(&self.painter, game, kind, &self.title, Some(caption));
    }
}

impl Watcher for Recorder<'_> {
    fn before_card(&mut self, game: &Game) -> bool {
        let caption = card_caption(game.rules, game);
        self.trace
            .borrow_mut()
            .capture(&self.painter, game, StepKind::Card, &self.title, Some(caption));
        true
    }

    fn after_line(&mut self, game: &Game) {
        self.trace
            .borrow_mut()
            .capture(&self.painter, game, StepKind::Line, &self.title, None);
    }
}

/// Several watchers as one: each is told of every card and line; the game goes on only
/// if every one agrees.
pub struct Watchers<'a>(pub Vec<Box<dyn Watcher + 'a>>);

impl Watcher for Watchers<'_> {
    fn before_card(&mut self, game: &Game) -> bool {
        // Every watcher hears of every card, even after one has said stop.
        let mut go = true;
        for w in &mut self.0 {
            go &= w.before_card(game);
        }
        go
    }

    fn after_line(&mut self, game: &Game) {
        for w in &mut self.0 {
            w.after_line(game);
        }
    }
}
