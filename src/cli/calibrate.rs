//! `abyss calibrate`: the value of a scenario lever (`--lever resources.govt=0..40`) at
//! which a Faction's win rate reaches a target, by bisection on paired seeds (every value
//! played on the same seeds; crates/play/src/calibrate.rs), with the win rate's interval there and the
//! values whose interval holds the target.

use super::Format;
use super::batch::{jobs_for, progress_bar, run_identity};
use super::out::{Exit, say, say_raw};
use crate::calibrate::{Calibration, Direction, calibrate};
use crate::content::lever::{self, Lever};
use crate::game::playout::{AgentSpec, Batch, run_games, spec_prepared};
use crate::game::shard::Seeds;
use crate::game::summary::Run;
use crate::kernel::Faction;
use serde::Serialize;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub content: super::ContentArgs,
    /// Scenario name or file.
    #[arg(long, default_value = "standard")]
    pub scenario: String,
    /// The lever and the range of its values, both ends included: `NAME=LOW..HIGH`.
    /// Levers: resources.govt, resources.farc, resources.auc, resources.cartels, aid,
    /// final_propaganda, space.SPACE.COUNT (COUNT: a piece key of scenario files, e.g.
    /// troops or farc_bases, or terror), and 7.2's victory thresholds: victory.govt,
    /// victory.farc, victory.auc, victory.cartels_bases, victory.cartels_resources.
    #[arg(long, value_name = "NAME=LOW..HIGH")]
    pub lever: String,
    /// The Faction whose win rate is calibrated (default: the lever's own, e.g. govt for
    /// resources.govt and aid).
    #[arg(long)]
    pub faction: Option<String>,
    /// The win rate wanted: `0.25` or `25%` (default: the fair share, 1 / the number of
    /// seats).
    #[arg(long)]
    pub target: Option<String>,
    /// Who plays: `nonplayer` (the section 8 bots), `random`, `mcts:N`, or a mix.
    #[arg(long, default_value = "nonplayer")]
    pub agents: String,
    /// The seeds played at every value (paired: the same seeds each time).
    #[arg(long, value_name = "FIRST..LAST", default_value = "1..1000")]
    pub seeds: String,
    /// Worker threads (at most the machine's).
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// The JSON document.
#[derive(Serialize)]
struct Report {
    format: &'static str,
    run: Run,
    lever: String,
    faction: &'static str,
    #[serde(flatten)]
    calibration: Calibration,
    notes: Vec<String>,
    seconds: f64,
}

/// `0.25` or `25%`.
fn parse_target(text: &str) -> Result<f64, String> {
    let bad = || format!("--target `{text}`: write a win rate as 0.25 or 25%");
    let t = text.trim();
    let p = match t.strip_suffix('%') {
        Some(n) => n.trim().parse::<f64>().map_err(|_| bad())? / 100.0,
        None => {
            let x: f64 = t.parse().map_err(|_| bad())?;
            if x > 1.0 {
                return Err(format!(
                    "--target `{text}`: a rate is at most 1; for percent write {text}%"
                ));
            }
            x
        }
    };
    if !(0.0..=1.0).contains(&p) {
        return Err(bad());
    }
    Ok(p)
}

pub fn run(a: Args) -> Result<i32, Exit> {
    let seeds = Seeds::parse(&a.seeds).map_err(|e| format!("--seeds {e}"))?;
    let files = a.content.files()?;
    let (rules, scenario, setup) = super::load_position(&files, &a.scenario, seeds.first)?;
    let (lever, low, high) = lever::parse_range(&a.lever, &rules)?;
    let faction = match (&a.faction, lever.faction()) {
        (Some(w), _) => Faction::from_slug(&w.trim().to_ascii_lowercase())
            .ok_or_else(|| format!("--faction: unknown Faction `{w}` (govt, farc, auc, cartels)"))?,
        (None, Some(f)) => f,
        (None, None) => {
            return Err(Exit::from(format!(
                "--lever {lever} is no Faction's own: say whose win rate to calibrate with --faction (govt, farc, auc, cartels)"
            )));
        }
    };
    let spec = AgentSpec::parse(&a.agents)?;
    let seated = spec.seat(&setup);
    let seats = seated.seating.players.iter().filter(|p| !p.is_empty()).count() + seated.seating.non_players.len();
    let target = match &a.target {
        Some(t) => parse_target(t)?,
        None => 1.0 / seats.max(1) as f64,
    };
    // The set-up at a value, refused as a scenario file's would be.
    let setup_at = |v: i64| {
        let sc = lever.apply(&scenario, v);
        let (s, findings) = crate::content::build_setup(&sc, &rules, seeds.first);
        if findings.is_empty() {
            Ok(spec.seat(&s))
        } else {
            let why: Vec<String> = findings.iter().map(|f| f.message.clone()).collect();
            Err(format!(
                "--lever {lever}={v}: the rules refuse the scenario so: {}; give a range they allow",
                why.join("; ")
            ))
        }
    };
    // Both ends first, so that a range the rules refuse fails before any game.
    setup_at(low)?;
    setup_at(high)?;
    lever.rules_at(&rules, low)?;
    lever.rules_at(&rules, high)?;
    let jobs = jobs_for(a.jobs, seeds.count());
    let start = Instant::now();
    let mut measure = |v: i64| -> Result<(u64, u64), String> {
        let setup = setup_at(v)?;
        // A victory threshold is set on a copy of the rules.
        let turned = lever.rules_at(&rules, v)?;
        let rules = turned.as_ref().unwrap_or(&rules);
        let bar = progress_bar(seeds.count());
        let tick = || bar.inc(1);
        let batch = Batch {
            seeds: seeds.range(),
            jobs,
            keep_answers: false,
            rows: false,
            progress: &tick,
        };
        let (tally, _) = run_games(
            &batch,
            |seed| spec_prepared(rules, &setup, seed, false, &spec),
            |_, _, r| r.into(),
        );
        bar.finish_and_clear();
        Ok((tally.wins.get(faction), tally.completed))
    };
    let c = calibrate(low, high, target, &mut measure)?;
    let run = run_identity(&files, &a.scenario, &spec, false, seeds, None);
    let notes = notes(&c, &spec, faction);
    let report = Report {
        format: "abyss-calibrate 1",
        run,
        lever: lever.to_string(),
        faction: faction.slug(),
        calibration: c,
        notes,
        seconds: start.elapsed().as_secs_f64(),
    };
    match a.format {
        Format::Json => say!("{}", serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?),
        Format::Text => say_raw!("{}", render(&report, &lever, faction)),
    }
    Ok(if report.calibration.value.is_some() { 0 } else { 1 })
}

fn notes(c: &Calibration, spec: &AgentSpec, faction: Faction) -> Vec<String> {
    let mut out = Vec::new();
    if !c.inversions.is_empty() {
        let pairs: Vec<String> = c.inversions.iter().map(|[x, y]| format!("{x}→{y}")).collect();
        out.push(format!(
            "the rates measured go against the direction between {}: sampling noise at these seeds (or a rate \
             that is not monotone in the lever); more seeds narrow it",
            pairs.join(", ")
        ));
    }
    if faction == Faction::Govt && spec.0[0] == crate::game::playout::AgentKind::NonPlayer {
        out.push(
            "the Government bot is weak (it wins about 4% of all-bot Standard games): a Government value \
             calibrated under `nonplayer` measures the bot; put the search in that seat \
             (`--agents govt=mcts,others=nonplayer`) for a stronger Government."
                .into(),
        );
    }
    out
}

/// "Government's", "Cartels'".
fn possessive(f: Faction) -> String {
    let name = f.name();
    if name.ends_with('s') {
        format!("{name}'")
    } else {
        format!("{name}'s")
    }
}

fn render(r: &Report, lever: &Lever, faction: Faction) -> String {
    use std::fmt::Write;
    let c = &r.calibration;
    let pct = |x: f64| 100.0 * x;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Calibrating {lever} over {}..={} for {} win rate to reach {:.1}% (`{}`, {} agents, seeds {} at every value: paired)",
        c.low,
        c.high,
        possessive(faction),
        pct(c.target),
        r.run.scenario,
        r.run.agents,
        r.run.seeds
    );
    let _ = writeln!(
        out,
        "  {:>6}  {:>11}  {:>6}  95% interval",
        "value", "wins/games", "rate"
    );
    for p in &c.points {
        let rate = p.rate.map_or("-".to_string(), |i| {
            format!("{:5.1}%  [{:5.1}, {:5.1}]", pct(i.estimate), pct(i.low), pct(i.high))
        });
        let mark = if Some(p.value) == c.value { "  <- chosen" } else { "" };
        let _ = writeln!(
            out,
            "  {:>6}  {:>11}  {rate}{mark}",
            p.value,
            format!("{}/{}", p.wins, p.games)
        );
    }
    let way = match c.direction {
        Direction::Rises => "rises",
        Direction::Falls => "falls",
    };
    match c.value.and_then(|v| c.point(v).map(|p| (v, p))) {
        Some((v, p)) => {
            let rate = p.rate.map_or("-".into(), |i| {
                format!("{:.1}% [{:.1}, {:.1}]", pct(i.estimate), pct(i.low), pct(i.high))
            });
            let _ = writeln!(
                out,
                "  {lever} = {v}: the first value at which {} wins {} {:.1}%: {rate}",
                faction.name(),
                if c.direction == Direction::Rises {
                    "at least"
                } else {
                    "at most"
                },
                pct(c.target)
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  no value of {}..={} brings {} win rate to {:.1}% (it {way} from one end to the other): widen the range or pick another lever",
                c.low,
                c.high,
                possessive(faction),
                pct(c.target)
            );
        }
    }
    match c.within {
        Some([x, y]) => {
            let _ = writeln!(
                out,
                "  values whose 95% interval holds {:.1}%: {x}..={y} (edges found by bisection, the rate taken to be monotone: it {way} with the value here)",
                pct(c.target)
            );
        }
        None => {
            let _ = writeln!(out, "  no value's 95% interval holds {:.1}%", pct(c.target));
        }
    }
    for n in &r.notes {
        let _ = writeln!(out, "  note: {n}");
    }
    let games: u64 = c.points.iter().map(|p| p.games).sum();
    let _ = writeln!(
        out,
        "  {:.1} s: {} values measured, {} games",
        r.seconds,
        c.points.len(),
        crate::stats::thousands(games)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_are_rates_or_percentages() {
        assert_eq!(parse_target("0.25"), Ok(0.25));
        assert_eq!(parse_target("25%"), Ok(0.25));
        assert!(parse_target("25").unwrap_err().contains("25%"));
        assert!(parse_target("-1").is_err());
        assert!(parse_target("x").is_err());
    }
}
