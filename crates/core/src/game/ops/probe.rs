//! Dry runs of a Special Activity on a copy of the game (4.1, 3.1 NOTE).
//!
//! 4.1 lets a Faction execute its Special Activity "immediately before, during, or
//! immediately after" its Operation, and the 3.1 NOTE and the 4.1 EXAMPLE let what the
//! Special Activity does pay for the Operation. So an Operation is legal when *some* order
//! of its Special Activity and its spaces gives it a first space. Rather than a table of
//! Operation and Special Activity pairs, the engine asks its own procedures: it runs the
//! Special Activity on a copy of the game that answers its own questions from a list of
//! answers, and searches the answers (by discrepancies, `Prober::find_way`) for a way
//! after which the Operation has a first space. A Capability or Event that changes a
//! Special Activity or an Operation changes the search with it.
//!
//! The same search keeps a Special Activity executed before its Operation's first space
//! from leading into a dead end (DESIGN: only offer what can complete): while it runs, an
//! option of the executing Faction is offered only if some way on from it still leaves
//! the Operation a first space (a `Guard`).
//!
//! A dry run replays the answers already given without building their questions' options
//! (the procedures are deterministic: the same position and answers ask the same
//! questions), then answers each new question with its first option in search order to
//! the end of the activity, noting the other options for the search to come back to.
//!
//! The search (docs/rulings.md, "4.1: whether a Special Activity may come first") first
//! looks for a way by discrepancies, at most `FIRST_RUNS` dry runs (`OPTION_RUNS` for an
//! option asked while the activity runs), which finds the usual ways quickly; when those
//! runs are spent without a verdict, an exhaustive search (`Prober::exhaust`) tries every
//! way, depth first, stopping where a run meets a question equal to one from which every
//! way already failed, and beginning no more steps of the activity (spaces where it acts)
//! than a way can need (`steps_needed`). That search is finite and unbounded: its verdict
//! is exact.

use super::Action;
use super::special::resource_gain_max;
use crate::game::decision::{Agent, Choice, Op, Request, Special, Stop, View};
use crate::game::engine::{Asked, CardContext, Game};
use crate::game::question::Ask;
use crate::kernel::{Faction, SpaceId, State};
use std::collections::HashMap;

/// The dry runs of a Special Activity the quick search makes before the exhaustive one:
/// for whether the activity can come first at all (the menu of Operations, the
/// Operation's first question)...
pub(crate) const FIRST_RUNS: u32 = 32;
/// ... and for each option of a question asked while it runs before its Operation.
pub(crate) const OPTION_RUNS: u32 = 4;
/// The most steps of the activity (`Ask::begins_step`: another space where it acts) a way
/// needs past the answers already given, for an Operation whose first space costs `need`
/// with `resources` in hand: one step to open the first space, and one for each Resource
/// short (a step that raises Resources raises at least 1). docs/rulings.md, "4.1: whether
/// a Special Activity may come first", gives the argument; the test
/// `the_exhaustive_search_agrees_with_a_plain_one` checks it against unlimited searches.
fn steps_needed(need: u8, resources: u8) -> u8 {
    1u8.saturating_add(need.saturating_sub(resources))
}

/// What a dry-run game answers with, in place of its agents.
#[derive(Default)]
pub(crate) struct ProbeRun {
    /// The answers to every question of the activity so far, single-option ones included.
    path: Vec<Choice>,
    pos: usize,
    /// The options (in search order) of the questions past the path, all runs of a search
    /// together: `frames` holds each question's range in `pool`.
    pool: Vec<Choice>,
    frames: Vec<(u32, u32)>,
    /// The executing Faction and its activity, and the least its Operation's first space
    /// costs: a run whose activity can no longer raise that much stops early.
    faction: Option<Faction>,
    special: Option<Special>,
    need: u8,
    /// A way found for a sibling option: at each question, its answer is tried first.
    hint: Vec<Choice>,
    /// Whether the executing Faction, in the game judged, may free its own pieces by
    /// 1.4.1 when its Operation comes (`Game::may_free_own`).
    frees_own: bool,
    /// The exhaustive search's bookkeeping, while it runs (`Prober::exhaust`).
    exact: Option<Box<Exact>>,
}

impl ProbeRun {
    /// May Faction `f` count on 1.4.1 removal in the Operation after the activity?
    pub(crate) fn frees_own(&self, f: Faction) -> bool {
        self.frees_own && self.faction == Some(f)
    }
}

/// A question of a dry run, as far as what follows it can depend on: the position (dice
/// included), who is asked what about which space with which options, how many answers
/// came before, and the answers given since the position last changed. Two runs that
/// reach equal nodes go on alike (docs/rulings.md, "4.1: whether a Special Activity may
/// come first").
#[derive(PartialEq)]
struct Node {
    state: State,
    faction: Faction,
    ask: Ask,
    about: Option<SpaceId>,
    depth: usize,
    pending: Vec<Choice>,
    options: Vec<Choice>,
    /// The activity's steps begun past the search's prefix (`Exact::steps`).
    steps: u8,
}

/// The exhaustive search: one dry run per question, each stopping at its first question
/// past the path; a question every way from which failed is dead, and a run that meets
/// an equal question again stops there.
#[derive(Default)]
pub(crate) struct Exact {
    dead: HashMap<u64, Vec<Node>>,
    /// Where the current run stopped, with that question's options in search order.
    stopped: Option<(u64, Node)>,
    /// The answers the current run gave past its path to questions with one option (it
    /// stops only where there is a choice): the path's continuation.
    inline: Vec<Choice>,
    /// The position at the run's latest question, and the answers given since it changed.
    last: Option<State>,
    pending: Vec<Choice>,
    /// The answers given before the search (a Guard's path): steps are counted after them.
    prefix: usize,
    /// The steps of the activity (`Ask::begins_step`) begun past the prefix in the current
    /// run, and the most a way needs (`steps_needed`): past them, a new step is not begun.
    steps: u8,
    most_steps: u8,
    /// The dry runs left (unbounded in the game; the test's plain search is bounded).
    left: u32,
    /// No dead questions kept: every way run to its end (the test's plain search).
    plain: bool,
}

impl Exact {
    /// Note answer `c` to a question `ask` of the current run: one more since the position
    /// changed, and one more step begun if it gives a step's space `past_prefix`.
    fn answered(&mut self, ask: Ask, c: Choice, past_prefix: bool) {
        self.pending.push(c);
        if past_prefix && ask.begins_step() && matches!(c, Choice::Space(_)) {
            self.steps = self.steps.saturating_add(1);
        }
    }
}

/// The dry-run game never consults its agents.
struct NoAgent;
impl Agent for NoAgent {
    fn decide(&mut self, _view: &View, _request: &Request) -> Result<usize, Stop> {
        Err(Stop::Failed("a dry run asked an agent".into()))
    }
}

/// A Special Activity under way before its Operation's first space: the executing
/// Faction's options are kept only where the Operation can still follow.
pub(crate) struct Guard {
    faction: Faction,
    special: Special,
    /// The Action as the Special Activity began.
    act: Action,
    /// The position and card bookkeeping as the Special Activity began.
    start: State,
    card: CardContext,
    /// Every answer since then, single-option questions included (the path a dry run
    /// replays).
    path: Vec<Choice>,
    /// A whole way of answers known to let the Operation follow, `path` its beginning.
    witness: Vec<Choice>,
    /// The ways found for the options of the question being asked.
    ways: Vec<(Choice, Vec<Choice>)>,
}

impl Guard {
    /// Whose options the Guard judges: the executing Faction's.
    pub(crate) fn judges(&self, f: Faction) -> bool {
        self.faction == f
    }
}

/// The ways found from one position, kept while it does not change: the menu of
/// Operations, the Operation's first question and the start of its Special Activity ask
/// the same searches in a row.
#[derive(Default)]
pub(crate) struct ProbeMemo {
    state: Option<State>,
    card: CardContext,
    found: Vec<(MemoKey, Special, Option<Vec<Choice>>)>,
}

/// An Operation not yet begun, as far as a search can tell.
/// With whether the Faction may free its own pieces (1.4.1), which differs between the
/// game and its 5.1.3 dry runs.
type MemoKey = (Faction, Op, bool, bool, bool, bool, u64, bool, bool);

fn memo_key(act: &Action, frees_own: bool) -> Option<MemoKey> {
    let fresh = act.count == 0
        && act.spaces == 0
        && act.special.is_none()
        && act.moved == [0; 4]
        && act.groups.is_empty()
        && act.sa_max_spaces.is_none();
    fresh.then_some((
        act.faction,
        act.op,
        act.limited,
        act.free,
        act.by_event,
        act.specials_allowed,
        act.only,
        act.no_move,
        frees_own,
    ))
}

/// Try `Done` (stop the activity early) first, then the options as offered, numbers
/// largest first: the shortest and the strongest ways are usually the ones that work.
fn search_order(opts: &mut [Choice]) {
    if opts.iter().all(|c| matches!(c, Choice::Number(_))) {
        opts.reverse();
    }
    if let Some(i) = opts.iter().position(|&c| c == Choice::Done) {
        opts[..=i].rotate_right(1);
    }
}

/// A copy of the game for dry runs, made once and reused for every run of a search.
pub(crate) struct Prober<'r> {
    game: Game<'r>,
    /// Dry runs made by the current search.
    runs: u32,
    budget: u32,
}

/// What one search is about.
struct Job<'a> {
    start: &'a State,
    card: CardContext,
    act: &'a Action,
    sa: Special,
    need: u8,
}

enum Explored {
    Found,
    NotFound,
    OutOfRuns,
}

impl<'r> Prober<'r> {
    pub(crate) fn new(g: &Game<'r>) -> Prober<'r> {
        let agents: Vec<Box<dyn Agent + 'r>> = (0..4).map(|_| Box::new(NoAgent) as Box<dyn Agent + 'r>).collect();
        let mut game = g.probe(agents);
        game.dry.probing = Some(Box::default());
        Prober {
            game,
            runs: 0,
            budget: 0,
        }
    }

    /// A way to answer `sa`'s questions, from position `start` and after the answers in
    /// `prefix`, after which `act`'s Operation has a first space (or has already begun, as
    /// a Kidnap's Terror does): the whole list of answers, or None if none was found
    /// within `budget` dry runs.
    ///
    /// The search goes by discrepancies (limited discrepancy search): first the way that
    /// takes the first option (in search order) at every question, then every way that
    /// takes another option at one question (the latest questions first), then at two,
    /// and so on. A way one choice away from the obvious one is found quickly wherever
    /// that choice sits in the tree.
    pub(crate) fn find_way(
        &mut self,
        start: &State,
        card: CardContext,
        act: &Action,
        sa: Special,
        prefix: &[Choice],
        budget: u32,
    ) -> Option<Vec<Choice>> {
        // The least the Operation's first space costs is read off the start: the dry-run
        // game holds whatever position its last run ended in, and a cost read there made
        // a search depend on the searches before it.
        // The least the Operation's first space costs is read off the start: the dry-run
        // game holds whatever position its last run ended in, and a cost read there made
        // a search depend on the searches before it (a Capability changes the cost).
        self.game.state.clone_from(start);
        self.game.card = card;
        let job = Job {
            start,
            card,
            act,
            sa,
            need: self.game.op_min_cost(act),
        };
        self.runs = 0;
        self.budget = budget;
        let mut path = prefix.to_vec();
        {
            let run = self.run_state();
            run.pool.clear();
            run.frames.clear();
        }
        // The obvious way; its questions stay for the deviations of every later round.
        self.runs += 1;
        if self.run(&job, &path) {
            let run = self.run_state();
            path.extend(run.frames.iter().map(|&(a, _)| run.pool[a as usize]));
            return Some(path);
        }
        let root = self.run_state().frames.len();
        if !self.run_state().frames.iter().any(|f| f.1 > 1) {
            return None;
        }
        for d in 1.. {
            let mut more = false;
            match self.deviate(&job, &mut path, 0, root, d, &mut more) {
                Explored::Found => return Some(path),
                Explored::OutOfRuns => return self.find_way_exactly(&job, prefix),
                Explored::NotFound if !more => return None,
                Explored::NotFound => {}
            }
        }
        None
    }

    /// Judge the next searches as for a Faction that may (or may not) free its own pieces
    /// by 1.4.1 when its Operation comes (`Game::may_free_own`).
    pub(crate) fn frees_own(&mut self, yes: bool) -> &mut Self {
        self.run_state().frees_own = yes;
        self
    }

    /// Every way after `prefix`, depth first (`exhaust`): the way found, or None when
    /// there is none.
    fn find_way_exactly(&mut self, job: &Job, prefix: &[Choice]) -> Option<Vec<Choice>> {
        let most_steps = steps_needed(job.need, job.start.resources(job.act.faction));
        self.run_state().exact = Some(Box::new(Exact {
            left: u32::MAX,
            prefix: prefix.len(),
            most_steps,
            ..Exact::default()
        }));
        let mut path = prefix.to_vec();
        let found = self.exhaust(job, &mut path);
        self.run_state().exact = None;
        found.then_some(path)
    }

    /// Run `path` to its first new question and try each of its options in turn, each to
    /// the end; true (`path` then the whole way) once the Operation can follow. A question
    /// all of whose ways failed is noted dead: a run that meets an equal one stops there,
    /// since it would go on alike (`Node`).
    fn exhaust(&mut self, job: &Job, path: &mut Vec<Choice>) -> bool {
        let exact = self.run_state().exact.as_deref_mut().expect("an exhaustive search");
        if exact.left == 0 {
            return false;
        }
        exact.left -= 1;
        self.runs += 1;
        let found = self.run(job, path);
        let exact = self.run_state().exact.as_deref_mut().expect("an exhaustive search");
        let len = path.len();
        path.extend_from_slice(&exact.inline);
        if found {
            return true;
        }
        // A run that met no new question (or a dead one) has no way on.
        let Some((hash, node)) = exact.stopped.take() else {
            path.truncate(len);
            return false;
        };
        for i in 0..node.options.len() {
            path.push(node.options[i]);
            if self.exhaust(job, path) {
                return true;
            }
            path.pop();
        }
        path.truncate(len);
        let exact = self.run_state().exact.as_deref_mut().expect("an exhaustive search");
        // Only a question whose every way was tried is dead.
        if exact.left > 0 && !exact.plain {
            exact.dead.entry(hash).or_default().push(node);
        }
        false
    }

    /// The exhaustive search alone, from `start`: the game's (dead questions kept, steps
    /// limited by `steps_needed`) or, with `plain`, one through every way (neither); within
    /// `runs`: Some(whether a way exists), None if undecided.
    #[cfg(test)]
    fn exhaustive_verdict(&mut self, job: &Job, plain: bool, runs: u32) -> Option<bool> {
        self.game.state.clone_from(job.start);
        self.game.card = job.card;
        let most_steps = if plain {
            u8::MAX
        } else {
            steps_needed(job.need, job.start.resources(job.act.faction))
        };
        self.run_state().exact = Some(Box::new(Exact {
            left: runs,
            plain,
            most_steps,
            ..Exact::default()
        }));
        let found = self.exhaust(job, &mut Vec::new());
        let left = self.run_state().exact.take().map_or(0, |e| e.left);
        (found || left > 0).then_some(found)
    }

    /// Try the answers of `way` first, question by question, in the next searches.
    fn set_hint(&mut self, way: &[Choice]) {
        let run = self.run_state();
        run.hint.clear();
        run.hint.extend_from_slice(way);
    }

    fn run_state(&mut self) -> &mut ProbeRun {
        self.game.dry.probing.as_deref_mut().expect("a dry-run game")
    }

    /// The ways after `path` that take another option than the first at exactly `d`
    /// further questions; on success `path` is the whole way. `more`: some way seen
    /// could still turn elsewhere.
    fn explore(&mut self, job: &Job, path: &mut Vec<Choice>, d: u32, more: &mut bool) -> Explored {
        if self.runs >= self.budget {
            return Explored::OutOfRuns;
        }
        self.runs += 1;
        let mark = self.run_state().frames.len();
        let ok = self.run(job, path);
        let end = self.run_state().frames.len();
        let found = if ok {
            let run = self.run_state();
            for &(a, _) in &run.frames[mark..end] {
                path.push(run.pool[a as usize]);
            }
            Explored::Found
        } else if d == 0 {
            *more |= self.run_state().frames[mark..end].iter().any(|f| f.1 > 1);
            Explored::NotFound
        } else {
            self.deviate(job, path, mark, end, d, more)
        };
        // Forget this run's questions (deeper runs forgot theirs).
        let run = self.run_state();
        if let Some(&(a, _)) = run.frames.get(mark) {
            run.pool.truncate(a as usize);
        }
        run.frames.truncate(mark);
        found
    }

    /// The ways that leave the run whose questions are frames `mark..end` (answered by
    /// `path` and then their first options) at one of those questions, and take another
    /// option at exactly `d - 1` further questions.
    fn deviate(
        &mut self,
        job: &Job,
        path: &mut Vec<Choice>,
        mark: usize,
        end: usize,
        d: u32,
        more: &mut bool,
    ) -> Explored {
        // The latest questions first: a change late in the activity (how many, which
        // piece) is a smaller change than one early on (which space).
        let len = path.len();
        let mut found = Explored::NotFound;
        'turns: for k in (mark..end).rev() {
            path.truncate(len);
            for j in mark..k {
                let run = self.run_state();
                path.push(run.pool[run.frames[j].0 as usize]);
            }
            let (a, n) = self.run_state().frames[k];
            for i in 1..n {
                let c = self.run_state().pool[(a + i) as usize];
                path.push(c);
                match self.explore(job, path, d - 1, more) {
                    Explored::NotFound => {}
                    other => {
                        found = other;
                        break 'turns;
                    }
                }
                path.pop();
            }
        }
        if !matches!(found, Explored::Found) {
            path.truncate(len);
        }
        found
    }

    /// One dry run: the answers of `path`, then the first option in search order at each
    /// new question (their options go to the frames). Can the Operation follow?
    fn run(&mut self, job: &Job, path: &[Choice]) -> bool {
        let g = &mut self.game;
        g.state.clone_from(job.start);
        g.card = job.card;
        {
            let run = g.dry.probing.as_deref_mut().expect("a dry-run game");
            run.path.clear();
            run.path.extend_from_slice(path);
            run.pos = 0;
            run.faction = Some(job.act.faction);
            run.special = Some(job.sa);
            run.need = job.need;
            if let Some(exact) = run.exact.as_deref_mut() {
                exact.stopped = None;
                exact.inline.clear();
                exact.last = None;
                exact.pending.clear();
                exact.steps = 0;
            }
        }
        let mut a = job.act.clone();
        let ran = g.special_activity_now(&mut a, job.sa);
        ran.is_ok() && (a.count > 0 || g.op_has_first_option(&a))
    }
}

impl<'r> Game<'r> {
    /// A question in a dry run: the next answer of the path, without building the
    /// options; past the path, the first option in search order (noting the others).
    pub(crate) fn probe_ask(
        &mut self,
        faction: Faction,
        ask: Ask,
        about: Option<SpaceId>,
        build: impl FnOnce(&Self, &mut Vec<Choice>),
    ) -> Asked {
        let run = self.dry.probing.as_deref_mut().expect("a dry-run game");
        if let Some(exact) = run.exact.as_deref_mut()
            && exact.last.as_ref() != Some(&self.state)
        {
            match &mut exact.last {
                Some(last) => last.clone_from(&self.state),
                None => exact.last = Some(self.state.clone()),
            }
            exact.pending.clear();
        }
        if run.pos < run.path.len() {
            run.pos += 1;
            let c = run.path[run.pos - 1];
            if let Some(exact) = run.exact.as_deref_mut() {
                exact.answered(ask, c, run.pos > exact.prefix);
            }
            return Ok(c);
        }
        if let (Some(f), Some(sa)) = (run.faction, run.special) {
            let need = run.need;
            if self.state.resources(f) < need
                && u16::from(self.state.resources(f)) + resource_gain_max(self.rules, &self.state, f, sa)
                    < u16::from(need)
            {
                // The Operation could no longer be paid for: this way ends here.
                return Err(Stop::Quit);
            }
        }
        let mut pool = std::mem::take(&mut run.pool);
        let start = pool.len();
        build(self, &mut pool);
        let run = self.dry.probing.as_deref_mut().expect("a dry-run game");
        if pool.len() == start {
            run.pool = pool;
            return Err(Stop::Quit);
        }
        search_order(&mut pool[start..]);
        if let Some(exact) = run.exact.as_deref_mut() {
            // No way needs more steps than `steps_needed`: past them, only stopping.
            if ask.begins_step() && exact.steps >= exact.most_steps {
                let done = pool[start..].contains(&Choice::Done);
                pool.truncate(start);
                if !done {
                    run.pool = pool;
                    return Err(Stop::Quit);
                }
                pool.push(Choice::Done);
            }
            if pool.len() == start + 1 {
                // One option: answered on, the run stops only where there is a choice.
                let c = pool[start];
                pool.truncate(start);
                run.pool = pool;
                run.pos += 1;
                exact.inline.push(c);
                exact.answered(ask, c, true);
                return Ok(c);
            }
            // The exhaustive search stops each run at its first new question.
            let node = Node {
                state: self.state.clone(),
                faction,
                ask,
                about,
                depth: run.pos,
                pending: exact.pending.clone(),
                options: pool[start..].to_vec(),
                steps: exact.steps,
            };
            pool.truncate(start);
            run.pool = pool;
            let hash = {
                use std::hash::{Hash, Hasher};
                let mut h = std::hash::DefaultHasher::new();
                (node.state.position_hash(), faction, ask, about, node.depth).hash(&mut h);
                (&node.pending, &node.options, node.steps).hash(&mut h);
                h.finish()
            };
            if !exact.dead.get(&hash).is_some_and(|d| d.contains(&node)) {
                exact.stopped = Some((hash, node));
            }
            return Err(Stop::Quit);
        }
        // A sibling option's way tried first: siblings often go on alike.
        if let Some(&h) = run.hint.get(run.pos)
            && let Some(i) = pool[start..].iter().position(|&c| c == h)
        {
            pool[start..=start + i].rotate_right(1);
        }
        let c = pool[start];
        run.frames.push((start as u32, (pool.len() - start) as u32));
        run.pool = pool;
        run.pos += 1;
        Ok(c)
    }

    /// 4.1: may `act`'s Faction begin with Special Activity `sa`, its Operation still to
    /// have its first space? (Also checks that `sa` can be carried out at all, and skips
    /// the dry runs when even all the Resources `sa` could raise would not pay for a first
    /// space.) `prober` is made on first use and kept for the next call.
    pub(crate) fn special_first_possible(&self, act: &Action, sa: Special) -> bool {
        self.special_first_way(act, sa).is_some()
    }

    /// Lend the game's Prober (made on first use, then kept: a dry-run game is not small).
    fn with_prober<T>(&self, f: impl FnOnce(&mut Prober<'r>) -> T) -> T {
        let mut prober = self.dry.prober.take().unwrap_or_else(|| Box::new(Prober::new(self)));
        let out = f(&mut prober);
        *self.dry.prober.borrow_mut() = Some(prober);
        out
    }

    /// The way found by `special_first_possible`.
    fn special_first_way(&self, act: &Action, sa: Special) -> Option<Vec<Choice>> {
        if !self.special_possible(act, sa) {
            return None;
        }
        let most =
            u16::from(self.state.resources(act.faction)) + resource_gain_max(self.rules, &self.state, act.faction, sa);
        if most < u16::from(self.op_min_cost(act)) {
            return None;
        }
        let frees = self.own_steps_for(act.faction);
        let key = memo_key(act, frees);
        if let Some(key) = key {
            let memo = self.dry.probe_memo.borrow();
            if memo.card == self.card
                && memo.state.as_ref() == Some(&self.state)
                && let Some(e) = memo.found.iter().find(|e| e.0 == key && e.1 == sa)
            {
                return e.2.clone();
            }
        }
        let way = self.with_prober(|p| {
            p.frees_own(frees)
                .find_way(&self.state, self.card, act, sa, &[], FIRST_RUNS)
        });
        if let Some(key) = key {
            let mut memo = self.dry.probe_memo.borrow_mut();
            if memo.card != self.card || memo.state.as_ref() != Some(&self.state) {
                memo.card = self.card;
                match &mut memo.state {
                    Some(st) => st.clone_from(&self.state),
                    None => memo.state = Some(self.state.clone()),
                }
                memo.found.clear();
            }
            memo.found.push((key, sa, way.clone()));
        }
        way
    }

    /// Execute `sa` for `act`; before the Operation's first space, under a Guard that
    /// offers only answers after which the Operation can still take place.
    pub(crate) fn special_activity(&mut self, act: &mut Action, sa: Special) -> Result<(), Stop> {
        if act.count > 0 || self.dry.guard.is_some() || self.dry.probing.is_some() {
            return self.special_narrated(act, sa);
        }
        // The way that made `sa` an option (the same search, so the same way).
        let witness = self.special_first_way(act, sa).unwrap_or_default();
        self.dry.guard = Some(Box::new(Guard {
            faction: act.faction,
            special: sa,
            act: act.clone(),
            start: self.state.clone(),
            card: self.card,
            path: Vec::new(),
            witness,
            ways: Vec::new(),
        }));
        let done = self.special_narrated(act, sa);
        self.dry.guard = None;
        done
    }

    /// Under a Guard, keep the options of Faction `f`'s question that leave the
    /// Operation a first space. `options` has two or more. The option on the way already
    /// known stays without a search, so at least one always does.
    pub(crate) fn guard_filter(&mut self, f: Faction, options: &mut Vec<Choice>) {
        let Some(on_way) = self.guard_prepare(f) else {
            return;
        };
        options.retain(|&c| self.guard_admits(c, on_way));
    }

    /// Under a Guard on `f`'s activity, make ready to judge `f`'s options: when another
    /// Faction's answer left the known way, find another. Some(the option on the known
    /// way, if any); None when no Guard judges `f`'s options.
    pub(crate) fn guard_prepare(&mut self, f: Faction) -> Option<Option<Choice>> {
        let mut guard = self.dry.guard.take()?;
        if !guard.judges(f) {
            self.dry.guard = Some(guard);
            return None;
        }
        let frees = self.own_steps_for(f);
        if !guard.witness.starts_with(&guard.path) {
            guard.witness = self
                .with_prober(|prober| {
                    prober.frees_own(frees).find_way(
                        &guard.start,
                        guard.card,
                        &guard.act,
                        guard.special,
                        &guard.path,
                        FIRST_RUNS,
                    )
                })
                .unwrap_or_default();
        }
        let on_way = guard
            .witness
            .get(guard.path.len())
            .copied()
            .filter(|_| guard.witness.starts_with(&guard.path));
        guard.ways.clear();
        self.dry.guard = Some(guard);
        Some(on_way)
    }

    /// Under a Guard (after `guard_prepare`), may the executing Faction answer `c`: does
    /// some way on from it still let the Operation follow? The option on the known way
    /// does. Every option is searched alike, the known way's answers tried first, so the
    /// verdict depends on the position and the path alone, not on which options were
    /// judged before (an agent that draws its answer judges only some: `Agent::draw_dice`).
    pub(crate) fn guard_admits(&mut self, c: Choice, on_way: Option<Choice>) -> bool {
        if Some(c) == on_way {
            return true;
        }
        let Some(mut guard) = self.dry.guard.take() else {
            return true;
        };
        guard.path.push(c);
        let frees = self.own_steps_for(guard.faction);
        let way = self.with_prober(|prober| {
            prober.set_hint(&guard.witness);
            let way = prober.frees_own(frees).find_way(
                &guard.start,
                guard.card,
                &guard.act,
                guard.special,
                &guard.path,
                OPTION_RUNS,
            );
            prober.set_hint(&[]);
            way
        });
        guard.path.pop();
        let admitted = way.is_some();
        if let Some(w) = way {
            guard.ways.push((c, w));
        }
        self.dry.guard = Some(guard);
        admitted
    }

    /// Under a Guard, note the answer to a question (and the way known to go on from it).
    pub(crate) fn guard_record(&mut self, c: Choice) {
        if let Some(g) = self.dry.guard.as_deref_mut() {
            g.path.push(c);
            if !g.witness.starts_with(&g.path)
                && let Some(i) = g.ways.iter().position(|w| w.0 == c)
            {
                g.witness = g.ways.swap_remove(i).1;
            }
            g.ways.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every Operation and Special Activity of every Faction at `g`'s position, each
    /// from a start with just enough Resources for the Operation's first space (where the
    /// cost decides) and, with `short`, also from one with none.
    fn each_search(g: &Game, short: bool, mut f: impl FnMut(&State, &Action, Special)) {
        for &faction in &Faction::ALL {
            for &op in Op::of(faction) {
                let act = Action::new(faction, op);
                let need = g.op_min_cost(&act);
                let levels: &[u8] = if short && need > 0 { &[need, 0] } else { &[need] };
                for &r in levels {
                    let mut start = g.state.clone();
                    start.resources[faction.index()] = r;
                    for &sa in Special::of(faction) {
                        f(&start, &act, sa);
                    }
                }
            }
        }
    }

    #[test]
    fn a_search_does_not_depend_on_the_searches_before_it() {
        // At the end of each card of random games, whether each Faction's Operations may
        // be offered, judged by the game's own dry-run game (which searched other
        // positions before) and by a fresh one: the same. (The cost of the first space
        // was once read off the dry-run game's last position: offers then depended on
        // the searches before, and a game drawn option by option did not replay.)
        let mut compared = 0u32;
        // The position at the end of the card before, in the same game.
        let mut before: Option<(u64, State)> = None;
        crate::game::playout::watch_random_games(1..=12, &mut |g, seed| {
            each_search(g, false, |start, act, sa| {
                let (f, op) = (act.faction, act.op);
                let search = |p: &mut Prober| p.find_way(start, g.card, act, sa, &[], FIRST_RUNS);
                // The game's dry-run game searches the position of the card
                // before, then this one; a fresh one only this one.
                if let Some((_, b)) = before.as_ref().filter(|b| b.0 == seed) {
                    g.with_prober(|p| p.find_way(b, g.card, act, sa, &[], FIRST_RUNS));
                }
                let own = g.with_prober(search);
                let kept = g.dry.prober.take();
                let fresh = g.with_prober(search);
                *g.dry.prober.borrow_mut() = kept;
                assert_eq!(own, fresh, "seed {seed}: {sa:?} before {op:?} of {f:?}");
                compared += 1;
            });
            before = Some((seed, g.state.clone()));
        });
        assert!(compared > 1000, "{compared} compared");
    }

    #[test]
    fn the_exhaustive_search_agrees_with_a_plain_one() {
        // Positions of random games: for every Operation and Special Activity, with just
        // enough Resources and with none, the game's exhaustive search (stopping at
        // questions equal to dead ones, `Node`, and beginning no more steps than
        // `steps_needed`) gives the verdict of a plain depth-first search through every
        // way, wherever the plain one finishes.
        let (mut compared, mut ways) = (0u32, 0u32);
        crate::game::playout::watch_random_games(1..=8, &mut |g, _| {
            each_search(g, true, |start, act, sa| {
                let (f, op) = (act.faction, act.op);
                let job = Job {
                    start,
                    card: g.card,
                    act,
                    sa,
                    need: g.op_min_cost(act),
                };
                let plain = g.with_prober(|p| p.frees_own(false).exhaustive_verdict(&job, true, 3_000));
                let Some(plain) = plain else { return };
                let memo = g.with_prober(|p| p.exhaustive_verdict(&job, false, 3_000));
                assert_eq!(memo, Some(plain), "{sa:?} before {op:?} of {f:?}");
                compared += 1;
                ways += u32::from(plain);
            });
        });
        assert!(compared > 500 && ways > 50, "{compared} compared, {ways} with a way");
    }

    #[test]
    fn done_first_and_numbers_largest_first() {
        let mut o = vec![Choice::Yes, Choice::No, Choice::Done];
        search_order(&mut o);
        assert_eq!(o, [Choice::Done, Choice::Yes, Choice::No]);
        let mut n = vec![Choice::Number(1), Choice::Number(2), Choice::Number(3)];
        search_order(&mut n);
        assert_eq!(n, [Choice::Number(3), Choice::Number(2), Choice::Number(1)]);
    }
}
