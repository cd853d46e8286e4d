//! Move ordering: alpha-beta cuts most when the best move comes first.
//!
//! The order is: the transposition table's move, captures, the goats'
//! answers to a capture threat (a goat onto a point where a tiger would
//! land, or an attacked goat moving away), the two killer moves of the ply
//! (quiet moves that cut off at the same ply elsewhere), then the rest by
//! the history heuristic (how often a move of that side between those two
//! points has cut off, weighted by the depth squared).

use arrayvec::ArrayVec;
use bagh_core::{Move, PointSet, Side, MAX_MOVES};

use crate::tt::encode_move;

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

/// The history entry of a move of `side` from point `from` (25 for a
/// placement) to point `to`.
fn history_index(side: Side, from: usize, to: usize) -> usize {
    usize::from(side == Side::Tiger) * 26 * 25 + from * 25 + to
}

fn move_history_index(side: Side, mv: Move) -> usize {
    let from = mv.from_point().map_or(25, |p| p.index());
    history_index(side, from, mv.to_point().index())
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
        let entry = &mut self.history[move_history_index(side, mv)];
        *entry = (*entry + depth * depth).min(HISTORY_MAX);
    }

    /// What the ordering keys of the moves of a node need: the table's
    /// move, the killers of `ply`, the history of `side`, and for the
    /// goats the points where a tiger would land (`landing`) and the goats
    /// under attack (`attacked`).
    pub(crate) fn scorer(
        &self,
        side: Side,
        tt_move: Option<Move>,
        ply: usize,
        landing: PointSet,
        attacked: PointSet,
    ) -> Scorer<'_> {
        let [killer0, killer1] = self.killers[ply.min(MAX_PLY)].map(encode_move);
        Scorer {
            tt_move: encode_move(tt_move),
            killer0,
            killer1,
            goat: side == Side::Goat,
            landing: landing.bits(),
            attacked: attacked.bits(),
            history: &self.history[history_index(side, 0, 0)..][..26 * 25],
        }
    }
}

/// A node's moves with their ordering keys.
pub(crate) type KeyedMoves = ArrayVec<(i32, Move), MAX_MOVES>;

/// The ordering key of each move of one node (see [`Heuristics::scorer`]).
///
/// Moves are compared by their 16-bit codes (kind, from, to; 0 for none),
/// which tell moves apart as well as the moves themselves do, and the
/// history is read through the same points.
pub(crate) struct Scorer<'a> {
    tt_move: u64,
    killer0: u64,
    killer1: u64,
    goat: bool,
    landing: u32,
    attacked: u32,
    /// The side's history, indexed by `from * 25 + to`.
    history: &'a [i32],
}

impl Scorer<'_> {
    /// The key of `mv`: inlined where the move is made, its kind and points
    /// are known there and most of the work folds away.
    #[inline(always)]
    pub(crate) fn key(&self, mv: Move) -> i32 {
        // `from` 25 for a placement: no point, and no bit of `attacked`.
        let (code, from, to) = match mv {
            Move::Place { to } => (1 << 10 | to.index() as u64, 25, to.index()),
            Move::Step { from, to } => (
                2 << 10 | (from.index() as u64) << 5 | to.index() as u64,
                from.index(),
                to.index(),
            ),
            Move::Capture { from, to, .. } => (
                3 << 10 | (from.index() as u64) << 5 | to.index() as u64,
                from.index(),
                to.index(),
            ),
        };
        if code == self.tt_move {
            TT_MOVE
        } else if code >> 10 == 3 {
            CAPTURE
        } else if self.goat && (self.landing >> to | self.attacked >> from) & 1 != 0 {
            DEFENCE + self.history[from * 25 + to]
        } else if code == self.killer0 {
            KILLER + 1
        } else if code == self.killer1 {
            KILLER
        } else {
            self.history[from * 25 + to]
        }
    }
}

/// Moves the best-keyed move of `moves[i..]` to `i` (a selection sort run
/// one step at a time: a cutoff early saves sorting the rest).
pub(crate) fn pick(moves: &mut [(i32, Move)], i: usize) {
    // The first of the best, as a plain scan would find it.
    let rest = &moves[i..];
    let mut best = 0;
    let mut best_key = rest[0].0;
    for (j, &(key, _)) in rest.iter().enumerate().skip(1) {
        if key > best_key {
            best_key = key;
            best = j;
        }
    }
    moves.swap(i, i + best);
}
