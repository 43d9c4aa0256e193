//! The search tree of information-set MCTS, open loop: a node is a decision of one Faction
//! reached by a sequence of card-level choices, whatever deck, dice and opponents' answers
//! led there (each iteration draws them anew). A child holds the statistics of one choice:
//! how often it was taken, how often it was legal when its node was reached (its
//! availability, as ISMCTS counts it: a choice legal in some worlds only is not penalised
//! for the others), and the sums of every Faction's reward (maxⁿ: a node picks by its own
//! Faction's).
//!
//! Values are normalised per node (the spread of its children's means) before UCB1: the
//! rewards of a Faction that rarely wins move by hundredths, and without it the
//! exploration term would drown them.

use super::moves::Move;
use abyss_core::kernel::{Dice, Faction};

/// One choice at a node.
#[derive(Clone, Debug)]
pub struct Child {
    pub mv: Move,
    pub visits: u32,
    pub avail: u32,
    /// Sum over the iterations through it of each Faction's reward.
    pub reward: [f64; 4],
    /// Sum of each Faction's win value (1 for a won game; at a cut, the estimate).
    pub win: [f64; 4],
    /// Sum of each Faction's victory margin at the end or the cut.
    pub margin: [f64; 4],
    /// The next decision of the tree after this choice, by who makes it.
    next: [Option<u32>; 4],
}

impl Child {
    fn new(mv: Move) -> Child {
        Child {
            mv,
            visits: 0,
            avail: 0,
            reward: [0.0; 4],
            win: [0.0; 4],
            margin: [0.0; 4],
            next: [None; 4],
        }
    }

    pub fn mean(&self, f: Faction) -> f64 {
        self.reward[f.index()] / f64::from(self.visits.max(1))
    }

    /// Add another tree's statistics of the same choice (root parallelism).
    pub fn absorb(&mut self, o: &Child) {
        self.visits += o.visits;
        self.avail += o.avail;
        for i in 0..4 {
            self.reward[i] += o.reward[i];
            self.win[i] += o.win[i];
            self.margin[i] += o.margin[i];
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    faction: Faction,
    children: Vec<Child>,
}

/// What one simulated game scored, per Faction.
#[derive(Clone, Copy, Debug, Default)]
pub struct Sample {
    pub reward: [f64; 4],
    pub win: [f64; 4],
    pub margin: [i16; 4],
}

/// Where the current iteration stands in the tree.
#[derive(Clone, Copy, Debug)]
enum At {
    /// At the root, not yet decided.
    Root,
    /// After this choice (node, child): the next tree decision hangs below it.
    After(u32, u32),
    /// Out of the tree: the rollout policy plays.
    Out,
}

pub struct Tree {
    nodes: Vec<Node>,
    at: At,
    path: Vec<(u32, u32)>,
    exploration: f64,
    /// Draws which untried choice to expand.
    dice: Dice,
}

impl Tree {
    pub fn new(root: Faction, exploration: f64, seed: u64) -> Tree {
        Tree {
            nodes: vec![Node {
                faction: root,
                children: Vec::new(),
            }],
            at: At::Root,
            path: Vec::new(),
            exploration,
            dice: Dice::new(seed),
        }
    }

    /// Start an iteration at the root.
    pub fn begin(&mut self) {
        self.at = At::Root;
        self.path.clear();
    }

    /// Is the iteration at the root's decision (nothing decided yet)?
    pub fn at_root(&self) -> bool {
        matches!(self.at, At::Root)
    }

    /// Faction `f` decides among `legal` (never empty): the tree's choice, or None once
    /// the iteration has left the tree (the rollout policy decides).
    pub fn decide(&mut self, f: Faction, legal: &[Move]) -> Option<Move> {
        let n = match self.at {
            At::Out => return None,
            At::Root => 0,
            At::After(n, c) => {
                let next = self.nodes[n as usize].children[c as usize].next[f.index()];
                match next {
                    Some(m) => m,
                    None => {
                        // Expansion: the first visit of this decision after that choice.
                        let m = self.nodes.len() as u32;
                        self.nodes.push(Node {
                            faction: f,
                            children: Vec::new(),
                        });
                        self.nodes[n as usize].children[c as usize].next[f.index()] = Some(m);
                        m
                    }
                }
            }
        };
        if self.nodes[n as usize].faction != f || legal.is_empty() {
            self.at = At::Out;
            return None;
        }
        let node = &mut self.nodes[n as usize];
        let mut idx: Vec<usize> = Vec::with_capacity(legal.len());
        for &mv in legal {
            let i = match node.children.iter().position(|c| c.mv == mv) {
                Some(i) => i,
                None => {
                    node.children.push(Child::new(mv));
                    node.children.len() - 1
                }
            };
            node.children[i].avail += 1;
            idx.push(i);
        }
        let untried: Vec<usize> = idx.iter().copied().filter(|&i| node.children[i].visits == 0).collect();
        let pick = if !untried.is_empty() {
            // Try every choice once before comparing; which first is drawn, so that a
            // small budget does not favour the first options listed.
            self.at = At::Out;
            untried[self.dice.below(untried.len() as u32) as usize]
        } else {
            let means: Vec<f64> = idx.iter().map(|&i| node.children[i].mean(f)).collect();
            let lo = means.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = means.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mut best = (f64::NEG_INFINITY, idx[0]);
            for (k, &i) in idx.iter().enumerate() {
                let c = &node.children[i];
                let q = if hi > lo { (means[k] - lo) / (hi - lo) } else { 0.5 };
                let u = q + self.exploration * (f64::from(c.avail).ln() / f64::from(c.visits)).sqrt();
                if u > best.0 {
                    best = (u, i);
                }
            }
            self.at = At::After(n, best.1 as u32);
            best.1
        };
        self.path.push((n, pick as u32));
        Some(node.children[pick].mv)
    }

    /// Credit the iteration's path with what its game scored.
    pub fn backup(&mut self, s: &Sample) {
        for &(n, c) in &self.path {
            let ch = &mut self.nodes[n as usize].children[c as usize];
            ch.visits += 1;
            for i in 0..4 {
                ch.reward[i] += s.reward[i];
                ch.win[i] += s.win[i];
                ch.margin[i] += f64::from(s.margin[i]);
            }
        }
        self.path.clear();
    }

    /// The root's choices with their statistics.
    pub fn root(&self) -> &[Child] {
        &self.nodes[0].children
    }

    pub fn nodes(&self) -> usize {
        self.nodes.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use abyss_core::game::Op;

    #[test]
    fn every_choice_is_tried_once_then_the_better_is_preferred() {
        let f = Faction::Farc;
        let legal = [Move::Pass, Move::Op(Op::Rally), Move::Op(Op::March)];
        let mut t = Tree::new(f, 0.7, 1);
        let mut first = Vec::new();
        for _ in 0..3 {
            t.begin();
            let mv = t.decide(f, &legal).unwrap();
            first.push(mv);
            // Out of the tree after an expansion.
            assert_eq!(t.decide(f, &legal), None);
            let mut s = Sample::default();
            s.reward[f.index()] = if mv == Move::Op(Op::Rally) { 1.0 } else { 0.0 };
            t.backup(&s);
        }
        first.sort_by_key(|m| format!("{m:?}"));
        let mut all = legal.to_vec();
        all.sort_by_key(|m| format!("{m:?}"));
        assert_eq!(first, all, "each choice once");
        for _ in 0..200 {
            t.begin();
            let mv = t.decide(f, &legal).unwrap();
            // The second decision below it: expanded, then out.
            let _ = t.decide(f, &legal);
            let mut s = Sample::default();
            s.reward[f.index()] = if mv == Move::Op(Op::Rally) { 1.0 } else { 0.0 };
            t.backup(&s);
        }
        let rally = t.root().iter().find(|c| c.mv == Move::Op(Op::Rally)).unwrap();
        assert!(rally.visits > 150, "{:?}", t.root());
        assert!(t.root().iter().all(|c| c.avail == 203));
        assert!(t.nodes() > 1);
    }

    #[test]
    fn a_node_maximises_its_own_factions_reward() {
        // The root is FARC's; below each choice the Government decides. The Government's
        // node prefers what is good for the Government even though FARC loses by it.
        let (farc, govt) = (Faction::Farc, Faction::Govt);
        let mut t = Tree::new(farc, 0.5, 2);
        let g_legal = [Move::Op(Op::Train), Move::Op(Op::Sweep)];
        for _ in 0..400 {
            t.begin();
            t.decide(farc, &[Move::Pass]).unwrap();
            let mut s = Sample::default();
            if let Some(g) = t.decide(govt, &g_legal) {
                let good_for_govt = g == Move::Op(Op::Sweep);
                s.reward[govt.index()] = f64::from(u8::from(good_for_govt));
                s.reward[farc.index()] = f64::from(u8::from(!good_for_govt));
            }
            t.backup(&s);
        }
        let below = t.nodes[0].children[0].next[govt.index()].unwrap();
        let sweep = t.nodes[below as usize]
            .children
            .iter()
            .find(|c| c.mv == Move::Op(Op::Sweep))
            .unwrap();
        assert!(sweep.visits > 300, "{:?}", t.nodes[below as usize].children);
    }
}
