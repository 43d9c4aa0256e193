//! A game played again to one of its card-level questions and answered otherwise there:
//! what the card-impact analysis (`abyss cards`, crates/play/src/impact.rs) compares, a Faction
//! that plays an Event side against the same Faction, in the same game, not playing it.
//!
//! A copy is the real game played again from its seed with the same agents. The content,
//! the set-up, the seed (which prepares the deck and rolls every die) and the agents fix a
//! game, so the copy asks the same questions and gets the same answers up to the fork,
//! where it stands in the very position of the real game, dice included. There the
//! Faction's agent is asked the same question with its options narrowed (`Answer`); from
//! there both games go on with the same agents, the same deck and the same stream of dice,
//! whose rolls differ only as far as the play does. `play` checks that a copy's answers
//! before the fork are the real game's.
//!
//! Not `Driven::fork` (which plays the inside seats again just the same, but on a
//! coroutine per game and with the forking seat answered from outside) nor `Game::resume` (the
//! search's world: it starts at the card with fresh agents, whereas the bots keep plans
//! from card to card, and it is meant to draw the unseen deck and the future dice anew).
//!
//! Every question is judged in full, in real games and copies alike: no agent draws its
//! answer (`Agent::draw_dice`), so the fork question reaches the agent with its whole list
//! of options, to be narrowed. The bots never draw, so their games are `sim`'s; the random
//! agent then picks uniformly among the options allowed with its own dice, as `decide`
//! does: the same distribution as in `sim`, not the same games.

use crate::playout::AgentSpec;
use abyss_core::content::Setup;
use abyss_core::game::decision::{Agent, Choice, Deliberation, Request, Stop, View};
use abyss_core::game::engine::Outcome;
use abyss_core::game::playout::{new_game, reseeded};
use abyss_core::game::question::Ask;
use abyss_core::kernel::{Dice, Faction, Ruleset, Side};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// An Event side offered to a Faction at its card-level choice (2.3) in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// How many answers the game held when the question was asked: its place in the
    /// record (the answer to it is `answers[answer]`).
    pub answer: usize,
    pub faction: Faction,
    pub card: u8,
    pub side: Side,
    /// What the Faction's agent answered.
    pub pick: Choice,
}

/// How a copy's agent is asked the fork question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// With this option alone: the Faction plays it (copy A, an Event side).
    Only(Choice),
    /// With every option but this one: the Faction's best alternative is what its own
    /// agent picks without it (copy B).
    Without(Choice),
}

/// Where a copy leaves the real game, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fork {
    /// The question's place in the record (`Offer::answer`).
    pub answer: usize,
    pub faction: Faction,
    pub how: Answer,
}

/// A game played to its end.
#[derive(Debug)]
pub struct Played {
    pub outcome: Result<Outcome, Stop>,
    /// Every answer, in order (the game's record).
    pub answers: Vec<(Faction, Choice)>,
    /// The Event sides offered at card-level choices, in the order asked (in a copy, only
    /// those after the fork are its own).
    pub offers: Vec<Offer>,
}

/// What the agents of one game share: the offers seen, and whether the fork was taken.
#[derive(Default)]
struct Seen {
    offers: RefCell<Vec<Offer>>,
    forked: Cell<bool>,
}

/// An agent as the game's spec makes it, watched: it notes the Event sides offered at its
/// card-level choices, never draws (every question judged in full), and in a copy narrows
/// the fork question before its agent sees it.
struct Tap<'r> {
    inner: Box<dyn Agent + 'r>,
    fork: Option<Fork>,
    seen: Rc<Seen>,
}

impl Tap<'_> {
    /// Ask the agent the fork question with its options narrowed; the answer's index in
    /// the whole list.
    fn narrowed(&mut self, view: &View, req: &Request, fork: Fork) -> Result<usize, Stop> {
        let wrong = |why: &str| {
            Stop::Failed(format!(
                "the copy's question at answer {} is not the real game's: {why}",
                fork.answer
            ))
        };
        if req.ask != Ask::Action || req.faction != fork.faction {
            return Err(wrong(&format!("{} is asked \"{}\"", req.faction.name(), req.prompt)));
        }
        let (kept, c): (Vec<Choice>, Choice) = match fork.how {
            Answer::Only(c) => (vec![c], c),
            Answer::Without(c) => (req.options.iter().copied().filter(|&o| o != c).collect(), c),
        };
        if !req.options.contains(&c) || kept.is_empty() {
            return Err(wrong(&format!("{c} is not among its options")));
        }
        let sub = Request {
            options: kept,
            ..req.clone()
        };
        let j = self.inner.decide(view, &sub)?;
        let chosen = *sub.options.get(j).ok_or_else(|| {
            Stop::Failed(format!(
                "{}'s agent answered option {j} of {}",
                req.faction.name(),
                sub.options.len()
            ))
        })?;
        self.seen.forked.set(true);
        Ok(req
            .options
            .iter()
            .position(|&o| o == chosen)
            .expect("a narrowed option"))
    }
}

impl Agent for Tap<'_> {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        if let Some(fork) = self.fork
            && view.answers.len() == fork.answer
        {
            self.fork = None;
            return self.narrowed(view, req, fork);
        }
        let i = self.inner.decide(view, req)?;
        if req.ask == Ask::Action
            && let (Some(card), Some(&pick)) = (view.card, req.options.get(i))
        {
            let mut offers = self.seen.offers.borrow_mut();
            for &o in &req.options {
                if let Choice::Event(side) = o {
                    offers.push(Offer {
                        answer: view.answers.len(),
                        faction: req.faction,
                        card,
                        side,
                        pick,
                    });
                }
            }
        }
        Ok(i)
    }

    /// Never: the question is judged in full and `decide` asked (see the module's note).
    fn draw_dice(&mut self) -> Option<Dice> {
        None
    }

    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.inner.noted(rules, f, c)
    }

    fn deliberation(&mut self) -> Option<Deliberation> {
        self.inner.deliberation()
    }
}

/// Play the game of `seed` on `setup` (seated for `spec`, as `AgentSpec::seat` gives it)
/// with the agents of `spec` to its end: the real game with `fork` None, else a copy
/// answered otherwise at the fork. A copy that does not reach its fork, or reaches it
/// by other answers than `real` (the real game's record), stops with a failure.
pub fn play(
    rules: &Ruleset,
    setup: &Setup,
    seed: u64,
    spec: &AgentSpec,
    fork: Option<Fork>,
    real: Option<&[(Faction, Choice)]>,
) -> Played {
    let fired = abyss_agents::nonplayer::Fired::default();
    let seen = Rc::new(Seen::default());
    let agents: Vec<Box<dyn Agent>> = spec
        .agents(seed, &fired)
        .into_iter()
        .zip(Faction::ALL)
        .map(|(inner, f)| {
            Box::new(Tap {
                inner,
                fork: fork.filter(|k| k.faction == f),
                seen: seen.clone(),
            }) as Box<dyn Agent>
        })
        .collect();
    let mut game = new_game(rules, reseeded(setup, seed), agents);
    let mut outcome = game.play();
    if let Some(k) = fork {
        let before = real.map(|r| &r[..k.answer.min(r.len())]);
        if game.answers.len() < k.answer || before.is_some_and(|b| b != &game.answers[..k.answer]) {
            outcome = Err(Stop::Failed(format!(
                "the copy did not play the real game's {} answers before its fork",
                k.answer
            )));
        } else if !seen.forked.get() && outcome.is_ok() {
            outcome = Err(Stop::Failed(format!(
                "the copy ended without reaching its fork at answer {}",
                k.answer
            )));
        }
    }
    let offers = std::mem::take(&mut *seen.offers.borrow_mut());
    Played {
        outcome,
        answers: std::mem::take(&mut game.answers),
        offers,
    }
}
