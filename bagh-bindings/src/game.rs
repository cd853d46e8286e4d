//! A game's start and the moves played from it (`new Game(rules,
//! position, moves)`).

use bagh_core::{Game, Move, Position, Ruleset};

use crate::errors::{ErrorClass, Failure};

/// Where a game starts, when not at its rule set's start.
#[derive(Clone, Debug, PartialEq)]
pub enum Start {
    /// A position string, read against the rules given.
    Text(String),
    /// A position with its own rule set, which the rules given (if any)
    /// must be.
    Position(Position),
}

/// The start of a game under `rules` (given, or `None` for the position's
/// own, else `bagh-chal`) from `start` (none for the rule set's start). A
/// position under other rules than the ones given is a `RulesetError`.
pub fn start_of(rules: Option<Ruleset>, start: Option<Start>) -> Result<Position, Failure> {
    let given = rules.is_some();
    let rules = rules.unwrap_or_default();
    match start {
        None => Ok(Position::new(rules)),
        Some(Start::Text(text)) => Ok(Position::from_text(&text, rules)?),
        Some(Start::Position(position)) => {
            if given && rules != *position.rules() {
                return Err(Failure::new(
                    ErrorClass::Ruleset,
                    format!(
                        "the position is under {} but the rules {} were given",
                        position.rules(),
                        rules
                    ),
                ));
            }
            Ok(position)
        }
    }
}

/// The game from `start` with `moves` played, read one at a time: the
/// first move that cannot be read or played is the error.
pub fn game_of(
    start: Position,
    moves: impl IntoIterator<Item = Result<Move, Failure>>,
) -> Result<Game, Failure> {
    let mut game = Game::from_position(start);
    for mv in moves {
        game.push(mv?)?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_is_read_against_the_rules_given_or_its_own() {
        let two_tigers = Ruleset::preset("two-tigers").unwrap();
        // The start of two-tigers in DESIGN's notation.
        let text = "5/5/1T1T1/5/5 g 18 0";
        let start = start_of(Some(two_tigers), Some(Start::Text(text.into()))).unwrap();
        assert_eq!(start, Position::new(two_tigers));
        // Read against bagh-chal, the same text has too few tigers.
        assert!(start_of(None, Some(Start::Text(text.into()))).is_err());
        // A position keeps its own rule set, and refuses others.
        assert_eq!(start_of(None, Some(Start::Position(start))), Ok(start));
        let error = start_of(Some(Ruleset::default()), Some(Start::Position(start))).unwrap_err();
        assert_eq!(error.class, ErrorClass::Ruleset);
        assert_eq!(start_of(None, None), Ok(Position::new(Ruleset::default())));
    }

    #[test]
    fn moves_are_played_until_the_first_that_fails() {
        let start = Position::new(Ruleset::default());
        let moves = ["c3", "a1a2"].map(|text| text.parse::<Move>().map_err(Failure::from));
        assert_eq!(game_of(start, moves).unwrap().len(), 2);
        // b2 is no tiger move (the tigers stand in the corners).
        let moves = ["c3", "b2", "zz"].map(|text| text.parse::<Move>().map_err(Failure::from));
        let error = game_of(start, moves).unwrap_err();
        assert_eq!(error.class, ErrorClass::IllegalMove);
    }
}
