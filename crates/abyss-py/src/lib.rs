//! `abyss._abyss`: the engine for Python (PyO3). The pure-Python package in python/abyss
//! builds the PettingZoo and Gymnasium environments, the batch functions and the Ray sweep
//! on these pieces:
//!
//! - `Content`: the rules and one scenario's set-up, loaded and checked once (the embedded
//!   content, or `content=` / `mod=` folders as the CLI's `--content` / `--mod`).
//! - `Game`: a game driven from outside (`abyss::game::drive::Driven`): the pending
//!   question, its legal actions in the fixed numbering of `game::actions`, the observation
//!   vector of `game::observe`, the question's text and option labels, answers, fork.
//! - `sim_json`, `merge_json`, `replay_json`: the batch side, through the same library
//!   functions as `abyss sim`, `abyss merge` and `abyss replay`, with the GIL released
//!   while Rust plays.
//!
//! Errors of the engine or the content become `abyss.AbyssError` with the engine's message;
//! an illegal action is a `ValueError` naming the legal count.

use abyss::cli::ContentArgs;
use abyss::cli::out::Exit;
use abyss::content::{ContentFiles, Setup};
use abyss::game::actions::{self, ACTIONS};
use abyss::game::drive::{Driven, Pending, Status};
use abyss::game::observe::{OBSERVATION, observe};
use abyss::game::playout::{AgentKind, AgentSpec};
use abyss::game::shard::{Seeds, Shard};
use abyss::game::{Outcome, Stop};
use abyss::kernel::{Faction, Ruleset, State};
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};

create_exception!(
    _abyss,
    AbyssError,
    PyException,
    "An error of the abyss engine or its content, with the engine's message."
);

fn err(message: impl std::fmt::Display) -> PyErr {
    AbyssError::new_err(message.to_string())
}

fn exit_err(e: Exit) -> PyErr {
    err(e.message)
}

fn faction(slug: &str) -> PyResult<Faction> {
    Faction::from_slug(&slug.to_ascii_lowercase())
        .ok_or_else(|| PyValueError::new_err(format!("unknown Faction `{slug}` (govt, farc, auc, cartels)")))
}

fn content_args(content: Option<PathBuf>, overlay: Option<PathBuf>) -> ContentArgs {
    ContentArgs { content, overlay }
}

/// The rules and a scenario's set-up, loaded and checked once, from which games start.
#[pyclass(module = "abyss._abyss", frozen)]
struct Content {
    files: Arc<ContentFiles>,
    rules: Arc<Ruleset>,
    setup: Arc<Setup>,
    scenario: String,
}

#[pymethods]
impl Content {
    /// Load the embedded content (or the folder `content`, with the mod folder `mod` laid
    /// over it) and the scenario `scenario` (a name of the content, or a TOML file).
    #[new]
    #[pyo3(signature = (scenario = "standard", content = None, r#mod = None))]
    fn new(py: Python<'_>, scenario: &str, content: Option<PathBuf>, r#mod: Option<PathBuf>) -> PyResult<Content> {
        let scenario = scenario.to_string();
        py.detach(move || {
            let files = content_args(content, r#mod).files().map_err(err)?;
            let (rules, _, setup) = abyss::cli::load_position(&files, &scenario, 1).map_err(exit_err)?;
            Ok(Content {
                files: Arc::new(files),
                rules: Arc::new(rules),
                setup: Arc::new(setup),
                scenario,
            })
        })
    }

    /// Start a game with `seed`: the Factions in `driven` (slugs) are answered through the
    /// returned `Game`; the others are played inside by `others` (as `abyss sim --agents`:
    /// `random`, `nonplayer`, `mcts:N`, or a mix such as `farc=random,others=nonplayer`).
    /// A driven seat is a player of its own, never a Non-player.
    #[pyo3(signature = (seed, driven, others = "nonplayer"))]
    fn start(&self, seed: u64, driven: Vec<String>, others: &str) -> PyResult<Game> {
        let driven: Vec<Faction> = driven.iter().map(|f| faction(f)).collect::<PyResult<_>>()?;
        let mut spec =
            AgentSpec::parse(others).map_err(|e| PyValueError::new_err(e.replacen("--agents", "others", 1)))?;
        for f in &driven {
            // The driven seat's agent inside is replaced by the caller; as a player (not a
            // Non-player) it is seated as `sim` seats a random seat.
            spec.0[f.index()] = AgentKind::Random;
        }
        let rules = self.rules.clone();
        let setup = self.setup.clone();
        let d = Driven::start(rules, &setup, seed, spec, &driven);
        let game = Game {
            content: Content {
                files: self.files.clone(),
                rules: self.rules.clone(),
                setup: self.setup.clone(),
                scenario: self.scenario.clone(),
            },
            seed,
            seated: spec.seat(&self.setup),
            inner: OnItsThread::new(Inner {
                d,
                scratch: Vec::with_capacity(OBSERVATION),
            }),
        };
        game.check_failed()?;
        Ok(game)
    }

    /// The scenario's name as given.
    #[getter]
    fn scenario(&self) -> &str {
        &self.scenario
    }

    /// The content's fingerprint, as records and sim summaries give it.
    #[getter]
    fn content_hash(&self) -> String {
        format!("{:016x}", self.files.hash())
    }
}

struct Inner {
    d: Driven,
    /// The observation's numbers, reused from one call to the next.
    scratch: Vec<f32>,
}

/// A game's state, used only on the Python thread that made the game: a driven game is a
/// coroutine of the thread that made it (`Driven`: its stack and the Lua host's
/// thread-local context stay there). Any other thread gets a `RuntimeError` saying so,
/// rather than pyo3's panic for `unsendable` classes.
struct OnItsThread {
    owner: std::thread::ThreadId,
    inner: std::mem::ManuallyDrop<Mutex<Inner>>,
}

// SAFETY: `inner` is reached only through `OnItsThread::get`, which refuses every thread
// but `owner`, and dropped only on `owner` (elsewhere it is leaked, as pyo3 does with an
// `unsendable` object dropped by another thread). So the non-`Send` game is only ever
// touched by the thread that made it.
unsafe impl Send for OnItsThread {}
unsafe impl Sync for OnItsThread {}

impl OnItsThread {
    fn new(inner: Inner) -> OnItsThread {
        OnItsThread {
            owner: std::thread::current().id(),
            inner: std::mem::ManuallyDrop::new(Mutex::new(inner)),
        }
    }

    fn get(&self) -> PyResult<&Mutex<Inner>> {
        if std::thread::current().id() == self.owner {
            Ok(&self.inner)
        } else {
            Err(pyo3::exceptions::PyRuntimeError::new_err(
                "this abyss Game was made on another thread: a game runs as a coroutine of the Python thread that \
                 made it, so use it there (start one game per thread, or fork it on its own thread)",
            ))
        }
    }
}

impl Drop for OnItsThread {
    fn drop(&mut self) {
        if std::thread::current().id() == self.owner {
            // SAFETY: dropped once, here, on its own thread.
            unsafe { std::mem::ManuallyDrop::drop(&mut self.inner) }
        }
    }
}

/// A game driven from Python. Every method is cheap but `answer`, which runs the game on to
/// the next question of a driven seat (or its end). It is used on the Python thread that
/// made it (`OnItsThread`).
#[pyclass(module = "abyss._abyss", frozen)]
struct Game {
    content: Content,
    seed: u64,
    /// The set-up as seated for this game's agents (for its record).
    seated: Setup,
    inner: OnItsThread,
}

impl Game {
    fn lock(&self) -> PyResult<MutexGuard<'_, Inner>> {
        // A panic while locked leaves the game as it was: carry on with it.
        Ok(self.inner.get()?.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// A game that stopped on an engine failure raises it.
    fn check_failed(&self) -> PyResult<()> {
        match self.lock()?.d.status() {
            Status::Over(Err(stop)) => Err(err(format!("the game (seed {}) stopped: {stop}", self.seed))),
            _ => Ok(()),
        }
    }

    fn rules(&self) -> &Ruleset {
        &self.content.rules
    }
}

/// The position of a game now: the pending question's, or the last one once over.
fn position(d: &Driven) -> Option<(&State, Option<u8>, Option<u8>)> {
    match d.pending() {
        Some(p) => Some((p.state, p.card, p.next_card)),
        None => d.final_state().map(|s| (s, None, None)),
    }
}

fn pending(d: &Driven) -> PyResult<Pending<'_>> {
    d.pending()
        .ok_or_else(|| err("the game is over: there is no question to answer"))
}

fn outcome_dict<'py>(py: Python<'py>, o: &Outcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let slugs = |fs: &[Faction]| fs.iter().map(|f| f.slug()).collect::<Vec<_>>();
    d.set_item("winner", slugs(o.winner()))?;
    let margins = PyDict::new(py);
    let conditions = PyDict::new(py);
    for f in Faction::ALL {
        margins.set_item(f.slug(), o.margins[f.index()])?;
        conditions.set_item(f.slug(), o.conditions[f.index()])?;
    }
    d.set_item("margins", margins)?;
    d.set_item("conditions", conditions)?;
    d.set_item("victory_check", o.victory_check)?;
    let ranking: Vec<(Vec<&str>, i16)> = o.ranking.iter().map(|(fs, m)| (slugs(fs), *m)).collect();
    d.set_item("ranking", ranking)?;
    d.set_item("solitaire", o.solitaire)?;
    d.set_item("text", abyss::cli::replay::describe_outcome(o))?;
    Ok(d)
}

#[pymethods]
impl Game {
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The Faction (slug) asked now, or None once the game is over.
    #[getter]
    fn faction(&self) -> PyResult<Option<&'static str>> {
        Ok(self.lock()?.d.pending().map(|p| p.faction.slug()))
    }

    /// The game is over.
    #[getter]
    fn over(&self) -> PyResult<bool> {
        Ok(self.lock()?.d.pending().is_none())
    }

    /// The legal actions of the pending question, in the order of its options (empty once
    /// over).
    fn legal(&self) -> PyResult<Vec<usize>> {
        let g = self.lock()?;
        let Some(p) = g.d.pending() else {
            return Ok(Vec::new());
        };
        p.options
            .iter()
            .map(|&c| actions::index(c).ok_or_else(|| err(format!("the answer {c} is outside the action numbering"))))
            .collect()
    }

    /// The legal mask: a bytearray of `ACTIONS` bytes, 1 where the action is legal (all 0
    /// once over).
    fn mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let g = self.lock()?;
        let m = match g.d.pending() {
            Some(p) => actions::mask(p.options).map_err(err)?,
            None => [false; ACTIONS],
        };
        PyByteArray::new_with(py, ACTIONS, |buf| {
            for (b, &x) in buf.iter_mut().zip(&m) {
                *b = u8::from(x);
            }
            Ok(())
        })
    }

    /// The observation (`OBSERVATION` float32 numbers in native byte order, as a
    /// bytearray: `numpy.frombuffer(b, numpy.float32)` reads it without a copy) of the
    /// position now; once over, of the last position (no current or next card).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyByteArray>> {
        let mut g = self.lock()?;
        let Inner { d, scratch } = &mut *g;
        let (state, card, next) = position(d).ok_or_else(|| err("the game has no position"))?;
        observe(&self.content.rules, state, card, next, scratch);
        PyByteArray::new_with(py, OBSERVATION * 4, |buf| {
            for (b, x) in buf.chunks_exact_mut(4).zip(scratch.iter()) {
                b.copy_from_slice(&x.to_ne_bytes());
            }
            Ok(())
        })
    }

    /// Answer the pending question with the action numbered `action`; the game runs on to
    /// the next question of a driven seat or its end. An action that is not legal is a
    /// ValueError naming the legal count.
    fn answer(&self, action: usize) -> PyResult<()> {
        let i = {
            let g = self.lock()?;
            let p = pending(&g.d)?;
            let found = actions::choice(action).and_then(|c| p.options.iter().position(|&o| o == c));
            match found {
                Some(i) => i,
                None => {
                    let what = match actions::choice(action) {
                        Some(c) => format!("action {action} ({})", c.render(self.rules())),
                        None => format!("action {action} (outside 0..{ACTIONS})"),
                    };
                    return Err(PyValueError::new_err(format!(
                        "{what} is not legal for {} at \"{}\": {} legal actions ({:?})",
                        p.faction.slug(),
                        p.prompt,
                        p.options.len(),
                        p.options.iter().filter_map(|&c| actions::index(c)).collect::<Vec<_>>()
                    )));
                }
            }
        };
        self.answer_option(i)
    }

    /// Answer the pending question with its option `i` (0-based, the order of `options()`).
    fn answer_option(&self, i: usize) -> PyResult<()> {
        // The game plays on to the next question on this thread, holding the GIL: a
        // driven game is a coroutine of the thread that made it (`Driven`), and a step
        // costs less than releasing the GIL would.
        {
            let mut g = self.lock()?;
            let n = pending(&g.d)?.options.len();
            if i >= n {
                return Err(PyValueError::new_err(format!(
                    "option {i}: there are {n} options (0..{n})"
                )));
            }
            g.d.answer(i).map_err(err)?;
        }
        self.check_failed()
    }

    /// The pending question's text, for people (None once over).
    fn prompt(&self) -> PyResult<Option<String>> {
        Ok(self.lock()?.d.pending().map(|p| {
            let about = p.about.map(|s| format!(" [{}]", self.rules().map.space(s).name));
            format!("{}{}", p.prompt, about.unwrap_or_default())
        }))
    }

    /// The pending question's options in words ("Bogotá", "Rally", "3"), in order.
    fn options(&self) -> PyResult<Vec<String>> {
        let g = self.lock()?;
        Ok(g.d.pending().map_or_else(Vec::new, |p| {
            p.options
                .iter()
                .map(|c| abyss::game::describe::choice(c, self.rules()))
                .collect()
        }))
    }

    /// The pending question's options as records write them ("bogota", "rally", "3").
    fn option_words(&self) -> PyResult<Vec<String>> {
        let g = self.lock()?;
        Ok(g.d
            .pending()
            .map_or_else(Vec::new, |p| p.options.iter().map(|c| c.render(self.rules())).collect()))
    }

    /// What is asked (the typed question, e.g. "OperationSpace(Rally)") and what the game
    /// is doing (e.g. "Operation { faction: Farc, op: Rally, by_event: false }").
    fn ask(&self) -> PyResult<Option<(String, String)>> {
        Ok(self
            .lock()?
            .d
            .pending()
            .map(|p| (format!("{:?}", p.ask), format!("{:?}", p.doing))))
    }

    /// How the game ended (winner, margins, ...), or None while it goes on.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        match self.lock()?.d.status() {
            Status::Over(Ok(o)) => Ok(Some(outcome_dict(py, o)?)),
            _ => Ok(None),
        }
    }

    /// The position as text, as the terminal shows it: the status line (cards,
    /// Eligibility, margins, Resources), every space, the tracks; then the question asked
    /// and its numbered options, or how the game ended.
    fn render_text(&self) -> PyResult<String> {
        use abyss::game::describe::{render_position, status_line};
        let g = self.lock()?;
        let (state, card, next) = position(&g.d).ok_or_else(|| err("the game has no position"))?;
        let r = self.rules();
        let mut out = format!("{}\n{}", status_line(r, state, card, next), render_position(r, state));
        match g.d.status() {
            Status::Asks(p) => {
                out.push_str(&format!("\n{}: {}\n", p.faction.name(), p.prompt));
                for (i, c) in p.options.iter().enumerate() {
                    out.push_str(&format!("  {:>3}. {}\n", i + 1, abyss::game::describe::choice(c, r)));
                }
            }
            Status::Over(Ok(o)) => {
                out.push_str(&format!("\ngame over: {}\n", abyss::cli::replay::describe_outcome(o)));
            }
            Status::Over(Err(e)) => out.push_str(&format!("\nthe game stopped: {e}\n")),
        }
        Ok(out)
    }

    /// The position as an SVG picture of the board (as `abyss show --svg`).
    fn render_svg(&self) -> PyResult<String> {
        let g = self.lock()?;
        let (state, card, next) = position(&g.d).ok_or_else(|| err("the game has no position"))?;
        let r = self.rules();
        let layout = abyss::content::load_layout(&self.content.files, &r.map).map_err(err)?;
        let mut pos = abyss::board::Position::of_state(r, state, format!("seed {}", self.seed));
        pos.current_card = card;
        pos.next_card = next;
        Ok(abyss::board::svg::Painter::new(r, std::rc::Rc::new(layout)).svg(&pos))
    }

    /// Every answer so far, every seat's, as (Faction, word) pairs: the game's record.
    fn answers(&self) -> PyResult<Vec<(&'static str, String)>> {
        let g = self.lock()?;
        Ok(g.d
            .answers()
            .iter()
            .map(|(f, c)| (f.slug(), c.render(self.rules())))
            .collect())
    }

    /// The game as a record that `abyss replay` (and `abyss.replay`) rebuilds: the answers
    /// so far, and the result once over.
    fn record(&self) -> PyResult<String> {
        let g = self.lock()?;
        let mut rec = abyss::notation::Record::new(
            &self.content.scenario,
            self.seed,
            &self.seated.seating,
            g.d.answers(),
            self.rules(),
        )
        .with_content(self.content.files.hash());
        if let Status::Over(r) = g.d.status() {
            rec = rec.with_result(r);
        }
        Ok(rec.to_string())
    }

    /// A copy of the game at its pending question that goes on independently.
    fn fork(&self) -> PyResult<Game> {
        let copy = self.lock()?.d.fork();
        Ok(Game {
            content: Content {
                files: self.content.files.clone(),
                rules: self.content.rules.clone(),
                setup: self.content.setup.clone(),
                scenario: self.content.scenario.clone(),
            },
            seed: self.seed,
            seated: self.seated.clone(),
            inner: OnItsThread::new(Inner {
                d: copy,
                scratch: Vec::with_capacity(OBSERVATION),
            }),
        })
    }
}

/// The seeds `first..=last`, with a shard `(part, of)` of them.
fn batch_seeds(first: u64, last: u64, shard: Option<(u64, u64)>) -> PyResult<(Seeds, Option<Shard>)> {
    let whole = Seeds::parse(&format!("{first}..{last}")).map_err(|e| PyValueError::new_err(format!("seeds {e}")))?;
    match shard {
        None => Ok((whole, None)),
        Some((k, n)) => {
            let (shard, seeds) = Shard::parse(&format!("{k}/{n}"), whole).map_err(PyValueError::new_err)?;
            Ok((seeds, Some(shard)))
        }
    }
}

/// Play seeds `first..=last` (or the part `shard` = (K, N) of them) as `abyss sim
/// --format json` does, and return its JSON document. The GIL is released while the
/// games run.
#[pyfunction]
#[pyo3(signature = (scenario, first, last, agents = "random", jobs = 1, rows = false, check = false, content = None, r#mod = None, shard = None))]
#[allow(clippy::too_many_arguments)]
fn sim_json(
    py: Python<'_>,
    scenario: &str,
    first: u64,
    last: u64,
    agents: &str,
    jobs: usize,
    rows: bool,
    check: bool,
    content: Option<PathBuf>,
    r#mod: Option<PathBuf>,
    shard: Option<(u64, u64)>,
) -> PyResult<String> {
    let (seeds, shard) = batch_seeds(first, last, shard)?;
    let (scenario, agents) = (scenario.to_string(), agents.to_string());
    py.detach(move || {
        let files = content_args(content, r#mod).files().map_err(err)?;
        let plan = abyss::cli::sim::Plan {
            files: &files,
            scenario: &scenario,
            seeds,
            shard,
            agents: &agents,
            jobs,
            check,
            rows,
            keep_answers: false,
        };
        let played = abyss::cli::sim::play(&plan, &|| {}).map_err(exit_err)?;
        serde_json::to_string(&played.summary).map_err(err)
    })
}

/// Join the JSON documents of batches of one run (shards) into the summary of the whole,
/// as `abyss merge --format json` does. Returns the document and the remarks for the user.
#[pyfunction]
fn merge_json(py: Python<'_>, docs: Vec<(String, String)>) -> PyResult<(String, Vec<String>)> {
    py.detach(move || {
        let mut parts = Vec::new();
        for (name, text) in docs {
            let s = abyss::game::summary::Summary::from_json(&text).map_err(|e| err(format!("{name}: {e}")))?;
            parts.push((name, s));
        }
        let (summary, remarks) = abyss::game::summary::merge(parts).map_err(err)?;
        Ok((serde_json::to_string(&summary).map_err(err)?, remarks))
    })
}

/// The text summary of a sim document (as `abyss sim` prints it).
#[pyfunction]
#[pyo3(signature = (doc, verbose = false))]
fn summary_text(doc: &str, verbose: bool) -> PyResult<String> {
    let s = abyss::game::summary::Summary::from_json(doc).map_err(err)?;
    Ok(s.render(verbose))
}

/// Replay the record at `path` (`abyss replay --verify -q`) and return what it gave, as a
/// JSON document.
#[pyfunction]
#[pyo3(signature = (path, content = None, r#mod = None, scenario = None, check = false))]
fn replay_json(
    py: Python<'_>,
    path: PathBuf,
    content: Option<PathBuf>,
    r#mod: Option<PathBuf>,
    scenario: Option<String>,
    check: bool,
) -> PyResult<String> {
    use abyss::cli::replay::{NotLoaded, load, verify};
    py.detach(move || {
        let l = match load(&path, &content_args(content, r#mod), scenario.as_deref()) {
            Ok(l) => l,
            Err(NotLoaded::Exit(e)) => return Err(exit_err(e)),
            Err(NotLoaded::Record(d)) => return Err(err(d)),
        };
        let v = verify(&l, check);
        let outcome = v.result.as_ref().ok().map(|o| {
            serde_json::json!({
                "winner": o.winner().iter().map(|f| f.slug()).collect::<Vec<_>>(),
                "margins": Faction::ALL
                    .iter()
                    .map(|f| (f.slug().to_string(), serde_json::json!(o.margins[f.index()])))
                    .collect::<serde_json::Map<_, _>>(),
                "victory_check": o.victory_check,
                "text": abyss::cli::replay::describe_outcome(o),
            })
        });
        let stopped = v.result.as_ref().err().map(Stop::to_string);
        let doc = serde_json::json!({
            "file": l.file,
            "scenario": l.rec.scenario,
            "seed": l.rec.seed,
            "verified": v.ok,
            "answers_used": v.used,
            "answers_total": v.total,
            "cards": v.cards,
            "outcome": outcome,
            "stopped": stopped,
            "report": v.lines,
            "warnings": l.warnings,
            "answers": v.answers.iter().map(|(f, c)| [f.slug().to_string(), c.render(&l.rules)]).collect::<Vec<_>>(),
        });
        serde_json::to_string(&doc).map_err(err)
    })
}

/// The label of every action number, in order ("space bogota", "op rally", ...): the
/// numbering of `abyss::game::actions`, with the content's space slugs.
#[pyfunction]
#[pyo3(signature = (scenario = "standard", content = None, r#mod = None))]
fn action_names(scenario: &str, content: Option<PathBuf>, r#mod: Option<PathBuf>) -> PyResult<Vec<String>> {
    let files = content_args(content, r#mod).files().map_err(err)?;
    let (rules, _, _) = abyss::cli::load_position(&files, scenario, 1).map_err(exit_err)?;
    Ok((0..ACTIONS)
        .map(|i| match actions::choice(i) {
            Some(abyss::game::Choice::Space(s)) if s.index() >= rules.map.spaces.len() => format!("space#{}", s.0),
            Some(c) => c.render(&rules),
            None => String::new(),
        })
        .collect())
}

/// Check an agents text (`random`, `nonplayer`, `mcts:N`, `govt=random,others=nonplayer`)
/// and return it in its canonical form; a ValueError says what is wrong.
#[pyfunction]
fn parse_agents(text: &str) -> PyResult<String> {
    AgentSpec::parse(text)
        .map(|s| s.to_string())
        .map_err(|e| PyValueError::new_err(e.replacen("--agents", "agents", 1)))
}

#[pymodule]
fn _abyss(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("AbyssError", m.py().get_type::<AbyssError>())?;
    m.add("ACTIONS", ACTIONS)?;
    m.add("OBSERVATION", OBSERVATION)?;
    m.add("FACTIONS", PyList::new(m.py(), Faction::ALL.iter().map(|f| f.slug()))?)?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<Content>()?;
    m.add_class::<Game>()?;
    m.add_function(wrap_pyfunction!(sim_json, m)?)?;
    m.add_function(wrap_pyfunction!(merge_json, m)?)?;
    m.add_function(wrap_pyfunction!(summary_text, m)?)?;
    m.add_function(wrap_pyfunction!(replay_json, m)?)?;
    m.add_function(wrap_pyfunction!(action_names, m)?)?;
    m.add_function(wrap_pyfunction!(parse_agents, m)?)?;
    Ok(())
}
