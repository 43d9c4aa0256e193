//! Scenario → starting position. The set-up is applied through the kernel's primitives,
//! so every stacking, inventory and marker rule the game enforces also checks the
//! scenario; each refusal becomes a finding at the line that asked for it.

use super::findings::Finding;
use super::scenario::{PIECE_KEYS, Scenario};
use super::suggest::did_you_mean;
use crate::kernel::ids::{Faction, PieceType, Side, Slot, Support};
use crate::kernel::refusal::Refusal;
use crate::kernel::ruleset::{CardKind, Ruleset};
use crate::kernel::{HOOKS, HookKind, State, check_invariants};

/// How the draw deck is made at the start of play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckSpec {
    /// A fixed draw order, top first.
    Fixed(Vec<u8>),
    /// 2.1 deck preparation (see scenario::DeckToml).
    Prepared {
        piles: u8,
        events_per_pile: u8,
        propaganda_piles: Vec<u8>,
        seeded: bool,
    },
}

impl DeckSpec {
    pub fn propaganda_cards(&self, r: &Ruleset) -> usize {
        match self {
            DeckSpec::Fixed(order) => order
                .iter()
                .filter(|&&n| r.card(n).is_some_and(|c| c.kind == CardKind::Propaganda))
                .count(),
            DeckSpec::Prepared { propaganda_piles, .. } => propaganda_piles.len(),
        }
    }
}

/// Who plays which Factions (1.5, 1.5.1) and which are Non-players (section 8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seating {
    pub players: Vec<Vec<Faction>>,
    pub non_players: Vec<Faction>,
}

impl Default for Seating {
    /// 1.5: four players, one Faction each.
    fn default() -> Seating {
        Seating {
            players: Faction::ALL.iter().map(|&f| vec![f]).collect(),
            non_players: vec![],
        }
    }
}

/// A scenario made concrete: the starting state and the rules of the game's course.
#[derive(Clone, Debug)]
pub struct Setup {
    pub state: State,
    pub deck: DeckSpec,
    pub seating: Seating,
    /// The Propaganda card (by count: 1st, 2nd, ...) whose Round is the last (2.4.1).
    pub final_propaganda: u8,
    /// Propaganda Rounds (by count) whose Victory phase is skipped (Quick-Play set-up).
    pub skip_victory: Vec<u8>,
    /// 2.1 Open Deployment: Factions that place their forces at the start, in the rules'
    /// order (Cartels, AUC, FARC, Government), with the pieces each places (per
    /// PieceType index): the forces its Standard Deployment would have had.
    pub open_deployment: Vec<(Faction, [u8; PieceType::COUNT])>,
    /// The Capabilities and Momentum in effect at the start, whose card scripts the game
    /// runs before anything else to switch their effects on (5.3, 5.4): the markers are
    /// in `state`, the rules they change are in the scripts.
    pub lasting: Vec<Lasting>,
}

/// A lasting Event in effect at the start of a game: its card, side, and the Faction that
/// executed it (some Momentum depends on it: "no Sweep or Assault against the executing
/// Faction").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lasting {
    pub card: u8,
    pub side: Side,
    pub by: Faction,
}

impl Lasting {
    /// A Capability, executed by anyone (its effect does not depend on who), or a
    /// Momentum card's shaded side, executed by `by` or else by the first Insurgent in the
    /// card's Faction order.
    pub fn new(r: &Ruleset, card: u8, side: Side, by: Option<Faction>) -> Lasting {
        let first_insurgent = r
            .card(card)
            .and_then(|c| c.order.iter().copied().find(|&f| f != Faction::Govt))
            .unwrap_or(Faction::Farc);
        let momentum = r.card(card).is_some_and(|c| c.momentum) && side == Side::Shaded;
        Lasting {
            card,
            side,
            by: by.unwrap_or(if momentum { first_insurgent } else { Faction::Govt }),
        }
    }
}

fn setup_code(r: &Refusal) -> &'static str {
    match r {
        Refusal::NoneAvailable(_) => "setup-over-inventory",
        other => other.code(),
    }
}

/// Build the starting position; findings list everything the rules refuse in it.
pub fn build_setup(sc: &Scenario, r: &Ruleset, seed: u64) -> (Setup, Vec<Finding>) {
    let mut out: Vec<Finding> = Vec::new();
    let mut st = State::empty(r, seed);
    let refused = |at: (&str, usize), what: String, e: Refusal, out: &mut Vec<Finding>| {
        out.push(Finding {
            file: at.0.to_string(),
            line: at.1,
            code: setup_code(&e),
            message: format!("{what}: {}", e.describe(r)),
        });
    };

    for s in sc.event_spaces.iter().flatten() {
        match r.map.find(&s.value) {
            None => out.push(s.finding(
                "unknown-space",
                format!("unknown space `{}`{}", s.value, space_hint(r, &s.value)),
            )),
            Some(id) => {
                if let Err(e) = st.open_space(r, id) {
                    refused(s.pos(), format!("event space `{}`", s.value), e, &mut out);
                }
            }
        }
    }

    let mut spaces = Vec::new();
    for (slug, (at, setup)) in &sc.spaces {
        match r.map.find(slug) {
            Some(id) => spaces.push((id, slug.as_str(), setup)),
            None => out.push(at.finding(
                "unknown-space",
                format!("unknown space `{slug}`{}", space_hint(r, slug)),
            )),
        }
    }
    // FARC Zones first, so that Government forces set up inside one are caught (1.4.2).
    for &(id, slug, s) in &spaces {
        if let Some(z) = s.farc_zone.as_ref().filter(|z| z.value)
            && let Err(e) = st.place_farc_zone(r, id)
        {
            refused(z.pos(), format!("{slug}: FARC Zone"), e, &mut out);
        }
    }
    for &(id, slug, s) in &spaces {
        let Some(level) = &s.support else { continue };
        match Support::from_slug(&level.value) {
            None => out.push(level.finding(
                "bad-value",
                format!(
                    "{slug}: unknown support `{}`; expected active_support, passive_support, neutral, passive_opposition or active_opposition{}",
                    level.value,
                    did_you_mean(&level.value, Support::ALL.iter().map(|l| l.slug()))
                ),
            )),
            Some(l) => {
                if let Err(e) = st.set_support(r, id, l) {
                    refused(level.pos(), format!("{slug}: support {}", l.slug()), e, &mut out);
                }
            }
        }
    }
    // Bases before other pieces, since stacking is about Bases (1.4.2); then base
    // scenarios before the scenarios built on them, so that a derived scenario that asks
    // for too much is the one blamed.
    let mut placements = Vec::new();
    for &(id, slug, s) in &spaces {
        for (slot, n) in s.pieces.iter().enumerate() {
            if let Some(n) = n {
                let layer = sc.chain.iter().position(|f| *f == n.file).unwrap_or(usize::MAX);
                placements.push((![2, 5, 8, 11].contains(&slot), layer, n.line, id, slug, slot, n));
            }
        }
    }
    placements.sort_by_key(|p| (p.0, p.1, p.2));
    for (_, _, _, id, slug, slot, n) in placements {
        let t = PieceType::all()
            .into_iter()
            .find(|t| t.slot(true) == Slot(slot as u8) || t.slot(false) == Slot(slot as u8))
            .expect("every slot has a type");
        let active = t.is_guerrilla() && t.slot(false) == Slot(slot as u8);
        if n.value < 0 {
            out.push(n.finding(
                "bad-value",
                format!("{slug}: {} = {} is negative", PIECE_KEYS[slot], n.value),
            ));
            continue;
        }
        for placed in 0..n.value {
            let done = st
                .place(r, id, t)
                .and_then(|e| if active { st.activate(r, id, t.faction) } else { Ok(e) });
            if let Err(e) = done {
                let what = format!("{slug}: {} = {} (placed {placed})", PIECE_KEYS[slot], n.value);
                refused(n.pos(), what, e, &mut out);
                break;
            }
        }
    }
    for &(id, slug, s) in &spaces {
        if let Some(n) = &s.terror {
            for _ in 0..n.value.max(0) {
                if let Err(e) = st.place_terror(r, id) {
                    refused(n.pos(), format!("{slug}: terror = {}", n.value), e, &mut out);
                    break;
                }
            }
        }
        if let Some(b) = s.sabotage.as_ref().filter(|b| b.value)
            && let Err(e) = st.place_sabotage(r, id)
        {
            refused(b.pos(), format!("{slug}: sabotage"), e, &mut out);
        }
        if let Some(list) = &s.shipments {
            for sh in &list.value {
                let Some(f) = Faction::from_slug(&sh.faction).filter(|&f| f != Faction::Govt) else {
                    out.push(list.finding(
                        "bad-value",
                        format!(
                            "{slug}: a Shipment's holder must be farc, auc or cartels, not `{}`",
                            sh.faction
                        ),
                    ));
                    continue;
                };
                let holder = st
                    .pieces_in(r, id, PieceType::guerrilla(f), Some(!sh.active))
                    .find(|&p| !st.holds_shipment(p));
                let state = if sh.active { "Active" } else { "Underground" };
                match holder {
                    None => out.push(list.finding(
                        "shipment-no-holder",
                        format!(
                            "{slug}: no {state} {} Guerrilla left to hold a Shipment (4.5.3)",
                            f.name()
                        ),
                    )),
                    Some(p) => {
                        if sh.count < 1 {
                            out.push(list.finding(
                                "bad-value",
                                format!("{slug}: a Shipment entry's count must be at least 1, not {}", sh.count),
                            ));
                        }
                        for _ in 0..sh.count.clamp(0, 255) {
                            if let Err(e) = st.place_shipment(r, p) {
                                refused(list.pos(), format!("{slug}: shipment"), e, &mut out);
                                break;
                            }
                        }
                    }
                }
            }
        }
    }

    for f in Faction::ALL {
        if let Some(v) = &sc.resources[f.index()] {
            let delta = v.value.clamp(-1000, 1000) as i16;
            if let Err(e) = st.add_resources(r, f, delta) {
                refused(v.pos(), format!("resources.{}", f.slug()), e, &mut out);
            }
        }
        if let Some(v) = &sc.eligible[f.index()] {
            st.set_eligible(f, v.value);
        }
    }
    if let Some(v) = &sc.aid
        && let Err(e) = st.add_aid(r, v.value.clamp(-1000, 1000) as i16)
    {
        refused(v.pos(), "aid".into(), e, &mut out);
    }
    if let Some(p) = &sc.president {
        match r.president_index(&p.value) {
            Some(i) => {
                st.set_president(r, i).expect("index from the track");
            }
            None => {
                let names: Vec<&str> = r.forces.presidents.iter().map(|p| p.slug.as_str()).collect();
                out.push(p.finding(
                    "unknown-president",
                    format!(
                        "unknown president `{}`; expected one of {}{}",
                        p.value,
                        names.join(", "),
                        did_you_mean(&p.value, names.iter().copied())
                    ),
                ));
            }
        }
    }
    let mut lasting = Vec::new();
    for (card, side) in sc.capabilities.iter().flatten() {
        let Some(sd) = Side::from_slug(&side.value) else {
            out.push(side.finding("bad-value", format!("side `{}` must be unshaded or shaded", side.value)));
            continue;
        };
        let n = card.value.clamp(0, 255) as u8;
        match st.set_capability(r, n, sd) {
            Ok(_) => lasting.push(Lasting::new(r, n, sd, None)),
            Err(e) => refused(card.pos(), format!("capability {}", card.value), e, &mut out),
        }
    }
    for m in sc.momentum.iter().flatten() {
        let n = m.value.clamp(0, 255) as u8;
        match st.add_momentum(r, n) {
            Ok(_) => lasting.push(Lasting::new(r, n, Side::Shaded, None)),
            Err(e) => refused(m.pos(), format!("momentum {}", m.value), e, &mut out),
        }
    }

    for (key, n) in &sc.out_of_play {
        let Some(t) = piece_type_of_key(key) else {
            out.push(n.finding(
                "bad-value",
                format!(
                    "out_of_play: unknown piece `{key}`; expected one of {}{}",
                    OUT_OF_PLAY_KEYS.join(", "),
                    did_you_mean(key, OUT_OF_PLAY_KEYS)
                ),
            ));
            continue;
        };
        for _ in 0..n.value.max(0) {
            if let Err(e) = st.remove_from_game(r, t) {
                refused(n.pos(), format!("out_of_play.{key} = {}", n.value), e, &mut out);
                break;
            }
        }
    }
    // A position that states its hooks (a saved mid-game position) carries its lasting
    // rules as data; otherwise the cards' own scripts switch them on (`lasting`).
    if !sc.hooks.is_empty() || !sc.momentum_hooks.is_empty() {
        lasting.clear();
    }
    for (momentum, hooks) in [(false, &sc.hooks), (true, &sc.momentum_hooks)] {
        for (name, v) in hooks {
            if let Err(msg) = set_hook(r, &mut st, name, &v.value, momentum) {
                let table = if momentum { "momentum_hooks" } else { "hooks" };
                out.push(v.finding("bad-value", format!("{table}.{name}: {msg}")));
            }
        }
    }

    // The primitives keep the state sound; a broken one here is a kernel bug, still reported.
    for msg in check_invariants(&st, r) {
        out.push(Finding {
            file: sc.file.clone(),
            line: 0,
            code: "invariant",
            message: msg,
        });
    }

    let open_deployment = take_open_deployment(sc, r, &mut st, &mut out);
    let deck = check_deck(sc, r, &mut out);
    let seating = check_seating(sc, &mut out);
    let propaganda = deck.propaganda_cards(r);
    let final_propaganda = match &sc.final_propaganda {
        None => propaganda as u8,
        Some(v) => {
            if v.value < 1 || v.value as usize > propaganda {
                out.push(v.finding(
                    "bad-value",
                    format!(
                        "final_propaganda = {} but the deck holds {propaganda} Propaganda cards (2.4.1)",
                        v.value
                    ),
                ));
            }
            v.value.clamp(0, 255) as u8
        }
    };
    let mut skip_victory = Vec::new();
    for v in sc.skip_victory.iter().flatten() {
        if v.value < 1 || v.value > final_propaganda as i64 {
            out.push(v.finding(
                "bad-value",
                format!(
                    "skip_victory names Propaganda Round {}, but there are {final_propaganda}",
                    v.value
                ),
            ));
        } else {
            skip_victory.push(v.value as u8);
        }
    }
    (
        Setup {
            state: st,
            deck,
            seating,
            final_propaganda,
            skip_victory,
            open_deployment,
            lasting,
        },
        out,
    )
}

/// How a finding about an unknown space ends: the nearest id of the map when one is near
/// (a typo), else where the ids are listed.
pub fn space_hint(r: &Ruleset, word: &str) -> String {
    let ids = r.map.ids().map(|s| r.map.space(s).slug.as_str());
    match super::suggest::nearest(word, ids) {
        Some(id) => format!(" (did you mean `{id}`?)"),
        None => " (see rules/map.toml for the ids)".into(),
    }
}

/// The piece keys of `out_of_play`: one per piece type (Guerrillas in either state).
pub const OUT_OF_PLAY_KEYS: [&str; 9] = [
    "troops",
    "police",
    "govt_bases",
    "farc_guerrillas",
    "farc_bases",
    "auc_guerrillas",
    "auc_bases",
    "cartels_guerrillas",
    "cartels_bases",
];

/// The piece type of an `out_of_play` key (in `PieceType::all()` order).
pub fn piece_type_of_key(key: &str) -> Option<PieceType> {
    let i = OUT_OF_PLAY_KEYS.iter().position(|k| *k == key)?;
    Some(PieceType::all()[i])
}

/// Set one hook of `[hooks]` (for the rest of the game) or `[momentum_hooks]` (until the
/// next Reset) from its TOML value: a number, true/false, or a list of Factions or spaces,
/// as the hook's kind asks (kernel::modifiers::HOOKS).
fn set_hook(r: &Ruleset, st: &mut State, name: &str, v: &toml::Value, momentum: bool) -> Result<(), String> {
    let Some(&(_, kind)) = HOOKS.iter().find(|h| h.0 == name) else {
        let names: Vec<&str> = HOOKS.iter().map(|h| h.0).collect();
        return Err(format!(
            "no hook named `{name}` (hooks: {}){}",
            names.join(", "),
            did_you_mean(name, names.iter().copied())
        ));
    };
    let values: Vec<u8> = match (kind, v) {
        (HookKind::Number, toml::Value::Integer(n)) if (0..=255).contains(n) => vec![*n as u8],
        (HookKind::Number, _) => return Err("expected a number from 0 to 255 (255: unlimited)".into()),
        (HookKind::Flag, toml::Value::Boolean(b)) => vec![*b as u8],
        (HookKind::Flag, _) => return Err("expected true or false".into()),
        (HookKind::Factions | HookKind::Spaces, toml::Value::Array(items)) => {
            let mut out = Vec::new();
            for it in items {
                let word = it.as_str().unwrap_or_default();
                let index = if kind == HookKind::Factions {
                    Faction::from_slug(word).map(|f| f.index() as u8)
                } else {
                    r.map.find(word).map(|s| s.0)
                };
                match index {
                    Some(i) => out.push(i),
                    None => {
                        let what = if kind == HookKind::Factions { "Faction" } else { "space" };
                        return Err(format!("`{it}` is not a {what}"));
                    }
                }
            }
            out
        }
        (HookKind::Factions, _) => return Err("expected a list of Factions, e.g. [\"auc\"]".into()),
        (HookKind::Spaces, _) => return Err("expected a list of spaces, e.g. [\"panama\"]".into()),
    };
    for value in values {
        if momentum {
            st.set_momentum_modifier(name, value)?;
        } else {
            st.set_lasting_modifier(name, value)?;
        }
    }
    Ok(())
}

/// 2.1 Open Deployment: the named Factions' forces come off the map, to be placed by
/// their players at the start of the game, Cartels first, then AUC, FARC, Government.
fn take_open_deployment(
    sc: &Scenario,
    r: &Ruleset,
    st: &mut State,
    out: &mut Vec<Finding>,
) -> Vec<(Faction, [u8; PieceType::COUNT])> {
    let mut named = [false; 4];
    for v in sc.open_deployment.iter().flatten() {
        match Faction::from_slug(&v.value) {
            Some(f) => named[f.index()] = true,
            None => out.push(v.finding(
                "unknown-faction",
                format!(
                    "open_deployment: unknown faction `{}`{}",
                    v.value,
                    did_you_mean(&v.value, Faction::ALL.iter().map(|f| f.slug()))
                ),
            )),
        }
    }
    let mut deploy = Vec::new();
    for f in [Faction::Cartels, Faction::Auc, Faction::Farc, Faction::Govt] {
        if !named[f.index()] {
            continue;
        }
        let mut counts = [0u8; PieceType::COUNT];
        for t in PieceType::all().into_iter().filter(|t| t.faction == f) {
            let on_map: Vec<_> = r.forces.pieces_of(t).filter(|&p| st.piece_space(p).is_some()).collect();
            for p in on_map {
                if st.remove_piece(r, p).is_ok() {
                    counts[t.index()] += 1;
                }
            }
        }
        deploy.push((f, counts));
    }
    deploy
}

fn check_deck(sc: &Scenario, r: &Ruleset, out: &mut Vec<Finding>) -> DeckSpec {
    let events = r.cards.iter().filter(|c| c.kind == CardKind::Event).count() as i64;
    let propaganda = r.cards.iter().filter(|c| c.kind == CardKind::Propaganda).count() as i64;
    let Some(d) = &sc.deck else {
        out.push(Finding {
            file: sc.file.clone(),
            line: 0,
            code: "missing-key",
            message: "no [deck]: state the deck preparation or a fixed order (or name a base scenario that has one)"
                .into(),
        });
        return DeckSpec::Fixed(vec![]);
    };
    let mut bad = |msg: String| out.push(d.finding("bad-deck", msg));
    if let Some(order) = &d.value.order {
        if d.value.piles.is_some() || d.value.events_per_pile.is_some() || d.value.propaganda_piles.is_some() {
            bad("a deck has either a fixed `order` or piles, not both".into());
        }
        let mut seen = Vec::new();
        for &n in order {
            if !(1..=255).contains(&n) || r.card(n as u8).is_none() {
                bad(format!(
                    "deck order names card {n}, which rules/cards.toml does not have"
                ));
            } else if seen.contains(&n) {
                bad(format!("deck order names card {n} twice"));
            }
            seen.push(n);
        }
        return DeckSpec::Fixed(order.iter().map(|&n| n.clamp(0, 255) as u8).collect());
    }
    let piles = d.value.piles.unwrap_or(0);
    let per = d.value.events_per_pile.unwrap_or(0);
    let prop = d.value.propaganda_piles.clone().unwrap_or_default();
    if piles < 1 || per < 1 {
        bad("a prepared deck needs `piles` and `events_per_pile` of at least 1".into());
    } else if piles * per > events {
        bad(format!(
            "{piles} piles of {per} need {} Event cards; there are {events}",
            piles * per
        ));
    }
    if prop.len() as i64 > propaganda {
        bad(format!(
            "{} Propaganda cards asked for; there are {propaganda}",
            prop.len()
        ));
    }
    for (i, &p) in prop.iter().enumerate() {
        if p < 1 || p > piles || prop[..i].contains(&p) {
            bad(format!(
                "propaganda_piles: {p} is not a distinct pile between 1 and {piles}"
            ));
        }
    }
    if d.value.seeded && per < 5 {
        bad("the seeded Propaganda option needs at least 5 Events per pile".into());
    }
    DeckSpec::Prepared {
        piles: piles.clamp(0, 255) as u8,
        events_per_pile: per.clamp(0, 255) as u8,
        propaganda_piles: prop.iter().map(|&p| p.clamp(0, 255) as u8).collect(),
        seeded: d.value.seeded,
    }
}

fn check_seating(sc: &Scenario, out: &mut Vec<Finding>) -> Seating {
    let Some(s) = &sc.seating else {
        return Seating::default();
    };
    let mut seen: Vec<Faction> = Vec::new();
    let mut faction = |slug: &String, out: &mut Vec<Finding>| match Faction::from_slug(slug) {
        None => {
            out.push(s.finding(
                "unknown-faction",
                format!(
                    "seating: unknown faction `{slug}`{}",
                    did_you_mean(slug, Faction::ALL.iter().map(|f| f.slug()))
                ),
            ));
            None
        }
        Some(f) if seen.contains(&f) => {
            out.push(s.finding("bad-seating", format!("seating: {} is seated twice", f.name())));
            None
        }
        Some(f) => {
            seen.push(f);
            Some(f)
        }
    };
    let mut players = Vec::new();
    for p in &s.value.players {
        if p.is_empty() {
            out.push(s.finding("bad-seating", "seating: a player with no Faction"));
        }
        players.push(p.iter().filter_map(|f| faction(f, out)).collect::<Vec<_>>());
    }
    let non_players = s.value.non_players.iter().filter_map(|f| faction(f, out)).collect();
    if seen.len() != 4 {
        out.push(s.finding(
            "bad-seating",
            "seating: every Faction must be run by a player or be a Non-player (1.5)",
        ));
    }
    Seating { players, non_players }
}
