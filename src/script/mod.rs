//! The Lua script host (DESIGN "Lua events"): one Lua 5.4 VM per game, in which every
//! Event card of events/ runs as a sandboxed script against the card API handle `g`.
//!
//! - Sandbox: the VM opens only the string, table, math and utf8 libraries; card chunks run
//!   in a read-only environment without io, os, package, debug, load, pcall or
//!   math.random. `require` reaches only events/lib/. Reading an unknown global or
//!   assigning any global is an error.
//! - Limits: an instruction budget per Event and a memory limit for the VM.
//! - Determinism: the VM is created per game, so no state outlives the game; `pairs` walks
//!   keys in sorted order; dice come from the game's own RNG.
//! - Transactions: `Game::execute_event` snapshots the state; a Lua error, an overrun or a
//!   broken invariant restores it and records a `ScriptError`.

pub mod api;
pub mod defs;

use crate::game::Game;
use crate::game::decision::Stop;
use crate::kernel::{Faction, Ruleset, Side};
use mlua::{Function, HookTriggers, Lua, LuaOptions, StdLib, Table, Value, VmState};
use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};
use std::fmt;
use std::rc::Rc;
use std::sync::Mutex;

/// Lua instructions one Event may execute (counted in steps of `BUDGET_STEP`).
pub const INSTRUCTION_BUDGET: u32 = 20_000_000;
const BUDGET_STEP: u32 = 1000;
/// Memory the VM may hold, scripts and all.
pub const MEMORY_LIMIT: usize = 32 << 20;

const PRELUDE: &str = include_str!("prelude.lua");

/// A script that failed: what a modder needs to find and fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub card: u8,
    pub title: String,
    pub side: Option<Side>,
    /// The script file and the line in it (0 when unknown).
    pub file: String,
    pub line: usize,
    pub message: String,
    /// The traceback, trimmed to lines in events/.
    pub traceback: Vec<String>,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "card {} ({})", self.card, self.title)?;
        if let Some(s) = self.side {
            write!(f, ", {}", s.slug())?;
        }
        if self.line > 0 {
            write!(f, ": {}:{}: {}", self.file, self.line, self.message)?;
        } else {
            write!(f, ": {}: {}", self.file, self.message)?;
        }
        for t in &self.traceback {
            write!(f, "\n    {t}")?;
        }
        Ok(())
    }
}

impl ScriptError {
    /// Read file, line and message out of a Lua error's text.
    fn from_lua(rules: &Ruleset, card: u8, side: Option<Side>, file: &str, e: &mlua::Error) -> ScriptError {
        Self::from_lua_at(rules, card, side, file, e, None)
    }

    /// `last`: where the script was last seen running (the budget hook records it), for
    /// errors that carry no position of their own (memory).
    fn from_lua_at(
        rules: &Ruleset,
        card: u8,
        side: Option<Side>,
        file: &str,
        e: &mlua::Error,
        last: Option<(String, usize)>,
    ) -> ScriptError {
        let text = error_text(e);
        let title = rules.card(card).map_or(String::new(), |c| c.title.clone());
        let mut lines = text.lines();
        let first = lines.next().unwrap_or("").trim();
        // The first "events/...lua:N:" names where it went wrong; prefer the card's file.
        let (mut at_file, mut line, mut message) = (file.to_string(), 0, first.to_string());
        if let Some((f, l, m)) = locate(first) {
            at_file = f;
            line = l;
            message = m;
        }
        let traceback: Vec<String> = lines
            .map(str::trim)
            .filter(|l| l.starts_with("events/"))
            .map(str::to_string)
            .collect();
        let in_card = traceback.iter().filter_map(|t| locate(t)).find(|(f, _, _)| f == file);
        if line == 0 {
            // Raised by the host (a g: call) or a limit: the card's line that was running.
            if let Some((f, l, _)) = in_card.or_else(|| last.map(|(f, l)| (f, l, String::new()))) {
                at_file = f;
                line = l;
            }
        } else if at_file != file
            && let Some((f, l, _)) = in_card
        {
            // Raised in a library module; the card's line comes first.
            message = format!("{message} (at {at_file}:{line})");
            at_file = f;
            line = l;
        }
        ScriptError {
            card,
            title,
            side,
            file: at_file,
            line,
            message,
            traceback,
        }
    }
}

/// The innermost message of an mlua error, with its traceback if it has one.
fn error_text(e: &mlua::Error) -> String {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let inner = error_text(cause);
            format!("{inner}\n{traceback}")
        }
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::MemoryError(m) => format!("memory limit of {} MiB exceeded: {m}", MEMORY_LIMIT >> 20),
        other => other.to_string(),
    }
}

/// "events/x.lua:12: message" -> (file, 12, message); also "[string \"events/x.lua\"]".
fn locate(text: &str) -> Option<(String, usize, String)> {
    let start = text.find("events/")?;
    let rest = &text[start..];
    let end = rest.find(".lua")? + 4;
    let file = rest[..end].to_string();
    let after = rest[end..].strip_prefix(':')?;
    let digits: String = after.chars().take_while(|c| c.is_ascii_digit()).collect();
    let line = digits.parse().ok()?;
    let message = after[digits.len()..]
        .trim_start_matches(':')
        .trim()
        .trim_start_matches("in ")
        .to_string();
    Some((file, line, message))
}

/// A prompt for the decision protocol, which keeps `&'static str` prompts so that asking
/// costs no allocation. Script prompts are few and repeat; each distinct text is kept once.
pub fn intern(text: &str) -> &'static str {
    static TEXTS: Mutex<Option<HashSet<&'static str>>> = Mutex::new(None);
    let mut guard = TEXTS.lock().unwrap_or_else(|e| e.into_inner());
    let set = guard.get_or_insert_with(HashSet::new);
    if let Some(&t) = set.get(text) {
        return t;
    }
    let t: &'static str = Box::leak(text.to_string().into_boxed_str());
    set.insert(t);
    t
}

/// Why an Event did not complete.
pub(crate) enum RunError {
    /// The game stops (an agent quit, a replay diverged): not the script's fault.
    Stop(Stop),
    Script(ScriptError),
}

/// Who executes which Event side.
#[derive(Clone, Copy, Debug)]
pub struct Exec {
    pub faction: Faction,
    pub card: u8,
    pub side: Side,
}

/// One game's Lua VM, with the card scripts loaded so far.
pub struct Host {
    lua: Lua,
    env: Table,
    g: Table,
    ctx: Table,
    /// The tables the card scripts returned in this game (fresh closures each game).
    cards: RefCell<HashMap<u8, Table>>,
    /// Each card chunk compiled once (Lua bytecode made by this host from the checked
    /// source), reloaded per game: a game never sees another game's script state.
    compiled: RefCell<HashMap<u8, Vec<u8>>>,
    /// `require`'s cache of events/lib modules, emptied for each game.
    modules: Table,
    /// Which events/ content this host runs (`EventFiles::fingerprint`).
    fingerprint: u64,
    ticks: Rc<Cell<u32>>,
    /// Where a script was last seen by the budget hook: (file, line).
    last_at: Rc<RefCell<(String, usize)>>,
}

impl Host {
    pub fn new(rules: &Ruleset) -> Result<Host, String> {
        let lua = Lua::new_with(
            StdLib::STRING | StdLib::TABLE | StdLib::MATH | StdLib::UTF8,
            LuaOptions::new(),
        )
        .map_err(|e| format!("starting Lua: {e}"))?;
        let ticks = Rc::new(Cell::new(0u32));
        let last_at = Rc::new(RefCell::new((String::new(), 0usize)));
        let (t, at) = (ticks.clone(), last_at.clone());
        lua.set_hook(HookTriggers::new().every_nth_instruction(BUDGET_STEP), move |_, d| {
            let n = t.get() + 1;
            t.set(n);
            if let (Some(src), Some(line)) = (d.source().source, d.current_line()) {
                let src = src.trim_start_matches('@');
                let mut at = at.borrow_mut();
                if at.0 != src {
                    at.0 = src.to_string();
                }
                at.1 = line;
            }
            if n > INSTRUCTION_BUDGET / BUDGET_STEP {
                let at = at.borrow();
                Err(mlua::Error::RuntimeError(format!(
                    "{}:{}: instruction budget of {INSTRUCTION_BUDGET} exceeded (an endless loop?)",
                    at.0, at.1
                )))
            } else {
                Ok(VmState::Continue)
            }
        })
        .map_err(|e| format!("Lua hook: {e}"))?;
        let setup = || -> mlua::Result<(Table, Table, Table, Table)> {
            let ctx = lua.create_table()?;
            let modules = lua.create_table()?;
            let cache = modules.clone();
            let lib: Rc<Vec<(String, String, String)>> = Rc::new(
                rules
                    .events
                    .lib
                    .iter()
                    .map(|f| (f.module.clone(), f.path.clone(), f.source.clone()))
                    .collect(),
            );
            let env_slot: Rc<RefCell<Option<Table>>> = Rc::new(RefCell::new(None));
            let slot = env_slot.clone();
            let require = lua.create_function(move |lua, name: String| {
                if let Some(v) = modules.raw_get::<Option<Value>>(name.as_str())? {
                    return Ok(v);
                }
                let Some((_, path, source)) = lib.iter().find(|m| m.0 == name) else {
                    let known: Vec<&str> = lib.iter().map(|m| m.0.as_str()).collect();
                    return Err(mlua::Error::RuntimeError(format!(
                        "require: no module `{name}` in events/lib/ (there are: {})",
                        if known.is_empty() {
                            "none".to_string()
                        } else {
                            known.join(", ")
                        }
                    )));
                };
                let env = slot.borrow().clone().expect("set before any script runs");
                let v: Value = lua
                    .load(source.as_str())
                    .set_name(format!("@{path}"))
                    .set_mode(mlua::chunk::ChunkMode::Text)
                    .set_environment(env)
                    .call(())?;
                modules.raw_set(name.as_str(), v.clone())?;
                Ok(v)
            })?;
            let names = lua.create_sequence_from(api::API.iter().filter(|a| !a.lua).map(|a| a.name))?;
            let (env, g): (Table, Table) =
                lua.load(PRELUDE)
                    .set_name("@src/script/prelude.lua")
                    .call((names, ctx.clone(), require))?;
            *env_slot.borrow_mut() = Some(env.clone());
            Ok((env, g, ctx, cache))
        };
        let (env, g, ctx, modules) = setup().map_err(|e| format!("the script prelude: {e}"))?;
        lua.set_memory_limit(MEMORY_LIMIT)
            .map_err(|e| format!("Lua memory limit: {e}"))?;
        Ok(Host {
            lua,
            env,
            g,
            ctx,
            cards: RefCell::new(HashMap::new()),
            compiled: RefCell::new(HashMap::new()),
            modules,
            fingerprint: rules.events.fingerprint(),
            ticks,
            last_at,
        })
    }

    /// This thread's host for the ruleset's scripts, made ready for a new game: starting a
    /// Lua VM costs more than a whole game without Events, so one VM serves every game of
    /// a thread, while each game loads the card chunks afresh (their local state, library
    /// modules included, never outlives a game). The environment and `g` are read-only.
    /// This thread's host for these rules as it stands, without resetting it for a new
    /// game: for a look-ahead inside a running game (the Non-players' 8.1 test).
    pub fn shared(rules: &Ruleset) -> Result<Rc<Host>, String> {
        Host::cached(rules)
    }

    pub fn for_game(rules: &Ruleset) -> Result<Rc<Host>, String> {
        let host = Host::cached(rules)?;
        host.cards.borrow_mut().clear();
        host.modules.clear().map_err(|e| e.to_string())?;
        Ok(host)
    }

    fn cached(rules: &Ruleset) -> Result<Rc<Host>, String> {
        thread_local! {
            static HOSTS: RefCell<Vec<Rc<Host>>> = const { RefCell::new(Vec::new()) };
        }
        let fp = rules.events.fingerprint();
        let host = HOSTS.with(|h| h.borrow().iter().find(|x| x.fingerprint == fp).cloned());
        let host = match host {
            Some(h) => h,
            None => {
                let h = Rc::new(Host::new(rules)?);
                HOSTS.with(|hs| {
                    let mut hs = hs.borrow_mut();
                    // A few contents at most per thread (tests load several).
                    if hs.len() >= 8 {
                        hs.remove(0);
                    }
                    hs.push(h.clone());
                });
                h
            }
        };
        Ok(host)
    }

    /// The table a card's script returns, loading it on first use; checked against the
    /// card (a dual-use card defines `unshaded` and `shaded`, a single Event `unshaded`).
    pub fn card_table(&self, rules: &Ruleset, card: u8) -> Result<Table, ScriptError> {
        if let Some(t) = self.cards.borrow().get(&card) {
            return Ok(t.clone());
        }
        let title = rules.card(card).map_or(String::new(), |c| c.title.clone());
        let Some(file) = rules.events.card(card) else {
            return Err(ScriptError {
                card,
                title,
                side: None,
                file: "events".into(),
                line: 0,
                message: "the card has no script".into(),
                traceback: vec![],
            });
        };
        let fail = |e: &mlua::Error| ScriptError::from_lua(rules, card, None, &file.path, e);
        self.ticks.set(0);
        let chunk = match self.compiled.borrow().get(&card) {
            Some(code) => self
                .lua
                .load(code.as_slice())
                .set_name(format!("@{}", file.path))
                .set_mode(mlua::chunk::ChunkMode::Binary)
                .set_environment(self.env.clone())
                .into_function(),
            None => self
                .lua
                .load(file.source.as_str())
                .set_name(format!("@{}", file.path))
                .set_mode(mlua::chunk::ChunkMode::Text)
                .set_environment(self.env.clone())
                .into_function(),
        }
        .map_err(|e| fail(&e))?;
        self.compiled
            .borrow_mut()
            .entry(card)
            .or_insert_with(|| chunk.dump(false));
        let v: Value = chunk.call(()).map_err(|e| fail(&e))?;
        let bad = |message: String| ScriptError {
            card,
            title: title.clone(),
            side: None,
            file: file.path.clone(),
            line: 0,
            message,
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
            let f: Value = t.raw_get(key).map_err(|e| fail(&e))?;
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
        for pair in t.pairs::<Value, Value>() {
            let (k, _) = pair.map_err(|e| fail(&e))?;
            let known = matches!(&k, Value::String(s) if matches!(s.to_str().as_deref(), Ok("unshaded" | "shaded")));
            if !known {
                return Err(bad(format!(
                    "unknown key `{}` in the returned table (expected unshaded, shaded)",
                    k.to_string().unwrap_or_default()
                )));
            }
        }
        self.cards.borrow_mut().insert(card, t.clone());
        Ok(t)
    }

    /// Run one Event side for `game`, with its agents answering the script's questions.
    pub(crate) fn run(&self, game: &mut Game, exec: Exec) -> Result<(), RunError> {
        let rules = game.rules;
        let t = self.card_table(rules, exec.card).map_err(|mut e| {
            e.side = Some(exec.side);
            RunError::Script(e)
        })?;
        let path = rules.events.card(exec.card).map(|f| f.path.clone()).unwrap_or_default();
        let last_at = &self.last_at;
        let fail = |e: &mlua::Error| {
            let last = Some(last_at.borrow().clone()).filter(|(f, _)| *f == path);
            RunError::Script(ScriptError::from_lua_at(
                rules,
                exec.card,
                Some(exec.side),
                &path,
                e,
                last,
            ))
        };
        let func: Function = t.raw_get(exec.side.slug()).map_err(|e| fail(&e))?;
        self.ticks.set(0);
        *self.last_at.borrow_mut() = (String::new(), 0);
        let mut stop: Option<Stop> = None;
        let result = self.lua.scope(|scope| {
            let call = scope.create_function_mut(|lua, (name, args): (mlua::LuaString, mlua::MultiValue)| {
                if stop.is_some() {
                    return Err(halted());
                }
                let name = name.to_str()?;
                match api::call(game, lua, exec, &name, args) {
                    Ok(v) => Ok(v),
                    Err(api::ApiError::Stop(s)) => {
                        stop = Some(s);
                        Err(halted())
                    }
                    Err(api::ApiError::Lua(e)) => Err(e),
                }
            })?;
            self.ctx.raw_set("call", call)?;
            let r = func.call::<()>(self.g.clone());
            self.ctx.raw_set("call", Value::Nil)?;
            r
        });
        if let Some(s) = stop {
            return Err(RunError::Stop(s));
        }
        result.map_err(|e| fail(&e))
    }
}

fn halted() -> mlua::Error {
    mlua::Error::RuntimeError("the game stopped".into())
}

/// Compile and check every card script and library module of a ruleset without running
/// an Event: syntax, the returned table, and API names the scripts use that do not exist.
pub fn check_scripts(rules: &Ruleset) -> Vec<ScriptError> {
    let mut out = Vec::new();
    let host = match Host::new(rules) {
        Ok(h) => h,
        Err(e) => {
            out.push(ScriptError {
                card: 0,
                title: String::new(),
                side: None,
                file: "src/script/prelude.lua".into(),
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
            out.push(ScriptError::from_lua(rules, 0, None, &f.path, &e));
        }
    }
    for f in &rules.events.cards {
        if let Err(e) = host.card_table(rules, f.card) {
            out.push(e);
            continue;
        }
        // The header names the card, so a reader (and a reviewer of a mod) knows what the
        // script claims to implement.
        let title = rules.card(f.card).map_or(String::new(), |c| c.title.clone());
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
                let title = rules.card(f.card).map_or(String::new(), |c| c.title.clone());
                let hint = api::did_you_mean(&name).map_or(String::new(), |s| format!("; did you mean g:{s}?"));
                out.push(ScriptError {
                    card: f.card,
                    title,
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
    fn lua_error_texts_are_located() {
        assert_eq!(
            locate("events/008_x.lua:12: bad thing"),
            Some(("events/008_x.lua".into(), 12, "bad thing".into()))
        );
        assert_eq!(locate("no file here"), None);
    }

    #[test]
    fn prompts_are_interned_once() {
        let a = intern("Choose a space");
        let b = intern(&String::from("Choose a space"));
        assert!(std::ptr::eq(a, b));
    }
}
