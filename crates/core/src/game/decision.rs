//! The decision protocol (DESIGN "Decisions: one protocol for every player"): the engine
//! never decides for a player. At each choice it sends the deciding Faction's agent a
//! Request with the explicit list of legal options; the agent answers with one of them.
//! Humans, the random agent, Non-player bots, replays and tests all answer the same way.

use crate::kernel::{Dice, Faction, PieceType, Ruleset, Side, SpaceId, State};
use std::fmt;

/// The Operations (3.0). COIN Operations belong to the Government, the others to the
/// three Insurgent Factions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Train,
    Patrol,
    Sweep,
    Assault,
    Rally,
    March,
    Attack,
    Terror,
}

impl Op {
    pub const COIN: [Op; 4] = [Op::Train, Op::Patrol, Op::Sweep, Op::Assault];
    pub const INSURGENT: [Op; 4] = [Op::Rally, Op::March, Op::Attack, Op::Terror];
    pub fn of(f: Faction) -> &'static [Op; 4] {
        if f == Faction::Govt { &Op::COIN } else { &Op::INSURGENT }
    }
    pub fn slug(self) -> &'static str {
        match self {
            Op::Train => "train",
            Op::Patrol => "patrol",
            Op::Sweep => "sweep",
            Op::Assault => "assault",
            Op::Rally => "rally",
            Op::March => "march",
            Op::Attack => "attack",
            Op::Terror => "terror",
        }
    }
}

/// The Special Activities (4.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    AirLift,
    AirStrike,
    Eradicate,
    Extort,
    Ambush,
    Kidnap,
    Assassinate,
    Cultivate,
    Process,
    Bribe,
}

impl Special {
    /// 4.2-4.5: each Faction's three Special Activities.
    pub fn of(f: Faction) -> &'static [Special; 3] {
        match f {
            Faction::Govt => &[Special::AirLift, Special::AirStrike, Special::Eradicate],
            Faction::Farc => &[Special::Extort, Special::Ambush, Special::Kidnap],
            Faction::Auc => &[Special::Extort, Special::Ambush, Special::Assassinate],
            Faction::Cartels => &[Special::Cultivate, Special::Process, Special::Bribe],
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            Special::AirLift => "air-lift",
            Special::AirStrike => "air-strike",
            Special::Eradicate => "eradicate",
            Special::Extort => "extort",
            Special::Ambush => "ambush",
            Special::Kidnap => "kidnap",
            Special::Assassinate => "assassinate",
            Special::Cultivate => "cultivate",
            Special::Process => "process",
            Special::Bribe => "bribe",
        }
    }
}

/// A named step inside an Operation, Activity or phase, where the rules offer a choice of
/// what to do next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    /// Train: replace 3 cubes with a Base; Rally: replace 2 Guerrillas with a Base;
    /// Cultivate: place a Base; Drug Profits: take a Base.
    Base,
    /// Train or the Support Phase: Civic Action (6.4.1).
    CivicAction,
    /// Rally: place 1 Guerrilla.
    Place,
    /// Rally with a Base: place Guerrillas up to Bases + Population.
    PlaceMany,
    /// Rally with a Base: move Guerrillas in and flip all Underground.
    Regroup,
    /// Cultivate: relocate a Base; Bribe: remove pieces.
    Relocate,
    Remove,
    /// Bribe: flip Guerrillas.
    Flip,
    /// Process: remove Bases for Resources.
    RemoveBases,
    /// Process: place Shipments.
    Shipments,
    /// Drug Profits: take +6 Resources.
    Resources,
    /// Attack: roll the die (as opposed to Ambush).
    Roll,
    /// Events: replace pieces (as opposed to removing them).
    Replace,
    /// 4.5.3: move a Shipment to another Guerrilla in the same space.
    Transfer,
}

impl Step {
    pub const ALL: [Step; 14] = [
        Step::Base,
        Step::CivicAction,
        Step::Place,
        Step::PlaceMany,
        Step::Regroup,
        Step::Relocate,
        Step::Remove,
        Step::Flip,
        Step::RemoveBases,
        Step::Shipments,
        Step::Resources,
        Step::Roll,
        Step::Replace,
        Step::Transfer,
    ];

    pub fn slug(self) -> &'static str {
        match self {
            Step::Base => "base",
            Step::CivicAction => "civic-action",
            Step::Place => "place",
            Step::PlaceMany => "place-many",
            Step::Regroup => "regroup",
            Step::Relocate => "relocate",
            Step::Remove => "remove",
            Step::Flip => "flip",
            Step::RemoveBases => "remove-bases",
            Step::Shipments => "shipments",
            Step::Resources => "resources",
            Step::Roll => "roll",
            Step::Replace => "replace",
            Step::Transfer => "transfer",
        }
    }
}

/// How a record writes a space whose slug is also another answer's word: `space-done`
/// (slugs have no `-`, and no other answer starts so).
pub const SPACE_PREFIX: &str = "space-";

/// One legal option of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    Space(SpaceId),
    Faction(Faction),
    /// A class of identical pieces; for Guerrillas, Underground (true) or Active (false).
    Piece(PieceType, Option<bool>),
    Number(u8),
    Side(Side),
    Op(Op),
    Special(Special),
    Step(Step),
    /// Execute the card's Event with this side (5.2).
    Event(Side),
    /// A level of Support or Opposition (an Event's "set it to Passive Support or
    /// Opposition").
    Level(crate::kernel::Support),
    Yes,
    No,
    /// Stop choosing ("up to" choices, optional steps).
    Done,
    Pass,
}

/// The text of a question: the engine's own (static), or a card script's, which lives
/// only as long as the questions that use it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    Static(&'static str),
    Text(std::rc::Rc<str>),
}

impl std::ops::Deref for Prompt {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            Prompt::Static(s) => s,
            Prompt::Text(s) => s,
        }
    }
}

impl fmt::Display for Prompt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl From<&'static str> for Prompt {
    fn from(s: &'static str) -> Prompt {
        Prompt::Static(s)
    }
}

impl PartialEq<&str> for Prompt {
    fn eq(&self, other: &&str) -> bool {
        **self == **other
    }
}

impl PartialEq<str> for Prompt {
    fn eq(&self, other: &str) -> bool {
        **self == *other
    }
}

impl Default for Prompt {
    fn default() -> Prompt {
        Prompt::Static("")
    }
}

/// What the engine asks: who decides, about what, and every option that can complete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub faction: Faction,
    /// What is asked, typed: agents decide from this (crates/core/src/game/question.rs).
    pub ask: super::question::Ask,
    /// The question's text, for people only.
    pub prompt: Prompt,
    /// The space the question is about, if any (shown with the prompt).
    pub about: Option<SpaceId>,
    pub options: Vec<Choice>,
}

/// Why a game stopped before its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A replayed answer is not among the options, or the answers ran out.
    Diverged(String),
    /// A check failed (an invariant after a decision).
    Failed(String),
    /// A human asked to take back the last decision.
    Undo,
    /// A human left the game.
    Quit,
    /// A watcher stopped the game at a card boundary (`Watcher::before_card`): the
    /// position there is whole, e.g. to save it as a scenario.
    Paused,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Diverged(m) => write!(f, "diverged: {m}"),
            Stop::Failed(m) => write!(f, "failed: {m}"),
            Stop::Undo => f.write_str("undo"),
            Stop::Quit => f.write_str("quit"),
            Stop::Paused => f.write_str("paused at a card boundary"),
        }
    }
}

/// What the game is in the middle of when it asks: lets an agent that plans (the
/// Non-player bots of section 8) tell a question of its own Operation from one an Event or
/// a Propaganda phase asks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Doing {
    #[default]
    Nothing,
    /// 2.1 Open Deployment.
    Deployment,
    /// An Eligible Faction chooses Event, Operation or Pass (2.3).
    Choosing,
    /// A Faction executes an Event (5.0).
    Event { faction: Faction, card: u8, side: Side },
    /// A Faction executes an Operation (3.0), maybe free and granted by an Event (5.5).
    Operation { faction: Faction, op: Op, by_event: bool },
    /// A Propaganda Round (6.0).
    Propaganda,
}

/// What an agent sees when asked: the whole open position (all information in Andean
/// Abyss is open, 2.2) and the answers given so far.
pub struct View<'a> {
    pub rules: &'a Ruleset,
    pub state: &'a State,
    /// The card being played and the one revealed ahead (2.2).
    pub card: Option<u8>,
    pub next_card: Option<u8>,
    /// Every recorded answer so far, with the Faction that gave it.
    pub answers: &'a [(Faction, Choice)],
    /// What the game is doing.
    pub doing: Doing,
    /// What the 1st Eligible executed on this card, once it has (2.3.4): None while the
    /// 1st Eligible chooses.
    pub first: Option<super::sequence::Executed>,
    /// Who plays which Factions and which are Non-players (1.5).
    pub seating: &'a crate::content::Seating,
    /// The next Propaganda card will be the final one (2.4.1).
    pub final_propaganda_next: bool,
    /// Insurgent Discord (8.1): the Government player's say over whether this 2nd
    /// Eligible Non-player executes the Event.
    pub discord: Option<bool>,
    /// The game at the start of the card being played (None before the first card): what
    /// a search resumes from (crates/core/src/game/resume.rs).
    pub card_start: Option<&'a super::resume::CardStart>,
}

/// What an agent that deliberates (the search, crates/agents/src/search) says about its last decision:
/// a line for people, and the same in detail for JSON reports. The narrative puts it
/// beside the line of the action it chose.
#[derive(Clone, Debug, PartialEq)]
pub struct Deliberation {
    /// "searched 1,000 games (win chances): Train+SA 41%, Event (shaded) 27%, Pass 9%".
    pub text: String,
    pub detail: serde_json::Value,
}

/// Anything that answers requests. Returns the index of the chosen option.
pub trait Agent {
    fn decide(&mut self, view: &View, request: &Request) -> Result<usize, Stop>;

    /// An agent that answers every question uniformly at random among its options says
    /// so by giving here the dice of its next decision. The engine may then judge the
    /// options of a costly question (those decided by dry runs) one at a time, in the
    /// order these dice draw them, and stop at the first one allowed, instead of judging
    /// them all before asking: the answer has the same distribution, uniform among the
    /// options allowed (crates/core/src/game/sample.rs). `drew` tells the agent a decision was drawn.
    fn draw_dice(&mut self) -> Option<Dice> {
        None
    }

    /// A decision was drawn with the dice of `draw_dice`.
    fn drew(&mut self) {}

    /// The engine noted `c` as Faction `f`'s answer to a 5.1.3 question of an Event
    /// (crates/lua/src/api/choose.rs): drawn with the dice of `draw_dice`, or the only
    /// candidate allowed, which nobody is asked. Either way the answer is recorded, so a
    /// random playout need not judge every candidate to tell which it was. An agent that
    /// replays a record uses its next answer up here.
    fn noted(&mut self, _rules: &Ruleset, _f: Faction, _c: Choice) -> Result<(), Stop> {
        Ok(())
    }

    /// What the agent weighed in the decision it just made, if it deliberates (asked only
    /// when the game keeps a narrative).
    fn deliberation(&mut self) -> Option<Deliberation> {
        None
    }

    /// A card begins (after the position at its start is noted, `View::card_start`).
    fn card_begins(&mut self) {}

    /// A copy of this agent as it stands, which answers from here on exactly as this one
    /// would: a game resumed at a card's start (crates/play/src/drive.rs, a fork) seats
    /// the copies its agents made as the card began. None: the agent cannot be copied, and
    /// a fork replays the game from its start instead.
    fn fork(&self) -> Option<Box<dyn Agent>> {
        None
    }
}

/// Picks uniformly among the options, from its own seeded dice (so it never disturbs the
/// game's dice stream, and the same seed gives the same answers). Each decision rolls dice
/// of its own, seeded by the agent's seed and the decision's number (its answers noted at
/// 5.1.3 questions count as decisions): asked only its decisions and told its noted
/// answers (as a replay does), the agent stays in step with a game where some were drawn
/// (`draw_dice`), whatever each draw rolled.
#[derive(Clone)]
pub struct RandomAgent {
    seed: u64,
    decisions: u64,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent { seed, decisions: 0 }
    }

    fn dice(&self) -> Dice {
        Dice::new(self.seed ^ self.decisions.wrapping_mul(0x9E37_79B9_7F4A_7C15))
    }
}

impl Agent for RandomAgent {
    fn decide(&mut self, _view: &View, request: &Request) -> Result<usize, Stop> {
        if request.options.is_empty() {
            return Err(Stop::Failed(format!("dead end: no option for \"{}\"", request.prompt)));
        }
        let mut dice = self.dice();
        self.decisions += 1;
        Ok(dice.below(request.options.len() as u32) as usize)
    }

    fn draw_dice(&mut self) -> Option<Dice> {
        Some(self.dice())
    }

    fn drew(&mut self) {
        self.decisions += 1;
    }

    fn fork(&self) -> Option<Box<dyn Agent>> {
        Some(Box::new(self.clone()))
    }

    fn noted(&mut self, _rules: &Ruleset, _f: Faction, _c: Choice) -> Result<(), Stop> {
        self.decisions += 1;
        Ok(())
    }
}

impl fmt::Display for Choice {
    /// The canonical readable form (space ids print as indices here; records print space
    /// slugs through `Choice::render`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Choice::Space(s) => write!(f, "space#{}", s.0),
            _ => self.write_plain(f),
        }
    }
}

impl Choice {
    fn write_plain(&self, f: &mut impl fmt::Write) -> fmt::Result {
        match self {
            Choice::Space(s) => write!(f, "space#{}", s.0),
            Choice::Faction(x) => f.write_str(x.slug()),
            Choice::Piece(t, None) => write!(f, "{}-{}", t.faction.slug(), t.kind.slug()),
            Choice::Piece(t, Some(true)) => write!(f, "{}-{}-underground", t.faction.slug(), t.kind.slug()),
            Choice::Piece(t, Some(false)) => write!(f, "{}-{}-active", t.faction.slug(), t.kind.slug()),
            Choice::Number(n) => write!(f, "{n}"),
            Choice::Side(s) => f.write_str(s.slug()),
            Choice::Op(o) => f.write_str(o.slug()),
            Choice::Special(x) => f.write_str(x.slug()),
            Choice::Step(x) => f.write_str(x.slug()),
            Choice::Event(s) => write!(f, "event-{}", s.slug()),
            Choice::Yes => f.write_str("yes"),
            Choice::No => f.write_str("no"),
            Choice::Level(l) => f.write_str(&l.slug().replace('_', "-")),
            Choice::Done => f.write_str("done"),
            Choice::Pass => f.write_str("pass"),
        }
    }

    /// The canonical form of game records: spaces by slug, everything else as Display. A
    /// space whose slug is also another answer's word (a map may call a space `done`) or a
    /// number is written `space-SLUG`, so that every answer reads back as itself.
    pub fn render(&self, r: &Ruleset) -> String {
        match self {
            Choice::Space(s) => {
                let slug = &r.map.space(*s).slug;
                if Choice::is_other_word(slug) {
                    format!("{SPACE_PREFIX}{slug}")
                } else {
                    slug.clone()
                }
            }
            _ => {
                let mut out = String::new();
                let _ = self.write_plain(&mut out);
                out
            }
        }
    }

    /// Every Choice that is a word rather than a number: spaces in play or not, Factions,
    /// sides, Operations, Special Activities, steps, Events and piece classes. The
    /// vocabulary of records, scenario tests and the terminal.
    pub fn vocabulary(r: &Ruleset) -> Vec<Choice> {
        let mut all = vec![Choice::Yes, Choice::No, Choice::Done, Choice::Pass];
        all.extend(r.map.ids().map(Choice::Space));
        all.extend(Choice::words_after_spaces());
        all
    }

    /// Whether a space's slug would read in a record as another answer: the word of
    /// another choice (`done`, `pass`, `yes`, `govt`, `base`, ... any rendering of a
    /// choice that is not a space, for any content) or a number.
    pub fn is_other_word(slug: &str) -> bool {
        static WORDS: std::sync::LazyLock<std::collections::HashSet<String>> = std::sync::LazyLock::new(|| {
            [Choice::Yes, Choice::No, Choice::Done, Choice::Pass]
                .into_iter()
                .chain(Choice::words_after_spaces())
                .map(|c| {
                    let mut w = String::new();
                    let _ = c.write_plain(&mut w);
                    w
                })
                .collect()
        });
        slug.bytes().all(|b| b.is_ascii_digit()) || WORDS.contains(slug)
    }

    /// The vocabulary's words that come after the spaces: the same for every content.
    fn words_after_spaces() -> Vec<Choice> {
        let mut all: Vec<Choice> = Faction::ALL.map(Choice::Faction).to_vec();
        all.extend([Side::Unshaded, Side::Shaded].map(Choice::Side));
        all.extend(Op::COIN.iter().chain(&Op::INSURGENT).map(|&o| Choice::Op(o)));
        for f in Faction::ALL {
            for &x in Special::of(f) {
                if !all.contains(&Choice::Special(x)) {
                    all.push(Choice::Special(x));
                }
            }
        }
        all.extend(Step::ALL.map(Choice::Step));
        all.extend([Side::Unshaded, Side::Shaded].map(Choice::Event));
        all.extend(crate::kernel::Support::ALL.map(Choice::Level));
        for t in PieceType::all() {
            if t.is_guerrilla() {
                all.extend([Some(true), Some(false), None].map(|u| Choice::Piece(t, u)));
            } else {
                all.push(Choice::Piece(t, None));
            }
        }
        all
    }

    /// The Choice a word prints as (`render`), if any; `space-SLUG` is always the space.
    pub fn parse(word: &str, r: &Ruleset) -> Option<Choice> {
        if let Some(s) = word.strip_prefix(SPACE_PREFIX).and_then(|w| r.map.find(w)) {
            return Some(Choice::Space(s));
        }
        if let Some(s) = r.map.find(word)
            && !Choice::is_other_word(word)
        {
            return Some(Choice::Space(s));
        }
        if let Ok(n) = word.parse::<u8>() {
            return Some(Choice::Number(n));
        }
        Choice::vocabulary(r).into_iter().find(|c| c.render(r) == word)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    static SEATING: std::sync::LazyLock<crate::content::Seating> = std::sync::LazyLock::new(Default::default);
    fn view<'a>(r: &'a Ruleset, st: &'a State) -> View<'a> {
        View {
            rules: r,
            state: st,
            card: None,
            next_card: None,
            answers: &[],
            doing: Doing::Nothing,
            first: None,
            seating: &SEATING,
            final_propaganda_next: false,
            discord: None,
            card_start: None,
        }
    }

    fn request(n: u8) -> Request {
        Request {
            faction: Faction::Farc,
            ask: crate::game::Ask::DeployCount,
            prompt: "How many?".into(),
            about: None,
            options: (0..n).map(Choice::Number).collect(),
        }
    }

    #[test]
    fn random_agent_is_uniform_and_reproducible() {
        let r = crate::content::embedded_rules();
        let st = State::empty(&r, 0);
        let v = view(&r, &st);
        let req = request(4);
        let mut a = RandomAgent::new(9);
        let mut b = RandomAgent::new(9);
        let picks: Vec<usize> = (0..400).map(|_| a.decide(&v, &req).unwrap()).collect();
        assert_eq!(picks, (0..400).map(|_| b.decide(&v, &req).unwrap()).collect::<Vec<_>>());
        for i in 0..4 {
            let n = picks.iter().filter(|&&p| p == i).count();
            assert!((60..140).contains(&n), "option {i} picked {n} times of 400");
        }
    }

    #[test]
    fn choices_print_canonically() {
        let g = PieceType::guerrilla(Faction::Auc);
        assert_eq!(Choice::Piece(g, Some(false)).to_string(), "auc-guerrilla-active");
        assert_eq!(Choice::Piece(PieceType::TROOPS, None).to_string(), "govt-troops");
        assert_eq!(Choice::Side(Side::Shaded).to_string(), "shaded");
        assert_eq!(Choice::Pass.to_string(), "pass");
    }

    #[test]
    fn every_choice_word_parses_back() {
        let r = crate::content::embedded_rules();
        let mut all = vec![Choice::Yes, Choice::No, Choice::Done, Choice::Pass, Choice::Number(12)];
        all.extend(r.map.ids().map(Choice::Space));
        all.extend(Faction::ALL.map(Choice::Faction));
        all.extend(Op::COIN.iter().chain(&Op::INSURGENT).map(|&o| Choice::Op(o)));
        all.extend(Faction::ALL.iter().flat_map(|&f| Special::of(f).map(Choice::Special)));
        all.extend(Step::ALL.map(Choice::Step));
        all.extend([Side::Unshaded, Side::Shaded].map(Choice::Event));
        for c in all {
            assert_eq!(Choice::parse(&c.render(&r), &r), Some(c), "{}", c.render(&r));
        }
    }
}
