//! The Lua host (DESIGN "Lua events"): the Event cards of events/ run as sandboxed Lua 5.4
//! scripts against the card API handle `g` (crates/lua/src/api). The host implements the rules
//! engine's `EventScripts` trait; the engine knows it only through that trait.
//!
//! - One VM per thread and content. Every card and library chunk is compiled once, when
//!   the VM starts, and run afresh for every Event: no script state outlives an Event, so
//!   every game — and every Non-player look-ahead — starts from the same script state
//!   whatever ran before in the process.
//! - Sandbox (prelude.lua): only the string, table, math and utf8 libraries, read-only;
//!   no io, os, debug, load, pcall, coroutine, math.random, string.dump; `require` reaches
//!   only events/lib/; no finalizers or weak tables; `tostring` and `string.format` give no
//!   memory addresses; the string metatable is locked; assigning a global is an error.
//! - Limits: a work budget per Event and per chunk, counted in Lua instructions, never in
//!   time (budget.rs), to which the guards of the C library functions charge their work,
//!   and a memory limit.
//! - Errors: the host's message handler records where in events/ an error happened; the
//!   card, file and line of a `ScriptError` come from there, never from the message text.

mod alloc;
pub mod api;
mod budget;
mod current;
pub mod defs;
mod memory;
mod suspend;
#[cfg(abyss_lua_wrap)]
mod vm_strings;
mod words;

pub use abyss_core::game::{Exec, RunError, ScriptError};

use abyss_core::game::decision::Stop;
use abyss_core::game::{EventScripts, Game};
use abyss_core::kernel::{Ruleset, Side};
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use words::{Out, Words};

/// Memory one Event may use on top of the compiled scripts.
pub const MEMORY_LIMIT: usize = 32 << 20;
/// The most memory an Event may leave in use, on top of the compiled scripts, before the
/// host collects it all (`Host::collect_if_full`).
const GARBAGE_LEFT: usize = 1 << 20;

const PRELUDE: &str = include_str!("prelude.lua");

/// Where an error happened: the frames in events/, innermost first.
type Frames = Vec<(String, usize)>;

/// An error of a script function the host called itself (an `effect`, a `highest`, a
/// `g:as` body) with where it happened: the prelude's `locate` handler takes the frames
/// before the stack unwinds to the host's call, and the error carries them out through
/// the host's API function to the Event's own handler, which would only see the line of
/// that API call (`g:choose_space{` rather than the line in the `effect` that failed).
#[derive(Debug)]
pub(crate) struct Located {
    frames: Frames,
    error: mlua::Error,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&message_of(&self.error))
    }
}

impl std::error::Error for Located {}

/// `xcall(f, ...)`: `f(...)` under the message handler `locate` (its upvalue), its results
/// returned, its error raised again as it is (`Located`). A C function: it runs no Lua
/// instruction, so it costs an Event's budget nothing and its dry runs little (a wrapper
/// written in Lua cost 7% more instructions in games of the section-8 bots, most of them
/// in the count hook of budget.rs).
unsafe extern "C-unwind" fn xcall(l: *mut mlua::lua_State) -> std::os::raw::c_int {
    use mlua::ffi;
    // SAFETY: Lua calls this C function with its arguments on the stack, `f` first; the
    // handler goes below them (room checked first), so the stack is [handler, f, args...]
    // for lua_pcall, then [handler, results...] or [handler, error].
    unsafe {
        let n = ffi::lua_gettop(l);
        if n < 1 || ffi::lua_checkstack(l, 1) == 0 {
            ffi::luaL_error(l, c"xcall: no function to call, or no room on the stack".as_ptr());
        }
        ffi::lua_pushvalue(l, ffi::lua_upvalueindex(1));
        ffi::lua_rotate(l, 1, 1);
        if ffi::lua_pcall(l, n - 1, ffi::LUA_MULTRET, 1) != ffi::LUA_OK {
            ffi::lua_error(l);
        }
        ffi::lua_rotate(l, 1, -1);
        ffi::lua_settop(l, -2);
        ffi::lua_gettop(l)
    }
}

/// The frames in events/ of the stack as it is now, innermost first.
fn frames_here(lua: &Lua) -> Frames {
    let mut frames = Vec::new();
    for level in 0..200 {
        let Some((src, line)) =
            lua.inspect_stack(level, |d| (d.source().source.map(|s| s.into_owned()), d.current_line()))
        else {
            break;
        };
        if let Some(path) = src.as_deref().and_then(|s| s.strip_prefix("@events/")) {
            frames.push((format!("events/{path}"), line.unwrap_or(0)));
        }
    }
    frames
}

/// What a script raised, as an error value the host reports: text and numbers as they
/// are, anything else replaced by a message saying what it was.
fn error_value(lua: &Lua, e: Value) -> mlua::Result<Value> {
    Ok(match e {
        Value::String(_) | Value::UserData(_) | Value::Error(_) => e,
        Value::Number(_) | Value::Integer(_) => e,
        other => Value::String(lua.create_string(format!(
            "the script raised {} as an error (raise a string: error(\"what went wrong\"))",
            match other {
                Value::Nil => "nil",
                Value::Boolean(_) => "a boolean",
                Value::Table(_) => "a table",
                Value::Function(_) => "a function",
                _ => "a value that is not text",
            }
        ))?),
    })
}

/// What a VM's set-up makes: its words, the sandbox, the prelude's two runners, and the
/// library modules whose source names `_ENV`.
type Made = (Rc<Words>, Table, Function, Function, Vec<Function>);

thread_local! {
    /// The hosts ready on this thread (`Host::shared`).
    static HOSTS: RefCell<Vec<Rc<Host>>> = const { RefCell::new(Vec::new()) };
}

/// One thread's Lua VM for one content's scripts.
pub struct Host {
    // The work budget's handle on the VM (its hook is set only while a script runs).
    watched: budget::Watched,
    // Dropped before the VM closes too: mlua closes it with its own allocator.
    allocator: memory::Allocator,
    lua: Lua,
    words: Rc<Words>,
    /// The prelude's runner: run(chunk, side).
    run: Function,
    /// The prelude's chunk runner (a top level under the message handler).
    run_chunk: Function,
    /// Each card's compiled chunk, or why it did not compile, at its card number.
    cards: Vec<Option<Result<Function, ScriptError>>>,
    /// Which events/ content this host runs (`EventFiles::fingerprint`).
    fingerprint: u64,
    /// Set by the message handler: where the last error happened.
    error_at: Rc<RefCell<Option<Frames>>>,
    /// The sandbox every chunk runs in; the cards (by number) and events/lib's chunks whose
    /// source names `_ENV`, the only ones that can change theirs (`reset_envs`).
    env: Table,
    cards_naming_env: Vec<bool>,
    modules_naming_env: Vec<Function>,
    /// The memory in use once the scripts are compiled, in bytes.
    base: usize,
}

impl Host {
    pub fn new(rules: &Ruleset) -> Result<Host, String> {
        let lua = Lua::new_with(
            StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8,
            LuaOptions::new(),
        )
        .map_err(|e| format!("starting Lua: {e}"))?;
        let mut state: *mut mlua::lua_State = std::ptr::null_mut();
        // SAFETY: the closure only reads the VM's main state pointer.
        unsafe { lua.exec_raw::<()>((), |s| state = s) }.map_err(|e| format!("starting Lua: {e}"))?;
        let watched = budget::Watched::register(state);
        let mut allocator = memory::Allocator::install(&lua, state);
        #[cfg(abyss_lua_wrap)]
        {
            std::hint::black_box(vm_strings::linked());
            let long = lua
                .create_string([b'x'; 300])
                .map_err(|e| format!("starting Lua: {e}"))?;
            // SAFETY: the closure finds the string on top of the stack and leaves a boolean
            // in its place.
            let holds = unsafe {
                lua.exec_raw::<bool>(long, |l| {
                    let holds = vm_strings::layout_holds(l);
                    mlua::ffi::lua_pop(l, 1);
                    mlua::ffi::lua_pushboolean(l, std::os::raw::c_int::from(holds));
                })
            }
            .map_err(|e| format!("starting Lua: {e}"))?;
            if !holds {
                return Err(
                    "starting Lua: its strings are not laid out as src/script/vm_strings.rs \
                    expects (Lua 5.4's TString): build abyss with the Lua of Cargo.lock"
                        .into(),
                );
            }
        }
        let error_at: Rc<RefCell<Option<Frames>>> = Rc::new(RefCell::new(None));
        let setup = || -> mlua::Result<Made> {
            let words = Rc::new(Words::new(&lua, rules)?);
            let g = lua.create_table()?;
            words.g_addr.set(g.to_pointer() as usize);
            let methods = lua.create_table()?;
            let modules = lua.create_table()?;
            let ctx = lua.create_table()?;
            let at = error_at.clone();
            let on_error = lua.create_function(move |lua, e: Value| {
                *at.borrow_mut() = Some(frames_here(lua));
                error_value(lua, e)
            })?;
            // The handler of a function the host calls itself (`Located`). The innermost
            // error keeps its place as it passes out through an enclosing one; a game
            // that stopped under the script (a dry run's dead end) needs no place.
            let locate = lua.create_function(|lua, e: Value| {
                if let Value::Error(inner) = &e
                    && inner.downcast_ref::<Located>().is_some()
                {
                    return Ok(e);
                }
                if current::stop_pending() {
                    return Ok(e);
                }
                let error = match error_value(lua, e)? {
                    Value::Error(inner) => *inner,
                    Value::String(m) => mlua::Error::RuntimeError(m.to_string_lossy()),
                    other => mlua::Error::RuntimeError(other.to_string()?),
                };
                let frames = frames_here(lua);
                Ok(Value::Error(Box::new(mlua::Error::external(Located { frames, error }))))
            })?;
            // SAFETY: exec_raw pushes `locate`; lua_pushcclosure pops it as the upvalue of
            // the C closure it pushes, which exec_raw returns.
            let xcall = unsafe { lua.exec_raw::<Function>(locate, |l| mlua::ffi::lua_pushcclosure(l, xcall, 1))? };
            let api = Rc::new(api::Api {
                words: words.clone(),
                xcall,
            });
            api::register(&lua, &methods, api)?;
            // SAFETY: a C function that keeps to Lua's protocol (budget.rs).
            let charge = unsafe { lua.create_c_function(budget::charge)? };
            let (env, run, run_chunk): (Table, Function, Function) =
                lua.load(PRELUDE).set_name("@crates/lua/src/prelude.lua").call((
                    g,
                    methods,
                    modules.clone(),
                    ctx,
                    on_error,
                    charge,
                    budget::INSTRUCTIONS as i64,
                ))?;
            let mut naming_env = Vec::new();
            for f in &rules.events.lib {
                let chunk = lua
                    .load(f.source.as_str())
                    .set_name(format!("@{}", f.path))
                    .set_mode(mlua::chunk::ChunkMode::Text)
                    .set_environment(env.clone())
                    .into_function();
                // A module that does not compile fails where it is required.
                let chunk = match chunk {
                    Ok(c) => c,
                    Err(e) => {
                        let msg = format!("events/lib/{}.lua does not compile: {}", f.module, first_line(&e));
                        lua.create_function(move |_, ()| -> mlua::Result<()> {
                            Err(mlua::Error::RuntimeError(msg.clone()))
                        })?
                    }
                };
                if names_env(&f.source) {
                    naming_env.push(chunk.clone());
                }
                modules.raw_set(f.module.as_str(), chunk)?;
            }
            Ok((words, env, run, run_chunk, naming_env))
        };
        let (words, env, run, run_chunk, modules_naming_env) =
            setup().map_err(|e| format!("the script prelude: {e}"))?;
        let mut cards: Vec<Option<Result<Function, ScriptError>>> = Vec::new();
        let mut cards_naming_env = Vec::new();
        for f in &rules.events.cards {
            let compiled = lua
                .load(f.source.as_str())
                .set_name(format!("@{}", f.path))
                .set_mode(mlua::chunk::ChunkMode::Text)
                .set_environment(env.clone())
                .into_function()
                .map_err(|e| located(rules, f.card, None, &f.path, &e, None));
            let at = usize::from(f.card);
            if cards.len() <= at {
                cards.resize_with(at + 1, || None);
                cards_naming_env.resize(at + 1, false);
            }
            cards[at] = Some(compiled);
            cards_naming_env[at] = names_env(&f.source);
        }
        // Card scripts make many small short-lived tables (lists of spaces): the
        // generational collector handles those with less work per Event.
        lua.gc_set_mode(mlua::state::GcMode::Generational(Default::default()));
        // The limit counts from the compiled scripts, the same in every process.
        let base = allocator.used();
        allocator.set_limit(base + MEMORY_LIMIT);
        Ok(Host {
            watched,
            allocator,
            lua,
            words,
            run,
            run_chunk,
            cards,
            fingerprint: rules.events.fingerprint(),
            error_at,
            env,
            cards_naming_env,
            modules_naming_env,
            base,
        })
    }

    /// Collect the garbage an Event left when it is more than `GARBAGE_LEFT`: the next
    /// Event's memory limit counts it, and Lua cannot always collect it when the limit is
    /// met (not while it grows a stack), so a hog would make the next, innocent, Event
    /// fail. Card scripts leave far less (the generational collector keeps up with them),
    /// so this costs nothing to ordinary Events.
    fn collect_if_full(&self) {
        if self.allocator.used() > self.base + GARBAGE_LEFT {
            let _ = self.lua.gc_collect();
        }
    }

    /// Give card `card`'s chunk and the modules' chunks the sandbox back as their `_ENV`,
    /// once an Event (or a chunk's loading) is over: a chunk is compiled once and run for
    /// every Event, and its `_ENV` is an upvalue of that one function, so a table a script
    /// assigned to `_ENV` would otherwise keep all it holds into the next Event and game,
    /// and in the memory the VM counts. Only chunks whose source names `_ENV` can assign
    /// it (no `debug`, no `load`): for the others, nothing is done.
    fn reset_envs(&self, card: u8, chunk: &Function) {
        use mlua::ffi;
        let card_names_env = self.cards_naming_env.get(usize::from(card)).copied().unwrap_or(false);
        if !card_names_env && self.modules_naming_env.is_empty() {
            return;
        }
        let chunks = card_names_env
            .then_some(chunk)
            .into_iter()
            .chain(&self.modules_naming_env);
        // Straight on the stack, with calls that neither raise nor allocate (but for room
        // on the stack, checked first, in a VM the script may have filled to its limit).
        let reset = self.allocator.unlimited(|| {
            self.lua.exec_raw_lua(|raw| -> mlua::Result<()> {
                let l = raw.state();
                // SAFETY: room is checked first for the sandbox, a chunk, a push's spare
                // slot and lua_getupvalue's value; each chunk is popped after its reset,
                // and the stack is set back to its height before returning.
                unsafe {
                    if ffi::lua_checkstack(l, 6) == 0 {
                        return Err(mlua::Error::StackError);
                    }
                    let top = ffi::lua_gettop(l);
                    let mut pushed = raw.push(&self.env);
                    for chunk in chunks {
                        if pushed.is_err() {
                            break;
                        }
                        pushed = raw.push(chunk);
                        if pushed.is_ok() {
                            set_env(l, top + 2, top + 1);
                        }
                        ffi::lua_settop(l, top + 1);
                    }
                    ffi::lua_settop(l, top);
                    pushed
                }
            })
        });
        debug_assert!(reset.is_ok(), "{reset:?}");
    }

    /// This thread's host for the ruleset's scripts (one per content): starting a VM and
    /// compiling every card costs more than a whole game without Events. A host left
    /// waiting inside an Event by a game on a coroutine is not here meanwhile (crate::suspend):
    /// another game then gets a host of its own, kept here for the next one.
    pub fn shared(rules: &Ruleset) -> Result<Rc<Host>, String> {
        let fp = rules.events.fingerprint();
        if let Some(h) = HOSTS.with(|h| h.borrow().iter().find(|x| x.fingerprint == fp).cloned()) {
            return Ok(h);
        }
        let h = Rc::new(Host::new(rules)?);
        HOSTS.with(|hs| {
            let mut hs = hs.borrow_mut();
            // A few contents at most per thread (tests load several).
            if hs.len() >= 8 {
                hs.remove(0);
            }
            hs.push(h.clone());
        });
        Ok(h)
    }

    /// Run a card's chunk (its top level) once, under the budget: the table it returns.
    pub fn card_table(&self, rules: &Ruleset, card: u8) -> Result<Table, ScriptError> {
        let chunk = self.chunk(rules, card)?;
        let path = rules.events.card(card).map(|f| f.path.clone()).unwrap_or_default();
        let _words = words::activate(&self.words);
        let armed = self.watched.arm();
        self.error_at.borrow_mut().take();
        let v = self.run_chunk.call::<Value>(chunk);
        drop(armed);
        self.reset_envs(card, chunk);
        self.collect_if_full();
        let v = v.map_err(|e| located(rules, card, None, &path, &e, self.error_at.borrow_mut().take()))?;
        let bad = |message: String| ScriptError {
            card,
            title: title(rules, card),
            side: None,
            file: path.clone(),
            line: 0,
            message: capped(&message, MESSAGE_CHARS),
            traceback: vec![],
        };
        let Value::Table(t) = v else {
            return Err(bad(format!(
                "the script must return a table {{ unshaded = function(g) ... end, shaded = ... }}, not {}",
                v.type_name()
            )));
        };
        let single = rules.card(card).is_some_and(|c| c.single);
        for key in ["unshaded", "shaded"] {
            let f: Value = t.raw_get(key).map_err(|e| bad(e.to_string()))?;
            let wanted = key == "unshaded" || !single;
            match (&f, wanted) {
                (Value::Function(_), true) | (Value::Nil, false) => {}
                (Value::Nil, true) => {
                    return Err(bad(format!("`{key}` is missing: define {key} = function(g) ... end")));
                }
                (_, false) => return Err(bad("a single Event defines only `unshaded` (5.2)".into())),
                (other, true) => {
                    return Err(bad(format!("`{key}` must be a function, not {}", other.type_name())));
                }
            }
        }
        // The first unknown key in sorted order: `pairs` visits keys in the order of the
        // VM's string hashes, which change from process to process.
        let mut unknown: Option<String> = None;
        for pair in t.pairs::<Value, Value>() {
            let (k, _) = pair.map_err(|e| bad(e.to_string()))?;
            let known = matches!(&k, Value::String(s) if matches!(s.to_str().as_deref(), Ok("unshaded" | "shaded")));
            if !known {
                let k = match &k {
                    Value::String(s) => capped(&s.to_string_lossy(), 40),
                    other => other.type_name().to_string(),
                };
                if unknown.as_ref().is_none_or(|u| k < *u) {
                    unknown = Some(k);
                }
            }
        }
        if let Some(k) = unknown {
            return Err(bad(format!(
                "unknown key `{k}` in the returned table (expected unshaded, shaded)"
            )));
        }
        Ok(t)
    }

    fn chunk(&self, rules: &Ruleset, card: u8) -> Result<&Function, ScriptError> {
        match self.cards.get(usize::from(card)).and_then(Option::as_ref) {
            Some(Ok(f)) => Ok(f),
            Some(Err(e)) => Err(e.clone()),
            None => Err(ScriptError {
                card,
                title: title(rules, card),
                side: None,
                file: "events".into(),
                line: 0,
                message: "the card has no script".into(),
                traceback: vec![],
            }),
        }
    }

    /// Run one Event side for `game`, with its agents answering the script's questions.
    fn run_event(&self, game: &mut Game, exec: Exec) -> Result<(), RunError> {
        let rules = game.rules;
        let chunk = self.chunk(rules, exec.card).map_err(|mut e| {
            e.side = Some(exec.side);
            RunError::Script(e)
        })?;
        let _words = words::activate(&self.words);
        let entered = current::enter(game, exec);
        let armed = self.watched.arm();
        self.error_at.borrow_mut().take();
        let side = match exec.side {
            Side::Unshaded => Out("unshaded"),
            Side::Shaded => Out("shaded"),
        };
        let result = self.run.call::<()>((chunk, side));
        drop(armed);
        self.reset_envs(exec.card, chunk);
        self.collect_if_full();
        let stop: Option<Stop> = current::take_stop();
        drop(entered);
        if let Some(s) = stop {
            return Err(RunError::Stop(s));
        }
        result.map_err(|e| {
            let path = rules.events.card(exec.card).map_or("", |f| f.path.as_str());
            RunError::Script(located(
                rules,
                exec.card,
                Some(exec.side),
                path,
                &e,
                self.error_at.borrow_mut().take(),
            ))
        })
    }
}

impl EventScripts for Host {
    fn run(&self, game: &mut Game, exec: Exec) -> Result<(), RunError> {
        self.run_event(game, exec)
    }
}

/// Load and check rules/ as `abyss_core::content::load_ruleset` does, the Event cards to
/// run in this host: the rules carry `runner` to every game played on them.
pub fn load_ruleset(
    files: &abyss_core::content::ContentFiles,
    findings: &mut Vec<abyss_core::content::Finding>,
) -> Option<Ruleset> {
    // A card names spaces and countries by their ids; one that is a word of the card
    // API could not be named.
    let reserved = |w: &str| {
        words::is_api_word(w).then_some(
            "a word the card scripts' API reads otherwise (a Faction, a piece, an Operation, a space trait such as `city`...)",
        )
    };
    abyss_core::content::load_ruleset_reserving(files, findings, &reserved).map(|mut rules| {
        rules.event_runner = Some(runner);
        rules.event_suspension = Some(abyss_core::game::EventSuspension {
            park: suspend::park,
            unpark: suspend::unpark,
            busy: suspend::busy,
        });
        rules
    })
}

/// The embedded content's rules, with this host, and the set-up of `scenario`: for the
/// tests of the workspace's crates. It panics if the content has findings.
pub fn embedded_position(scenario: &str, seed: u64) -> (Ruleset, abyss_core::content::Setup) {
    let files = abyss_core::content::ContentFiles::embedded();
    let mut findings = Vec::new();
    let rules = load_ruleset(&files, &mut findings).expect("the embedded rules load");
    let sc = abyss_core::content::load_scenario(&files, scenario, &mut findings)
        .expect("the scenario reads")
        .expect("the scenario loads");
    let (setup, more) = abyss_core::content::build_setup(&sc, &rules, seed);
    assert!(findings.is_empty() && more.is_empty(), "{findings:?} {more:?}");
    (rules, setup)
}

/// The engine's script runner: this thread's host for the rules (`load_ruleset` gives it
/// to the rules).
pub fn runner(rules: &Ruleset) -> Result<Rc<dyn EventScripts>, String> {
    Ok(Host::shared(rules)? as Rc<dyn EventScripts>)
}

/// Can a chunk of this source change its `_ENV`? Not without naming it (the sandbox has
/// no `debug` library and no `load`); a mention in a comment or a string counts too.
fn names_env(source: &str) -> bool {
    source.contains("_ENV")
}

/// Make the value at `env` the `_ENV` of the Lua function at `func` (a main chunk's one
/// upvalue, compiled with debug information: its name is there), if it is not already;
/// nothing for any other value. Neither raises an error nor allocates; the stack is left
/// as it was.
///
/// # Safety
/// `func` and `env` are valid absolute indexes of `l`'s stack, with room for one more
/// value.
unsafe fn set_env(l: *mut mlua::lua_State, func: std::os::raw::c_int, env: std::os::raw::c_int) {
    use mlua::ffi;
    // SAFETY: as the caller guarantees; lua_getupvalue pushes a value only when it gives a
    // name, and lua_setupvalue pops the value pushed for it.
    unsafe {
        if ffi::lua_type(l, func) != ffi::LUA_TFUNCTION || ffi::lua_iscfunction(l, func) != 0 {
            return;
        }
        let name = ffi::lua_getupvalue(l, func, 1);
        if name.is_null() {
            return;
        }
        let same = ffi::lua_rawequal(l, -1, env) != 0;
        ffi::lua_pop(l, 1);
        if !same && std::ffi::CStr::from_ptr(name) == c"_ENV" {
            ffi::lua_pushvalue(l, env);
            ffi::lua_setupvalue(l, func, 1);
        }
    }
}

fn title(rules: &Ruleset, card: u8) -> String {
    rules.card(card).map_or(String::new(), |c| c.title.clone())
}

/// The most characters of a script's text a message keeps (as `g:log` does).
pub const MESSAGE_CHARS: usize = 300;

/// `text` without control characters, cut to `max` characters (an ellipsis says so): a
/// script's text goes into messages, reports and terminals.
pub fn capped(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max * 4));
    for (kept, c) in text.chars().filter(|c| !c.is_control()).enumerate() {
        if kept == max {
            out.push('…');
            break;
        }
        out.push(c);
    }
    out
}

fn first_line(e: &mlua::Error) -> String {
    message_of(e).lines().next().unwrap_or("").to_string()
}

/// The innermost message of an mlua error.
fn message_of(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { cause, .. } => message_of(cause),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(_) => format!("memory limit of {} MiB exceeded", MEMORY_LIMIT >> 20),
        mlua::Error::BadArgument { to, pos, cause, .. } => {
            format!(
                "bad argument #{pos}{}: {}",
                to.as_ref().map_or(String::new(), |t| format!(" to {t}")),
                message_of(cause)
            )
        }
        other => other.to_string(),
    }
}

/// Lua's own "file:line: " in front of a message, taken off (the place comes from the
/// message handler instead).
fn strip_place(text: &str) -> (&str, Option<(String, usize)>) {
    if let Some(i) = text.find(".lua:") {
        let (file, rest) = (&text[..i + 4], &text[i + 5..]);
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !digits.is_empty() && rest[digits.len()..].starts_with(": ") && !file.contains(' ') {
            let file = file.trim_start_matches("[string \"").to_string();
            return (&rest[digits.len() + 2..], Some((file, digits.parse().unwrap_or(0))));
        }
    }
    (text, None)
}

/// A ScriptError for an mlua error of card `card`, located by the message handler's
/// frames when it ran (syntax errors carry their own place from the compiler).
fn located(
    rules: &Ruleset,
    card: u8,
    side: Option<Side>,
    path: &str,
    e: &mlua::Error,
    frames: Option<Frames>,
) -> ScriptError {
    // An error of a function the host called carries its own place (`Located`).
    let (e, frames) = match e.downcast_ref::<Located>() {
        Some(l) => (&l.error, Some(l.frames.clone())),
        None => (e, frames),
    };
    let text = message_of(e);
    let first = text.lines().next().unwrap_or("").trim();
    let (message, said) = strip_place(first);
    // Script text reaches terminals and reports: no control characters, and no novels.
    let mut message = capped(message, MESSAGE_CHARS);
    let mut at = (path.to_string(), 0);
    let mut traceback = Vec::new();
    match (frames, e) {
        (Some(frames), _) if !frames.is_empty() => {
            // The card's own line first; a library module's place goes in the message.
            let in_card = frames.iter().find(|(f, _)| f == path);
            let inner = &frames[0];
            match in_card {
                Some((f, l)) => {
                    at = (f.clone(), *l);
                    if inner.0 != *path {
                        message = format!("{message} (at {}:{})", inner.0, inner.1);
                    }
                }
                None => at = inner.clone(),
            }
            traceback = frames.iter().skip(1).map(|(f, l)| format!("{f}:{l}")).collect();
        }
        // The compiler's own place is trustworthy.
        (_, mlua::Error::SyntaxError { .. }) => {
            if let Some(place) = said {
                at = place;
            }
        }
        _ => {}
    }
    ScriptError {
        card,
        title: title(rules, card),
        side,
        file: at.0,
        line: at.1,
        message,
        traceback,
    }
}

/// Compile and check every card script and library module of a ruleset without running
/// an Event: syntax, the returned table (its top level runs once, under the budget), the
/// header comment, and API names the scripts use that do not exist.
pub fn check_scripts(rules: &Ruleset) -> Vec<ScriptError> {
    let mut out = Vec::new();
    let host = match Host::new(rules) {
        Ok(h) => h,
        Err(e) => {
            out.push(ScriptError {
                card: 0,
                title: String::new(),
                side: None,
                file: "crates/lua/src/prelude.lua".into(),
                line: 0,
                message: e,
                traceback: vec![],
            });
            return out;
        }
    };
    for f in &rules.events.lib {
        if let Err(e) = host
            .lua
            .load(f.source.as_str())
            .set_name(format!("@{}", f.path))
            .into_function()
        {
            let mut err = located(rules, 0, None, &f.path, &e, None);
            err.title = "library module".into();
            out.push(err);
        }
    }
    for f in &rules.events.cards {
        if let Err(e) = host.card_table(rules, f.card) {
            out.push(e);
            continue;
        }
        // The header names the card, so a reader (and a reviewer of a mod) knows what the
        // script claims to implement.
        let title = title(rules, f.card);
        let want = format!("-- {}. {}", f.card, title);
        if !f.source.lines().next().is_some_and(|l| l.trim_end().starts_with(&want)) {
            out.push(ScriptError {
                card: f.card,
                title: title.clone(),
                side: None,
                file: f.path.clone(),
                line: 1,
                message: format!("the script should start with its header comment `{want}` (then the card's texts)"),
                traceback: vec![],
            });
        }
        for (line, name) in api::names_used(&f.source) {
            if !api::API.iter().any(|a| a.name == name) {
                let hint = api::did_you_mean(&name).map_or(String::new(), |s| format!("; did you mean g:{s}?"));
                let name = capped(&name, 40);
                out.push(ScriptError {
                    card: f.card,
                    title: title.clone(),
                    side: None,
                    file: f.path.clone(),
                    line,
                    message: format!("the card API has no `g:{name}`{hint}"),
                    traceback: vec![],
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lua_places_are_taken_off_messages() {
        assert_eq!(
            strip_place("events/008_x.lua:12: bad thing"),
            ("bad thing", Some(("events/008_x.lua".into(), 12)))
        );
        assert_eq!(strip_place("no file here"), ("no file here", None));
    }
}
