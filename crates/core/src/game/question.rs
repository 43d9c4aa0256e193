//! Typed questions (issue 27): every request says, beside its text for people, what it
//! asks as a value of `Ask`. Agents — the Non-player bots, the random agent, search and
//! learning code — decide from the type and the options; only the terminal and the
//! narrative read the text, so rewording a question changes no bot's play.
//!
//! Each of the engine's own questions is one variant, and its English text is given here
//! (`Ask::text`), once. A card script's question is `Ask::Card`: the card and side, which
//! API method asked, the line of the script that asked it (its stable key: the same script
//! asks the same question from the same line, whatever its prompt says), and what the
//! script declared of it (`shifts_support`).

use super::decision::{Op, Prompt, Special};
use crate::kernel::{PieceType, Side, Support};

/// What a question asks. The typed context beside it — the Operation or Event under way —
/// is the request's `View::doing`; the space it is about is `Request::about`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Ask {
    /// No question asked yet (a request not yet filled in).
    #[default]
    None,

    // ---- Sequence of play (2.3) ----
    /// 2.3: an Eligible Faction's Event, Operation (with or without a Special Activity),
    /// Limited Operation or Pass.
    Action,
    /// 8.1 Insurgent Discord: the Government player says whether the Non-player executes
    /// the Event.
    Discord,
    /// 2.3.7 Ship: remove a Shipment for a free Limited Operation (or not).
    Ship,
    /// 2.3.7: the holder's Faction agrees to give up its Shipment.
    ShipConsent,
    /// 2.3.7: the space whose Shipment goes.
    ShipSpace,
    /// 2.3.7: the free Limited Operation.
    ShipOperation,

    // ---- Events granting Operations (5.5) ----
    /// The free Operation an Event grants.
    FreeOperation,
    /// The free Operation in one space.
    FreeOperationHere,
    /// The free Special Activity an Event grants.
    FreeSpecial,

    // ---- Operations and Special Activities (3.0, 4.0) ----
    /// The Operation's next space (or a Special Activity to do first, or Done).
    OperationSpace(Op),
    /// 4.1: add a Special Activity to the Operation?
    AddSpecial,
    /// A Special Activity's next space (or Done).
    SpecialSpace(Special),
    /// A piece class to remove in an Operation or Event (Assault, Attack, Terror...).
    RemovePiece,
    /// Remove the Guerrilla that holds a Shipment rather than one that does not?
    RemoveHolder,
    /// Activate a Guerrilla of which Faction.
    ActivateFaction,
    /// 1.4.1: remove one's own pieces to make room: which space (or Done).
    OwnRemovalSpace,
    /// 1.4.1 as an Event begins: remove one's own pieces first? Which space (or Done).
    /// Its own kind so that a terminal may keep it from a person who has not asked for it.
    OwnRemovalBeforeEvent,
    /// 1.4.1: which of one's own pieces.
    OwnRemovalPiece,
    /// 4.5.3: moving Guerrillas: how many of them carry Shipments.
    ShipmentsCarried,
    /// 4.5.3: a lost Shipment's holder is gone: which Guerrilla takes it.
    ShipmentTaker,
    /// 4.5.3 Contraband: the Cartels hand a lost Shipment to a Guerrilla (or not).
    Contraband,
    /// 4.5.3: a lost Shipment goes to which of the owner's Guerrillas (or is removed).
    ShipmentRescue,
    /// 4.5.3 voluntary transfer: in which space.
    TransferSpace,
    /// 4.5.3 voluntary transfer: to which Guerrilla.
    TransferTo,

    // Train (3.2.1) and Civic Action (6.3.1)
    TrainTroops,
    TrainPolice,
    /// Train's last step: a Base, or Civic Action.
    TrainStep,
    TrainBaseSpace,
    TrainBaseCube,
    TrainCivicSpace,
    /// One more Civic Action step in the same space?
    CivicAgain,
    // Patrol (3.2.2)
    PatrolFrom,
    PatrolCubes,
    PatrolTo,
    PatrolCount,
    PatrolAssault,
    // Sweep (3.2.3)
    SweepTroopsFrom,
    SweepTroopsCount,
    SweepPoliceFrom,
    // Air Lift, Air Strike, Eradicate (4.2)
    AirLiftFrom,
    AirLiftTo,
    AirLiftCount,
    /// Eradicate: the Department shifted toward Opposition.
    EradicateShift,
    // Kidnap, Assassinate (4.3, 4.4)
    KidnapTarget,
    KidnapShipmentTaker,
    AssassinatePlace,
    // Cultivate, Process, Bribe (4.5)
    CultivateStep,
    CultivateFrom,
    ProcessStep,
    ProcessBaseSpace,
    ProcessHolder,
    BribeStep,
    BribeCube,
    BribeGuerrilla,
    BribeHow,
    BribeBase,
    // Rally (3.3.1)
    RallyStep,
    RallyCount,
    RegroupFrom,
    RegroupUnderground,
    RegroupActive,
    RallyReplace,
    // March (3.3.2)
    MarchFrom,
    MarchTo,
    MarchUnderground,
    MarchActive,
    // Attack, Terror (3.3.3, 3.3.4)
    AttackHow,
    TerrorWith,

    // ---- Negotiation (1.5.2) and voluntary steps before an Event ----
    BeforeEvent,
    NegotiateTo,
    NegotiateWhat,
    NegotiateAmount,
    NegotiateShipSpace,
    NegotiateShipTo,

    // ---- Open Deployment (2.1) ----
    DeploySpace,
    DeployCount,

    // ---- Event pieces (5.1) ----
    /// Take the Guerrilla that holds a Shipment?
    TakeHolder,

    // ---- Propaganda (6.0) ----
    /// 6.2.1 Sabotage: too few markers for every LoC due.
    SabotageLoc,
    /// 6.3.1: the Government removes a Terror or Sabotage marker.
    RemoveMarker,
    /// 6.2.3 Drug Profits: a Base or +6 Resources.
    DrugProfits,
    /// 6.3.1 Civic Action.
    CivicSpace,
    /// 6.3.2 Agitation.
    AgitateSpace,
    AgitateAgain,
    /// 6.4.x the FARC Zone's Department.
    FarcZone,
    /// 6.3.3 Elite Backing: the free Rally's space.
    EliteBacking,
    /// 6.4.1 Redeploy: Troops from which space.
    RedeployTroopsFrom,
    /// 6.4.1 Redeploy: Police from which space.
    RedeployPoliceFrom,
    RedeployTo,
    RedeployCount,

    // ---- Card scripts ----
    /// A card script's question.
    Card(CardAsk),
}

/// Which card API function asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardMethod {
    ChooseSpace,
    ChooseSpaces,
    ChooseFaction,
    Choose,
    ChooseNumber,
    YesNo,
    FarcZone,
    /// A spread effect's space, one piece at a time: where to flip a Guerrilla.
    FlipIn,
    /// ... where to place a piece.
    PlaceIn,
    /// ... where to remove a piece from.
    RemoveFrom,
    /// Which piece class to remove.
    RemovePiece,
    /// Which piece class to place.
    PlacePiece,
    /// Which piece class replaces.
    ReplaceWith,
    /// Which piece class is replaced.
    ReplacePiece,
    /// Which piece class to move.
    MovePiece,
    /// Which space a piece moves from.
    MoveFrom,
    /// Which space a piece moves to.
    MoveTo,
    /// Flip a Guerrilla of which Faction.
    FlipFaction,
    /// Remove whose Shipment.
    ShipmentOwner,
    /// Place the Shipment with which Guerrilla.
    ShipmentHolder,
}

/// A card script's question: its stable key is the card, side, method and line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CardAsk {
    pub card: u8,
    pub side: Side,
    pub method: CardMethod,
    /// The line of the card's script (or library module) that asked.
    pub line: u32,
    /// The script declared that the answer shifts Support or Opposition
    /// (`shifts_support = true`, or the shift itself): a Non-player picks by 8.4.3.
    pub shifts_support: bool,
    /// The shift, where the script declared it (`shifts_support = -2` or
    /// `shifts_support = "passive_opposition"`): a Non-player then measures the change in
    /// Total Support and Total Opposition that each space would give (8.4.3).
    pub shift: Option<Shift>,
}

/// A shift of Support or Opposition a card script declared for its question (8.4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shift {
    /// By this many levels: positive toward Active Support, negative toward Active
    /// Opposition (1.6: it stops at the end of the track).
    By(i8),
    /// To this level.
    To(Support),
}

impl Shift {
    /// The level a space at `from` ends at.
    pub fn apply(self, from: Support) -> Support {
        match self {
            Shift::By(n) => Support::from_value((from.value() + n).clamp(-2, 2)).unwrap_or(from),
            Shift::To(l) => l,
        }
    }
}

impl Ask {
    /// Does a space given in answer begin another step of a Special Activity: one more
    /// space where it acts (4.2–4.5)? The dry runs count steps (ops/probe.rs).
    pub fn begins_step(self) -> bool {
        matches!(self, Ask::SpecialSpace(_) | Ask::ProcessBaseSpace)
    }

    /// The question about pieces of type `t`, saying which pieces ("Move how many
    /// Police?" rather than "How many?"), for the kinds that count or move one type.
    pub fn about_pieces(self, t: PieceType) -> Question {
        use crate::kernel::{Faction::*, PieceKind::*};
        let text = match (self, t.faction, t.kind) {
            (Ask::PatrolCount, _, Troops) => "Patrol: move how many Troops?",
            (Ask::PatrolCount, _, _) => "Patrol: move how many Police?",
            (Ask::RedeployTo, _, Troops) => "Redeploy the Troops to which space?",
            (Ask::RedeployTo, _, _) => "Redeploy the Police to which space?",
            (Ask::RedeployCount, _, Troops) => "Redeploy how many Troops?",
            (Ask::RedeployCount, _, _) => "Redeploy how many Police?",
            (Ask::DeployCount, Govt, Troops) => "Place how many Troops?",
            (Ask::DeployCount, Govt, Police) => "Place how many Police?",
            (Ask::DeployCount, Govt, _) => "Place how many Government Bases?",
            (Ask::DeployCount, Farc, Base) => "Place how many FARC Bases?",
            (Ask::DeployCount, Farc, _) => "Place how many FARC Guerrillas?",
            (Ask::DeployCount, Auc, Base) => "Place how many AUC Bases?",
            (Ask::DeployCount, Auc, _) => "Place how many AUC Guerrillas?",
            (Ask::DeployCount, Cartels, Base) => "Place how many Cartels Bases?",
            (Ask::DeployCount, Cartels, _) => "Place how many Cartels Guerrillas?",
            _ => self.text(),
        };
        Question::new(self, text)
    }

    /// The English text of the engine's own questions (a card's question carries its own).
    pub fn text(self) -> &'static str {
        use Ask::*;
        match self {
            None => "",
            Action => "Execute the Event or an Operation, or Pass?",
            Discord => "Insurgent Discord: should this Non-player execute the Event (if it has an effect)?",
            Ship => "Ship: remove a Shipment for a free Limited Operation?",
            ShipConsent => "Remove your Shipment so that they may Ship?",
            ShipSpace => "Remove the Shipment in which space?",
            ShipOperation => "Which free Limited Operation?",
            FreeOperation => "Which free Operation?",
            FreeOperationHere => "Which free Operation here?",
            FreeSpecial => "Which free Special Activity?",
            OperationSpace(op) => match op {
                Op::Train => "Train in which space?",
                Op::Patrol => "Patrol in which space?",
                Op::Sweep => "Sweep into which space?",
                Op::Assault => "Assault in which space?",
                Op::Rally => "Rally in which space?",
                Op::March => "March into which space?",
                Op::Attack => "Attack in which space?",
                Op::Terror => "Terror in which space?",
            },
            AddSpecial => "Add a Special Activity?",
            SpecialSpace(sa) => match sa {
                Special::AirLift => "Air Lift in which space?",
                Special::AirStrike => "Air Strike which Department or LoC?",
                Special::Eradicate => "Eradicate in which Department?",
                Special::Extort => "Extort in which space?",
                Special::Ambush => "Ambush in which space?",
                Special::Kidnap => "Kidnap in which Terror space?",
                Special::Assassinate => "Assassinate in which Terror space?",
                Special::Cultivate => "Cultivate in which space?",
                Special::Process => "Place a Shipment in which space?",
                Special::Bribe => "Bribe in which space?",
            },
            RemovePiece => "Remove which piece?",
            RemoveHolder => "Remove the Guerrilla that holds a Shipment?",
            ActivateFaction => "Activate a Guerrilla of which Faction?",
            OwnRemovalSpace => "Remove your own pieces from which space?",
            OwnRemovalBeforeEvent => "Before the Event: remove your own pieces from which space (1.4.1)?",
            OwnRemovalPiece => "Remove which piece?",
            ShipmentsCarried => "How many of them carry Shipments?",
            ShipmentTaker => "Which Guerrilla takes the Shipment?",
            Contraband => "Contraband: hand the Shipment to a Guerrilla?",
            ShipmentRescue => "Transfer the Shipment to which Guerrilla?",
            TransferSpace => "Transfer a Shipment in which space?",
            TransferTo => "Transfer the Shipment to which Guerrilla?",
            TrainTroops => "Place how many Troops?",
            TrainPolice => "Place how many Police?",
            TrainStep => "Then a Base or Civic Action?",
            TrainBaseSpace => "Replace 3 cubes with a Base where?",
            TrainBaseCube => "Replace which cube?",
            TrainCivicSpace => "Civic Action where?",
            CivicAgain => "Another Civic Action step here?",
            PatrolFrom => "Patrol: move cubes from which space?",
            PatrolCubes => "Move which cubes?",
            PatrolTo => "Move them to which LoC or City?",
            PatrolCount => "How many?",
            PatrolAssault => "Free Assault in which LoC?",
            SweepTroopsFrom => "Move Troops in from which space?",
            SweepTroopsCount => "How many Troops?",
            SweepPoliceFrom => "Move 1 Police in from which space?",
            AirLiftFrom => "Air Lift Troops from which space?",
            AirLiftTo => "Air Lift them to which space?",
            AirLiftCount => "Air Lift how many Troops?",
            EradicateShift => "Shift which Department toward Opposition?",
            KidnapTarget => "Kidnap from which Faction?",
            KidnapShipmentTaker => "Which FARC Guerrilla takes the Shipment?",
            AssassinatePlace => "Place which AUC piece?",
            CultivateStep => "Relocate a Base, or place one?",
            CultivateFrom => "Relocate the Base from which space?",
            ProcessStep => "Process: remove Bases, or place Shipments?",
            ProcessBaseSpace => "Remove a Cartels Base from which space?",
            ProcessHolder => "Under which Guerrilla?",
            BribeStep => "Bribe: remove cubes, remove or flip Guerrillas, or remove a Base?",
            BribeCube => "Remove which cube?",
            BribeGuerrilla => "Which Guerrilla?",
            BribeHow => "Remove it, or flip it?",
            BribeBase => "Remove which Base?",
            RallyStep => "Rally: which procedure?",
            RallyCount => "Place how many Guerrillas?",
            RegroupFrom => "Move Guerrillas in from which space?",
            RegroupUnderground => "Regroup how many Underground Guerrillas?",
            RegroupActive => "Regroup how many Active Guerrillas?",
            RallyReplace => "Replace which Guerrilla?",
            MarchFrom => "March from which space?",
            MarchTo => "March to which adjacent space?",
            MarchUnderground => "How many Underground Guerrillas?",
            MarchActive => "How many Active Guerrillas?",
            AttackHow => "Attack: roll, or Ambush?",
            TerrorWith => "Terror with an Active or an Underground Guerrilla?",
            BeforeEvent => "Before the Event: remove your own pieces or transfer a Shipment?",
            NegotiateTo => "Negotiation: give Resources or a Shipment to whom?",
            NegotiateWhat => "Give Resources, or a Shipment?",
            NegotiateAmount => "How many Resources?",
            NegotiateShipSpace => "Hand over the Shipment in which space?",
            NegotiateShipTo => "To which of their Guerrillas?",
            DeploySpace => "Open Deployment: place pieces in which space?",
            DeployCount => "How many?",
            TakeHolder => "Take the Guerrilla that holds a Shipment?",
            SabotageLoc => "Sabotage which LoC (too few markers for all)?",
            RemoveMarker => "Remove a Terror or Sabotage marker from which space?",
            DrugProfits => "Drug Profits: a Base here, or +6 Resources?",
            CivicSpace => "Civic Action in which space?",
            AgitateSpace => "Agitate in which space?",
            AgitateAgain => "Agitate here again?",
            FarcZone => "Place the FARC Zone in which Department?",
            EliteBacking => "Elite Backing: free Rally in which space?",
            RedeployTroopsFrom => "Redeploy more Troops from which space?",
            RedeployPoliceFrom => "Redeploy Police from which space?",
            RedeployTo => "Redeploy them to which space?",
            RedeployCount => "How many?",
            Card(c) => match c.method {
                CardMethod::FlipIn => "Flip a Guerrilla in which space?",
                CardMethod::PlaceIn => "Place it in which space?",
                CardMethod::RemoveFrom => "Remove a piece from which space?",
                CardMethod::RemovePiece => "Remove which piece?",
                CardMethod::PlacePiece => "Place which piece?",
                CardMethod::ReplaceWith => "Replace it with which piece?",
                CardMethod::ReplacePiece => "Replace which piece?",
                CardMethod::MovePiece => "Move which piece?",
                CardMethod::MoveFrom => "Move a piece from which space?",
                CardMethod::MoveTo => "Move it to which space?",
                CardMethod::FlipFaction => "Flip a Guerrilla of which Faction?",
                CardMethod::ShipmentOwner => "Remove whose Shipment?",
                CardMethod::ShipmentHolder => "Place the Shipment with which Guerrilla?",
                _ => "",
            },
        }
    }
}

/// A question: what it asks, and its text for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub ask: Ask,
    pub text: Prompt,
}

impl Question {
    /// A question with text of its own (a card script's prompt).
    pub fn new(ask: Ask, text: impl Into<Prompt>) -> Question {
        Question { ask, text: text.into() }
    }
}

impl From<Ask> for Question {
    fn from(ask: Ask) -> Question {
        Question {
            ask,
            text: Prompt::Static(ask.text()),
        }
    }
}
