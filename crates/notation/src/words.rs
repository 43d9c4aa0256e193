//! Words resolved against the content: spaces, pieces, answers, presidents and hook
//! names, each refusal with a did-you-mean from the nearest known word.

use super::syntax::clip;
use abyss_core::content::suggest::distance;
use abyss_core::game::Choice;
use abyss_core::game::decision::SPACE_PREFIX;
use abyss_core::kernel::{Faction, HOOKS, HookKind, PieceType, Ruleset, SpaceId};

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

/// Words longer than this get no suggestion: no known word is near one, and the edit
/// distance costs the product of the lengths (a 10 MB word took 23 s).
const SUGGEST_MAX: usize = 64;

/// " (did you mean `x`?)" when a known word is near enough, else "".
pub(crate) fn suggest(word: &str, known: &[String]) -> String {
    if word.len() > SUGGEST_MAX {
        return String::new();
    }
    let best = known
        .iter()
        .map(|k| (distance(word, k), k))
        .min_by_key(|(d, k)| (*d, k.len()));
    match best {
        Some((d, k)) if d <= (word.chars().count() / 3).max(2) => format!(" (did you mean `{k}`?)"),
        _ => String::new(),
    }
}

/// A space by its slug, or as answers write it (`space-SLUG`, see `Choice::render`).
pub(crate) fn space(r: &Ruleset, word: &str) -> Result<SpaceId, String> {
    r.map
        .find(word)
        .or_else(|| word.strip_prefix(SPACE_PREFIX).and_then(|w| r.map.find(w)))
        .ok_or_else(|| format!("unknown space `{}`{}", clip(word), suggest(word, &space_words(r))))
}

/// A piece word: `farc-guerrilla` (any state), `farc-guerrilla-active`, `govt-troops`...
pub(crate) fn piece(r: &Ruleset, word: &str) -> Result<(PieceType, Option<bool>), String> {
    match Choice::parse(word, r) {
        Some(Choice::Piece(t, u)) => Ok((t, u)),
        _ => Err(format!(
            "unknown piece `{}`{}",
            clip(word),
            suggest(word, &piece_words(r))
        )),
    }
}

/// Answer words of one content, looked up in a table made once: a record of a million
/// answers does not render the whole vocabulary for each of them (`Choice::parse`).
pub(crate) struct AnswerWords<'r> {
    rules: &'r Ruleset,
    table: std::collections::HashMap<String, Choice>,
}

impl<'r> AnswerWords<'r> {
    pub fn new(r: &'r Ruleset) -> AnswerWords<'r> {
        let mut table = std::collections::HashMap::new();
        // Each choice renders to a word of its own (a space whose slug is another
        // answer's word renders as `space-SLUG`); any space may be written so.
        for c in Choice::vocabulary(r) {
            table.entry(c.render(r)).or_insert(c);
        }
        for s in r.map.ids() {
            table
                .entry(format!("{SPACE_PREFIX}{}", r.map.space(s).slug))
                .or_insert(Choice::Space(s));
        }
        AnswerWords { rules: r, table }
    }

    pub fn answer(&self, word: &str) -> Result<Choice, String> {
        if let Some(&c) = self.table.get(word) {
            return Ok(c);
        }
        match word.parse::<u8>() {
            Ok(n) => Ok(Choice::Number(n)),
            Err(_) => Err(unknown_answer(self.rules, word)),
        }
    }
}

fn unknown_answer(r: &Ruleset, word: &str) -> String {
    format!("unknown answer `{}`{}", clip(word), suggest(word, &answer_words(r)))
}

pub(crate) fn president(r: &Ruleset, word: &str) -> Result<u8, String> {
    r.president_index(word).ok_or_else(|| {
        let names: Vec<String> = r.forces.presidents.iter().map(|p| p.slug.clone()).collect();
        format!(
            "unknown president `{}`{}; the track has {}",
            clip(word),
            suggest(word, &names),
            names.join(", ")
        )
    })
}

/// A hook's value word: a number, or for Faction hooks a faction, for Space hooks a space.
pub(crate) fn hook_value(r: &Ruleset, name: &str, value: &str) -> Result<u8, String> {
    let Some(&(_, kind)) = HOOKS.iter().find(|h| h.0 == name) else {
        let names: Vec<String> = HOOKS.iter().map(|h| h.0.to_string()).collect();
        return Err(format!("no hook named `{}`{}", clip(name), suggest(name, &names)));
    };
    if let Ok(n) = value.parse::<u8>() {
        return Ok(n);
    }
    match kind {
        HookKind::Factions => Faction::from_slug(value)
            .map(|f| f.index() as u8)
            .ok_or_else(|| format!("hook `{name}` takes a faction, not `{}`", clip(value))),
        HookKind::Spaces => space(r, value).map(|s| s.0),
        HookKind::Flag => match value {
            "yes" | "on" | "true" => Ok(1),
            "no" | "off" | "false" => Ok(0),
            _ => Err(format!("hook `{name}` takes yes or no, not `{}`", clip(value))),
        },
        _ => Err(format!("hook `{name}` takes a number, not `{}`", clip(value))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_come_from_the_nearest_word_only_when_near() {
        let r = abyss_core::content::embedded_rules();
        assert_eq!(
            space(&r, "santandre").unwrap_err(),
            "unknown space `santandre` (did you mean `santander`?)"
        );
        assert_eq!(space(&r, "xyz").unwrap_err(), "unknown space `xyz`");
        assert_eq!(
            AnswerWords::new(&r).answer("civic_action").unwrap_err(),
            "unknown answer `civic_action` (did you mean `civic-action`?)"
        );
        assert_eq!(piece(&r, "farc-guerrilla-active").unwrap().1, Some(false));
        assert!(piece(&r, "bogota").is_err());
    }

    #[test]
    fn every_answer_word_resolves() {
        let r = abyss_core::content::embedded_rules();
        let words = AnswerWords::new(&r);
        for w in answer_words(&r) {
            assert_eq!(words.answer(&w).unwrap().render(&r), w);
            assert_eq!(Some(words.answer(&w).unwrap()), Choice::parse(&w, &r));
        }
        for n in ["0", "7", "255"] {
            assert_eq!(Some(words.answer(n).unwrap()), Choice::parse(n, &r));
        }
        assert!(words.answer("256").is_err());
    }

    #[test]
    fn long_words_get_no_suggestion_and_are_clipped() {
        let r = abyss_core::content::embedded_rules();
        // Near a known word but too long to be compared: no suggestion, and the message
        // shows only the start of the word.
        let long = format!("santander{}", "x".repeat(100_000));
        let m = space(&r, &long).unwrap_err();
        assert!(m.starts_with("unknown space `santanderxxx"), "{m}");
        assert!(m.ends_with("(100009 bytes)`"), "{m}");
        assert!(!m.contains("did you mean"), "{m}");
        assert_eq!(suggest("santandre", &space_words(&r)), " (did you mean `santander`?)");
    }

    #[test]
    fn hook_values_take_numbers_factions_spaces_and_flags() {
        let r = abyss_core::content::embedded_rules();
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
