//! The placement phase: the exact value of a position with goats in hand, by
//! alpha-beta search down to the end of placement, where the movement-phase
//! table answers.
//!
//! The placement phase has no cycles (a goat is placed every other ply), so
//! plain search is exact. Values are win, draw or loss for the side to move;
//! the search uses a window on these three values, a transposition table
//! keyed by the canonical image of a position under the eight symmetries
//! (bounds, so that cut-off results are reused), and move ordering: tiger
//! captures first, goat placements that expose the fewest goats first.

use bagh_core::{goats_under_attack, Move, Position, Side};

use crate::layout::fold::image;
use crate::memory::filled;
use crate::{MovementTable, Probe, TablebaseError, Value};

/// -1 loss, 0 draw, 1 win for the side to move.
type Score = i8;

/// The canonical key of a position (56 bits): the smallest image of its two
/// sets, then the side to move and the goats in hand.
fn key(position: &Position) -> u64 {
    let (t, g) = (position.tigers().bits(), position.goats().bits());
    let mut best = u64::MAX;
    for s in 0..8 {
        let k = u64::from(image(s, t)) << 25 | u64::from(image(s, g));
        best = best.min(k);
    }
    // The captured count follows from the goats on the board and in hand.
    best | u64::from(position.side_to_move() == Side::Tiger) << 50
        | u64::from(position.goats_in_hand()) << 51
}

/// Searches positions with goats in hand; see the module docs.
pub struct PlacementSolver<'a> {
    table: &'a MovementTable,
    slots: Vec<u64>,
    nodes: u64,
    node_limit: u64,
}

impl std::fmt::Debug for PlacementSolver<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlacementSolver")
            .field("slots", &self.slots.len())
            .field("nodes", &self.nodes)
            .finish()
    }
}

/// Marks a slot that holds nothing.
const EMPTY_SLOT: u64 = u64::MAX;

impl<'a> PlacementSolver<'a> {
    /// The largest transposition table, as a power of two of entries
    /// (2^32 entries of 8 bytes: 32 GiB).
    pub const MAX_SLOTS_LOG2: u32 = 32;

    /// A solver over `table` with a transposition table of `2^slots_log2`
    /// entries of 8 bytes. `slots_log2` must lie in 1 to
    /// [`MAX_SLOTS_LOG2`](Self::MAX_SLOTS_LOG2), and the memory must be
    /// there: otherwise an error, never an abort.
    pub fn new(
        table: &'a MovementTable,
        slots_log2: u32,
    ) -> Result<PlacementSolver<'a>, TablebaseError> {
        if !(1..=Self::MAX_SLOTS_LOG2).contains(&slots_log2) {
            return Err(TablebaseError::InvalidArgument {
                name: "tt_log2",
                value: slots_log2.to_string(),
                expected: "1 to 32 (2^n transposition entries of 8 bytes)",
            });
        }
        let slots = filled(1 << slots_log2, "the transposition table", || EMPTY_SLOT)?;
        Ok(PlacementSolver {
            table,
            slots,
            nodes: 0,
            node_limit: u64::MAX,
        })
    }

    /// Stops a search after this many nodes with [`TablebaseError::SearchLimit`].
    pub fn set_node_limit(&mut self, nodes: u64) {
        self.node_limit = nodes;
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `position` for the side to move under perfect play.
    /// Positions with no goats in hand are probed in the table.
    pub fn solve(&mut self, position: &Position) -> Result<Value, TablebaseError> {
        if position.rules() != self.table.rules() {
            return self.table.probe(position).map(|p| p.value);
        }
        self.search(position, -1, 1).map(Value::from_score)
    }

    /// [`solve`](Self::solve) as a [`Probe`], like the tables answer: the
    /// movement table's probe (with its distance) with no goats in hand, a
    /// distance of 0 for a finished game, and none otherwise (the search
    /// proves values, not distances).
    pub fn probe(&mut self, position: &Position) -> Result<Probe, TablebaseError> {
        if position.goats_in_hand() == 0 || position.rules() != self.table.rules() {
            return self.table.probe(position);
        }
        let value = self.solve(position)?;
        Ok(if position.is_game_over() {
            Probe::game_over(value)
        } else {
            Probe::new(value, None)
        })
    }

    /// Whether the side to move gets at least `value` under perfect play: a
    /// null-window search, cheaper than [`solve`](PlacementSolver::solve).
    /// `at_least(p, Draw) && !at_least(p, Win)` proves a draw.
    pub fn at_least(&mut self, position: &Position, value: Value) -> Result<bool, TablebaseError> {
        if position.rules() != self.table.rules() {
            return self.table.probe(position).map(|p| p.value >= value);
        }
        let beta = value.score();
        Ok(self.search(position, beta - 1, beta)? >= beta)
    }

    /// The value of every legal move of `position`, for the side that plays it.
    pub fn solve_moves(
        &mut self,
        position: &Position,
    ) -> Result<Vec<(Move, Value)>, TablebaseError> {
        let mut out = Vec::new();
        for mv in position.legal_moves() {
            let mut after = *position;
            after.play_unchecked(mv);
            out.push((mv, self.solve(&after)?.flip()));
        }
        Ok(out)
    }

    /// The first of the two slots a key may live in: the first keeps the
    /// entry nearer the root (more goats in hand), the second the latest.
    fn slot_of(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 20) as usize & (self.slots.len() - 2)
    }

    /// The stored bounds of a position, if any.
    fn lookup(&self, key: u64) -> Option<(Score, Score)> {
        let at = self.slot_of(key);
        self.slots[at..at + 2]
            .iter()
            .find(|&&entry| entry != EMPTY_SLOT && entry >> 4 == key)
            .map(|&entry| (((entry >> 2) & 3) as Score - 1, (entry & 3) as Score - 1))
    }

    fn store(&mut self, key: u64, lower: Score, upper: Score) {
        let at = self.slot_of(key);
        let entry = key << 4 | ((lower + 1) as u64) << 2 | (upper + 1) as u64;
        let first = self.slots[at];
        let in_hand = |k: u64| (k >> 51) & 31;
        if first == EMPTY_SLOT || first >> 4 == key || in_hand(first >> 4) <= in_hand(key) {
            self.slots[at] = entry;
        } else {
            self.slots[at + 1] = entry;
        }
    }

    fn search(
        &mut self,
        position: &Position,
        alpha: Score,
        beta: Score,
    ) -> Result<Score, TablebaseError> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(TablebaseError::SearchLimit {
                nodes: self.node_limit,
            });
        }
        if position.goats_in_hand() == 0 || position.is_capture_target_reached() {
            return Ok(self.table.probe(position)?.value.score());
        }
        let key = key(position);
        let (mut alpha, mut beta) = (alpha, beta);
        let (mut lower, mut upper) = (-1, 1);
        if let Some((lo, hi)) = self.lookup(key) {
            if lo >= beta || lo == hi {
                return Ok(lo);
            }
            if hi <= alpha {
                return Ok(hi);
            }
            (lower, upper) = (lo, hi);
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            let winner = position.outcome().and_then(|outcome| outcome.winner);
            return Ok(match winner {
                None => 0,
                Some(side) if side == position.side_to_move() => 1,
                Some(_) => -1,
            });
        }
        let ordered = order(position, &moves);
        let start_alpha = alpha;
        let mut best = -2;
        for (mv, _) in ordered {
            let mut after = *position;
            after.play_unchecked(mv);
            let v = -self.search(&after, -beta, -alpha)?;
            if v > best {
                best = v;
                if best > alpha {
                    alpha = best;
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        if best <= start_alpha {
            upper = upper.min(best);
        } else if best >= beta {
            lower = lower.max(best);
        } else {
            (lower, upper) = (best, best);
        }
        self.store(key, lower, upper);
        Ok(best)
    }
}

/// The moves with a sort key, best first: captures first for the tigers
/// (then moves that threaten most), placements that leave the fewest goats
/// exposed (then the fewest tiger moves) for the goats.
fn order(position: &Position, moves: &bagh_core::MoveList) -> Vec<(Move, i32)> {
    let mut scored: Vec<(Move, i32)> = moves
        .iter()
        .map(|&mv| {
            let mut after = *position;
            after.play_unchecked(mv);
            let threats = goats_under_attack(after.tigers(), after.goats()).len() as i32;
            let s = match (position.side_to_move(), mv) {
                (Side::Tiger, Move::Capture { .. }) => -1000 - threats,
                (Side::Tiger, _) => -threats,
                (Side::Goat, _) => 10 * threats + after.count_legal_moves() as i32,
            };
            (mv, s)
        })
        .collect();
    scored.sort_by_key(|&(_, s)| s);
    scored
}
