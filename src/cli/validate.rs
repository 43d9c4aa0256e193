//! `abyss validate`: load the content, check everything before anything runs, report
//! every finding with file:line and code, then a summary per scenario.

use super::Format;
use super::batch::{jobs_for, progress_bar, run_identity, save_records, seed_range};
use super::out::{Exit, say, say_raw, tell};
use crate::content::{self, Finding};
use crate::game::playout::{AgentSpec, Batch, GameResult, Summary, run_games, spec_prepared, verify_playout_blamed};
use crate::kernel::{Control, Ruleset, State};
use serde::Serialize;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// Check only this scenario (a name in scenarios/ or a path to a TOML file).
    #[arg(long)]
    pub scenario: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Also play this many random games of the scenario (default: standard), checking
    /// every invariant before every decision and replaying each game from its answers.
    #[arg(long, default_value_t = 0)]
    pub games: u64,
    /// Seed of the first playout (fixed, so that a CI run is the same run every time).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads for the playouts (at most the machine's; never more than the games).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Where failing playouts are written as game records (`abyss replay` reproduces them).
    #[arg(long, value_name = "DIR", default_value = "abyss-failures")]
    pub save_failures: std::path::PathBuf,
    /// Who plays the playouts: `random`, `nonplayer` (the section 8 bots), or a mix such
    /// as `govt=random,others=nonplayer`.
    #[arg(long, default_value = "random")]
    pub agents: String,
}

#[derive(Serialize)]
pub struct Report {
    pub content: String,
    pub ok: bool,
    pub findings: Vec<Finding>,
    pub scenarios: Vec<ScenarioSummary>,
}

#[derive(Serialize)]
pub struct ScenarioSummary {
    pub name: String,
    pub title: String,
    pub file: String,
    pub total_support: u16,
    pub opposition_plus_bases: u16,
    /// Every City and Department: "govt", "farc" or "none" (1.8).
    pub control: Vec<(String, &'static str)>,
}

pub fn control_slug(c: Control) -> &'static str {
    match c {
        Control::Govt => "govt",
        Control::Farc => "farc",
        Control::Uncontrolled => "none",
    }
}

impl ScenarioSummary {
    fn new(name: &str, title: &str, file: &str, r: &Ruleset, st: &State) -> ScenarioSummary {
        let control = r
            .map
            .ids()
            .filter(|&s| !r.map.space(s).is_loc() && st.in_play(s))
            .map(|s| (r.map.space(s).slug.clone(), control_slug(st.control(s))))
            .collect();
        ScenarioSummary {
            name: name.into(),
            title: title.into(),
            file: file.into(),
            total_support: st.total_support(),
            opposition_plus_bases: st.opposition_plus_bases(r),
            control,
        }
    }
}

/// Check the content and the scenarios (all, or the one named).
pub fn check(files: &content::ContentFiles, only: Option<&str>) -> Result<Report, String> {
    let mut findings = Vec::new();
    let rules = content::load_ruleset(files, &mut findings);
    let mut scenarios = Vec::new();
    if let Some(rules) = &rules {
        // The scripts compile and return what their cards need, before anything runs.
        for e in crate::script::check_scripts(rules) {
            findings.push(Finding {
                file: e.file.clone(),
                line: e.line,
                code: "script-error",
                message: format!("card {} ({}): {}", e.card, e.title, e.message),
            });
        }
        let names = match only {
            Some(n) => vec![n.to_string()],
            None => content::scenario_names(files),
        };
        if names.is_empty() {
            findings.push(Finding {
                file: "scenarios".into(),
                line: 0,
                code: "missing-file",
                message: "no scenario in scenarios/".into(),
            });
        }
        let mut positions = Vec::new();
        for name in names {
            let Some(sc) = content::load_scenario(files, &name, &mut findings)? else {
                continue;
            };
            let (setup, more) = content::build_setup(&sc, rules, 0);
            let sound = more.is_empty();
            findings.extend(more);
            scenarios.push(ScenarioSummary::new(&sc.slug, &sc.name, &sc.file, rules, &setup.state));
            if sound {
                positions.push((sc.slug.clone(), setup));
            }
        }
        // Every card side runs on the scenarios' positions: one that fails every time is a
        // finding before anyone plays it (a side that fails only sometimes shows in
        // `abyss sim` and `validate --games`).
        if findings.is_empty() {
            findings.extend(event_trials(rules, &positions));
        }
    }
    Ok(Report {
        content: files.origin.clone(),
        ok: findings.is_empty(),
        findings,
        scenarios,
    })
}

pub fn run(a: Args) -> Result<i32, Exit> {
    // A usage error before any work.
    seed_range(a.seed, a.games)?;
    let files = a.content.files()?;
    let report = check(&files, a.scenario.as_deref())?;
    let mut io_error = None;
    let playouts = if report.ok && a.games > 0 {
        let scenario = a.scenario.as_deref().unwrap_or("standard");
        let (summary, saved) = playouts(&files, scenario, &a)?;
        io_error = saved.err();
        Some(summary)
    } else {
        None
    };
    let clean = report.ok && playouts.as_ref().is_none_or(|p| p.clean());
    let code = match (&io_error, clean) {
        (Some(_), _) => super::out::USAGE,
        (None, true) => super::out::CLEAN,
        (None, false) => super::out::FINDINGS,
    };
    match a.format {
        Format::Json => {
            // The report, plus `playouts` when games were played; `ok` is false whenever
            // the exit code is not 0.
            let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
            v["ok"] = serde_json::Value::Bool(code == 0);
            if let Some(p) = &playouts {
                v["playouts"] = serde_json::to_value(p).map_err(|e| e.to_string())?;
            }
            if let Some(e) = &io_error {
                v["error"] = serde_json::Value::String(e.clone());
            }
            say!("{}", serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?)
        }
        Format::Text => {
            say_raw!("{}", render(&report));
            if let Some(p) = &playouts {
                say_raw!("{}", p.render(false));
            }
        }
    }
    if let Some(e) = io_error {
        tell!("abyss: could not save the failing playouts: {e}");
    }
    Ok(code)
}

/// Random playouts with every check (crate::game::playout::verify_playout); every 10th
/// game also goes through a save/load round trip: its record is printed, parsed back and
/// replayed, and must end in the same state. Failing games are saved as records (the
/// second value says whether that worked).
fn playouts(files: &content::ContentFiles, scenario: &str, a: &Args) -> Result<(Summary, Result<usize, String>), Exit> {
    let seeds = seed_range(a.seed, a.games)?;
    let (rules, _, setup) = super::load_position(files, scenario, a.seed)?;
    let spec = AgentSpec::parse(&a.agents)?;
    let setup = spec.seat(&setup);
    let bar = progress_bar(a.games);
    let tick = || bar.inc(1);
    let batch = Batch {
        seeds,
        jobs: jobs_for(a.jobs, a.games),
        keep_answers: false,
        rows: false,
        progress: &tick,
    };
    let start = std::time::Instant::now();
    let (tally, results) = run_games(
        &batch,
        |seed| spec_prepared(&rules, &setup, seed, true, &spec),
        |seed, game, live| {
            let verdict = verify_playout_blamed(&rules, &setup, seed, game, live);
            if verdict.outcome.is_ok()
                && seed.is_multiple_of(10)
                && let Err(e) = round_trip(&rules, &setup, game, scenario, seed)
            {
                return Err(crate::game::Stop::Failed(format!("save/load round trip: {e}"))).into();
            }
            verdict
        },
    );
    bar.finish_and_clear();
    let seeds = crate::game::shard::Seeds::from_count(a.seed, a.games)?;
    let run = run_identity(files, scenario, &spec, true, seeds, None);
    let summary = Summary::new(run, tally, start.elapsed().as_secs_f64());
    let failing: Vec<&GameResult> = results.iter().filter(|r| r.outcome.is_err()).collect();
    let saved = save_records(&a.save_failures, scenario, true, files, &rules, &setup, &failing);
    if let Ok(n) = saved
        && n > 0
    {
        tell!("{n} failing games saved in {}", a.save_failures.display());
    }
    Ok((summary, saved))
}

/// How many times each card side is tried on each position, by different Factions and
/// with different random answers.
const EVENT_TRIES: u64 = 3;

/// Run every Event side `EVENT_TRIES` times on each position, with random answers; a side
/// that fails (and is rolled back) on every try is reported at its script's line.
fn event_trials(rules: &Ruleset, positions: &[(String, content::Setup)]) -> Vec<Finding> {
    use crate::game::{Game, Stop, playout::random_agents};
    use crate::kernel::{CardKind, Side};
    let mut out = Vec::new();
    let cards: Vec<u8> = rules
        .cards
        .iter()
        .filter(|c| c.kind == CardKind::Event && rules.events.card(c.number).is_some())
        .map(|c| c.number)
        .collect();
    for c in &cards {
        let card = rules.card(*c).expect("listed");
        let sides: &[Side] = if card.single {
            &[Side::Unshaded]
        } else {
            &[Side::Unshaded, Side::Shaded]
        };
        for &side in sides {
            let mut last = None;
            let mut tries = 0;
            'positions: for (name, setup) in positions {
                // One game per position: its Lua VM serves every try, as in a real game.
                let mut game = Game::new(rules, setup.clone(), vec![*c], random_agents(*c as u64));
                for i in 0..EVENT_TRIES {
                    // The same position, other dice: a side that fails only on some
                    // rolls is not "always".
                    game.state = setup.state.clone();
                    game.state.dice = crate::kernel::Dice::new(tries * 1_000 + *c as u64);
                    let by = card.order.get(i as usize % card.order.len().max(1)).copied();
                    let by = by.unwrap_or(crate::kernel::Faction::Govt);
                    tries += 1;
                    match game.execute_event(by, *c, side) {
                        Ok(None) => {
                            last = None;
                            break 'positions;
                        }
                        Ok(Some(e)) => last = Some((e.file.clone(), e.line, e.message.clone(), name.clone())),
                        Err(Stop::Failed(m)) => {
                            let file = rules.events.card(*c).map_or(String::new(), |e| e.path.clone());
                            last = Some((file, 0, m, name.clone()));
                        }
                        // A question the random answers cannot settle is not a failure.
                        Err(_) => {
                            last = None;
                            break 'positions;
                        }
                    }
                }
            }
            if let Some((file, line, message, scenario)) = last {
                out.push(Finding {
                    file,
                    line,
                    code: "event-always-fails",
                    message: format!(
                        "card {c} ({}), {}: failed on all {tries} tries (last on `{scenario}`): {message}",
                        card.title,
                        side.slug()
                    ),
                });
            }
        }
    }
    out
}

/// Save a finished game as a record, load it back, replay it: the same final state.
fn round_trip(
    rules: &Ruleset,
    setup: &content::Setup,
    game: &crate::game::Game,
    scenario: &str,
    seed: u64,
) -> Result<(), String> {
    let text = crate::notation::Record::from_game(game, scenario, seed).to_string();
    let record = crate::notation::Record::parse(&text, "round-trip.rec").map_err(|e| e.to_string())?;
    let answers = record.choices(rules, "round-trip.rec").map_err(|e| e.to_string())?;
    let replayed = crate::notation::record::replay(rules, setup, &record, answers);
    if replayed.result.is_err() || replayed.game.state != game.state || !replayed.all_used() {
        return Err(format!("the loaded record of seed {seed} does not reproduce the game"));
    }
    Ok(())
}
pub fn render(report: &Report) -> String {
    let mut s = String::new();
    for f in &report.findings {
        // A script's error text reaches the terminal without its control characters.
        s += &format!("{}\n", crate::game::describe::printable_lines(&f.to_string()));
    }
    for sc in &report.scenarios {
        s += &format!(
            "scenario {} ({}): Total Support {}, Opposition+Bases {}\n",
            sc.name, sc.title, sc.total_support, sc.opposition_plus_bases
        );
        for (label, want) in [
            ("Govt Control", "govt"),
            ("FARC Control", "farc"),
            ("Uncontrolled", "none"),
        ] {
            let list: Vec<&str> = sc
                .control
                .iter()
                .filter(|(_, c)| *c == want)
                .map(|(s, _)| s.as_str())
                .collect();
            s += &format!("  {label} ({}): {}\n", list.len(), list.join(", "));
        }
    }
    let n = report.findings.len();
    s += &if n == 0 {
        format!("{}: no findings\n", report.content)
    } else {
        format!("{}: {n} finding{}\n", report.content, if n == 1 { "" } else { "s" })
    };
    s
}
