//! Probes of positions with goats in hand. The file stores the
//! tigers-to-move positions (see `tiger_bounds`): a goats-to-move position
//! is worth its best placement, one ply over stored entries; a
//! tigers-to-move position is worth the worst of its stored entry and of
//! its captures, which are searched the same way. Each search carries a
//! cap, the most its caller can use, and stops as soon as it is reached.
//! A probe reads at most [`MAX_READS`] entries: the true tables stay far
//! below it, so a probe that needs more has met a damaged file.

use std::ops::ControlFlow;

use bagh_core::{for_each_tiger_move, Move, Position, Side};

use super::sections::placement_index;
use super::CompressedTables;
use crate::layout::indexing::binomial;
use crate::placement::runs::to_value;
use crate::{Probe, TablebaseError, Value};

/// The most entries one probe reads.
pub(crate) const MAX_READS: u64 = 1 << 24;

impl CompressedTables {
    /// The probe of a position with goats in hand and fewer captures than
    /// the target (checked by the caller).
    pub(crate) fn placement_probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        let mut reads = MAX_READS;
        match position.side_to_move() {
            Side::Goat => Ok(Probe::new(
                self.goats_value(position, Value::Win, &mut reads)?,
                None,
            )),
            Side::Tiger if position.legal_moves().is_empty() => Ok(Probe::game_over(Value::Loss)),
            Side::Tiger => Ok(Probe::new(
                self.tigers_value(position, Value::Win, &mut reads)?.flip(),
                None,
            )),
        }
    }

    /// The goats' value of a goats-to-move position with goats in hand, or
    /// `cap` where that is less: the best of its placements. The stored
    /// entries of all of them are read first: an entry bounds its
    /// position's value from above and is the value itself where the
    /// tigers cannot capture, so the captures are searched only where they
    /// could matter, the most promising first.
    fn goats_value(
        &self,
        position: &Position,
        cap: Value,
        reads: &mut u64,
    ) -> Result<Value, TablebaseError> {
        let mut best = Value::Loss;
        let mut open: Vec<(Value, Position)> = Vec::new();
        for to in position.empty() {
            let mut after = *position;
            after.play_unchecked(Move::Place { to });
            let bound = if after.goats_in_hand() == 0 {
                self.movement_probe(&after)?.value.flip()
            } else {
                let stored = self.stored(&after, reads)?;
                if can_capture(&after) {
                    if stored.min(cap) > best {
                        open.push((stored, after));
                    }
                    continue;
                }
                stored
            };
            best = best.max(bound.min(cap));
            if best == cap {
                return Ok(best);
            }
        }
        open.sort_by_key(|(bound, _)| std::cmp::Reverse(*bound));
        for (bound, after) in open {
            if bound.min(cap) <= best {
                break;
            }
            best = best.max(self.captures_value(&after, bound.min(cap), reads)?);
            if best == cap {
                break;
            }
        }
        Ok(best)
    }

    /// The goats' value of a tigers-to-move position with goats in hand and
    /// fewer captures than the target, or `cap` where that is less: the
    /// stored entry and the captures; before any goat is placed (no
    /// section), every tiger move.
    fn tigers_value(
        &self,
        position: &Position,
        cap: Value,
        reads: &mut u64,
    ) -> Result<Value, TablebaseError> {
        let placed = self.layout.rules.goats() - position.goats_in_hand();
        if placed == 0 {
            return self.moves_value(position, cap, false, reads);
        }
        let stored = self.stored(position, reads)?;
        self.captures_value(position, stored.min(cap), reads)
    }

    /// The stored entry of a tigers-to-move position with goats placed and
    /// in hand: its goats' value or a bound above it.
    fn stored(&self, position: &Position, reads: &mut u64) -> Result<Value, TablebaseError> {
        if *reads == 0 {
            return Err(TablebaseError::corrupt(
                &self.path,
                format!("the probe of {position} needs more than {MAX_READS} entries"),
            ));
        }
        *reads -= 1;
        let placed = self.layout.rules.goats() - position.goats_in_hand();
        let captured = position.goats_captured();
        let s = self.placement[usize::from(placed)][usize::from(captured)];
        let run = binomial(self.layout.free, u32::from(placed - captured));
        let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
        let index = placement_index(&self.layout, tigers, goats, run);
        Ok(to_value(self.entry(s, index)? as u8))
    }

    /// The worst for the goats of `bound` and of the tigers' captures.
    fn captures_value(
        &self,
        position: &Position,
        bound: Value,
        reads: &mut u64,
    ) -> Result<Value, TablebaseError> {
        self.moves_value(position, bound, true, reads)
    }

    /// The worst for the goats of `worst` and of the tigers' moves (only
    /// their captures if `captures_only`).
    fn moves_value(
        &self,
        position: &Position,
        mut worst: Value,
        captures_only: bool,
        reads: &mut u64,
    ) -> Result<Value, TablebaseError> {
        if worst == Value::Loss {
            return Ok(worst);
        }
        for mv in position.legal_moves() {
            if captures_only && !matches!(mv, Move::Capture { .. }) {
                continue;
            }
            let mut after = *position;
            after.play_unchecked(mv);
            let value = if after.is_capture_target_reached() {
                Value::Loss
            } else {
                self.goats_value(&after, worst, reads)?
            };
            worst = worst.min(value);
            if worst == Value::Loss {
                break;
            }
        }
        Ok(worst)
    }
}

/// Whether the tigers to move in `position` have a capture.
fn can_capture(position: &Position) -> bool {
    for_each_tiger_move(
        position.rules(),
        position.tigers(),
        position.goats(),
        |mv| match mv {
            Move::Capture { .. } => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        },
    )
    .is_break()
}
