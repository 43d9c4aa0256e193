//! Levers: one number that a designer turns (`abyss calibrate --lever
//! resources.govt=0..40`). A scenario's number is set on the loaded scenario in memory
//! and checked as a scenario file's value is (`build_setup`: the rules refuse what they
//! refuse in a file, e.g. Resources past 99). A victory threshold (7.2, rules/forces.toml
//! `[victory]`) is set on a copy of the rules (`Lever::rules_at`).

use super::scenario::{At, PIECE_KEYS, Scenario, SpaceSetup};
use crate::kernel::ruleset::Victory;
use crate::kernel::{Faction, Ruleset};

/// A number of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lever {
    /// A Faction's Resources (`resources.govt`).
    Resources(Faction),
    /// Aid (`aid`).
    Aid,
    /// The Propaganda card whose Round is the last (`final_propaganda`, 2.4.1).
    FinalPropaganda,
    /// A count in a space's set-up: pieces by their scenario key, or Terror markers
    /// (`space.bogota.troops`, `space.cali.terror`).
    Space { space: String, key: String },
    /// A victory threshold of 7.2 (`victory.govt`, `victory.farc`, `victory.auc`,
    /// `victory.cartels_bases`, `victory.cartels_resources`).
    Victory(Threshold),
}

/// Which of 7.2's thresholds (`Victory`'s fields).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Threshold {
    GovtSupport,
    FarcOppositionBases,
    AucBasesOverFarc,
    CartelsBases,
    CartelsResources,
}

impl Threshold {
    const ALL: [(Threshold, &'static str); 5] = [
        (Threshold::GovtSupport, "govt"),
        (Threshold::FarcOppositionBases, "farc"),
        (Threshold::AucBasesOverFarc, "auc"),
        (Threshold::CartelsBases, "cartels_bases"),
        (Threshold::CartelsResources, "cartels_resources"),
    ];

    fn word(self) -> &'static str {
        Threshold::ALL.iter().find(|t| t.0 == self).map_or("?", |t| t.1)
    }

    fn field(self, v: &mut Victory) -> &mut i16 {
        match self {
            Threshold::GovtSupport => &mut v.govt_support,
            Threshold::FarcOppositionBases => &mut v.farc_opposition_bases,
            Threshold::AucBasesOverFarc => &mut v.auc_bases_over_farc,
            Threshold::CartelsBases => &mut v.cartels_bases,
            Threshold::CartelsResources => &mut v.cartels_resources,
        }
    }

    fn faction(self) -> Faction {
        match self {
            Threshold::GovtSupport => Faction::Govt,
            Threshold::FarcOppositionBases => Faction::Farc,
            Threshold::AucBasesOverFarc => Faction::Auc,
            Threshold::CartelsBases | Threshold::CartelsResources => Faction::Cartels,
        }
    }
}

/// What `--lever` accepts, for messages and the help.
pub const KNOWN: &str = "resources.govt, resources.farc, resources.auc, resources.cartels, aid, final_propaganda, \
     space.SPACE.COUNT (COUNT: troops, police, govt_bases, farc_guerrillas, farc_active, farc_bases, auc_guerrillas, \
     auc_active, auc_bases, cartels_guerrillas, cartels_active, cartels_bases, terror), \
     victory.govt, victory.farc, victory.auc, victory.cartels_bases, victory.cartels_resources (7.2's thresholds)";

impl Lever {
    /// A lever by name, e.g. `resources.govt`; an unknown name is an error listing the
    /// known ones.
    pub fn parse(name: &str, r: &Ruleset) -> Result<Lever, String> {
        let unknown = || format!("unknown lever `{name}`: the levers are {KNOWN}");
        let parts: Vec<&str> = name.trim().split('.').collect();
        match parts.as_slice() {
            ["aid"] => Ok(Lever::Aid),
            ["final_propaganda"] => Ok(Lever::FinalPropaganda),
            ["resources", f] => Faction::from_slug(f).map(Lever::Resources).ok_or_else(unknown),
            ["victory", t] => Threshold::ALL
                .iter()
                .find(|x| x.1 == *t)
                .map(|x| Lever::Victory(x.0))
                .ok_or_else(unknown),
            ["space", s, key] => {
                if r.map.find(s).is_none() {
                    return Err(format!(
                        "lever `{name}`: `{s}` is not a space of the map (its slug, e.g. `bogota`)"
                    ));
                }
                if *key != "terror" && !PIECE_KEYS.contains(key) {
                    return Err(unknown());
                }
                Ok(Lever::Space {
                    space: s.to_string(),
                    key: key.to_string(),
                })
            }
            _ => Err(unknown()),
        }
    }

    /// The Faction whose win rate the lever is about when none is named: the Faction of
    /// the Resources, the Government for Aid (it feeds the Government's Resources, 6.2.2).
    pub fn faction(&self) -> Option<Faction> {
        match self {
            Lever::Resources(f) => Some(*f),
            Lever::Aid => Some(Faction::Govt),
            Lever::Victory(t) => Some(t.faction()),
            _ => None,
        }
    }

    /// The scenario with the lever set to `value`, as if its file said so (findings name
    /// `--lever`).
    pub fn apply(&self, sc: &Scenario, value: i64) -> Scenario {
        let mut sc = sc.clone();
        let at = |value: i64| At {
            value,
            file: "--lever".into(),
            line: 0,
        };
        match self {
            // A rules lever (`rules_at`): the scenario is as it was.
            Lever::Victory(_) => {}
            Lever::Resources(f) => sc.resources[f.index()] = Some(at(value)),
            Lever::Aid => sc.aid = Some(at(value)),
            Lever::FinalPropaganda => sc.final_propaganda = Some(at(value)),
            Lever::Space { space, key } => {
                let entry = sc.spaces.entry(space.clone()).or_insert_with(|| {
                    (
                        At {
                            value: (),
                            file: "--lever".into(),
                            line: 0,
                        },
                        SpaceSetup::default(),
                    )
                });
                match PIECE_KEYS.iter().position(|k| k == key) {
                    Some(i) => entry.1.pieces[i] = Some(at(value)),
                    None => entry.1.terror = Some(at(value)),
                }
            }
        }
        sc
    }
}

impl Lever {
    /// The rules with the lever set to `value`: a copy for a victory threshold (refused
    /// outside what rules/forces.toml accepts), None for a scenario's number (the rules
    /// as they are).
    pub fn rules_at(&self, r: &Ruleset, value: i64) -> Result<Option<Ruleset>, String> {
        let Lever::Victory(t) = self else { return Ok(None) };
        let Ok(v) = i16::try_from(value) else {
            return Err(format!("--lever {self}={value}: out of range"));
        };
        if !super::forces::THRESHOLDS.contains(&value) {
            return Err(format!(
                "--lever {self}={value}: a victory threshold must be within {}..={}",
                super::forces::THRESHOLDS.start(),
                super::forces::THRESHOLDS.end()
            ));
        }
        let mut rules = r.clone();
        *t.field(&mut rules.forces.victory) = v;
        Ok(Some(rules))
    }
}

impl std::fmt::Display for Lever {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lever::Resources(x) => write!(f, "resources.{}", x.slug()),
            Lever::Aid => f.write_str("aid"),
            Lever::FinalPropaganda => f.write_str("final_propaganda"),
            Lever::Space { space, key } => write!(f, "space.{space}.{key}"),
            Lever::Victory(t) => write!(f, "victory.{}", t.word()),
        }
    }
}

/// `NAME=LO..HI` (both ends included): the lever and its range.
pub fn parse_range(text: &str, r: &Ruleset) -> Result<(Lever, i64, i64), String> {
    let bad = || format!("--lever `{text}`: write NAME=LOW..HIGH, e.g. resources.govt=0..40 (both ends included)");
    let (name, range) = text.split_once('=').ok_or_else(bad)?;
    let lever = Lever::parse(name, r).map_err(|e| format!("--lever: {e}"))?;
    let (a, b) = range.split_once("..").ok_or_else(bad)?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let (lo, hi): (i64, i64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if hi < lo {
        return Err(format!("--lever `{text}`: the high end is below the low end"));
    }
    Ok((lever, lo, hi))
}
