//! Hook points for lasting Events: Government Capabilities (5.3) and Insurgent Momentum
//! (5.4). The rules engine asks these named modifiers wherever a Capability or Momentum
//! card can change an Operation, Special Activity or Propaganda phase; card scripts set
//! them. The kernel knows the hooks by name only, never which card sets them.
//!
//! The state keeps two copies: `lasting` (Capabilities, for the rest of the game) and the
//! effective set (`lasting` plus Momentum). The Reset phase (6.6) drops Momentum by
//! copying `lasting` back over the effective set.

use super::ids::Faction;

/// The value every hook has when no lasting Event is in play is the rule as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modifiers {
    /// Resources per Sweep space (3.2.3: 3).
    pub sweep_cost: u8,
    /// Resources per Assault space (3.2.4: 3).
    pub assault_cost: u8,
    /// Sweep spaces per card (unlimited by the rules: `u8::MAX`).
    pub sweep_max_spaces: u8,
    /// Assault spaces per card (unlimited: `u8::MAX`).
    pub assault_max_spaces: u8,
    /// Troops one Air Lift moves (4.2.1: up to 3; `u8::MAX` = any number).
    pub air_lift_max: u8,
    /// Assault counts a Mountain space as a City (Police remove, Troops 1:1).
    pub assault_mountain_as_city: bool,
    /// Troops per piece removed by Assault in Mountain (3.2.4: 2).
    pub mountain_troops_per_removal: u8,
    /// 1 Police may enter each Sweep space along with the Troops.
    pub sweep_police_may_enter: bool,
    /// Sweep Activates through Troops or through Police, not both (the larger counts).
    pub sweep_troops_or_police: bool,
    /// Patrol conducts a free Assault in every LoC instead of in 1.
    pub patrol_assault_each_loc: bool,
    /// Patrol conducts no free Assault.
    pub patrol_no_assault: bool,
    /// Patrol Activates no Guerrillas.
    pub patrol_no_activation: bool,
    /// No Air Strike.
    pub no_air_strike: bool,
    /// No Sweep or Assault in Departments.
    pub no_sweep_assault_in_departments: bool,
    /// No Government Special Activity in spaces with Guerrillas.
    pub no_govt_special_where_guerrillas: bool,
    /// No Sweep or Assault against these Factions (bit = Faction index).
    pub no_sweep_assault_against: u8,
    /// Civic Action needs at least this many Troops and Police (6.4.1: 1 and 1).
    pub civic_action_min_troops: u8,
    pub civic_action_min_police: u8,
    /// Civic Action spaces per Support Phase that need only Govt Control and any cube.
    pub civic_action_any_cube_spaces: u8,
    /// Terror or Sabotage markers the Government may remove each Sabotage phase (0-N).
    pub sabotage_phase_removals: u8,
    /// Sabotage phase also Sabotages LoCs where Guerrillas equal cubes.
    pub sabotage_when_equal: bool,
    /// Extra Agitation spaces with a FARC piece and no Govt Control (6.4.2).
    pub agitation_extra_spaces: u8,
    /// Cartels Resources per Cartels Base in the Resources phase (6.3.2: 3).
    pub cartels_earnings_per_base: u8,
    /// Spaces where Sweep never Activates Guerrillas (bit = space index).
    pub sweep_never_activates: u64,
}

impl Default for Modifiers {
    fn default() -> Modifiers {
        Modifiers {
            sweep_cost: 3,
            assault_cost: 3,
            sweep_max_spaces: u8::MAX,
            assault_max_spaces: u8::MAX,
            air_lift_max: 3,
            assault_mountain_as_city: false,
            mountain_troops_per_removal: 2,
            sweep_police_may_enter: false,
            sweep_troops_or_police: false,
            patrol_assault_each_loc: false,
            patrol_no_assault: false,
            patrol_no_activation: false,
            no_air_strike: false,
            no_sweep_assault_in_departments: false,
            no_govt_special_where_guerrillas: false,
            no_sweep_assault_against: 0,
            civic_action_min_troops: 1,
            civic_action_min_police: 1,
            civic_action_any_cube_spaces: 0,
            sabotage_phase_removals: 0,
            sabotage_when_equal: false,
            agitation_extra_spaces: 0,
            cartels_earnings_per_base: 3,
            sweep_never_activates: 0,
        }
    }
}

/// What a hook holds, for scripts and tools that set hooks by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HookKind {
    Number,
    Flag,
    /// A Faction slug; setting it adds that Faction.
    Factions,
    /// A space index; setting it adds that space.
    Spaces,
}

/// Every hook by name, with its kind: the list the Lua API and its type definitions use.
pub const HOOKS: &[(&str, HookKind)] = &[
    ("sweep_cost", HookKind::Number),
    ("assault_cost", HookKind::Number),
    ("sweep_max_spaces", HookKind::Number),
    ("assault_max_spaces", HookKind::Number),
    ("air_lift_max", HookKind::Number),
    ("assault_mountain_as_city", HookKind::Flag),
    ("mountain_troops_per_removal", HookKind::Number),
    ("sweep_police_may_enter", HookKind::Flag),
    ("sweep_troops_or_police", HookKind::Flag),
    ("patrol_assault_each_loc", HookKind::Flag),
    ("patrol_no_assault", HookKind::Flag),
    ("patrol_no_activation", HookKind::Flag),
    ("no_air_strike", HookKind::Flag),
    ("no_sweep_assault_in_departments", HookKind::Flag),
    ("no_govt_special_where_guerrillas", HookKind::Flag),
    ("no_sweep_assault_against", HookKind::Factions),
    ("civic_action_min_troops", HookKind::Number),
    ("civic_action_min_police", HookKind::Number),
    ("civic_action_any_cube_spaces", HookKind::Number),
    ("sabotage_phase_removals", HookKind::Number),
    ("sabotage_when_equal", HookKind::Flag),
    ("agitation_extra_spaces", HookKind::Number),
    ("cartels_earnings_per_base", HookKind::Number),
    ("sweep_never_activates", HookKind::Spaces),
];

/// The hooks that forbid or limit an Operation or Special Activity, rather than change how
/// it works. 5.1.2: when the Event being played grants such an activity and says its grant
/// overrides lasting Events, these yield to it; costs, removal rates and procedures
/// (every other hook) still apply.
pub const PROHIBITIONS: &[&str] = &[
    "sweep_max_spaces",
    "assault_max_spaces",
    "no_air_strike",
    "no_sweep_assault_in_departments",
    "no_govt_special_where_guerrillas",
    "no_sweep_assault_against",
];

impl Modifiers {
    /// These modifiers with every prohibition (`PROHIBITIONS`) back at the rule as
    /// written: what an overriding grant of the current Event runs under (5.1.2).
    pub fn yielding_to_grant(&self) -> Modifiers {
        let d = Modifiers::default();
        Modifiers {
            sweep_max_spaces: d.sweep_max_spaces,
            assault_max_spaces: d.assault_max_spaces,
            no_air_strike: d.no_air_strike,
            no_sweep_assault_in_departments: d.no_sweep_assault_in_departments,
            no_govt_special_where_guerrillas: d.no_govt_special_where_guerrillas,
            no_sweep_assault_against: d.no_sweep_assault_against,
            ..*self
        }
    }

    /// Set a hook by name: numbers for Number hooks (`u8::MAX` = unlimited), 0/1 for Flag
    /// hooks, a Faction index for Factions hooks, a space index for Spaces hooks.
    /// A hook's value by name (flags as 0/1, masks as their bits), for scripts that must
    /// respect a Capability or Momentum they do not implement themselves.
    pub fn get(&self, name: &str) -> Option<u64> {
        Some(match name {
            "sweep_cost" => self.sweep_cost as u64,
            "assault_cost" => self.assault_cost as u64,
            "sweep_max_spaces" => self.sweep_max_spaces as u64,
            "assault_max_spaces" => self.assault_max_spaces as u64,
            "air_lift_max" => self.air_lift_max as u64,
            "assault_mountain_as_city" => self.assault_mountain_as_city as u64,
            "mountain_troops_per_removal" => self.mountain_troops_per_removal as u64,
            "sweep_police_may_enter" => self.sweep_police_may_enter as u64,
            "sweep_troops_or_police" => self.sweep_troops_or_police as u64,
            "patrol_assault_each_loc" => self.patrol_assault_each_loc as u64,
            "patrol_no_assault" => self.patrol_no_assault as u64,
            "patrol_no_activation" => self.patrol_no_activation as u64,
            "no_air_strike" => self.no_air_strike as u64,
            "no_sweep_assault_in_departments" => self.no_sweep_assault_in_departments as u64,
            "no_govt_special_where_guerrillas" => self.no_govt_special_where_guerrillas as u64,
            "no_sweep_assault_against" => self.no_sweep_assault_against as u64,
            "civic_action_min_troops" => self.civic_action_min_troops as u64,
            "civic_action_min_police" => self.civic_action_min_police as u64,
            "civic_action_any_cube_spaces" => self.civic_action_any_cube_spaces as u64,
            "sabotage_phase_removals" => self.sabotage_phase_removals as u64,
            "sabotage_when_equal" => self.sabotage_when_equal as u64,
            "agitation_extra_spaces" => self.agitation_extra_spaces as u64,
            "cartels_earnings_per_base" => self.cartels_earnings_per_base as u64,
            "sweep_never_activates" => self.sweep_never_activates,
            _ => return None,
        })
    }

    pub fn set(&mut self, name: &str, value: u8) -> Result<(), String> {
        let flag = value != 0;
        match name {
            "sweep_cost" => self.sweep_cost = value,
            "assault_cost" => self.assault_cost = value,
            "sweep_max_spaces" => self.sweep_max_spaces = value,
            "assault_max_spaces" => self.assault_max_spaces = value,
            "air_lift_max" => self.air_lift_max = value,
            "assault_mountain_as_city" => self.assault_mountain_as_city = flag,
            "mountain_troops_per_removal" => self.mountain_troops_per_removal = value.max(1),
            "sweep_police_may_enter" => self.sweep_police_may_enter = flag,
            "sweep_troops_or_police" => self.sweep_troops_or_police = flag,
            "patrol_assault_each_loc" => self.patrol_assault_each_loc = flag,
            "patrol_no_assault" => self.patrol_no_assault = flag,
            "patrol_no_activation" => self.patrol_no_activation = flag,
            "no_air_strike" => self.no_air_strike = flag,
            "no_sweep_assault_in_departments" => self.no_sweep_assault_in_departments = flag,
            "no_govt_special_where_guerrillas" => self.no_govt_special_where_guerrillas = flag,
            "no_sweep_assault_against" if value < 4 => self.no_sweep_assault_against |= 1 << value,
            "civic_action_min_troops" => self.civic_action_min_troops = value,
            "civic_action_min_police" => self.civic_action_min_police = value,
            "civic_action_any_cube_spaces" => self.civic_action_any_cube_spaces = value,
            "sabotage_phase_removals" => self.sabotage_phase_removals = value,
            "sabotage_when_equal" => self.sabotage_when_equal = flag,
            "agitation_extra_spaces" => self.agitation_extra_spaces = value,
            "cartels_earnings_per_base" => self.cartels_earnings_per_base = value,
            "sweep_never_activates" if value < 64 => self.sweep_never_activates |= 1 << value,
            "no_sweep_assault_against" | "sweep_never_activates" => {
                return Err(format!("hook `{name}`: {value} is out of range"));
            }
            _ => {
                let names: Vec<&str> = HOOKS.iter().map(|h| h.0).collect();
                return Err(format!("no hook named `{name}` (hooks: {})", names.join(", ")));
            }
        }
        Ok(())
    }

    pub fn sweep_assault_allowed_against(&self, f: Faction) -> bool {
        self.no_sweep_assault_against & (1 << f.index()) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_hook_can_be_set_and_unknown_names_are_refused() {
        for (name, kind) in HOOKS {
            let mut m = Modifiers::default();
            m.set(name, if *kind == HookKind::Number { 4 } else { 1 }).unwrap();
            assert_ne!(m, Modifiers::default(), "{name} changed nothing");
        }
        let e = Modifiers::default().set("sweep_cots", 1).unwrap_err();
        assert!(e.contains("no hook named `sweep_cots`"), "{e}");
    }

    #[test]
    fn a_grant_lifts_every_prohibition_and_nothing_else() {
        let mut m = Modifiers::default();
        for (name, kind) in HOOKS {
            m.set(name, if *kind == HookKind::Number { 4 } else { 1 }).unwrap();
        }
        let y = m.yielding_to_grant();
        for (name, _) in HOOKS {
            let lifted = y.get(name) == Modifiers::default().get(name);
            assert_eq!(lifted, PROHIBITIONS.contains(name), "{name}");
        }
    }

    #[test]
    fn faction_hooks_accumulate() {
        let mut m = Modifiers::default();
        m.set("no_sweep_assault_against", Faction::Auc.index() as u8).unwrap();
        m.set("no_sweep_assault_against", Faction::Farc.index() as u8).unwrap();
        assert!(!m.sweep_assault_allowed_against(Faction::Auc));
        assert!(!m.sweep_assault_allowed_against(Faction::Farc));
        assert!(m.sweep_assault_allowed_against(Faction::Cartels));
    }
}
