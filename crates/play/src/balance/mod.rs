//! Balance reports (`abyss balance`): a scenario and its variants, each played on the same
//! seeds under one or more levels of play (random, the section-8 bots, the search), so
//! that a variant's effect is measured game by game against the base (paired), and said
//! with its interval under each level.
//!
//! The document (`FORMAT`) holds what was run, the raw tallies (the sim tally of each
//! scenario under each level, the course of its games, and each variant's paired counts
//! against the base), and the figures worked out from them. Shards of one run merge by
//! adding their tallies (`merge`), as sim documents do. `text` writes the report for a
//! terminal; the page is `board::balance`.

pub mod course;
pub mod text;

use crate::shard::{Seeds, Shard, cover};
use crate::summary::{Estimates, notes};
use crate::tally::{ByFaction, Fields, Row, Tally, seat_factions};
use abyss_core::kernel::Faction;
use abyss_core::stats::{self, Interval};
use course::{Course, CourseFigures};
use serde::{Deserialize, Serialize};

/// The `format` of a balance document; bumped when a field changes meaning.
pub const FORMAT: &str = "abyss-balance 1";

/// The levels of play when none is given.
pub const DEFAULT_LEVELS: [&str; 2] = ["random", "nonplayer"];

/// A scenario of the run: its name or file as given, and, for a file outside the content,
/// the fingerprint of its text (`summary::fingerprint`; a scenario of the content is
/// covered by the content's).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioId {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
}

/// What identifies a balance run: two documents with the same run and seeds hold the same
/// games. Shards of one run agree on everything here but `seeds` and `shard.part`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Run {
    pub abyss: String,
    /// The content's fingerprint (16 hex digits), as in game records and sim documents.
    pub content: String,
    /// The base scenario, and the variants compared with it.
    pub scenario: ScenarioId,
    pub variants: Vec<ScenarioId>,
    /// The levels of play: who plays the four seats, as `--agents` writes it.
    pub levels: Vec<String>,
    /// Every invariant was checked before every decision (`--check`).
    pub check: bool,
    pub seeds: Seeds,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The command that plays the whole run again (every seed, whatever shard this is).
    pub command: String,
}

impl Run {
    /// The fields on which the documents of one run must agree, with their values.
    fn identity(&self) -> Vec<(&'static str, String)> {
        let ids = |s: &ScenarioId| format!("{} ({})", s.name, s.file.as_deref().unwrap_or("in the content"));
        vec![
            ("abyss", self.abyss.clone()),
            ("content", self.content.clone()),
            ("scenario", ids(&self.scenario)),
            (
                "variants",
                format!("[{}]", self.variants.iter().map(ids).collect::<Vec<_>>().join(", ")),
            ),
            ("levels", format!("[{}]", self.levels.join("; "))),
            ("check", self.check.to_string()),
            (
                "shard",
                self.shard
                    .map_or("none".into(), |s| format!("{} parts of {}", s.of, s.whole)),
            ),
        ]
    }

    /// The scenario labels, base first, as the report names them.
    pub fn labels(&self) -> Vec<String> {
        std::iter::once(&self.scenario)
            .chain(&self.variants)
            .map(|s| label(&s.name))
            .collect()
    }
}

/// A scenario's name as the report shows it: a file by its name without folder or
/// `.toml`, a scenario of the content by its name.
pub fn label(name: &str) -> String {
    let p = std::path::Path::new(name);
    match (p.extension().and_then(|e| e.to_str()), p.file_stem()) {
        (Some("toml"), Some(stem)) => stem.to_string_lossy().into_owned(),
        _ => name.to_string(),
    }
}

/// A Faction's wins on the seeds played by both scenarios: a win in both games, in the
/// variant's only, in the base's only, in neither.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedWins {
    pub both: u64,
    pub variant_only: u64,
    pub base_only: u64,
    pub neither: u64,
}

impl PairedWins {
    pub fn add(&mut self, variant: bool, base: bool) {
        match (variant, base) {
            (true, true) => self.both += 1,
            (true, false) => self.variant_only += 1,
            (false, true) => self.base_only += 1,
            (false, false) => self.neither += 1,
        }
    }

    fn merge(&mut self, o: &PairedWins) {
        self.both += o.both;
        self.variant_only += o.variant_only;
        self.base_only += o.base_only;
        self.neither += o.neither;
    }

    pub fn pairs(&self) -> u64 {
        self.both + self.variant_only + self.base_only + self.neither
    }

    /// The variant's win rate minus the base's on these seeds, with Newcombe's interval.
    pub fn difference(&self) -> Option<Interval> {
        stats::paired_difference(self.both, self.variant_only, self.base_only, self.neither)
    }
}

/// One Faction's paired counts of a variant against the base.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairedFaction {
    pub wins: PairedWins,
    /// Per seed, the variant's final margin minus the base's.
    pub margin: stats::Paired,
}

/// One scenario under one level of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Arm {
    /// The scenario's label (`label`).
    pub scenario: String,
    /// The sim tally of its games (`abyss sim`'s, without rows).
    pub tally: Tally,
    pub course: Course,
    /// A variant's counts against the base on the seeds both completed; None for the base.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired: Option<ByFaction<PairedFaction>>,
}

impl Arm {
    /// The arm of a batch whose tally kept its rows (in seed order); `base` is the base
    /// scenario's rows on the same seeds for a variant. The rows are dropped.
    pub fn new(scenario: String, mut tally: Tally, base: Option<&[Row]>) -> Arm {
        let rows = tally.rows.take().unwrap_or_default();
        let mut course = Course::default();
        for r in &rows {
            course.add(r);
        }
        let paired = base.map(|base| pair(base, &rows));
        Arm {
            scenario,
            tally,
            course,
            paired,
        }
    }

    fn merge(&mut self, o: Arm) {
        self.tally.merge(o.tally);
        self.course.merge(&o.course);
        if let (Some(mine), Some(theirs)) = (&mut self.paired, &o.paired) {
            for f in Faction::ALL {
                mine.get_mut(f).wins.merge(&theirs.get(f).wins);
                mine.get_mut(f).margin.merge(&theirs.get(f).margin);
            }
        }
    }
}

/// The paired counts of a variant's rows against the base's, seed by seed; a seed whose
/// game failed in either is left out.
pub fn pair(base: &[Row], variant: &[Row]) -> ByFaction<PairedFaction> {
    let mut out = ByFaction::<PairedFaction>::default();
    let mut b = base.iter().peekable();
    for v in variant {
        while b.next_if(|r| r.seed < v.seed).is_some() {}
        let Some(r) = b.next_if(|r| r.seed == v.seed) else {
            continue;
        };
        let (Some(wv), Some(mv), Some(wb), Some(mb)) = (&v.winner, &v.margins, &r.winner, &r.margins) else {
            continue;
        };
        let (wv, wb) = (seat_factions(wv), seat_factions(wb));
        for f in Faction::ALL {
            let p = out.get_mut(f);
            p.wins.add(wv.contains(&f), wb.contains(&f));
            p.margin.add(i64::from(mv.get(f)) - i64::from(mb.get(f)));
        }
    }
    out
}

/// The tallies of one level of play: the base first, then the variants in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Level {
    pub level: String,
    pub scenarios: Vec<Arm>,
}

/// All the raw counts of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tallies {
    pub levels: Vec<Level>,
}

/// A variant's difference from the base for one Faction, paired on the seeds both
/// completed.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub pairs: u64,
    /// Win rate, variant minus base (0.05 = 5 percentage points), Newcombe's interval.
    pub win_rate: Option<Interval>,
    pub win_rate_significant: bool,
    /// Mean final margin, variant minus base, the normal interval of the differences.
    pub margin: Option<Interval>,
    pub margin_significant: bool,
}

impl Difference {
    fn of(p: &PairedFaction) -> Difference {
        let win_rate = p.wins.difference();
        let margin = p.margin.interval();
        Difference {
            pairs: p.wins.pairs(),
            win_rate,
            win_rate_significant: win_rate.is_some_and(|i| i.excludes_zero()),
            margin,
            margin_significant: margin.is_some_and(|i| i.excludes_zero()),
        }
    }
}

/// The figures of one scenario under one level.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArmFigures {
    pub scenario: String,
    /// As `abyss sim` gives them: win rates, mean margins, game length.
    pub estimates: Estimates,
    pub course: CourseFigures,
    /// A variant's difference from the base, per Faction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difference: Option<ByFaction<Difference>>,
}

/// The figures of one level of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LevelFigures {
    pub level: String,
    /// Cautions about reading this level's figures (as `abyss sim` gives them, from the
    /// base scenario's games).
    pub notes: Vec<String>,
    pub scenarios: Vec<ArmFigures>,
}

/// What the paired interval of one measure says under one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Significantly up (the interval is above 0).
    Up,
    Down,
    /// The interval holds 0.
    NotSignificant,
    /// Too few pairs for an interval.
    Unknown,
}

impl Verdict {
    fn of(i: Option<Interval>) -> Verdict {
        match i {
            None => Verdict::Unknown,
            Some(i) if i.low > 0.0 => Verdict::Up,
            Some(i) if i.high < 0.0 => Verdict::Down,
            Some(_) => Verdict::NotSignificant,
        }
    }

    pub fn words(self) -> &'static str {
        match self {
            Verdict::Up => "up",
            Verdict::Down => "down",
            Verdict::NotSignificant => "no significant change",
            Verdict::Unknown => "too few games to tell",
        }
    }
}

/// A conclusion about a variant that is not the same under every level of play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Shift {
    pub variant: String,
    pub faction: &'static str,
    /// `win_rate` or `margin`.
    pub measure: &'static str,
    /// Per level, in the run's order.
    pub levels: Vec<ShiftLevel>,
}

/// What one level says of a variant's effect.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShiftLevel {
    pub level: String,
    pub verdict: Verdict,
    /// The paired difference (variant minus base) with its interval.
    pub difference: Option<Interval>,
}

/// Every figure of a run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figures {
    pub levels: Vec<LevelFigures>,
    /// The conclusions (sign and significance of a variant's effect on a Faction's win
    /// rate or margin) that change between levels of play; empty with one level.
    pub shifts: Vec<Shift>,
}

impl Figures {
    fn new(t: &Tallies) -> Figures {
        let levels: Vec<LevelFigures> = t
            .levels
            .iter()
            .map(|l| {
                let scenarios: Vec<ArmFigures> = l
                    .scenarios
                    .iter()
                    .map(|a| ArmFigures {
                        scenario: a.scenario.clone(),
                        estimates: Estimates::new(&a.tally),
                        course: a.course.figures(),
                        difference: a.paired.map(|p| p.map(|x| Difference::of(&x))),
                    })
                    .collect();
                // sim's notes, naming the flag that sets a level here.
                let notes = scenarios.first().map_or(Vec::new(), |b| {
                    notes(&l.level, &b.estimates)
                        .into_iter()
                        .map(|n| n.replace("--agents ", "--level "))
                        .collect()
                });
                LevelFigures {
                    level: l.level.clone(),
                    notes,
                    scenarios,
                }
            })
            .collect();
        let mut shifts = Vec::new();
        let arms = levels.first().map_or(0, |l| l.scenarios.len());
        if levels.len() > 1 {
            for v in 1..arms {
                for f in Faction::ALL {
                    for measure in ["win_rate", "margin"] {
                        let per: Vec<ShiftLevel> = levels
                            .iter()
                            .map(|l| {
                                let d = l.scenarios[v].difference.map(|d| d.get(f));
                                let i = d.and_then(|d| if measure == "win_rate" { d.win_rate } else { d.margin });
                                ShiftLevel {
                                    level: l.level.clone(),
                                    verdict: Verdict::of(i),
                                    difference: i,
                                }
                            })
                            .collect();
                        if per.iter().any(|x| x.verdict != per[0].verdict) {
                            shifts.push(Shift {
                                variant: levels[0].scenarios[v].scenario.clone(),
                                faction: f.slug(),
                                measure,
                                levels: per,
                            });
                        }
                    }
                }
            }
        }
        Figures { levels, shifts }
    }
}

/// How long the games took (never compared: merged shards add their seconds).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Timing {
    pub seconds: f64,
    pub games: u64,
    pub games_per_second: f64,
}

/// The balance document: what `abyss balance --format json` prints and `abyss merge`
/// reads back.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Balance {
    /// `FORMAT`.
    pub format: String,
    pub run: Run,
    pub figures: Figures,
    pub timing: Timing,
    pub tally: Tallies,
}

impl Balance {
    pub fn new(run: Run, tally: Tallies, seconds: f64) -> Balance {
        let games: u64 = tally
            .levels
            .iter()
            .flat_map(|l| &l.scenarios)
            .map(|a| a.tally.games)
            .sum();
        Balance {
            format: FORMAT.into(),
            figures: Figures::new(&tally),
            timing: Timing {
                seconds,
                games,
                games_per_second: games as f64 / seconds.max(1e-9),
            },
            run,
            tally,
        }
    }

    /// No game failed.
    pub fn clean(&self) -> bool {
        self.tally
            .levels
            .iter()
            .flat_map(|l| &l.scenarios)
            .all(|a| a.tally.failures.is_empty())
    }

    /// A document from its JSON text; the error names the field at fault.
    pub fn from_json(text: &str) -> Result<Balance, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        Balance::from_value(&v)
    }

    /// A document from its parsed JSON.
    pub fn from_value(v: &serde_json::Value) -> Result<Balance, String> {
        match v.get("format").and_then(|f| f.as_str()) {
            Some(FORMAT) => {}
            Some(other) => return Err(format!("`format` is `{other}`; this abyss reads `{FORMAT}`")),
            None => {
                return Err(format!(
                    "no `format` (`{FORMAT}`): write one with `abyss balance --format json`"
                ));
            }
        }
        let doc = Fields { v, at: "" };
        let run: Run = doc.take("run")?;
        let seconds: f64 = Fields {
            v: v.get("timing").unwrap_or(&serde_json::Value::Null),
            at: "timing",
        }
        .take("seconds")?;
        check_seeds(&run)?;
        let levels = v
            .pointer("/tally/levels")
            .and_then(|l| l.as_array())
            .ok_or("`tally.levels` is missing or not a list")?;
        if levels.len() != run.levels.len() {
            return Err(format!(
                "`tally.levels` lists {}, but `run.levels` {}",
                levels.len(),
                run.levels.len()
            ));
        }
        let labels = run.labels();
        let mut out = Vec::new();
        for (i, (l, name)) in levels.iter().zip(&run.levels).enumerate() {
            let at = format!("tally.levels[{i}]");
            let f = Fields { v: l, at: &at };
            let level: String = f.take("level")?;
            if level != *name {
                return Err(format!("`{at}.level` is `{level}`, but `run.levels[{i}]` is `{name}`"));
            }
            f.no_others_of(&["level", "scenarios"], "a balance level")?;
            let arms = l
                .get("scenarios")
                .and_then(|s| s.as_array())
                .ok_or_else(|| format!("`{at}.scenarios` is missing or not a list"))?;
            if arms.len() != labels.len() {
                return Err(format!(
                    "`{at}.scenarios` lists {}, but the run has {} (the base and its variants)",
                    arms.len(),
                    labels.len()
                ));
            }
            let mut scenarios = Vec::new();
            for (j, (a, want)) in arms.iter().zip(&labels).enumerate() {
                let at = format!("{at}.scenarios[{j}]");
                scenarios.push(arm_from_json(a, &at, want, j > 0, run.seeds)?);
            }
            out.push(Level { level, scenarios });
        }
        Ok(Balance::new(run, Tallies { levels: out }, seconds))
    }
}

/// The run's seeds are a range, and a shard's are its part of the whole.
fn check_seeds(run: &Run) -> Result<(), String> {
    let seeds = run.seeds;
    if seeds.last < seeds.first || seeds.last == u64::MAX {
        return Err(format!("`run.seeds`: {seeds} is not a range of seeds"));
    }
    if let Some(sh) = run.shard {
        match sh.whole.part(sh.part, sh.of) {
            Ok(p) if p == seeds => {}
            Ok(p) => {
                return Err(format!(
                    "`run.shard`: part {}/{} of {} is {p}, but `run.seeds` is {seeds}",
                    sh.part, sh.of, sh.whole
                ));
            }
            Err(e) => return Err(format!("`run.shard`: {e}")),
        }
    }
    Ok(())
}

fn arm_from_json(v: &serde_json::Value, at: &str, label: &str, variant: bool, seeds: Seeds) -> Result<Arm, String> {
    let f = Fields { v, at };
    let scenario: String = f.take("scenario")?;
    if scenario != label {
        return Err(format!(
            "`{at}.scenario` is `{scenario}`, but the run names `{label}` here"
        ));
    }
    let tally = Tally::from_json(
        v.get("tally").unwrap_or(&serde_json::Value::Null),
        &format!("{at}.tally"),
    )?;
    if tally.games != seeds.count() {
        return Err(format!(
            "`{at}.tally.games` is {}, but `run.seeds` ({seeds}) holds {} seeds",
            tally.games,
            seeds.count()
        ));
    }
    let course: Course = f.take("course")?;
    course
        .consistent(tally.completed)
        .map_err(|e| format!("`{at}.course`: {e}"))?;
    let paired: Option<ByFaction<PairedFaction>> = match (variant, v.get("paired")) {
        (true, Some(_)) => Some(f.take("paired")?),
        (true, None) => {
            return Err(format!(
                "`{at}.paired` is missing (a variant's counts against the base)"
            ));
        }
        (false, Some(_)) => return Err(format!("`{at}.paired`: the base scenario has no paired counts")),
        (false, None) => None,
    };
    if let Some(p) = &paired
        && let Some(f) = Faction::ALL.into_iter().find(|&f| {
            let x = p.get(f);
            x.wins.pairs() != x.margin.pairs || x.wins.pairs() > tally.completed
        })
    {
        return Err(format!(
            "`{at}.paired.{}`: its counts disagree with one another",
            f.slug()
        ));
    }
    f.no_others_of(&["scenario", "tally", "course", "paired"], "a balance scenario")?;
    Ok(Arm {
        scenario,
        tally,
        course,
        paired,
    })
}

/// Merge the documents of parts of one run (file name, document) into the document of
/// the whole run, as one run over all their seeds gives it (timing aside). Refused when
/// they disagree on what was run, when a seed is in two files, or when seeds of the run
/// are in none.
pub fn merge(files: Vec<(String, Balance)>) -> Result<Balance, String> {
    let Some((first_file, first)) = files.first() else {
        return Err("no files to merge".into());
    };
    for (file, b) in &files[1..] {
        for ((field, ours), (_, theirs)) in first.run.identity().iter().zip(b.run.identity()) {
            if *ours != theirs {
                return Err(format!(
                    "{file}: `run.{field}` is {theirs}, but {first_file}'s is {ours}: \
                     only parts of one balance run merge (same abyss, content, scenarios, levels, --check and shards)"
                ));
            }
        }
    }
    let seeds: Vec<(&str, Seeds)> = files.iter().map(|(f, b)| (f.as_str(), b.run.seeds)).collect();
    let whole = cover(&seeds, first.run.shard.as_ref())?;
    let mut run = first.run.clone();
    run.seeds = whole;
    run.shard = None;
    let mut seconds = 0.0;
    let mut tally: Option<Tallies> = None;
    for (_, b) in files {
        seconds += b.timing.seconds;
        match &mut tally {
            None => tally = Some(b.tally),
            Some(t) => {
                for (mine, theirs) in t.levels.iter_mut().zip(b.tally.levels) {
                    for (a, o) in mine.scenarios.iter_mut().zip(theirs.scenarios) {
                        a.merge(o);
                    }
                }
            }
        }
    }
    Ok(Balance::new(
        run,
        tally.unwrap_or(Tallies { levels: Vec::new() }),
        seconds,
    ))
}

/// `text` with the quoting a POSIX shell needs to read it back as one word.
pub fn shell_word(text: &str) -> String {
    let plain = !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-./:=,+@%".contains(c));
    if plain {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tally::Ending;

    fn row(seed: u64, winner: Option<&str>, margins: [i16; 4]) -> Row {
        Row {
            seed,
            winner: winner.map(String::from),
            margins: winner.map(|_| ByFaction::from_array(margins)),
            cards: 40,
            decisions: 10,
            ending: if winner.is_some() {
                Ending::FinalRanking
            } else {
                Ending::Failed
            },
            round: None,
            rounds: Vec::new(),
        }
    }

    #[test]
    fn variants_are_paired_seed_by_seed() {
        let base = [
            row(1, Some("farc"), [-10, 1, 0, -30]),
            row(2, Some("auc"), [-10, -1, 2, -30]),
            row(3, None, [0; 4]),
            row(4, Some("govt+auc"), [1, -1, 1, -30]),
        ];
        let variant = [
            row(1, Some("govt"), [2, 1, 0, -30]),
            row(2, Some("auc"), [-9, -1, 2, -30]),
            row(3, Some("farc"), [0; 4]),
            row(4, Some("farc"), [-3, 4, 1, -30]),
        ];
        let p = pair(&base, &variant);
        // Seed 3 failed in the base: three pairs.
        assert_eq!(
            p.govt.wins,
            PairedWins {
                both: 0,
                variant_only: 1,
                base_only: 1,
                neither: 1
            }
        );
        assert_eq!(
            p.auc.wins,
            PairedWins {
                both: 1,
                variant_only: 0,
                base_only: 1,
                neither: 1
            }
        );
        assert_eq!(p.farc.wins.variant_only, 1);
        assert_eq!((p.govt.margin.pairs, p.govt.margin.sum), (3, 12 + 1 - 4));
        // A variant paired with itself differs nowhere.
        let same = pair(&base, &base);
        for f in Faction::ALL {
            let d = Difference::of(&same.get(f));
            assert!(!d.win_rate_significant && !d.margin_significant, "{f:?} {d:?}");
            assert_eq!(d.margin.unwrap().estimate, 0.0);
        }
    }

    /// A tally of games with these rows (seed order).
    fn tally_of(rows: Vec<Row>) -> Tally {
        let mut t = Tally::new(true);
        for r in &rows {
            t.games += 1;
            t.completed += 1;
            t.endings.final_ranking += 1;
            for f in seat_factions(r.winner.as_deref().unwrap_or("")) {
                *t.wins.get_mut(f) += 1;
            }
        }
        t.rows = Some(rows);
        t
    }

    #[test]
    fn a_conclusion_that_changes_between_levels_is_a_shift() {
        let games = |winner: &str| -> Vec<Row> { (1..=40).map(|s| row(s, Some(winner), [-10, -1, 1, -30])).collect() };
        let level = |name: &str, variant_winner: &str| {
            let base = games("farc");
            let b = Arm::new("standard".into(), tally_of(base.clone()), None);
            let v = Arm::new("v".into(), tally_of(games(variant_winner)), Some(&base));
            Level {
                level: name.into(),
                scenarios: vec![b, v],
            }
        };
        // Under `random` the variant changes nothing; under `nonplayer` AUC wins every game.
        let t = Tallies {
            levels: vec![level("random", "farc"), level("nonplayer", "auc")],
        };
        let f = Figures::new(&t);
        let auc: Vec<&Shift> = f.shifts.iter().filter(|s| s.faction == "auc").collect();
        assert_eq!(auc.len(), 1, "{:?}", f.shifts);
        assert_eq!(auc[0].measure, "win_rate");
        let verdicts: Vec<(&str, Verdict)> = auc[0].levels.iter().map(|l| (l.level.as_str(), l.verdict)).collect();
        assert_eq!(
            verdicts,
            [("random", Verdict::NotSignificant), ("nonplayer", Verdict::Up)]
        );
        let farc = f.shifts.iter().find(|s| s.faction == "farc").expect("FARC loses them");
        assert_eq!(farc.levels[1].verdict, Verdict::Down);
        // Margins did not change anywhere: no shift.
        assert!(f.shifts.iter().all(|s| s.measure == "win_rate"), "{:?}", f.shifts);
        let sentence = text::shift_sentence(auc[0]);
        assert!(
            sentence.starts_with("`v`: AUC's win rate no significant change under `random`")
                && sentence.contains("up under `nonplayer` (+100.0 ["),
            "{sentence}"
        );
        // One level: nothing to compare.
        let one = Tallies {
            levels: vec![level("nonplayer", "auc")],
        };
        assert!(Figures::new(&one).shifts.is_empty());
    }

    #[test]
    fn labels_and_shell_words() {
        assert_eq!(label("docs/examples/govt-resources.toml"), "govt-resources");
        assert_eq!(label("standard"), "standard");
        assert_eq!(
            shell_word("govt=mcts:30,others=nonplayer"),
            "govt=mcts:30,others=nonplayer"
        );
        assert_eq!(shell_word("my file.toml"), "'my file.toml'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
        assert_eq!(shell_word(""), "''");
    }
}
