//! The balance report as one self-contained HTML page (`abyss balance --html FILE`): per
//! level of play, win rates with their intervals, the spread of final margins, how games
//! end and who wins each way, and the margin trajectories across Propaganda Rounds, drawn
//! as inline SVG; the paired differences and the conclusions that change between levels
//! as tables; a footer with everything needed to rerun it. No network, no external script
//! or font. A small inline script only counts the plots and any script error into
//! `body[data-plots]` and `body[data-errors]`, so a headless browser can check the page.

use super::esc;
use super::svg::faction_color;
use abyss_core::kernel::Faction;
use abyss_core::stats::Interval;
use abyss_play::balance::text::{shift_sentence, signed};
use abyss_play::balance::{ArmFigures, Balance, LevelFigures};
use std::fmt::Write;

const FONT: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// The colours of the scenarios: the base dark grey, the variants distinct hues.
const ARM_COLORS: [&str; 6] = ["#404040", "#d95f02", "#1b9e77", "#7570b3", "#e7298a", "#66a61e"];

fn arm_color(i: usize) -> &'static str {
    ARM_COLORS[i % ARM_COLORS.len()]
}

/// A Faction's name under its group of a plot, in its colour.
fn faction_label(out: &mut String, cx: f64, y: f64, f: Faction) {
    let _ = write!(
        out,
        r#"<text x="{cx:.1}" y="{y:.1}" text-anchor="middle" font-weight="bold" fill="{}">{}</text>"#,
        faction_color(f),
        f.name()
    );
}

/// The colour of each way a game ends: Propaganda checks light to dark, the final ranking
/// grey. Only used for the outline of the ending bars (the fill is the winners').
const INK: &str = "#222";
const GRID: &str = "#ddd";
const MUTED: &str = "#555";
const PAPER: &str = "#fff";

/// A linear map from data to picture coordinates.
#[derive(Clone, Copy)]
struct Scale {
    d0: f64,
    d1: f64,
    p0: f64,
    p1: f64,
}

impl Scale {
    fn at(&self, x: f64) -> f64 {
        if self.d1 == self.d0 {
            return (self.p0 + self.p1) / 2.0;
        }
        self.p0 + (x - self.d0) / (self.d1 - self.d0) * (self.p1 - self.p0)
    }
}

/// A step for about `n` grid lines over `span`: 1, 2 or 5 times a power of ten.
fn nice_step(span: f64, n: f64) -> f64 {
    let raw = (span / n).max(1e-9);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * p)
}

/// The range `lo..hi` widened to whole steps.
fn nice_range(lo: f64, hi: f64, n: f64) -> (f64, f64, f64) {
    let (lo, hi) = if hi - lo < 1e-9 { (lo - 1.0, hi + 1.0) } else { (lo, hi) };
    let step = nice_step(hi - lo, n);
    ((lo / step).floor() * step, (hi / step).ceil() * step, step)
}

/// The opening of a plot's SVG, with its accessible title.
fn open_svg(out: &mut String, id: &str, w: f64, h: f64, title: &str) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="plot" id="{id}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="{FONT}" font-size="12" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = esc(title)
    );
}

/// Horizontal grid lines with their labels on the left axis.
fn y_grid(out: &mut String, y: Scale, x0: f64, x1: f64, step: f64, fmt: &dyn Fn(f64) -> String) {
    let mut v = y.d0;
    while v <= y.d1 + step * 1e-6 {
        let py = y.at(v);
        let _ = write!(
            out,
            r#"<line x1="{x0:.1}" y1="{py:.1}" x2="{x1:.1}" y2="{py:.1}" stroke="{GRID}"/><text x="{:.1}" y="{:.1}" text-anchor="end" fill="{MUTED}">{}</text>"#,
            x0 - 4.0,
            py + 4.0,
            esc(&fmt(v))
        );
        v += step;
    }
}

/// A legend of the scenarios (or of anything coloured), from the left at `y`.
fn legend(out: &mut String, x: f64, y: f64, items: &[(String, &str)]) {
    let mut at = x;
    for (name, color) in items {
        let _ = write!(
            out,
            r#"<rect x="{at:.1}" y="{:.1}" width="10" height="10" fill="{color}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
            y - 9.0,
            at + 14.0,
            y,
            esc(name)
        );
        at += 24.0 + 7.0 * name.chars().count() as f64;
    }
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

fn interval_words(i: &Interval, scale: f64, digits: usize, unit: &str) -> String {
    format!(
        "{:.digits$}{unit} [{:.digits$}, {:.digits$}]",
        scale * i.estimate,
        scale * i.low,
        scale * i.high
    )
}

/// Win rates with their intervals: one group per Faction, one mark per scenario.
fn win_rates(out: &mut String, li: usize, l: &LevelFigures) {
    let (w, h) = (660.0, 300.0);
    let (left, right, top, bottom) = (56.0, 12.0, 34.0, 34.0);
    let high = l
        .scenarios
        .iter()
        .flat_map(|a| a.estimates.win_rate.to_array())
        .flatten()
        .map(|i| i.high)
        .fold(0.1f64, f64::max);
    let (_, hi, step) = nice_range(0.0, high, 5.0);
    let y = Scale {
        d0: 0.0,
        d1: hi.min(1.0),
        p0: h - bottom,
        p1: top,
    };
    open_svg(
        out,
        &format!("win-rates-{li}"),
        w,
        h,
        &format!("Win rate with its 95% interval, level {}", l.level),
    );
    y_grid(out, y, left, w - right, step, &|v| format!("{:.0}%", 100.0 * v));
    let group = (w - left - right) / 4.0;
    let k = l.scenarios.len() as f64;
    let gap = (group / (k + 1.0)).min(26.0);
    for (fi, f) in Faction::ALL.iter().enumerate() {
        let cx = left + group * (fi as f64 + 0.5);
        faction_label(out, cx, h - bottom + 18.0, *f);
        for (ai, a) in l.scenarios.iter().enumerate() {
            let Some(i) = a.estimates.win_rate.get(*f) else {
                continue;
            };
            let x = cx + (ai as f64 - (k - 1.0) / 2.0) * gap;
            let c = arm_color(ai);
            let _ = write!(
                out,
                r#"<g><title>{} · {}: {}</title><line x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{c}" stroke-width="2"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="2"/><line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="2"/><circle cx="{x:.1}" cy="{:.1}" r="4" fill="{c}"/></g>"#,
                f.name(),
                esc(&a.scenario),
                interval_words(&i, 100.0, 1, "%"),
                y.at(i.low),
                y.at(i.high),
                x - 4.0,
                y.at(i.low),
                x + 4.0,
                y.at(i.low),
                x - 4.0,
                y.at(i.high),
                x + 4.0,
                y.at(i.high),
                y.at(i.estimate),
            );
        }
    }
    let items: Vec<(String, &str)> = l
        .scenarios
        .iter()
        .enumerate()
        .map(|(i, a)| (a.scenario.clone(), arm_color(i)))
        .collect();
    legend(out, left, 16.0, &items);
    out.push_str("</svg>");
}

/// The spread of final margins: per Faction, a box per scenario (quartiles, median,
/// whiskers from the 5th to the 95th percentile, the mean as a diamond).
fn margins(out: &mut String, li: usize, l: &LevelFigures) {
    let (w, h) = (660.0, 300.0);
    let (left, right, top, bottom) = (56.0, 12.0, 34.0, 34.0);
    let spreads: Vec<_> = l
        .scenarios
        .iter()
        .flat_map(|a| a.course.margin_spread.to_array())
        .flatten()
        .collect();
    let lo = spreads.iter().map(|s| f64::from(s.p5)).fold(0.0f64, f64::min);
    let hi = spreads.iter().map(|s| f64::from(s.p95)).fold(0.0f64, f64::max);
    let (lo, hi, step) = nice_range(lo, hi, 6.0);
    let y = Scale {
        d0: lo,
        d1: hi,
        p0: h - bottom,
        p1: top,
    };
    open_svg(
        out,
        &format!("margins-{li}"),
        w,
        h,
        &format!(
            "Final victory margins (box: quartiles; whiskers: 5th to 95th percentile; diamond: mean), level {}",
            l.level
        ),
    );
    y_grid(out, y, left, w - right, step, &|v| format!("{v:.0}"));
    let zero = y.at(0.0);
    let _ = write!(
        out,
        r#"<line x1="{left:.1}" y1="{zero:.1}" x2="{:.1}" y2="{zero:.1}" stroke="{INK}" stroke-dasharray="4 3"/>"#,
        w - right
    );
    let group = (w - left - right) / 4.0;
    let k = l.scenarios.len() as f64;
    let gap = (group / (k + 1.0)).min(40.0);
    let half = gap * 0.35;
    for (fi, f) in Faction::ALL.iter().enumerate() {
        let cx = left + group * (fi as f64 + 0.5);
        faction_label(out, cx, h - bottom + 18.0, *f);
        for (ai, a) in l.scenarios.iter().enumerate() {
            let Some(s) = a.course.margin_spread.get(*f) else {
                continue;
            };
            let x = cx + (ai as f64 - (k - 1.0) / 2.0) * gap;
            let c = arm_color(ai);
            let (p5, q1, md, q3, p95, mean) = (
                y.at(f64::from(s.p5)),
                y.at(f64::from(s.q1)),
                y.at(f64::from(s.median)),
                y.at(f64::from(s.q3)),
                y.at(f64::from(s.p95)),
                y.at(s.mean),
            );
            let _ = write!(
                out,
                r##"<g><title>{} · {}: median {}, quartiles {} to {}, 5th-95th percentile {} to {}, mean {:.2}, range {} to {}</title><line x1="{x:.1}" y1="{p5:.1}" x2="{x:.1}" y2="{p95:.1}" stroke="{c}"/><rect x="{:.1}" y="{q3:.1}" width="{:.1}" height="{:.1}" fill="{c}" fill-opacity="0.25" stroke="{c}"/><line x1="{:.1}" y1="{md:.1}" x2="{:.1}" y2="{md:.1}" stroke="{c}" stroke-width="2.5"/><path d="M{x:.1} {:.1} l4 4 l-4 4 l-4 -4 z" fill="{PAPER}" stroke="{c}"/></g>"##,
                f.name(),
                esc(&a.scenario),
                s.median,
                s.q1,
                s.q3,
                s.p5,
                s.p95,
                s.mean,
                s.min,
                s.max,
                x - half,
                (half * 2.0),
                (q1 - q3).max(1.0),
                x - half,
                x + half,
                mean - 4.0,
            );
        }
    }
    let items: Vec<(String, &str)> = l
        .scenarios
        .iter()
        .enumerate()
        .map(|(i, a)| (a.scenario.clone(), arm_color(i)))
        .collect();
    legend(out, left, 16.0, &items);
    let _ = write!(
        out,
        r#"<text x="{:.1}" y="16" text-anchor="end" fill="{MUTED}">dashed: margin 0 (a Faction above it meets its condition, 7.2)</text>"#,
        w - right
    );
    out.push_str("</svg>");
}

/// How games end: per scenario, a bar per ending (each Propaganda card's check, the final
/// ranking) as high as its share of games, split by who won.
fn endings(out: &mut String, li: usize, l: &LevelFigures) {
    let kinds: Vec<Option<u8>> = {
        let mut rounds: Vec<u8> = l
            .scenarios
            .iter()
            .flat_map(|a| a.course.endings.iter().filter_map(|e| e.round))
            .collect();
        rounds.sort_unstable();
        rounds.dedup();
        rounds.into_iter().map(Some).chain([None]).collect()
    };
    let per = kinds.len() as f64;
    let k = l.scenarios.len() as f64;
    let bar = 22.0;
    let group = per * (bar + 6.0) + 30.0;
    let (left, right, top, bottom) = (56.0, 12.0, 34.0, 48.0);
    let w = (left + right + group * k).max(420.0);
    let h = 300.0;
    let top_share = l
        .scenarios
        .iter()
        .flat_map(|a| {
            kinds
                .iter()
                .map(move |&k| ending_of(a, k).and_then(|e| e.share).map_or(0.0, |s| s.estimate))
        })
        .fold(0.1f64, f64::max);
    let (_, hi, step) = nice_range(0.0, top_share, 5.0);
    let y = Scale {
        d0: 0.0,
        d1: hi.min(1.0),
        p0: h - bottom,
        p1: top,
    };
    open_svg(
        out,
        &format!("endings-{li}"),
        w,
        h,
        &format!(
            "How games end: share of games ended by each Propaganda card's victory check (P1, P2, ...) or by the final ranking (7.3), split by winner, level {}",
            l.level
        ),
    );
    y_grid(out, y, left, w - right, step, &|v| format!("{:.0}%", 100.0 * v));
    for (ai, a) in l.scenarios.iter().enumerate() {
        let gx = left + group * ai as f64 + 15.0;
        for (ki, &kind) in kinds.iter().enumerate() {
            let x = gx + ki as f64 * (bar + 6.0);
            let name = match kind {
                Some(r) => format!("P{r}"),
                None => "7.3".into(),
            };
            let _ = write!(
                out,
                r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="{MUTED}" font-size="10">{name}</text>"#,
                x + bar / 2.0,
                h - bottom + 13.0
            );
            let Some(e) = ending_of(a, kind) else { continue };
            let (s, games) = (e.share.map_or(0.0, |s| s.estimate), e.games);
            if games == 0 {
                continue;
            }
            let total: u64 = e.winners.to_array().iter().sum();
            let mut base = 0.0;
            let _ = write!(
                out,
                "<g><title>{} · {}: {} games ({})",
                esc(&a.scenario),
                esc(&e.label()),
                games,
                pct(s)
            );
            for f in Faction::ALL {
                let n = e.winners.get(f);
                if n > 0 {
                    let _ = write!(out, "; {} won {n}", f.name());
                }
            }
            out.push_str("</title>");
            for f in Faction::ALL {
                let n = e.winners.get(f);
                if n == 0 || total == 0 {
                    continue;
                }
                let part = s * n as f64 / total as f64;
                let (y0, y1) = (y.at(base), y.at(base + part));
                let _ = write!(
                    out,
                    r#"<rect x="{x:.1}" y="{y1:.1}" width="{bar:.1}" height="{:.1}" fill="{}"/>"#,
                    (y0 - y1).max(0.5),
                    faction_color(f)
                );
                base += part;
            }
            let _ = write!(
                out,
                r#"<rect x="{x:.1}" y="{:.1}" width="{bar:.1}" height="{:.1}" fill="none" stroke="{INK}" stroke-width="0.8"/></g>"#,
                y.at(s),
                (y.at(0.0) - y.at(s)).max(0.5)
            );
        }
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{}">{}</text>"#,
            gx + per * (bar + 6.0) / 2.0 - 3.0,
            h - bottom + 32.0,
            arm_color(ai),
            esc(&a.scenario)
        );
    }
    let items: Vec<(String, &str)> = Faction::ALL
        .iter()
        .map(|&f| (format!("{} won", f.name()), faction_color(f)))
        .collect();
    legend(out, left, 16.0, &items);
    out.push_str("</svg>");
}

/// A scenario's games that ended one way (a Propaganda card's check, or None: the final
/// ranking), if any did.
fn ending_of(a: &ArmFigures, kind: Option<u8>) -> Option<&abyss_play::balance::course::EndingFigure> {
    a.course.endings.iter().find(|e| e.round == kind)
}

/// One scenario's margin trajectories: per Faction the mean margin at each Propaganda
/// Round's victory check with its 95% band, then the final margin; `range` is shared by
/// the level's panels so that they compare.
fn trajectory(out: &mut String, li: usize, ai: usize, l: &LevelFigures, range: (f64, f64, f64)) {
    let a = &l.scenarios[ai];
    let (w, h) = (430.0, 270.0);
    let (left, right, top, bottom) = (48.0, 12.0, 40.0, 30.0);
    let points = a.course.trajectory.len() + 1;
    let x = Scale {
        d0: 0.0,
        d1: (points - 1) as f64,
        p0: left + 14.0,
        p1: w - right - 14.0,
    };
    let (lo, hi, step) = range;
    let y = Scale {
        d0: lo,
        d1: hi,
        p0: h - bottom,
        p1: top,
    };
    open_svg(
        out,
        &format!("trajectory-{li}-{ai}"),
        w,
        h,
        &format!(
            "Mean margin at each Propaganda Round's victory check with its 95% band, then at the end: {}, level {}",
            a.scenario, l.level
        ),
    );
    let _ = write!(
        out,
        r#"<text x="{left:.1}" y="14" font-weight="bold" fill="{}">{}</text>"#,
        arm_color(ai),
        esc(&a.scenario)
    );
    y_grid(out, y, left, w - right, step, &|v| format!("{v:.0}"));
    let _ = write!(
        out,
        r#"<line x1="{left:.1}" y1="{z:.1}" x2="{:.1}" y2="{z:.1}" stroke="{INK}" stroke-dasharray="4 3"/>"#,
        w - right,
        z = y.at(0.0)
    );
    for (i, r) in a.course.trajectory.iter().enumerate() {
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="{MUTED}"><title>{} games reached it</title>P{}</text>"#,
            x.at(i as f64),
            h - bottom + 16.0,
            r.games,
            r.round
        );
    }
    let _ = write!(
        out,
        r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" fill="{MUTED}">end</text>"#,
        x.at((points - 1) as f64),
        h - bottom + 16.0
    );
    for f in Faction::ALL {
        let series: Vec<(f64, Interval)> = a
            .course
            .trajectory
            .iter()
            .map(|r| r.margin.get(f))
            .chain([a.estimates.margin.get(f)])
            .enumerate()
            .filter_map(|(i, m)| m.map(|m| (i as f64, m)))
            .collect();
        if series.is_empty() {
            continue;
        }
        let c = faction_color(f);
        let upper: Vec<String> = series
            .iter()
            .map(|(i, m)| format!("{:.1},{:.1}", x.at(*i), y.at(m.high)))
            .collect();
        let lower: Vec<String> = series
            .iter()
            .rev()
            .map(|(i, m)| format!("{:.1},{:.1}", x.at(*i), y.at(m.low)))
            .collect();
        let _ = write!(
            out,
            r#"<polygon points="{} {}" fill="{c}" fill-opacity="0.18" stroke="none"/>"#,
            upper.join(" "),
            lower.join(" ")
        );
        let line: Vec<String> = series
            .iter()
            .map(|(i, m)| format!("{:.1},{:.1}", x.at(*i), y.at(m.estimate)))
            .collect();
        let _ = write!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{c}" stroke-width="2"/>"#,
            line.join(" ")
        );
        for (i, m) in &series {
            let at = if (*i as usize) < a.course.trajectory.len() {
                format!("P{}", a.course.trajectory[*i as usize].round)
            } else {
                "end".into()
            };
            let _ = write!(
                out,
                r#"<circle cx="{:.1}" cy="{:.1}" r="3" fill="{c}"><title>{} at {at}: {}</title></circle>"#,
                x.at(*i),
                y.at(m.estimate),
                f.name(),
                interval_words(m, 1.0, 2, "")
            );
        }
    }
    let items: Vec<(String, &str)> = Faction::ALL
        .iter()
        .map(|&f| (f.name().to_string(), faction_color(f)))
        .collect();
    legend(out, left, 32.0, &items);
    out.push_str("</svg>");
}

/// The range of the margin axis shared by a level's trajectory panels.
fn trajectory_range(l: &LevelFigures) -> (f64, f64, f64) {
    let all: Vec<Interval> = l
        .scenarios
        .iter()
        .flat_map(|a| {
            a.course
                .trajectory
                .iter()
                .flat_map(|r| r.margin.to_array())
                .chain(a.estimates.margin.to_array())
        })
        .flatten()
        .collect();
    let lo = all.iter().map(|i| i.low).fold(0.0f64, f64::min);
    let hi = all.iter().map(|i| i.high).fold(0.0f64, f64::max);
    nice_range(lo, hi, 6.0)
}

/// The level's numbers as a table: win rate and mean margin per scenario.
fn figures_table(out: &mut String, l: &LevelFigures) {
    out.push_str("<table><thead><tr><th>scenario</th>");
    for f in Faction::ALL {
        let _ = write!(out, "<th>{} win rate</th><th>margin</th>", f.name());
    }
    out.push_str("<th>length (cards)</th></tr></thead><tbody>");
    for (ai, a) in l.scenarios.iter().enumerate() {
        let _ = write!(
            out,
            r#"<tr><td><span class="swatch" style="background:{}"></span>{}</td>"#,
            arm_color(ai),
            esc(&a.scenario)
        );
        for f in Faction::ALL {
            let w = a
                .estimates
                .win_rate
                .get(f)
                .map_or("-".into(), |i| interval_words(&i, 100.0, 1, "%"));
            let m = a
                .estimates
                .margin
                .get(f)
                .map_or("-".into(), |i| format!("{:.2} ± {:.2}", i.estimate, i.half_width()));
            let _ = write!(out, "<td>{}</td><td>{}</td>", esc(&w), esc(&m));
        }
        let c = a
            .estimates
            .cards
            .map_or("-".into(), |i| format!("{:.1} ± {:.1}", i.estimate, i.half_width()));
        let _ = write!(out, "<td>{}</td></tr>", esc(&c));
    }
    out.push_str("</tbody></table>");
}

/// Each variant's paired difference from the base; significant cells marked.
fn differences_table(out: &mut String, l: &LevelFigures) {
    let Some(base) = l.scenarios.first() else { return };
    if l.scenarios.len() < 2 {
        return;
    }
    let pairs = l.scenarios[1].difference.map_or(0, |d| d.govt.pairs);
    let _ = write!(
        out,
        "<p>Difference from <b>{}</b>, paired seed by seed on the {pairs} seeds both completed (win rate in percentage points, Newcombe's interval; mean margin, normal interval). <span class=\"sig\">Marked</span>: significant, the 95% interval leaves out 0.</p>",
        esc(&base.scenario)
    );
    out.push_str("<table><thead><tr><th>variant</th><th>measure</th>");
    for f in Faction::ALL {
        let _ = write!(out, "<th>{}</th>", f.name());
    }
    out.push_str("</tr></thead><tbody>");
    for a in &l.scenarios[1..] {
        let Some(d) = &a.difference else { continue };
        for (measure, pick) in [("win rate", true), ("mean margin", false)] {
            let _ = write!(out, "<tr><td>{}</td><td>{measure}</td>", esc(&a.scenario));
            for f in Faction::ALL {
                let x = d.get(f);
                let (i, sig, scale, digits) = if pick {
                    (x.win_rate, x.win_rate_significant, 100.0, 1)
                } else {
                    (x.margin, x.margin_significant, 1.0, 2)
                };
                let text = signed(&i, scale, digits);
                let _ = write!(
                    out,
                    "<td{}>{}</td>",
                    if sig { r#" class="sig""# } else { "" },
                    esc(text.trim_end_matches('*'))
                );
            }
            out.push_str("</tr>");
        }
    }
    out.push_str("</tbody></table>");
}

/// What a level of play is, in words.
fn level_words(level: &str) -> String {
    match level {
        "random" => "uniform random agents in every seat".into(),
        "nonplayer" => "the section-8 Non-player bots in every seat".into(),
        other => format!("agents {other}"),
    }
}

/// The whole page.
pub fn page(b: &Balance) -> String {
    let r = &b.run;
    let labels = r.labels();
    let mut out = String::with_capacity(64 * 1024);
    let title = format!("abyss balance: {}", labels.join(" vs "));
    let _ = write!(
        out,
        r#"<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{}</title><style>{STYLE}</style><script>window.addEventListener("error",function(){{var b=document.body;if(b){{b.setAttribute("data-errors",String(Number(b.getAttribute("data-errors")||0)+1));}}}});</script></head><body data-plots="0" data-errors="0">"#,
        esc(&title)
    );
    let _ = write!(
        out,
        "<h1>Balance: {}</h1><p class=\"lede\">Every scenario plays the same seeds ({}, {} per scenario and level) under each level of play, so a variant is compared with the base game by game. Intervals are 95%: Wilson for win rates, normal for means, Newcombe's paired interval for differences of win rates.</p>",
        esc(&labels.join(" vs ")),
        r.seeds,
        r.seeds.count()
    );
    for (li, l) in b.figures.levels.iter().enumerate() {
        let _ = write!(
            out,
            r#"<section class="level" id="level-{li}"><h2>Level <code>{}</code> <small>{}</small></h2>"#,
            esc(&l.level),
            esc(&level_words(&l.level))
        );
        for n in &l.notes {
            let _ = write!(out, r#"<p class="note">{}</p>"#, esc(n));
        }
        out.push_str("<div class=\"row\"><figure><figcaption>Win rate, 95% interval</figcaption>");
        win_rates(&mut out, li, l);
        out.push_str("</figure><figure><figcaption>Final margin (box: quartiles; whiskers: 5th–95th percentile; ◇ mean)</figcaption>");
        margins(&mut out, li, l);
        out.push_str("</figure></div>");
        figures_table(&mut out, l);
        differences_table(&mut out, l);
        out.push_str("<figure><figcaption>How games end (victory check at a Propaganda card, or the final ranking 7.3), coloured by winner</figcaption>");
        endings(&mut out, li, l);
        out.push_str("</figure><figure><figcaption>Mean margin at each Propaganda Round's victory check (of the games that reached it) and at the end, with 95% bands</figcaption><div class=\"row\">");
        let range = trajectory_range(l);
        for ai in 0..l.scenarios.len() {
            trajectory(&mut out, li, ai, l, range);
        }
        out.push_str("</div></figure>");
        leads(&mut out, l);
        out.push_str("</section>");
    }
    if r.levels.len() > 1 && !r.variants.is_empty() {
        out.push_str(r#"<section id="across"><h2>Across levels of play</h2>"#);
        if b.figures.shifts.is_empty() {
            out.push_str("<p>Every conclusion (the sign and significance of each variant's effect on each Faction's win rate and mean margin) is the same under every level.</p>");
        } else {
            out.push_str("<p>These conclusions change with the level of play:</p><ul>");
            for s in &b.figures.shifts {
                let _ = write!(out, "<li>{}</li>", esc(&shift_sentence(s)));
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
    footer(&mut out, b);
    out.push_str(
        r#"<script>(function(){var n=document.querySelectorAll("svg.plot").length;document.body.setAttribute("data-plots",String(n));})();</script></body></html>"#,
    );
    out
}

/// Lead changes and comebacks, as a table per scenario.
fn leads(out: &mut String, l: &LevelFigures) {
    out.push_str("<p>Leader: the seat first in the 7.3 ranking at a Round's victory check. Of the games that went on after a Round: how often its leader won, and how often each Faction not leading then won all the same (comeback).</p><table><thead><tr><th>scenario</th><th>after</th><th>games</th><th>leader won</th>");
    for f in Faction::ALL {
        let _ = write!(out, "<th>{} comeback</th>", f.name());
    }
    out.push_str("<th>leader changed since the Round before</th></tr></thead><tbody>");
    for a in &l.scenarios {
        for r in &a.course.trajectory {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>P{}</td><td>{}</td><td>{}</td>",
                esc(&a.scenario),
                r.round,
                r.went_on,
                r.leader_won.map_or("-".into(), |i| interval_words(&i, 100.0, 1, "%"))
            );
            for f in Faction::ALL {
                let c = r.comeback.get(f).map_or("-".into(), |i| {
                    format!("{} of {}", interval_words(&i, 100.0, 1, "%"), r.behind.get(f))
                });
                let _ = write!(out, "<td>{}</td>", esc(&c));
            }
            let _ = write!(
                out,
                "<td>{}</td></tr>",
                r.lead_changed.map_or("-".into(), |i| interval_words(&i, 100.0, 1, "%"))
            );
        }
        let _ = write!(
            out,
            "<tr class=\"sum\"><td>{}</td><td colspan=\"{}\">lead changes per game: {}</td></tr>",
            esc(&a.scenario),
            4 + Faction::ALL.len(),
            a.course
                .lead_changes
                .map_or("-".into(), |i| format!("{:.2} ± {:.2}", i.estimate, i.half_width()))
        );
    }
    out.push_str("</tbody></table>");
}

/// What reruns every number of the page.
fn footer(out: &mut String, b: &Balance) {
    let r = &b.run;
    let id = |s: &abyss_play::balance::ScenarioId| match &s.file {
        Some(h) => format!("{} (file, fingerprint {h})", s.name),
        None => format!("{} (in the content)", s.name),
    };
    let _ = write!(
        out,
        r#"<footer id="reproduce"><h2>Reproduce</h2><dl><dt>abyss</dt><dd>{}</dd><dt>content</dt><dd>{} (fingerprint of rules, events and scenarios, as in game records)</dd><dt>scenario</dt><dd>{}</dd>"#,
        esc(&r.abyss),
        esc(&r.content),
        esc(&id(&r.scenario))
    );
    for v in &r.variants {
        let _ = write!(out, "<dt>variant</dt><dd>{}</dd>", esc(&id(v)));
    }
    let _ = write!(
        out,
        "<dt>seeds</dt><dd>{} ({} per scenario and level; the same for all)</dd>",
        r.seeds,
        r.seeds.count()
    );
    for l in &r.levels {
        let _ = write!(
            out,
            "<dt>level</dt><dd><code>{}</code>: {}</dd>",
            esc(l),
            esc(&level_words(l))
        );
    }
    let _ = write!(
        out,
        "<dt>checks</dt><dd>{}</dd><dt>games</dt><dd>{} in {:.1} s (time is not part of the results)</dd></dl>",
        if r.check {
            "every invariant before every decision"
        } else {
            "off"
        },
        b.timing.games,
        b.timing.seconds
    );
    let _ = write!(
        out,
        r#"<p>Rerun (the same numbers, with any <code>--jobs</code> or <code>--shard</code>; add <code>--format json</code> for them as data, <code>--html FILE</code> for this page):</p><pre><code id="rerun">{}</code></pre></footer>"#,
        esc(&r.command)
    );
}

const STYLE: &str = "body{font-family:DejaVu Sans,Verdana,Arial,sans-serif;margin:24px;color:#222;max-width:1400px}\
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}h2 small{font-weight:normal;color:#666;font-size:13px;margin-left:8px}\
.lede{color:#444}.note{background:#fff6d6;border-left:4px solid #e9c019;padding:6px 10px}\
.row{display:flex;flex-wrap:wrap;gap:12px}figure{margin:10px 0}figcaption{font-size:13px;color:#444;margin-bottom:4px}\
table{border-collapse:collapse;font-size:12px;margin:8px 0}th,td{border:1px solid #ddd;padding:3px 6px;text-align:left}th{background:#f3f3f3}\
td.sig,span.sig{background:#ffe2c6;font-weight:bold}tr.sum td{background:#fafafa;font-style:italic}\
.swatch{display:inline-block;width:10px;height:10px;margin-right:5px}\
footer{margin-top:32px;font-size:13px;color:#333}dt{font-weight:bold;float:left;clear:left;width:90px}dd{margin-left:100px}\
pre{background:#f5f5f5;padding:8px;white-space:pre-wrap;word-break:break-all}";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axes_take_round_steps() {
        assert_eq!(nice_step(100.0, 5.0), 20.0);
        assert_eq!(nice_step(0.7, 5.0), 0.2);
        assert_eq!(nice_range(-37.0, 4.0, 6.0), (-40.0, 10.0, 10.0));
        let (lo, hi, _) = nice_range(3.0, 3.0, 5.0);
        assert!(lo < 3.0 && hi > 3.0);
    }
}
