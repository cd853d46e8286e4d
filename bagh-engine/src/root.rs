//! The root: iterative deepening, aspiration windows and MultiPV.
//!
//! Each iteration searches one ply deeper, its root moves ordered by the
//! previous iteration's scores. With one line, the window is set around
//! the previous score (30 thousandths of a result either side, doubled on each failure);
//! with `k` lines, a move must beat the `k`-th best score so far to get an
//! exact score, so the first `k` moves are searched with an open window and
//! the rest with a null window against that floor.

use bagh_core::Move;

use crate::clock::Instant;
use crate::score::{is_proven, Score, INFINITE};
use crate::search::Searcher;

/// A root move and what the search knows of it.
#[derive(Clone, Debug)]
pub(crate) struct RootMove {
    pub mv: Move,
    /// Its score in the last search of it (an upper bound when it did not
    /// beat the floor of its iteration).
    pub score: i32,
    pub pv: Vec<Move>,
}

/// The result of the last completed iteration.
#[derive(Clone, Debug)]
pub(crate) struct Completed {
    pub depth: u32,
    pub seldepth: u32,
    /// Root moves best first; the first `multipv` have exact scores.
    pub moves: Vec<RootMove>,
}

/// What the callback of [`Searcher::iterate`] hears after every iteration.
pub(crate) struct Iteration<'a> {
    pub completed: &'a Completed,
    pub lines: usize,
    pub nodes: u64,
    pub hashfull: u32,
}

impl Searcher<'_> {
    /// One search of the root moves to `depth` within (`alpha`, `beta`);
    /// the moves come back sorted, best first. Returns the best score.
    fn search_root(
        &mut self,
        moves: &mut [RootMove],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        lines: usize,
    ) -> i32 {
        let mut exact: Vec<i32> = Vec::with_capacity(moves.len());
        for root_move in moves.iter_mut() {
            root_move.score = -INFINITE;
        }
        let mut best = -INFINITE;
        for (i, root_move) in moves.iter_mut().enumerate() {
            let floor = if lines == 1 || exact.len() < lines {
                alpha
            } else {
                alpha.max(exact[lines - 1])
            };
            let mv = root_move.mv;
            self.path.push(mv);
            let mut score;
            if i < lines {
                score = -self.search(depth - 1, -beta, -floor, 1).0;
            } else {
                score = -self.search(depth - 1, -floor - 1, -floor, 1).0;
                if score > floor && score < beta && !self.stopped {
                    score = -self.search(depth - 1, -beta, -floor, 1).0;
                }
            }
            self.path.pop();
            if self.stopped {
                break;
            }
            root_move.score = score;
            root_move.pv.clear();
            root_move.pv.push(mv);
            root_move.pv.extend_from_slice(&self.pv[1]);
            if score > floor {
                let at = exact.partition_point(|&s| s >= score);
                exact.insert(at, score);
            }
            if score > best {
                best = score;
                if lines == 1 && score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        // Stable: equal scores keep the previous iteration's order.
        moves.sort_by_key(|root_move| std::cmp::Reverse(root_move.score));
        best
    }

    /// Iterative deepening over `moves` (the root's legal moves, not
    /// empty) from `first_depth` up to `max_depth`, stopping early at
    /// `soft_deadline` (no new iteration is started after it) or when the
    /// best lines are proven within the depth searched. `report` hears
    /// every completed iteration.
    pub(crate) fn iterate(
        &mut self,
        moves: &[Move],
        first_depth: u32,
        max_depth: u32,
        lines: usize,
        soft_deadline: Option<Instant>,
        report: &mut dyn FnMut(Iteration<'_>),
    ) -> Option<Completed> {
        let lines = lines.clamp(1, moves.len().max(1));
        let mut root: Vec<RootMove> = moves
            .iter()
            .map(|&mv| RootMove {
                mv,
                score: -INFINITE,
                pv: vec![mv],
            })
            .collect();
        let mut completed: Option<Completed> = None;
        // Reductions can hide the fastest win: once a result is proven, the
        // depth that proved it is searched again without them (and without
        // cutoffs from results of reduced searches), and so are the deeper
        // ones, so that the distance reported is exact.
        let mut verifying = false;
        let mut depth = first_depth.max(1);
        while depth <= max_depth {
            if completed.is_some() && soft_deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.seldepth = 0;
            self.reduce = !verifying;
            let previous = completed.as_ref().map(|c| c.moves[0].score);
            let mut delta = 30;
            let (mut alpha, mut beta) = match previous {
                Some(score) if lines == 1 && depth >= 4 && !is_proven(score) => {
                    (score - delta, score + delta)
                }
                _ => (-INFINITE, INFINITE),
            };
            loop {
                let score = self.search_root(&mut root, depth as i32, alpha, beta, lines);
                if self.stopped {
                    break;
                }
                if score <= alpha && alpha > -INFINITE {
                    alpha = if delta > 500 {
                        -INFINITE
                    } else {
                        alpha - delta
                    };
                } else if score >= beta && beta < INFINITE {
                    beta = if delta > 500 { INFINITE } else { beta + delta };
                } else {
                    break;
                }
                delta *= 2;
            }
            if self.stopped {
                break;
            }
            let done = Completed {
                depth,
                seldepth: self.seldepth as u32,
                moves: root.clone(),
            };
            if !verifying && done.moves[..lines].iter().any(|m| is_proven(m.score)) {
                verifying = true;
                continue;
            }
            report(Iteration {
                completed: &done,
                lines,
                nodes: self.nodes,
                hashfull: self.tt.hashfull(),
            });
            let proven = done.moves[..lines]
                .iter()
                .all(|m| proven_within(m.score, depth));
            completed = Some(done);
            if proven {
                break;
            }
            depth += 1;
        }
        completed
    }
}

/// Whether `score` is a result that a deeper search cannot change: a win
/// or loss with a known distance no longer than `depth`, or one the tables
/// gave without a distance.
fn proven_within(score: i32, depth: u32) -> bool {
    match Score::from_search(score) {
        Score::Win(Some(d)) | Score::Loss(Some(d)) => d <= depth,
        Score::Win(None) | Score::Loss(None) => true,
        Score::Value(_) | Score::Draw => false,
    }
}
