//! `abyss play`: a game at the terminal. 1 to 4 people share it (`--human govt,farc`; a
//! person may run two Factions, `govt+auc`, 1.5.1); the other Factions are Non-players run
//! by the section 8 bots (1.5 Non-player option) or random agents (`--others`). After every
//! action of any seat the narrative says what happened. `save FILE` writes the game record,
//! which `--load FILE` resumes with the same seats, options and seed; `undo` replays the
//! game without the last decision of a person.

use super::out::{Exit, tell};
use crate::agents::terminal::{Console, Saver, Shared, Terminal};
use crate::content::{Seating, Setup};
use crate::game::describe::printable;
use crate::game::narrative::Narrative;
use crate::game::playout::{AgentKind, AgentSpec, Replay, agent_seed, new_game, reseeded};
use crate::game::{Agent, Choice, RandomAgent, Stop};
use crate::kernel::{Faction, Ruleset};
use crate::notation::Record;
use std::rc::Rc;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// The game's seed. Without it a seed is drawn and printed, so that the game can be
    /// played again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// The Factions played by people at this terminal, one seat each, e.g. `govt,farc`;
    /// `govt+auc,farc+cartels` seats two people with two Factions each (1.5.1).
    /// Default: the scenario's players (all four Factions).
    #[arg(long, value_delimiter = ',')]
    pub human: Vec<String>,
    /// Who plays the Factions not at this terminal: `nonplayer` (the section 8 bots),
    /// `random`, or a mix such as `auc=random,others=nonplayer`.
    #[arg(long, default_value = "nonplayer")]
    pub others: String,
    /// 1.5.2 negotiation: players may hand each other Resources and Shipments
    /// during an Operation or Event. Default: on when two or more people play.
    #[arg(long, value_name = "on|off")]
    pub negotiation: Option<Switch>,
    /// 1.4.1 voluntary removal: a player may remove its own pieces while executing.
    /// Default: on.
    #[arg(long, value_name = "on|off")]
    pub voluntary_removal: Option<Switch>,
    /// Continue a game saved with `save FILE`: its scenario, seed, seats and options
    /// are the record's (a conflicting --human, --seed or option is refused).
    #[arg(long, value_name = "FILE")]
    pub load: Option<std::path::PathBuf>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Switch {
    On,
    Off,
}

/// Everything a game at the table is set up from.
struct Table {
    scenario: String,
    seed: u64,
    seating: Seating,
    /// Seats played by people (each a list of Factions, 1.5.1).
    people: Vec<Vec<Faction>>,
    /// Who answers for a Faction nobody at the terminal plays.
    others: AgentSpec,
    negotiation: bool,
    voluntary_removal: bool,
}

impl Table {
    fn is_human(&self, f: Faction) -> bool {
        self.people.iter().any(|p| p.contains(&f))
    }

    fn humans(&self) -> Vec<Faction> {
        Faction::ALL.into_iter().filter(|&f| self.is_human(f)).collect()
    }

    /// How the person of Faction `f` is called: "FARC", or "Government (Government + AUC)".
    fn who(&self, f: Faction) -> String {
        match self.people.iter().find(|p| p.contains(&f)) {
            Some(seat) if seat.len() > 1 => {
                let names: Vec<&str> = seat.iter().map(|x| x.name()).collect();
                format!("{} ({})", f.name(), names.join(" + "))
            }
            _ => f.name().to_string(),
        }
    }
}

/// `govt` or `govt+auc`: a seat of Factions.
fn parse_seat(word: &str) -> Result<Vec<Faction>, String> {
    word.split('+')
        .map(|w| {
            Faction::from_slug(&w.trim().to_ascii_lowercase())
                .ok_or_else(|| format!("--human: unknown Faction `{w}` (govt, farc, auc, cartels; `govt+auc` for two)"))
        })
        .collect()
}

/// The table of a new game, from the command line.
fn new_table(a: &Args, setup: &Setup, seed: u64) -> Result<Table, Exit> {
    let mut people: Vec<Vec<Faction>> = Vec::new();
    for w in &a.human {
        let seat = parse_seat(w)?;
        for f in &seat {
            if people.iter().flatten().any(|x| x == f) || seat.iter().filter(|x| *x == f).count() > 1 {
                return Err(format!("--human: {} is seated twice", f.name()).into());
            }
        }
        people.push(seat);
    }
    let others = AgentSpec::parse(&a.others).map_err(|e| e.replace("--agents", "--others"))?;
    let seating = if a.human.is_empty() {
        // The scenario's players are the people at the terminal; its Non-players are bots.
        people = setup
            .seating
            .players
            .iter()
            .filter(|p| !p.is_empty())
            .cloned()
            .collect();
        setup.seating.clone()
    } else {
        let mut players = people.clone();
        let mut non_players = Vec::new();
        for f in Faction::ALL {
            if people.iter().flatten().any(|&x| x == f) {
                continue;
            }
            match others.0[f.index()] {
                AgentKind::NonPlayer => non_players.push(f),
                AgentKind::Random | AgentKind::Mcts(_) => players.push(vec![f]),
            }
        }
        Seating { players, non_players }
    };
    let people_count = people.len();
    Ok(Table {
        scenario: a.scenario.clone(),
        seed,
        seating,
        people,
        others,
        negotiation: a.negotiation.map_or(people_count > 1, |s| s == Switch::On),
        voluntary_removal: a.voluntary_removal.is_none_or(|s| s == Switch::On),
    })
}

/// The table of a saved game: the record's scenario, seed, seats and options. The
/// command line may repeat them but not contradict them.
fn loaded_table(a: &Args, rec: &Record, name: &str, setup: &Setup) -> Result<Table, Exit> {
    let seating = rec.seating.clone().unwrap_or_else(|| setup.seating.clone());
    let mut asked: Vec<Faction> = Vec::new();
    for w in &a.human {
        asked.extend(parse_seat(w)?);
    }
    asked.sort();
    asked.dedup();
    let humans = match (rec.humans.is_empty(), asked.is_empty()) {
        (false, true) => rec.humans.clone(),
        (false, false) => {
            let mut saved = rec.humans.clone();
            saved.sort();
            if saved != asked {
                let names = |v: &[Faction]| v.iter().map(|f| f.slug()).collect::<Vec<_>>().join(",");
                return Err(format!(
                    "{name} was played with --human {}; it cannot be continued with --human {} (leave --human out to continue it as saved)",
                    names(&saved),
                    names(&asked)
                )
                .into());
            }
            saved
        }
        (true, false) => {
            // A record with nobody at the terminal (e.g. from `abyss sim`): people take
            // over players' Factions, never a Non-player's.
            if let Some(f) = asked.iter().find(|f| seating.non_players.contains(f)) {
                return Err(format!(
                    "{name}: {} is a Non-player in this game; --human may name only players' Factions",
                    f.name()
                )
                .into());
            }
            asked
        }
        (true, true) => {
            return Err(
                format!("{name} does not say who played at the terminal: name the Factions with --human").into(),
            );
        }
    };
    if let Some(s) = a.seed
        && s != rec.seed
    {
        return Err(format!("{name} was played with seed {}, not --seed {s}", rec.seed).into());
    }
    let switch = |flag: Option<Switch>, saved: bool, what: &str| -> Result<bool, Exit> {
        match flag {
            Some(s) if (s == Switch::On) != saved => Err(Exit::from(format!(
                "{name} was played with {what} {}; it continues that way",
                if saved { "on" } else { "off" }
            ))),
            _ => Ok(saved),
        }
    };
    // People sit at the seats that hold their Factions (1.5.1).
    let people: Vec<Vec<Faction>> = seating
        .players
        .iter()
        .filter(|p| p.iter().any(|f| humans.contains(f)))
        .cloned()
        .collect();
    Ok(Table {
        scenario: rec.scenario.clone(),
        seed: rec.seed,
        others: AgentSpec([AgentKind::Random; 4]),
        negotiation: switch(a.negotiation, rec.negotiation, "--negotiation")?,
        voluntary_removal: switch(a.voluntary_removal, rec.voluntary_removal, "--voluntary-removal")?,
        seating,
        people,
    })
}

/// The record of the game so far at this table.
fn record_of(t: &Table, answers: &[(Faction, Choice)], r: &Ruleset, hash: u64) -> Record {
    let mut rec = Record::new(&t.scenario, t.seed, &t.seating, answers, r).with_content(hash);
    rec.humans = t.humans();
    rec.negotiation = t.negotiation;
    rec.voluntary_removal = t.voluntary_removal;
    rec
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let files = a.content.files()?;
    let loaded = match &a.load {
        None => None,
        Some(path) => {
            let name = path.display().to_string();
            let text = crate::notation::read_file(path).map_err(|d| d.to_string())?;
            let record = Record::parse(&text, &name).map_err(|e| e.to_string())?;
            if let Some(h) = record.content
                && h != files.hash()
            {
                tell!(
                    "warning: {name}: saved with content {h:016x}, continuing on {} ({:016x}); the game may differ",
                    files.origin,
                    files.hash()
                );
            }
            // The scenario as the record names it, found beside the record if it is a path.
            let source = record.scenario_source(&files, path)?;
            Some((record, name, source))
        }
    };
    let seed = match (&loaded, a.seed) {
        (Some((rec, _, _)), _) => rec.seed,
        (None, Some(s)) => s,
        (None, None) => super::drawn_seed(),
    };
    let scenario = loaded
        .as_ref()
        .map_or(a.scenario.clone(), |(_, _, source)| source.clone());
    let (rules, _, setup) = super::load_position(&files, &scenario, seed)?;
    let table = match &loaded {
        Some((rec, name, _)) => loaded_table(&a, rec, name, &setup)?,
        None => new_table(&a, &setup, seed)?,
    };
    let mut setup = setup;
    setup.seating = table.seating.clone();
    // A version 1 record holds no noted answers (crates/notation/src/record.rs); the game's own
    // answers, once it has replayed them, do.
    let mut notes = loaded.as_ref().is_none_or(|(record, _, _)| record.version >= 2);
    let mut answers: Vec<(Faction, Choice)> = match &loaded {
        Some((record, name, _)) => record.choices(&rules, name).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let console = Console::new(
        Box::new(std::io::BufReader::new(std::io::stdin())),
        Box::new(std::io::stdout()),
    );
    introduce(&console, &table, &rules, loaded.is_some(), a.seed.is_none());
    {
        let mut c = console.borrow_mut();
        c.saved_at = answers.len();
        c.resumed = !answers.is_empty();
    }
    let hash = files.hash();
    // `picture` and `save-scenario` (src/cli/board.rs).
    let commands = Rc::new(super::board::table_commands(&files, &rules, &setup, table.seed));
    loop {
        let (game_result, game_answers, solitaire) =
            play_once(&rules, &setup, &table, &console, (&answers, notes), hash, &commands);
        match game_result {
            Ok(outcome) => {
                let mut c = console.borrow_mut();
                c.say(&format!(
                    "\nGame over{}.",
                    match outcome.victory_check {
                        Some(n) => format!(" at the victory check of Propaganda card {n}"),
                        None => " after the final Propaganda".into(),
                    }
                ));
                for (i, (seat, margin)) in outcome.ranking.iter().enumerate() {
                    let names: Vec<&str> = seat.iter().map(|f| f.name()).collect();
                    c.say(&format!("  {}. {} (margin {margin})", i + 1, names.join(" + ")));
                }
                if let Some(score) = outcome.solitaire {
                    // 8.8: the player's margin minus the highest Non-player margin.
                    c.say(&format!(
                        "Solitaire: {score:+} ({})",
                        crate::game::engine::solitaire_level(score)
                    ));
                } else if solitaire && outcome.victory_check.is_some() {
                    // 8.8: only a Non-player can win at a victory check.
                    c.say("Solitaire: a Non-player met its victory condition, so the player loses (8.8)");
                }
                c.say(&format!(
                    "(seed {}: `abyss play --seed {}` plays this deal again)",
                    table.seed, table.seed
                ));
                return Ok(0);
            }
            Err(Stop::Undo) => {
                // Back one decision of a person: drop it and everything answered after it.
                let mut kept = game_answers;
                let last_human = kept.iter().rposition(|(f, _)| table.is_human(*f)).unwrap_or(0);
                kept.truncate(last_human);
                answers = kept;
                notes = true;
                let mut c = console.borrow_mut();
                c.say(&format!("(undone: back to decision {})", answers.len() + 1));
                c.saved_at = c.saved_at.min(answers.len());
                c.resumed = true;
            }
            Err(Stop::Quit) => return Ok(0),
            Err(e) => {
                console
                    .borrow_mut()
                    .say(&format!("the game stopped: {}", printable(&e.to_string())));
                return Ok(1);
            }
        }
    }
}

/// Tell the people who plays what, and how to play this deal again.
fn introduce(console: &Shared, t: &Table, r: &Ruleset, loaded: bool, drawn: bool) {
    let mut c = console.borrow_mut();
    let _ = r;
    let seats: Vec<String> = t
        .people
        .iter()
        .map(|p| p.iter().map(|f| f.name()).collect::<Vec<_>>().join(" + "))
        .collect();
    let bots: Vec<&str> = t.seating.non_players.iter().map(|f| f.name()).collect();
    let others = |search: bool| -> Vec<String> {
        Faction::ALL
            .iter()
            .filter(|f| !t.is_human(**f) && !t.seating.non_players.contains(f))
            .filter(|f| matches!(t.others.0[f.index()], AgentKind::Mcts(_)) == search)
            .map(|f| match t.others.0[f.index()] {
                AgentKind::Mcts(c) => format!("{} ({c})", f.name()),
                _ => f.name().to_string(),
            })
            .collect()
    };
    let (random, search) = (others(false), others(true));
    let mut line = format!(
        "abyss play: scenario {}, seed {}{}",
        t.scenario,
        t.seed,
        if drawn && !loaded {
            " (drawn: --seed plays it again)"
        } else {
            ""
        }
    );
    line += &format!("\nAt the terminal: {}", seats.join("; "));
    if !bots.is_empty() {
        line += &format!("   Non-players (section 8): {}", bots.join(", "));
    }
    if !search.is_empty() {
        line += &format!("   Search AI: {}", search.join(", "));
    }
    if !random.is_empty() {
        line += &format!("   Random: {}", random.join(", "));
    }
    let on = |b: bool| if b { "on" } else { "off" };
    line += &format!(
        "\nOptions: negotiation (1.5.2) {}, voluntary removal (1.4.1) {}. Type `help` at any question.",
        on(t.negotiation),
        on(t.voluntary_removal)
    );
    // The questions these options raise at every Operation or Event are put to a person
    // only on request (src/agents/terminal.rs): say how to ask.
    if t.negotiation {
        line += "\n  Type `negotiate` at any question to give Resources or Shipments at the next Operation or Event.";
    }
    if t.voluntary_removal {
        line += "\n  Type `remove` before choosing an Event to remove your own pieces as it begins (in Operations, `remove` is among the spaces).";
    }
    c.say(&line);
}

/// Play from the start, replaying `answers` first, until the game ends or stops. Returns
/// the result, every answer given, and whether the game is solitaire (8.8).
fn play_once(
    rules: &Ruleset,
    setup: &Setup,
    t: &Table,
    console: &Shared,
    (answers, notes): (&[(Faction, Choice)], bool),
    hash: u64,
    commands: &Rc<Vec<crate::agents::terminal::TableCommand>>,
) -> (Result<crate::game::Outcome, Stop>, Vec<(Faction, Choice)>, bool) {
    let saver: Rc<Saver> = {
        let snapshot = Table {
            scenario: t.scenario.clone(),
            seed: t.seed,
            seating: t.seating.clone(),
            people: t.people.clone(),
            others: t.others,
            negotiation: t.negotiation,
            voluntary_removal: t.voluntary_removal,
        };
        Rc::new(Box::new(move |view, path| {
            let rec = record_of(&snapshot, view.answers, view.rules, hash);
            std::fs::write(path, rec.to_string()).map_err(|e| format!("{path}: {e}"))
        }))
    };
    let mut mirror = [false; 4];
    let live: Vec<Option<Box<dyn Agent>>> = Faction::ALL
        .iter()
        .map(|&f| -> Option<Box<dyn Agent>> {
            if t.is_human(f) {
                Some(Box::new(
                    Terminal::new(console.clone(), Some(saver.clone()), t.who(f)).with_commands(commands.clone()),
                ))
            } else if t.seating.non_players.contains(&f) {
                mirror[f.index()] = true;
                Some(Box::new(crate::nonplayer::NonPlayer::new(f)))
            } else if let AgentKind::Mcts(c) = t.others.0[f.index()] {
                // Not asked the replayed questions (each would be searched): after undo or
                // load it completes its Operation with a fresh bot.
                Some(Box::new(crate::search::Mcts::new(f, c, agent_seed(t.seed, f))))
            } else {
                mirror[f.index()] = true;
                Some(Box::new(RandomAgent::new(agent_seed(t.seed, f))))
            }
        })
        .collect();
    let (replay, agents) = Replay::resume(answers.to_vec(), live, mirror);
    replay.state.borrow_mut().notes = notes;
    let mut game = new_game(rules, reseeded(setup, t.seed), agents);
    game.negotiation = t.negotiation;
    game.voluntary_removal = t.voluntary_removal;
    console.borrow_mut().log.clear();
    let (printer, state) = (console.clone(), replay.state.clone());
    game.telemetry.narrative = Some(Narrative::new().observe(move |e| {
        let mut c = printer.borrow_mut();
        c.log.push((e.card_index, e.line()));
        // While the saved answers are replayed, the story is already known: keep it for
        // `log`, print only what happens live.
        let s = state.borrow();
        if s.used >= s.answers.len() {
            drop(s);
            if e.kind == crate::game::narrative::Kind::Card {
                c.say("");
            }
            c.say(&e.line());
            // What changed, beneath the line (the board a person would see move).
            let indent = "  ".repeat(e.depth as usize + 1);
            for d in &e.details {
                c.say(&format!("{indent}{d}"));
            }
            c.news = true;
        }
    }));
    let result = game.play();
    let solitaire = game.solitaire();
    (result, std::mem::take(&mut game.answers), solitaire)
}
