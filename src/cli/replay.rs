//! `abyss replay FILE`: rebuild a recorded game and report how it went, or where the
//! record and the engine part ways.

use super::out::{Exit, say, tell};
use crate::game::describe::{TEXT_MAX, printable, shown};
use crate::game::{Outcome, Stop};
use crate::kernel::{Faction, Ruleset};
use crate::notation::{Record, Replayed, Trailer};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// The game record.
    pub file: PathBuf,
    /// Exit 1 unless every answer was used and the game reached its end (or the record's
    /// trailer says it stopped, and it stops the same way).
    #[arg(long)]
    pub verify: bool,
    /// Check every invariant before every decision (as `abyss sim --check`).
    #[arg(long)]
    pub check: bool,
    /// Print only the report, not the narrative of the game.
    #[arg(long, short)]
    pub quiet: bool,
    /// Under each line of the narrative, what changed space by space.
    #[arg(long)]
    pub details: bool,
    /// The narrative is printed by default (kept for older scripts).
    #[arg(long, hide = true)]
    pub log: bool,
    /// Stop after N cards: the position before the card N+1 is played (for
    /// --save-scenario, --svg and --html).
    #[arg(long, value_name = "N", conflicts_with = "verify")]
    pub until: Option<usize>,
    /// Write the position where --until stops as a scenario file (TOML) that validate,
    /// show, sim, play and scenario tests load.
    #[arg(long, value_name = "OUT.toml", requires = "until")]
    pub save_scenario: Option<PathBuf>,
    /// Draw the position where the replay stops (--until, or the end) as an SVG picture.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write the game as one self-contained HTML page that steps through it card by card
    /// and line by line, the narrative beside the board.
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Play the record on this scenario (a name, or any TOML file) instead of the one it
    /// names; a record alone may only name a scenario of the content or a file under its
    /// own folder or the working folder.
    #[arg(long)]
    pub scenario: Option<String>,
}

fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, x) if x != 11 => "st",
        (2, x) if x != 12 => "nd",
        (3, x) if x != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// "AUC wins (margins: Government -12, FARC -3, ...)".
pub fn describe_outcome(o: &Outcome) -> String {
    let winner: Vec<&str> = o.winner().iter().map(|f| f.name()).collect();
    let margins: Vec<String> = Faction::ALL
        .iter()
        .map(|f| format!("{} {:+}", f.name(), o.margins[f.index()]))
        .collect();
    let when = match o.victory_check {
        Some(n) => format!("a victory check at the {} Propaganda card", ordinal(n)),
        None => "the end of the game (7.3)".into(),
    };
    format!(
        "{} {} after {when} (margins: {})",
        winner.join(" + "),
        if winner.len() > 1 { "win" } else { "wins" },
        margins.join(", ")
    )
}

/// The place of answer `i` for messages: "file:line" or "file".
fn place(file: &str, rec: &Record, i: usize) -> String {
    match rec.answer_line(i) {
        Some(l) => format!("{file}:{l}"),
        None => file.to_string(),
    }
}

/// Does the replay stop as the record's trailer says it did?
fn same_stop(why: &str, result: &Result<Outcome, Stop>) -> bool {
    let same = result.as_ref().is_err_and(|stop| stop.to_string() == why);
    if !same {
        say!("the record says it stopped with: {}", shown(why, TEXT_MAX));
    }
    same
}

/// Report the replay; true when it passes `--verify`.
fn report(file: &str, rec: &Record, rules: &Ruleset, out: &Replayed) -> bool {
    let total = out.script.answers.len();
    let used = out.script.used;
    say!(
        "{file}: scenario {}, seed {}: {used} of {total} answers used, {} cards played",
        shown(&rec.scenario, TEXT_MAX),
        rec.seed,
        out.game.stats.cards
    );
    let question = || {
        out.script.pending.as_ref().map(|q| {
            let options: Vec<String> = q.options.iter().map(|c| c.render(rules)).collect();
            format!(
                "{} is asked \"{}\"{} (options: {})",
                q.faction.name(),
                printable(&q.prompt),
                q.about
                    .map(|s| format!(" about {}", rules.map.space(s).slug))
                    .unwrap_or_default(),
                options.join(" ")
            )
        })
    };
    let all_used = used == total;
    match &out.result {
        Ok(o) => {
            say!("game over: {}", describe_outcome(o));
            if !all_used {
                say!(
                    "{}: the game ended before answer {} ({} answers unused)",
                    place(file, rec, used),
                    used + 1,
                    total - used
                );
            }
            let agrees = match &rec.trailer {
                Some(Trailer::Result(seat)) => {
                    let (mut a, mut b) = (seat.clone(), o.winner().to_vec());
                    a.sort();
                    b.sort();
                    if a != b {
                        say!("the record's trailer names another winner");
                    }
                    a == b
                }
                Some(Trailer::Stopped(_)) => {
                    say!("the record says the game stopped, but it ended");
                    false
                }
                _ => true,
            };
            all_used && agrees
        }
        Err(_) if out.script.ran_out => {
            let last = if used == 0 {
                file.to_string()
            } else {
                place(file, rec, used - 1)
            };
            say!(
                "{last}: the record ends after answer {used}; next, {}",
                question().unwrap_or_default()
            );
            match &rec.trailer {
                Some(Trailer::Stopped(None)) => true,
                Some(Trailer::Stopped(Some(why))) => same_stop(why, &out.result),
                _ => false,
            }
        }
        Err(stop) => {
            match stop {
                Stop::Diverged(m) if used < total => {
                    let a = &rec.answers[used];
                    say!(
                        "{}: answer {} (`{a}`) diverges: {}",
                        place(file, rec, used),
                        used + 1,
                        printable(m)
                    );
                    if let Some(q) = question() {
                        say!("  {q}");
                    }
                }
                _ => {
                    let at = if used == 0 {
                        file.to_string()
                    } else {
                        place(file, rec, used - 1)
                    };
                    say!("{at}: stopped after answer {used}: {}", printable(&stop.to_string()));
                }
            }
            match &rec.trailer {
                Some(Trailer::Stopped(None)) => all_used,
                Some(Trailer::Stopped(Some(why))) => all_used && same_stop(why, &out.result),
                _ => false,
            }
        }
    }
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let file = a.file.display().to_string();
    let text = crate::notation::read_file(&a.file).map_err(|d| d.to_string())?;
    let rec = match Record::parse(&text, &file) {
        Ok(r) => r,
        Err(d) => {
            tell!("{}", d.with_excerpt());
            return Ok(1);
        }
    };
    let files = a.content.files()?;
    if let Some(h) = rec.content {
        let ours = files.hash();
        if h != ours {
            tell!(
                "warning: {file}: recorded with content {h:016x}, replaying on {} ({ours:016x}); the game may differ",
                files.origin
            );
        }
    }
    let scenario = match &a.scenario {
        Some(s) => s.clone(),
        None => rec.scenario_source(&files, &a.file)?,
    };
    let (rules, _, setup) = super::load_position(&files, &scenario, rec.seed)?;
    let answers = match rec.choices(&rules, &file) {
        Ok(x) => x,
        Err(d) => {
            tell!("{d}");
            return Ok(1);
        }
    };
    let mut to_play = rec.clone();
    to_play.check |= a.check;
    let (mut game, script) = crate::notation::record::replay_game(&rules, &setup, &to_play, answers);
    if !a.quiet {
        // The narrative, printed as the game is rebuilt.
        let details = a.details;
        game.narrative = Some(crate::game::narrative::Narrative::new().observe(move |e| {
            say!("{}", e.line());
            if details {
                let indent = "  ".repeat(e.depth as usize + 1);
                for d in &e.details {
                    say!("{indent}{}", printable(d));
                }
            }
        }));
    }
    let pictures = super::board::Pictures::start(&a, &files, &rules, &rec, &file, &mut game)?;
    let result = game.play();
    if let Some(p) = pictures {
        let stop = p.finish(&game, &result)?;
        if a.until.is_some() {
            if let Some(why) = stop {
                tell!("{file}: {why}");
                return Ok(1);
            }
            return Ok(0);
        }
    }
    let out = Replayed {
        game,
        result,
        script: script.snapshot(),
    };
    let ok = report(&file, &rec, &rules, &out);
    Ok(if a.verify && !ok { 1 } else { 0 })
}
