//! A game driven from outside (issue 27): the caller sees the pending question — whose it
//! is, what it asks (typed), the legal answers and the open position — answers it, and the
//! game goes on to the next question a driven seat must answer. Seats not driven are
//! played inside by their agents (random or section-8 bots), as in `sim`.
//!
//! Mechanism: the engine asks its questions from deep inside straight-line Rust and Lua
//! code (an Event's script stops mid-call to ask), so the game runs on a coroutine of its
//! own (corosensei: a stack of its own on the caller's thread) and a driven seat's agent
//! suspends it with the question; `answer` resumes it with the answer. Handing a question
//! over costs a switch of stacks, not a thread's wake-up (drive_bench measures it). An
//! Event left waiting keeps its Lua host to itself: the host takes what it keeps for the
//! Events under way off the thread while the coroutine waits
//! (`abyss_core::game::EventSuspension`), so any number of driven games can be open at
//! once on one thread. A `Driven` stays on the thread that made it (it is not `Send`).
//!
//! Fork: a copy of the game at the pending question, mid-Event or mid-Operation alike. The
//! game keeps the position at the start of the card being played (`CardStart`), and each
//! inside agent a copy of itself as the card began (`Agent::fork`); the copy resumes the
//! game there and replays the driven seats' answers given on the card since, while the
//! inside seats' copies play the card again just as they did. The menus the original
//! judged by dry runs on the card (4.1) are given to the copy as judged (`CardMenus`), so
//! a fork costs about what the card's plain questions cost. Where an agent cannot be
//! copied, or before the first card, the copy replays the game from its start instead.
//! Both then go on independently.
//!
//! Same set-up, seed, agents and answers ⇒ the same game and record as `sim` and `play`.

use crate::playout::AgentSpec;
use abyss_core::content::{Seating, Setup};
use abyss_core::game::decision::{Agent, Choice, Doing, Request, Stop, View};
use abyss_core::game::engine::{Game, Outcome};
use abyss_core::game::playout::reseeded;
use abyss_core::game::question::Ask;
use abyss_core::game::resume::{CardMenus, CardStart};
use abyss_core::kernel::{Faction, Ruleset, SpaceId, State};
use corosensei::stack::DefaultStack;
use corosensei::{Coroutine, CoroutineResult, Yielder};
use std::any::Any;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::Arc;

/// The question a driven seat must answer now, read in place in the waiting game (nothing
/// is copied to hand it over): it lives until the game is answered or dropped.
#[derive(Clone, Copy, Debug)]
pub struct Pending<'a> {
    pub faction: Faction,
    /// What is asked (agents decide from this, not from `prompt`).
    pub ask: Ask,
    /// What the game is doing: the Event (card and side) or Operation under way.
    pub doing: Doing,
    /// The question's text, for people.
    pub prompt: &'a str,
    pub about: Option<SpaceId>,
    /// The legal answers; `Driven::answer` takes an index into them.
    pub options: &'a [Choice],
    /// The open position as it stands (all of Andean Abyss is open but the deck, 2.2).
    pub state: &'a State,
    /// The card being played and the next one, face up.
    pub card: Option<u8>,
    pub next_card: Option<u8>,
}

/// Where a driven game stands.
#[derive(Clone, Copy, Debug)]
pub enum Status<'a> {
    /// A driven seat must answer.
    Asks(Pending<'a>),
    /// The game is over (or stopped: a failure says why).
    Over(&'a Result<Outcome, Stop>),
}

/// A question as the waiting game's driven agent handed it over: the agent's `View` and
/// `Request`, borrowed for as long as its `decide` waits (the coroutine is suspended
/// inside it), so they stay put and unchanged until the game is resumed.
struct Asked {
    faction: Faction,
    ask: Ask,
    doing: Doing,
    about: Option<SpaceId>,
    card: Option<u8>,
    next_card: Option<u8>,
    prompt: *const str,
    options: *const [Choice],
    state: *const State,
}

/// Where the game stands, as `Driven` keeps it.
enum Now {
    Asks(Asked),
    Over(Result<Outcome, Stop>),
}

/// How a game on its coroutine ended: how, and its last position.
struct Ended {
    result: Result<Outcome, Stop>,
    state: Box<State>,
}

/// The game's coroutine: resumed with the index of an answer, it suspends with the next
/// question of a driven seat and returns how the game ended.
type Play = Coroutine<usize, Asked, Ended, DefaultStack>;

/// Why a driven game is not started or stepped from inside an Event on its thread.
const BUSY: &str = "a driven game cannot be started or stepped while an Event runs on its thread: \
                    step it from outside any game's Event (or on another thread)";

/// The answer a `Driven` dropped mid-game resumes its coroutine with: the game stops.
const QUIT: usize = usize::MAX;

/// A game's coroutine stack: the engine's deepest calls (an Event's script asking inside
/// a dry run) run in it. Only the pages used are ever touched.
const STACK_BYTES: usize = 4 << 20;

/// What the driver and the agents on its coroutine share.
#[derive(Default)]
struct Link {
    /// The answers recorded since the driver last looked.
    news: Vec<(Faction, Choice)>,
    /// How many of the game's answers have gone into `news`.
    sent: usize,
    /// The card being played as it began, seen at a driven seat's question on it.
    base: Option<Box<(CardStart, Seating)>>,
    /// Each inside agent's copy of itself as the card being played began (None for a
    /// driven seat, or an agent that cannot be copied).
    copies: [Option<Box<dyn Agent>>; 4],
    /// The inside agents that cannot be copied.
    uncopied: bool,
    /// The game is being stopped (its `Driven` was dropped).
    quit: bool,
    /// The menus the game judged on the card being played (a fork takes them).
    menus: Rc<RefCell<CardMenus>>,
}

/// The agent of a driven seat, on the game's coroutine: answers first from the answers to
/// replay (a fork), then suspends the game with the question.
struct Outside<'y> {
    replay: VecDeque<(Faction, Choice)>,
    yielder: &'y Yielder<usize, Asked>,
    link: Rc<RefCell<Link>>,
}

impl Agent for Outside<'_> {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        if let Some((f, c)) = self.replay.pop_front() {
            if f != request.faction {
                return Err(Stop::Diverged(format!(
                    "the answer to replay is {}'s, but {} is asked \"{}\"",
                    f.name(),
                    request.faction.name(),
                    request.prompt
                )));
            }
            return request
                .options
                .iter()
                .position(|&o| o == c)
                .ok_or_else(|| Stop::Diverged(format!("{c} is not an option of \"{}\"", request.prompt)));
        }
        {
            let mut link = self.link.borrow_mut();
            if link.quit {
                return Err(Stop::Quit);
            }
            // The card's start, kept once a card for a fork.
            if let Some(cs) = view.card_start
                && link.base.as_ref().is_none_or(|b| b.0.card_index != cs.card_index)
            {
                link.base = Some(Box::new((cs.clone(), view.seating.clone())));
            }
            let from = link.sent.min(view.answers.len());
            link.news.extend_from_slice(&view.answers[from..]);
            link.sent = view.answers.len();
        }
        let asked = Asked {
            faction: request.faction,
            ask: request.ask,
            doing: view.doing,
            about: request.about,
            card: view.card,
            next_card: view.next_card,
            prompt: &*request.prompt as *const str,
            options: &request.options[..] as *const [Choice],
            state: view.state as *const State,
        };
        match self.yielder.suspend(asked) {
            QUIT => {
                self.link.borrow_mut().quit = true;
                Err(Stop::Quit)
            }
            i => Ok(i),
        }
    }

    fn noted(&mut self, _rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        // A noted answer of a driven seat is part of its answers to replay.
        if let Some(&(rf, rc)) = self.replay.front() {
            if (rf, rc) != (f, c) {
                return Err(Stop::Diverged(format!(
                    "the noted answer to replay is {} {rc}, but the engine noted {} {c}",
                    rf.name(),
                    f.name()
                )));
            }
            self.replay.pop_front();
        }
        Ok(())
    }
}

/// An inside seat's agent, which leaves a copy of itself in the link as each card begins.
struct Inside {
    agent: Box<dyn Agent>,
    seat: usize,
    link: Rc<RefCell<Link>>,
}

impl Agent for Inside {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop> {
        self.agent.decide(view, request)
    }
    fn draw_dice(&mut self) -> Option<abyss_core::kernel::Dice> {
        self.agent.draw_dice()
    }
    fn drew(&mut self) {
        self.agent.drew()
    }
    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.agent.noted(rules, f, c)
    }
    fn deliberation(&mut self) -> Option<abyss_core::game::decision::Deliberation> {
        self.agent.deliberation()
    }
    fn card_begins(&mut self) {
        self.agent.card_begins();
        let copy = self.agent.fork();
        let mut link = self.link.borrow_mut();
        link.uncopied |= copy.is_none();
        link.copies[self.seat] = copy;
    }
    fn fork(&self) -> Option<Box<dyn Agent>> {
        self.agent.fork()
    }
}

/// How a driven game was set up: enough to start it again (a fork).
#[derive(Clone)]
struct Start {
    rules: Arc<Ruleset>,
    /// Seated and seeded, its deck already drawn (`deck`).
    setup: Setup,
    deck: Arc<Vec<u8>>,
    seed: u64,
    spec: AgentSpec,
    driven: [bool; 4],
}

/// Where a new coroutine starts its game.
enum Origin {
    /// The game's start, with the driven seats' answers to replay.
    Beginning(Vec<(Faction, Choice)>),
    /// A card's start (`CardStart`, its seating, the answers before it), with the inside
    /// agents' copies as it began and every answer given on it since.
    Card(
        Box<(CardStart, Seating)>,
        Vec<(Faction, Choice)>,
        [Option<Box<dyn Agent>>; 4],
        Vec<(Faction, Choice)>,
    ),
}

/// A game played from outside. Dropping it mid-game stops the game.
pub struct Driven {
    start: Start,
    now: Now,
    answers: Vec<(Faction, Choice)>,
    /// The position at the end of the game, once over.
    last: Option<Box<State>>,
    play: Option<Play>,
    /// What the Lua host took off the thread while the game waits inside an Event.
    parked: Option<Box<dyn Any>>,
    link: Rc<RefCell<Link>>,
}

impl Driven {
    /// Start a game of `setup` with `seed`: the Factions in `driven` are answered by the
    /// caller, the others by the agents of `spec` (seated as `sim` seats them).
    pub fn start(rules: Arc<Ruleset>, setup: &Setup, seed: u64, spec: AgentSpec, driven: &[Faction]) -> Driven {
        let mut seats = [false; 4];
        for f in driven {
            seats[f.index()] = true;
        }
        // The deck drawn as `new_game` draws it, kept for the forks.
        let mut setup = reseeded(&spec.seat(setup), seed);
        let deck = abyss_core::game::deck::prepare(&setup.deck, &rules, &mut setup.state.dice);
        let start = Start {
            rules,
            setup,
            deck: Arc::new(deck),
            seed,
            spec,
            driven: seats,
        };
        Driven::run(start, Origin::Beginning(Vec::new()), Vec::new(), CardMenus::default())
    }

    fn run(start: Start, from: Origin, answers: Vec<(Faction, Choice)>, menus: CardMenus) -> Driven {
        let link = Rc::new(RefCell::new(Link {
            sent: answers.len(),
            menus: Rc::new(RefCell::new(menus)),
            ..Link::default()
        }));
        // Boxed: a coroutine's closure goes on its stack's first page, which fits a few
        // pointers, not a set-up.
        let s = Box::new(start.clone());
        let from = Box::new(from);
        let l = link.clone();
        let body = move |yielder: &Yielder<usize, Asked>, _first: usize| -> Ended {
            let rules: &Ruleset = &s.rules;
            let fired = abyss_agents::nonplayer::Fired::default();
            let (mut inside, replay): (Vec<Option<Box<dyn Agent>>>, _) = match &*from {
                Origin::Beginning(replay) => (
                    s.spec.agents(s.seed, &fired).into_iter().map(Some).collect(),
                    replay.clone(),
                ),
                Origin::Card(_, _, copies, since) => (
                    copies.iter().map(|c| c.as_ref().and_then(|a| a.fork())).collect(),
                    since.clone(),
                ),
            };
            let agents: Vec<Box<dyn Agent + '_>> = Faction::ALL
                .iter()
                .map(|&f| -> Box<dyn Agent + '_> {
                    let i = f.index();
                    if s.driven[i] {
                        return Box::new(Outside {
                            replay: replay.iter().copied().filter(|x| x.0 == f).collect(),
                            yielder,
                            link: l.clone(),
                        });
                    }
                    Box::new(Inside {
                        agent: inside[i].take().expect("every inside seat has an agent"),
                        seat: i,
                        link: l.clone(),
                    })
                })
                .collect();
            let mut game = match &*from {
                Origin::Beginning(_) => Game::new(rules, s.setup.clone(), (*s.deck).clone(), agents),
                Origin::Card(base, before, _, _) => Game::resume(
                    rules,
                    &base.0,
                    base.1.clone(),
                    before.clone(),
                    (*s.deck).clone(),
                    agents,
                ),
            };
            game.keep_card_menus(l.borrow().menus.clone());
            let result = game.play();
            let mut link = l.borrow_mut();
            let from = link.sent.min(game.answers.len());
            link.news.extend_from_slice(&game.answers[from..]);
            link.sent = game.answers.len();
            Ended {
                result,
                state: Box::new(game.state.clone()),
            }
        };
        let play = Coroutine::with_stack(stack(), body);
        let mut d = Driven {
            start,
            now: Now::Over(Err(Stop::Quit)),
            answers,
            last: None,
            play: Some(play),
            parked: None,
            link,
        };
        if let Err(e) = d.resume(0) {
            // Never started: its coroutine holds nothing yet.
            d.play = None;
            d.now = Now::Over(Err(Stop::Failed(e)));
        }
        d
    }

    /// Resume the game's coroutine with `input` until a driven seat's next question or the
    /// game's end; refused while an Event runs on this thread (`BUSY`).
    fn resume(&mut self, input: usize) -> Result<(), String> {
        let Some(play) = self.play.as_mut() else { return Ok(()) };
        let suspension = self.start.rules.event_suspension;
        if suspension.is_some_and(|s| (s.busy)()) {
            // Called from inside an Event of another game on this thread (an agent that
            // steps a driven game while its own game runs a script): this game's Events
            // would run on that host mid-call, and be suspended there. Refused; the game
            // is left as it was.
            return Err(BUSY.into());
        }
        if let (Some(p), Some(s)) = (self.parked.take(), suspension) {
            (s.unpark)(p);
        }
        let r = play.resume(input);
        if let Some(s) = suspension {
            self.parked = (s.park)();
        }
        self.answers.append(&mut self.link.borrow_mut().news);
        match r {
            CoroutineResult::Yield(asked) => self.now = Now::Asks(asked),
            CoroutineResult::Return(ended) => {
                self.now = Now::Over(ended.result);
                self.last = Some(ended.state);
                if let Some(play) = self.play.take() {
                    recycle(play.into_stack());
                }
            }
        }
        Ok(())
    }

    /// The pending question, or how the game ended.
    pub fn status(&self) -> Status<'_> {
        match &self.now {
            Now::Asks(a) => Status::Asks(Driven::read(a)),
            Now::Over(r) => Status::Over(r),
        }
    }

    fn read(a: &Asked) -> Pending<'_> {
        // SAFETY: the pointers are to the `View` and `Request` the game's driven agent
        // holds while its coroutine waits inside `decide` (`Asked`). They stay valid and
        // unchanged until the coroutine is resumed, which takes `&mut self` (`answer`,
        // `drop`), so not while the `&self` this borrow comes from lives.
        unsafe {
            Pending {
                faction: a.faction,
                ask: a.ask,
                doing: a.doing,
                prompt: &*a.prompt,
                about: a.about,
                options: &*a.options,
                state: &*a.state,
                card: a.card,
                next_card: a.next_card,
            }
        }
    }

    /// The position at the end of the game, once it is over.
    pub fn final_state(&self) -> Option<&State> {
        self.last.as_deref()
    }

    /// The pending question, if any.
    pub fn pending(&self) -> Option<Pending<'_>> {
        match &self.now {
            Now::Asks(a) => Some(Driven::read(a)),
            Now::Over(_) => None,
        }
    }

    /// Every answer recorded so far, every seat's (the game's record), up to the pending
    /// question.
    pub fn answers(&self) -> &[(Faction, Choice)] {
        &self.answers
    }

    /// Answer the pending question with its option `i`; the game goes on to the next
    /// question of a driven seat, or its end.
    pub fn answer(&mut self, i: usize) -> Result<(), String> {
        let Some(p) = self.pending() else {
            return Err("the game is over: there is no question to answer".into());
        };
        if i >= p.options.len() {
            return Err(format!(
                "option {i} of \"{}\": there are {} options",
                p.prompt,
                p.options.len()
            ));
        }
        self.resume(i)
    }

    /// A copy of the game at its pending question, which goes on independently.
    pub fn fork(&self) -> Driven {
        let link = self.link.borrow();
        let driven = self.start.driven;
        let theirs = |a: &[(Faction, Choice)]| -> Vec<(Faction, Choice)> {
            a.iter().copied().filter(|(f, _)| driven[f.index()]).collect()
        };
        if let Some(base) = &link.base
            && !link.uncopied
            && base.0.answers <= self.answers.len()
            && self.pending().is_some()
        {
            let n = base.0.answers;
            let copies: [Option<Box<dyn Agent>>; 4] =
                std::array::from_fn(|i| link.copies[i].as_ref().and_then(|a| a.fork()));
            if (0..4).all(|i| driven[i] || copies[i].is_some()) {
                let from = Origin::Card(
                    base.clone(),
                    self.answers[..n].to_vec(),
                    copies,
                    theirs(&self.answers[n..]),
                );
                // The costly menus judged on the card so far are taken as judged.
                let menus = link.menus.borrow().for_copy(base.0.card_index);
                return Driven::run(self.start.clone(), from, self.answers[..n].to_vec(), menus);
            }
        }
        Driven::run(
            self.start.clone(),
            Origin::Beginning(theirs(&self.answers)),
            Vec::new(),
            CardMenus::default(),
        )
    }
}

impl Drop for Driven {
    fn drop(&mut self) {
        // A game still under way is stopped: its driven seats' agents quit, and it unwinds
        // to its end on its own stack.
        self.link.borrow_mut().quit = true;
        while let Some(play) = &self.play {
            if play.done() {
                // It panicked: nothing is left to unwind.
                self.play = None;
                break;
            }
            if self.resume(QUIT).is_err() {
                // Dropped inside another game's Event: it cannot run to its end here, so
                // its stack and what its Events hold are leaked rather than unwound.
                std::mem::forget(self.play.take());
                std::mem::forget(self.parked.take());
                return;
            }
        }
        if let (Some(p), Some(s)) = (self.parked.take(), self.start.rules.event_suspension) {
            (s.unpark)(p);
        }
    }
}

thread_local! {
    /// Coroutine stacks of finished games, for the next ones on this thread.
    static STACKS: RefCell<Vec<DefaultStack>> = const { RefCell::new(Vec::new()) };
}

fn stack() -> DefaultStack {
    STACKS
        .with(|s| s.borrow_mut().pop())
        .unwrap_or_else(|| DefaultStack::new(STACK_BYTES).expect("a coroutine stack for a driven game"))
}

fn recycle(stack: DefaultStack) {
    STACKS.with(|s| {
        let mut s = s.borrow_mut();
        if s.len() < 64 {
            s.push(stack);
        }
    });
}
