//! 2.1 Open Deployment: instead of the Standard Deployment, the players place their
//! forces at the start, Cartels first, then AUC, FARC and Government:
//! - Cartels: their pieces anywhere, at least 4 Bases in Departments with Population;
//! - AUC: anywhere;
//! - FARC: in Departments only;
//! - Government: in Cities or Departments free of FARC Bases.
//!
//! No Base breaks stacking (1.4.2); each Faction places what its Standard Deployment has.

use super::decision::{Choice, Stop};
use super::engine::Game;
use crate::game::question::Ask;
use crate::kernel::{Faction, PieceType, SpaceId};

/// Cartels Bases that must stand in populated Departments (2.1 Open Deployment).
const CARTELS_BASES_IN_POPULATED_DEPARTMENTS: u8 = 4;

impl<'r> Game<'r> {
    fn deploy_ok(&self, t: PieceType, s: SpaceId) -> bool {
        let def = self.def(s);
        let where_ok = match t.faction {
            Faction::Cartels | Faction::Auc => true,
            Faction::Farc => def.is_department(),
            Faction::Govt => !def.is_loc() && self.state.count(s, PieceType::base(Faction::Farc)) == 0,
        };
        where_ok && self.state.can_stack(self.rules, s, t, None).is_ok()
    }

    fn populated_department(&self, s: SpaceId) -> bool {
        self.def(s).is_department() && self.def(s).pop > 0
    }

    /// Run the Open Deployment the set-up asked for, if any.
    pub(crate) fn open_deployment(&mut self) -> Result<(), Stop> {
        let pending = std::mem::take(&mut self.open_deployment);
        for (f, counts) in pending {
            // Bases first, so that the Cartels' Base condition is settled as they go.
            let mut types: Vec<PieceType> = PieceType::all().into_iter().filter(|t| t.faction == f).collect();
            types.sort_by_key(|t| !t.is_base());
            for t in types {
                let mut left = counts[t.index()];
                let mut in_populated = 0u8;
                while left > 0 {
                    let needed = if t == PieceType::base(Faction::Cartels) {
                        CARTELS_BASES_IN_POPULATED_DEPARTMENTS.saturating_sub(in_populated)
                    } else {
                        0
                    };
                    let must_be_populated = needed >= left;
                    let c = self.ask(f, Ask::DeploySpace, None, |g, o| {
                        for s in g.spaces() {
                            if g.deploy_ok(t, s) && (!must_be_populated || g.populated_department(s)) {
                                o.push(Choice::Space(s));
                            }
                        }
                    })?;
                    let Choice::Space(s) = c else {
                        return Err(Stop::Failed("expected a space".into()));
                    };
                    let mut most = left.min(self.room(s, f));
                    if t.is_base() {
                        let bases = self.state.space(s).bases();
                        most = most.min(self.rules.forces.limits.bases_per_space.saturating_sub(bases));
                    }
                    if !self.populated_department(s) {
                        most = most.min(left - needed);
                    }
                    let n = self.ask_number(f, Ask::DeployCount.about_pieces(t), Some(s), 1, most)?;
                    for _ in 0..n {
                        self.state
                            .place(self.rules, s, t)
                            .map_err(|e| Stop::Failed(e.describe(self.rules)))?;
                    }
                    left -= n;
                    if self.populated_department(s) {
                        in_populated += n;
                    }
                }
            }
        }
        Ok(())
    }
}
