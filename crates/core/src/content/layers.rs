//! A mod's rules/ tables laid over the content's by key: a mod's `rules/cards.toml` with
//! one `[[card]]` changes that card, field by field, and leaves the other 75 as they are
//! (a mod used to have to copy the whole file). The layers are merged as parsed TOML,
//! each value keeping its place in the text of its own layer, so a finding about a value
//! names the file it was written in (the mod's, or the content's) and its line there.
//!
//! The rules of the merge (docs/modding.md, "Changing the rules' tables"):
//! - a table (`[limits]`, `[random_spaces]`, layout's `[space.bogota]`, a card's
//!   `[card.nonplayer]`) is merged key by key;
//! - an entry of a keyed list (`KEYED`: `[[card]]` by `number`, `[[space]]` by `id`, ...)
//!   is merged into the content's entry with the same key, field by field, or added at
//!   the end when the content has none;
//! - any other value (a number, a text, a list such as `adjacent` or `order`) replaces
//!   the content's whole;
//! - `replace = true` at the top of a mod's file replaces the content's whole file, and in
//!   a keyed entry replaces the content's whole entry (to drop a field it had).

use super::findings::{Findings, SourceFile};
use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue};

/// The keyed lists of the rules files: (file, list, the keys that name an entry).
pub const KEYED: &[(&str, &str, &[&str])] = &[
    (super::CARDS_FILE, "card", &["number"]),
    (super::MAP_FILE, "space", &["id"]),
    (super::FORCES_FILE, "piece", &["faction", "kind"]),
    (super::FORCES_FILE, "president", &["id"]),
    (super::LAYOUT_FILE, "town", &["id"]),
    (super::LAYOUT_FILE, "country", &["name"]),
];

/// The files a mod lays over the content's by key, rather than replacing them.
pub const LAYERED_FILES: [&str; 5] = [
    super::MAP_FILE,
    super::FORCES_FILE,
    super::CARDS_FILE,
    super::NONPLAYER_FILE,
    super::LAYOUT_FILE,
];

/// The key that makes a layer replace what is under it.
const REPLACE: &str = "replace";

/// Does a mod's file replace the content's whole (`replace = true` at its top)? A file
/// that does not parse does not: it is laid over, and its error reported at its line.
pub fn replaces(text: &str) -> bool {
    DeTable::parse(text).is_ok_and(|t| {
        matches!(
            t.get_ref().get(REPLACE).map(|v| v.get_ref()),
            Some(DeValue::Boolean(true))
        )
    })
}

/// A layer parsed alone, its spans moved by `by` bytes: to where its text starts in the
/// file of all layers (`SourceFile::layered`).
pub fn shifted(doc: Spanned<DeTable<'_>>, by: usize) -> Spanned<DeTable<'_>> {
    if by == 0 {
        return doc;
    }
    let span = doc.span();
    Spanned::new(span.start + by..span.end + by, shift_table(doc.into_inner(), by))
}

fn shift_table(t: DeTable<'_>, by: usize) -> DeTable<'_> {
    t.into_iter()
        .map(|(k, v)| {
            let ks = k.span();
            (
                Spanned::new(ks.start + by..ks.end + by, k.into_inner()),
                shift_value(v, by),
            )
        })
        .collect()
}

fn shift_value(v: Spanned<DeValue<'_>>, by: usize) -> Spanned<DeValue<'_>> {
    let span = v.span();
    let value = match v.into_inner() {
        DeValue::Table(t) => DeValue::Table(shift_table(t, by)),
        DeValue::Array(mut a) => {
            // In place: the list keeps what the parser knows of it (a list of tables).
            for item in a.iter_mut() {
                let old = std::mem::replace(item, Spanned::new(0..0, DeValue::Boolean(false)));
                *item = shift_value(old, by);
            }
            DeValue::Array(a)
        }
        other => other,
    };
    Spanned::new(span.start + by..span.end + by, value)
}

/// The layers of file `path` (the lowest first, at least one) merged into one table.
pub fn merge<'i>(
    path: &str,
    layers: Vec<Spanned<DeTable<'i>>>,
    file: &SourceFile,
    out: &mut Findings,
) -> Spanned<DeTable<'i>> {
    let layered = LAYERED_FILES.contains(&path);
    let mut merged: Option<Spanned<DeTable<'i>>> = None;
    for mut layer in layers {
        if !layered {
            // A file that is replaced whole has a single layer.
            merged = Some(layer);
            continue;
        }
        let whole = take_replace(layer.get_mut(), file, out);
        match &mut merged {
            Some(base) if !whole => merge_table(base.get_mut(), layer.into_inner(), Some(path), file, out),
            _ => {
                strip_entry_replaces(layer.get_mut(), path, file, out);
                merged = Some(layer);
            }
        }
    }
    merged.expect("a file has at least one layer")
}

/// Take `replace` out of a table: true if it asks to replace what is under it.
fn take_replace(t: &mut DeTable<'_>, file: &SourceFile, out: &mut Findings) -> bool {
    let Some((_, v)) = t.remove_entry(REPLACE) else {
        return false;
    };
    match v.get_ref() {
        DeValue::Boolean(b) => *b,
        _ => {
            out.at(
                file,
                v.span().start,
                "bad-value",
                "`replace` is true (replace the content's whole file, or whole entry) or false",
            );
            false
        }
    }
}

/// The lowest layer's entries: `replace` means nothing there, and is taken out.
fn strip_entry_replaces(t: &mut DeTable<'_>, path: &str, file: &SourceFile, out: &mut Findings) {
    for (list, _) in keyed_lists(path) {
        if let Some(DeValue::Array(a)) = t.get_mut(list).map(|v| v.get_mut()) {
            for item in a.iter_mut() {
                if let DeValue::Table(e) = item.get_mut() {
                    take_replace(e, file, out);
                }
            }
        }
    }
}

fn keyed_lists(path: &str) -> impl Iterator<Item = (&'static str, &'static [&'static str])> + '_ {
    KEYED
        .iter()
        .filter(move |(f, _, _)| *f == path)
        .map(|(_, l, k)| (*l, *k))
}

/// Lay `over` on `base`, key by key; `top` is the file's path for its top-level table
/// (where the keyed lists are), None for a table inside.
fn merge_table<'i>(
    base: &mut DeTable<'i>,
    over: DeTable<'i>,
    top: Option<&str>,
    file: &SourceFile,
    out: &mut Findings,
) {
    for (k, v) in over {
        let keys = top.and_then(|p| {
            keyed_lists(p)
                .find(|(l, _)| *l == k.get_ref().as_ref())
                .map(|(_, keys)| keys)
        });
        let Some(mine) = base.get_mut(k.get_ref().as_ref()) else {
            base.insert(k, v);
            continue;
        };
        match (mine.get_mut(), v.get_ref(), keys) {
            (DeValue::Table(_), DeValue::Table(_), _) | (DeValue::Array(_), DeValue::Array(_), Some(_)) => {}
            _ => {
                // Replaced whole, its key too, so that a finding at the key names the mod.
                base.remove(k.get_ref().as_ref());
                base.insert(k, v);
                continue;
            }
        }
        match (mine.get_mut(), v.into_inner()) {
            (DeValue::Table(b), DeValue::Table(o)) => merge_table(b, o, None, file, out),
            (DeValue::Array(b), DeValue::Array(o)) => merge_list(b, o, keys.unwrap_or_default(), file, out),
            _ => unreachable!("matched above"),
        }
    }
}

/// Lay the entries of a keyed list over the content's: each into the entry with the same
/// key (field by field, or whole with `replace = true`), or at the end when it has none.
/// An entry whose key this layer already gave is added again rather than merged, so that
/// the loader reports the key given twice (at the mod's line).
fn merge_list<'i>(base: &mut DeArray<'i>, over: DeArray<'i>, keys: &[&str], file: &SourceFile, out: &mut Findings) {
    let mut given: Vec<String> = Vec::new();
    for item in over {
        let span = item.span();
        let mut entry = match item.into_inner() {
            DeValue::Table(t) => t,
            other => {
                // Not a table: added as it is, for the loader to say so at the mod's line.
                base.push(Spanned::new(span, other));
                continue;
            }
        };
        let whole = take_replace(&mut entry, file, out);
        let key = key_of(&entry, keys);
        let at = key.as_ref().filter(|k| !given.contains(k)).and_then(|k| {
            base.iter().position(|b| match b.get_ref() {
                DeValue::Table(t) => key_of(t, keys).as_ref() == Some(k),
                _ => false,
            })
        });
        given.extend(key);
        let items: &mut [Spanned<DeValue<'i>>] = base.as_mut();
        match at.map(|i| &mut items[i]) {
            Some(mine) if whole => *mine = Spanned::new(span, DeValue::Table(entry)),
            Some(mine) => match mine.get_mut() {
                DeValue::Table(t) => merge_table(t, entry, None, file, out),
                _ => unreachable!("found as a table"),
            },
            None => base.push(Spanned::new(span, DeValue::Table(entry))),
        }
    }
}

/// The key of a list's entry: its key fields' values, written out (None if one is
/// missing; a number is read as a number, so `number = 0x0E` is card 14).
fn key_of(t: &DeTable<'_>, keys: &[&str]) -> Option<String> {
    let mut parts = Vec::new();
    for k in keys {
        let part = match t.get(*k)?.get_ref() {
            DeValue::String(s) => format!("s{s}"),
            DeValue::Integer(n) => match i64::from_str_radix(n.as_str(), n.radix()) {
                Ok(n) => format!("i{n}"),
                Err(_) => format!("n{}", n.as_str()),
            },
            DeValue::Boolean(b) => format!("b{b}"),
            other => other.type_str().to_string(),
        };
        parts.push(part);
    }
    Some(parts.join("\u{0}"))
}
