//! One search tree: nodes in an arena, PUCT selection with virtual loss,
//! expansion from an evaluator's logits, and backing up values.

use bagh_core::{Game, Move, Side};

use crate::encode;

/// Where a node stands in the search.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) enum State {
    /// Not reached yet.
    New,
    /// Its children exist; their priors wait for the evaluator.
    Pending,
    /// Children with priors.
    Expanded,
    /// The game is over here; the value is for the side to move.
    Terminal(f32),
}

/// A node: the move that leads to it, its statistics from the point of
/// view of the side that played that move, and its children.
#[derive(Clone, Debug)]
pub(crate) struct Node {
    pub(crate) mv: Option<Move>,
    pub(crate) prior: f32,
    pub(crate) visits: u32,
    /// The sum of values for the side that moved into this node.
    pub(crate) value_sum: f32,
    pub(crate) first_child: u32,
    pub(crate) children: u16,
    pub(crate) state: State,
}

impl Node {
    fn new(mv: Option<Move>) -> Node {
        Node {
            mv,
            prior: 0.0,
            visits: 0,
            value_sum: 0.0,
            first_child: 0,
            children: 0,
            state: State::New,
        }
    }

    /// The mean value for the side that moved into this node (0 unvisited).
    pub(crate) fn q(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        }
    }
}

/// The value of a finished game for the side to move.
pub(crate) fn terminal_value(game: &Game) -> f32 {
    let side: Side = game.side_to_move();
    match game.outcome().and_then(|outcome| outcome.winner) {
        Some(winner) if winner == side => 1.0,
        Some(_) => -1.0,
        None => 0.0,
    }
}

/// A tree over one root game.
pub(crate) struct Tree {
    pub(crate) game: Game,
    pub(crate) nodes: Vec<Node>,
    /// The root's value for its side to move, summed over simulations.
    pub(crate) root_value_sum: f32,
    pub(crate) simulations: u32,
}

impl Tree {
    /// A tree over `game`, its nodes kept in `nodes` (emptied first: an
    /// arena handed back from an earlier search keeps its memory).
    pub(crate) fn new(game: Game, mut nodes: Vec<Node>) -> Tree {
        nodes.clear();
        nodes.push(Node::new(None));
        Tree {
            game,
            nodes,
            root_value_sum: 0.0,
            simulations: 0,
        }
    }

    /// Writes the mask of a pending node's moves (its children's) into
    /// `out`, without generating them again.
    pub(crate) fn write_children_mask(&self, node: usize, out: &mut [bool]) {
        out.fill(false);
        for child in self.children(node) {
            if let Some(slot) = self.nodes[child].mv.and_then(|mv| out.get_mut(encode(mv))) {
                *slot = true;
            }
        }
    }

    pub(crate) fn children(&self, node: usize) -> std::ops::Range<usize> {
        let first = self.nodes[node].first_child as usize;
        first..first + usize::from(self.nodes[node].children)
    }

    /// Creates the children of `node`, whose game is the tree's game as it
    /// stands: the node becomes pending, or terminal when the game is over.
    pub(crate) fn open(&mut self, node: usize) {
        let moves = self.game.legal_moves();
        if moves.is_empty() {
            self.nodes[node].state = State::Terminal(terminal_value(&self.game));
            return;
        }
        self.nodes[node].first_child = self.nodes.len() as u32;
        self.nodes[node].children = moves.len() as u16;
        self.nodes[node].state = State::Pending;
        self.nodes
            .extend(moves.iter().map(|mv| Node::new(Some(*mv))));
    }

    /// Sets the priors of a pending node's children to the softmax of
    /// `logits` (one per action) over their moves.
    /// Errors: the action of a child whose logit is NaN or +∞ (nothing is
    /// expanded then).
    pub(crate) fn expand(&mut self, node: usize, logits: &[f32]) -> Result<(), usize> {
        let children = self.children(node);
        for child in children.clone() {
            if let Some(action) = self.nodes[child].mv.map(encode) {
                if logits
                    .get(action)
                    .is_some_and(|&l| l.is_nan() || l == f32::INFINITY)
                {
                    return Err(action);
                }
            }
        }
        let max = children
            .clone()
            .map(|c| logit(logits, &self.nodes[c]))
            .fold(f32::NEG_INFINITY, f32::max);
        let mut total = 0.0;
        for child in children.clone() {
            let p = (logit(logits, &self.nodes[child]) - max).exp();
            self.nodes[child].prior = p;
            total += p;
        }
        let uniform = 1.0 / children.len().max(1) as f32;
        for child in children {
            let prior = &mut self.nodes[child].prior;
            *prior = if total.is_finite() && total > 0.0 {
                *prior / total
            } else {
                uniform
            };
        }
        self.nodes[node].state = State::Expanded;
        Ok(())
    }

    /// The child of `node` with the highest PUCT score.
    pub(crate) fn select_puct(&self, node: usize, c_puct: f32) -> usize {
        let parent = &self.nodes[node];
        let scale = c_puct * (parent.visits.max(1) as f32).sqrt();
        let mut best = (f32::NEG_INFINITY, self.children(node).start);
        for child in self.children(node) {
            let n = &self.nodes[child];
            let score = n.q() + scale * n.prior / (1.0 + n.visits as f32);
            if score > best.0 {
                best = (score, child);
            }
        }
        best.1
    }

    /// Adds a virtual loss along `path` (root first): a visit that counts
    /// as a loss for each mover until the real value arrives.
    pub(crate) fn add_virtual_loss(&mut self, path: &[usize]) {
        for &node in path {
            self.nodes[node].visits += 1;
            self.nodes[node].value_sum -= 1.0;
        }
    }

    /// Replaces the virtual loss of `path` by `value`, the leaf's value for
    /// its side to move (sides alternate at every ply).
    pub(crate) fn back_up(&mut self, path: &[usize], value: f32) {
        // The leaf's mover is the side not to move at the leaf.
        let mut for_mover = -value;
        for &node in path.iter().rev() {
            self.nodes[node].value_sum += 1.0 + for_mover;
            for_mover = -for_mover;
        }
        // Flipped past the root: `for_mover` is the root's side's value.
        self.root_value_sum += for_mover;
        self.simulations += 1;
    }
}

fn logit(logits: &[f32], node: &Node) -> f32 {
    node.mv
        .and_then(|mv| logits.get(encode(mv)).copied())
        .filter(|l| !l.is_nan())
        .unwrap_or(f32::NEG_INFINITY)
}
