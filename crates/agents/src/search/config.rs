//! The search agent's settings and how `--agents` names them: `mcts:N` (N iterations per
//! searched decision), `mcts:N:T` (over T threads), `mcts:easy|normal|hard` (named budgets),
//! and, for experiments, `key=value` parts after them (`mcts:200:horizon=0:rollout=random`).

use std::fmt;

/// What plays the simulated games past the search tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// The section-8 bots, every Faction (the searching one included).
    Bots,
    /// Uniform random answers.
    Random,
}

/// What completes a card-level choice (the Operation's spaces, the Event's questions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completer {
    /// The Faction's section-8 bot, planning the Operation it is handed.
    Bot,
    /// Uniform random answers (a baseline for measuring the bot completion).
    Random,
}

/// Who decides in the tree besides the searching Faction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponents {
    /// The other Factions are modelled by their section-8 bots: only the searching
    /// Faction's card-level choices are tree nodes.
    Bots,
    /// maxⁿ: every Faction's card-level choice is a tree node, each maximising its own
    /// reward.
    Tree,
}

/// The named budgets (`mcts:easy`, `mcts:normal`, `mcts:hard`): iterations per searched
/// decision, each measured for strength and time in docs/ai.md (about 0.02, 0.06 and
/// 0.6 CPU seconds a decision).
pub const LEVELS: [(&str, u32); 3] = [("easy", 30), ("normal", 100), ("hard", 1000)];

/// How the search agent searches. Copy, so that an `AgentSpec` stays Copy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Iterations (simulated games) per searched decision, over all threads.
    pub iterations: u32,
    /// Threads (root parallelism: each grows its own tree, the root statistics are summed).
    pub threads: u16,
    /// Cut each simulated game after this many Propaganda Rounds from the decision and
    /// score it by the margins; 0 plays every simulated game to its end.
    pub horizon: u8,
    pub rollout: Rollout,
    pub opponents: Opponents,
    pub completion: Completer,
    /// The exploration constant of UCB1, on values normalised per node to 0..1.
    pub exploration: f64,
    /// Weight of the victory margin beside the win: reward = win + ε·margin/20 (clamped).
    pub margin_weight: f64,
    /// The level name it was given by, if any (for printing it back).
    pub level: Option<&'static str>,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            // `mcts` alone: the normal level.
            iterations: 100,
            threads: 1,
            horizon: 1,
            rollout: Rollout::Bots,
            opponents: Opponents::Bots,
            completion: Completer::Bot,
            exploration: 0.7,
            margin_weight: 0.2,
            level: None,
        }
    }
}

const EXPECTED: &str = "expected mcts:N (N iterations per decision, e.g. mcts:200), mcts:N:T (T threads), \
     or a level: mcts:easy, mcts:normal, mcts:hard (also with :T)";

impl SearchConfig {
    /// `mcts`, `mcts:N`, `mcts:N:T`, `mcts:LEVEL`, `mcts:LEVEL:T`, each perhaps followed by
    /// `:key=value` parts (horizon, rollout, opponents, completion, c, margin). Levels alone
    /// (`easy`, `normal`, `hard`) name the search agent too.
    pub fn parse(word: &str) -> Result<SearchConfig, String> {
        let mut parts = word.split(':');
        let head = parts.next().unwrap_or_default();
        let mut c = SearchConfig::default();
        if let Some(&(name, n)) = LEVELS.iter().find(|(name, _)| *name == head) {
            c.iterations = n;
            c.level = Some(name);
        } else if head != "mcts" {
            return Err(format!("`{word}`: {EXPECTED}"));
        }
        let mut positional = 0;
        for p in parts {
            if let Some((key, value)) = p.split_once('=') {
                c.set(key, value).map_err(|e| format!("`{word}`: {e}"))?;
                continue;
            }
            match (positional, c.level.is_some() && head != "mcts") {
                // `easy:2`: a level's one positional part is its thread count.
                (0, true) => c.threads = threads(word, p)?,
                (0, false) => {
                    if let Some(&(name, n)) = LEVELS.iter().find(|(name, _)| *name == p) {
                        c.iterations = n;
                        c.level = Some(name);
                    } else {
                        c.iterations = match p.parse::<u32>() {
                            Ok(n) if n >= 1 => n,
                            _ => return Err(format!("`{word}`: `{p}` is not a number of iterations; {EXPECTED}")),
                        };
                    }
                }
                (1, false) => c.threads = threads(word, p)?,
                _ => return Err(format!("`{word}`: too many parts; {EXPECTED}")),
            }
            positional += 1;
        }
        Ok(c)
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = || format!("`{key}={value}` is not a setting of the search");
        match key {
            "horizon" => self.horizon = value.parse().map_err(|_| bad())?,
            "rollout" => {
                self.rollout = match value {
                    "bots" | "nonplayer" => Rollout::Bots,
                    "random" => Rollout::Random,
                    _ => return Err(bad()),
                }
            }
            "opponents" => {
                self.opponents = match value {
                    "bots" | "nonplayer" => Opponents::Bots,
                    "tree" | "maxn" => Opponents::Tree,
                    _ => return Err(bad()),
                }
            }
            "completion" => {
                self.completion = match value {
                    "bot" | "bots" | "nonplayer" => Completer::Bot,
                    "random" => Completer::Random,
                    _ => return Err(bad()),
                }
            }
            "c" => self.exploration = value.parse().ok().filter(|x: &f64| *x >= 0.0).ok_or_else(bad)?,
            "margin" => self.margin_weight = value.parse().ok().filter(|x: &f64| *x >= 0.0).ok_or_else(bad)?,
            _ => {
                return Err(format!(
                    "`{key}`: unknown setting (horizon, rollout, opponents, completion, c, margin)"
                ));
            }
        }
        Ok(())
    }
}

fn threads(word: &str, p: &str) -> Result<u16, String> {
    match p.parse::<u16>() {
        Ok(t) if (1..=256).contains(&t) => Ok(t),
        _ => Err(format!("`{word}`: `{p}` is not a thread count (1 to 256); {EXPECTED}")),
    }
}

impl fmt::Display for SearchConfig {
    /// The spec it parses back from.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.level {
            Some(name) => write!(f, "mcts:{name}")?,
            None => write!(f, "mcts:{}", self.iterations)?,
        }
        if self.threads != 1 {
            write!(f, ":{}", self.threads)?;
        }
        let d = SearchConfig::default();
        if self.horizon != d.horizon {
            write!(f, ":horizon={}", self.horizon)?;
        }
        if self.rollout != d.rollout {
            write!(f, ":rollout=random")?;
        }
        if self.opponents != d.opponents {
            write!(f, ":opponents=tree")?;
        }
        if self.completion != d.completion {
            write!(f, ":completion=random")?;
        }
        if self.exploration != d.exploration {
            write!(f, ":c={}", self.exploration)?;
        }
        if self.margin_weight != d.margin_weight {
            write!(f, ":margin={}", self.margin_weight)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        for w in [
            "mcts",
            "mcts:1000",
            "mcts:1000:4",
            "mcts:easy",
            "mcts:hard:2",
            "mcts:50:horizon=0:rollout=random",
            "mcts:50:2:opponents=tree:c=1.5:margin=0.5",
            "mcts:20:completion=random",
        ] {
            let c = SearchConfig::parse(w).unwrap();
            let again = SearchConfig::parse(&c.to_string()).unwrap();
            assert_eq!(c, again, "{w} -> {c}");
        }
        assert_eq!(SearchConfig::parse("mcts").unwrap().to_string(), "mcts:100");
        let c = SearchConfig::parse("mcts:1000:4").unwrap();
        assert_eq!((c.iterations, c.threads), (1000, 4));
        let c = SearchConfig::parse("hard").unwrap();
        assert_eq!((c.iterations, c.level), (1000, Some("hard")));
        let c = SearchConfig::parse("easy:2").unwrap();
        assert_eq!((c.iterations, c.threads), (30, 2));
    }

    #[test]
    fn bad_specs_say_what_is_expected() {
        for (w, says) in [
            ("mcts:abc", "`abc` is not a number of iterations"),
            ("mcts:0", "is not a number of iterations"),
            ("mcts:10:0", "is not a thread count"),
            ("mcts:10:2:3", "too many parts"),
            ("mcts:10:depth=3", "unknown setting"),
            ("mcts:10:rollout=smart", "is not a setting"),
            ("mtcs:10", "expected mcts:N"),
        ] {
            let e = SearchConfig::parse(w).unwrap_err();
            assert!(e.contains(says), "{w}: {e}");
            assert!(e.contains("expected mcts:N") || e.contains("setting"), "{w}: {e}");
        }
    }
}
