//! The Game: a position, the deck, the agents that answer for each Faction, and the record
//! of every answer. Rules code is straight-line Rust that asks and continues: each
//! question goes through `Game::ask` with the explicit list of legal options.

use super::decision::{Agent, Choice, Doing, Prompt, Request, Stop, View};
use super::question::Question;
use crate::content::Seating;
use crate::kernel::{Faction, Ruleset, SpaceId, State, check_invariants};

/// What a question returns: the chosen option, or why the game stops.
pub type Asked = Result<Choice, Stop>;

/// How a game ended (7.0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Some(n): a victory check (7.2) ended the game at the n-th Propaganda card;
    /// None: the game ran its course and 7.3 decided.
    pub victory_check: Option<u8>,
    /// Seats (players) in final rank order, each with its Factions and victory margin
    /// (the lower one for a player running two Factions, 1.5.1).
    pub ranking: Vec<(Vec<Faction>, i16)>,
    /// Every Faction's own margin (7.3), by Faction index.
    pub margins: [i16; 4],
    /// Every Faction's own victory condition (7.2) at the end.
    pub conditions: [bool; 4],
    /// 8.8: in a solitaire game that ran its course, the player's margin minus the
    /// highest Non-player margin.
    pub solitaire: Option<i16>,
}

/// 8.8: the level of a solitaire player's success, from the player's margin minus the
/// highest Non-player margin.
pub fn solitaire_level(score: i16) -> &'static str {
    match score {
        i16::MIN..=0 => "COIN Failure",
        1..=3 => "Stalemate",
        4..=8 => "COIN Progress",
        _ => "COIN Triumph",
    }
}

impl Outcome {
    pub fn winner(&self) -> &[Faction] {
        &self.ranking[0].0
    }
}

/// How the game stood at a Propaganda Round's Victory phase (6.1): the margins a victory
/// check (7.2) looks at, and who led then. The course of a game for `abyss balance`
/// (margin trajectories, lead changes, comebacks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundMark {
    /// The Propaganda card of the Round, counted from 1 (as `Outcome::victory_check`).
    pub round: u8,
    /// Every Faction's margin (7.3), by Faction index.
    pub margins: [i16; 4],
    /// The seat first in the 7.3 ranking then (7.1 ties): the winner had the game ended.
    pub leader: Vec<Faction>,
}

/// A moment of the game where no question is pending, at which a watcher (a scenario
/// test's `expect after ...`) may look at the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// A card (Event or Propaganda) has been played to its end: after 2.3.7 on an Event
    /// card, after the Round on a Propaganda card.
    CardEnd(u8),
    /// A phase of a Propaganda Round has ended (6.1-6.6).
    AfterPhase(Phase),
}

/// The phases of a Propaganda Round (6.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Victory,
    Sabotage,
    Resources,
    Support,
    Redeploy,
    Reset,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Victory,
        Phase::Sabotage,
        Phase::Resources,
        Phase::Support,
        Phase::Redeploy,
        Phase::Reset,
    ];
    pub fn slug(self) -> &'static str {
        match self {
            Phase::Victory => "victory",
            Phase::Sabotage => "sabotage",
            Phase::Resources => "resources",
            Phase::Support => "support",
            Phase::Redeploy => "redeploy",
            Phase::Reset => "reset",
        }
    }
}

/// Called at each `Moment` with the game as it stands (scenario-test checkpoints).
pub type Checkpoints<'r> = Box<dyn FnMut(&Game<'r>, Moment) + 'r>;

/// Counters for reports and benchmarks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Questions answered by an agent (single-option questions are answered by the engine
    /// and not counted or recorded).
    pub decisions: u64,
    /// Cards played (Event and Propaganda).
    pub cards: u32,
}

/// Something that follows a game from outside without taking part in it: the HTML
/// replay records the board after each narrative line, and a position can be saved at a
/// card boundary. It sees the game read-only; it never answers a question.
pub trait Watcher {
    /// The card at `game.card_index` is about to be played (after Open Deployment, 2.1,
    /// for the first). Returning false stops the game there with `Stop::Paused`.
    fn before_card(&mut self, _game: &Game) -> bool {
        true
    }
    /// A line was added to `game.log` (the game logs only when `log` is Some).
    fn after_line(&mut self, _game: &Game) {}
}

/// The whole game.
pub struct Game<'r> {
    pub rules: &'r Ruleset,
    pub state: State,
    /// The draw deck, top first; `card_index` is the card being played.
    pub deck: Vec<u8>,
    /// How the deck was made (its piles), for drawing its unseen part anew (`resample`).
    pub deck_spec: crate::content::DeckSpec,
    pub card_index: usize,
    pub seating: Seating,
    /// The Propaganda card (counted from 1) whose Round is the last (2.4.1).
    pub final_propaganda: u8,
    /// Propaganda Rounds whose Victory phase is skipped (Quick-Play).
    pub skip_victory: Vec<u8>,
    /// Propaganda cards played so far.
    pub propaganda_played: u8,
    /// The standing at each Propaganda Round held so far (6.1), in order.
    pub rounds: Vec<RoundMark>,
    /// Every answer given by an agent, in order, with the Faction that gave it.
    pub answers: Vec<(Faction, Choice)>,
    /// Run `check_invariants` before every question (validator and tests).
    pub check_every_decision: bool,
    /// Offer the voluntary transfers of 1.5.2 during each Operation.
    pub negotiation: bool,
    /// Offer the voluntary removal of one's own pieces during an Operation (1.4.1).
    pub voluntary_removal: bool,
    pub stats: Stats,
    pub agents: Vec<Box<dyn Agent + 'r>>,
    pub(super) request: Request,
    /// Per-card bookkeeping (2.3.6, Capabilities that limit spaces per card).
    pub card: CardContext,
    /// Forces still to be placed by Open Deployment before the first card (2.1).
    pub(crate) open_deployment: Vec<(Faction, [u8; crate::kernel::PieceType::COUNT])>,
    /// Events whose script failed: each was rolled back and the game went on (5.0).
    pub event_failures: Vec<super::events::ScriptError>,
    /// Event sides executed, by card and side.
    pub events_played: Vec<(u8, crate::kernel::Side)>,
    /// What the game is doing now (for agents that plan, through the View).
    pub doing: Doing,
    /// Lasting Events of the set-up whose scripts have yet to switch their effects on.
    pub(crate) lasting_pending: Vec<crate::content::Lasting>,
    /// The game at the start of the card being played, for agents that search
    /// (crates/core/src/game/resume.rs); None before the first card.
    pub(crate) card_start: Option<Box<super::resume::CardStart>>,
    /// The menus judged on the card being played, when kept (`Game::keep_card_menus`).
    pub(crate) card_menus: Option<std::rc::Rc<std::cell::RefCell<super::resume::CardMenus>>>,
    /// Draw the dice anew before the question asked at this many answers, from this seed
    /// (`Game::redraw_dice_at`): a search's simulated game.
    pub(crate) redraw_dice: Option<(usize, u64)>,
    /// What people and tools see of the game as it goes (lines, narrative, watchers,
    /// Event traces, timing): none of it changes the game.
    pub telemetry: Telemetry<'r>,
    /// The dry runs' machinery (4.1 Special Activity first, 5.1.3): never the rules' state.
    pub(crate) dry: DryRuns<'r>,
}

/// What people and tools see of a game as it goes. Replays compare the rules' state, the
/// answers and `Stats`, never this.
#[derive(Default)]
pub struct Telemetry<'r> {
    /// Human-readable lines of what happened, when enabled.
    pub log: Option<Vec<String>>,
    /// The narrative of the game (a line per action and Propaganda phase), when enabled.
    pub narrative: Option<super::narrative::Narrative>,
    /// Follows the game from outside (see `Watcher`); None in playouts.
    pub watcher: Option<Box<dyn Watcher + 'r>>,
    /// Looks at the position at each `Moment` (scenario tests); None in play.
    pub watch: Option<Checkpoints<'r>>,
    /// What each Event did, when traced (a validator's playout and its replay): the replay
    /// of a game's answers is checked Event by Event against it (`playout::verify_playout`).
    pub event_trace: Option<Vec<super::events::EventMark>>,
    /// Wall time spent executing Events (the Lua VM, its start and the questions asked
    /// inside): for benchmarks; not part of `Stats`, which replays compare.
    pub event_time: std::time::Duration,
}

/// The machinery of the engine's dry runs: a Special Activity judged before its Operation
/// (4.1, ops/probe.rs) and an Event's candidates (5.1.3, dryrun.rs).
#[derive(Default)]
pub(crate) struct DryRuns<'r> {
    /// A Special Activity under way before its Operation's first space (4.1): only
    /// answers after which the Operation can still take place are offered.
    pub(crate) guard: Option<Box<super::ops::probe::Guard>>,
    /// Set in a copy of the game made for a dry run (ops/probe.rs): questions are
    /// answered from it, not by the agents.
    pub(crate) probing: Option<Box<super::ops::probe::ProbeRun>>,
    /// Dry-run results kept while the position does not change (ops/probe.rs).
    pub(crate) probe_memo: std::cell::RefCell<super::ops::probe::ProbeMemo>,
    /// The copy of the game that dry runs use, kept between searches.
    pub(crate) prober: std::cell::RefCell<Option<Box<super::ops::probe::Prober<'r>>>>,
    /// Dry runs under way (crates/core/src/game/dryrun.rs): nothing done now is for real.
    pub(crate) dry_runs: Vec<super::dryrun::DryRun<'r>>,
    /// Explorers and their agents from dry runs that ended, for the next ones to reuse.
    pub(crate) dry_spares: Vec<super::dryrun::Spare<'r>>,
}

/// What the rules track across one card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardContext {
    /// Factions (bit = index) that already benefited from a Shipment on this card: each
    /// may only once (2.3.6).
    pub shipped: u8,
    /// Sweep and Assault spaces on this card (for Capabilities that limit them).
    pub sweep_spaces: u8,
    pub assault_spaces: u8,
    /// Playing the last Event card before the final Propaganda card (2.3.9).
    pub final_event_card: bool,
    /// An Event's say over who is Eligible for the next card (2.3.7).
    pub event_override: [Option<bool>; 4],
    /// What the 1st Eligible executed (2.3.4).
    pub first: Option<super::sequence::Executed>,
    /// Insurgent Discord (8.1): the Government player's answer for the Non-player
    /// choosing now.
    pub discord: Option<bool>,
    /// An Event card is being played (from its first question to 2.3.7).
    pub playing: bool,
    /// The Sequence of Play box each Faction's cylinder moved to on this card, if any.
    pub sop: [Option<super::sequence::SopBox>; 4],
}

impl<'r> Game<'r> {
    /// A game from a set-up position and a prepared deck, with one agent per Faction
    /// (indexed by Faction::index).
    pub fn new(
        rules: &'r Ruleset,
        setup: crate::content::Setup,
        deck: Vec<u8>,
        agents: Vec<Box<dyn Agent + 'r>>,
    ) -> Self {
        assert_eq!(agents.len(), 4, "one agent per Faction");
        Game {
            rules,
            state: setup.state,
            deck,
            deck_spec: setup.deck,
            card_index: 0,
            seating: setup.seating,
            final_propaganda: setup.final_propaganda,
            skip_victory: setup.skip_victory,
            propaganda_played: 0,
            rounds: Vec::new(),
            answers: Vec::new(),
            check_every_decision: false,
            negotiation: false,
            voluntary_removal: false,
            stats: Stats::default(),
            agents,
            request: Request {
                faction: Faction::Govt,
                ask: super::question::Ask::None,
                prompt: Prompt::Static(""),
                about: None,
                options: Vec::with_capacity(64),
            },
            card: CardContext::default(),
            open_deployment: setup.open_deployment,
            lasting_pending: setup.lasting,
            event_failures: Vec::new(),
            events_played: Vec::new(),
            doing: Doing::Nothing,
            card_start: None,
            card_menus: None,
            redraw_dice: None,
            telemetry: Telemetry::default(),
            dry: DryRuns::default(),
        }
    }

    /// A copy of this game for a dry run (ops/probe.rs): the same position and card
    /// bookkeeping, no deck, no log, no player options, and `agents` answering.
    pub(crate) fn probe(&self, agents: Vec<Box<dyn Agent + 'r>>) -> Game<'r> {
        Game {
            rules: self.rules,
            state: self.state.clone(),
            deck: Vec::new(),
            deck_spec: crate::content::DeckSpec::Fixed(Vec::new()),
            card_index: 0,
            seating: Seating {
                players: Vec::new(),
                non_players: Vec::new(),
            },
            final_propaganda: self.final_propaganda,
            skip_victory: Vec::new(),
            propaganda_played: self.propaganda_played,
            rounds: Vec::new(),
            answers: Vec::new(),
            check_every_decision: false,
            negotiation: false,
            voluntary_removal: false,
            stats: Stats::default(),
            agents,
            request: Request {
                faction: Faction::Govt,
                ask: super::question::Ask::None,
                prompt: Prompt::Static(""),
                about: None,
                options: Vec::new(),
            },
            card: self.card,
            open_deployment: Vec::new(),
            lasting_pending: Vec::new(),
            event_failures: Vec::new(),
            events_played: Vec::new(),
            doing: self.doing,
            card_start: None,
            card_menus: None,
            redraw_dice: None,
            telemetry: Telemetry::default(),
            dry: DryRuns::default(),
        }
    }

    /// Let the watcher, if any, look at the game at a moment.
    pub(crate) fn reached(&mut self, m: Moment) {
        if let Some(mut w) = self.telemetry.watch.take() {
            w(self, m);
            self.telemetry.watch = Some(w);
        }
    }

    /// Where Faction `f`'s cylinder stands on the Sequence of Play track now (2.3): on an
    /// Event card, the box of what it executed or Passed; otherwise Eligible or Ineligible.
    /// An Operation's box is set when it is chosen (Op) and completed when it ends (Op &
    /// Special Activity, if one was executed).
    pub fn sequence_box(&self, f: Faction) -> super::sequence::SopBox {
        use super::sequence::SopBox;
        match self.card.sop[f.index()] {
            Some(b) if self.card.playing => b,
            _ if self.state.eligible(f) => SopBox::Eligible,
            _ => SopBox::Ineligible,
        }
    }

    pub fn current_card(&self) -> Option<u8> {
        self.deck.get(self.card_index).copied()
    }
    pub fn next_card(&self) -> Option<u8> {
        self.deck.get(self.card_index + 1).copied()
    }

    /// How many cards from the top of the deck everyone has seen: those played, the
    /// current card and the next one, which is face up (2.2).
    pub fn cards_seen(&self) -> usize {
        (self.card_index + 2).min(self.deck.len())
    }

    /// Draw what no one can know anew from `dice` (issue 27): the order of the unseen deck,
    /// consistent with everything seen and with the scenario's piles (`deck::resample`),
    /// and the game's future dice. The open position is untouched; a search samples a
    /// world this way before each playout.
    pub fn resample_hidden(&mut self, dice: &mut crate::kernel::Dice) {
        self.deck = super::deck::resample(&self.deck_spec, self.rules, &self.deck, self.cards_seen(), dice);
        let seed = (u64::from(dice.below(u32::MAX)) << 32) | u64::from(dice.below(u32::MAX));
        self.state.dice = crate::kernel::Dice::new(seed);
    }

    /// Write a line to the log, if logging is on. The closure keeps formatting out of
    /// playouts that do not log.
    pub fn note(&mut self, line: impl FnOnce(&Ruleset) -> String) {
        if let Some(log) = &mut self.telemetry.log {
            log.push(line(self.rules));
            if let Some(mut w) = self.telemetry.watcher.take() {
                w.after_line(self);
                self.telemetry.watcher = Some(w);
            }
        }
    }

    /// Tell the watcher, if any, that the card at `card_index` is next; false: stop here.
    pub(crate) fn watch_card(&mut self) -> bool {
        let Some(mut w) = self.telemetry.watcher.take() else {
            return true;
        };
        let go = w.before_card(self);
        self.telemetry.watcher = Some(w);
        go
    }

    /// Ask Faction `f` to choose among the options `build` lists. A question with one
    /// option is answered by the engine (the same way live and in replay) and not
    /// recorded; a question with none is a dead end and stops the game as a failure.
    pub fn ask(
        &mut self,
        f: Faction,
        q: impl Into<Question>,
        about: Option<SpaceId>,
        build: impl FnOnce(&Self, &mut Vec<Choice>),
    ) -> Asked {
        self.ask_judged(f, q, about, build, None::<fn(&Self, Choice) -> bool>)
    }

    /// As `ask`, with the Operations and Special Activities `build` lists kept only where
    /// `judge` allows them (any other option is kept as listed). `judge` is the costly
    /// part (a dry run, say): it runs on an option only when the answer needs it
    /// (crates/core/src/game/sample.rs).
    pub(crate) fn ask_judged(
        &mut self,
        f: Faction,
        q: impl Into<Question>,
        about: Option<SpaceId>,
        build: impl FnOnce(&Self, &mut Vec<Choice>),
        judge: Option<impl Fn(&Self, Choice) -> bool>,
    ) -> Asked {
        if self.dry.probing.is_some() {
            let ask = q.into().ask;
            return self.probe_ask(f, ask, about, |g, o| {
                let from = o.len();
                build(g, o);
                super::sample::keep_allowed(g, o, from, judge.as_ref());
            });
        }
        let Question { ask, text: prompt } = q.into();
        let mut options = std::mem::take(&mut self.request.options);
        options.clear();
        // Under a Guard (4.1) every answer is part of the path a dry run replays; the
        // executing Faction's options are kept only where its Operation can follow.
        let guarded = self.dry.guard.is_some();
        if let Some(given) = self.given_menu() {
            // A copy replaying its card: the menu as the original judged it.
            options.extend_from_slice(&given);
            self.note_menu(true, &options);
        } else {
            build(self, &mut options);
            let guard_judges = self.dry.guard.as_ref().is_some_and(|g| g.judges(f));
            if options.len() >= 2
                && (judge.is_some() != guard_judges)
                && let Some(dice) = self.agents[f.index()].draw_dice()
            {
                self.note_menu(false, &[]);
                return self.ask_sampled(f, &prompt, dice, options, judge.as_ref());
            }
            super::sample::keep_allowed(self, &mut options, 0, judge.as_ref());
            if guarded && options.len() >= 2 {
                self.guard_filter(f, &mut options);
            }
            self.note_menu(judge.is_some() && !guarded, &options);
        }
        self.request.options = options;
        match self.request.options.len() {
            0 => {
                return Err(Stop::Failed(format!(
                    "dead end: {} has no option for \"{prompt}\"",
                    f.name()
                )));
            }
            1 => {
                let c = self.request.options[0];
                if guarded {
                    self.guard_record(c);
                }
                return Ok(c);
            }
            _ => {}
        }
        self.check_before_decision()?;
        self.request.faction = f;
        self.request.ask = ask;
        self.request.prompt = prompt.clone();
        self.request.about = about;
        if let Some((at, seed)) = self.redraw_dice
            && at == self.answers.len()
        {
            self.redraw_dice = None;
            self.state.dice = crate::kernel::Dice::new(seed);
        }
        let view = View {
            rules: self.rules,
            state: &self.state,
            card: self.current_card(),
            next_card: self.next_card(),
            answers: &self.answers,
            doing: self.doing,
            first: self.card.first,
            seating: &self.seating,
            final_propaganda_next: self.propaganda_played + 1 >= self.final_propaganda,
            discord: self.card.discord,
            card_start: self.card_start.as_deref(),
        };
        let i = self.agents[f.index()].decide(&view, &self.request)?;
        if self.telemetry.narrative.is_some()
            && let Some(d) = self.agents[f.index()].deliberation()
            && let Some(n) = &mut self.telemetry.narrative
        {
            n.deliberated(f, d);
        }
        let Some(&choice) = self.request.options.get(i) else {
            return Err(Stop::Failed(format!(
                "{}'s agent answered option {i} of {} for \"{prompt}\"",
                f.name(),
                self.request.options.len()
            )));
        };
        self.answered(f, choice);
        Ok(choice)
    }

    /// With `check_invariants` on, every invariant before each decision.
    pub(crate) fn check_before_decision(&self) -> Result<(), Stop> {
        if self.check_every_decision {
            let broken = check_invariants(&self.state, self.rules);
            if !broken.is_empty() {
                return Err(Stop::Failed(format!("invariant broken: {}", broken.join("; "))));
            }
        }
        Ok(())
    }

    /// Note `f`'s answer to a question with two options or more.
    pub(crate) fn answered(&mut self, f: Faction, choice: Choice) {
        self.answers.push((f, choice));
        self.stats.decisions += 1;
        if self.dry.guard.is_some() {
            self.guard_record(choice);
        }
    }

    /// Ask for a number in `lo..=hi` (answered at once when lo == hi).
    pub fn ask_number(
        &mut self,
        f: Faction,
        q: impl Into<Question>,
        about: Option<SpaceId>,
        lo: u8,
        hi: u8,
    ) -> Result<u8, Stop> {
        if lo >= hi {
            return Ok(lo.min(hi));
        }
        match self.ask(f, q, about, |_, o| o.extend((lo..=hi).map(Choice::Number)))? {
            Choice::Number(n) => Ok(n),
            c => Err(Stop::Failed(format!("expected a number, got {c}"))),
        }
    }

    /// Ask yes or no.
    pub fn ask_yes(&mut self, f: Faction, q: impl Into<Question>, about: Option<SpaceId>) -> Result<bool, Stop> {
        Ok(self.ask(f, q, about, |_, o| o.extend([Choice::Yes, Choice::No]))? == Choice::Yes)
    }

    /// 8.8: one player, every other Faction a Non-player.
    pub fn solitaire(&self) -> bool {
        self.seating.players.iter().filter(|p| !p.is_empty()).count() == 1 && !self.seating.non_players.is_empty()
    }

    /// Is Faction `f` run by the Non-player rules of section 8 (1.5 Non-player option)?
    pub fn is_non_player(&self, f: Faction) -> bool {
        self.seating.non_players.contains(&f)
    }

    /// Run `body` with `doing` as what the game is doing, then restore the previous.
    pub(crate) fn doing<T>(&mut self, doing: Doing, body: impl FnOnce(&mut Self) -> T) -> T {
        let before = std::mem::replace(&mut self.doing, doing);
        let out = body(self);
        self.doing = before;
        out
    }

    /// The Factions that share Faction `f`'s seat (1.5.1), `f` included.
    pub fn seat_of(&self, f: Faction) -> &[Faction] {
        self.seating
            .players
            .iter()
            .find(|p| p.contains(&f))
            .map(|p| p.as_slice())
            .unwrap_or(std::slice::from_ref(match f {
                Faction::Govt => &Faction::Govt,
                Faction::Farc => &Faction::Farc,
                Faction::Auc => &Faction::Auc,
                Faction::Cartels => &Faction::Cartels,
            }))
    }
}
