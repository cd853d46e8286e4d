//! Probes of positions with goats in hand. The file stores the
//! tigers-to-move positions (see `tiger_bounds`): a goats-to-move position
//! is worth its best placement, one ply over stored entries; a
//! tigers-to-move position is worth the worst of its stored entry and of
//! its captures, which are searched the same way. Each search carries a
//! cap, the most its caller can use, and stops as soon as it is reached;
//! the goats-to-move positions it searched are remembered for the rest of
//! the probe, since placements and captures reach them in several orders.
//! A probe reads at most [`MAX_READS`] entries: the true tables stay far
//! below it, so a probe that needs more has met a damaged file.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use bagh_core::{
    for_each_tiger_move, goats_under_attack, Move, MoveList, Point, PointSet, Position, Side,
};

use super::kept_blocks::KeptBlocks;
use super::memo::{key, Memo};
use super::search_order::SearchOrder;
use super::sections::placement_index;
use super::CompressedTables;
use crate::layout::indexing::binomial;
use crate::placement::runs::to_value;
use crate::{Probe, TablebaseError, Value};

/// The most entries one probe reads.
pub(crate) const MAX_READS: u64 = 1 << 24;

#[cfg(test)]
thread_local! {
    /// In this crate's tests: the most entries a probe of this thread reads.
    pub(crate) static READ_LIMIT: std::cell::Cell<u64> = const { std::cell::Cell::new(MAX_READS) };
}

/// The most entries a probe may read.
fn read_limit() -> u64 {
    #[cfg(test)]
    return READ_LIMIT.with(|limit| limit.get());
    #[cfg(not(test))]
    MAX_READS
}

impl CompressedTables {
    /// The probe of a position with goats in hand and fewer captures than
    /// the target (checked by the caller).
    pub(crate) fn placement_probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        Search::new(self).probe(position)
    }
}

/// One probe's search: the entries it may still read, what it knows, and
/// the blocks it read, partly decoded (the placements of one position
/// often fall in one block).
pub(super) struct Search<'a> {
    tables: &'a CompressedTables,
    reads: u64,
    memo: Memo,
    blocks: KeptBlocks,
    /// Which placements and captures settled its searches so far, tried
    /// first by the next.
    order: SearchOrder,
}

impl<'a> Search<'a> {
    pub(super) fn new(tables: &'a CompressedTables) -> Search<'a> {
        Search {
            tables,
            reads: read_limit(),
            memo: Memo::default(),
            blocks: KeptBlocks::default(),
            order: SearchOrder::default(),
        }
    }

    /// The probe of a position with goats in hand and fewer captures than
    /// the target.
    pub(super) fn probe(&mut self, position: &Position) -> Result<Probe, TablebaseError> {
        match position.side_to_move() {
            Side::Goat => Ok(Probe::new(
                self.goats_value(position, Value::Win, Value::Loss)?,
                None,
            )),
            Side::Tiger if !position.has_legal_move() => Ok(Probe::game_over(Value::Loss)),
            Side::Tiger => Ok(Probe::new(
                self.tigers_value(position, Value::Win, Value::Loss)?.flip(),
                None,
            )),
        }
    }

    /// The goats' value of a goats-to-move position with goats in hand, or
    /// `cap` where that is less, or where the value is at most `floor`,
    /// some value at most `floor` and at least the value (a caller that
    /// only needs to know whether the position beats `floor` is spared the
    /// search of the exact value below it): the best of its placements.
    /// The stored entries of all of them are read first: an entry bounds
    /// its position's value from above and is the value itself where the
    /// tigers cannot capture, so the captures are searched only where they
    /// could matter, the most promising first.
    pub(super) fn goats_value(
        &mut self,
        position: &Position,
        cap: Value,
        floor: Value,
    ) -> Result<Value, TablebaseError> {
        let key = key(position);
        let proven = &self.tables.proven;
        if let Some(value) = self.memo.recall(proven, key, cap, floor) {
            return Ok(value);
        }
        let value = self.best_placement(position, cap, floor)?;
        self.memo.remember(proven, key, value, cap, floor);
        Ok(value)
    }

    fn best_placement(
        &mut self,
        position: &Position,
        cap: Value,
        floor: Value,
    ) -> Result<Value, TablebaseError> {
        let mut best = Value::Loss;
        // Placements whose value needs a search: a bound above it, and
        // whether only the captures are to be searched (a stored entry) or
        // every tiger move (a layer the file leaves out). At most one a
        // point of the board: on the stack, as this is the probe's
        // innermost search.
        let mut open: ArrayVec<(Value, bool, Point, Position), 32> = ArrayVec::new();
        // The placements after which the tigers cannot capture come first:
        // their entries are values, not bounds, so they alone can reach the
        // cap, and the higher the best found, the fewer bounds stay open.
        let answered = placements_answered_by_a_capture(position);
        let order = self.order.placements(position.empty());
        let (quiet, rest): (ArrayVec<Point, 32>, ArrayVec<Point, 32>) = order
            .iter()
            .copied()
            .partition(|&to| !answered.contains(to));
        for to in quiet.into_iter().chain(rest) {
            let mut after = *position;
            after.play_unchecked(Move::Place { to });
            let bound = if after.goats_in_hand() == 0 {
                self.tables.movement_probe(&after)?.value.flip()
            } else if !self.tables.stores_layer(placed(&after)) {
                open.push((cap, false, to, after));
                continue;
            } else {
                let stored = self.stored(&after)?;
                if answered.contains(to) {
                    if stored.min(cap) > best {
                        open.push((stored, true, to, after));
                    }
                    continue;
                }
                stored
            };
            best = best.max(bound.min(cap));
            if best == cap {
                self.order.placement_settled(to);
                return Ok(best);
            }
        }
        open.sort_by_key(|(bound, _, _, _)| std::cmp::Reverse(*bound));
        // The tiger move that refuted the last placement is tried first on
        // the next: it often refutes that one too.
        let mut killer = None;
        for &(bound, captures_only, to, after) in open.iter() {
            // A placement need only be shown no better than this.
            let enough = best.max(floor);
            let most = bound.min(cap);
            if most <= enough {
                // The rest are no better than this bound (the list is
                // sorted): it bounds the value where that is below the floor.
                best = best.max(most);
                break;
            }
            let (value, refutation) =
                self.moves_value_from(&after, most, captures_only, enough, killer)?;
            if value <= enough {
                killer = refutation.or(killer);
            }
            best = best.max(value);
            if best == cap {
                self.order.placement_settled(to);
                break;
            }
        }
        Ok(best)
    }

    /// The goats' value of a tigers-to-move position with goats in hand and
    /// fewer captures than the target, or `cap` where that is less, or some
    /// value at most `floor` where the value is: the stored entry and the
    /// captures; before any goat is placed, or in a layer the file leaves
    /// out (no section), every tiger move.
    pub(super) fn tigers_value(
        &mut self,
        position: &Position,
        cap: Value,
        floor: Value,
    ) -> Result<Value, TablebaseError> {
        if !self.tables.stores_layer(placed(position)) {
            return self.moves_value(position, cap, false, floor);
        }
        let stored = self.stored(position)?;
        self.moves_value(position, stored.min(cap), true, floor)
    }

    /// The stored entry of a tigers-to-move position with goats placed and
    /// in hand: its goats' value or a bound above it.
    fn stored(&mut self, position: &Position) -> Result<Value, TablebaseError> {
        let tables = self.tables;
        if self.reads == 0 {
            // With every layer stored, the true tables stay far below the
            // limit: only damage gets there. Through layers left out, a
            // search early in placement can need more.
            if tables.stored_layers().len() + 1 < usize::from(tables.layout.rules.goats()) {
                return Err(TablebaseError::SearchLimit {
                    nodes: read_limit(),
                });
            }
            return Err(TablebaseError::corrupt(
                &tables.path,
                format!(
                    "the probe of {position} needs more than {} entries",
                    read_limit()
                ),
            ));
        }
        self.reads -= 1;
        let placed = placed(position);
        let captured = position.goats_captured();
        let s = tables.placement[usize::from(placed)][usize::from(captured)];
        let run = binomial(tables.layout.free, u32::from(placed - captured));
        let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
        let index = placement_index(
            &tables.layout,
            tigers,
            goats,
            run,
            tables.orders().placement,
        );
        let entry = self.blocks.entry(tables, s, index)?;
        Ok(to_value(entry as u8))
    }

    /// The worst for the goats of `worst` and of the tigers' moves (only
    /// their captures if `captures_only`), or as soon as that is at most
    /// `floor`, some value at most `floor`: a caller that only needs to
    /// know whether the position beats `floor` stops at the first move
    /// that shows it does not.
    fn moves_value(
        &mut self,
        position: &Position,
        worst: Value,
        captures_only: bool,
        floor: Value,
    ) -> Result<Value, TablebaseError> {
        Ok(self
            .moves_value_from(position, worst, captures_only, floor, None)?
            .0)
    }

    /// [`moves_value`](Self::moves_value), trying `first` (where it is
    /// legal) then the captures before the other moves (among the
    /// captures, those that refuted the most placements so far first),
    /// and the move that gave the value, if one did.
    fn moves_value_from(
        &mut self,
        position: &Position,
        mut worst: Value,
        captures_only: bool,
        floor: Value,
        first: Option<Move>,
    ) -> Result<(Value, Option<Move>), TablebaseError> {
        if worst <= floor {
            return Ok((worst, None));
        }
        // The moves are read in place: a move list is a kilobyte, which
        // copying costs as much as a read of the file.
        let mut moves;
        if captures_only {
            moves = MoveList::new();
            // The captures alone, as the tigers' generator finds them (a
            // capture is legal wherever the tigers can capture). It
            // visits every capture before any step: the first step ends
            // the generation.
            let _ = for_each_tiger_move(
                position.rules(),
                position.tigers(),
                position.goats(),
                |mv| {
                    if !matches!(mv, Move::Capture { .. }) {
                        return ControlFlow::Break(());
                    }
                    moves.push(mv);
                    ControlFlow::Continue(())
                },
            );
            debug_assert!(moves.iter().all(|mv| position.legal_moves().contains(mv)));
            self.order.sort_captures(&mut moves, first);
        } else {
            moves = position.legal_moves();
            moves.sort_unstable_by_key(|mv| {
                (Some(*mv) != first, !matches!(mv, Move::Capture { .. }))
            });
        }
        let mut best_move = None;
        for &mv in moves.iter() {
            let mut after = *position;
            after.play_unchecked(mv);
            let value = if after.is_capture_target_reached() {
                Value::Loss
            } else {
                self.goats_value(&after, worst, floor)?
            };
            if value < worst {
                (worst, best_move) = (value, Some(mv));
            }
            if worst <= floor {
                self.order.refuted(mv);
                break;
            }
        }
        Ok((worst, best_move))
    }
}

/// The goats placed in a position.
fn placed(position: &Position) -> u8 {
    position.rules().goats() - position.goats_in_hand()
}

/// The points of a goats-to-move position where a placement leaves the
/// tigers a capture (a goat with a tiger on one side and an empty point
/// on the other): a few shifts of the boards a point, rather than the
/// tigers' moves generated.
fn placements_answered_by_a_capture(position: &Position) -> PointSet {
    let (tigers, goats) = (position.tigers(), position.goats());
    let mut answered = PointSet::EMPTY;
    for to in position.empty() {
        if !goats_under_attack(tigers, goats | PointSet::single(to)).is_empty() {
            answered.insert(to);
        }
    }
    answered
}

#[cfg(test)]
mod tests {
    use bagh_core::Position;

    use super::READ_LIMIT;
    use crate::{BuildOptions, CompressedTables, Tablebase, TablebaseError};

    /// A probe that would read more entries than its limit (which only a
    /// damaged file makes it do when every layer is stored) stops with an
    /// error naming the file; in a file that leaves out layers, it is the
    /// search's limit.
    #[test]
    fn a_probe_stops_at_its_read_limit() {
        let (dir, full) = crate::compressed::tests::two_corner_tigers();
        let rules = *full.rules();
        let small =
            CompressedTables::compress(&full, dir.path().join("small"), &BuildOptions::default())
                .unwrap();
        let start = Position::new(rules);
        let tables = Tablebase::open(small.path()).unwrap();
        assert_eq!(tables.probe(&start).unwrap(), full.probe(&start).unwrap());
        // Newly opened: nothing proved by the probe above.
        let tables = Tablebase::open(small.path()).unwrap();
        READ_LIMIT.with(|limit| limit.set(2));
        let error = tables.probe(&start).unwrap_err();
        READ_LIMIT.with(|limit| limit.set(super::MAX_READS));
        assert!(matches!(error, TablebaseError::Corrupt { .. }), "{error}");
        let text = error.to_string();
        assert!(
            text.contains("needs more than 2 entries")
                && text.contains(&small.path().display().to_string()),
            "{text}"
        );
        let fewer = CompressedTables::compress_with(
            &full,
            dir.path().join("fewer"),
            &BuildOptions::default(),
            crate::PlacementLayers::leaving_out([2]),
        )
        .unwrap();
        let tables = Tablebase::open(fewer.path()).unwrap();
        READ_LIMIT.with(|limit| limit.set(2));
        let error = tables.probe(&start).unwrap_err();
        READ_LIMIT.with(|limit| limit.set(super::MAX_READS));
        assert!(
            matches!(error, TablebaseError::SearchLimit { nodes: 2 }),
            "{error}"
        );
    }
}
