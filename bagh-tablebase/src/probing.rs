//! What every probe shares: the rule-set check, finished games, and the
//! moves that keep a value.

use bagh_core::{Move, Position, Ruleset, Side};

use crate::{Probe, TablebaseError, Value};

/// An error when the position is played under another rule set.
pub(crate) fn check_rules(position: &Position, rules: &Ruleset) -> Result<(), TablebaseError> {
    if position.rules() != rules {
        return Err(TablebaseError::RulesMismatch {
            position: position.to_string(),
            position_rules: position.rules().to_string(),
            table_rules: rules.to_string(),
        });
    }
    Ok(())
}

/// The probe of a position where the capture target is reached: a win in
/// 0 for the tigers (a loss in 0 for the goats), goats in hand or not.
pub(crate) fn capture_target_probe(position: &Position) -> Option<Probe> {
    position.is_capture_target_reached().then(|| {
        Probe::game_over(match position.side_to_move() {
            Side::Tiger => Value::Win,
            Side::Goat => Value::Loss,
        })
    })
}

/// Every legal move with `probe` of the position it leads to.
pub(crate) fn probe_each_move(
    position: &Position,
    mut probe: impl FnMut(&Position) -> Result<Probe, TablebaseError>,
) -> Result<Vec<(Move, Probe)>, TablebaseError> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut after = *position;
            after.play_unchecked(mv);
            Ok((mv, probe(&after)?))
        })
        .collect()
}

/// The moves that keep `probe`: where the distance is known, to the
/// flipped value one ply nearer the end (the fastest win, the slowest
/// loss); where it is not (placement), to the flipped value.
pub(crate) fn keeping(probe: Probe, moves: Vec<(Move, Probe)>) -> Vec<Move> {
    let target = probe.after_best_move();
    moves
        .into_iter()
        .filter(|(_, after)| match probe.distance {
            Some(_) => *after == target,
            None => after.value == target.value,
        })
        .map(|(mv, _)| mv)
        .collect()
}

/// The probe of a position with goats in hand and fewer captures than the
/// target (checked by the caller), from the goats' values of goats-to-move
/// positions: stored for the goats to move, one ply of tiger moves for the
/// tigers (a capture that reaches the target wins at once).
pub(crate) fn placement_probe(
    position: &Position,
    goats_value: impl Fn(&Position) -> Result<Value, TablebaseError>,
) -> Result<Probe, TablebaseError> {
    match position.side_to_move() {
        Side::Goat => Ok(Probe::new(goats_value(position)?, None)),
        Side::Tiger => {
            let moves = position.legal_moves();
            if moves.is_empty() {
                return Ok(Probe::game_over(Value::Loss));
            }
            let mut best = Value::Loss;
            for mv in moves {
                let mut after = *position;
                after.play_unchecked(mv);
                let value = if after.is_capture_target_reached() {
                    Value::Win
                } else {
                    goats_value(&after)?.flip()
                };
                best = best.max(value);
                if best == Value::Win {
                    break;
                }
            }
            Ok(Probe::new(best, None))
        }
    }
}
