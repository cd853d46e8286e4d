//! The package's game text: ` 1. G33 B1112 2. G44 Bx1113 ...`.

use super::error::expected;
use super::moves::{parse_move, play, write_move};
use super::{is_repetition_draw, BaghchalError, BaghchalErrorKind, BaghchalText};
use crate::{Game, Point, PointSet, Position, Ruleset, Side};

/// The results of the format.
const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// Reads the package's game text against `rules` (normally [`rules`](super::rules)): the
/// moves are replayed from the start of `rules` and checked, and a result
/// must be the outcome they reach (or, for `1/2-1/2`, a draw by the package's
/// repetition rule; see the module docs).
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
///
/// let game = baghchal::read_game(" 1. G24 B5152 2. G44", baghchal::rules())?;
/// assert_eq!(game.len(), 3);
/// // A capture must be written Bx, as the package itself requires.
/// let error = baghchal::read_game(" 1. G12 B1113", baghchal::rules()).unwrap_err();
/// assert!(matches!(error.kind(), BaghchalErrorKind::CaptureWithoutX { .. }));
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
pub fn read_game(text: &str, rules: Ruleset) -> Result<Game, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Game;
    let mut game = Game::new(rules);
    let mut goat_plies = 0usize;
    let mut ended = false;
    let mut result: Option<(&str, usize)> = None;
    let mut column = 0;
    let mut rest = text;
    loop {
        // The next token and its column.
        let blanks = rest.len() - rest.trim_start().len();
        column += rest[..blanks].chars().count();
        rest = &rest[blanks..];
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let at = column + 1;
        column += token.chars().count();
        rest = &rest[end..];

        if result.is_some() {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::TextAfterEnd {
                    found: token.to_string(),
                },
            ));
        }
        if let Some(written) = RESULTS.iter().find(|r| **r == token) {
            result = Some((written, at));
            continue;
        }
        if ended {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::TextAfterEnd {
                    found: token.to_string(),
                },
            ));
        }
        if let Some(digits) = token.strip_suffix('.') {
            let expected = goat_plies + 1;
            let goat_turn = game.position().side_to_move() == Side::Goat;
            if !goat_turn || digits.parse::<usize>().ok() != Some(expected) {
                return Err(BaghchalError::new(
                    WHAT,
                    at,
                    BaghchalErrorKind::MoveNumber {
                        expected,
                        found: token.to_string(),
                    },
                ));
            }
            continue;
        }
        let (body, last) = match token.strip_suffix('#') {
            Some(body) => (body, true),
            None => (token, false),
        };
        let mv = parse_move(&game, body, at)?;
        let mover = game.position().side_to_move();
        play(&mut game, mv, body, at)?;
        if mover == Side::Goat {
            goat_plies += 1;
        }
        ended = last;
    }

    let actual = game.outcome().map_or("*", |outcome| outcome.result());
    match result {
        Some((written, _)) if written == actual => {}
        Some(("1/2-1/2", _)) if actual == "*" && is_repetition_draw(&game) => {}
        Some((written, at)) => {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::ResultMismatch {
                    written: written.to_string(),
                    actual,
                },
            ))
        }
        None if ended => {
            return Err(expected(
                WHAT,
                text.chars().count() + 1,
                "the result after #",
                "",
            ))
        }
        None => {}
    }
    Ok(game)
}

/// The start of every game of the package: tigers on a1, e1, a5, e5, twenty
/// goats in hand, goats to move.
fn is_standard_start(start: &Position) -> bool {
    let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5]
        .into_iter()
        .collect();
    start.tigers() == corners
        && start.goats().is_empty()
        && start.goats_in_hand() == 20
        && start.goats_captured() == 0
        && start.side_to_move() == Side::Goat
}

/// Writes `game` as the package's game text, exactly as the package writes
/// it: a space before every move number, `#` and the result after the last
/// move of a finished game (finished under the game's rule set, or drawn by
/// the package's repetition rule, see [`is_repetition_draw`]). A game that
/// does not start from the package's start cannot be written.
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::{Game, Move, Position, Ruleset};
///
/// let mut game = Game::new(baghchal::rules());
/// for text in ["b4", "a5b5", "c2"] {
///     game.push(text.parse::<Move>()?)?;
/// }
/// assert_eq!(baghchal::write_game(&game)?, " 1. G22 B1112 2. G43");
///
/// let two_tigers = Game::new(Ruleset::preset("two-tigers").unwrap());
/// assert!(baghchal::write_game(&two_tigers).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(game: &Game) -> Result<String, BaghchalError> {
    if !is_standard_start(game.start()) {
        return Err(BaghchalError::new(
            BaghchalText::Game,
            1,
            BaghchalErrorKind::NotTheStandardStart {
                start: game.start().to_string(),
            },
        ));
    }
    let mut out = String::with_capacity(game.len() * 7);
    let mut goat_plies = 0;
    for (position, mv) in game.positions().iter().zip(game.moves()) {
        out.push(' ');
        if position.side_to_move() == Side::Goat {
            goat_plies += 1;
            out.push_str(&goat_plies.to_string());
            out.push_str(". ");
        }
        out.push_str(&write_move(position, *mv));
    }
    let result = match game.outcome() {
        Some(outcome) => Some(outcome.result()),
        None if is_repetition_draw(game) => Some("1/2-1/2"),
        None => None,
    };
    if let Some(result) = result {
        if !game.is_empty() {
            out.push('#');
        }
        out.push(' ');
        out.push_str(result);
    }
    Ok(out)
}
