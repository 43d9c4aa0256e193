//! A game resumed at the start of a card: what a search needs to simulate the game from
//! where it stands without replaying it from its first card.
//!
//! Every game keeps, while it plays, the position at the start of the card being played
//! (`CardStart`) and shows it to its agents in the `View`. Everything in it is open to all
//! (2.2): the position, the cards seen so far, the answers given before the card. The
//! unseen part of the deck is not in it — a search draws it anew (`CardStart::deck_drawn`).
//! The dice are there, as they are in `View::state`: replaying the card's answers needs the
//! rolls already made on it; a search draws the future ones anew
//! (`Game::redraw_dice_at`).
//!
//! `Game::resume` starts a game from it; replaying the answers given since the card began
//! brings it to the question the real game is asking, exactly (crates/agents/src/search checks the
//! position it reaches against the real one).

use super::decision::Agent;
use super::engine::{CardContext, Game, Stats};
use crate::content::{DeckSpec, Seating};
use crate::kernel::{Dice, Ruleset, State};

/// The game at the start of the card being played (after Open Deployment, 2.1).
#[derive(Clone, Debug)]
pub struct CardStart {
    pub state: State,
    /// The card's place in the deck (0 = the first card).
    pub card_index: usize,
    pub propaganda_played: u8,
    /// How many answers the game held when the card began.
    pub answers: usize,
    /// The cards everyone has seen: those played, this one and the next, face up (2.2).
    pub seen: Vec<u8>,
    /// How many cards the deck holds (seen or not).
    pub deck_len: usize,
    pub deck_spec: DeckSpec,
    pub final_propaganda: u8,
    pub skip_victory: Vec<u8>,
    pub negotiation: bool,
    pub voluntary_removal: bool,
    pub stats: Stats,
    pub(crate) card: CardContext,
}

impl CardStart {
    /// A whole deck: the cards seen, then the unseen part drawn from `dice` with the
    /// distribution of the scenario's deck preparation conditioned on what was seen
    /// (`deck::resample`). A fixed order hides nothing and is the order itself.
    pub fn deck_drawn(&self, r: &Ruleset, dice: &mut Dice) -> Vec<u8> {
        if let DeckSpec::Fixed(order) = &self.deck_spec {
            return order.clone();
        }
        let mut deck = self.seen.clone();
        // The unseen slots are placeholders: `resample` fills every slot past `seen`.
        deck.resize(self.deck_len, 0);
        super::deck::resample(&self.deck_spec, r, &deck, self.seen.len(), dice)
    }
}

/// The menus judged on the card being played, kept for a copy of the game resumed at the
/// card's start (a fork, crates/play/src/drive.rs): replaying the card, it takes each
/// costly menu (one whose options are judged by dry runs, 4.1) as the original judged it
/// instead of judging it again. The procedures are deterministic, so the copy asks the
/// same questions in the same order: the n-th menu asked is the same menu.
#[derive(Clone, Debug, Default)]
pub struct CardMenus {
    /// The card they were asked on (its place in the deck).
    card_index: usize,
    /// Every question asked on the card so far, in order: the options judged, for a
    /// costly menu judged in full; None for the others (cheap to ask again, or answered by
    /// a draw that judged only some options, or under a 4.1 Guard, whose bookkeeping the
    /// copy must redo).
    asked: Vec<Option<Vec<super::decision::Choice>>>,
    /// The original's menus, for the copy to take while it replays the card.
    given: Vec<Option<Vec<super::decision::Choice>>>,
}

impl CardMenus {
    /// The menus to give a copy resumed at the start of the card at `card_index`: those
    /// asked on it so far.
    pub fn for_copy(&self, card_index: usize) -> CardMenus {
        let mut copy = CardMenus {
            card_index,
            ..CardMenus::default()
        };
        if self.card_index == card_index {
            copy.given = self.asked.clone();
        }
        copy
    }
}

impl<'r> Game<'r> {
    /// Keep the menus judged on each card (`CardMenus`), from `menus` (a copy's, with the
    /// original's to take).
    pub fn keep_card_menus(&mut self, menus: std::rc::Rc<std::cell::RefCell<CardMenus>>) {
        self.card_menus = Some(menus);
    }

    /// The menu of the question about to be asked, as the original judged it, if the game
    /// replays a card it was given (`CardMenus`).
    pub(crate) fn given_menu(&mut self) -> Option<Vec<super::decision::Choice>> {
        let mut m = self.card_menus.as_ref()?.borrow_mut();
        let n = m.asked.len();
        m.given.get_mut(n).and_then(Option::take)
    }

    /// Note the question just asked: its judged menu when `costly`.
    pub(crate) fn note_menu(&mut self, costly: bool, options: &[super::decision::Choice]) {
        if let Some(m) = &self.card_menus {
            m.borrow_mut().asked.push(costly.then(|| options.to_vec()));
        }
    }

    /// Note the position at the start of the card at `card_index` (`View::card_start`).
    /// In place: a game keeps one and overwrites it card after card.
    pub(crate) fn note_card_start(&mut self) {
        if let Some(m) = &self.card_menus {
            let mut m = m.borrow_mut();
            if m.card_index != self.card_index {
                m.card_index = self.card_index;
                m.given.clear();
            }
            m.asked.clear();
        }
        let seen = self.cards_seen();
        let (answers, card_index) = (self.answers.len(), self.card_index);
        match &mut self.card_start {
            Some(cs) => {
                cs.state.clone_from(&self.state);
                cs.card_index = card_index;
                cs.propaganda_played = self.propaganda_played;
                cs.answers = answers;
                cs.seen.clear();
                cs.seen.extend_from_slice(&self.deck[..seen]);
                cs.stats = self.stats;
                cs.card = self.card;
            }
            None => {
                self.card_start = Some(Box::new(CardStart {
                    state: self.state.clone(),
                    card_index,
                    propaganda_played: self.propaganda_played,
                    answers,
                    seen: self.deck[..seen].to_vec(),
                    deck_len: self.deck.len(),
                    deck_spec: self.deck_spec.clone(),
                    final_propaganda: self.final_propaganda,
                    skip_victory: self.skip_victory.clone(),
                    negotiation: self.negotiation,
                    voluntary_removal: self.voluntary_removal,
                    stats: self.stats,
                    card: self.card,
                }))
            }
        }
    }

    /// A game at `start`, with `deck` (its seen cards as `start` saw them) and `agents`
    /// answering; `play` goes on from the card at `start.card_index`. The answers given
    /// before the card are `answers` (the agents that roll — the section 8 bots — salt
    /// their dice with their number, so it must be the real game's).
    pub fn resume(
        rules: &'r Ruleset,
        start: &CardStart,
        seating: Seating,
        answers: Vec<(crate::kernel::Faction, super::decision::Choice)>,
        deck: Vec<u8>,
        agents: Vec<Box<dyn Agent + 'r>>,
    ) -> Game<'r> {
        debug_assert_eq!(answers.len(), start.answers);
        let setup = crate::content::Setup {
            state: start.state.clone(),
            deck: start.deck_spec.clone(),
            seating,
            final_propaganda: start.final_propaganda,
            skip_victory: start.skip_victory.clone(),
            open_deployment: Vec::new(),
            lasting: Vec::new(),
        };
        let mut g = Game::new(rules, setup, deck, agents);
        g.card_index = start.card_index;
        g.propaganda_played = start.propaganda_played;
        g.answers = answers;
        g.negotiation = start.negotiation;
        g.voluntary_removal = start.voluntary_removal;
        g.stats = start.stats;
        g.card = start.card;
        g
    }

    /// Draw the game's future dice anew from `seed` just before the question asked when
    /// the game holds `answers` answers goes to its agent: a search replays the rolls
    /// already made on the card with the real dice, and samples the rolls to come.
    pub fn redraw_dice_at(&mut self, answers: usize, seed: u64) {
        self.redraw_dice = Some((answers, seed));
    }
}
