//! Who answers the questions below a card-level choice: the Faction's section-8 bot
//! completes the Operation, Special Activity or Event the search chose (its flowchart
//! plans the Operation it is handed, as it does for an Event's free Operation), held to
//! the choice's Special Activity: none for `Move::Op`, one for `Move::OpSpecial`.

use super::config::Completer;
use super::moves::Move;
use crate::nonplayer::NonPlayer;
use abyss_core::game::{Agent, Ask, Choice, Doing, RandomAgent, Request, Stop, View};
use abyss_core::kernel::{Faction, Ruleset};

/// What the completing bot may do about a Special Activity in its own Operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Specials {
    /// As the bot's plan says (rollouts: the bot's own play).
    AsPlanned,
    /// Never (the Operation alone: a 2nd Eligible then has only a Limited Operation).
    Never,
    /// One, if any is offered: the plan's, else the first offered.
    Always,
}

/// The policy answering a Faction's questions until its next card-level choice.
pub enum Completion {
    Bot(NonPlayer, Specials),
    Random(RandomAgent),
}

impl Completion {
    /// The bot, completing `mv` (or, with `AsPlanned`, playing on its own).
    pub fn bot(f: Faction, specials: Specials) -> Completion {
        Completion::Bot(NonPlayer::new(f), specials)
    }

    /// The completion of `mv` by `by`; `seed` seeds a random one.
    pub fn for_move(f: Faction, mv: Move, by: Completer, seed: u64) -> Completion {
        if by == Completer::Random {
            return Completion::Random(RandomAgent::new(seed));
        }
        let s = match mv {
            Move::Op(_) => Specials::Never,
            Move::OpSpecial(_) => Specials::Always,
            Move::Pass | Move::Event(_) => Specials::AsPlanned,
        };
        Completion::bot(f, s)
    }
}

impl Agent for Completion {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        let (bot, specials) = match self {
            Completion::Random(r) => return r.decide(view, req),
            Completion::Bot(b, s) => (b, *s),
        };
        // Only the Faction's own Operation chosen on the card; an Event's free Operation
        // is the Event's.
        let own_op = matches!(view.doing, Doing::Operation { faction, by_event: false, .. } if faction == req.faction);
        let special = |c: &Choice| matches!(c, Choice::Special(_));
        if !own_op || specials == Specials::AsPlanned || !req.options.iter().any(special) {
            return bot.decide(view, req);
        }
        if specials == Specials::Never {
            let keep: Vec<usize> = (0..req.options.len()).filter(|&i| !special(&req.options[i])).collect();
            if keep.is_empty() {
                return bot.decide(view, req);
            }
            let sub = Request {
                options: keep.iter().map(|&i| req.options[i]).collect(),
                ..req.clone()
            };
            let j = bot.decide(view, &sub)?;
            return Ok(keep.get(j).copied().unwrap_or(keep[0]));
        }
        let i = bot.decide(view, req)?;
        // 4.1: right after the Operation is the last chance to add one.
        if req.ask == Ask::AddSpecial
            && req.options.get(i) == Some(&Choice::Done)
            && let Some(k) = req.options.iter().position(special)
        {
            return Ok(k);
        }
        Ok(i)
    }

    fn draw_dice(&mut self) -> Option<abyss_core::kernel::Dice> {
        match self {
            Completion::Random(r) => r.draw_dice(),
            Completion::Bot(..) => None,
        }
    }

    fn drew(&mut self) {
        if let Completion::Random(r) = self {
            r.drew();
        }
    }

    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        match self {
            Completion::Random(r) => r.noted(rules, f, c),
            Completion::Bot(b, _) => b.noted(rules, f, c),
        }
    }
}

/// May a Special Activity go with an Operation chosen now (not with a player's Limited
/// Operation, 2.3.5; a Non-player never executes a Limited one, 8.1)?
pub fn specials_possible(view: &View, f: Faction) -> bool {
    use abyss_core::game::sequence::Executed;
    let non_player = view.seating.non_players.contains(&f);
    non_player
        || !matches!(
            view.first,
            Some(Executed::Operation | Executed::OperationWithSpecialActivity)
        )
}
