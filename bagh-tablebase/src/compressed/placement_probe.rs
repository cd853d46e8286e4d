//! Probes of positions with goats in hand. The file stores the
//! tigers-to-move positions (see `tiger_bounds`): a goats-to-move position
//! is worth its best placement, one ply over stored entries; a
//! tigers-to-move position is worth the worst of its stored entry and of
//! its captures, which are searched the same way. Each search carries a
//! cap, the most its caller can use, and stops as soon as it is reached.

use bagh_core::{Move, Position, Side};

use super::sections::placement_index;
use super::CompressedTables;
use crate::layout::indexing::binomial;
use crate::placement::runs::to_value;
use crate::{Probe, TablebaseError, Value};

impl CompressedTables {
    /// The probe of a position with goats in hand and fewer captures than
    /// the target (checked by the caller).
    pub(crate) fn placement_probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        match position.side_to_move() {
            Side::Goat => Ok(Probe::new(self.goats_value(position, Value::Win)?, None)),
            Side::Tiger if position.legal_moves().is_empty() => Ok(Probe::game_over(Value::Loss)),
            Side::Tiger => Ok(Probe::new(
                self.tigers_value(position, Value::Win)?.flip(),
                None,
            )),
        }
    }

    /// The goats' value of a goats-to-move position with goats in hand, or
    /// `cap` where that is less: the best of its placements.
    fn goats_value(&self, position: &Position, cap: Value) -> Result<Value, TablebaseError> {
        let mut best = Value::Loss;
        for to in position.empty() {
            let mut after = *position;
            after.play_unchecked(Move::Place { to });
            let value = if after.goats_in_hand() == 0 {
                self.movement_probe(&after)?.value.flip()
            } else {
                self.tigers_value(&after, cap)?
            };
            best = best.max(value.min(cap));
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
    fn tigers_value(&self, position: &Position, cap: Value) -> Result<Value, TablebaseError> {
        let rules = &self.layout.rules;
        let placed = rules.goats() - position.goats_in_hand();
        let captured = position.goats_captured();
        let section = self.placement[usize::from(placed)].get(usize::from(captured));
        let mut worst = match section {
            Some(&s) => {
                let run = binomial(self.layout.free, u32::from(placed - captured));
                let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
                let index = placement_index(&self.layout, tigers, goats, run);
                to_value(self.entry(s, index)? as u8).min(cap)
            }
            None => cap,
        };
        if worst == Value::Loss {
            return Ok(worst);
        }
        for mv in position.legal_moves() {
            if section.is_some() && !matches!(mv, Move::Capture { .. }) {
                continue;
            }
            let mut after = *position;
            after.play_unchecked(mv);
            let value = if after.is_capture_target_reached() {
                Value::Loss
            } else {
                self.goats_value(&after, worst)?
            };
            worst = worst.min(value);
            if worst == Value::Loss {
                break;
            }
        }
        Ok(worst)
    }
}
