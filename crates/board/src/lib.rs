//! The board picture: a position drawn as people know the board (`abyss show --svg`,
//! `play`'s `picture`), a whole game as one HTML page that steps through it (`abyss
//! replay --html`), and a position as JSON (`abyss show --format json`). The map's
//! geometry is content (rules/layout.toml, `content::layout`); this module only draws.

pub mod balance;
pub mod html;
pub mod json;
pub mod svg;
pub mod trace;

use abyss_core::content::{ContentFiles, DeckSpec, Setup};
use abyss_core::game::{Game, victory_margin};
use abyss_core::kernel::{Faction, Ruleset, State};
use std::path::Path;

/// What a picture shows: a position, and around it what the game knows of its course.
pub struct Position<'a> {
    pub rules: &'a Ruleset,
    pub state: &'a State,
    /// A caption, e.g. "Standard Deployment" or "after card 20".
    pub title: String,
    /// The card being played and the one showing next (2.2), when known.
    pub current_card: Option<u8>,
    pub next_card: Option<u8>,
    /// Cards played so far, and cards left in the deck (the current one included).
    pub deck: Option<(usize, usize)>,
}

impl<'a> Position<'a> {
    /// A position with no known deck (a scenario's set-up before its deck is prepared).
    pub fn of_state(rules: &'a Ruleset, state: &'a State, title: impl Into<String>) -> Position<'a> {
        Position {
            rules,
            state,
            title: title.into(),
            current_card: None,
            next_card: None,
            deck: None,
        }
    }

    /// A scenario's starting position; its cards are known when its deck is a fixed order.
    pub fn of_setup(rules: &'a Ruleset, setup: &'a Setup, title: impl Into<String>) -> Position<'a> {
        let mut pos = Position::of_state(rules, &setup.state, title);
        if let DeckSpec::Fixed(order) = &setup.deck {
            pos.current_card = order.first().copied();
            pos.next_card = order.get(1).copied();
            pos.deck = Some((0, order.len()));
        }
        pos
    }

    /// A scenario's starting position with its deck as a game seeded with `seed` prepares
    /// it (2.1), as `play --seed` and `sim --seed` would.
    pub fn of_setup_seeded(rules: &'a Ruleset, setup: &'a Setup, seed: u64, title: impl Into<String>) -> Position<'a> {
        let deck = abyss_core::game::deck::prepare(&setup.deck, rules, &mut abyss_core::kernel::Dice::new(seed));
        let mut pos = Position::of_state(rules, &setup.state, title);
        pos.current_card = deck.first().copied();
        pos.next_card = deck.get(1).copied();
        pos.deck = Some((0, deck.len()));
        pos
    }

    /// A game's position now, with its cards.
    pub fn of_game(game: &'a Game, title: impl Into<String>) -> Position<'a> {
        let i = game.card_index.min(game.deck.len());
        Position {
            rules: game.rules,
            state: &game.state,
            title: title.into(),
            current_card: game.current_card(),
            next_card: game.next_card(),
            deck: Some((i, game.deck.len() - i)),
        }
    }

    /// The four victory margins (7.3), by Faction index.
    pub fn margins(&self) -> [i16; 4] {
        Faction::ALL.map(|f| victory_margin(self.rules, self.state, f))
    }
}

/// The narrative the HTML replay shows beside the board: one line per thing that
/// happened, growing as the game goes — the game's narrative (`Game::narrative`,
/// crates/core/src/game/narrative.rs) when it keeps one, else its log (`Game::log`).
pub fn narrative<'g>(game: &'g Game) -> &'g [String] {
    match &game.telemetry.narrative {
        Some(n) => n.said(),
        None => game.telemetry.log.as_deref().unwrap_or(&[]),
    }
}

/// Draw a position with the content's layout and write it as an SVG file.
pub fn write_svg(files: &ContentFiles, pos: &Position, path: &Path) -> Result<(), String> {
    let layout = abyss_core::content::load_layout(files, &pos.rules.map)?;
    let svg = svg::Painter::new(pos.rules, std::rc::Rc::new(layout)).svg(pos);
    std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))
}

/// Escape text for XML and HTML.
pub(crate) fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            _ => o.push(c),
        }
    }
    o
}
