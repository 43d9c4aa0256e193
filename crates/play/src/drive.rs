//! A game driven from outside (issue 27): the caller sees the pending question — whose it
//! is, what it asks (typed), the legal answers and the open position — answers it, and the
//! game goes on to the next question a driven seat must answer. Seats not driven are
//! played inside by their agents (random or section-8 bots), as in `sim`.
//!
//! Mechanism: the engine asks its questions from deep inside straight-line Rust and Lua
//! code (an Event's script stops mid-call to ask), so the game runs on a thread of its own
//! and a driven seat's agent hands each question over a channel and waits for the answer.
//! A thread keeps everything an Event holds while it waits — the Lua VM, its stack, the
//! host's thread-local context — to itself, so any number of driven games can be open at
//! once. Finished games hand their thread back to a pool, with its Lua host warm. Measured
//! by `cargo run --release --example drive_bench`.
//!
//! Fork: a copy of the game at the pending question, mid-Event or mid-Operation alike,
//! made by replaying the driven seats' answers so far on a new thread while the inside
//! seats play again (they are deterministic for a seed, so they answer as before and end
//! in the same state, their plans included). Both copies then go on independently.
//!
//! Same set-up, seed, agents and answers ⇒ the same game and record as `sim` and `play`.

use crate::playout::AgentSpec;
use abyss_core::content::Setup;
use abyss_core::game::decision::{Agent, Choice, Doing, Request, Stop, View};
use abyss_core::game::engine::Outcome;
use abyss_core::game::playout::{new_game, reseeded};
use abyss_core::game::question::Ask;
use abyss_core::kernel::{Faction, Ruleset, SpaceId, State};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};

/// The question a driven seat must answer now.
#[derive(Clone, Debug)]
pub struct Pending {
    pub faction: Faction,
    /// What is asked (agents decide from this, not from `prompt`).
    pub ask: Ask,
    /// What the game is doing: the Event (card and side) or Operation under way.
    pub doing: Doing,
    /// The question's text, for people.
    pub prompt: String,
    pub about: Option<SpaceId>,
    /// The legal answers; `Driven::answer` takes an index into them.
    pub options: Vec<Choice>,
    /// The open position as it stands (all of Andean Abyss is open but the deck, 2.2).
    pub state: State,
    /// The card being played and the next one, face up.
    pub card: Option<u8>,
    pub next_card: Option<u8>,
}

/// Where a driven game stands.
#[derive(Clone, Debug)]
pub enum Status {
    /// A driven seat must answer.
    Asks(Box<Pending>),
    /// The game is over (or stopped: a failure says why).
    Over(Result<Outcome, Stop>),
}

enum Msg {
    /// The answers recorded since the last message, and the question now pending.
    Asks(Vec<(Faction, Choice)>, Box<Pending>),
    /// The answers recorded since the last message, how the game ended, and its last
    /// position.
    Over(Vec<(Faction, Choice)>, Result<Outcome, Stop>, Box<State>),
}

/// The agent of a driven seat, on the game's thread: answers first from the answers to
/// replay (a fork), then asks the caller.
struct Outside {
    replay: std::collections::VecDeque<(Faction, Choice)>,
    to_caller: Sender<Msg>,
    from_caller: Arc<std::sync::Mutex<Receiver<usize>>>,
    /// How many of the game's answers the caller has been sent.
    sent: Arc<std::sync::atomic::AtomicUsize>,
}

impl Agent for Outside {
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
        let from = self.sent.swap(view.answers.len(), std::sync::atomic::Ordering::Relaxed);
        let pending = Pending {
            faction: request.faction,
            ask: request.ask,
            doing: view.doing,
            prompt: request.prompt.to_string(),
            about: request.about,
            options: request.options.clone(),
            state: view.state.clone(),
            card: view.card,
            next_card: view.next_card,
        };
        let news = view.answers[from.min(view.answers.len())..].to_vec();
        self.to_caller
            .send(Msg::Asks(news, Box::new(pending)))
            .map_err(|_| Stop::Quit)?;
        let i = self
            .from_caller
            .lock()
            .map_err(|_| Stop::Quit)?
            .recv()
            .map_err(|_| Stop::Quit)?;
        Ok(i)
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

/// How a driven game was set up: enough to start it again (a fork).
#[derive(Clone)]
struct Start {
    rules: Arc<Ruleset>,
    setup: Setup,
    seed: u64,
    spec: AgentSpec,
    driven: [bool; 4],
}

/// A game played from outside. Dropping it ends the game (its worker thread goes back to
/// the pool).
pub struct Driven {
    start: Start,
    status: Status,
    answers: Vec<(Faction, Choice)>,
    /// The position at the end of the game, once over.
    last: Option<Box<State>>,
    to_game: Option<Sender<usize>>,
    from_game: Receiver<Msg>,
}

impl Driven {
    /// Start a game of `setup` with `seed`: the Factions in `driven` are answered by the
    /// caller, the others by the agents of `spec` (seated as `sim` seats them).
    pub fn start(rules: Arc<Ruleset>, setup: &Setup, seed: u64, spec: AgentSpec, driven: &[Faction]) -> Driven {
        let mut seats = [false; 4];
        for f in driven {
            seats[f.index()] = true;
        }
        let start = Start {
            rules,
            setup: reseeded(&spec.seat(setup), seed),
            seed,
            spec,
            driven: seats,
        };
        Driven::run(start, Vec::new())
    }

    fn run(start: Start, replay: Vec<(Faction, Choice)>) -> Driven {
        let (to_game, game_rx) = channel::<usize>();
        let (game_tx, from_game) = channel::<Msg>();
        let s = start.clone();
        run_on_a_worker(Box::new(move || {
            let rules: &Ruleset = &s.rules;
            let fired = abyss_agents::nonplayer::Fired::default();
            let inside = s.spec.agents(s.seed, &fired);
            let sent = Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let from_caller = Arc::new(std::sync::Mutex::new(game_rx));
            let agents: Vec<Box<dyn Agent>> = inside
                .into_iter()
                .enumerate()
                .map(|(i, a)| {
                    if !s.driven[i] {
                        return a;
                    }
                    let f = Faction::ALL[i];
                    Box::new(Outside {
                        replay: replay.iter().copied().filter(|x| x.0 == f).collect(),
                        to_caller: game_tx.clone(),
                        from_caller: from_caller.clone(),
                        sent: sent.clone(),
                    }) as Box<dyn Agent>
                })
                .collect();
            let mut game = new_game(rules, s.setup.clone(), agents);
            let result = game.play();
            let from = sent.load(std::sync::atomic::Ordering::Relaxed).min(game.answers.len());
            let _ = game_tx.send(Msg::Over(
                game.answers[from..].to_vec(),
                result,
                Box::new(game.state.clone()),
            ));
        }));
        let mut d = Driven {
            start,
            status: Status::Over(Err(Stop::Quit)),
            answers: Vec::new(),
            last: None,
            to_game: Some(to_game),
            from_game,
        };
        d.receive();
        d
    }

    fn receive(&mut self) {
        self.status = match self.from_game.recv() {
            Ok(Msg::Asks(news, p)) => {
                self.answers.extend(news);
                Status::Asks(p)
            }
            Ok(Msg::Over(news, r, state)) => {
                self.answers.extend(news);
                self.last = Some(state);
                Status::Over(r)
            }
            Err(_) => Status::Over(Err(Stop::Failed("the game's thread ended without a word".into()))),
        };
    }

    /// The pending question, or how the game ended.
    pub fn status(&self) -> &Status {
        &self.status
    }

    /// The position at the end of the game, once it is over.
    pub fn final_state(&self) -> Option<&State> {
        self.last.as_deref()
    }

    /// The pending question, if any.
    pub fn pending(&self) -> Option<&Pending> {
        match &self.status {
            Status::Asks(p) => Some(p),
            Status::Over(_) => None,
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
        let Status::Asks(p) = &self.status else {
            return Err("the game is over: there is no question to answer".into());
        };
        if i >= p.options.len() {
            return Err(format!(
                "option {i} of \"{}\": there are {} options",
                p.prompt,
                p.options.len()
            ));
        }
        let tx = self.to_game.as_ref().ok_or("the game's thread is gone")?;
        tx.send(i).map_err(|_| "the game's thread is gone".to_string())?;
        // The answer comes back with the game's next message, in the record's order.
        self.receive();
        Ok(())
    }

    /// A copy of the game at its pending question, which goes on independently.
    pub fn fork(&self) -> Driven {
        let mine: Vec<(Faction, Choice)> = self
            .answers
            .iter()
            .copied()
            .filter(|(f, _)| self.start.driven[f.index()])
            .collect();
        Driven::run(self.start.clone(), mine)
    }
}

impl Drop for Driven {
    fn drop(&mut self) {
        // Closing the channel ends a waiting game (its agent stops with Quit).
        self.to_game = None;
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// The idle worker threads, each waiting for its next game. A worker keeps its thread's
/// Lua host between games (starting one costs more than replaying half a game: about
/// 3 ms, host_bench), so a fork mostly costs its replay.
fn idle() -> &'static std::sync::Mutex<Vec<Sender<Job>>> {
    static IDLE: std::sync::OnceLock<std::sync::Mutex<Vec<Sender<Job>>>> = std::sync::OnceLock::new();
    IDLE.get_or_init(|| std::sync::Mutex::new(Vec::new()))
}

/// Run `job` (a driven game to its end) on an idle worker, or on a new one.
fn run_on_a_worker(job: Job) {
    let mut job = Some(job);
    while let Some(worker) = idle().lock().unwrap_or_else(|e| e.into_inner()).pop() {
        match worker.send(job.take().expect("a job")) {
            Ok(()) => return,
            Err(std::sync::mpsc::SendError(back)) => job = Some(back),
        }
    }
    let (tx, rx) = channel::<Job>();
    tx.send(job.take().expect("a job")).expect("a new worker's channel");
    std::thread::Builder::new()
        .name("abyss-driven-game".into())
        .spawn(move || {
            while let Ok(job) = rx.recv() {
                job();
                idle().lock().unwrap_or_else(|e| e.into_inner()).push(tx.clone());
            }
        })
        .expect("starting a driven game's thread");
}
