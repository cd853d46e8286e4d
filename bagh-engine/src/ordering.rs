//! Move ordering: alpha-beta cuts most when the best move comes first.
//!
//! The order is: the transposition table's move, captures, the goats'
//! answers to a capture threat (a goat onto a point where a tiger would
//! land, or an attacked goat moving away), the two killer moves of the ply
//! (quiet moves that cut off at the same ply elsewhere), then the rest by
//! the history heuristic (how often a move of that side between those two
//! points has cut off, weighted by the depth squared).

use arrayvec::ArrayVec;
use bagh_core::{Move, MoveList, PointSet, Side, MAX_MOVES};

/// Plies the search can reach, quiescence included.
pub(crate) const MAX_PLY: usize = 128;

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 29;
const DEFENCE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// Keys below this are quiet moves that are not killers: the moves late
/// move reductions may reduce.
pub(crate) const REDUCIBLE: i32 = KILLER;
const HISTORY_MAX: i32 = 1 << 24;

/// Killers and history, kept across the iterations of a search and (aged)
/// across searches of one game.
pub(crate) struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

fn history_index(side: Side, mv: Move) -> usize {
    let from = mv.from_point().map_or(25, |p| p.index());
    usize::from(side == Side::Tiger) * 26 * 25 + from * 25 + mv.to_point().index()
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * 26 * 25],
        }
    }

    pub(crate) fn clear(&mut self) {
        *self = Heuristics::new();
    }

    /// Between searches: killers are forgotten, history halved.
    pub(crate) fn age(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 2);
    }

    /// Records a quiet move that cut off at `ply` with `depth` to go.
    pub(crate) fn cutoff(&mut self, side: Side, mv: Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply.min(MAX_PLY)];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let entry = &mut self.history[history_index(side, mv)];
        *entry = (*entry + depth * depth).min(HISTORY_MAX);
    }

    /// The ordering key of every move of `moves`.
    pub(crate) fn keys(
        &self,
        moves: &MoveList,
        side: Side,
        tt_move: Option<Move>,
        ply: usize,
        landing: PointSet,
        attacked: PointSet,
    ) -> ArrayVec<i32, MAX_MOVES> {
        let killers = self.killers[ply.min(MAX_PLY)];
        moves
            .iter()
            .map(|&mv| {
                if Some(mv) == tt_move {
                    TT_MOVE
                } else if mv.is_capture() {
                    CAPTURE
                } else if side == Side::Goat
                    && (landing.contains(mv.to_point())
                        || mv.from_point().is_some_and(|p| attacked.contains(p)))
                {
                    DEFENCE + self.history[history_index(side, mv)]
                } else if killers[0] == Some(mv) {
                    KILLER + 1
                } else if killers[1] == Some(mv) {
                    KILLER
                } else {
                    self.history[history_index(side, mv)]
                }
            })
            .collect()
    }
}

/// Moves the best-keyed move of `moves[i..]` to `i` (a selection sort run
/// one step at a time: a cutoff early saves sorting the rest).
pub(crate) fn pick(moves: &mut MoveList, keys: &mut [i32], i: usize) {
    let mut best = i;
    for j in i + 1..moves.len() {
        if keys[j] > keys[best] {
            best = j;
        }
    }
    moves.swap(i, best);
    keys.swap(i, best);
}
