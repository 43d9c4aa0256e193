//! Positions as scenario files: a game stopped at a card boundary written as a scenario
//! TOML that `validate`, `show`, `sim`, `play` and scenario tests load like any other (a
//! designer starts a variant from a real mid-game position; a bug report carries its
//! position). Everything the rules track between cards is written: every piece (Shipment
//! holders included), marker and track, eligibility, El Presidente, Capabilities and
//! Momentum with their hooks, pieces out of play, the deck still to come and the seating.
//! Not written: the dice's state (a loaded scenario rolls from its own seed) and which
//! piece is which among identical ones.

use super::Seating;
use super::scenario::PIECE_KEYS;
use super::setup::OUT_OF_PLAY_KEYS;
use crate::game::Game;
use crate::kernel::{CardKind, Faction, HOOKS, HookKind, Modifiers, PieceType, Ruleset, SpaceId, State, Support};
use std::fmt::Write;

/// The course of the game from the position on, beyond the State.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Course {
    /// The draw deck, the card to be played next first.
    pub deck: Vec<u8>,
    /// The Propaganda card (counted within `deck`) whose Round is the last (2.4.1); None:
    /// the last one in `deck`.
    pub final_propaganda: Option<u8>,
    /// Propaganda Rounds (counted within `deck`) whose Victory phase is skipped.
    pub skip_victory: Vec<u8>,
    pub seating: Seating,
}

impl Course {
    /// A game's course from the card at `game.card_index` on (a card boundary).
    ///
    /// 6.0 EXCEPTION: a Propaganda card right after another has no Round. The scenario
    /// format cannot say that the last card was a Propaganda card, so such a card is left
    /// out of the deck: playing it would only count it, which leaving it out does too (a
    /// final one ends the game at once, as an empty deck does; 7.3 then decides).
    pub fn of_game(game: &Game) -> Course {
        let r = game.rules;
        let is_propaganda = |n: u8| r.card(n).is_some_and(|c| c.kind == CardKind::Propaganda);
        let i = game.card_index.min(game.deck.len());
        let mut deck = game.deck[i..].to_vec();
        let mut played = game.propaganda_played;
        let after_propaganda = i > 0 && is_propaganda(game.deck[i - 1]);
        if after_propaganda && deck.first().is_some_and(|&n| is_propaganda(n)) {
            played += 1;
            if played >= game.final_propaganda {
                deck.clear();
            } else {
                deck.remove(0);
            }
        }
        let left = deck.iter().filter(|&&n| is_propaganda(n)).count() as u8;
        let final_propaganda = game.final_propaganda.saturating_sub(played);
        Course {
            final_propaganda: (final_propaganda >= 1 && final_propaganda != left).then_some(final_propaganda),
            skip_victory: game
                .skip_victory
                .iter()
                .filter(|&&n| n > played)
                .map(|&n| n - played)
                .collect(),
            deck: if final_propaganda == 0 { Vec::new() } else { deck },
            seating: game.seating.clone(),
        }
    }
}

/// A TOML string literal.
fn quoted(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// The scenario TOML of a position and its course.
pub fn scenario_toml(r: &Ruleset, st: &State, course: &Course, name: &str, description: &str) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "# A position written by abyss: {description}");
    let _ = writeln!(o, "name = {}", quoted(name));
    let _ = writeln!(o, "description = {}", quoted(description));
    let _ = writeln!(
        o,
        "president = {}",
        quoted(&r.forces.presidents[st.president() as usize].slug)
    );
    let _ = writeln!(o, "aid = {}", st.aid());
    let caps: Vec<String> = st
        .capabilities()
        .iter()
        .map(|(c, s)| format!("{{ card = {c}, side = \"{}\" }}", s.slug()))
        .collect();
    let _ = writeln!(o, "capabilities = [{}]", caps.join(", "));
    let mom: Vec<String> = st.momentum_cards().iter().map(|c| c.to_string()).collect();
    let _ = writeln!(o, "momentum = [{}]", mom.join(", "));
    let opened: Vec<String> = r
        .map
        .ids()
        .filter(|&s| r.map.space(s).event_only && st.in_play(s))
        .map(|s| quoted(&r.map.space(s).slug))
        .collect();
    if !opened.is_empty() {
        let _ = writeln!(o, "event_spaces = [{}]", opened.join(", "));
    }
    if let Some(n) = course.final_propaganda {
        let _ = writeln!(o, "final_propaganda = {n}");
    }
    if !course.skip_victory.is_empty() {
        let v: Vec<String> = course.skip_victory.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(o, "skip_victory = [{}]", v.join(", "));
    }

    let _ = writeln!(o, "\n[resources]");
    for f in Faction::ALL {
        let _ = writeln!(o, "{} = {}", f.slug(), st.resources(f));
    }
    let _ = writeln!(o, "\n[eligible]");
    for f in Faction::ALL {
        let _ = writeln!(o, "{} = {}", f.slug(), st.eligible(f));
    }
    write_hooks(&mut o, r, "hooks", &Modifiers::default(), st.lasting_mods());
    write_hooks(&mut o, r, "momentum_hooks", st.lasting_mods(), st.mods());
    let removed: Vec<String> = PieceType::all()
        .iter()
        .zip(OUT_OF_PLAY_KEYS)
        .filter(|(t, _)| st.out_of_play(**t) > 0)
        .map(|(t, k)| format!("{k} = {}", st.out_of_play(*t)))
        .collect();
    if !removed.is_empty() {
        let _ = writeln!(o, "\n[out_of_play]\n{}", removed.join("\n"));
    }

    let order: Vec<String> = course.deck.iter().map(|n| n.to_string()).collect();
    let _ = writeln!(o, "\n[deck]\norder = [{}]", order.join(", "));
    let seat = |fs: &[Faction]| {
        let v: Vec<String> = fs.iter().map(|f| quoted(f.slug())).collect();
        format!("[{}]", v.join(", "))
    };
    let players: Vec<String> = course.seating.players.iter().map(|p| seat(p)).collect();
    let _ = writeln!(
        o,
        "\n[seating]\nplayers = [{}]\nnon_players = {}",
        players.join(", "),
        seat(&course.seating.non_players)
    );

    for s in r.map.ids().filter(|&s| st.in_play(s)) {
        let lines = space_lines(r, st, s);
        if !lines.is_empty() {
            let _ = writeln!(o, "\n[space.{}]", r.map.space(s).slug);
            for l in lines {
                let _ = writeln!(o, "{l}");
            }
        }
    }
    o
}

/// The hooks whose value in `now` differs from `from`, as a TOML table.
fn write_hooks(o: &mut String, r: &Ruleset, table: &str, from: &Modifiers, now: &Modifiers) {
    let mut lines = Vec::new();
    for &(name, kind) in HOOKS {
        let (a, b) = (from.get(name).unwrap_or(0), now.get(name).unwrap_or(0));
        if a == b {
            continue;
        }
        let value = match kind {
            HookKind::Number => b.to_string(),
            HookKind::Flag => (b != 0).to_string(),
            HookKind::Factions => {
                let v: Vec<String> = Faction::ALL
                    .iter()
                    .filter(|f| b & (1 << f.index()) != 0)
                    .map(|f| quoted(f.slug()))
                    .collect();
                format!("[{}]", v.join(", "))
            }
            HookKind::Spaces => {
                let v: Vec<String> = r
                    .map
                    .ids()
                    .filter(|s| b & s.bit() != 0)
                    .map(|s| quoted(&r.map.space(s).slug))
                    .collect();
                format!("[{}]", v.join(", "))
            }
        };
        lines.push(format!("{name} = {value}"));
    }
    if !lines.is_empty() {
        let _ = writeln!(o, "\n[{table}]\n{}", lines.join("\n"));
    }
}

/// One space's keys (empty for an empty, Neutral, unmarked space).
fn space_lines(r: &Ruleset, st: &State, s: SpaceId) -> Vec<String> {
    let sp = st.space(s);
    let mut v = Vec::new();
    if sp.support != Support::Neutral {
        v.push(format!("support = \"{}\"", sp.support.slug()));
    }
    for (i, key) in PIECE_KEYS.iter().enumerate() {
        if sp.counts[i] > 0 {
            v.push(format!("{key} = {}", sp.counts[i]));
        }
    }
    if sp.terror > 0 {
        v.push(format!("terror = {}", sp.terror));
    }
    if sp.sabotage {
        v.push("sabotage = true".into());
    }
    if sp.farc_zone {
        v.push("farc_zone = true".into());
    }
    let ships = shipment_holders(r, st, s);
    if !ships.is_empty() {
        let items: Vec<String> = ships
            .iter()
            .map(|&(f, underground, n)| {
                let mut e = format!("{{ faction = \"{}\"", f.slug());
                if !underground {
                    e.push_str(", active = true");
                }
                if n > 1 {
                    let _ = write!(e, ", count = {n}");
                }
                e + " }"
            })
            .collect();
        v.push(format!("shipments = [{}]", items.join(", ")));
    }
    v
}

/// The Guerrillas holding Shipments in a space, each as (its Faction, Underground, how
/// many it holds), sorted: who holds what, up to identical pieces (4.5.3: a Guerrilla
/// may hold several).
pub fn shipment_holders(r: &Ruleset, st: &State, s: SpaceId) -> Vec<(Faction, bool, u8)> {
    let mut holders: Vec<(crate::kernel::PieceId, u8)> = Vec::new();
    for (_, p) in st.shipments_on_map().filter(|&(_, p)| st.piece_space(p) == Some(s)) {
        match holders.iter_mut().find(|h| h.0 == p) {
            Some(h) => h.1 += 1,
            None => holders.push((p, 1)),
        }
    }
    let mut v: Vec<(Faction, bool, u8)> = holders
        .into_iter()
        .map(|(p, n)| (r.forces.type_of(p).faction, st.piece(p).underground, n))
        .collect();
    v.sort();
    v
}

/// Every difference between two positions that a player can see: pieces per space and
/// state, Shipment holders, markers, tracks, eligibility, El Presidente, Capabilities,
/// Momentum and their hooks, Available and out-of-play pieces, spaces in play. Empty when
/// they are the same position (piece identities and the dice are not compared).
pub fn differences(r: &Ruleset, a: &State, b: &State) -> Vec<String> {
    let mut d = Vec::new();
    let mut cmp = |what: String, x: String, y: String| {
        if x != y {
            d.push(format!("{what}: {x} vs {y}"));
        }
    };
    cmp(
        "spaces in play".into(),
        format!("{:b}", a.in_play_mask()),
        format!("{:b}", b.in_play_mask()),
    );
    for s in r.map.ids() {
        let slug = &r.map.space(s).slug;
        let (x, y) = (a.space(s), b.space(s));
        for (i, key) in PIECE_KEYS.iter().enumerate() {
            cmp(
                format!("{slug} {key}"),
                x.counts[i].to_string(),
                y.counts[i].to_string(),
            );
        }
        cmp(
            format!("{slug} support"),
            x.support.slug().into(),
            y.support.slug().into(),
        );
        cmp(
            format!("{slug} control"),
            x.control.name().into(),
            y.control.name().into(),
        );
        cmp(format!("{slug} terror"), x.terror.to_string(), y.terror.to_string());
        cmp(
            format!("{slug} sabotage"),
            x.sabotage.to_string(),
            y.sabotage.to_string(),
        );
        cmp(
            format!("{slug} farc_zone"),
            x.farc_zone.to_string(),
            y.farc_zone.to_string(),
        );
        cmp(
            format!("{slug} shipments"),
            format!("{:?}", shipment_holders(r, a, s)),
            format!("{:?}", shipment_holders(r, b, s)),
        );
    }
    for t in PieceType::all() {
        cmp(
            format!("available {t}"),
            a.available(t).to_string(),
            b.available(t).to_string(),
        );
        cmp(
            format!("out of play {t}"),
            a.out_of_play(t).to_string(),
            b.out_of_play(t).to_string(),
        );
    }
    for f in Faction::ALL {
        cmp(
            format!("{} resources", f.slug()),
            a.resources(f).to_string(),
            b.resources(f).to_string(),
        );
        cmp(
            format!("{} eligible", f.slug()),
            a.eligible(f).to_string(),
            b.eligible(f).to_string(),
        );
    }
    cmp("aid".into(), a.aid().to_string(), b.aid().to_string());
    cmp("president".into(), a.president().to_string(), b.president().to_string());
    cmp(
        "capabilities".into(),
        format!("{:?}", a.capabilities()),
        format!("{:?}", b.capabilities()),
    );
    cmp(
        "momentum".into(),
        format!("{:?}", a.momentum_cards()),
        format!("{:?}", b.momentum_cards()),
    );
    cmp(
        "markers on the map".into(),
        a.markers_on_map().to_string(),
        b.markers_on_map().to_string(),
    );
    cmp(
        "total support".into(),
        a.total_support().to_string(),
        b.total_support().to_string(),
    );
    cmp(
        "total opposition".into(),
        a.total_opposition().to_string(),
        b.total_opposition().to_string(),
    );
    cmp(
        "capability hooks".into(),
        format!("{:?}", a.lasting_mods()),
        format!("{:?}", b.lasting_mods()),
    );
    cmp(
        "hooks in effect".into(),
        format!("{:?}", a.mods()),
        format!("{:?}", b.mods()),
    );
    d
}
