//! The command line: one file per subcommand; main.rs only calls `cli::main`.
//! Exit codes: 0 clean, 1 findings or failed checks, 2 usage or I/O error.

pub mod out;

pub mod balance;
pub mod batch;
pub mod board;
pub mod calibrate;
pub mod cards;
pub mod event;
pub mod export_content;
pub mod merge;
pub mod play;
pub mod replay;
pub mod show;
pub mod sim;
pub mod strength;
pub mod test;
pub mod validate;

use crate::content::{ContentFiles, Finding, Scenario, Setup};
use crate::kernel::Ruleset;
use clap::{CommandFactory, Parser, Subcommand};
use out::{Exit, say, say_raw, tell};
use std::path::PathBuf;

#[derive(Parser)]
#[command(
    name = "abyss",
    version,
    about = "A data-driven rules interpreter for Andean Abyss (2nd edition)"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check a content folder (TOML tables and scenarios) and report every finding.
    Validate(validate::Args),
    /// Print a scenario's position as a person reads it.
    Show(show::Args),
    /// Play a game at the terminal (`--human govt,farc`; the other Factions are Non-players, or random with `--others random`).
    Play(play::Args),
    /// Play many complete games (random agents, or the Non-player bots with `--agents`) and report the results.
    Sim(sim::Args),
    /// Join the JSON tallies of parts of one run (`sim`, `balance` or `cards` with `--shard K/N --format json`) into its summary.
    Merge(merge::Args),
    /// Compare a scenario with variants on the same seeds under levels of play (random, bots, search), with intervals; text, JSON or an HTML page.
    Balance(balance::Args),
    /// Which card sides swing games: fork each game where an Event side is offered, play it in one copy and the best alternative in the other.
    Cards(cards::Args),
    /// Find the value of a scenario lever (e.g. `--lever resources.govt=0..40`) at which a Faction's win rate reaches a target.
    Calibrate(calibrate::Args),
    /// Rebuild a recorded game from its record and report how it went.
    Replay(replay::Args),
    /// Measure an agent (e.g. the search AI, `--agent mcts:100`) in a seat against the section-8 bot on paired seeds.
    Strength(strength::Args),
    /// Run scenario tests (setup, play, expect).
    Test(test::Args),
    /// Run one Event on a scenario's position and print what changed.
    Event(event::Args),
    /// Write the content built into abyss (rules/, scenarios/, events/) to a folder, to read, copy into a mod, or change.
    ExportContent(export_content::Args),
    /// Print the Lua language-server definitions of the card API (docs/lua/abyss.lua).
    LuaDefs,
    /// Print a shell completion script, e.g. `abyss completions bash > ~/.local/share/bash-completion/completions/abyss`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
}

/// Output format of the reporting subcommands.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Text,
    Json,
}

/// Does this command line ask for JSON (`--format json` to a subcommand that takes
/// `--format`)? Read from the words themselves, so that an error before or while clap
/// parses them is answered in JSON too.
fn wants_json(args: &[std::ffi::OsString]) -> bool {
    let words: Vec<&str> = args.iter().skip(1).filter_map(|a| a.to_str()).collect();
    let Some(sub) = words.iter().find(|w| !w.starts_with('-')) else {
        return false;
    };
    let takes_format = Cli::command()
        .find_subcommand(sub)
        .is_some_and(|c| c.get_arguments().any(|a| a.get_long() == Some("format")));
    let asks = words.windows(2).any(|w| w[0] == "--format" && w[1] == "json") || words.contains(&"--format=json");
    takes_format && asks
}

/// A usage or I/O error (or any other that ends the run) as the one JSON object a
/// `--format json` run prints: `ok` false, the exit code, the message.
fn error_json(code: i32, message: &str) -> String {
    let v = serde_json::json!({"ok": false, "exit": code, "error": message});
    serde_json::to_string_pretty(&v).unwrap_or_default()
}

pub fn main() -> i32 {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let json = wants_json(&args);
    let cli = match Cli::try_parse_from(&args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { out::USAGE } else { out::CLEAN };
            if json && code != out::CLEAN {
                let text = e.render().to_string();
                say!("{}", error_json(code, text.trim_end()));
                out::flush();
            }
            let _ = e.print();
            return code;
        }
    };
    let result = match cli.command {
        Command::Validate(a) => validate::run(a),
        Command::Show(a) => show::run(a),
        Command::Sim(a) => sim::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Balance(a) => balance::run(a),
        Command::Cards(a) => cards::run(a),
        Command::Calibrate(a) => calibrate::run(a),
        Command::Play(a) => play::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Strength(a) => strength::run(a),
        Command::Test(a) => test::run(a),
        Command::Event(a) => event::run(a),
        Command::ExportContent(a) => export_content::run(a),
        Command::LuaDefs => {
            say_raw!("{}", crate::script::defs::luals_definitions());
            Ok(out::CLEAN)
        }
        Command::Completions { shell } => {
            let mut text = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "abyss", &mut text);
            say_raw!("{}", String::from_utf8_lossy(&text));
            Ok(out::CLEAN)
        }
    };
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            if json {
                say!("{}", error_json(e.code, &e.message));
            }
            tell!("abyss: {e}");
            e.code
        }
    };
    out::flush();
    code
}

/// Where the content comes from; shared by every subcommand.
#[derive(clap::Args, Clone, Default)]
pub struct ContentArgs {
    /// A content folder (rules/, scenarios/, events/) instead of the embedded content.
    #[arg(long, value_name = "DIR")]
    pub content: Option<PathBuf>,
    /// A mod folder laid over the content: its files replace or add to the content's;
    /// its rules/ tables are laid over the content's by key (docs/modding.md).
    #[arg(long = "mod", value_name = "DIR")]
    pub overlay: Option<PathBuf>,
}

impl ContentArgs {
    pub fn files(&self) -> Result<ContentFiles, String> {
        let mut files = match &self.content {
            None => ContentFiles::embedded(),
            Some(d) => ContentFiles::from_dir(d)?,
        };
        if let Some(m) = &self.overlay {
            files.overlay(m)?;
        }
        Ok(files)
    }
}

/// Load the rules and one scenario's set-up, failing with every finding if either is
/// unusable (for commands that need a position rather than a report).
pub fn position(files: &ContentFiles, scenario: &str, seed: u64) -> Result<(Ruleset, Scenario, Setup), String> {
    load_position(files, scenario, seed).map_err(|e| e.message)
}

/// `position` for the subcommands: findings in the content exit 1, a scenario that cannot
/// be read exits 2.
pub fn load_position(files: &ContentFiles, scenario: &str, seed: u64) -> Result<(Ruleset, Scenario, Setup), Exit> {
    let mut findings: Vec<Finding> = Vec::new();
    let rules = crate::content::load_ruleset(files, &mut findings);
    let sc = match &rules {
        Some(_) => crate::content::load_scenario(files, scenario, &mut findings)?,
        None => None,
    };
    let fail = |f: &[Finding]| {
        let lines: Vec<String> = f.iter().map(|f| f.to_string()).collect();
        Exit::findings(format!(
            "the content has problems (run `abyss validate`):\n{}",
            lines.join("\n")
        ))
    };
    let (Some(rules), Some(sc)) = (rules, sc) else {
        return Err(fail(&findings));
    };
    let (setup, more) = crate::content::build_setup(&sc, &rules, seed);
    findings.extend(more);
    if !findings.is_empty() {
        return Err(fail(&findings));
    }
    Ok((rules, sc, setup))
}

/// A seed for a game nobody gave one: different in every process, small enough to type.
pub fn drawn_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    // RandomState is keyed from the operating system's randomness in every process.
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    1 + h.finish() % 999_999_999
}
