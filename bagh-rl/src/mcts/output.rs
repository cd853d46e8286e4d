//! What a search returns: the policies, values and actions of its roots.

use super::gumbel::{sigma, Halving};
use super::tree::{State, Tree};
use super::SearchOutput;
use crate::NUM_ACTIONS;

pub(crate) fn output(trees: &[Tree], halvings: &[Option<Halving>]) -> SearchOutput {
    let n = trees.len();
    let mut policies = vec![0.0; n * NUM_ACTIONS];
    let mut values = vec![0.0; n];
    let mut actions = vec![-1; n];
    for (t, tree) in trees.iter().enumerate() {
        let root = &tree.nodes[0];
        if let State::Terminal(value) = root.state {
            values[t] = value;
            continue;
        }
        let value = tree.root_value_sum / tree.simulations.max(1) as f32;
        values[t] = value;
        let row = &mut policies[t * NUM_ACTIONS..(t + 1) * NUM_ACTIONS];
        let children = tree.children(0);
        let action = |c: usize| tree.nodes[c].mv.map_or(0, crate::encode);
        match &halvings[t] {
            Some(halving) => {
                let max_visits = children
                    .clone()
                    .map(|c| tree.nodes[c].visits)
                    .max()
                    .unwrap_or(0);
                let completed = |c: usize| {
                    let node = &tree.nodes[c];
                    if node.visits > 0 {
                        node.q()
                    } else {
                        value
                    }
                };
                let scores: Vec<f32> = children
                    .clone()
                    .enumerate()
                    .map(|(i, c)| halving.logits[i] + sigma(completed(c), max_visits))
                    .collect();
                let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let total: f32 = scores.iter().map(|s| (s - max).exp()).sum();
                for (c, s) in children.clone().zip(&scores) {
                    row[action(c)] = (s - max).exp() / total;
                }
                let first = children.start;
                let winner = halving
                    .remaining
                    .iter()
                    .copied()
                    .max_by(|&a, &b| {
                        let score = |i: usize| {
                            halving.gumbels[i]
                                + halving.logits[i]
                                + sigma(completed(first + i), max_visits)
                        };
                        score(a).total_cmp(&score(b))
                    })
                    .unwrap_or(0);
                actions[t] = action(first + winner) as i64;
            }
            None => {
                let total: u32 = children.clone().map(|c| tree.nodes[c].visits).sum();
                for c in children.clone() {
                    row[action(c)] = tree.nodes[c].visits as f32 / total.max(1) as f32;
                }
                // The most visited; of equals, the lowest action (numpy's argmax).
                let mut best = 0;
                for (a, share) in row.iter().enumerate() {
                    if *share > row[best] {
                        best = a;
                    }
                }
                actions[t] = best as i64;
            }
        }
    }
    SearchOutput {
        policies,
        values,
        actions,
    }
}
