//! rules/forces.toml → Forces: the inventory (1.4.1), limits (1.7, 3.3.4, 4.5.3), the
//! El Presidente track (6.4.3) and the victory thresholds (7.2).

use super::findings::{Findings, SourceFile, parse_toml};
use super::map::is_slug;
use crate::kernel::ids::{Faction, PieceKind, PieceType};
use crate::kernel::ruleset::{Forces, Limits, MAX_PIECES, MAX_SHIPMENTS, President, PresidentEffect, Victory};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ForcesFile {
    limits: LimitsToml,
    /// 7.2's thresholds; the rules' own when absent.
    victory: Option<VictoryToml>,
    piece: Vec<PieceToml>,
    president: Vec<PresidentToml>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsToml {
    resources_max: u8,
    aid_max: u8,
    bases_per_space: u8,
    terror_sabotage_markers: u8,
    shipments: Spanned<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VictoryToml {
    govt_support: Spanned<i64>,
    farc_opposition_bases: Spanned<i64>,
    auc_bases_over_farc: Spanned<i64>,
    cartels_bases: Spanned<i64>,
    cartels_resources: Spanned<i64>,
}

/// The least and most a victory threshold may be: a count of the board (Total Support
/// runs to 2 a Population, Resources to 99) or a difference of Bases.
pub(crate) const THRESHOLDS: std::ops::RangeInclusive<i64> = -99..=999;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PieceToml {
    faction: Spanned<String>,
    kind: Spanned<String>,
    count: u8,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum EffectToml {
    PlaceFarcZone,
    RemoveFarcZones,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PresidentToml {
    id: Spanned<String>,
    name: String,
    #[serde(default)]
    no_aid: bool,
    on_enter: Option<EffectToml>,
}

pub fn load_forces(file: &SourceFile, out: &mut Findings) -> Option<Forces> {
    // Counted before the parse: a file with unknown keys is read on, but not used.
    let before = out.list.len();
    let raw: ForcesFile = parse_toml(file, out)?;
    let mut count = [0u8; PieceType::COUNT];
    let mut seen = [false; PieceType::COUNT];
    for p in &raw.piece {
        let at = p.faction.span().start;
        let Some(f) = Faction::from_slug(p.faction.get_ref()) else {
            out.at(
                file,
                at,
                "unknown-faction",
                format!(
                    "unknown faction `{}`; expected govt, farc, auc or cartels",
                    p.faction.get_ref()
                ),
            );
            continue;
        };
        let Some(t) = PieceKind::from_slug(p.kind.get_ref()).and_then(|k| PieceType::new(f, k)) else {
            out.at(
                file,
                p.kind.span().start,
                "bad-piece",
                format!(
                    "{} has no `{}` pieces (Government: troops, police, base; insurgents: guerrilla, base)",
                    f.name(),
                    p.kind.get_ref()
                ),
            );
            continue;
        };
        if seen[t.index()] {
            out.at(file, at, "duplicate-piece", format!("{t} is listed twice"));
        }
        seen[t.index()] = true;
        count[t.index()] = p.count;
    }
    for t in PieceType::all() {
        if !seen[t.index()] {
            out.at(file, 0, "missing-piece", format!("no [[piece]] for {t}"));
        }
    }
    if count.iter().map(|&c| c as usize).sum::<usize>() > MAX_PIECES {
        out.at(
            file,
            0,
            "too-many-pieces",
            format!("more than {MAX_PIECES} pieces in all"),
        );
    }
    if *raw.limits.shipments.get_ref() as usize > MAX_SHIPMENTS {
        out.at(
            file,
            raw.limits.shipments.span().start,
            "bad-value",
            format!("at most {MAX_SHIPMENTS} Shipment markers are supported"),
        );
    }
    let mut presidents: Vec<President> = Vec::new();
    for p in &raw.president {
        if !is_slug(p.id.get_ref()) || presidents.iter().any(|q| &q.slug == p.id.get_ref()) {
            out.at(
                file,
                p.id.span().start,
                "duplicate-id",
                format!("president id `{}` is not a unique slug", p.id.get_ref()),
            );
        }
        presidents.push(President {
            slug: p.id.get_ref().clone(),
            name: p.name.clone(),
            no_aid: p.no_aid,
            on_enter: p.on_enter.map(|e| match e {
                EffectToml::PlaceFarcZone => PresidentEffect::PlaceFarcZone,
                EffectToml::RemoveFarcZones => PresidentEffect::RemoveFarcZones,
            }),
        });
    }
    if presidents.is_empty() {
        out.at(
            file,
            0,
            "missing-key",
            "the El Presidente track needs at least one [[president]]",
        );
    }
    let l = &raw.limits;
    let limits = Limits {
        resources_max: l.resources_max,
        aid_max: l.aid_max,
        bases_per_space: l.bases_per_space,
        terror_sabotage_markers: l.terror_sabotage_markers,
        shipments: *l.shipments.get_ref(),
    };
    let mut victory = Victory::default();
    if let Some(v) = &raw.victory {
        let mut threshold = |key: &str, x: &Spanned<i64>, into: &mut i16| {
            if THRESHOLDS.contains(x.get_ref()) {
                *into = *x.get_ref() as i16;
            } else {
                out.at(
                    file,
                    x.span().start,
                    "bad-value",
                    format!(
                        "victory.{key} = {}: a threshold must be within {}..={}",
                        x.get_ref(),
                        THRESHOLDS.start(),
                        THRESHOLDS.end()
                    ),
                );
            }
        };
        threshold("govt_support", &v.govt_support, &mut victory.govt_support);
        threshold(
            "farc_opposition_bases",
            &v.farc_opposition_bases,
            &mut victory.farc_opposition_bases,
        );
        threshold(
            "auc_bases_over_farc",
            &v.auc_bases_over_farc,
            &mut victory.auc_bases_over_farc,
        );
        threshold("cartels_bases", &v.cartels_bases, &mut victory.cartels_bases);
        threshold(
            "cartels_resources",
            &v.cartels_resources,
            &mut victory.cartels_resources,
        );
    }
    (out.list.len() == before).then(|| {
        let mut forces = Forces::new(count, limits, presidents);
        forces.victory = victory;
        forces
    })
}
