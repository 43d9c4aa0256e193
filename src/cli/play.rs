//! `abyss play`: a game at the terminal. Named Factions are human; the others are
//! Non-players run by the section 8 bots (1.5 Non-player option), or random agents with
//! `--others random`. `undo` replays the game without the last human decision.

use crate::agents::terminal::Terminal;
use crate::game::playout::{Replay, agent_seed, new_game, reseeded};
use crate::game::{Agent, Choice, RandomAgent, Stop};
use crate::kernel::Faction;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The Factions played at this terminal, e.g. `govt,farc` (default: all four).
    #[arg(long, value_delimiter = ',')]
    pub human: Vec<String>,
    /// Who plays the Factions not at this terminal: `nonplayer` (section 8 bots) or
    /// `random`.
    #[arg(long, default_value = "nonplayer")]
    pub others: String,
    /// Continue a game saved with `save FILE` (its scenario and seed replace --scenario
    /// and --seed).
    #[arg(long, value_name = "FILE")]
    pub load: Option<std::path::PathBuf>,
}

pub fn run(mut a: Args) -> Result<i32, String> {
    let files = a.content.files()?;
    let loaded = match &a.load {
        None => None,
        Some(path) => {
            let name = path.display().to_string();
            let text = crate::notation::read_file(path).map_err(|d| d.to_string())?;
            let record = crate::notation::Record::parse(&text, &name).map_err(|e| e.to_string())?;
            a.scenario = record.scenario_source(&files, path)?;
            a.seed = record.seed;
            Some((record, name))
        }
    };
    let (rules, _, mut setup) = super::position(&files, &a.scenario, a.seed)?;
    let bots = match a.others.as_str() {
        "nonplayer" | "non-player" | "bot" => true,
        "random" => false,
        w => return Err(format!("--others: unknown agent `{w}` (nonplayer, random)")),
    };
    let mut human = [a.human.is_empty(); 4];
    for h in &a.human {
        let f = Faction::from_slug(h)
            .ok_or_else(|| format!("--human: unknown Faction `{h}` (govt, farc, auc, cartels)"))?;
        human[f.index()] = true;
    }
    if bots && human.contains(&false) {
        let mut spec = crate::game::playout::AgentSpec::default();
        for f in Faction::ALL {
            if !human[f.index()] {
                spec.0[f.index()] = crate::game::playout::AgentKind::NonPlayer;
            }
        }
        setup = spec.seat(&setup);
    }
    if let Some((record, _)) = &loaded
        && let Some(seating) = &record.seating
    {
        setup.seating = seating.clone();
    }
    let mut answers: Vec<(Faction, Choice)> = match &loaded {
        Some((record, name)) => record.choices(&rules, name).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    loop {
        let live: Vec<Option<Box<dyn Agent>>> = Faction::ALL
            .iter()
            .map(|&f| -> Option<Box<dyn Agent>> {
                if human[f.index()] {
                    let stdin = std::io::stdin().lock();
                    let (scenario, seed, seating, hash) =
                        (a.scenario.clone(), a.seed, setup.seating.clone(), files.hash());
                    // `save FILE` writes the game record; `abyss replay FILE` rebuilds it.
                    let saver: crate::agents::terminal::Saver = Box::new(move |view, path| {
                        let rec = crate::notation::Record::new(&scenario, seed, &seating, view.answers, view.rules)
                            .with_content(hash);
                        std::fs::write(path, rec.to_string()).map_err(|e| format!("{path}: {e}"))
                    });
                    let commands = super::board::table_commands(&files, &rules, &setup, a.seed);
                    Some(Box::new(
                        Terminal::new(stdin, std::io::stdout(), Some(saver)).with_commands(commands),
                    ))
                } else if setup.seating.non_players.contains(&f) {
                    Some(Box::new(crate::nonplayer::NonPlayer::new(f)))
                } else {
                    Some(Box::new(RandomAgent::new(agent_seed(a.seed, f))))
                }
            })
            .collect();
        let mut game = new_game(&rules, reseeded(&setup, a.seed), Replay::then(answers.clone(), live).1);
        // 1.5.2: players may bargain when more than one Faction is at the table.
        game.negotiation = human.iter().filter(|&&h| h).count() > 1;
        // 1.4.1: a player may remove its own pieces while executing.
        game.voluntary_removal = true;
        let result = game.play();
        match result {
            Ok(outcome) => {
                println!(
                    "\nGame over{}.",
                    match outcome.victory_check {
                        Some(n) => format!(" at the victory check of Propaganda card {n}"),
                        None => " after the final Propaganda".into(),
                    }
                );
                for (i, (seat, margin)) in outcome.ranking.iter().enumerate() {
                    let names: Vec<&str> = seat.iter().map(|f| f.name()).collect();
                    println!("  {}. {} (margin {margin})", i + 1, names.join(" + "));
                }
                if let Some(score) = outcome.solitaire {
                    // 8.8: the player's margin minus the highest Non-player margin.
                    println!("Solitaire: {score:+} ({})", crate::game::engine::solitaire_level(score));
                } else if game.solitaire() && outcome.victory_check.is_some() {
                    // 8.8: only a Non-player can win at a victory check.
                    println!("Solitaire: a Non-player met its victory condition, so the player loses (8.8)");
                }
                return Ok(0);
            }
            Err(Stop::Undo) => {
                // Back one human decision: drop it and everything answered after it.
                let mut kept = game.answers;
                let last_human = kept.iter().rposition(|(f, _)| human[f.index()]).unwrap_or(0);
                kept.truncate(last_human);
                answers = kept;
                println!("(undone: replaying {} answers)", answers.len());
            }
            Err(Stop::Quit) => return Ok(0),
            Err(e) => {
                eprintln!("the game stopped: {e}");
                return Ok(1);
            }
        }
    }
}
