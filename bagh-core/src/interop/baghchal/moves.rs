//! Points and moves in the package's notation: `G33`, `B1112`, `Bx1113`.

use super::error::expected;
use super::{BaghchalError, BaghchalErrorKind, BaghchalText};
use crate::{Game, Move, Point, Position, Side};

/// The point written `rc` (row from the top, column from the left, both 1-5).
fn point(row: u8, column: u8) -> Option<Point> {
    if (1..=5).contains(&row) && (1..=5).contains(&column) {
        Point::new(column - 1, 5 - row)
    } else {
        None
    }
}

/// A point in the package's notation: row from the top, then column.
fn write_point(out: &mut String, point: Point) {
    out.push(char::from(b'5' - point.rank()));
    out.push(char::from(b'1' + point.file()));
}

/// Reads one move (without its `#`) at column `at`.
pub(super) fn parse_move(game: &Game, body: &str, at: usize) -> Result<Move, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Game;
    let (side, capture, digits, digits_at) = if let Some(digits) = body.strip_prefix("Bx") {
        (Side::Tiger, true, digits, at + 2)
    } else if let Some(digits) = body.strip_prefix('B') {
        (Side::Tiger, false, digits, at + 1)
    } else if let Some(digits) = body.strip_prefix('G') {
        (Side::Goat, false, digits, at + 1)
    } else {
        return Err(expected(
            WHAT,
            at,
            "a move number, a move (G, B or Bx and points) or the result",
            body,
        ));
    };
    let mut points = Vec::with_capacity(2);
    let mut chars = digits.chars().enumerate();
    while let Some((index, row)) = chars.next() {
        let column = chars.next();
        let parsed = match (row.to_digit(10), column.and_then(|(_, c)| c.to_digit(10))) {
            (Some(r @ 1..=5), Some(c @ 1..=5)) => point(r as u8, c as u8),
            _ => None,
        };
        match parsed {
            Some(p) => points.push(p),
            None => {
                return Err(expected(
                    WHAT,
                    digits_at + index,
                    "a point: a row 1-5 then a column 1-5",
                    &digits.chars().skip(index).take(2).collect::<String>(),
                ))
            }
        }
    }
    let mv = match (side, capture, points.as_slice()) {
        (Side::Goat, false, [to]) => Move::Place { to: *to },
        (_, false, [from, to]) => Move::Step {
            from: *from,
            to: *to,
        },
        (Side::Tiger, true, [from, to]) => match Move::capture(*from, *to) {
            Some(capture) => capture,
            None => {
                let step = Move::Step {
                    from: *from,
                    to: *to,
                };
                let kind = if game.legal_moves().contains(&step) {
                    BaghchalErrorKind::NotACapture {
                        found: body.to_string(),
                        expected: write_move(game.position(), step),
                    }
                } else {
                    BaghchalErrorKind::IllegalMove(crate::illegal_move::in_game_alone(game, step))
                };
                return Err(BaghchalError::new(WHAT, at, kind));
            }
        },
        _ => {
            return Err(expected(
                WHAT,
                at,
                match side {
                    Side::Goat => "G and one point (a placement) or two (a move)",
                    Side::Tiger => "B or Bx and two points",
                },
                body,
            ))
        }
    };
    let to_move = game.position().side_to_move();
    if side != to_move {
        return Err(BaghchalError::new(
            WHAT,
            at,
            BaghchalErrorKind::WrongSide {
                found: body.to_string(),
                to_move,
            },
        ));
    }
    Ok(mv)
}

/// Plays `mv`, written `body` at column `at`, or says why it cannot be played.
pub(super) fn play(game: &mut Game, mv: Move, body: &str, at: usize) -> Result<(), BaghchalError> {
    let error = match game.push(mv) {
        Ok(()) => return Ok(()),
        Err(error) => error,
    };
    let kind = match mv {
        Move::Step { from, to } => match Move::capture(from, to) {
            Some(capture) if game.legal_moves().contains(&capture) => {
                BaghchalErrorKind::CaptureWithoutX {
                    found: body.to_string(),
                    expected: write_move(game.position(), capture),
                }
            }
            _ => BaghchalErrorKind::IllegalMove(error),
        },
        Move::Capture { from, to, .. } => {
            let step = Move::Step { from, to };
            if game.legal_moves().contains(&step) {
                BaghchalErrorKind::NotACapture {
                    found: body.to_string(),
                    expected: write_move(game.position(), step),
                }
            } else {
                BaghchalErrorKind::IllegalMove(error)
            }
        }
        Move::Place { .. } => BaghchalErrorKind::IllegalMove(error),
    };
    Err(BaghchalError::new(BaghchalText::Game, at, kind))
}

/// A move of `position` in the package's notation.
pub(super) fn write_move(position: &Position, mv: Move) -> String {
    let mut out = String::with_capacity(6);
    match mv {
        Move::Place { to } => {
            out.push('G');
            write_point(&mut out, to);
        }
        Move::Step { from, to } => {
            out.push(match position.side_to_move() {
                Side::Goat => 'G',
                Side::Tiger => 'B',
            });
            write_point(&mut out, from);
            write_point(&mut out, to);
        }
        Move::Capture { from, to, .. } => {
            out.push_str("Bx");
            write_point(&mut out, from);
            write_point(&mut out, to);
        }
    }
    out
}
