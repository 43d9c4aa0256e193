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
    /// The report as text, or as one JSON object (with the failure's card, side, script
    /// file and line as fields); json prints no narrative.
    #[arg(long, value_enum, default_value = "text", conflicts_with_all = ["until", "svg", "html", "details"])]
    pub format: super::Format,
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
fn same_stop(why: &str, result: &Result<Outcome, Stop>, lines: &mut Vec<String>) -> bool {
    let same = result.as_ref().is_err_and(|stop| stop.to_string() == why);
    if !same {
        lines.push(format!("the record says it stopped with: {}", shown(why, TEXT_MAX)));
    }
    same
}

/// The report of a replay, line by line, and whether it passes `--verify`.
pub fn report(file: &str, rec: &Record, rules: &Ruleset, out: &Replayed) -> (Vec<String>, bool) {
    let mut lines = Vec::new();
    let ok = report_into(file, rec, rules, out, &mut lines);
    if !ok && let Some(e) = blamed(out) {
        lines.push(format!("{file}: {}", blame_line(e)));
    }
    (lines, ok)
}

/// The script failure a replay that does not verify is blamed on: the last Event that
/// failed (and was undone, 5.0) before the replay stopped. A record keeps only the
/// answers, so an Event that failed in the replay but not in the game left the answers
/// after it to questions they were not given to, and the replay stops or ends soon after
/// (a mod changed the script, or the content changed, since the record was made).
fn blamed<'a>(out: &'a Replayed) -> Option<&'a crate::game::ScriptError> {
    out.game.event_failures.last()
}

/// What the report says of the script failure a replay is blamed on.
fn blame_line(e: &crate::game::ScriptError) -> String {
    format!(
        "{}\n  the Event failed in the replay and was undone (5.0), so the record's answers after it \
         no longer fit; if it did not fail when the record was made, its script or the content has \
         changed since: fix the script, or replay on the content the record was made with",
        printable(&e.to_string())
    )
}

fn report_into(file: &str, rec: &Record, rules: &Ruleset, out: &Replayed, lines: &mut Vec<String>) -> bool {
    let total = out.script.answers.len();
    let used = out.script.used;
    lines.push(format!(
        "{file}: scenario {}, seed {}: {used} of {total} answers used, {} cards played",
        shown(&rec.scenario, TEXT_MAX),
        rec.seed,
        out.game.stats.cards
    ));
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
            lines.push(format!("game over: {}", describe_outcome(o)));
            if !all_used {
                lines.push(format!(
                    "{}: the game ended before answer {} ({} answers unused)",
                    place(file, rec, used),
                    used + 1,
                    total - used
                ));
            }
            let agrees = match &rec.trailer {
                Some(Trailer::Result(seat)) => {
                    let (mut a, mut b) = (seat.clone(), o.winner().to_vec());
                    a.sort();
                    b.sort();
                    if a != b {
                        lines.push("the record's trailer names another winner".into());
                    }
                    a == b
                }
                Some(Trailer::Stopped(_)) => {
                    lines.push("the record says the game stopped, but it ended".into());
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
            lines.push(format!(
                "{last}: the record ends after answer {used}; next, {}",
                question().unwrap_or_default()
            ));
            match &rec.trailer {
                Some(Trailer::Stopped(None)) => true,
                Some(Trailer::Stopped(Some(why))) => same_stop(why, &out.result, lines),
                _ => false,
            }
        }
        Err(stop) => {
            match stop {
                Stop::Diverged(m) if used < total => {
                    let a = &rec.answers[used];
                    lines.push(format!(
                        "{}: answer {} (`{a}`) diverges: {}",
                        place(file, rec, used),
                        used + 1,
                        printable(m)
                    ));
                    if let Some(q) = question() {
                        lines.push(format!("  {q}"));
                    }
                }
                _ => {
                    let at = if used == 0 {
                        file.to_string()
                    } else {
                        place(file, rec, used - 1)
                    };
                    lines.push(format!(
                        "{at}: stopped after answer {used}: {}",
                        printable(&stop.to_string())
                    ));
                }
            }
            match &rec.trailer {
                Some(Trailer::Stopped(None)) => all_used,
                Some(Trailer::Stopped(Some(why))) => all_used && same_stop(why, &out.result, lines),
                _ => false,
            }
        }
    }
}

/// A record read, with the content and scenario it is replayed on.
pub struct Loaded {
    /// The record's file name, as messages give it.
    pub file: String,
    pub rec: Record,
    pub files: crate::content::ContentFiles,
    pub rules: Ruleset,
    pub setup: crate::content::Setup,
    pub answers: Vec<(Faction, crate::game::Choice)>,
    /// Cautions for the user (the record was made on other content).
    pub warnings: Vec<String>,
}

/// Why a record could not be loaded: a usage or I/O error (exit 2, or 1 for findings in
/// the content), or the record's own diagnostic (exit 1).
pub enum NotLoaded {
    Exit(Exit),
    Record(String),
}

impl From<Exit> for NotLoaded {
    fn from(e: Exit) -> NotLoaded {
        NotLoaded::Exit(e)
    }
}

impl From<String> for NotLoaded {
    fn from(e: String) -> NotLoaded {
        NotLoaded::Exit(Exit::from(e))
    }
}

/// Read a record and load the content and scenario to replay it on (`scenario`, or the
/// one the record names). Shared by `abyss replay` and the Python package's `replay`.
pub fn load(path: &std::path::Path, content: &super::ContentArgs, scenario: Option<&str>) -> Result<Loaded, NotLoaded> {
    let file = path.display().to_string();
    let text = crate::notation::read_file(path).map_err(|d| d.to_string())?;
    let rec = Record::parse(&text, &file).map_err(|d| NotLoaded::Record(d.with_excerpt()))?;
    let files = content.files()?;
    let mut warnings = Vec::new();
    if let Some(h) = rec.content {
        let ours = files.hash();
        if h != ours {
            warnings.push(format!(
                "warning: {file}: recorded with content {h:016x}, replaying on {} ({ours:016x}); the game may differ",
                files.origin
            ));
        }
    }
    let scenario = match scenario {
        Some(s) => s.to_string(),
        None => rec.scenario_source(&files, path)?,
    };
    let (rules, _, setup) = super::load_position(&files, &scenario, rec.seed)?;
    let answers = rec
        .choices(&rules, &file)
        .map_err(|d| NotLoaded::Record(d.to_string()))?;
    Ok(Loaded {
        file,
        rec,
        files,
        rules,
        setup,
        answers,
        warnings,
    })
}

/// A record replayed without its narrative: what `abyss replay --verify -q` reports.
pub struct Verdict {
    pub result: Result<Outcome, Stop>,
    /// The report's lines, and whether it passes `--verify`.
    pub lines: Vec<String>,
    pub ok: bool,
    /// The script failure a replay that does not verify is blamed on (`blamed`).
    pub blame: Option<crate::game::ScriptError>,
    /// Answers used of the record's, and cards played.
    pub used: usize,
    pub total: usize,
    pub cards: u32,
    /// The answers the replayed game recorded (every seat's).
    pub answers: Vec<(Faction, crate::game::Choice)>,
}

/// The game of a record, ready to replay (`check`: every invariant before every
/// decision, whatever the record says).
fn start<'r>(
    rules: &'r Ruleset,
    setup: &crate::content::Setup,
    rec: &Record,
    answers: Vec<(Faction, crate::game::Choice)>,
    check: bool,
) -> (crate::game::Game<'r>, crate::game::playout::Replay) {
    let mut to_play = rec.clone();
    to_play.check |= check;
    crate::notation::record::replay_game(rules, setup, &to_play, answers)
}

/// Replay a loaded record to its end (`check`: every invariant before every decision).
pub fn verify(l: &Loaded, check: bool) -> Verdict {
    let (mut game, script) = start(&l.rules, &l.setup, &l.rec, l.answers.clone(), check);
    let result = game.play();
    let out = Replayed {
        game,
        result,
        script: script.snapshot(),
    };
    verdict(&l.file, &l.rec, &l.rules, out)
}

/// The verdict on a replayed record.
fn verdict(file: &str, rec: &Record, rules: &Ruleset, out: Replayed) -> Verdict {
    let (lines, ok) = report(file, rec, rules, &out);
    Verdict {
        lines,
        ok,
        blame: if ok { None } else { blamed(&out).cloned() },
        used: out.script.used,
        total: out.script.answers.len(),
        cards: out.game.stats.cards,
        answers: out.game.answers.clone(),
        result: out.result,
    }
}

/// `--format json`: the verdict as one object. `failure` names the script failure the
/// replay is blamed on, with its card, side, script file and line as fields (as
/// `validate --games` names a failed game's), or is null.
pub fn verdict_json(file: &str, rec: &Record, v: &Verdict) -> serde_json::Value {
    let failure = v.blame.as_ref().map(|e| {
        let at = crate::game::tally::Blame::of_script(e);
        serde_json::json!({
            "card": at.card,
            "title": e.title,
            "side": at.side,
            "file": at.file,
            "line": at.line,
            "message": e.message,
        })
    });
    serde_json::json!({
        "ok": v.ok,
        "file": file,
        "scenario": rec.scenario,
        "seed": rec.seed,
        "answers": v.total,
        "answers_used": v.used,
        "cards": v.cards,
        "outcome": match &v.result {
            Ok(o) => serde_json::json!({ "winner": o.winner().iter().map(|f| f.name()).collect::<Vec<_>>(), "text": describe_outcome(o) }),
            Err(_) => serde_json::Value::Null,
        },
        "stopped": v.result.as_ref().err().map(|s| s.to_string()),
        "failure": failure,
        "report": v.lines,
    })
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let Loaded {
        file,
        rec,
        files,
        rules,
        setup,
        answers,
        warnings,
    } = match load(&a.file, &a.content, a.scenario.as_deref()) {
        Ok(l) => l,
        Err(NotLoaded::Exit(e)) => return Err(e),
        Err(NotLoaded::Record(d)) => {
            tell!("{d}");
            return Ok(1);
        }
    };
    for w in &warnings {
        tell!("{w}");
    }
    let (mut game, script) = start(&rules, &setup, &rec, answers, a.check);
    let json = a.format == super::Format::Json;
    if !a.quiet && !json {
        // The narrative, printed as the game is rebuilt.
        let details = a.details;
        game.telemetry.narrative = Some(crate::game::narrative::Narrative::new().observe(move |e| {
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
    let v = verdict(&file, &rec, &rules, out);
    if json {
        let mut o = verdict_json(&file, &rec, &v);
        o["warnings"] = serde_json::json!(warnings);
        say!("{}", serde_json::to_string_pretty(&o).map_err(|e| e.to_string())?);
    } else {
        for l in &v.lines {
            say!("{l}");
        }
    }
    Ok(if a.verify && !v.ok { 1 } else { 0 })
}
