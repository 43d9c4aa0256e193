//! The course of a batch's games beyond who won: who won each way a game can end, the
//! spread of the final margins, and the standing at each Propaganda Round (margin
//! trajectories, lead changes, comebacks). Counted from the games' rows (`Row::rounds`)
//! as counts and sums, so that two batches merge by adding, as sim tallies do.

use crate::tally::{ByFaction, Ending, Row, seat_factions};
use abyss_core::kernel::Faction;
use abyss_core::stats::{self, Interval};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The counts of the course of a batch's completed games (failed games are left out: the
/// sim tally lists them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// Completed games counted.
    pub games: u64,
    /// Each Faction's final margins (7.3): margin -> games.
    pub margins: ByFaction<BTreeMap<i16, u64>>,
    /// The games a victory check (7.2) ended, by the Propaganda card of the check.
    pub ended_at_check: BTreeMap<u8, Ended>,
    /// The games the final ranking (7.3) decided.
    pub ended_at_final: Ended,
    /// The standing at each Propaganda Round held, by its card (counted from 1).
    pub rounds: BTreeMap<u8, RoundTally>,
    /// Per game, how many times the leader changed from one Round held to the next: sum
    /// and sum of squares.
    pub lead_changes_sum: u64,
    pub lead_changes_sum_of_squares: u64,
}

/// The games that ended one way, and who won them (a seat of two Factions wins for both).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ended {
    pub games: u64,
    pub winners: ByFaction<u64>,
}

impl Ended {
    fn merge(&mut self, o: &Ended) {
        self.games += o.games;
        self.winners.add(&o.winners);
    }
}

/// The games at one Propaganda Round's Victory phase.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundTally {
    /// Completed games that held this Round.
    pub games: u64,
    /// Sums of each Faction's margin then, and of its square.
    pub margin_sum: ByFaction<i64>,
    pub margin_sum_of_squares: ByFaction<u64>,
    /// Games in which the Faction led then (first in the 7.3 ranking; a seat of two leads
    /// for both).
    pub leading: ByFaction<u64>,
    /// Games that had held a Round before this one, and of them those whose leader is
    /// another seat now.
    pub followed: u64,
    pub lead_changed: u64,
    /// Games that went on after this Round (its check did not end them).
    pub went_on: u64,
    /// Of those, the games won by the seat that led here.
    pub leader_won: u64,
    /// Of those, the games in which the Faction did not lead here, and of these the ones
    /// it won all the same.
    pub behind: ByFaction<u64>,
    pub came_back: ByFaction<u64>,
}

fn bump(map: &mut BTreeMap<i16, u64>, key: i16, n: u64) {
    *map.entry(key).or_default() += n;
}

impl RoundTally {
    fn merge(&mut self, o: &RoundTally) {
        self.games += o.games;
        self.margin_sum.add(&o.margin_sum);
        self.margin_sum_of_squares.add(&o.margin_sum_of_squares);
        self.leading.add(&o.leading);
        self.followed += o.followed;
        self.lead_changed += o.lead_changed;
        self.went_on += o.went_on;
        self.leader_won += o.leader_won;
        self.behind.add(&o.behind);
        self.came_back.add(&o.came_back);
    }
}

impl Course {
    /// Count one game; a failed game is not counted.
    pub fn add(&mut self, row: &Row) {
        let (Some(winner), Some(margins)) = (&row.winner, &row.margins) else {
            return;
        };
        if row.ending == Ending::Failed {
            return;
        }
        let won = seat_factions(winner);
        self.games += 1;
        for f in Faction::ALL {
            bump(self.margins.get_mut(f), margins.get(f), 1);
        }
        let ended = match (row.ending, row.round) {
            (Ending::VictoryCheck, Some(k)) => self.ended_at_check.entry(k).or_default(),
            _ => &mut self.ended_at_final,
        };
        ended.games += 1;
        for &f in &won {
            *ended.winners.get_mut(f) += 1;
        }
        let mut changes = 0u64;
        let mut previous: Option<&str> = None;
        for r in &row.rounds {
            let t = self.rounds.entry(r.round).or_default();
            t.games += 1;
            let leaders = seat_factions(&r.leader);
            for f in Faction::ALL {
                let m = i64::from(r.margins.get(f));
                *t.margin_sum.get_mut(f) += m;
                *t.margin_sum_of_squares.get_mut(f) += m.unsigned_abs().pow(2);
                if leaders.contains(&f) {
                    *t.leading.get_mut(f) += 1;
                }
            }
            if let Some(p) = previous {
                t.followed += 1;
                if p != r.leader {
                    t.lead_changed += 1;
                    changes += 1;
                }
            }
            previous = Some(&r.leader);
            let ended_here = row.ending == Ending::VictoryCheck && row.round == Some(r.round);
            if !ended_here {
                t.went_on += 1;
                if r.leader == *winner {
                    t.leader_won += 1;
                }
                for f in Faction::ALL.into_iter().filter(|f| !leaders.contains(f)) {
                    *t.behind.get_mut(f) += 1;
                    if won.contains(&f) {
                        *t.came_back.get_mut(f) += 1;
                    }
                }
            }
        }
        self.lead_changes_sum += changes;
        self.lead_changes_sum_of_squares += changes * changes;
    }

    /// Add another batch's games (of other seeds).
    pub fn merge(&mut self, o: &Course) {
        self.games += o.games;
        for f in Faction::ALL {
            let mine = self.margins.get_mut(f);
            for (&m, &n) in o.margins.get_ref(f) {
                bump(mine, m, n);
            }
        }
        for (k, e) in &o.ended_at_check {
            self.ended_at_check.entry(*k).or_default().merge(e);
        }
        self.ended_at_final.merge(&o.ended_at_final);
        for (k, t) in &o.rounds {
            self.rounds.entry(*k).or_default().merge(t);
        }
        self.lead_changes_sum += o.lead_changes_sum;
        self.lead_changes_sum_of_squares += o.lead_changes_sum_of_squares;
    }

    /// The counts agree with one another and with the sim tally's `completed` games.
    pub fn consistent(&self, completed: u64) -> Result<(), String> {
        if self.games != completed {
            return Err(format!(
                "`games` is {}, but the tally completed {completed}",
                self.games
            ));
        }
        for f in Faction::ALL {
            let n: u64 = self.margins.get_ref(f).values().sum();
            if n != self.games {
                return Err(format!("`margins.{}` counts {n} games of {}", f.slug(), self.games));
            }
        }
        let ended = self.ended_at_check.values().map(|e| e.games).sum::<u64>() + self.ended_at_final.games;
        if ended != self.games {
            return Err(format!("`games` is {}, but the endings count {ended}", self.games));
        }
        for (k, t) in &self.rounds {
            if t.games > self.games || t.went_on > t.games || t.lead_changed > t.followed {
                return Err(format!("`rounds.{k}`: its counts disagree with one another"));
            }
        }
        Ok(())
    }

    /// The figures, with their 95% intervals.
    pub fn figures(&self) -> CourseFigures {
        let n = self.games;
        let mut endings: Vec<EndingFigure> = self
            .ended_at_check
            .iter()
            .map(|(&k, e)| EndingFigure::new(Some(k), e, n))
            .collect();
        endings.push(EndingFigure::new(None, &self.ended_at_final, n));
        let trajectory = self
            .rounds
            .iter()
            .map(|(&round, t)| RoundFigure {
                round,
                games: t.games,
                margin: ByFaction::from_array(Faction::ALL.map(|f| {
                    stats::mean(
                        i128::from(t.margin_sum.get(f)),
                        u128::from(t.margin_sum_of_squares.get(f)),
                        t.games,
                    )
                })),
                leading: t.leading.map(|k| stats::wilson(k, t.games)),
                lead_changed: stats::wilson(t.lead_changed, t.followed),
                went_on: t.went_on,
                leader_won: stats::wilson(t.leader_won, t.went_on),
                behind: t.behind,
                comeback: ByFaction::from_array(
                    Faction::ALL.map(|f| stats::wilson(t.came_back.get(f), t.behind.get(f))),
                ),
            })
            .collect();
        CourseFigures {
            endings,
            trajectory,
            lead_changes: stats::mean(
                i128::from(self.lead_changes_sum),
                u128::from(self.lead_changes_sum_of_squares),
                n,
            ),
            margin_spread: ByFaction::from_array(Faction::ALL.map(|f| Spread::of(self.margins.get_ref(f)))),
        }
    }
}

/// The figures of a batch's course.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CourseFigures {
    /// How games ended: one entry per Propaganda card whose check ended some, then the
    /// final ranking.
    pub endings: Vec<EndingFigure>,
    /// The standing at each Propaganda Round held.
    pub trajectory: Vec<RoundFigure>,
    /// Mean leader changes per game.
    pub lead_changes: Option<Interval>,
    /// The spread of each Faction's final margin.
    pub margin_spread: ByFaction<Option<Spread>>,
}

/// The games that ended one way.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndingFigure {
    /// `victory_check` (7.2, at the `round`-th Propaganda card) or `final_ranking` (7.3).
    pub ending: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round: Option<u8>,
    pub games: u64,
    /// The share of completed games, with its Wilson interval.
    pub share: Option<Interval>,
    pub winners: ByFaction<u64>,
}

impl EndingFigure {
    fn new(round: Option<u8>, e: &Ended, completed: u64) -> EndingFigure {
        EndingFigure {
            ending: if round.is_some() {
                "victory_check"
            } else {
                "final_ranking"
            },
            round,
            games: e.games,
            share: stats::wilson(e.games, completed),
            winners: e.winners,
        }
    }

    /// "Propaganda 2" or "final ranking".
    pub fn label(&self) -> String {
        match self.round {
            Some(k) => format!("Propaganda {k}"),
            None => "final ranking".into(),
        }
    }
}

/// The standing at one Propaganda Round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundFigure {
    pub round: u8,
    /// Completed games that held it (those ended earlier are not counted).
    pub games: u64,
    /// Each Faction's mean margin then.
    pub margin: ByFaction<Option<Interval>>,
    /// How often each Faction led then.
    pub leading: ByFaction<Option<Interval>>,
    /// How often the leader changed since the Round before (games that held one).
    pub lead_changed: Option<Interval>,
    /// Games that went on after it.
    pub went_on: u64,
    /// Of those, how often the seat leading here won.
    pub leader_won: Option<Interval>,
    /// Of those, the games in which the Faction did not lead here, and how often it won
    /// all the same.
    pub behind: ByFaction<u64>,
    pub comeback: ByFaction<Option<Interval>>,
}

/// The spread of a whole-number figure from its histogram: the nearest-rank quantiles.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub min: i16,
    pub p5: i16,
    pub q1: i16,
    pub median: i16,
    pub q3: i16,
    pub p95: i16,
    pub max: i16,
    pub mean: f64,
}

impl Spread {
    pub fn of(histogram: &BTreeMap<i16, u64>) -> Option<Spread> {
        let n: u64 = histogram.values().sum();
        if n == 0 {
            return None;
        }
        // The value of the smallest rank r (1-based) with r >= q·n.
        let at = |q: f64| -> i16 {
            let rank = ((q * n as f64).ceil() as u64).clamp(1, n);
            let mut seen = 0;
            for (&v, &k) in histogram {
                seen += k;
                if seen >= rank {
                    return v;
                }
            }
            *histogram.keys().next_back().expect("not empty")
        };
        let sum: i64 = histogram.iter().map(|(&v, &k)| i64::from(v) * k as i64).sum();
        Some(Spread {
            min: *histogram.keys().next().expect("not empty"),
            p5: at(0.05),
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
            p95: at(0.95),
            max: *histogram.keys().next_back().expect("not empty"),
            mean: sum as f64 / n as f64,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tally::RoundRow;

    fn by(a: [i16; 4]) -> ByFaction<i16> {
        ByFaction::from_array(a)
    }

    fn round(k: u8, margins: [i16; 4], leader: &str) -> RoundRow {
        RoundRow {
            round: k,
            margins: by(margins),
            leader: leader.into(),
        }
    }

    fn row(seed: u64, winner: &str, ending: Ending, at: Option<u8>, rounds: Vec<RoundRow>) -> Row {
        let margins = rounds.last().map_or([0; 4], |r| r.margins.to_array());
        Row {
            seed,
            winner: Some(winner.into()),
            margins: Some(by(margins)),
            cards: 40,
            decisions: 100,
            ending,
            round: at,
            rounds,
        }
    }

    #[test]
    fn rounds_leads_and_comebacks_are_counted() {
        let mut c = Course::default();
        // FARC leads at 1, AUC at 2, and AUC wins the final ranking: one lead change, FARC
        // was ahead at 1 and lost; AUC came back from behind at 1.
        c.add(&row(
            1,
            "auc",
            Ending::FinalRanking,
            None,
            vec![round(1, [-10, 2, 0, -30], "farc"), round(2, [-8, -1, 1, -20], "auc")],
        ));
        // FARC leads at 1 and a victory check there ends it.
        c.add(&row(
            2,
            "farc",
            Ending::VictoryCheck,
            Some(1),
            vec![round(1, [-12, 3, -2, -30], "farc")],
        ));
        let mut failed = row(3, "farc", Ending::Failed, None, vec![]);
        failed.winner = None;
        c.add(&failed);
        assert_eq!(c.games, 2);
        assert_eq!((c.ended_at_final.games, c.ended_at_final.winners.auc), (1, 1));
        assert_eq!(c.ended_at_check[&1].winners.farc, 1);
        assert_eq!((c.lead_changes_sum, c.lead_changes_sum_of_squares), (1, 1));
        let r1 = &c.rounds[&1];
        assert_eq!((r1.games, r1.went_on, r1.leader_won), (2, 1, 0));
        assert_eq!(r1.margin_sum.farc, 5);
        assert_eq!(r1.margin_sum_of_squares.farc, 13);
        assert_eq!(r1.leading.farc, 2);
        assert_eq!((r1.behind.auc, r1.came_back.auc), (1, 1));
        assert_eq!((r1.behind.farc, r1.came_back.farc), (0, 0));
        assert_eq!((r1.behind.govt, r1.came_back.govt), (1, 0));
        let r2 = &c.rounds[&2];
        assert_eq!((r2.followed, r2.lead_changed, r2.leader_won), (1, 1, 1));
        assert_eq!(c.margins.auc[&1], 1);
        c.consistent(2).unwrap();
        assert!(c.consistent(3).is_err());
        // Merging is adding: the two games counted apart give the same counts.
        let (mut a, mut b) = (Course::default(), Course::default());
        a.add(&row(
            1,
            "auc",
            Ending::FinalRanking,
            None,
            vec![round(1, [-10, 2, 0, -30], "farc"), round(2, [-8, -1, 1, -20], "auc")],
        ));
        b.add(&row(
            2,
            "farc",
            Ending::VictoryCheck,
            Some(1),
            vec![round(1, [-12, 3, -2, -30], "farc")],
        ));
        a.merge(&b);
        assert_eq!(a, c);
        let f = c.figures();
        assert_eq!(f.endings.len(), 2);
        assert_eq!(
            (f.endings[0].label(), f.endings[0].games),
            ("Propaganda 1".to_string(), 1)
        );
        assert_eq!(f.trajectory[0].margin.farc.unwrap().estimate, 2.5);
    }

    #[test]
    fn spreads_are_nearest_rank_quantiles() {
        let h: BTreeMap<i16, u64> = [(-3, 1), (0, 2), (2, 1), (10, 1)].into();
        let s = Spread::of(&h).unwrap();
        // Sorted: -3 0 0 2 10.
        assert_eq!(
            (s.min, s.p5, s.q1, s.median, s.q3, s.p95, s.max),
            (-3, -3, 0, 0, 2, 10, 10)
        );
        assert_eq!(s.mean, 1.8);
        assert_eq!(Spread::of(&BTreeMap::new()), None);
    }
}
