//! `abyss show`: the position as a person reads it — each space with its pieces, Support,
//! Control and markers, then the tracks.

use super::position;
use crate::kernel::ruleset::Terrain;
use crate::kernel::{Faction, PieceKind, PieceType, Ruleset, SpaceId, SpaceKind, State, Support};
use std::fmt::Write;

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
    pub format: super::validate::Format,
}

pub fn run(a: Args) -> Result<i32, String> {
    let files = a.content.files()?;
    let (rules, sc, setup) = match position(&files, &a.scenario, 0) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{e}");
            return Ok(1);
        }
    };
    let pos = match a.seed {
        Some(seed) => crate::board::Position::of_setup_seeded(&rules, &setup, seed, &sc.name),
        None => crate::board::Position::of_setup(&rules, &setup, &sc.name),
    };
    if let Some(path) = &a.svg {
        crate::board::write_svg(&files, &pos, path)?;
    }
    if a.format == super::validate::Format::Json {
        println!("{}", crate::board::json::to_string(&pos));
    } else {
        println!("{} ({})", sc.name, sc.file);
        print!("{}", render_position(&rules, &setup.state));
    }
    Ok(0)
}

/// One space's forces in words, e.g. "Govt 3 Troops 1 Base; FARC 2 Guerrillas (1 Active)".
pub fn forces_in(st: &State, s: SpaceId) -> String {
    let sp = st.space(s);
    let mut parts = Vec::new();
    for f in Faction::ALL {
        let mut p = Vec::new();
        for kind in [
            PieceKind::Troops,
            PieceKind::Police,
            PieceKind::Guerrilla,
            PieceKind::Base,
        ] {
            let Some(t) = PieceType::new(f, kind) else { continue };
            let n = sp.count(t);
            if n == 0 {
                continue;
            }
            let word = match kind {
                PieceKind::Troops => "Troops".to_string(),
                PieceKind::Police => "Police".to_string(),
                PieceKind::Guerrilla => if n == 1 { "Guerrilla" } else { "Guerrillas" }.to_string(),
                PieceKind::Base => if n == 1 { "Base" } else { "Bases" }.to_string(),
            };
            let active = if t.is_guerrilla() { sp.guerrillas(f, false) } else { 0 };
            let state = match (t.is_guerrilla(), active) {
                (false, _) => String::new(),
                (true, 0) => " (Underground)".into(),
                (true, a) if a == n => " (Active)".into(),
                (true, a) => format!(" ({a} Active)"),
            };
            p.push(format!("{n} {word}{state}"));
        }
        if !p.is_empty() {
            parts.push(format!("{} {}", f.name(), p.join(" ")));
        }
    }
    if parts.is_empty() { "-".into() } else { parts.join("; ") }
}

pub fn render_position(r: &Ruleset, st: &State) -> String {
    let mut out = String::new();
    let res: Vec<String> = Faction::ALL
        .iter()
        .map(|&f| format!("{} {}", f.name(), st.resources(f)))
        .collect();
    let president = &r.forces.presidents[st.president() as usize];
    let _ = writeln!(
        out,
        "Resources: {}   Aid {}   El Presidente: {}",
        res.join(", "),
        st.aid(),
        president.name
    );
    let elig: Vec<&str> = Faction::ALL
        .iter()
        .map(|&f| if st.eligible(f) { "Eligible" } else { "Ineligible" })
        .collect();
    let el: Vec<String> = Faction::ALL
        .iter()
        .zip(elig)
        .map(|(f, e)| format!("{} {e}", f.name()))
        .collect();
    let _ = writeln!(
        out,
        "Total Support {}   Opposition+Bases {}   {}",
        st.total_support(),
        st.opposition_plus_bases(r),
        el.join(", ")
    );
    let caps: Vec<String> = st
        .capabilities()
        .iter()
        .map(|(c, s)| format!("{} ({})", r.card(*c).map_or("?", |c| c.title.as_str()), s.slug()))
        .collect();
    let mom: Vec<String> = st
        .momentum_cards()
        .iter()
        .map(|c| r.card(*c).map_or("?".into(), |c| c.title.clone()))
        .collect();
    let _ = writeln!(
        out,
        "Capabilities: {}   Momentum: {}   Terror/Sabotage markers {}/{}   Shipments on the map {}/{}",
        if caps.is_empty() {
            "none".into()
        } else {
            caps.join(", ")
        },
        if mom.is_empty() { "none".into() } else { mom.join(", ") },
        st.markers_on_map(),
        r.forces.limits.terror_sabotage_markers,
        st.shipments_on_map().count(),
        r.forces.limits.shipments
    );
    for (title, kind) in [
        ("Cities", SpaceKind::City),
        ("Departments", SpaceKind::Department),
        ("LoCs", SpaceKind::Loc),
    ] {
        let _ = writeln!(out, "\n{title}");
        for s in r.map.ids().filter(|&s| r.map.space(s).kind == kind && st.in_play(s)) {
            let d = r.map.space(s);
            let sp = st.space(s);
            let facts = match kind {
                SpaceKind::Loc => format!("{:?} econ {}", d.loc_type.expect("LoC type"), d.econ).to_lowercase(),
                SpaceKind::Department => {
                    let t = match d.terrain {
                        Some(Terrain::Forest) => "forest",
                        Some(Terrain::Mountain) => "mountain",
                        Some(Terrain::Grassland) => "grassland",
                        None => "",
                    };
                    format!("{t} pop {}", d.pop)
                }
                SpaceKind::City => format!("pop {}", d.pop),
            };
            let mut marks = Vec::new();
            if kind != SpaceKind::Loc && d.pop > 0 && sp.support != Support::Neutral {
                marks.push(sp.support.name().to_string());
            }
            if kind != SpaceKind::Loc && sp.control != crate::kernel::Control::Uncontrolled {
                marks.push(sp.control.name().to_string());
            }
            if sp.farc_zone {
                marks.push("FARC Zone".into());
            }
            if sp.terror > 0 {
                marks.push(format!("Terror x{}", sp.terror));
            }
            if sp.sabotage {
                marks.push("Sabotage".into());
            }
            let ships: Vec<String> = st
                .shipments_on_map()
                .filter(|(_, p)| st.piece_space(*p) == Some(s))
                .map(|(_, p)| {
                    let t = r.forces.type_of(p);
                    let u = if st.piece(p).underground {
                        "Underground"
                    } else {
                        "Active"
                    };
                    format!("Shipment with {u} {}", t.faction.name())
                })
                .collect();
            marks.extend(ships);
            let marks = if marks.is_empty() {
                String::new()
            } else {
                format!("  [{}]", marks.join(", "))
            };
            let _ = writeln!(out, "  {:<30} {:<18} {}{}", d.name, facts, forces_in(st, s), marks);
        }
    }
    let avail: Vec<String> = PieceType::all()
        .iter()
        .map(|&t| format!("{t} {}", st.available(t)))
        .collect();
    let _ = writeln!(out, "\nAvailable: {}", avail.join(", "));
    out
}
