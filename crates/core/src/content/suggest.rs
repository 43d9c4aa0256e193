//! "Did you mean …?": the known word nearest a misspelt one, by edit distance, for the
//! findings that name a word the content does not know (a key, a space id, a hook). The
//! distance also serves the answers of records and tests (crates/notation/src/words.rs) and the
//! card API's names (crates/lua/src/api).

/// Words longer than this get no suggestion: the distance costs the product of the two
/// lengths, and no key or id of the content is this long.
const MAX_WORD_CHARS: usize = 64;

/// The edit distance of two words, counting a swap of two neighbouring letters as one
/// edit (optimal string alignment: `meta_wset` is 1 from `meta_west`, as a person counts
/// the typo), ASCII case ignored.
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    // Three rows of the table: two back (for swaps), the previous one, the current one.
    let mut back2 = vec![0usize; b.len() + 1];
    let mut back1: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (back1[j] + 1).min(row[j - 1] + 1).min(back1[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(back2[j - 2] + 1);
            }
            row[j] = d;
        }
        std::mem::swap(&mut back2, &mut back1);
        std::mem::swap(&mut back1, &mut row);
    }
    back1[b.len()]
}

/// The candidate nearest `word`, if it is near enough to be the word meant: at most one
/// edit in three letters (at least one). Among equally near candidates the first one
/// given wins, so the suggestion is the same on every run.
pub fn nearest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = word.chars().count();
    if len == 0 || len > MAX_WORD_CHARS {
        return None;
    }
    let most = (len / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == word || c.chars().count() > MAX_WORD_CHARS {
            continue;
        }
        let d = distance(word, c);
        if d <= most && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// " (did you mean `x`?)" for the nearest candidate, or "" when none is near: to end a
/// finding's message with.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    match nearest(word, candidates) {
        Some(c) => format!(" (did you mean `{c}`?)"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_swap_of_neighbours_is_one_edit() {
        assert_eq!(distance("meta_wset", "meta_west"), 1);
        assert_eq!(distance("farc_guerillas", "farc_guerrillas"), 1);
        assert_eq!(distance("trops", "troops"), 1);
        assert_eq!(distance("farcs", "farc"), 1);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("Troops", "troops"), 0);
    }

    #[test]
    fn only_a_near_word_is_suggested_and_the_first_of_equals_wins() {
        let keys = ["govt", "farc", "auc", "cartels"];
        assert_eq!(nearest("farcs", keys), Some("farc"));
        assert_eq!(nearest("xyz", keys), None);
        assert_eq!(nearest("aux", ["auc", "aum"]), Some("auc"));
        assert_eq!(did_you_mean("trops", ["troops", "police"]), " (did you mean `troops`?)");
        assert_eq!(did_you_mean("zzzzzz", ["troops", "police"]), "");
    }
}
