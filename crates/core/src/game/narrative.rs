//! The narrative: one readable line for every action of any seat — "AUC: Rally in Cesar,
//! Arauca (−2 Resources); Extort in Cesar (+1)" — and for every Propaganda phase, with
//! what changed space by space beneath it. `abyss play` prints it as the game goes,
//! `abyss replay` prints it whole; a step-by-step viewer reads the entries (and, with
//! `Narrative::with_positions`, the position after each).
//!
//! For a viewer: replay a record with `game.narrative =
//! Some(Narrative::new().with_positions())`, play, then walk `narrative.done()`: each
//! entry has its card (`card`, `card_index`), its line and details, the number of answers
//! given when it was complete, and the position right after it.
//!
//! The rules code is not touched to write it: the outer wrappers (an Operation, a Special
//! Activity, an Event, a Pass, a Propaganda phase, a new card) call the `narrate_*` hooks
//! below, and the text is computed from the Action (its spaces, Operation, Special
//! Activity) and from the difference between the position before and after. When the
//! game has no narrative (`Game::narrative` is None, as in `sim`), every hook returns at
//! once: no clone, no text.

use super::decision::{Op, Special, Stop};
use super::engine::Game;
use super::ops::Action;
use crate::kernel::{Control, Faction, PieceKind, PieceType, Ruleset, Side, SpaceId, State};
use std::fmt::Write;

/// What an entry tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A new card is played.
    Card,
    Pass,
    Operation,
    /// A Special Activity outside an Operation (an Event's free one).
    Special,
    Event,
    /// A phase of a Propaganda Round (6.1-6.6) or Open Deployment (2.1).
    Propaganda,
    /// Anything else worth a line: Ship, a victory check that ends nothing.
    Note,
}

/// One line of the narrative.
#[derive(Clone, Debug)]
pub struct Entry {
    pub kind: Kind,
    /// Who acted (None for cards and Propaganda phases).
    pub faction: Option<Faction>,
    /// The card being played, and its place in the deck (0 = the first card).
    pub card: Option<u8>,
    pub card_index: usize,
    /// The line, e.g. "AUC: Rally in Cesar, Arauca (−2 Resources); Extort in Cesar (+1)".
    pub text: String,
    /// What changed, one fact a line ("Cesar: +2 AUC Guerrillas (Underground)").
    pub details: Vec<String>,
    /// 1 inside an Event (its free Operations), else 0.
    pub depth: u8,
    /// Answers given when the entry was complete: replaying that many answers rebuilds
    /// the position right after it.
    pub answers: usize,
    /// The position right after the entry, when the narrative keeps positions.
    pub position: Option<Box<State>>,
    /// What the acting agent weighed before choosing this action (the search's statistics),
    /// when it deliberates; its text ends the line.
    pub deliberation: Option<super::decision::Deliberation>,
    open: bool,
}

impl Entry {
    /// The entry as printed: indented by its depth.
    pub fn line(&self) -> String {
        format!("{}{}", "  ".repeat(self.depth as usize), self.text)
    }
}

/// Watches entries as they are completed, in order.
pub type Observer = Box<dyn FnMut(&Entry)>;

/// The narrative of a game (`Game::narrative`).
#[derive(Default)]
pub struct Narrative {
    pub entries: Vec<Entry>,
    /// Keep the position after each entry.
    pub positions: bool,
    open: Vec<Open>,
    /// Entries handed to the observer so far.
    emitted: usize,
    /// The line of every entry handed on so far, in order (what a viewer shows).
    said: Vec<String>,
    observer: Option<Observer>,
    /// The last deliberation of an agent, for the next line of that Faction's action.
    deliberation: Option<(Faction, super::decision::Deliberation)>,
}

/// An action under way: the position before it.
struct Open {
    before: State,
    /// An Event's own part so far: where its current stretch began (the Event's start, or
    /// the end of the last Operation or Special Activity it ran, which have lines of their
    /// own), and the changes of the stretches before it. The Event's details are these,
    /// so a free Operation's changes are not told twice.
    stretch: Option<State>,
    own: Vec<String>,
    what: Opened,
    /// The entry reserved for it (an Event reserves its line before its free Operations).
    entry: Option<usize>,
    /// Special Activities done inside this Operation: their words and Resources.
    specials: Vec<String>,
    special_resources: i16,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Opened {
    Operation,
    Special,
    Event,
    Phase,
}

impl Narrative {
    pub fn new() -> Narrative {
        Narrative::default()
    }

    /// Keep the position after each entry (for a step-by-step replay).
    pub fn with_positions(mut self) -> Narrative {
        self.positions = true;
        self
    }

    /// Call `f` with each entry once it is complete, in the order of the narrative.
    pub fn observe(mut self, f: impl FnMut(&Entry) + 'static) -> Narrative {
        self.observer = Some(Box::new(f));
        self
    }

    /// The complete entries, in order (an Event the game stopped inside has none).
    pub fn done(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().filter(|e| !e.open)
    }

    /// Every line so far, indented by depth.
    pub fn lines(&self) -> Vec<String> {
        self.done().map(Entry::line).collect()
    }

    fn depth(&self) -> u8 {
        self.open.iter().filter(|o| o.what == Opened::Event).count().min(1) as u8
    }

    /// The lines of the complete entries, as a slice that grows with the game.
    pub fn said(&self) -> &[String] {
        &self.said
    }

    /// Faction `f`'s agent said what it weighed before its last answer: it goes with the
    /// line of the action it chose (a Pass, an Operation, an Event), in order.
    pub(crate) fn deliberated(&mut self, f: Faction, d: super::decision::Deliberation) {
        self.deliberation = Some((f, d));
    }

    /// Hand the entries completed in order to the observer; true if there were any.
    fn emit(&mut self) -> bool {
        let before = self.emitted;
        while let Some(e) = self.entries.get_mut(self.emitted) {
            if e.open {
                break;
            }
            if e.depth == 0
                && matches!(e.kind, Kind::Pass | Kind::Operation | Kind::Event)
                && let Some((f, _)) = &self.deliberation
                && e.faction == Some(*f)
                && let Some((_, d)) = self.deliberation.take()
            {
                e.text = format!("{} — {}", e.text, d.text);
                e.deliberation = Some(d);
            }
            let e = &self.entries[self.emitted];
            if let Some(f) = &mut self.observer {
                f(e);
            }
            self.said.push(e.line());
            self.emitted += 1;
        }
        self.emitted > before
    }
}

/// Every line of a game's narrative (empty when the game keeps none).
pub fn lines(game: &Game) -> Vec<String> {
    game.telemetry.narrative.as_ref().map_or_else(Vec::new, |n| n.lines())
}

fn op_name(op: Op) -> &'static str {
    match op {
        Op::Train => "Train",
        Op::Patrol => "Patrol",
        Op::Sweep => "Sweep",
        Op::Assault => "Assault",
        Op::Rally => "Rally",
        Op::March => "March",
        Op::Attack => "Attack",
        Op::Terror => "Terror",
    }
}

pub fn special_name(sa: Special) -> &'static str {
    match sa {
        Special::AirLift => "Air Lift",
        Special::AirStrike => "Air Strike",
        Special::Eradicate => "Eradicate",
        Special::Extort => "Extort",
        Special::Ambush => "Ambush",
        Special::Kidnap => "Kidnap",
        Special::Assassinate => "Assassinate",
        Special::Cultivate => "Cultivate",
        Special::Process => "Process",
        Special::Bribe => "Bribe",
    }
}

/// A signed number with a real minus sign: "+3", "−2".
fn signed(n: i64) -> String {
    if n < 0 { format!("−{}", -n) } else { format!("+{n}") }
}

/// At most 6 names, then how many more.
fn short_list(r: &Ruleset, spaces: &[SpaceId]) -> String {
    if spaces.len() <= 6 {
        return space_list(r, spaces.iter().copied());
    }
    format!(
        "{} and {} more spaces",
        space_list(r, spaces[..5].iter().copied()),
        spaces.len() - 5
    )
}

fn space_list(r: &Ruleset, spaces: impl Iterator<Item = SpaceId>) -> String {
    let names: Vec<&str> = spaces.map(|s| r.map.space(s).name.as_str()).collect();
    names.join(", ")
}

/// The spaces whose contents or markers differ between two positions, or where a
/// Shipment was placed, moved or removed, in map order.
fn changed_spaces(r: &Ruleset, a: &State, b: &State) -> Vec<SpaceId> {
    let mut shipped = 0u64;
    for i in 0..r.forces.limits.shipments {
        let at = |st: &State| st.shipment_holder(i).and_then(|p| st.piece_space(p));
        if (a.shipment_holder(i), at(a)) != (b.shipment_holder(i), at(b)) {
            shipped |= at(a).map_or(0, |s| s.bit()) | at(b).map_or(0, |s| s.bit());
        }
    }
    r.map
        .ids()
        .filter(|&s| a.space(s) != b.space(s) || shipped & s.bit() != 0)
        .collect()
}

/// What changed between two positions, in words: a line per space, then the tracks.
pub fn changes(r: &Ruleset, a: &State, b: &State) -> Vec<String> {
    let mut out = Vec::new();
    for s in changed_spaces(r, a, b) {
        let (x, y) = (a.space(s), b.space(s));
        let mut parts: Vec<String> = Vec::new();
        for f in Faction::ALL {
            for kind in [
                PieceKind::Troops,
                PieceKind::Police,
                PieceKind::Guerrilla,
                PieceKind::Base,
            ] {
                let Some(t) = PieceType::new(f, kind) else { continue };
                let who = if f == Faction::Govt {
                    String::new()
                } else {
                    format!("{} ", f.name())
                };
                if kind == PieceKind::Guerrilla {
                    let du = y.guerrillas(f, true) as i64 - x.guerrillas(f, true) as i64;
                    let da = y.guerrillas(f, false) as i64 - x.guerrillas(f, false) as i64;
                    if du == 0 && da == 0 {
                        continue;
                    }
                    if du + da == 0 {
                        let n = du.unsigned_abs();
                        let word = super::describe::kind_word(kind, n as u8);
                        parts.push(if du < 0 {
                            format!("{n} {who}{word} Activated")
                        } else {
                            format!("{n} {who}{word} Underground")
                        });
                        continue;
                    }
                    for (d, state) in [(du, "Underground"), (da, "Active")] {
                        if d != 0 {
                            let word = super::describe::kind_word(kind, d.unsigned_abs() as u8);
                            parts.push(format!("{} {who}{word} ({state})", signed(d)));
                        }
                    }
                    continue;
                }
                let d = y.count(t) as i64 - x.count(t) as i64;
                if d != 0 {
                    let word = super::describe::kind_word(kind, d.unsigned_abs() as u8);
                    let who = if kind == PieceKind::Base {
                        format!("{} ", f.name())
                    } else {
                        who
                    };
                    parts.push(format!("{} {who}{word}", signed(d)));
                }
            }
        }
        if x.support != y.support {
            parts.push(format!("{} → {}", x.support.name(), y.support.name()));
        }
        if x.control != y.control && !r.map.space(s).is_loc() {
            parts.push(match y.control {
                Control::Uncontrolled => format!("no longer {}", x.control.name()),
                c => format!("now {}", c.name()),
            });
        }
        if x.terror != y.terror {
            parts.push(format!("Terror {} → {}", x.terror, y.terror));
        }
        if x.sabotage != y.sabotage {
            parts.push(if y.sabotage { "Sabotaged" } else { "Sabotage removed" }.into());
        }
        if x.farc_zone != y.farc_zone {
            parts.push(if y.farc_zone { "FARC Zone" } else { "FARC Zone removed" }.into());
        }
        if !parts.is_empty() {
            out.push(format!("{}: {}", r.map.space(s).name, parts.join(", ")));
        }
    }
    // Shipments: who holds each, by space (4.5.3).
    for i in 0..r.forces.limits.shipments {
        let at = |st: &State| {
            st.shipment_holder(i)
                .and_then(|p| st.piece_space(p).map(|s| (r.forces.type_of(p).faction, s)))
        };
        let (x, y) = (at(a), at(b));
        if x == y {
            continue;
        }
        let word = |h: Option<(Faction, SpaceId)>| match h {
            Some((f, s)) => format!("{} in {}", f.name(), r.map.space(s).name),
            None => "none".into(),
        };
        out.push(match (x, y) {
            (None, Some(_)) => format!("Shipment placed: held by {}", word(y)),
            (Some(_), None) => format!("Shipment removed (was held by {})", word(x)),
            _ => format!("Shipment: held by {} → {}", word(x), word(y)),
        });
    }
    let mut tracks = Vec::new();
    for f in Faction::ALL {
        if a.resources(f) != b.resources(f) {
            tracks.push(format!(
                "{} Resources {} → {}",
                f.name(),
                a.resources(f),
                b.resources(f)
            ));
        }
    }
    if a.aid() != b.aid() {
        tracks.push(format!("Aid {} → {}", a.aid(), b.aid()));
    }
    if a.president() != b.president() {
        tracks.push(format!(
            "El Presidente: {}",
            r.forces.presidents[b.president() as usize].name
        ));
    }
    for (c, side) in b.capabilities() {
        if a.capability(c) != Some(side) {
            tracks.push(format!(
                "Capability: {} ({})",
                super::describe::card_line(r, Some(c)),
                side.slug()
            ));
        }
    }
    for (c, _) in a.capabilities() {
        if b.capability(c).is_none() {
            tracks.push(format!("Capability ended: {}", super::describe::card_line(r, Some(c))));
        }
    }
    for c in b.momentum_cards() {
        if !a.momentum(c) {
            tracks.push(format!("Momentum: {}", super::describe::card_line(r, Some(c))));
        }
    }
    if !a.momentum_cards().is_empty() && b.momentum_cards().is_empty() {
        tracks.push("Momentum ends".into());
    }
    for t in PieceType::all() {
        let d = b.out_of_play(t) as i64 - a.out_of_play(t) as i64;
        if d != 0 {
            tracks.push(format!("{} {t} out of play", signed(d)));
        }
    }
    if !tracks.is_empty() {
        out.push(tracks.join("; "));
    }
    out
}

/// The Resources of `f` now minus before.
fn resources_delta(a: &State, b: &State, f: Faction) -> i16 {
    b.resources(f) as i16 - a.resources(f) as i16
}

impl<'r> Game<'r> {
    /// A narrative is kept, and this is for real (not a dry run, crates/core/src/game/dryrun.rs).
    fn narrating(&self) -> bool {
        self.telemetry.narrative.is_some() && !self.in_dry_run()
    }

    /// Append a complete entry and hand the finished ones to the observer.
    fn narrate_entry(&mut self, kind: Kind, faction: Option<Faction>, text: String, details: Vec<String>) {
        let card = self.current_card();
        let card_index = self.card_index;
        let answers = self.answers.len();
        let position = self
            .telemetry
            .narrative
            .as_ref()
            .is_some_and(|n| n.positions)
            .then(|| Box::new(self.state.clone()));
        let Some(n) = &mut self.telemetry.narrative else { return };
        let depth = n.depth();
        n.entries.push(Entry {
            kind,
            faction,
            card,
            card_index,
            text: super::describe::printable(&text).into_owned(),
            details,
            depth,
            answers,
            position,
            deliberation: None,
            open: false,
        });
        if n.emit() {
            self.tell_watcher();
        }
    }

    /// New lines for the watcher (the HTML replay draws the board after each).
    fn tell_watcher(&mut self) {
        if let Some(mut w) = self.telemetry.watcher.take() {
            w.after_line(self);
            self.telemetry.watcher = Some(w);
        }
    }

    fn narrate_open(&mut self, what: Opened, reserve: Option<(Kind, Faction)>) {
        if !self.narrating() {
            return;
        }
        let before = self.state.clone();
        let (card, card_index) = (self.current_card(), self.card_index);
        let r = self.rules;
        let Some(n) = &mut self.telemetry.narrative else { return };
        // An Operation or Special Activity inside an Event ends the Event's own stretch.
        if matches!(what, Opened::Operation | Opened::Special)
            && let Some(ev) = n.open.last_mut()
            && ev.what == Opened::Event
            && let Some(from) = ev.stretch.take()
        {
            ev.own.extend(changes(r, &from, &before));
        }
        let entry = reserve.map(|(kind, f)| {
            let depth = n.depth();
            n.entries.push(Entry {
                kind,
                faction: Some(f),
                card,
                card_index,
                text: String::new(),
                details: Vec::new(),
                depth,
                answers: 0,
                position: None,
                deliberation: None,
                open: true,
            });
            n.entries.len() - 1
        });
        n.open.push(Open {
            stretch: (what == Opened::Event).then(|| before.clone()),
            own: Vec::new(),
            before,
            what,
            entry,
            specials: Vec::new(),
            special_resources: 0,
        });
    }

    fn narrate_close(&mut self) -> Option<Open> {
        if self.in_dry_run() {
            return None;
        }
        let n = self.telemetry.narrative.as_mut()?;
        let closed = n.open.pop()?;
        // Back in an Event after one of its Operations: its own stretch starts again here.
        if matches!(closed.what, Opened::Operation | Opened::Special)
            && let Some(ev) = n.open.last_mut()
            && ev.what == Opened::Event
            && ev.stretch.is_none()
        {
            ev.stretch = Some(self.state.clone());
        }
        Some(closed)
    }

    /// A new card (2.2, 6.0).
    pub(crate) fn narrate_card(&mut self, number: u8) {
        if !self.narrating() {
            return;
        }
        let r = self.rules;
        let Some(c) = r.card(number) else { return };
        let text = if c.kind == crate::kernel::CardKind::Propaganda {
            format!(
                "— Propaganda card {} ({} of {}) —",
                c.number, self.propaganda_played, self.final_propaganda
            )
        } else {
            let order: Vec<&str> = c.order.iter().map(|f| f.name()).collect();
            let mut text = format!("— Card {}: {} ({}) —", c.number, c.title, order.join(", "));
            // A Faction that sits this card out (2.3.1) is named, so that a person who is
            // Ineligible sees why the card goes by without them.
            let out: Vec<&str> = c
                .order
                .iter()
                .filter(|&&f| !self.state.eligible(f))
                .map(|f| f.name())
                .collect();
            if !out.is_empty() {
                let _ = write!(text, " Ineligible: {}", out.join(", "));
            }
            text
        };
        self.narrate_entry(Kind::Card, None, text, Vec::new());
    }

    /// 2.3.3: Faction `f` Passed and received `gained` Resources.
    pub(crate) fn narrate_pass(&mut self, f: Faction, gained: i16) {
        if !self.narrating() {
            return;
        }
        let text = if gained == 0 {
            format!("{}: Pass", f.name())
        } else {
            format!("{}: Pass ({} Resources)", f.name(), signed(gained as i64))
        };
        self.narrate_entry(Kind::Pass, Some(f), text, Vec::new());
    }

    /// A line of its own: Ship, a victory check.
    pub(crate) fn narrate_note(&mut self, f: Option<Faction>, text: impl FnOnce(&Self) -> String) {
        if !self.narrating() {
            return;
        }
        let text = text(self);
        self.narrate_entry(Kind::Note, f, text, Vec::new());
    }

    /// Before an Operation (the wrapper `Game::operation`).
    pub(crate) fn narrate_operation_begin(&mut self) {
        self.narrate_open(Opened::Operation, None);
    }

    /// After the Operation of `act`, with its Special Activity if it had one; `done` is
    /// false when the game stopped inside it (nothing to tell).
    pub(crate) fn narrate_operation(&mut self, act: &Action, done: bool) {
        let Some(open) = self.narrate_close() else { return };
        if !done {
            return;
        }
        let r = self.rules;
        let f = act.faction;
        let mut text = format!("{}: ", f.name());
        if act.limited {
            text.push_str("Limited ");
        }
        text.push_str(op_name(act.op));
        let spaces = r.map.ids().filter(|s| act.selected(*s));
        let list = space_list(r, spaces);
        let into = if matches!(act.op, Op::March | Op::Patrol) {
            "to"
        } else {
            "in"
        };
        if list.is_empty() {
            text.push_str(" (no space)");
        } else {
            let _ = write!(text, " {into} {list}");
        }
        let paid = resources_delta(&open.before, &self.state, f) - open.special_resources;
        let mut notes = Vec::new();
        if act.free {
            notes.push("free".to_string());
        }
        if paid != 0 {
            notes.push(format!("{} Resources", signed(paid as i64)));
        }
        if !notes.is_empty() {
            let _ = write!(text, " ({})", notes.join(", "));
        }
        for sa in &open.specials {
            let _ = write!(text, "; {sa}");
        }
        if act.special == Some(Special::Ambush) && open.specials.is_empty() {
            text.push_str("; Ambush");
        }
        let details = changes(r, &open.before, &self.state);
        self.narrate_entry(Kind::Operation, Some(f), text, details);
    }

    /// Before a Special Activity (the wrapper `Game::special_activity`).
    pub(crate) fn narrate_special_begin(&mut self) {
        self.narrate_open(Opened::Special, None);
    }

    /// After Special Activity `sa`: it joins the line of its Operation, or has its own
    /// (an Event's free Special Activity).
    pub(crate) fn narrate_special(&mut self, f: Faction, sa: Special, done: bool) {
        let Some(open) = self.narrate_close() else { return };
        if !done {
            return;
        }
        let r = self.rules;
        let spaces = changed_spaces(r, &open.before, &self.state);
        let mut words = special_name(sa).to_string();
        if !spaces.is_empty() {
            let _ = write!(words, " in {}", space_list(r, spaces.into_iter()));
        }
        let gained = resources_delta(&open.before, &self.state, f);
        if gained != 0 {
            let _ = write!(words, " ({})", signed(gained as i64));
        }
        if let Some(n) = &mut self.telemetry.narrative
            && let Some(parent) = n.open.last_mut()
            && parent.what == Opened::Operation
        {
            parent.specials.push(words);
            parent.special_resources += gained;
            return;
        }
        let details = changes(r, &open.before, &self.state);
        self.narrate_entry(Kind::Special, Some(f), format!("{}: {words}", f.name()), details);
    }

    /// Before Faction `f` executes side `side` of card `number` (5.0): the Event's line
    /// comes before the lines of the free Operations it grants.
    pub(crate) fn narrate_event_begin(&mut self, f: Faction) {
        self.narrate_open(Opened::Event, Some((Kind::Event, f)));
    }

    /// After the Event: `Some(None)` done, `Some(Some(why))` when its script failed and it
    /// was rolled back, `None` when the game stopped inside it (its line is dropped).
    pub(crate) fn narrate_event(&mut self, f: Faction, number: u8, side: Side, ended: Option<Option<String>>) {
        let Some(open) = self.narrate_close() else { return };
        let Some(failure) = ended else {
            if let (Some(n), Some(i)) = (&mut self.telemetry.narrative, open.entry) {
                n.entries.truncate(i);
            }
            return;
        };
        let r = self.rules;
        let card = r.card(number);
        let title = card.map_or("", |c| c.title.as_str());
        let which = match card {
            Some(c) if c.single => String::new(),
            _ => format!(" ({})", side.slug()),
        };
        let mut text = format!("{}: Event {number} {title}{which}", f.name());
        let mut open = open;
        // The Event's own changes: everything when it ran no Operation, else its stretches
        // outside them (theirs have their own lines).
        let details = match open.stretch.take() {
            Some(from) if open.own.is_empty() && from == open.before => changes(r, &open.before, &self.state),
            Some(from) => {
                let mut d = std::mem::take(&mut open.own);
                d.extend(changes(r, &from, &self.state));
                d
            }
            None => changes(r, &open.before, &self.state),
        };
        match failure {
            Some(e) => {
                let e = e.replace('\n', " ");
                let _ = write!(text, " failed and was rolled back: {e}");
            }
            None => {
                let spaces = changed_spaces(r, &open.before, &self.state);
                if !spaces.is_empty() {
                    let _ = write!(text, " — {}", short_list(r, &spaces));
                }
                let res: Vec<String> = Faction::ALL
                    .iter()
                    .map(|&x| (x, resources_delta(&open.before, &self.state, x)))
                    .filter(|(_, d)| *d != 0)
                    .map(|(x, d)| format!("{} {} Resources", x.name(), signed(d as i64)))
                    .collect();
                if !res.is_empty() {
                    let _ = write!(text, " ({})", res.join(", "));
                }
                if spaces.is_empty() && res.is_empty() && details.is_empty() {
                    text.push_str(" — no effect");
                } else if spaces.is_empty() && res.is_empty() {
                    // A Capability, Momentum or a track: say which.
                    let _ = write!(text, " — {}", details.join("; "));
                }
            }
        }
        let answers = self.answers.len();
        let position = self
            .telemetry
            .narrative
            .as_ref()
            .is_some_and(|n| n.positions)
            .then(|| Box::new(self.state.clone()));
        let Some(n) = &mut self.telemetry.narrative else { return };
        if let Some(e) = open.entry.and_then(|i| n.entries.get_mut(i)) {
            e.text = super::describe::printable(&text).into_owned();
            e.details = details;
            e.answers = answers;
            e.position = position;
            e.open = false;
        }
        if n.emit() {
            self.tell_watcher();
        }
    }

    /// Run a Propaganda phase (6.1-6.6) or Open Deployment (2.1) and tell what it changed.
    pub(crate) fn narrate_phase<T>(
        &mut self,
        phase: &'static str,
        body: impl FnOnce(&mut Self) -> Result<T, Stop>,
    ) -> Result<T, Stop> {
        if !self.narrating() {
            return body(self);
        }
        self.narrate_open(Opened::Phase, None);
        let out = body(self);
        let Some(open) = self.narrate_close() else { return out };
        let out = out?;
        let r = self.rules;
        let details = changes(r, &open.before, &self.state);
        // Open Deployment and a step of the Support Phase that changed nothing go unsaid.
        if details.is_empty() && (phase == "Open Deployment" || phase.starts_with("Support: ")) {
            return Ok(out);
        }
        let summary = match phase {
            "Resources" => {
                let res: Vec<String> = Faction::ALL
                    .iter()
                    .map(|&f| {
                        format!(
                            "{} {}",
                            f.name(),
                            signed(resources_delta(&open.before, &self.state, f) as i64)
                        )
                    })
                    .collect();
                res.join(", ")
            }
            _ => {
                let spaces = changed_spaces(r, &open.before, &self.state);
                match spaces.len() {
                    0 if details.is_empty() => "no change".into(),
                    0 => details.join("; "),
                    _ => short_list(r, &spaces),
                }
            }
        };
        let text = if phase == "Open Deployment" {
            format!("Open Deployment: {summary}")
        } else {
            format!("Propaganda, {phase}: {summary}")
        };
        self.narrate_entry(Kind::Propaganda, None, text, details);
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_read_as_pieces_markers_and_tracks() {
        let r = crate::content::embedded_rules();
        let mut a = State::empty(&r, 0);
        let cesar = r.map.find("cesar").unwrap();
        a.place(&r, cesar, PieceType::guerrilla(Faction::Auc)).unwrap();
        let mut b = a.clone();
        b.place(&r, cesar, PieceType::guerrilla(Faction::Auc)).unwrap();
        b.place(&r, cesar, PieceType::base(Faction::Auc)).unwrap();
        b.activate(&r, cesar, Faction::Auc).unwrap();
        b.add_resources(&r, Faction::Auc, 3).unwrap();
        let c = changes(&r, &a, &b);
        assert_eq!(
            c,
            ["Cesar: +1 AUC Guerrilla (Active), +1 AUC Base", "AUC Resources 0 → 3"],
            "{c:?}"
        );
        assert!(changes(&r, &a, &a).is_empty());
    }

    #[test]
    fn signs_use_a_real_minus() {
        assert_eq!(signed(-2), "−2");
        assert_eq!(signed(3), "+3");
    }
}
