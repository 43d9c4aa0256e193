//! Words resolved against the content: spaces, pieces, answers, presidents and hook
//! names, each refusal with a did-you-mean from the nearest known word.

use crate::game::Choice;
use crate::kernel::{Faction, HOOKS, HookKind, PieceType, Ruleset, SpaceId};

/// Every word an answer can be, other than numbers.
pub(crate) fn answer_words(r: &Ruleset) -> Vec<String> {
    Choice::vocabulary(r).iter().map(|c| c.render(r)).collect()
}

fn piece_words(r: &Ruleset) -> Vec<String> {
    Choice::vocabulary(r)
        .iter()
        .filter(|c| matches!(c, Choice::Piece(..)))
        .map(|c| c.render(r))
        .collect()
}

fn space_words(r: &Ruleset) -> Vec<String> {
    r.map.ids().map(|s| r.map.space(s).slug.clone()).collect()
}

/// Levenshtein distance, for suggestions.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + (ca != cb) as usize).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// " (did you mean `x`?)" when a known word is near enough, else "".
pub(crate) fn suggest(word: &str, known: &[String]) -> String {
    let best = known
        .iter()
        .map(|k| (distance(word, k), k))
        .min_by_key(|(d, k)| (*d, k.len()));
    match best {
        Some((d, k)) if d <= (word.chars().count() / 3).max(2) => format!(" (did you mean `{k}`?)"),
        _ => String::new(),
    }
}

pub(crate) fn space(r: &Ruleset, word: &str) -> Result<SpaceId, String> {
    r.map
        .find(word)
        .ok_or_else(|| format!("unknown space `{word}`{}", suggest(word, &space_words(r))))
}

/// A piece word: `farc-guerrilla` (any state), `farc-guerrilla-active`, `govt-troops`...
pub(crate) fn piece(r: &Ruleset, word: &str) -> Result<(PieceType, Option<bool>), String> {
    match Choice::parse(word, r) {
        Some(Choice::Piece(t, u)) => Ok((t, u)),
        _ => Err(format!("unknown piece `{word}`{}", suggest(word, &piece_words(r)))),
    }
}

pub(crate) fn answer(r: &Ruleset, word: &str) -> Result<Choice, String> {
    Choice::parse(word, r).ok_or_else(|| format!("unknown answer `{word}`{}", suggest(word, &answer_words(r))))
}

pub(crate) fn president(r: &Ruleset, word: &str) -> Result<u8, String> {
    r.president_index(word).ok_or_else(|| {
        let names: Vec<String> = r.forces.presidents.iter().map(|p| p.slug.clone()).collect();
        format!(
            "unknown president `{word}`{}; the track has {}",
            suggest(word, &names),
            names.join(", ")
        )
    })
}

/// A hook's value word: a number, or for Faction hooks a faction, for Space hooks a space.
pub(crate) fn hook_value(r: &Ruleset, name: &str, value: &str) -> Result<u8, String> {
    let Some(&(_, kind)) = HOOKS.iter().find(|h| h.0 == name) else {
        let names: Vec<String> = HOOKS.iter().map(|h| h.0.to_string()).collect();
        return Err(format!("no hook named `{name}`{}", suggest(name, &names)));
    };
    if let Ok(n) = value.parse::<u8>() {
        return Ok(n);
    }
    match kind {
        HookKind::Factions => Faction::from_slug(value)
            .map(|f| f.index() as u8)
            .ok_or_else(|| format!("hook `{name}` takes a faction, not `{value}`")),
        HookKind::Spaces => space(r, value).map(|s| s.0),
        HookKind::Flag => match value {
            "yes" | "on" | "true" => Ok(1),
            "no" | "off" | "false" => Ok(0),
            _ => Err(format!("hook `{name}` takes yes or no, not `{value}`")),
        },
        _ => Err(format!("hook `{name}` takes a number, not `{value}`")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_come_from_the_nearest_word_only_when_near() {
        let r = crate::content::embedded_rules();
        assert_eq!(
            space(&r, "santandre").unwrap_err(),
            "unknown space `santandre` (did you mean `santander`?)"
        );
        assert_eq!(space(&r, "xyz").unwrap_err(), "unknown space `xyz`");
        assert_eq!(
            answer(&r, "civic_action").unwrap_err(),
            "unknown answer `civic_action` (did you mean `civic-action`?)"
        );
        assert_eq!(piece(&r, "farc-guerrilla-active").unwrap().1, Some(false));
        assert!(piece(&r, "bogota").is_err());
    }

    #[test]
    fn every_answer_word_resolves() {
        let r = crate::content::embedded_rules();
        for w in answer_words(&r) {
            assert_eq!(answer(&r, &w).unwrap().render(&r), w);
        }
    }

    #[test]
    fn hook_values_take_numbers_factions_spaces_and_flags() {
        let r = crate::content::embedded_rules();
        assert_eq!(hook_value(&r, "sweep_cost", "1"), Ok(1));
        assert_eq!(hook_value(&r, "no_sweep_assault_against", "auc"), Ok(2));
        assert_eq!(hook_value(&r, "sweep_never_activates", "bogota"), Ok(0));
        assert_eq!(hook_value(&r, "no_air_strike", "yes"), Ok(1));
        assert!(hook_value(&r, "sweep_cost", "lots").is_err());
        assert!(
            hook_value(&r, "sweep_cots", "1")
                .unwrap_err()
                .contains("did you mean `sweep_cost`")
        );
    }
}
