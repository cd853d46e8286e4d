//! Capture threats: where the tigers would land if they captured now, and
//! the goats' answers, which the quiescence search and the move ordering
//! try first.

use bagh_core::{Direction, Move, MoveList, PointSet, Position};

/// The points where a tiger would land if it captured now: goats moving or
/// being placed there, or the attacked goats moving away, are the goats'
/// answers to a capture threat.
pub(crate) fn landing_points(position: &Position) -> PointSet {
    let tigers = position.tigers();
    let goats = position.goats();
    let empty = position.empty();
    let mut out = PointSet::EMPTY;
    for direction in Direction::ALL {
        out |= direction.shift(direction.shift(tigers) & goats) & empty;
    }
    out
}

/// The goats' answers to the capture threats on `attacked`: a goat placed
/// or stepping onto a point where a tiger would land, or an attacked goat
/// stepping away.
pub(crate) fn defences(position: &Position, attacked: PointSet, moves: &mut MoveList) {
    let landing = landing_points(position);
    if position.goats_in_hand() > 0 {
        moves.extend(landing.iter().map(|to| Move::Place { to }));
        return;
    }
    let empty = position.empty();
    let goats = position.goats();
    for direction in Direction::ALL {
        let back = direction.opposite();
        // Goats stepping onto a landing point, or attacked goats stepping
        // onto any empty point.
        let onto_landing = direction.shift(goats) & landing;
        let away = direction.shift(attacked) & empty & !landing;
        for to in onto_landing | away {
            if let Some(from) = back.step(to) {
                moves.push(Move::Step { from, to });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bagh_core::{goats_under_attack, random_game, Ruleset, Side};

    /// The goats' answers are exactly the legal moves onto a landing point
    /// or away from an attacked goat.
    #[test]
    fn defences_are_the_answering_legal_moves() {
        for seed in 0..60 {
            let game = random_game(Position::new(Ruleset::default()), seed, 300);
            for position in game.positions() {
                if position.side_to_move() != Side::Goat || position.is_game_over() {
                    continue;
                }
                let attacked = goats_under_attack(position.tigers(), position.goats());
                let landing = landing_points(position);
                let mut expected: Vec<Move> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| {
                        landing.contains(mv.to_point())
                            || mv.from_point().is_some_and(|p| attacked.contains(p))
                    })
                    .collect();
                let mut got = MoveList::new();
                defences(position, attacked, &mut got);
                let mut got = got.to_vec();
                expected.sort();
                got.sort();
                assert_eq!(got, expected, "{position}");
            }
        }
    }
}
