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
