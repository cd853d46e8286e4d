//! Batched Monte Carlo tree search: PUCT as in AlphaZero, with an optional
//! Gumbel root, over many games at once, the leaves handed to an evaluator
//! in batches (observations and masks in, logits and values out).
//!
//! ```
//! use bagh_core::{Game, Ruleset};
//! use bagh_rl::{Mcts, MctsOptions, NUM_ACTIONS};
//!
//! let mut mcts = Mcts::new(MctsOptions { simulations: 64, ..MctsOptions::default() })?;
//! let games = vec![Game::new(Ruleset::default()); 2];
//! // A uniform evaluator: equal logits, value 0.
//! let out = mcts.search(&games, |_obs, _masks, logits, values| {
//!     logits.fill(0.0);
//!     values.fill(0.0);
//!     Ok::<(), ()>(())
//! }).unwrap();
//! assert_eq!(out.policies.len(), 2 * NUM_ACTIONS);
//! let total: f32 = out.policies[..NUM_ACTIONS].iter().sum();
//! assert!((total - 1.0).abs() < 1e-4);
//! # Ok::<(), bagh_rl::MctsError<()>>(())
//! ```
//!
//! # The search
//!
//! Each simulation descends from the root by PUCT,
//! `Q + c_puct · P · √N(parent) / (1 + N)`, with Q the mean value for the
//! side that played the move (0 before the first visit), to a node not yet
//! evaluated; the game's history is played along the path, so repetition
//! and the no-progress limit end games inside the tree as in a real game.
//! Finished games are valued exactly (1, 0 or -1 for the side to move)
//! without the evaluator. Leaves are gathered over all the games until a
//! batch is full, a virtual loss on their paths steering later descents
//! elsewhere; the batch is evaluated at once, and each value backed up with
//! its sign flipped at every ply. The root's expansion counts as the first
//! simulation.
//!
//! With `dirichlet_weight` > 0 the root's priors are mixed with
//! Dirichlet(`dirichlet_alpha`) noise. With `gumbel`, the root instead
//! samples `considered` actions without replacement by Gumbel-top-k on the
//! logits and shares the simulations among them by sequential halving
//! (Danihelka et al., 2022), keeping at each halving the half with the
//! highest `g + logits + σ(q)`, σ(q) = (50 + max visits) · 0.1 · q; below
//! the root the search stays PUCT. The policy returned is then the improved
//! policy `softmax(logits + σ(completed q))` (unvisited actions completed
//! with the root's value) and the action the halving's winner.

mod gumbel;
mod noise;
mod output;
mod tree;

use bagh_core::{Game, SplitMix64};
use thiserror::Error;

use crate::{write_game_mask, write_game_observation, NUM_ACTIONS, OBSERVATION_SIZE};
use gumbel::{select_halving, Halving};
use output::output;
use tree::{State, Tree};

/// The options of an [`Mcts`].
#[derive(Clone, Debug, PartialEq)]
pub struct MctsOptions {
    /// Simulations per game and search (at least 1).
    pub simulations: u32,
    /// The exploration constant of PUCT.
    pub c_puct: f32,
    /// The Dirichlet noise's concentration at the root.
    pub dirichlet_alpha: f32,
    /// The weight of the noise in the root's priors (0: none).
    pub dirichlet_weight: f32,
    /// The most leaves per call of the evaluator (at least 1).
    pub batch_size: usize,
    /// The seed of the noise.
    pub seed: u64,
    /// A Gumbel root with sequential halving instead of PUCT and noise.
    pub gumbel: bool,
    /// The actions a Gumbel root considers (at least 1).
    pub considered: usize,
}

impl Default for MctsOptions {
    /// 800 simulations, c_puct 1.25, Dirichlet(0.3) at weight 0 (off),
    /// batches of 256, seed 0, a PUCT root (Gumbel: 16 actions).
    fn default() -> MctsOptions {
        MctsOptions {
            simulations: 800,
            c_puct: 1.25,
            dirichlet_alpha: 0.3,
            dirichlet_weight: 0.0,
            batch_size: 256,
            seed: 0,
            gumbel: false,
            considered: 16,
        }
    }
}

/// Why a search failed: an option out of range, or the evaluator's error.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MctsError<E> {
    /// An option out of range.
    #[error("{name}: {reason}")]
    Invalid {
        /// The option.
        name: &'static str,
        /// Why.
        reason: String,
    },
    /// The evaluator returned an error; the search stopped.
    #[error("the evaluator failed")]
    Evaluator(E),
    /// The evaluator answered a value or a logit the search cannot use: a
    /// value that is not a number in [-1, 1], or a legal action's logit that
    /// is NaN or +∞. The search stopped.
    #[error("evaluator answer for leaf {leaf} of its batch: {reason}")]
    BadAnswer {
        /// The leaf's row in the batch, from 0.
        leaf: usize,
        /// What is wrong.
        reason: String,
    },
}

/// Checks an evaluator's values for a batch (each a number in [-1, 1])
/// before anything of it is backed up; the legal logits are checked as
/// each leaf is expanded.
fn check_values<E>(values: &[f32]) -> Result<(), MctsError<E>> {
    for (leaf, &value) in values.iter().enumerate() {
        if !(-1.0..=1.0).contains(&value) {
            return Err(MctsError::BadAnswer {
                leaf,
                reason: format!("value {value} is not a number in [-1, 1]"),
            });
        }
    }
    Ok(())
}

/// The error of a leaf whose legal action has a NaN or +∞ logit.
fn bad_logit<E>(leaf: usize, action: usize, logits: &[f32]) -> MctsError<E> {
    MctsError::BadAnswer {
        leaf,
        reason: format!(
            "the logit of legal action {action} is {}",
            logits[leaf * NUM_ACTIONS + action]
        ),
    }
}

/// What a search returns, one row per game.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchOutput {
    /// The visit counts of the root's moves divided by their sum (Gumbel:
    /// the improved policy), `games × NUM_ACTIONS`; zeros for a finished game.
    pub policies: Vec<f32>,
    /// The root's mean value for its side to move (a finished game's value).
    pub values: Vec<f32>,
    /// The action to play: the most visited, the lowest of equals (Gumbel:
    /// the halving's winner), -1 for a finished game.
    pub actions: Vec<i64>,
}

/// A batched tree search (see the module docs).
#[derive(Clone, Debug)]
pub struct Mcts {
    options: MctsOptions,
    rng: SplitMix64,
    /// The node arenas of the last search, kept for the next.
    arenas: Vec<Vec<tree::Node>>,
}

impl Mcts {
    /// A search with `options`, checked.
    pub fn new<E>(options: MctsOptions) -> Result<Mcts, MctsError<E>> {
        let invalid = |name, reason: &str| {
            Err(MctsError::Invalid {
                name,
                reason: reason.to_string(),
            })
        };
        if options.simulations == 0 {
            return invalid("simulations", "at least one simulation is needed");
        }
        if options.batch_size == 0 {
            return invalid("batch_size", "batches hold at least one leaf");
        }
        if options.considered == 0 {
            return invalid("considered", "a Gumbel root considers at least one action");
        }
        if !(options.c_puct.is_finite() && options.c_puct >= 0.0) {
            return invalid("c_puct", "must be a finite number >= 0");
        }
        if !(0.0..=1.0).contains(&options.dirichlet_weight) {
            return invalid("dirichlet_weight", "must be in [0, 1]");
        }
        if !(options.dirichlet_alpha.is_finite() && options.dirichlet_alpha > 0.0) {
            return invalid("dirichlet_alpha", "must be a finite number > 0");
        }
        Ok(Mcts {
            rng: SplitMix64::new(options.seed),
            options,
            arenas: Vec::new(),
        })
    }

    /// The options.
    pub fn options(&self) -> &MctsOptions {
        &self.options
    }

    /// Searches every game; `evaluate(observations, masks, logits, values)`
    /// gets `k` leaves (`k × OBSERVATION_SIZE` floats, `k × NUM_ACTIONS`
    /// masks) and fills `k × NUM_ACTIONS` logits and `k` values, each for
    /// the leaf's side to move.
    pub fn search<E>(
        &mut self,
        games: &[Game],
        mut evaluate: impl FnMut(&[f32], &[bool], &mut [f32], &mut [f32]) -> Result<(), E>,
    ) -> Result<SearchOutput, MctsError<E>> {
        let batch = self.options.batch_size;
        let mut trees: Vec<Tree> = games
            .iter()
            .map(|game| Tree::new(game.clone(), self.arenas.pop().unwrap_or_default()))
            .collect();
        let mut obs = vec![0.0; batch * OBSERVATION_SIZE];
        let mut masks = vec![false; batch * NUM_ACTIONS];
        let mut logits = vec![0.0; batch * NUM_ACTIONS];
        let mut values = vec![0.0; batch];
        let mut leaves: Vec<(usize, Vec<usize>)> = Vec::with_capacity(batch);

        // The roots first: their expansion is the first simulation.
        for (t, tree) in trees.iter_mut().enumerate() {
            tree.open(0);
            if let State::Terminal(value) = tree.nodes[0].state {
                tree.root_value_sum = value;
            } else {
                leaves.push((t, vec![0]));
            }
        }
        for chunk in leaves.chunks(batch) {
            for (i, (t, _)) in chunk.iter().enumerate() {
                let game = &trees[*t].game;
                write_game_observation(game, &mut obs[i * OBSERVATION_SIZE..]);
                write_game_mask(game, &mut masks[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS]);
            }
            let k = chunk.len();
            evaluate(
                &obs[..k * OBSERVATION_SIZE],
                &masks[..k * NUM_ACTIONS],
                &mut logits[..k * NUM_ACTIONS],
                &mut values[..k],
            )
            .map_err(MctsError::Evaluator)?;
            check_values(&values[..k])?;
            for (i, (t, path)) in chunk.iter().enumerate() {
                let row = &logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS];
                trees[*t]
                    .expand(0, row)
                    .map_err(|action| bad_logit(i, action, &logits))?;
                trees[*t].add_virtual_loss(path);
                trees[*t].back_up(path, values[i]);
            }
        }
        leaves.clear();

        let mut halvings: Vec<Option<Halving>> = trees
            .iter_mut()
            .map(|tree| self.prepare_root(tree))
            .collect();

        let target = self.options.simulations;
        loop {
            // Gather leaves over the games until the batch is full.
            let mut blocked = vec![false; trees.len()];
            let mut in_flight = vec![0u32; trees.len()];
            loop {
                let mut progress = false;
                for t in 0..trees.len() {
                    if leaves.len() >= batch {
                        break;
                    }
                    let tree = &mut trees[t];
                    if blocked[t] || tree.simulations + in_flight[t] >= target {
                        continue;
                    }
                    if matches!(tree.nodes[0].state, State::Terminal(_)) {
                        continue;
                    }
                    // A Gumbel root halves its actions on clean statistics,
                    // once its leaves in flight are back.
                    if in_flight[t] > 0 && halvings[t].as_ref().is_some_and(Halving::due) {
                        blocked[t] = true;
                        continue;
                    }
                    let slot = leaves.len();
                    match descend(tree, &mut halvings[t], self.options.c_puct) {
                        Descent::Leaf(path) => {
                            let depth = path.len() - 1;
                            write_game_observation(&tree.game, &mut obs[slot * OBSERVATION_SIZE..]);
                            let leaf = path.last().copied().unwrap_or(0);
                            tree.write_children_mask(
                                leaf,
                                &mut masks[slot * NUM_ACTIONS..(slot + 1) * NUM_ACTIONS],
                            );
                            for _ in 0..depth {
                                tree.game.pop();
                            }
                            in_flight[t] += 1;
                            leaves.push((t, path));
                            progress = true;
                        }
                        Descent::Finished => progress = true,
                        Descent::Collision => blocked[t] = true,
                    }
                }
                if !progress || leaves.len() >= batch {
                    break;
                }
            }
            if leaves.is_empty() {
                if trees.iter().all(|t| {
                    t.simulations >= target || matches!(t.nodes[0].state, State::Terminal(_))
                }) {
                    break;
                }
                continue;
            }
            let k = leaves.len();
            evaluate(
                &obs[..k * OBSERVATION_SIZE],
                &masks[..k * NUM_ACTIONS],
                &mut logits[..k * NUM_ACTIONS],
                &mut values[..k],
            )
            .map_err(MctsError::Evaluator)?;
            check_values(&values[..k])?;
            for (i, (t, path)) in leaves.drain(..).enumerate() {
                let leaf = *path.last().unwrap_or(&0);
                trees[t]
                    .expand(leaf, &logits[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS])
                    .map_err(|action| bad_logit(i, action, &logits))?;
                trees[t].back_up(&path, values[i]);
            }
        }
        let out = output(&trees, &halvings);
        self.arenas.extend(trees.into_iter().map(|tree| tree.nodes));
        Ok(out)
    }

    /// Root noise, or the Gumbel root's sampled actions.
    fn prepare_root(&mut self, tree: &mut Tree) -> Option<Halving> {
        if tree.nodes[0].state != State::Expanded {
            return None;
        }
        let children: Vec<usize> = tree.children(0).collect();
        if self.options.gumbel {
            let gumbels: Vec<f32> = children
                .iter()
                .map(|_| noise::gumbel(&mut self.rng))
                .collect();
            let root_logits: Vec<f32> = children
                .iter()
                .map(|&c| tree.nodes[c].prior.max(f32::MIN_POSITIVE).ln())
                .collect();
            let mut order: Vec<usize> = (0..children.len()).collect();
            order.sort_by(|&a, &b| {
                (gumbels[b] + root_logits[b]).total_cmp(&(gumbels[a] + root_logits[a]))
            });
            order.truncate(self.options.considered.min(children.len()));
            let m = order.len();
            let phases = (m as f64).log2().ceil().max(1.0) as u32;
            let remaining_sims = self.options.simulations.saturating_sub(1).max(1);
            return Some(Halving {
                gumbels,
                logits: root_logits,
                remaining: order,
                phase_budget: (remaining_sims / phases).max(1),
                phase_used: 0,
            });
        }
        if self.options.dirichlet_weight > 0.0 {
            let noise = noise::dirichlet(
                f64::from(self.options.dirichlet_alpha),
                children.len(),
                &mut self.rng,
            );
            let w = self.options.dirichlet_weight;
            for (&child, eta) in children.iter().zip(noise) {
                let prior = &mut tree.nodes[child].prior;
                *prior = (1.0 - w) * *prior + w * eta;
            }
        }
        None
    }
}

enum Descent {
    /// A new leaf to evaluate: its path from the root, the tree's game
    /// played along it (to be taken back by the caller).
    Leaf(Vec<usize>),
    /// A finished game reached and backed up.
    Finished,
    /// A leaf already waiting for the evaluator.
    Collision,
}

fn descend(tree: &mut Tree, halving: &mut Option<Halving>, c_puct: f32) -> Descent {
    let mut path = vec![0usize];
    let mut node = 0;
    loop {
        match tree.nodes[node].state {
            State::Expanded => {
                let child = match (node, halving.as_mut()) {
                    (0, Some(halving)) => select_halving(tree, halving),
                    _ => tree.select_puct(node, c_puct),
                };
                if let Some(mv) = tree.nodes[child].mv {
                    tree.game.push_unchecked(mv);
                }
                path.push(child);
                node = child;
            }
            State::Terminal(value) => {
                for _ in 1..path.len() {
                    tree.game.pop();
                }
                tree.add_virtual_loss(&path);
                tree.back_up(&path, value);
                return Descent::Finished;
            }
            State::New => {
                tree.open(node);
                if let State::Terminal(value) = tree.nodes[node].state {
                    for _ in 1..path.len() {
                        tree.game.pop();
                    }
                    tree.add_virtual_loss(&path);
                    tree.back_up(&path, value);
                    return Descent::Finished;
                }
                tree.add_virtual_loss(&path);
                return Descent::Leaf(path);
            }
            State::Pending => {
                for _ in 1..path.len() {
                    tree.game.pop();
                }
                return Descent::Collision;
            }
        }
    }
}
