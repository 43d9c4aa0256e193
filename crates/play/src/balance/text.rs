//! The balance report as text, for a terminal: per level of play, the scenarios side by
//! side (win rates, margins, each variant's paired difference from the base, how games
//! end, length, the standing at each Propaganda Round), then the conclusions that change
//! between levels.

use super::course::CourseFigures;
use super::{ArmFigures, Balance, LevelFigures, Shift, Verdict};
use abyss_core::kernel::Faction;
use abyss_core::stats::{Interval, thousands};
use std::fmt::Write;

/// The width of a Faction's column.
const COL: usize = 22;

fn pct(i: &Option<Interval>) -> String {
    match i {
        Some(i) => format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * i.estimate,
            100.0 * i.low,
            100.0 * i.high
        ),
        None => "-".into(),
    }
}

fn plus_minus(i: &Option<Interval>, digits: usize) -> String {
    match i {
        Some(i) => format!("{:.digits$} ± {:.digits$}", i.estimate, i.half_width()),
        None => "-".into(),
    }
}

/// A signed difference with its interval, `scale` 100 for percentage points; `*` when
/// the interval leaves out 0.
pub fn signed(i: &Option<Interval>, scale: f64, digits: usize) -> String {
    match i {
        Some(i) => format!(
            "{:+.digits$} [{:+.digits$}, {:+.digits$}]{}",
            scale * i.estimate,
            scale * i.low,
            scale * i.high,
            if i.excludes_zero() { "*" } else { "" }
        ),
        None => "-".into(),
    }
}

fn row(out: &mut String, name: &str, width: usize, cells: impl IntoIterator<Item = String>) {
    let mut line = format!("  {name:<width$}");
    for c in cells {
        let _ = write!(line, " {c:<COL$}");
    }
    let _ = writeln!(out, "{}", line.trim_end());
}

/// "FARC 60, AUC 48": the winners among some games, most first.
fn winners(w: &crate::tally::ByFaction<u64>) -> String {
    let mut list: Vec<(Faction, u64)> = Faction::ALL
        .iter()
        .map(|&f| (f, w.get(f)))
        .filter(|x| x.1 > 0)
        .collect();
    list.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.index().cmp(&b.0.index())));
    let words: Vec<String> = list.iter().map(|(f, n)| format!("{} {n}", f.name())).collect();
    words.join(", ")
}

fn level(out: &mut String, l: &LevelFigures) {
    let names: Vec<&str> = l.scenarios.iter().map(|a| a.scenario.as_str()).collect();
    // Room for the longest name and " win (points)" after a variant's.
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(8) + 13;
    let games = l
        .scenarios
        .first()
        .map_or(0, |a| a.course.endings.iter().map(|e| e.games).sum());
    let _ = writeln!(out, "\n== level `{}` ==", l.level);
    let factions: Vec<String> = Faction::ALL.iter().map(|f| f.name().to_string()).collect();
    row(out, "win rate, 95%", width, factions.clone());
    for a in &l.scenarios {
        row(
            out,
            &a.scenario,
            width,
            Faction::ALL.map(|f| pct(&a.estimates.win_rate.get(f))),
        );
    }
    row(out, "mean final margin", width, Vec::new());
    for a in &l.scenarios {
        row(
            out,
            &a.scenario,
            width,
            Faction::ALL.map(|f| plus_minus(&a.estimates.margin.get(f), 2)),
        );
    }
    if l.scenarios.len() > 1 {
        let base = &l.scenarios[0].scenario;
        let pairs = l.scenarios[1].difference.map_or(0, |d| d.govt.pairs);
        let _ = writeln!(
            out,
            "  difference from `{base}`, paired on the {} seeds both completed (* = significant: the 95% interval leaves out 0)",
            thousands(pairs)
        );
        for a in &l.scenarios[1..] {
            let Some(d) = &a.difference else { continue };
            row(
                out,
                &format!("{} win (points)", a.scenario),
                width,
                Faction::ALL.map(|f| signed(&d.get(f).win_rate, 100.0, 1)),
            );
            row(
                out,
                &format!("{} margin", a.scenario),
                width,
                Faction::ALL.map(|f| signed(&d.get(f).margin, 1.0, 2)),
            );
        }
    }
    let _ = writeln!(
        out,
        "  how games end (share of {} completed games; winners)",
        thousands(games)
    );
    for a in &l.scenarios {
        let parts: Vec<String> = a
            .course
            .endings
            .iter()
            .filter(|e| e.games > 0)
            .map(|e| {
                let share = e.share.map_or(String::new(), |s| format!("{:.1}%", 100.0 * s.estimate));
                format!("{}: {} ({share}; {})", e.label(), e.games, winners(&e.winners))
            })
            .collect();
        let _ = writeln!(out, "  {:<width$} {}", a.scenario, parts.join(" · "));
    }
    let lengths: Vec<String> = l
        .scenarios
        .iter()
        .map(|a| format!("{} {} cards", a.scenario, plus_minus(&a.estimates.cards, 1)))
        .collect();
    let _ = writeln!(out, "  game length: {}", lengths.join(" · "));
    trajectories(out, &l.scenarios, width);
    for n in &l.notes {
        let _ = writeln!(out, "  note: {n}");
    }
}

fn trajectories(out: &mut String, arms: &[ArmFigures], width: usize) {
    let _ = writeln!(
        out,
        "  margin at each Propaganda Round's victory check (mean ± 95%; games that reached it)"
    );
    for a in arms {
        let c: &CourseFigures = &a.course;
        for (i, r) in c.trajectory.iter().enumerate() {
            let name = if i == 0 { a.scenario.as_str() } else { "" };
            let _ = writeln!(
                out,
                "  {name:<width$} P{} ({:>5}) {}",
                r.round,
                thousands(r.games),
                Faction::ALL
                    .map(|f| format!("{} {:<14}", f.name(), plus_minus(&r.margin.get(f), 1)))
                    .join(" ")
                    .trim_end()
            );
        }
    }
    let _ = writeln!(
        out,
        "  lead changes per game (leader: first in the 7.3 ranking at a Round; changes between Rounds held)"
    );
    for a in arms {
        let _ = writeln!(
            out,
            "  {:<width$} {}",
            a.scenario,
            plus_minus(&a.course.lead_changes, 2)
        );
    }
    let _ = writeln!(
        out,
        "  who wins after a Round, of the games that went on: the leader then; each Faction not leading then (comeback)"
    );
    for a in arms {
        for (i, r) in a.course.trajectory.iter().filter(|r| r.went_on > 0).enumerate() {
            let name = if i == 0 { a.scenario.as_str() } else { "" };
            let comebacks: Vec<String> = Faction::ALL
                .iter()
                .map(|&f| match r.comeback.get(f) {
                    Some(c) => format!(
                        "{} {:.1}% of {}",
                        f.name(),
                        100.0 * c.estimate,
                        thousands(r.behind.get(f))
                    ),
                    None => format!("{} -", f.name()),
                })
                .collect();
            let _ = writeln!(
                out,
                "  {name:<width$} after P{} ({:>5}): leader {}; {}",
                r.round,
                thousands(r.went_on),
                pct(&r.leader_won),
                comebacks.join(", ")
            );
        }
    }
}

/// One sentence per conclusion that changes between levels.
pub fn shift_sentence(s: &Shift) -> String {
    let f = Faction::from_slug(s.faction).map_or(s.faction, |f| f.name());
    let (what, scale, digits, unit) = if s.measure == "win_rate" {
        ("win rate", 100.0, 1, " points")
    } else {
        ("mean margin", 1.0, 2, "")
    };
    let parts: Vec<String> = s
        .levels
        .iter()
        .map(|x| {
            let i = match (x.verdict, &x.difference) {
                (Verdict::Unknown, _) | (_, None) => String::new(),
                (_, i) => format!(" ({}{unit})", signed(i, scale, digits).trim_end_matches('*')),
            };
            format!("{} under `{}`{i}", x.verdict.words(), x.level)
        })
        .collect();
    format!("`{}`: {f}'s {what} {}", s.variant, parts.join("; "))
}

/// The whole report.
pub fn render(b: &Balance) -> String {
    let mut out = String::new();
    let r = &b.run;
    let labels = r.labels();
    let variants = match labels.len() - 1 {
        0 => "no variant".to_string(),
        1 => format!("1 variant ({})", labels[1]),
        n => format!("{n} variants ({})", labels[1..].join(", ")),
    };
    let shard = r
        .shard
        .map_or(String::new(), |s| format!(", shard {}/{} of {}", s.part, s.of, s.whole));
    let _ = writeln!(
        out,
        "balance of `{}` and {variants}: seeds {}{shard}, {} level{} of play ({})",
        labels[0],
        r.seeds,
        r.levels.len(),
        if r.levels.len() == 1 { "" } else { "s" },
        r.levels.join("; ")
    );
    let _ = writeln!(
        out,
        "every scenario plays the same seeds under each level, so a variant is compared with the base game by game"
    );
    for l in &b.figures.levels {
        level(&mut out, l);
    }
    if r.levels.len() > 1 && !r.variants.is_empty() {
        let _ = writeln!(out, "\n== across levels of play ==");
        if b.figures.shifts.is_empty() {
            let _ = writeln!(
                out,
                "  every conclusion (the sign and significance of each variant's effect on each Faction's win rate and mean margin) is the same under every level"
            );
        } else {
            let _ = writeln!(
                out,
                "  conclusions that change with the level of play (sign or significance of the paired difference):"
            );
            for s in &b.figures.shifts {
                let _ = writeln!(out, "  - {}", shift_sentence(s));
            }
        }
    }
    let failures: usize = b
        .tally
        .levels
        .iter()
        .flat_map(|l| &l.scenarios)
        .map(|a| a.tally.failures.len())
        .sum();
    if failures > 0 {
        let _ = writeln!(
            out,
            "\n{failures} games failed (listed in --format json, tally.levels[].scenarios[].tally.failures)"
        );
        for l in &b.tally.levels {
            for a in &l.scenarios {
                for f in a.tally.failures.iter().take(5) {
                    let _ = writeln!(
                        out,
                        "  FAILED `{}` {} seed {}: {}",
                        l.level,
                        a.scenario,
                        f.seed,
                        abyss_core::game::describe::printable(&f.error)
                    );
                }
            }
        }
    }
    let _ = writeln!(
        out,
        "\n{} games in {:.1} s ({:.0} games/s)",
        thousands(b.timing.games),
        b.timing.seconds,
        b.timing.games_per_second
    );
    let _ = writeln!(out, "rerun: {}", r.command);
    out
}
