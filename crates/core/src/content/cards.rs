//! rules/cards.toml → the 76 cards' facts: number, title, Faction order, flags and texts.
//! Card behaviour lives in events/ (Lua), never here.

use super::findings::{Findings, SourceFile, parse_toml};
use super::map::is_slug;
use crate::game::describe::{NAME_MAX, TEXT_MAX, shown};
use crate::kernel::ids::Faction;
use crate::kernel::ruleset::{Card, CardKind, Instruction, SpaceTrait};
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardsFile {
    card: Vec<CardToml>,
}

#[derive(Deserialize, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
enum KindToml {
    Event,
    Propaganda,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardToml {
    number: Spanned<u8>,
    title: String,
    slug: Spanned<String>,
    kind: KindToml,
    #[serde(default)]
    order: Vec<String>,
    #[serde(default)]
    capability: bool,
    #[serde(default)]
    momentum: bool,
    #[serde(default)]
    single: bool,
    #[serde(default)]
    second_ops: bool,
    #[serde(default)]
    second_edition: bool,
    #[serde(default)]
    unshaded: String,
    shaded: Option<String>,
    nonplayer: Option<Spanned<InstructionToml>>,
}

/// `[card.nonplayer]`: the card's Non-player Event Instructions (8.4.4).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InstructionToml {
    #[serde(default)]
    never_event: bool,
    #[serde(default)]
    prefer: Vec<Vec<String>>,
    #[serde(default)]
    own_active_first: bool,
    note: String,
}

pub fn load_cards(file: &SourceFile, out: &mut Findings) -> Option<Vec<Card>> {
    // Counted before the parse: a file with unknown keys is read on, but not used.
    let before = out.list.len();
    let raw: CardsFile = parse_toml(file, out)?;
    let mut cards: Vec<Card> = Vec::new();
    for c in &raw.card {
        let n = *c.number.get_ref();
        let at = c.number.span().start;
        let mut bad = |msg: String| out.at(file, at, "bad-card", format!("card {n}: {msg}"));
        // Capability and Momentum sets are 128-bit masks in the state.
        if n == 0 || n >= 128 {
            bad("numbers run from 1 to 127".into());
        }
        if cards.iter().any(|k| k.number == n) {
            bad("number used twice".into());
        }
        if !is_slug(c.slug.get_ref()) {
            bad(format!(
                "slug `{}` must be lowercase letters, digits and _",
                c.slug.get_ref()
            ));
        }
        let mut order = Vec::new();
        for f in &c.order {
            match Faction::from_slug(f) {
                Some(f) if !order.contains(&f) => order.push(f),
                _ => bad(format!(
                    "order entry `{f}` is not a distinct faction (govt, farc, auc, cartels)"
                )),
            }
        }
        match c.kind {
            KindToml::Event => {
                if order.len() != 4 {
                    bad("an Event card needs the 4 Factions in its order (2.3.2)".into());
                }
                if c.unshaded.is_empty() {
                    bad("an Event card needs its `unshaded` text".into());
                }
                if c.single && c.shaded.is_some() {
                    bad("a single Event has no shaded text (5.2)".into());
                }
                if !c.single && c.shaded.is_none() {
                    bad("a dual-use Event needs a `shaded` text, or `single = true` (5.2)".into());
                }
                if c.momentum && c.shaded.is_none() {
                    bad("Insurgent Momentum is a shaded side (5.4)".into());
                }
            }
            KindToml::Propaganda => {
                if !c.order.is_empty()
                    || c.capability
                    || c.momentum
                    || c.single
                    || c.second_ops
                    || !c.unshaded.is_empty()
                    || c.shaded.is_some()
                {
                    bad("a Propaganda card has no order, flags or Event text".into());
                }
            }
        }
        if c.kind == KindToml::Event
            && cards
                .iter()
                .any(|k| k.kind == CardKind::Event && &k.slug == c.slug.get_ref())
        {
            out.at(
                file,
                c.slug.span().start,
                "bad-card",
                format!("card {n}: slug `{}` used twice", c.slug.get_ref()),
            );
        }
        let mut nonplayer = Instruction::default();
        if let Some(i) = &c.nonplayer {
            let at = i.span().start;
            let i = i.get_ref();
            if c.kind != KindToml::Event {
                out.at(
                    file,
                    at,
                    "bad-card",
                    format!("card {n}: a Propaganda card has no Event instructions"),
                );
            }
            for tier in &i.prefer {
                let mut traits = Vec::new();
                for w in tier {
                    match SpaceTrait::parse(w) {
                        Some(t) => traits.push(t),
                        None => out.at(
                            file,
                            at,
                            "bad-card",
                            format!(
                                "card {n}: nonplayer.prefer: unknown space trait `{w}` (city, department, loc, \
                                 support, opposition, police, FACTION-guerrilla, FACTION-base)"
                            ),
                        ),
                    }
                }
                nonplayer.prefer.push(traits);
            }
            nonplayer.never_event = i.never_event;
            nonplayer.own_active_first = i.own_active_first;
            nonplayer.note = shown(&i.note, TEXT_MAX);
        }
        cards.push(Card {
            number: n,
            title: shown(&c.title, NAME_MAX),
            slug: c.slug.get_ref().clone(),
            kind: if c.kind == KindToml::Event {
                CardKind::Event
            } else {
                CardKind::Propaganda
            },
            order,
            capability: c.capability,
            momentum: c.momentum,
            single: c.single,
            second_ops: c.second_ops,
            second_edition: c.second_edition,
            unshaded: shown(&c.unshaded, TEXT_MAX),
            shaded: c.shaded.as_deref().map(|t| shown(t, TEXT_MAX)),
            nonplayer,
        });
    }
    (out.list.len() == before).then_some(cards)
}
