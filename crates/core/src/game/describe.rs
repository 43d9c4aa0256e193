//! How the game reads to people: a position, a space, a card, an option, the status
//! line. Shared by `abyss show`, the terminal agent and the narrative, so a command-line
//! subcommand and an agent never borrow from each other.

use super::decision::Choice;
use crate::kernel::ruleset::Terrain;
use crate::kernel::{
    CardKind, Control, Faction, PieceKind, PieceType, Ruleset, Side, SpaceId, SpaceKind, State, Support,
};
use std::borrow::Cow;
use std::fmt::Write;

/// Text from content or scripts made safe for a terminal: control characters (escape
/// sequences, carriage returns, bells) are dropped; a newline becomes a space.
pub fn printable(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(
        s.chars()
            .filter_map(|c| match c {
                '\n' | '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect(),
    )
}

/// The most characters of a name from a data file (a scenario, a space, a card title)
/// that are shown; the default content's longest is 37.
pub const NAME_MAX: usize = 80;
/// The most characters of a longer text from a data file (a scenario's description, a
/// card's text, a record's `stopped` reason) that are shown.
pub const TEXT_MAX: usize = 2000;

/// A string from a data file as it may be shown to a person: `printable`, and cut to at
/// most `max` characters with "…" (a name of a megabyte is not a name).
pub fn shown(s: &str, max: usize) -> String {
    let s = printable(s);
    match s.char_indices().nth(max) {
        None => s.into_owned(),
        Some((i, _)) => format!("{}…", &s[..i]),
    }
}

/// Terminal output made safe as a last step (src/cli/out.rs): control characters other
/// than newlines and tabs (escape sequences, bells, carriage returns) are dropped.
pub fn terminal_safe(s: &str) -> Cow<'_, str> {
    let bad = |c: char| c.is_control() && c != '\n' && c != '\t';
    if !s.chars().any(bad) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(s.chars().filter(|&c| !bad(c)).collect())
}

/// `printable` line by line: keeps the line breaks of a multi-line text (an excerpt with
/// its caret, a traceback).
pub fn printable_lines(s: &str) -> String {
    s.split('\n')
        .map(|l| printable(l).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A piece kind in words, singular or plural.
pub fn kind_word(kind: PieceKind, n: u8) -> &'static str {
    match (kind, n == 1) {
        (PieceKind::Troops, _) => "Troops",
        (PieceKind::Police, _) => "Police",
        (PieceKind::Guerrilla, true) => "Guerrilla",
        (PieceKind::Guerrilla, false) => "Guerrillas",
        (PieceKind::Base, true) => "Base",
        (PieceKind::Base, false) => "Bases",
    }
}

/// One space's forces in words, e.g. "Government 3 Troops 1 Base; FARC 2 Guerrillas (1 Active)".
pub fn forces_in(st: &State, s: SpaceId) -> String {
    let sp = st.space(s);
    let mut parts = Vec::new();
    for f in Faction::ALL {
        let mut p = Vec::new();
        for kind in [
            PieceKind::Troops,
            PieceKind::Police,
            PieceKind::Guerrilla,
            PieceKind::Base,
        ] {
            let Some(t) = PieceType::new(f, kind) else { continue };
            let n = sp.count(t);
            if n == 0 {
                continue;
            }
            let active = if t.is_guerrilla() { sp.guerrillas(f, false) } else { 0 };
            let state = match (t.is_guerrilla(), active) {
                (false, _) => String::new(),
                (true, 0) => " (Underground)".into(),
                (true, a) if a == n => " (Active)".into(),
                (true, a) => format!(" ({a} Active)"),
            };
            p.push(format!("{n} {}{state}", kind_word(kind, n)));
        }
        if !p.is_empty() {
            parts.push(format!("{} {}", f.name(), p.join(" ")));
        }
    }
    if parts.is_empty() { "-".into() } else { parts.join("; ") }
}

/// The facts printed on the map for a space: "pop 3", "forest pop 1", "pipeline econ 2".
pub fn space_facts(r: &Ruleset, s: SpaceId) -> String {
    let d = r.map.space(s);
    match d.kind {
        SpaceKind::Loc => format!("{:?} econ {}", d.loc_type.expect("LoC type"), d.econ).to_lowercase(),
        SpaceKind::Department => {
            let t = match d.terrain {
                Some(Terrain::Forest) => "forest",
                Some(Terrain::Mountain) => "mountain",
                Some(Terrain::Grassland) => "grassland",
                None => "",
            };
            format!("{t} pop {}", d.pop)
        }
        SpaceKind::City => format!("pop {}", d.pop),
    }
}

/// The markers on a space in words: Support, Control, FARC Zone, Terror, Sabotage and the
/// Shipments with who holds them.
pub fn space_marks(r: &Ruleset, st: &State, s: SpaceId) -> Vec<String> {
    let d = r.map.space(s);
    let sp = st.space(s);
    let mut marks = Vec::new();
    if d.kind != SpaceKind::Loc && d.pop > 0 && sp.support != Support::Neutral {
        marks.push(sp.support.name().to_string());
    }
    if d.kind != SpaceKind::Loc && sp.control != Control::Uncontrolled {
        marks.push(sp.control.name().to_string());
    }
    if sp.farc_zone {
        marks.push("FARC Zone".into());
    }
    if sp.terror > 0 {
        marks.push(format!("Terror x{}", sp.terror));
    }
    if sp.sabotage {
        marks.push("Sabotage".into());
    }
    for (_, p) in st.shipments_on_map().filter(|(_, p)| st.piece_space(*p) == Some(s)) {
        let t = r.forces.type_of(p);
        let u = if st.piece(p).underground {
            "Underground"
        } else {
            "Active"
        };
        marks.push(format!("Shipment with {u} {}", t.faction.name()));
    }
    marks
}

/// The tracks in two lines: Resources, Aid, El Presidente; Total Support,
/// Opposition+Bases, eligibility; then Capabilities, Momentum and marker counts.
pub fn render_tracks(r: &Ruleset, st: &State) -> String {
    let mut out = String::new();
    let res: Vec<String> = Faction::ALL
        .iter()
        .map(|&f| format!("{} {}", f.name(), st.resources(f)))
        .collect();
    let president = &r.forces.presidents[st.president() as usize];
    let _ = writeln!(
        out,
        "Resources: {}   Aid {}   El Presidente: {}",
        res.join(", "),
        st.aid(),
        president.name
    );
    let el: Vec<String> = Faction::ALL
        .iter()
        .map(|&f| {
            format!(
                "{} {}",
                f.name(),
                if st.eligible(f) { "Eligible" } else { "Ineligible" }
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "Total Support {}   Opposition+Bases {}   {}",
        st.total_support(),
        st.opposition_plus_bases(r),
        el.join(", ")
    );
    let _ = writeln!(
        out,
        "Capabilities: {}   Momentum: {}   Terror/Sabotage markers {}/{}   Shipments on the map {}/{}",
        lasting_events(r, st).0,
        lasting_events(r, st).1,
        st.markers_on_map(),
        r.forces.limits.terror_sabotage_markers,
        st.shipments_on_map().count(),
        r.forces.limits.shipments
    );
    out
}

/// Capabilities and Momentum in effect, in words ("none" when there are none).
pub fn lasting_events(r: &Ruleset, st: &State) -> (String, String) {
    let caps: Vec<String> = st
        .capabilities()
        .iter()
        .map(|(c, s)| format!("{} ({})", r.card(*c).map_or("?", |c| c.title.as_str()), s.slug()))
        .collect();
    let mom: Vec<String> = st
        .momentum_cards()
        .iter()
        .map(|c| r.card(*c).map_or("?".into(), |c| c.title.clone()))
        .collect();
    let none = |v: Vec<String>| if v.is_empty() { "none".into() } else { v.join(", ") };
    (none(caps), none(mom))
}

/// The whole position as a person reads it: the tracks, then every space in play with its
/// pieces and markers, then the Available pieces.
pub fn render_position(r: &Ruleset, st: &State) -> String {
    let mut out = render_tracks(r, st);
    for (title, kind) in [
        ("Cities", SpaceKind::City),
        ("Departments", SpaceKind::Department),
        ("LoCs", SpaceKind::Loc),
    ] {
        let _ = writeln!(out, "\n{title}");
        for s in r.map.ids().filter(|&s| r.map.space(s).kind == kind && st.in_play(s)) {
            let marks = space_marks(r, st, s);
            let marks = if marks.is_empty() {
                String::new()
            } else {
                format!("  [{}]", marks.join(", "))
            };
            let _ = writeln!(
                out,
                "  {:<30} {:<18} {}{}",
                r.map.space(s).name,
                space_facts(r, s),
                forces_in(st, s),
                marks
            );
        }
    }
    let avail: Vec<String> = PieceType::all()
        .iter()
        .map(|&t| format!("{t} {}", st.available(t)))
        .collect();
    let _ = writeln!(out, "\nAvailable: {}", avail.join(", "));
    out
}

/// One space in full, for `space NAME` at the terminal: kind, Population or Econ, pieces,
/// markers and neighbours.
pub fn render_space(r: &Ruleset, st: &State, s: SpaceId) -> String {
    let d = r.map.space(s);
    let mut out = String::new();
    let kind = match d.kind {
        SpaceKind::City => "City",
        SpaceKind::Department => "Department",
        SpaceKind::Loc => "LoC",
    };
    let _ = writeln!(out, "{} [{}]: {kind}, {}", d.name, d.slug, space_facts(r, s));
    if !st.in_play(s) {
        let _ = writeln!(out, "  not in play (an Event may bring it in, 1.3.5)");
    }
    let _ = writeln!(out, "  Pieces: {}", forces_in(st, s));
    let control = match d.kind {
        SpaceKind::Loc => "-".to_string(),
        _ => st.control(s).name().to_string(),
    };
    let support = if d.can_hold_support() {
        st.support(s).name()
    } else {
        "-"
    };
    let _ = writeln!(out, "  Control: {control}   Support: {support}");
    let marks: Vec<String> = space_marks(r, st, s)
        .into_iter()
        .filter(|m| !m.ends_with("Control") && Support::ALL.iter().all(|l| l.name() != m))
        .collect();
    if !marks.is_empty() {
        let _ = writeln!(out, "  Markers: {}", marks.join(", "));
    }
    let near: Vec<String> = st
        .adjacent(r, s)
        .map(|a| format!("{} [{}]", r.map.space(a).name, r.map.space(a).slug))
        .collect();
    let _ = writeln!(
        out,
        "  Neighbours: {}",
        if near.is_empty() {
            "none".into()
        } else {
            near.join(", ")
        }
    );
    out
}

/// "28 Hugo Chávez", or "none".
pub fn card_line(r: &Ruleset, n: Option<u8>) -> String {
    match n.and_then(|n| r.card(n)) {
        Some(c) => format!("{} {}", c.number, printable(&c.title)),
        None => "none".into(),
    }
}

/// A card in full, for `card N` at the terminal: title, Faction order, marks and the text
/// of both sides.
pub fn render_card(r: &Ruleset, n: u8) -> Option<String> {
    let c = r.card(n)?;
    let mut out = String::new();
    let _ = write!(out, "Card {}: {}", c.number, printable(&c.title));
    if c.kind == CardKind::Propaganda {
        let _ = writeln!(out, " (a Propaganda card: a Propaganda Round, 6.0)");
        return Some(out);
    }
    let order: Vec<&str> = c.order.iter().map(|f| f.name()).collect();
    let _ = write!(out, "   Faction order: {}", order.join(", "));
    let mut marks = Vec::new();
    if c.capability {
        marks.push("Capability");
    }
    if c.momentum {
        marks.push("Momentum (shaded)");
    }
    if c.single {
        marks.push("single Event");
    }
    if c.second_ops {
        marks.push("Non-player 2nd: Ops");
    }
    if !marks.is_empty() {
        let _ = write!(out, "   ({})", marks.join(", "));
    }
    let _ = writeln!(out);
    for side in [Side::Unshaded, Side::Shaded] {
        if let Some(t) = c.text(side) {
            let label = if c.single { "Event" } else { side_name(side) };
            let _ = writeln!(out, "  {label}: {}", printable(t));
        }
    }
    Some(out)
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Unshaded => "Unshaded",
        Side::Shaded => "Shaded",
    }
}

/// An option in words, for people: "Bogotá", "FARC Guerrilla (Underground)", "Rally".
pub fn choice(c: &Choice, r: &Ruleset) -> String {
    match c {
        Choice::Space(s) => r.map.space(*s).name.clone(),
        Choice::Faction(f) => f.name().to_string(),
        Choice::Piece(t, u) => {
            let kind = kind_word(t.kind, 1);
            match u {
                Some(true) => format!("{} {kind} (Underground)", t.faction.name()),
                Some(false) => format!("{} {kind} (Active)", t.faction.name()),
                None => format!("{} {kind}", t.faction.name()),
            }
        }
        Choice::Event(Side::Unshaded) => "Event (unshaded)".into(),
        Choice::Event(Side::Shaded) => "Event (shaded)".into(),
        Choice::Special(sa) => super::narrative::special_name(*sa).into(),
        // "civic-action" reads "Civic Action".
        _ => c
            .render(r)
            .split('-')
            .map(|w| {
                let mut w = w.to_string();
                if let Some(first) = w.get_mut(0..1) {
                    first.make_ascii_uppercase();
                }
                w
            })
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// 7.3 victory margins of the four Factions, in words: "Government -10, FARC -5, ...".
pub fn margins_line(r: &Ruleset, st: &State) -> String {
    let m: Vec<String> = Faction::ALL
        .iter()
        .map(|&f| format!("{} {:+}", f.name(), super::turn::victory_margin(r, st, f)))
        .collect();
    m.join(", ")
}

/// The status line of the terminal: the card and the next, the Eligibility track, the
/// four margins and the Resources.
pub fn status_line(r: &Ruleset, st: &State, card: Option<u8>, next: Option<u8>) -> String {
    let (mut eligible, mut not) = (Vec::new(), Vec::new());
    for f in Faction::ALL {
        if st.eligible(f) {
            eligible.push(f.name());
        } else {
            not.push(f.name());
        }
    }
    let res: Vec<String> = Faction::ALL
        .iter()
        .map(|&f| format!("{} {}", f.name(), st.resources(f)))
        .collect();
    format!(
        "Card {} | Next {} | Eligible: {}; Ineligible: {}\nMargins: {} | Resources: {} | Aid {}",
        card_line(r, card),
        card_line(r, next),
        if eligible.is_empty() {
            "none".into()
        } else {
            eligible.join(", ")
        },
        if not.is_empty() { "none".into() } else { not.join(", ") },
        margins_line(r, st),
        res.join(", "),
        st.aid()
    )
}

/// Fold a word for matching what people type: lower case, without the accents of the
/// map's Spanish names (Bogotá, Medellín, Nariño).
pub fn fold(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'á' | 'à' | 'Á' | 'À' => 'a',
            'é' | 'è' | 'É' | 'È' => 'e',
            'í' | 'Í' => 'i',
            'ó' | 'Ó' => 'o',
            'ú' | 'ü' | 'Ú' | 'Ü' => 'u',
            'ñ' | 'Ñ' => 'n',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// Which of `names` (each a list of ways to say it) a typed word means: an exact match
/// (case and accents ignored) first; else the one the word is a prefix of — preferring a
/// name the word nearly completes (`bogot` is Bogotá, not the Bogotá-Neiva LoC). Err
/// lists the candidates when several fit, or is empty when none does.
pub fn match_name(typed: &str, names: &[Vec<String>]) -> Result<usize, Vec<usize>> {
    let t = fold(typed.trim());
    if t.is_empty() {
        return Err(vec![]);
    }
    let exact: Vec<usize> = (0..names.len())
        .filter(|&i| names[i].iter().any(|n| fold(n) == t))
        .collect();
    if exact.len() == 1 {
        return Ok(exact[0]);
    }
    if !exact.is_empty() {
        return Err(exact);
    }
    let prefix: Vec<usize> = (0..names.len())
        .filter(|&i| names[i].iter().any(|n| fold(n).starts_with(&t)))
        .collect();
    if prefix.len() <= 1 {
        return prefix.first().copied().ok_or(prefix);
    }
    // The rest of the name is one word: the typed word is that name, cut short.
    let word_end = |n: &String| {
        let n = fold(n);
        n.starts_with(&t) && !n[t.len()..].contains([' ', '-', '_'])
    };
    let near: Vec<usize> = prefix
        .iter()
        .copied()
        .filter(|&i| names[i].iter().any(word_end))
        .collect();
    if near.len() == 1 { Ok(near[0]) } else { Err(prefix) }
}

/// A space named by a person: its slug or name, by unique prefix.
pub fn find_space(r: &Ruleset, typed: &str) -> Result<SpaceId, String> {
    let ids: Vec<SpaceId> = r.map.ids().collect();
    let names: Vec<Vec<String>> = ids
        .iter()
        .map(|&s| vec![r.map.space(s).slug.clone(), r.map.space(s).name.clone()])
        .collect();
    match match_name(typed, &names) {
        Ok(i) => Ok(ids[i]),
        Err(c) if c.is_empty() => Err(format!("no space is called `{}`", printable(typed))),
        Err(c) => {
            let list: Vec<&str> = c.iter().take(8).map(|&i| r.map.space(ids[i]).slug.as_str()).collect();
            Err(format!(
                "`{}` could be {}{}",
                printable(typed),
                list.join(", "),
                if c.len() > 8 { ", ..." } else { "" }
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printable_drops_escape_sequences_and_keeps_words() {
        assert_eq!(printable("plain"), "plain");
        assert_eq!(printable("a\x1b[2Jb\rc\nd\u{7}"), "a[2Jbc d");
        assert_eq!(terminal_safe("a\x1b]0;t\u{7}\tb\nc\u{9b}"), "a]0;t\tb\nc");
    }

    #[test]
    fn names_from_data_files_are_cut_and_cleaned() {
        assert_eq!(shown("Bogot\u{e1}", 6), "Bogot\u{e1}");
        assert_eq!(shown("Bogot\u{e1}!", 6), "Bogot\u{e1}…");
        assert_eq!(shown("\x1b[2Jab\u{7}", 80), "[2Jab");
    }

    #[test]
    fn names_match_by_exact_word_or_unique_prefix() {
        let names = |v: &[&[&str]]| -> Vec<Vec<String>> {
            v.iter().map(|n| n.iter().map(|s| s.to_string()).collect()).collect()
        };
        let n = names(&[
            &["cali", "Cali"],
            &["loc_cali_pasto", "Cali-Pasto LoC"],
            &["bogota", "Bogotá"],
        ]);
        assert_eq!(match_name("Cali", &n), Ok(0), "exact beats prefix");
        assert_eq!(match_name("BOG", &n), Ok(2));
        assert_eq!(match_name("bogotá", &n), Ok(2));
        assert_eq!(match_name("cali-", &n), Ok(1));
        assert_eq!(
            match_name("ca", &n),
            Ok(0),
            "Cali is nearly `ca`; the LoC has more words"
        );
        assert_eq!(match_name("cali-p", &n), Ok(1));
        let m = names(&[&["meta_east", "Meta East"], &["meta_west", "Meta West"]]);
        assert_eq!(match_name("meta", &m), Err(vec![0, 1]));
        assert_eq!(match_name("zz", &n), Err(vec![]));
    }

    #[test]
    fn spaces_are_found_by_name_or_slug_prefix() {
        let r = crate::content::embedded_rules();
        let s = find_space(&r, "bogot").unwrap();
        assert_eq!(r.map.space(s).slug, "bogota");
        assert_eq!(
            find_space(&r, "Medellín").map(|s| r.map.space(s).slug.clone()),
            Ok("medellin".into())
        );
        assert!(
            find_space(&r, "meta").unwrap_err().contains("could be"),
            "Meta East, Meta West"
        );
    }
}
