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
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let files = a.content.files()?;
    let (rules, sc, setup) = load_position(&files, &a.scenario, 0)?;
    say!("{} ({})", sc.name, sc.file);
    say_raw!("{}", render_position(&rules, &setup.state));
    Ok(0)
}

pub use crate::game::describe::{forces_in, render_position};
