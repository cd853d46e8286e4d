//! The moves of a position with goats in hand, from a compressed file:
//! every move's probe, or the moves that keep the value, each by one
//! search (`placement_probe`) that shares what it reads between the moves.

use bagh_core::{Move, Position, Side};

use super::placement_probe::Search;
use super::CompressedTables;
use crate::{Probe, TablebaseError, Value};

impl CompressedTables {
    /// The probe of a position with goats in hand and fewer captures than
    /// the target (checked by the caller), and of every move's result, by
    /// one search; the position's value is the best of its moves'.
    pub(crate) fn placement_moves(
        &self,
        position: &Position,
    ) -> Result<(Probe, Vec<(Move, Probe)>), TablebaseError> {
        let mut search = Search::new(self);
        let moves =
            crate::probe_each_move(position, |after| match crate::capture_target_probe(after) {
                Some(over) => Ok(over),
                None if after.goats_in_hand() == 0 => self.movement_probe(after),
                None => search.probe(after),
            })?;
        let probe = match moves.iter().map(|(_, after)| after.value.flip()).max() {
            Some(value) => Probe::new(value, None),
            // Goats in hand can always be placed: the tigers are trapped.
            None => Probe::game_over(Value::Loss),
        };
        Ok((probe, moves))
    }

    /// The moves that keep the value of a position with goats in hand and
    /// fewer captures than the target (checked by the caller). One search
    /// finds the position's value, then each move is searched only as far
    /// as telling whether it keeps it: a move is no better for its side
    /// than the position, so the search of its result is capped there.
    pub(crate) fn placement_best_moves(
        &self,
        position: &Position,
    ) -> Result<Vec<Move>, TablebaseError> {
        let moves = position.legal_moves();
        if moves.is_empty() {
            return Ok(Vec::new());
        }
        let mut search = Search::new(self);
        let side = position.side_to_move();
        // The position's value for the goats.
        let goats = match side {
            Side::Goat => search.goats_value(position, Value::Win, Value::Loss)?,
            Side::Tiger => search.tigers_value(position, Value::Win, Value::Loss)?,
        };
        // In a lost position every move keeps the value.
        if goats
            == if side == Side::Goat {
                Value::Loss
            } else {
                Value::Win
            }
        {
            return Ok(moves.to_vec());
        }
        // A move's search stops one step past the position's value, on the
        // mover's side of it: such a move does not keep the value.
        let past = match side {
            Side::Goat => Value::from_score(goats.score() - 1),
            Side::Tiger => Value::from_score(goats.score() + 1),
        };
        let mut keeping = Vec::new();
        for mv in moves {
            let mut after = *position;
            after.play_unchecked(mv);
            let keeps = match side {
                Side::Goat if after.goats_in_hand() == 0 => {
                    self.movement_probe(&after)?.value.flip() >= goats
                }
                Side::Goat => search.tigers_value(&after, goats, past)? >= goats,
                // The tigers win: no move is better for them.
                Side::Tiger if after.is_capture_target_reached() => true,
                Side::Tiger => search.goats_value(&after, past, goats)? <= goats,
            };
            if keeps {
                keeping.push(mv);
            }
        }
        Ok(keeping)
    }
}
