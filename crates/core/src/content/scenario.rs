//! scenarios/*.toml → Scenario: a full position a designer can state (tracks, every
//! piece, markers, lasting Events, the deck, the seating), optionally as differences
//! from a base scenario. Values keep the file and line they came from, so that a set-up
//! the rules refuse is reported where it was written.

use super::findings::{Finding, Findings, SourceFile, parse_toml};
use super::source::ContentFiles;
use crate::game::describe::{NAME_MAX, TEXT_MAX, shown};
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A value and where it was written.
#[derive(Clone, Debug)]
pub struct At<T> {
    pub value: T,
    pub file: String,
    pub line: usize,
}

impl<T> At<T> {
    pub fn pos(&self) -> (&str, usize) {
        (&self.file, self.line)
    }
    pub fn finding(&self, code: &'static str, message: impl Into<String>) -> Finding {
        Finding {
            file: self.file.clone(),
            line: self.line,
            code,
            message: message.into(),
        }
    }
}

// ---- the file format --------------------------------------------------------------------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    name: Option<String>,
    description: Option<String>,
    base: Option<Spanned<String>>,
    aid: Option<Spanned<i64>>,
    president: Option<Spanned<String>>,
    resources: Option<PerFaction<i64>>,
    eligible: Option<PerFaction<bool>>,
    capabilities: Option<Vec<CapabilityToml>>,
    momentum: Option<Vec<Spanned<i64>>>,
    event_spaces: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    space: BTreeMap<Spanned<String>, SpaceToml>,
    deck: Option<Spanned<DeckToml>>,
    seating: Option<Spanned<SeatingToml>>,
    final_propaganda: Option<Spanned<i64>>,
    skip_victory: Option<Vec<Spanned<i64>>>,
    open_deployment: Option<Vec<Spanned<String>>>,
    hooks: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    momentum_hooks: Option<BTreeMap<Spanned<String>, Spanned<toml::Value>>>,
    out_of_play: Option<BTreeMap<Spanned<String>, Spanned<i64>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerFaction<T> {
    govt: Option<Spanned<T>>,
    farc: Option<Spanned<T>>,
    auc: Option<Spanned<T>>,
    cartels: Option<Spanned<T>>,
}

impl<T> PerFaction<T> {
    fn into_array(self) -> [Option<Spanned<T>>; 4] {
        [self.govt, self.farc, self.auc, self.cartels]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CapabilityToml {
    card: Spanned<i64>,
    side: Spanned<String>,
}

/// Piece keys of a space table, in kernel slot order (see kernel::ids::Slot).
pub const PIECE_KEYS: [&str; 12] = [
    "troops",
    "police",
    "govt_bases",
    "farc_guerrillas",
    "farc_active",
    "farc_bases",
    "auc_guerrillas",
    "auc_active",
    "auc_bases",
    "cartels_guerrillas",
    "cartels_active",
    "cartels_bases",
];

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct SpaceToml {
    support: Option<Spanned<String>>,
    troops: Option<Spanned<i64>>,
    police: Option<Spanned<i64>>,
    govt_bases: Option<Spanned<i64>>,
    farc_guerrillas: Option<Spanned<i64>>,
    farc_active: Option<Spanned<i64>>,
    farc_bases: Option<Spanned<i64>>,
    auc_guerrillas: Option<Spanned<i64>>,
    auc_active: Option<Spanned<i64>>,
    auc_bases: Option<Spanned<i64>>,
    cartels_guerrillas: Option<Spanned<i64>>,
    cartels_active: Option<Spanned<i64>>,
    cartels_bases: Option<Spanned<i64>>,
    terror: Option<Spanned<i64>>,
    sabotage: Option<Spanned<bool>>,
    farc_zone: Option<Spanned<bool>>,
    shipments: Option<Spanned<Vec<ShipmentToml>>>,
}

impl SpaceToml {
    fn pieces(&self) -> [&Option<Spanned<i64>>; 12] {
        [
            &self.troops,
            &self.police,
            &self.govt_bases,
            &self.farc_guerrillas,
            &self.farc_active,
            &self.farc_bases,
            &self.auc_guerrillas,
            &self.auc_active,
            &self.auc_bases,
            &self.cartels_guerrillas,
            &self.cartels_active,
            &self.cartels_bases,
        ]
    }
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct ShipmentToml {
    /// The Faction of the Guerrilla that holds it.
    pub faction: String,
    /// Held by an Active Guerrilla (default: an Underground one).
    #[serde(default)]
    pub active: bool,
    /// How many Shipments this one Guerrilla holds (4.5.3: a Guerrilla may hold several).
    #[serde(default = "one")]
    pub count: i64,
}

fn one() -> i64 {
    1
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct DeckToml {
    /// A fixed draw order, top first (card numbers). Excludes the keys below.
    pub order: Option<Vec<i64>>,
    /// Deck preparation (2.1 set-up): shuffle the Events, deal `piles` piles of
    /// `events_per_pile`, shuffle one Propaganda card into each pile listed in
    /// `propaganda_piles` (1 = top pile), stack them 1st on top.
    pub piles: Option<i64>,
    pub events_per_pile: Option<i64>,
    pub propaganda_piles: Option<Vec<i64>>,
    /// The seeded Propaganda option: each Propaganda card among its pile's bottom 5 Events.
    #[serde(default)]
    pub seeded: bool,
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
pub struct SeatingToml {
    /// The Factions each player runs (1.5, 1.5.1).
    pub players: Vec<Vec<String>>,
    /// Factions run by the Non-player rules (section 8).
    #[serde(default)]
    pub non_players: Vec<String>,
}

// ---- the merged scenario -----------------------------------------------------------------

/// One space's set-up: each key as last written (a derived scenario overrides its base
/// key by key).
#[derive(Clone, Debug, Default)]
pub struct SpaceSetup {
    pub support: Option<At<String>>,
    pub pieces: [Option<At<i64>>; 12],
    pub terror: Option<At<i64>>,
    pub sabotage: Option<At<bool>>,
    pub farc_zone: Option<At<bool>>,
    pub shipments: Option<At<Vec<ShipmentToml>>>,
}

#[derive(Clone, Debug)]
pub struct Scenario {
    /// The name it is asked for by (file stem), e.g. "standard".
    pub slug: String,
    pub file: String,
    /// The files this scenario is built from, its root base first and itself last.
    pub chain: Vec<String>,
    pub name: String,
    pub description: String,
    pub aid: Option<At<i64>>,
    pub president: Option<At<String>>,
    pub resources: [Option<At<i64>>; 4],
    pub eligible: [Option<At<bool>>; 4],
    pub capabilities: Option<Vec<(At<i64>, At<String>)>>,
    pub momentum: Option<Vec<At<i64>>>,
    pub event_spaces: Option<Vec<At<String>>>,
    /// By space slug, with where the space's table starts.
    pub spaces: BTreeMap<String, (At<()>, SpaceSetup)>,
    pub deck: Option<At<DeckToml>>,
    pub seating: Option<At<SeatingToml>>,
    pub final_propaganda: Option<At<i64>>,
    pub skip_victory: Option<Vec<At<i64>>>,
    /// Factions that place their forces freely at the start (2.1 Open Deployment).
    pub open_deployment: Option<Vec<At<String>>>,
    /// Capability and lasting-Event hooks in effect (`[hooks]`, 5.3), by hook name: what
    /// the cards' scripts set when they are played (a number, true/false, or a list of
    /// Factions or spaces). `capabilities` places the markers only.
    pub hooks: BTreeMap<String, At<toml::Value>>,
    /// Momentum hooks in effect until the next Reset (`[momentum_hooks]`, 5.4).
    pub momentum_hooks: BTreeMap<String, At<toml::Value>>,
    /// Pieces removed from the game by Events (`out_of_play`), by piece key.
    pub out_of_play: BTreeMap<String, At<i64>>,
}

/// The most scenario files one scenario may be built from through `base`, itself
/// included (the default content's are 2 deep). Each is read once per scenario, so
/// validating a folder of scenarios costs at most this many reads each.
pub const MAX_BASE_CHAIN: usize = 32;

/// Read a scenario, following `base` through the content's scenarios/ folder: the chain
/// of files is collected one step at a time (no recursion, however long it is), then
/// each file is laid over its base, root first.
pub fn load_scenario(file: &SourceFile, content: &ContentFiles, out: &mut Findings) -> Option<Scenario> {
    let mut chain = vec![file.path.clone()];
    let mut raws: Vec<ScenarioFile> = vec![parse_toml(file, out)?];
    // The files of the bases, nearest first (`file` is borrowed, its bases are owned).
    let mut bases: Vec<SourceFile> = Vec::new();
    while let Some(b) = raws.last().and_then(|r| r.base.clone()) {
        let from = bases.last().unwrap_or(file);
        let path = format!("scenarios/{}.toml", b.get_ref());
        let (f, line) = (from.path.clone(), from.line_of(b.span().start));
        if let Some(why) = content.refusal(&path) {
            out.list.push(why.clone());
            return None;
        }
        let Some(bf) = content.get(&path) else {
            out.at_line(
                &f,
                line,
                "unknown-scenario",
                format!("base scenario `{}` is not in scenarios/", b.get_ref()),
            );
            return None;
        };
        if chain.contains(&path) {
            out.at_line(
                &f,
                line,
                "base-cycle",
                format!("base scenarios form a cycle: {} -> {path}", chain.join(" -> ")),
            );
            return None;
        }
        if chain.len() >= MAX_BASE_CHAIN {
            out.at_line(
                &f,
                line,
                "base-too-deep",
                format!(
                    "{} is built from more than {MAX_BASE_CHAIN} scenario files through `base`: base it \
                     on a scenario nearer one without `base`, or write the settings out",
                    chain[0]
                ),
            );
            return None;
        }
        chain.push(path);
        raws.push(parse_toml(&bf, out)?);
        bases.push(bf);
    }
    let mut sc: Option<Scenario> = None;
    for (i, raw) in raws.into_iter().enumerate().rev() {
        let f = if i == 0 { file } else { &bases[i - 1] };
        sc = Some(load_layer(f, raw, sc));
    }
    sc
}

/// One file of a scenario laid over its base (None for a scenario without `base`).
fn load_layer(file: &SourceFile, raw: ScenarioFile, base: Option<Scenario>) -> Scenario {
    fn wrap<T>(v: Spanned<T>, file: &SourceFile) -> At<T> {
        let line = file.line_of(v.span().start);
        At {
            value: v.into_inner(),
            file: file.path.clone(),
            line,
        }
    }
    let slug = file
        .path
        .rsplit('/')
        .next()
        .unwrap_or(&file.path)
        .trim_end_matches(".toml")
        .to_string();
    let mut sc = base.unwrap_or_else(|| Scenario {
        slug: slug.clone(),
        file: file.path.clone(),
        chain: Vec::new(),
        name: slug.clone(),
        description: String::new(),
        aid: None,
        president: None,
        resources: Default::default(),
        eligible: Default::default(),
        capabilities: None,
        momentum: None,
        event_spaces: None,
        spaces: BTreeMap::new(),
        deck: None,
        seating: None,
        final_propaganda: None,
        skip_victory: None,
        open_deployment: None,
        hooks: BTreeMap::new(),
        momentum_hooks: BTreeMap::new(),
        out_of_play: BTreeMap::new(),
    });
    sc.slug = slug.clone();
    sc.file = file.path.clone();
    sc.chain.push(file.path.clone());
    // Shown to people (validate, show, play): no escape sequence, no megabyte name.
    sc.name = shown(raw.name.as_deref().unwrap_or(&slug), NAME_MAX);
    sc.description = shown(raw.description.as_deref().unwrap_or_default(), TEXT_MAX);
    macro_rules! over {
        ($field:ident) => {
            if let Some(v) = raw.$field {
                sc.$field = Some(wrap(v, file));
            }
        };
    }
    over!(aid);
    over!(president);
    over!(deck);
    over!(seating);
    over!(final_propaganda);
    if let Some(r) = raw.resources {
        for (i, v) in r.into_array().into_iter().enumerate() {
            if let Some(v) = v {
                sc.resources[i] = Some(wrap(v, file));
            }
        }
    }
    if let Some(e) = raw.eligible {
        for (i, v) in e.into_array().into_iter().enumerate() {
            if let Some(v) = v {
                sc.eligible[i] = Some(wrap(v, file));
            }
        }
    }
    if let Some(c) = raw.capabilities {
        sc.capabilities = Some(
            c.into_iter()
                .map(|c| (wrap(c.card, file), wrap(c.side, file)))
                .collect(),
        );
    }
    if let Some(m) = raw.momentum {
        sc.momentum = Some(m.into_iter().map(|v| wrap(v, file)).collect());
    }
    if let Some(e) = raw.event_spaces {
        sc.event_spaces = Some(e.into_iter().map(|v| wrap(v, file)).collect());
    }
    if let Some(v) = raw.open_deployment {
        sc.open_deployment = Some(v.into_iter().map(|v| wrap(v, file)).collect());
    }
    if let Some(v) = raw.skip_victory {
        sc.skip_victory = Some(v.into_iter().map(|v| wrap(v, file)).collect());
    }
    for (k, v) in raw.hooks.into_iter().flatten() {
        sc.hooks.insert(k.get_ref().clone(), wrap(v, file));
    }
    for (k, v) in raw.momentum_hooks.into_iter().flatten() {
        sc.momentum_hooks.insert(k.get_ref().clone(), wrap(v, file));
    }
    for (k, v) in raw.out_of_play.into_iter().flatten() {
        sc.out_of_play.insert(k.get_ref().clone(), wrap(v, file));
    }
    for (key, t) in raw.space {
        let line = file.line_of(key.span().start);
        let entry = sc.spaces.entry(key.get_ref().clone()).or_insert_with(|| {
            (
                At {
                    value: (),
                    file: file.path.clone(),
                    line,
                },
                SpaceSetup::default(),
            )
        });
        entry.0 = At {
            value: (),
            file: file.path.clone(),
            line,
        };
        let s = &mut entry.1;
        for (i, v) in t.pieces().into_iter().enumerate() {
            if let Some(v) = v {
                s.pieces[i] = Some(At {
                    value: *v.get_ref(),
                    file: file.path.clone(),
                    line: file.line_of(v.span().start),
                });
            }
        }
        let SpaceToml {
            support,
            terror,
            sabotage,
            farc_zone,
            shipments,
            ..
        } = t;
        if let Some(v) = support {
            s.support = Some(wrap(v, file));
        }
        if let Some(v) = terror {
            s.terror = Some(wrap(v, file));
        }
        if let Some(v) = sabotage {
            s.sabotage = Some(wrap(v, file));
        }
        if let Some(v) = farc_zone {
            s.farc_zone = Some(wrap(v, file));
        }
        if let Some(v) = shipments {
            s.shipments = Some(wrap(v, file));
        }
    }
    sc
}
