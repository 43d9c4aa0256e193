//! The board picture and saved positions on the command line: what `replay --until N
//! --save-scenario/--svg/--html` and `play`'s `picture` and `save-scenario` do, kept
//! here so that the subcommands only call in.

use super::out::say;
use crate::agents::terminal::TableCommand;
use crate::board::trace::{Recorder, StepKind, StopAt, StopAtCard, Watchers};
use crate::board::{Position, html, svg::Painter};
use crate::content::Setup;
use crate::content::export::{Course, scenario_toml};
use crate::content::{ContentFiles, layout::Layout};
use crate::game::playout::{Replay, new_game, reseeded};
use crate::game::{Game, Outcome, Stop, Watcher};
use crate::kernel::Ruleset;
use crate::notation::Record;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The pictures and positions a replay was asked for, and the recorder of its steps.
pub struct Pictures<'r> {
    file: String,
    until: Option<usize>,
    svg: Option<PathBuf>,
    html: Option<PathBuf>,
    save_scenario: Option<PathBuf>,
    layout: Option<Rc<Layout>>,
    recorder: Option<Recorder<'r>>,
    rules: &'r Ruleset,
    title: String,
}

impl<'r> Pictures<'r> {
    /// Set the game up for what `a` asks: a watcher that stops at --until, one that
    /// records every step for --html. None when nothing is asked.
    pub fn start(
        a: &super::replay::Args,
        files: &ContentFiles,
        rules: &'r Ruleset,
        rec: &Record,
        file: &str,
        game: &mut Game<'r>,
    ) -> Result<Option<Pictures<'r>>, String> {
        if a.until.is_none() && a.svg.is_none() && a.html.is_none() {
            return Ok(None);
        }
        let layout = if a.svg.is_some() || a.html.is_some() {
            Some(Rc::new(crate::content::load_layout(files, &rules.map)?))
        } else {
            None
        };
        let name = Path::new(file).file_name().map_or(file.into(), |n| n.to_string_lossy());
        let title = format!("{name} (scenario {}, seed {})", rec.scenario, rec.seed);
        let mut watchers: Vec<Box<dyn Watcher + 'r>> = Vec::new();
        if let Some(n) = a.until {
            watchers.push(Box::new(StopAt(n)));
        }
        let recorder = match (&a.html, &layout) {
            (Some(_), Some(l)) => {
                // The lines beside the board are the game's narrative.
                game.telemetry
                    .narrative
                    .get_or_insert_with(crate::game::narrative::Narrative::new);
                let r = Recorder::new(rules, l.clone(), title.clone());
                r.capture(game, StepKind::Start, format!("Set-up: {}", rec.scenario));
                watchers.push(Box::new(r.clone()));
                Some(r)
            }
            _ => None,
        };
        game.telemetry.watcher = Some(Box::new(Watchers(watchers)));
        Ok(Some(Pictures {
            file: file.to_string(),
            until: a.until,
            svg: a.svg.clone(),
            html: a.html.clone(),
            save_scenario: a.save_scenario.clone(),
            layout,
            recorder,
            rules,
            title,
        }))
    }

    /// Write what was asked once the game has stopped. Some(why) when --until was asked
    /// and the game never reached that card.
    pub fn finish(self, game: &Game, result: &Result<Outcome, Stop>) -> Result<Option<String>, String> {
        let paused = matches!(result, Err(Stop::Paused));
        let how = match result {
            Ok(o) => format!("Game over: {}", super::replay::describe_outcome(o)),
            Err(Stop::Paused) => format!("Stopped after {} cards (--until)", game.card_index),
            Err(e) => format!("The replay stopped: {e}"),
        };
        if let (Some(path), Some(r)) = (&self.html, &self.recorder) {
            r.capture(game, StepKind::End, how.clone());
            let layout = self.layout.clone().expect("loaded for --html");
            let trace = r.trace.borrow();
            let page = html::replay_page(&Painter::new(self.rules, layout), &trace, &self.title);
            write(path, &page)?;
            say!(
                "{}: {} steps written to {}",
                self.file,
                trace.steps.len(),
                path.display()
            );
        }
        if let Some(n) = self.until
            && !paused
        {
            return Ok(Some(format!(
                "the game never reached card {} (--until {n}): {}",
                n + 1,
                how.to_lowercase()
            )));
        }
        let when = if paused {
            format!("after {} cards", game.card_index)
        } else {
            "at the end".into()
        };
        if let (Some(path), Some(layout)) = (&self.svg, &self.layout) {
            let name = Path::new(&self.file)
                .file_name()
                .map_or(self.file.clone(), |n| n.to_string_lossy().into_owned());
            let pos = Position::of_game(game, format!("{name} {when}"));
            write(path, &Painter::new(self.rules, layout.clone()).svg(&pos))?;
            say!("{}: the position {when} drawn in {}", self.file, path.display());
        }
        if let Some(path) = &self.save_scenario {
            let text = position_scenario(game, &self.file, path);
            write(path, &text)?;
            say!("{}: the position {when} written to {}", self.file, path.display());
        }
        Ok(None)
    }
}

/// `play`'s own commands for the board: `picture [FILE]` draws the position now as an
/// SVG file (again and again to refresh it); `save-scenario FILE` writes the position at
/// the start of the card being played as a scenario (the middle of a card is not a
/// position a scenario can state: who already acted on it, 2.3).
pub fn table_commands(files: &ContentFiles, rules: &Ruleset, setup: &Setup, seed: u64) -> Vec<TableCommand> {
    let layout = crate::content::load_layout(files, &rules.map).map(Rc::new);
    let picture = TableCommand {
        word: "picture",
        help: "picture [FILE]: draw the board as it is now in an SVG file (default abyss-board.svg)",
        run: Box::new(move |view, arg| {
            let layout = layout.clone()?;
            let path = if arg.is_empty() { "abyss-board.svg" } else { arg };
            let mut pos = Position::of_state(view.rules, view.state, "abyss play");
            pos.current_card = view.card;
            pos.next_card = view.next_card;
            // Mid-game the deck is known by count (not "prepared at the start of play").
            if let Some(cs) = view.card_start {
                pos.deck = Some((cs.card_index, cs.deck_len.saturating_sub(cs.card_index)));
            }
            if let Some(c) = view.card {
                pos.title = format!("abyss play, card {c}");
            }
            write(Path::new(path), &Painter::new(view.rules, layout).svg(&pos))?;
            Ok(format!("the board is drawn in {path}"))
        }),
    };
    let setup = setup.clone();
    let save = TableCommand {
        word: "save-scenario",
        help: "save-scenario FILE: write the position at the start of this card as a scenario (TOML)",
        run: Box::new(move |view, arg| {
            if arg.is_empty() {
                return Err("save-scenario needs a file name: save-scenario FILE".into());
            }
            let card = view.card.ok_or("no card is being played yet")?;
            let seated = Setup {
                seating: view.seating.clone(),
                ..reseeded(&setup, seed)
            };
            let mut game = new_game(view.rules, seated, Replay::agents(view.answers.to_vec()));
            game.telemetry.watcher = Some(Box::new(StopAtCard(card)));
            match game.play() {
                Err(Stop::Paused) => {}
                Err(e) => {
                    return Err(format!(
                        "the replay of this game stopped before card {card} ({e}): please report it with the saved game (save FILE)"
                    ));
                }
                Ok(_) => {
                    return Err(format!(
                        "the replay of this game ended before card {card}: please report it with the saved game (save FILE)"
                    ));
                }
            }
            let text = position_scenario(&game, "this game", Path::new(arg));
            write(Path::new(arg), &text)?;
            let title = view.rules.card(card).map_or("", |c| c.title.as_str());
            Ok(format!("the position before card {card} ({title}) is written to {arg}"))
        }),
    };
    vec![picture, save]
}

/// The scenario TOML of a game stopped at a card boundary.
pub fn position_scenario(game: &Game, source: &str, out: &Path) -> String {
    let name = out
        .file_stem()
        .map_or("position".to_string(), |s| s.to_string_lossy().into_owned());
    let next = game
        .current_card()
        .and_then(|n| game.rules.card(n))
        .map_or("the end of the deck".to_string(), |c| {
            format!("card {} {}", c.number, c.title)
        });
    let description = format!(
        "the position of {source} after {} cards, before {next}",
        game.card_index
    );
    scenario_toml(game.rules, &game.state, &Course::of_game(game), &name, &description)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}
