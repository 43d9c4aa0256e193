//! `abyss event CARD`: run one Event on a scenario's position and print what changed —
//! the modder's loop: edit events/NNN_slug.lua, rerun with `--content DIR`, read the diff.

use super::out::{Exit, say};
use crate::game::Game;
use crate::game::decision::{Agent, Choice, Request, Stop, View};
use crate::game::describe::printable;
use crate::kernel::{Faction, PieceType, Ruleset, Side, State};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// The card number (1-72).
    pub card: u8,
    /// Which side (single Events: unshaded).
    #[arg(long, value_enum, default_value = "unshaded")]
    pub side: SideArg,
    /// The executing Faction (default: the first in the card's order).
    #[arg(long)]
    pub by: Option<String>,
    /// The position: a scenario name or a scenario TOML file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Answers to the Event's questions, in order, as words separated by spaces or commas
    /// ("cali done"); whoever is asked takes the next one.
    #[arg(long, default_value = "")]
    pub answers: String,
}

#[derive(clap::ValueEnum, Clone, Copy)]
pub enum SideArg {
    Unshaded,
    Shaded,
}

/// The words to answer with, how many were used, and the question none could answer.
type WordList = Rc<RefCell<(Vec<String>, usize, Option<Request>)>>;

/// Answers each question with the next word, whoever is asked; keeps the question it
/// could not answer.
struct Words {
    words: WordList,
}

impl Agent for Words {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        let mut w = self.words.borrow_mut();
        let Some(word) = w.0.get(w.1).cloned() else {
            w.2 = Some(request.clone());
            return Err(Stop::Diverged("the answers ran out".into()));
        };
        let found = Choice::parse(&word, view.rules).and_then(|c| request.options.iter().position(|&o| o == c));
        match found {
            Some(i) => {
                w.1 += 1;
                Ok(i)
            }
            None => {
                w.2 = Some(request.clone());
                Err(Stop::Diverged(format!("`{word}` is not an option")))
            }
        }
    }
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let files = a.content.files()?;
    let (rules, _, setup) = super::load_position(&files, &a.scenario, a.seed)?;
    let card = rules
        .card(a.card)
        .filter(|c| c.kind == crate::kernel::CardKind::Event)
        .ok_or_else(|| format!("no Event card {}", a.card))?;
    let side = match a.side {
        SideArg::Unshaded => Side::Unshaded,
        SideArg::Shaded if card.single => {
            return Err(format!("card {} is a single Event: it has no shaded side", a.card).into());
        }
        SideArg::Shaded => Side::Shaded,
    };
    let by = match &a.by {
        Some(b) => Faction::from_slug(&b.to_ascii_lowercase())
            .ok_or_else(|| format!("unknown Faction `{b}` (govt, farc, auc, cartels)"))?,
        None => card.order[0],
    };
    let words: Vec<String> = a
        .answers
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    let shared = Rc::new(RefCell::new((words, 0usize, None::<Request>)));
    let agents: Vec<Box<dyn Agent>> = Faction::ALL
        .iter()
        .map(|_| Box::new(Words { words: shared.clone() }) as Box<dyn Agent>)
        .collect();
    let mut game = Game::new(&rules, setup, vec![a.card], agents);
    // The set-up's Capabilities and Momentum are part of the position, not of this Event.
    game.switch_on_lasting_effects().map_err(|e| e.to_string())?;
    game.telemetry.log = Some(Vec::new());
    let before = game.state.clone();
    say!(
        "card {} ({}), {} — executed by {}",
        card.number,
        printable(&card.title),
        side.slug(),
        by.name()
    );
    if let Some(t) = card.text(side) {
        say!("  {}", printable(t));
    }
    let result = game.execute_event(by, a.card, side);
    let (_, used, pending) = shared.borrow().clone();
    match result {
        Err(Stop::Diverged(m)) => {
            let q = pending.expect("a question was pending");
            say!(
                "stopped after {used} answer(s): {m}. {} is asked \"{}\"; options: {}",
                q.faction.name(),
                printable(&q.prompt),
                q.options.iter().map(|c| c.render(&rules)).collect::<Vec<_>>().join(" ")
            );
            say!("(give the answers with --answers \"...\")");
            return Ok(1);
        }
        Err(e) => return Err(e.to_string().into()),
        Ok(Some(e)) => {
            say!(
                "the Event failed; the position is unchanged:\n{}",
                printable(&e.to_string())
            );
            return Ok(1);
        }
        Ok(None) => {}
    }
    for line in game.telemetry.log.as_deref().unwrap_or(&[]).iter().skip(1) {
        say!("  log: {}", printable(line));
    }
    let changes = diff(&rules, &before, &game.state);
    if changes.is_empty() {
        say!("no change");
    }
    for c in changes {
        say!("  {c}");
    }
    Ok(0)
}

/// What differs between two positions, one line per fact, in map and track order.
pub fn diff(r: &Ruleset, a: &State, b: &State) -> Vec<String> {
    let mut out = Vec::new();
    for s in r.map.ids() {
        let name = &r.map.space(s).slug;
        if a.in_play(s) != b.in_play(s) {
            out.push(format!("{name}: in play {} -> {}", a.in_play(s), b.in_play(s)));
        }
        let (x, y) = (a.space(s), b.space(s));
        for t in PieceType::all() {
            let states: &[Option<bool>] = if t.is_guerrilla() {
                &[Some(true), Some(false)]
            } else {
                &[None]
            };
            for &u in states {
                let n = |st: &crate::kernel::SpaceState| match u {
                    Some(u) => st.guerrillas(t.faction, u),
                    None => st.count(t),
                };
                if n(x) != n(y) {
                    let label = match u {
                        Some(true) => format!("{}-{}-underground", t.faction.slug(), t.kind.slug()),
                        Some(false) => format!("{}-{}-active", t.faction.slug(), t.kind.slug()),
                        None => format!("{}-{}", t.faction.slug(), t.kind.slug()),
                    };
                    out.push(format!("{name}: {label} {} -> {}", n(x), n(y)));
                }
            }
        }
        if x.support != y.support {
            out.push(format!("{name}: {} -> {}", x.support.slug(), y.support.slug()));
        }
        if x.terror != y.terror {
            out.push(format!("{name}: terror {} -> {}", x.terror, y.terror));
        }
        if x.sabotage != y.sabotage {
            out.push(format!("{name}: sabotage {} -> {}", x.sabotage, y.sabotage));
        }
        if x.farc_zone != y.farc_zone {
            out.push(format!("{name}: farc-zone {} -> {}", x.farc_zone, y.farc_zone));
        }
    }
    for f in Faction::ALL {
        if a.resources(f) != b.resources(f) {
            out.push(format!(
                "resources {}: {} -> {}",
                f.slug(),
                a.resources(f),
                b.resources(f)
            ));
        }
    }
    if a.aid() != b.aid() {
        out.push(format!("aid: {} -> {}", a.aid(), b.aid()));
    }
    for f in Faction::ALL {
        if a.eligible(f) != b.eligible(f) {
            out.push(format!("eligible {}: {} -> {}", f.slug(), a.eligible(f), b.eligible(f)));
        }
    }
    for t in PieceType::all() {
        if a.available(t) != b.available(t) {
            out.push(format!(
                "available {}-{}: {} -> {}",
                t.faction.slug(),
                t.kind.slug(),
                a.available(t),
                b.available(t)
            ));
        }
        if a.out_of_play(t) != b.out_of_play(t) {
            out.push(format!(
                "out of play {}-{}: {} -> {}",
                t.faction.slug(),
                t.kind.slug(),
                a.out_of_play(t),
                b.out_of_play(t)
            ));
        }
    }
    if a.capabilities() != b.capabilities() {
        out.push(format!(
            "capabilities: {:?} -> {:?}",
            a.capabilities(),
            b.capabilities()
        ));
    }
    if a.momentum_cards() != b.momentum_cards() {
        out.push(format!(
            "momentum: {:?} -> {:?}",
            a.momentum_cards(),
            b.momentum_cards()
        ));
    }
    out.extend(shipment_changes(r, a, b));
    // Only the hooks that changed, by the names the card API sets them with.
    for (name, _) in crate::kernel::modifiers::HOOKS {
        let (x, y) = (a.mods().get(name), b.mods().get(name));
        if x != y {
            let show = |v: Option<u64>| v.map_or("-".into(), |v| v.to_string());
            out.push(format!("hook {name}: {} -> {}", show(x), show(y)));
        }
    }
    out
}

/// Every Shipment that was placed, moved, changed hands or was removed, with its owner:
/// the Faction of the Guerrilla that holds it (4.5.3).
fn shipment_changes(r: &Ruleset, a: &State, b: &State) -> Vec<String> {
    let holder = |st: &State, i: u8| {
        st.shipment_holder(i).map(|p| {
            let t = r.forces.type_of(p);
            let state = if st.piece(p).underground {
                "underground"
            } else {
                "active"
            };
            let at = st.piece_space(p).map_or("-".into(), |s| r.map.space(s).slug.clone());
            (p, format!("{}-guerrilla-{state} in {at}", t.faction.slug()))
        })
    };
    let mut out = Vec::new();
    for i in 0..r.forces.limits.shipments {
        let (x, y) = (holder(a, i), holder(b, i));
        let line = match (&x, &y) {
            (None, None) => continue,
            (Some(x), Some(y)) if x == y => continue,
            (None, Some((_, y))) => format!("shipment {}: placed, held by {y}", i + 1),
            (Some((_, x)), None) => format!("shipment {}: held by {x}, removed", i + 1),
            (Some((_, x)), Some((_, y))) => format!("shipment {}: held by {x} -> {y}", i + 1),
        };
        out.push(line);
    }
    out
}
