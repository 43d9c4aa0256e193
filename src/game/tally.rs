//! The counts of a batch of games (`abyss sim`, `validate --games`): raw counts and sums,
//! kept so that two tallies merge into the tally of both batches (worker threads, and
//! shards run apart and joined by `abyss merge`), and so that every interval of the
//! summary can be worked out from them (sums of squares for the spread of a mean).
//! Optionally one row per game.

use super::engine::Outcome;
use super::events::ScriptError;
use super::playout::GameResult;
use crate::kernel::Faction;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One value per Faction, labelled by the Factions' slugs in JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByFaction<T> {
    pub govt: T,
    pub farc: T,
    pub auc: T,
    pub cartels: T,
}

impl<T> ByFaction<T> {
    pub fn get_ref(&self, f: Faction) -> &T {
        match f {
            Faction::Govt => &self.govt,
            Faction::Farc => &self.farc,
            Faction::Auc => &self.auc,
            Faction::Cartels => &self.cartels,
        }
    }

    pub fn get_mut(&mut self, f: Faction) -> &mut T {
        match f {
            Faction::Govt => &mut self.govt,
            Faction::Farc => &mut self.farc,
            Faction::Auc => &mut self.auc,
            Faction::Cartels => &mut self.cartels,
        }
    }
}

impl<T: Copy> ByFaction<T> {
    pub fn from_array(a: [T; 4]) -> ByFaction<T> {
        ByFaction {
            govt: a[0],
            farc: a[1],
            auc: a[2],
            cartels: a[3],
        }
    }

    pub fn to_array(&self) -> [T; 4] {
        [self.govt, self.farc, self.auc, self.cartels]
    }

    pub fn get(&self, f: Faction) -> T {
        self.to_array()[f.index()]
    }

    pub fn map<U: Copy>(&self, f: impl FnMut(T) -> U) -> ByFaction<U> {
        ByFaction::from_array(self.to_array().map(f))
    }
}

impl<T: Copy + std::ops::AddAssign> ByFaction<T> {
    pub fn add(&mut self, o: &ByFaction<T>) {
        for f in Faction::ALL {
            *self.get_mut(f) += o.get(f);
        }
    }
}

/// How the games that were played to their end ended (7.0).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Endings {
    /// Games ended by a victory check (7.2), by the Propaganda card it came on (1st, 2nd,
    /// ...).
    pub victory_check: BTreeMap<u8, u64>,
    /// Games that ran their course, decided by the final ranking (7.3).
    pub final_ranking: u64,
}

/// Where a failure lies in the content, as far as it is known: the card and side whose
/// script is to blame, and the script's file and line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Blame {
    pub card: Option<u8>,
    /// "unshaded" or "shaded".
    pub side: Option<String>,
    pub file: Option<String>,
    /// 1-based.
    pub line: Option<usize>,
}

impl Blame {
    /// A failed script's card, side, file and line.
    pub fn of_script(e: &ScriptError) -> Blame {
        Blame {
            card: Some(e.card),
            side: e.side.map(|s| s.slug().to_string()),
            file: (!e.file.is_empty()).then(|| e.file.clone()),
            line: (e.line > 0).then_some(e.line),
        }
    }
}

/// A record of a tally with the fields of a `Blame` (card, side, script file, line) among
/// its own, declared once: the record's own fields before them, the attributes of their
/// `card` (the others may be absent, in tallies written before them: null), and the
/// record's fields after them, in the order of the record's JSON.
macro_rules! with_blame {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $($(#[$bm:meta])* pub $before:ident: $bt:ty,)*
        }
        card { $(#[$cm:meta])* }
        then { $($(#[$am:meta])* pub $after:ident: $at:ty,)* }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $($(#[$bm])* pub $before: $bt,)*
            $(#[$cm])*
            pub card: Option<u8>,
            /// "unshaded" or "shaded".
            #[serde(default)]
            pub side: Option<String>,
            #[serde(default)]
            pub file: Option<String>,
            /// 1-based.
            #[serde(default)]
            pub line: Option<usize>,
            $($(#[$am])* pub $after: $at,)*
        }
    };
}

with_blame! {
    /// An Event side whose script failed (and was rolled back, 5.0) in some games.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct FailedEvent {
        pub times: u64,
        /// The lowest seed it failed in, and that failure (with the script's file and line).
        pub first_seed: u64,
        pub first: String,
    }
    card {
        /// That failure's card, side, script file and line (null when unknown, and in
        /// tallies written before these fields).
        #[serde(default)]
    }
    then {}
}

impl FailedEvent {
    /// A failure at `at`, not yet counted.
    fn at(at: Blame) -> FailedEvent {
        FailedEvent {
            times: 0,
            first_seed: 0,
            first: String::new(),
            card: at.card,
            side: at.side,
            file: at.file,
            line: at.line,
        }
    }
}

with_blame! {
    /// A game that stopped before its end.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    pub struct Failure {
        pub seed: u64,
    }
    card {
        /// The card whose script the failure is blamed on, or else the card being played
        /// when the game stopped; with the blamed script's side, file and line (null when
        /// unknown, and in tallies written before these fields).
    }
    then {
        pub error: String,
    }
}

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A victory check (7.2) at a Propaganda card (`Row::round`).
    VictoryCheck,
    /// The final ranking (7.3) after the last Propaganda card.
    FinalRanking,
    /// The game stopped before its end (see the tally's `failures`).
    Failed,
}

/// One game of a batch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    pub seed: u64,
    /// The winning seat's Factions by slug, `+` between two of one player ("farc",
    /// "govt+auc"); None for a failed game.
    pub winner: Option<String>,
    /// Every Faction's final victory margin (7.3); None for a failed game.
    pub margins: Option<ByFaction<i16>>,
    /// Cards played, and decisions taken.
    pub cards: u32,
    pub decisions: u64,
    pub ending: Ending,
    /// With `ending` = victory_check: the Propaganda card of the check (1st, 2nd, ...).
    pub round: Option<u8>,
    /// The standing at each Propaganda Round held, in order (absent from the rows of
    /// earlier versions: read as none).
    #[serde(default)]
    pub rounds: Vec<RoundRow>,
}

/// How a game stood at a Propaganda Round's Victory phase (6.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundRow {
    /// The Propaganda card, counted from 1.
    pub round: u8,
    pub margins: ByFaction<i16>,
    /// The seat first in the 7.3 ranking then, as `Row::winner`.
    pub leader: String,
}

/// Factions by slug joined with `+`, as rows name a seat ("farc", "govt+auc").
pub fn seat_word(seat: &[Faction]) -> String {
    seat.iter().map(|f| f.slug()).collect::<Vec<_>>().join("+")
}

/// The Factions of a seat written by `seat_word`; unknown words are left out.
pub fn seat_factions(word: &str) -> Vec<Faction> {
    word.split('+').filter_map(Faction::from_slug).collect()
}

impl Row {
    fn new(r: &GameResult) -> Row {
        let o: Option<&Outcome> = r.outcome.as_ref().ok();
        let winner = o.map(|o| seat_word(o.winner()));
        Row {
            seed: r.seed,
            winner,
            margins: o.map(|o| ByFaction::from_array(o.margins)),
            cards: r.cards,
            decisions: r.decisions,
            ending: match o {
                None => Ending::Failed,
                Some(o) if o.victory_check.is_some() => Ending::VictoryCheck,
                Some(_) => Ending::FinalRanking,
            },
            round: o.and_then(|o| o.victory_check),
            rounds: r
                .rounds
                .iter()
                .map(|m| RoundRow {
                    round: m.round,
                    margins: ByFaction::from_array(m.margins),
                    leader: seat_word(&m.leader),
                })
                .collect(),
        }
    }
}

/// The counts of a batch. Every field is a count or a sum, so merging two tallies is
/// adding them (lists are joined and kept in seed order; a failed Event keeps the message
/// of its lowest seed): the same games give the same tally however they were split among
/// threads or shards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub games: u64,
    /// Games played to their end; the rest are `failures`.
    pub completed: u64,
    /// Decisions in all games, failed ones included (the speed figures).
    pub decisions: u64,
    /// Games won, by Faction (a Faction of the first seat of the final ranking).
    pub wins: ByFaction<u64>,
    /// Sums over completed games of each Faction's final victory margin, and of its square.
    pub margin_sum: ByFaction<i64>,
    pub margin_sum_of_squares: ByFaction<u64>,
    /// Sums over completed games of the cards played, and of its square.
    pub cards_sum: u64,
    pub cards_sum_of_squares: u64,
    /// Decisions in completed games.
    pub completed_decisions: u64,
    pub endings: Endings,
    /// How many times each Event side was executed: "08-unshaded" -> count.
    pub events: BTreeMap<String, u64>,
    /// Event sides whose script failed and was rolled back: "08-shaded" -> count.
    pub failed_events: BTreeMap<String, FailedEvent>,
    /// How often each Non-player rule fired ("farc.d1-rally" -> count).
    pub nonplayer_rules: BTreeMap<String, u64>,
    /// Games that stopped before their end, by seed.
    pub failures: Vec<Failure>,
    /// One row per game, by seed, when asked for (`sim --rows`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rows: Option<Vec<Row>>,
}

/// `*map[key] += n`, allocating the key only when it is new.
fn bump(map: &mut BTreeMap<String, u64>, key: &str, n: u64) {
    match map.get_mut(key) {
        Some(v) => *v += n,
        None => {
            map.insert(key.to_string(), n);
        }
    }
}

impl Tally {
    /// An empty tally that keeps one row per game when `rows`.
    pub fn new(rows: bool) -> Tally {
        Tally {
            rows: rows.then(Vec::new),
            ..Tally::default()
        }
    }

    pub fn add(&mut self, r: &GameResult) {
        self.games += 1;
        self.decisions += r.decisions;
        for (rule, n) in &r.fired {
            bump(&mut self.nonplayer_rules, rule, *n);
        }
        for &(card, side) in &r.events {
            bump(&mut self.events, &format!("{card:02}-{}", side.slug()), 1);
        }
        for e in &r.event_failures {
            let side = format!("{:02}-{}", e.card, e.side.map_or("event", |s| s.slug()));
            self.note_failed_event(
                side,
                FailedEvent {
                    times: 1,
                    first_seed: r.seed,
                    first: e.to_string(),
                    ..FailedEvent::at(Blame::of_script(e))
                },
            );
        }
        match &r.outcome {
            Ok(o) => {
                self.completed += 1;
                for &f in o.winner() {
                    *self.wins.get_mut(f) += 1;
                }
                match o.victory_check {
                    Some(round) => *self.endings.victory_check.entry(round).or_default() += 1,
                    None => self.endings.final_ranking += 1,
                }
                let m = o.margins.map(i64::from);
                self.margin_sum.add(&ByFaction::from_array(m));
                self.margin_sum_of_squares
                    .add(&ByFaction::from_array(m.map(|x| (x * x) as u64)));
                let cards = u64::from(r.cards);
                self.cards_sum += cards;
                self.cards_sum_of_squares += cards * cards;
                self.completed_decisions += r.decisions;
            }
            Err(e) => {
                let at = r.blame.clone().unwrap_or_default();
                self.failures.push(Failure {
                    seed: r.seed,
                    card: at.card.or(r.card),
                    side: at.side,
                    file: at.file,
                    line: at.line,
                    error: e.to_string(),
                })
            }
        }
        if let Some(rows) = &mut self.rows {
            rows.push(Row::new(r));
        }
    }

    fn note_failed_event(&mut self, side: String, e: FailedEvent) {
        match self.failed_events.get_mut(&side) {
            None => {
                self.failed_events.insert(side, e);
            }
            Some(mine) => {
                mine.times += e.times;
                if e.first_seed < mine.first_seed {
                    // The lowest seed's failure, whole.
                    *mine = FailedEvent { times: mine.times, ..e };
                }
            }
        }
    }

    /// Add another batch's games (of other seeds). Rows are kept only if both kept them.
    pub fn merge(&mut self, o: Tally) {
        self.games += o.games;
        self.completed += o.completed;
        self.decisions += o.decisions;
        self.wins.add(&o.wins);
        self.margin_sum.add(&o.margin_sum);
        self.margin_sum_of_squares.add(&o.margin_sum_of_squares);
        self.cards_sum += o.cards_sum;
        self.cards_sum_of_squares += o.cards_sum_of_squares;
        self.completed_decisions += o.completed_decisions;
        for (round, n) in o.endings.victory_check {
            *self.endings.victory_check.entry(round).or_default() += n;
        }
        self.endings.final_ranking += o.endings.final_ranking;
        for (k, n) in o.events {
            bump(&mut self.events, &k, n);
        }
        for (side, e) in o.failed_events {
            self.note_failed_event(side, e);
        }
        for (k, n) in o.nonplayer_rules {
            bump(&mut self.nonplayer_rules, &k, n);
        }
        self.failures.extend(o.failures);
        self.failures.sort_by_key(|f| f.seed);
        self.rows = match (self.rows.take(), o.rows) {
            (Some(mut a), Some(b)) => {
                a.extend(b);
                a.sort_by_key(|r| r.seed);
                Some(a)
            }
            _ => None,
        };
    }

    /// A tally from its JSON form (`tally` of `sim --format json`); an error names the
    /// field at fault, e.g. "`tally.wins`: missing field `cartels`".
    pub fn from_json(v: &serde_json::Value, at: &str) -> Result<Tally, String> {
        let f = Fields { v, at };
        let rows = match v.get("rows") {
            None => None,
            Some(_) => Some(f.take("rows")?),
        };
        let t = Tally {
            games: f.take("games")?,
            completed: f.take("completed")?,
            decisions: f.take("decisions")?,
            wins: f.take("wins")?,
            margin_sum: f.take("margin_sum")?,
            margin_sum_of_squares: f.take("margin_sum_of_squares")?,
            cards_sum: f.take("cards_sum")?,
            cards_sum_of_squares: f.take("cards_sum_of_squares")?,
            completed_decisions: f.take("completed_decisions")?,
            endings: f.take("endings")?,
            events: f.take("events")?,
            failed_events: f.take("failed_events")?,
            nonplayer_rules: f.take("nonplayer_rules")?,
            failures: f.take("failures")?,
            rows,
        };
        f.no_others(&[
            "games",
            "completed",
            "decisions",
            "wins",
            "margin_sum",
            "margin_sum_of_squares",
            "cards_sum",
            "cards_sum_of_squares",
            "completed_decisions",
            "endings",
            "events",
            "failed_events",
            "nonplayer_rules",
            "failures",
            "rows",
        ])?;
        t.consistent().map_err(|e| format!("`{at}`: {e}"))?;
        Ok(t)
    }

    /// The counts agree with one another (a hand-edited or truncated file does not).
    fn consistent(&self) -> Result<(), String> {
        if self.games.checked_sub(self.completed) != Some(self.failures.len() as u64) {
            return Err(format!(
                "`games` is {} and `completed` {}, but `failures` lists {}",
                self.games,
                self.completed,
                self.failures.len()
            ));
        }
        let ended = self.endings.victory_check.values().sum::<u64>() + self.endings.final_ranking;
        if ended != self.completed {
            return Err(format!(
                "`completed` is {}, but `endings` counts {ended}",
                self.completed
            ));
        }
        if let Some(rows) = &self.rows
            && rows.len() as u64 != self.games
        {
            return Err(format!("`games` is {}, but `rows` lists {}", self.games, rows.len()));
        }
        Ok(())
    }
}

/// Reading the fields of a JSON object one by one, so that an error names its field.
pub(crate) struct Fields<'a> {
    pub v: &'a serde_json::Value,
    /// The object's path in the document, e.g. "tally".
    pub at: &'a str,
}

impl Fields<'_> {
    pub fn take<T: DeserializeOwned>(&self, key: &str) -> Result<T, String> {
        let path = if self.at.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.at)
        };
        let Some(obj) = self.v.as_object() else {
            return Err(format!("`{}` is not an object", self.at));
        };
        let Some(x) = obj.get(key) else {
            return Err(format!("`{path}` is missing"));
        };
        serde_json::from_value(x.clone()).map_err(|e| format!("`{path}`: {e}"))
    }

    /// The object has no field outside `known` (a misspelt field is an error, not ignored).
    pub fn no_others(&self, known: &[&str]) -> Result<(), String> {
        self.no_others_of(known, "a sim tally")
    }

    /// `no_others`, the error naming the object as `what` ("a sim tally").
    pub fn no_others_of(&self, known: &[&str], what: &str) -> Result<(), String> {
        if let Some(obj) = self.v.as_object()
            && let Some(k) = obj.keys().find(|k| !known.contains(&k.as_str()))
        {
            return Err(format!("`{}.{k}` is not a field of {what}", self.at));
        }
        Ok(())
    }
}
