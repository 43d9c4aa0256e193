//! 8.1 Ineffective Events: a Non-player chooses only an Event that will have an effect.
//! The bot finds out the way a player would at the table: it executes the Event on a
//! copy of the position (with Non-player answers) and looks for any change, a
//! Capability or Momentum included (5.3-5.4), and any say over eligibility.

use abyss_core::content::{DeckSpec, Setup};
use abyss_core::game::{Agent, Game, View};
use abyss_core::kernel::{Faction, Side};

/// A game on a copy of the position, with Non-player answers, in which Faction `f` has
/// just executed `side` of card `card`; None when the Event could not be executed.
fn after_event<'r>(view: &View<'r>, f: Faction, card: u8, side: Side) -> Option<Game<'r>> {
    let setup = Setup {
        state: view.state.clone(),
        deck: DeckSpec::Fixed(vec![card]),
        seating: view.seating.clone(),
        final_propaganda: 4,
        skip_victory: vec![],
        open_deployment: vec![],
        // The position is the live game's: its lasting effects are on already.
        lasting: vec![],
    };
    let agents: Vec<Box<dyn Agent + '_>> = Faction::ALL
        .iter()
        .map(|&x| Box::new(super::NonPlayer::probe(x)) as Box<dyn Agent>)
        .collect();
    // The Event runs through the engine's script runner like any other: every Event
    // starts from a fresh instance of the card's script, so this look-ahead cannot change
    // what the game's own Events see.
    let mut game = Game::new(view.rules, setup, vec![card], agents);
    match game.execute_event(f, card, side) {
        Ok(None) => Some(game),
        _ => None,
    }
}

/// Would Faction `f` executing `side` of card `card` change the game?
pub fn event_has_effect(view: &View, f: Faction, card: u8, side: Side) -> bool {
    let Some(game) = after_event(view, f, card, side) else {
        return false;
    };
    let overridden = game.card.event_override.iter().any(|o| o.is_some());
    let mut after = game.state;
    // Dice rolled by the Event are no effect by themselves.
    after.dice = view.state.dice.clone();
    after != *view.state || overridden
}

/// The victory margins (7.3, Faction order) after Faction `f` executes `side` of card
/// `card` on a copy of the position (Non-player answers), and whether the Event put a
/// Capability or Momentum in effect; None when it cannot be executed.
pub fn margins_after_event(view: &View, f: Faction, card: u8, side: Side) -> Option<([i16; 4], bool)> {
    let game = after_event(view, f, card, side)?;
    let lasting = game.state.capability(card).is_some() || game.state.momentum(card);
    let margins = Faction::ALL.map(|x| abyss_core::game::victory_margin(view.rules, &game.state, x));
    Some((margins, lasting))
}
