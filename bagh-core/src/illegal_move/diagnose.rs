//! The diagnosis of a refused move: the first rule it breaks, in the order
//! a player would check them (whose turn, which piece, where it goes, how it
//! gets there, what the rule set demands, the history).

use super::{IllegalMoveError, IllegalMoveReason};
use crate::position::outcome_words;
use crate::{Direction, Game, Move, Outcome, Point, Position, Side, TigerMoves};

/// What the diagnosis found; the caller adds the move and the position.
struct Refusal {
    reason: IllegalMoveReason,
    message: String,
    suggestion: Option<Move>,
    captures: Vec<Move>,
}

fn refusal(reason: IllegalMoveReason, message: String) -> Refusal {
    Refusal {
        reason,
        message,
        suggestion: None,
        captures: Vec::new(),
    }
}

fn error(position: &Position, mv: Move, refusal: Refusal) -> IllegalMoveError {
    let mut error =
        IllegalMoveError::new(mv, position.to_string(), refusal.reason, refusal.message);
    error.suggestion = refusal.suggestion;
    error.captures = refusal.captures;
    error
}

fn game_over(position: &Position, mv: Move, outcome: Outcome) -> IllegalMoveError {
    IllegalMoveError::new(
        mv,
        position.to_string(),
        IllegalMoveReason::GameOver,
        format!("the game is over: {}", outcome_words(outcome)),
    )
}

/// Why `mv` is refused in `position`, a position where it is not legal.
pub(crate) fn in_position(position: &Position, mv: Move) -> IllegalMoveError {
    if let Some(outcome) = position.outcome() {
        return game_over(position, mv, outcome);
    }
    error(
        position,
        mv,
        diagnose(position, mv, &|m| position.is_legal(m)),
    )
}

/// Why `mv` is refused in `game`, whose playable moves are `playable` and
/// whose outcome is `outcome`.
pub(crate) fn in_game(
    game: &Game,
    mv: Move,
    playable: &[Move],
    outcome: Option<Outcome>,
) -> IllegalMoveError {
    let position = game.position();
    if let Some(outcome) = outcome {
        return game_over(position, mv, outcome);
    }
    if position.is_legal(mv) {
        // Legal on the board but not playable: the history forbids it.
        let mut next = *position;
        next.play_unchecked(mv);
        let earlier = game.positions().iter().rposition(|p| *p == next);
        let Some(ply) = earlier else {
            return error(position, mv, not_legal());
        };
        let message = format!(
            "this move repeats an earlier position, that of ply {ply}, which the rule set forbids"
        );
        let mut error = error(
            position,
            mv,
            refusal(IllegalMoveReason::Repetition, message),
        );
        error.repeated_ply = Some(ply);
        return error;
    }
    error(
        position,
        mv,
        diagnose(position, mv, &|m| playable.contains(&m)),
    )
}

/// Why `game` refuses `mv`, found from the game alone.
pub(crate) fn in_game_alone(game: &Game, mv: Move) -> IllegalMoveError {
    in_game(game, mv, &game.legal_moves(), game.outcome())
}

/// The fallback when no rule is broken (not expected: callers only ask about
/// moves they refused).
fn not_legal() -> Refusal {
    refusal(
        IllegalMoveReason::NotLegal,
        "not a legal move here".to_string(),
    )
}

/// The reason `mv` is not legal in `position` (which is not over);
/// `playable` tells which moves the caller accepts, for the suggestions.
fn diagnose(position: &Position, mv: Move, playable: &dyn Fn(Move) -> bool) -> Refusal {
    let side = position.side_to_move();
    let (from, to) = match mv {
        Move::Place { to } => return placement(position, to),
        Move::Step { from, to } => (from, to),
        Move::Capture { from, to, .. } => (from, to),
    };
    let Some((direction, distance)) = Direction::between(from, to) else {
        return refusal(
            IllegalMoveReason::NotALine,
            format!("{from} and {to} are not on one line of the board"),
        );
    };
    if mv.is_capture() && Move::capture(from, to) != Some(mv) {
        return refusal(
            IllegalMoveReason::NotALine,
            format!(
                "a capture jumps over the point between {from} and {to}, one point away from each"
            ),
        );
    }
    match position.piece_at(from) {
        Some(piece) if piece != side => {
            return refusal(
                IllegalMoveReason::WrongSide,
                format!("{side}s are to move, and {from} holds a {piece}"),
            )
        }
        None if !(side == Side::Goat && position.is_placement_phase()) => {
            return refusal(
                IllegalMoveReason::NoPiece,
                format!("there is no {side} on {from}"),
            )
        }
        _ => {}
    }
    if side == Side::Goat && position.is_placement_phase() {
        return refusal(
            IllegalMoveReason::PlacementPhase,
            format!(
                "goats are placed while goats remain in hand ({} in hand); \
                 a goat moves only once all are placed",
                position.goats_in_hand()
            ),
        );
    }
    if let Some(piece) = position.piece_at(to) {
        return occupied(to, piece);
    }
    if let Move::Capture { over, .. } = mv {
        return not_a_capture(position, from, over, to, playable);
    }
    if distance > 1 {
        let over = direction.step(from);
        let capture = Move::capture(from, to);
        if let (Some(over), Some(capture)) = (over, capture) {
            if side == Side::Tiger && position.goats().contains(over) && playable(capture) {
                return Refusal {
                    suggestion: Some(capture),
                    ..refusal(
                        IllegalMoveReason::CaptureWithoutX,
                        format!(
                            "{mv} jumps over the goat on {over}, and a capture is written \
                             with x: did you mean {capture}?"
                        ),
                    )
                };
            }
        }
        if side == Side::Goat {
            return refusal(
                IllegalMoveReason::SlideNotAllowed,
                "goats move one point at a time".to_string(),
            );
        }
        if position.rules().tiger_moves() == TigerMoves::Step {
            return refusal(
                IllegalMoveReason::SlideNotAllowed,
                "tigers move one point at a time under this rule set (tiger_moves=step)"
                    .to_string(),
            );
        }
        if let Some((blocker, piece)) = first_piece_between(position, from, direction, distance) {
            return refusal(
                IllegalMoveReason::Blocked,
                format!(
                    "the slide passes over {blocker}, which holds a {piece}; \
                     a slide crosses empty points only"
                ),
            );
        }
    }
    if side == Side::Tiger && position.rules().mandatory_capture() {
        let captures: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| m.is_capture())
            .collect();
        if !captures.is_empty() {
            let list: Vec<String> = captures.iter().map(Move::to_string).collect();
            return Refusal {
                captures,
                ..refusal(
                    IllegalMoveReason::CaptureMandatory,
                    format!("a capture is mandatory here: {}", list.join(", ")),
                )
            };
        }
    }
    not_legal()
}

/// Why placing a goat on `to` is refused.
fn placement(position: &Position, to: Point) -> Refusal {
    if position.side_to_move() == Side::Tiger {
        return refusal(
            IllegalMoveReason::WrongSide,
            format!("tigers are to move, and {to} would place a goat"),
        );
    }
    if !position.is_placement_phase() {
        return refusal(
            IllegalMoveReason::NoGoatsInHand,
            "no goats are left in hand; a goat now moves from one point to the next, as in b2b3"
                .to_string(),
        );
    }
    match position.piece_at(to) {
        Some(piece) => occupied(to, piece),
        None => not_legal(),
    }
}

fn occupied(to: Point, piece: Side) -> Refusal {
    refusal(
        IllegalMoveReason::Occupied,
        format!("{to} is not empty: a {piece} stands there"),
    )
}

/// Why a capture from `from` over `over` to the empty `to` is refused.
fn not_a_capture(
    position: &Position,
    from: Point,
    over: Point,
    to: Point,
    playable: &dyn Fn(Move) -> bool,
) -> Refusal {
    if position.side_to_move() == Side::Goat {
        return refusal(
            IllegalMoveReason::NotACapture,
            "goats do not capture; only tigers do".to_string(),
        );
    }
    let found = match position.piece_at(over) {
        Some(Side::Tiger) => format!("{over} holds a tiger, and only goats are captured"),
        Some(Side::Goat) => return not_legal(),
        None => format!("there is no goat on {over} to capture"),
    };
    let step = Move::Step { from, to };
    if playable(step) {
        return Refusal {
            suggestion: Some(step),
            ..refusal(
                IllegalMoveReason::NotACapture,
                format!("{found}: did you mean {step}?"),
            )
        };
    }
    refusal(IllegalMoveReason::NotACapture, found)
}

/// The first point holding a piece strictly between `from` and the point
/// `distance` steps away along `direction`, with its piece.
fn first_piece_between(
    position: &Position,
    from: Point,
    direction: Direction,
    distance: u8,
) -> Option<(Point, Side)> {
    let mut point = from;
    for _ in 1..distance {
        point = direction.step(point)?;
        if let Some(piece) = position.piece_at(point) {
            return Some((point, piece));
        }
    }
    None
}
