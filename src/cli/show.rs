//! `abyss show`: the position as a person reads it — each space with its pieces, Support,
//! Control and markers, then the tracks.

use super::load_position;
use super::out::{Exit, say, say_raw};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// A scenario name in scenarios/ or a path to a scenario TOML file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// Also draw the position as a picture of the board, an SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Show the deck as a game with this seed prepares it (the current and next card).
    #[arg(long)]
    pub seed: Option<u64>,
    /// `json`: the position as JSON (docs/board.md) instead of text.
    #[arg(long, value_enum, default_value = "text")]
    pub format: super::Format,
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let files = a.content.files()?;
    let (rules, sc, setup) = load_position(&files, &a.scenario, 0)?;
    let pos = match a.seed {
        Some(seed) => crate::board::Position::of_setup_seeded(&rules, &setup, seed, &sc.name),
        None => crate::board::Position::of_setup(&rules, &setup, &sc.name),
    };
    if let Some(path) = &a.svg {
        crate::board::write_svg(&files, &pos, path)?;
    }
    if a.format == super::Format::Json {
        say!("{}", crate::board::json::to_string(&pos));
    } else {
        say!("{} ({})", sc.name, sc.file);
        say_raw!("{}", render_position(&rules, &setup.state));
    }
    Ok(0)
}

pub use crate::game::describe::{forces_in, render_position};
