//! Sequence of play on an Event card (2.3): who is 1st and 2nd Eligible, what each may
//! execute, Pass income, and the eligibility adjustment after the card. Pure functions
//! over the state; the game loop that asks the agents builds on them.

use crate::kernel::{Effect, Faction, Ruleset, State};

/// What the 1st Eligible Faction executed (2.3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Executed {
    /// An Operation without a Special Activity (a Limited Operation counts as one, 2.3.5).
    Operation,
    OperationWithSpecialActivity,
    Event,
}

/// Where a Faction's cylinder stands on the Sequence of Play track (2.2 RECORD STEPS,
/// 2.3): between cards Eligible or Ineligible (2.3.7); on an Event card, the box of what
/// it executed (as 1st or 2nd Eligible) or Passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SopBox {
    Eligible,
    Ineligible,
    /// Passed on this card (2.3.3): it stays Eligible for the next.
    Passed,
    /// The 1st Eligible, by what it executed (2.3.4).
    First(Executed),
    /// The 2nd Eligible, by what it executed: an Operation here is a full one (after the
    /// 1st's Event, or a Non-player's, 8.1).
    Second(Executed),
    /// The 2nd Eligible executed a Limited Operation (2.3.4, 2.3.5).
    SecondLimited,
}

impl SopBox {
    pub const ALL: [SopBox; 10] = [
        SopBox::Eligible,
        SopBox::Ineligible,
        SopBox::Passed,
        SopBox::First(Executed::Event),
        SopBox::First(Executed::Operation),
        SopBox::First(Executed::OperationWithSpecialActivity),
        SopBox::Second(Executed::Event),
        SopBox::Second(Executed::Operation),
        SopBox::Second(Executed::OperationWithSpecialActivity),
        SopBox::SecondLimited,
    ];

    /// The box's word in scenario tests.
    pub fn slug(self) -> &'static str {
        use Executed::*;
        match self {
            SopBox::Eligible => "eligible",
            SopBox::Ineligible => "ineligible",
            SopBox::Passed => "passed",
            SopBox::First(Event) => "1st-event",
            SopBox::First(Operation) => "1st-op",
            SopBox::First(OperationWithSpecialActivity) => "1st-op-sa",
            SopBox::Second(Event) => "2nd-event",
            SopBox::Second(Operation) => "2nd-op",
            SopBox::Second(OperationWithSpecialActivity) => "2nd-op-sa",
            SopBox::SecondLimited => "2nd-limited-op",
        }
    }

    pub fn from_slug(word: &str) -> Option<SopBox> {
        SopBox::ALL.into_iter().find(|b| b.slug() == word)
    }
}

/// How far an offered Operation may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpScope {
    /// An Operation, with a Special Activity if desired.
    Full,
    /// A Limited Operation: 1 space (1 destination), no Special Activity (2.3.5).
    Limited,
    /// Final Event card (2.3.9): Limited, and no Sweep or March.
    FinalLimited,
}

/// What an Eligible Faction may execute instead of Passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Menu {
    pub event: bool,
    pub operation: OpScope,
}

/// The options of the 1st Eligible (`first` None) or of the 2nd, given what the 1st
/// executed (2.3.4), on an ordinary or the final Event card (2.3.9).
pub fn menu(first: Option<Executed>, final_event_card: bool) -> Menu {
    let menu = match first {
        None => Menu {
            event: true,
            operation: OpScope::Full,
        },
        Some(Executed::Operation) => Menu {
            event: false,
            operation: OpScope::Limited,
        },
        Some(Executed::OperationWithSpecialActivity) => Menu {
            event: true,
            operation: OpScope::Limited,
        },
        Some(Executed::Event) => Menu {
            event: false,
            operation: OpScope::Full,
        },
    };
    if final_event_card {
        // 2.3.9: player Operations must be Limited and may not Sweep or March.
        Menu {
            operation: OpScope::FinalLimited,
            ..menu
        }
    } else {
        menu
    }
}

/// The Eligible Factions in the card's left-to-right order (2.3.2); the first two who do
/// not Pass are the 1st and 2nd Eligible.
pub fn eligible_in_order<'a>(order: &'a [Faction], st: &'a State) -> impl Iterator<Item = Faction> + 'a {
    order.iter().copied().filter(|&f| st.eligible(f))
}

/// 2.3.3: a Faction that Passes receives +1 Resources, or +3 if the Government (never
/// past 99, 1.7), and stays Eligible.
pub fn pass(st: &mut State, r: &Ruleset, f: Faction) -> Effect {
    st.gain_resources(r, f, if f == Faction::Govt { 3 } else { 1 })
}

/// What happened to each Faction on a card, for 2.3.7.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CardOutcome {
    /// Executed an Operation (Limited included) or the Event.
    pub executed: [bool; 4],
    /// An Event's say over eligibility for the next card: Some(true) "remains Eligible",
    /// Some(false) "Ineligible through the next card".
    pub event_override: [Option<bool>; 4],
}

/// 2.3.7: Factions that executed become Ineligible, all others Eligible, unless an Event
/// said otherwise.
pub fn adjust_eligibility(st: &mut State, outcome: &CardOutcome) {
    for f in Faction::ALL {
        let i = f.index();
        let eligible = outcome.event_override[i].unwrap_or(!outcome.executed[i]);
        st.set_eligible(f, eligible);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::embedded_rules as rules;

    #[test]
    fn options_of_the_2nd_eligible_depend_on_the_1st() {
        use Executed::*;
        assert_eq!(
            menu(None, false),
            Menu {
                event: true,
                operation: OpScope::Full
            }
        );
        assert_eq!(
            menu(Some(Operation), false),
            Menu {
                event: false,
                operation: OpScope::Limited
            }
        );
        assert_eq!(
            menu(Some(OperationWithSpecialActivity), false),
            Menu {
                event: true,
                operation: OpScope::Limited
            }
        );
        assert_eq!(
            menu(Some(Event), false),
            Menu {
                event: false,
                operation: OpScope::Full
            }
        );
    }

    #[test]
    fn final_event_card_allows_only_limited_operations_without_sweep_or_march() {
        assert_eq!(
            menu(None, true),
            Menu {
                event: true,
                operation: OpScope::FinalLimited
            }
        );
        assert_eq!(
            menu(Some(Executed::Event), true),
            Menu {
                event: false,
                operation: OpScope::FinalLimited
            }
        );
    }

    #[test]
    fn eligible_factions_in_card_order_skip_the_ineligible() {
        let r = rules();
        let mut st = State::empty(&r, 0);
        let order = r.card(28).unwrap().order.clone(); // FARC, AUC, Cartels, Govt
        st.set_eligible(Faction::Auc, false);
        let got: Vec<Faction> = eligible_in_order(&order, &st).collect();
        assert_eq!(got, [Faction::Farc, Faction::Cartels, Faction::Govt]);
    }

    #[test]
    fn passing_pays_1_or_3_up_to_99() {
        let r = rules();
        let mut st = State::empty(&r, 0);
        assert_eq!(
            pass(&mut st, &r, Faction::Govt),
            Effect::Resources {
                faction: Faction::Govt,
                from: 0,
                to: 3
            }
        );
        assert_eq!(
            pass(&mut st, &r, Faction::Cartels),
            Effect::Resources {
                faction: Faction::Cartels,
                from: 0,
                to: 1
            }
        );
        st.add_resources(&r, Faction::Govt, 95).unwrap();
        pass(&mut st, &r, Faction::Govt);
        assert_eq!(st.resources(Faction::Govt), 99);
    }

    #[test]
    fn eligibility_is_adjusted_after_the_card() {
        let r = rules();
        let mut st = State::empty(&r, 0);
        st.set_eligible(Faction::Cartels, false); // sat out the card as Ineligible
        let mut outcome = CardOutcome::default();
        outcome.executed[Faction::Farc.index()] = true;
        outcome.executed[Faction::Govt.index()] = true;
        outcome.event_override[Faction::Govt.index()] = Some(true); // "remains Eligible"
        adjust_eligibility(&mut st, &outcome);
        assert_eq!(Faction::ALL.map(|f| st.eligible(f)), [true, false, true, true]);
    }
}
