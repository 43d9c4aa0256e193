//! One iteration's world: the real game as its searching Faction knows it, with what
//! nobody knows drawn anew, played from the decision to an end or a cut.
//!
//! The game is resumed at the start of the card being played (`View::card_start`: the
//! open position, the cards seen, the rolls to come), with the unseen deck drawn anew; the
//! answers given on the card so far are replayed (with the real dice: those rolls are
//! made and public), which brings it to the question the real game is asking — checked
//! against the real position — and there its future dice are drawn anew. From there the
//! tree's Factions take their card-level choices from the tree (crates/agents/src/search/tree.rs) while
//! it lasts, then from the rollout policy; the bots complete every choice.
//!
//! The real game is never touched: everything here is a new game built from what the
//! searching agent was shown.

use super::config::{Completer, Opponents, Rollout, SearchConfig};
use super::moves::Move;
use super::policy::{Completion, Specials, specials_possible};
use super::tree::{Sample, Tree};
use crate::nonplayer::NonPlayer;
use abyss_core::content::Seating;
use abyss_core::game::playout::Replay;
use abyss_core::game::{Agent, Ask, CardStart, Choice, Game, RandomAgent, Request, Stop, View, Watcher};
use abyss_core::kernel::{Dice, Faction, Ruleset, State};
use std::cell::RefCell;
use std::rc::Rc;

/// The decision being searched, as the searching agent was shown it.
pub struct Root<'a> {
    pub rules: &'a Ruleset,
    pub faction: Faction,
    pub start: &'a CardStart,
    pub seating: &'a Seating,
    /// Every answer so far: those before the card, then those on it.
    pub answers: &'a [(Faction, Choice)],
    /// The position now.
    pub state: &'a State,
    /// The card-level choices, in the request's order.
    pub moves: Vec<Move>,
}

impl<'a> Root<'a> {
    pub fn new(view: &View<'a>, req: &Request, start: &'a CardStart) -> Root<'a> {
        let mut moves = Vec::new();
        Move::of(req, specials_possible(view, req.faction), &mut moves);
        Root {
            rules: view.rules,
            faction: req.faction,
            start,
            seating: view.seating,
            answers: view.answers,
            state: view.state,
            moves,
        }
    }
}

/// What the searching Factions' agents share in one iteration: the tree, and the check
/// that the world reached the real position.
struct Shared<'a> {
    tree: Tree,
    root: &'a Root<'a>,
    /// A world that did not reach the real question: why (a bug, reported).
    off: Option<String>,
}

/// A Faction that decides in the tree: its card-level choices from the tree while the
/// iteration is in it, else from the rollout policy; the rest from its completion.
struct Seat<'a> {
    faction: Faction,
    shared: Rc<RefCell<Shared<'a>>>,
    completion: Completion,
    rollout: Rollout,
    completer: Completer,
    /// Seeds the random rollout's and completion's agents.
    seed: u64,
    moves: Vec<Move>,
}

impl Agent for Seat<'_> {
    fn decide(&mut self, view: &View, req: &Request) -> Result<usize, Stop> {
        if req.ask != Ask::Action {
            return self.completion.decide(view, req);
        }
        let mut sh = self.shared.borrow_mut();
        if sh.tree.at_root() {
            if let Some(why) = off_the_root(sh.root, view, req) {
                sh.off = Some(why.clone());
                return Err(Stop::Failed(why));
            }
            self.moves.clone_from(&sh.root.moves);
        } else {
            Move::of(req, specials_possible(view, self.faction), &mut self.moves);
        }
        let chosen = sh.tree.decide(self.faction, &self.moves);
        drop(sh);
        match chosen {
            Some(mv) => {
                self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                self.completion = Completion::for_move(self.faction, mv, self.completer, self.seed);
                mv.index_in(req)
                    .ok_or_else(|| Stop::Failed(format!("the search chose {mv:?}, not an option")))
            }
            None => {
                self.completion = match self.rollout {
                    Rollout::Bots => Completion::bot(self.faction, Specials::AsPlanned),
                    Rollout::Random => {
                        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
                        Completion::Random(RandomAgent::new(self.seed))
                    }
                };
                self.completion.decide(view, req)
            }
        }
    }

    fn noted(&mut self, rules: &Ruleset, f: Faction, c: Choice) -> Result<(), Stop> {
        self.completion.noted(rules, f, c)
    }
}

/// Why the world's question is not the real one, if it is not: the replay must bring the
/// resumed game to the same question in the same position (dice aside: they are drawn
/// anew right before it).
fn off_the_root(root: &Root, view: &View, req: &Request) -> Option<String> {
    if req.faction != root.faction || view.answers.len() != root.answers.len() {
        return Some(format!(
            "the search's world asked {} at answer {}, the real game {} at answer {}",
            req.faction.name(),
            view.answers.len(),
            root.faction.name(),
            root.answers.len()
        ));
    }
    let mut real = root.state.clone();
    real.dice.clone_from(&view.state.dice);
    if real != *view.state {
        let diff = abyss_core::content::export::differences(root.rules, root.state, view.state);
        return Some(format!(
            "the search's world reached another position than the real game: {}",
            diff.join("; ")
        ));
    }
    None
}

/// Stops a simulated game before the card after its `n`-th Propaganda card.
struct Horizon(u8);

impl Watcher for Horizon {
    fn before_card(&mut self, game: &Game) -> bool {
        game.propaganda_played < self.0
    }
}

/// SplitMix64: a seed for each thread, iteration and agent from one seed.
pub fn mix(a: u64, b: u64) -> u64 {
    let mut z = a
        .wrapping_add(b.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One thread's search: its tree, grown by `iterations` simulated games.
pub struct Searcher<'a> {
    shared: Rc<RefCell<Shared<'a>>>,
    config: SearchConfig,
    seed: u64,
    /// Simulated games that stopped on a failure (an Event's dead end, say): not scored.
    pub failures: u32,
    /// The first such failure.
    pub first_failure: Option<String>,
}

impl<'a> Searcher<'a> {
    pub fn new(root: &'a Root<'a>, config: SearchConfig, seed: u64) -> Searcher<'a> {
        Searcher {
            shared: Rc::new(RefCell::new(Shared {
                tree: Tree::new(root.faction, config.exploration, mix(seed, 0x7EE)),
                root,
                off: None,
            })),
            config,
            seed,
            failures: 0,
            first_failure: None,
        }
    }

    /// Play iteration `i`. Err only when the world missed the real question (a bug).
    pub fn iterate(&mut self, i: u64) -> Result<(), Stop> {
        let seed = mix(self.seed, i + 1);
        let root = self.shared.borrow().root;
        let r = root.rules;
        let mut dice = Dice::new(seed);
        let deck = root.start.deck_drawn(r, &mut dice);
        let future = mix(seed, u64::from(dice.below(u32::MAX)));
        self.shared.borrow_mut().tree.begin();
        let c = &self.config;
        let mut live: Vec<Option<Box<dyn Agent + 'a>>> = Vec::with_capacity(4);
        let mut mirror = [false; 4];
        for f in Faction::ALL {
            let searching = f == root.faction || c.opponents == Opponents::Tree;
            live.push(Some(if searching {
                Box::new(Seat {
                    faction: f,
                    shared: self.shared.clone(),
                    completion: Completion::bot(f, Specials::AsPlanned),
                    rollout: c.rollout,
                    completer: c.completion,
                    seed: mix(seed, 100 + f.index() as u64),
                    moves: Vec::new(),
                })
            } else {
                // Kept in step with the card's replayed answers, as in the real game.
                mirror[f.index()] = true;
                match c.rollout {
                    Rollout::Bots => Box::new(NonPlayer::new(f)),
                    Rollout::Random => Box::new(RandomAgent::new(mix(seed, 200 + f.index() as u64))),
                }
            }));
        }
        let since = root.answers[root.start.answers..].to_vec();
        let (_, agents) = Replay::resume(since, live, mirror);
        let before = root.answers[..root.start.answers].to_vec();
        let mut game = Game::resume(r, root.start, root.seating.clone(), before, deck, agents);
        game.redraw_dice_at(root.answers.len(), future);
        if c.horizon > 0 {
            game.telemetry.watcher = Some(Box::new(Horizon(
                root.start.propaganda_played.saturating_add(c.horizon),
            )));
        }
        let result = game.play();
        let sample = match result {
            Ok(outcome) => {
                let mut s = Sample {
                    margin: outcome.margins,
                    ..Sample::default()
                };
                for f in outcome.winner() {
                    s.win[f.index()] = 1.0;
                }
                s
            }
            Err(Stop::Paused) => cut(r, &game.state),
            Err(e) => {
                let mut sh = self.shared.borrow_mut();
                if let Some(why) = sh.off.take() {
                    return Err(Stop::Failed(why));
                }
                // Not scored; the path it took is dropped.
                sh.tree.begin();
                self.failures += 1;
                self.first_failure.get_or_insert_with(|| e.to_string());
                return Ok(());
            }
        };
        let mut sample = sample;
        for i in 0..4 {
            let m = (f64::from(sample.margin[i]) / 20.0).clamp(-1.0, 1.0);
            sample.reward[i] = sample.win[i] + self.config.margin_weight * m;
        }
        self.shared.borrow_mut().tree.backup(&sample);
        Ok(())
    }

    /// The root's choices and their statistics.
    pub fn root_stats(&self) -> Vec<super::tree::Child> {
        self.shared.borrow().tree.root().to_vec()
    }

    pub fn nodes(&self) -> usize {
        self.shared.borrow().tree.nodes()
    }
}

/// A game cut at the horizon, scored by its margins: each Faction's win value is its share
/// of a softmax over the four margins (7.3: the highest margin wins at the end; a margin
/// above 0 wins at a victory check, 7.2). Temperature 3 margin points.
fn cut(r: &Ruleset, st: &State) -> Sample {
    let margin = Faction::ALL.map(|f| abyss_core::game::victory_margin(r, st, f));
    let top = f64::from(*margin.iter().max().unwrap_or(&0));
    let e = margin.map(|m| ((f64::from(m) - top) / 3.0).exp());
    let sum: f64 = e.iter().sum();
    Sample {
        win: e.map(|x| x / sum),
        margin,
        reward: [0.0; 4],
    }
}
