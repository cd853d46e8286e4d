//! A refused move and why: the reason, a message that explains it, and the
//! details a program may want (a suggested move, the mandatory captures, the
//! ply whose position the move would repeat).
//!
//! The reason is found once, here in the core, when a move is refused: by
//! [`Position::play`](crate::Position::play) and
//! [`Game::push`](crate::Game::push). Finding it costs nothing on the path
//! of a legal move.
//!
//! ```
//! use bagh_core::{IllegalMoveReason, Move, Position, Ruleset};
//!
//! let position = Position::from_text("T3T/5/5/G4/T3T t 19 0", Ruleset::default())?;
//! let error = position.play("a1a3".parse::<Move>()?).unwrap_err();
//! assert_eq!(error.reason(), IllegalMoveReason::CaptureWithoutX);
//! assert_eq!(error.suggestion(), Some("a1xa3".parse::<Move>()?));
//! assert_eq!(
//!     error.to_string(),
//!     "illegal move a1a3 in T3T/5/5/G4/T3T t 19 0: a1a3 jumps over the goat on a2, \
//!      and a capture is written with x: did you mean a1xa3?"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diagnose;

pub(crate) use diagnose::{in_game, in_game_alone, in_position};

use std::fmt;

use crate::Move;

/// Why a move was refused. Each reason has a kebab-case
/// [`name`](IllegalMoveReason::name), the same in every binding.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum IllegalMoveReason {
    /// The game is already over.
    GameOver,
    /// The piece (or the placement) belongs to the side not to move.
    WrongSide,
    /// No piece of the side to move stands on the move's first point.
    NoPiece,
    /// The point the piece would end on is not empty.
    Occupied,
    /// A goat moved while goats remain in hand: they must be placed first.
    PlacementPhase,
    /// A goat placed when none is left in hand.
    NoGoatsInHand,
    /// The two points are not on one line of the board (or a capture's
    /// middle point is not the point between them).
    NotALine,
    /// A move of more than one point by a piece that only steps: goats,
    /// and tigers under `tiger_moves=step`.
    SlideNotAllowed,
    /// A slide over a point that is not empty.
    Blocked,
    /// A capture written as a plain move, without its `x`.
    CaptureWithoutX,
    /// A move written with `x` that captures nothing: no goat in between,
    /// or a goat trying to capture.
    NotACapture,
    /// A plain move while the rule set makes capturing mandatory and a
    /// capture exists.
    CaptureMandatory,
    /// The move would recreate an earlier position of the game, which the
    /// rule set forbids.
    Repetition,
    /// None of the reasons above: the move is legal in the position, but
    /// was refused where it was checked.
    NotLegal,
}

impl IllegalMoveReason {
    /// The kebab-case name: `game-over`, `wrong-side`, `no-piece`,
    /// `occupied`, `placement-phase`, `no-goats-in-hand`, `not-a-line`,
    /// `slide-not-allowed`, `blocked`, `capture-without-x`, `not-a-capture`,
    /// `capture-mandatory`, `repetition` or `not-legal`.
    ///
    /// ```
    /// use bagh_core::IllegalMoveReason;
    ///
    /// assert_eq!(IllegalMoveReason::CaptureWithoutX.name(), "capture-without-x");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            IllegalMoveReason::GameOver => "game-over",
            IllegalMoveReason::WrongSide => "wrong-side",
            IllegalMoveReason::NoPiece => "no-piece",
            IllegalMoveReason::Occupied => "occupied",
            IllegalMoveReason::PlacementPhase => "placement-phase",
            IllegalMoveReason::NoGoatsInHand => "no-goats-in-hand",
            IllegalMoveReason::NotALine => "not-a-line",
            IllegalMoveReason::SlideNotAllowed => "slide-not-allowed",
            IllegalMoveReason::Blocked => "blocked",
            IllegalMoveReason::CaptureWithoutX => "capture-without-x",
            IllegalMoveReason::NotACapture => "not-a-capture",
            IllegalMoveReason::CaptureMandatory => "capture-mandatory",
            IllegalMoveReason::Repetition => "repetition",
            IllegalMoveReason::NotLegal => "not-legal",
        }
    }

    /// Every reason, in the order of the list above.
    pub const ALL: [IllegalMoveReason; 14] = [
        IllegalMoveReason::GameOver,
        IllegalMoveReason::WrongSide,
        IllegalMoveReason::NoPiece,
        IllegalMoveReason::Occupied,
        IllegalMoveReason::PlacementPhase,
        IllegalMoveReason::NoGoatsInHand,
        IllegalMoveReason::NotALine,
        IllegalMoveReason::SlideNotAllowed,
        IllegalMoveReason::Blocked,
        IllegalMoveReason::CaptureWithoutX,
        IllegalMoveReason::NotACapture,
        IllegalMoveReason::CaptureMandatory,
        IllegalMoveReason::Repetition,
        IllegalMoveReason::NotLegal,
    ];
}

impl fmt::Display for IllegalMoveReason {
    /// The kebab-case name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move that cannot be played here: the move, the position string, the
/// reason, and a message that says what is wrong in this position (with a
/// hint where there is one).
///
/// ```
/// use bagh_core::{IllegalMoveReason, Move, Position};
///
/// let start = Position::default();
/// let error = start.play("a1a2".parse::<Move>()?).unwrap_err();
/// assert_eq!(error.reason(), IllegalMoveReason::WrongSide);
/// assert_eq!(
///     error.to_string(),
///     "illegal move a1a2 in T3T/5/5/5/T3T g 20 0: goats are to move, and a1 holds a tiger"
/// );
/// # Ok::<(), bagh_core::ParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("illegal move {mv} in {position}: {message}")]
pub struct IllegalMoveError {
    mv: Move,
    position: String,
    reason: IllegalMoveReason,
    message: String,
    suggestion: Option<Move>,
    captures: Vec<Move>,
    repeated_ply: Option<usize>,
}

impl IllegalMoveError {
    /// An error with no details beyond its reason and message.
    pub(crate) fn new(
        mv: Move,
        position: String,
        reason: IllegalMoveReason,
        message: String,
    ) -> IllegalMoveError {
        IllegalMoveError {
            mv,
            position,
            reason,
            message,
            suggestion: None,
            captures: Vec::new(),
            repeated_ply: None,
        }
    }

    /// The refused move.
    pub fn mv(&self) -> Move {
        self.mv
    }

    /// The position string of the position it was refused in.
    pub fn position(&self) -> &str {
        &self.position
    }

    /// Why it was refused.
    pub fn reason(&self) -> IllegalMoveReason {
        self.reason
    }

    /// What is wrong, said about this position: the text after the colon of
    /// the `Display` form.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The legal move that was probably meant: the capture for
    /// [`CaptureWithoutX`](IllegalMoveReason::CaptureWithoutX), the plain
    /// move for a [`NotACapture`](IllegalMoveReason::NotACapture) whose
    /// plain move is legal.
    ///
    /// ```
    /// use bagh_core::{Move, Position, Ruleset};
    ///
    /// let rules = Ruleset::preset("two-tigers").unwrap();
    /// let position = Position::from_text("G4/5/1T1T1/5/5 t 17 0", rules)?;
    /// let error = position.play("b3xb5".parse::<Move>()?).unwrap_err();
    /// assert_eq!(error.suggestion(), Some("b3b5".parse::<Move>()?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn suggestion(&self) -> Option<Move> {
        self.suggestion
    }

    /// The captures the tigers have, for
    /// [`CaptureMandatory`](IllegalMoveReason::CaptureMandatory); empty
    /// otherwise.
    pub fn captures(&self) -> &[Move] {
        &self.captures
    }

    /// For [`Repetition`](IllegalMoveReason::Repetition), the ply whose
    /// position the move would recreate (0: the start).
    pub fn repeated_ply(&self) -> Option<usize> {
        self.repeated_ply
    }
}
