//! The Gumbel root: actions sampled by Gumbel-top-k and simulations shared
//! among them by sequential halving (Danihelka et al., 2022).

use super::tree::Tree;

/// The Gumbel root's state: the sampled noise and the actions still in.
pub(crate) struct Halving {
    pub(crate) gumbels: Vec<f32>,
    pub(crate) logits: Vec<f32>,
    pub(crate) remaining: Vec<usize>,
    pub(crate) phase_budget: u32,
    pub(crate) phase_used: u32,
}

impl Halving {
    /// Whether the next root choice halves the actions.
    pub(crate) fn due(&self) -> bool {
        self.phase_used >= self.phase_budget && self.remaining.len() > 1
    }
}

/// σ(q) of Gumbel MuZero (mctx's defaults).
pub(crate) fn sigma(q: f32, max_visits: u32) -> f32 {
    (50.0 + max_visits as f32) * 0.1 * q
}

/// The Gumbel root's choice: the remaining action with the fewest visits,
/// after halving the set when the phase's budget is spent.
pub(crate) fn select_halving(tree: &Tree, halving: &mut Halving) -> usize {
    let first = tree.children(0).start;
    if halving.due() {
        let max_visits = tree
            .children(0)
            .map(|c| tree.nodes[c].visits)
            .max()
            .unwrap_or(0);
        let score = |i: usize| {
            let node = &tree.nodes[first + i];
            halving.gumbels[i] + halving.logits[i] + sigma(node.q(), max_visits)
        };
        halving
            .remaining
            .sort_by(|&a, &b| score(b).total_cmp(&score(a)));
        let keep = halving.remaining.len().div_ceil(2);
        halving.remaining.truncate(keep);
        halving.phase_used = 0;
    }
    halving.phase_used += 1;
    let best = halving
        .remaining
        .iter()
        .copied()
        .min_by_key(|&i| tree.nodes[first + i].visits)
        .unwrap_or(0);
    first + best
}
