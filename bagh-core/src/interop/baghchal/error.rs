//! The errors of reading and writing the package's texts.

use std::fmt;

use crate::error::IllegalMoveError;
use crate::{ParseError, Side};

/// Which of the two texts a [`BaghchalError`] was reading or writing.
///
/// ```
/// use bagh_core::interop::baghchal::BaghchalText;
///
/// assert_eq!(BaghchalText::Position.to_string(), "position string");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum BaghchalText {
    /// A position string such as `B3B/5/5/5/B3B G 0`.
    Position,
    /// A game text such as ` 1. G33 B1112`.
    Game,
}

impl fmt::Display for BaghchalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BaghchalText::Position => "position string",
            BaghchalText::Game => "game text",
        })
    }
}

/// Why a text of the `baghchal` package could not be read, or a game not
/// written in its format.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BaghchalErrorKind {
    /// Something other than what may stand there.
    #[error("expected {expected}, found {found:?}")]
    Expected {
        /// What may stand there.
        expected: &'static str,
        /// What was found (empty at the end of the text).
        found: String,
    },
    /// The fields read, but the rule set rejects the position they describe.
    #[error("{reason}")]
    Inconsistent {
        /// Why, naming the field.
        reason: String,
    },
    /// The position described, refused by the rule set.
    #[error("{0}")]
    Position(ParseError),
    /// A move number other than the one expected there.
    #[error("expected move number {expected}., found {found:?}")]
    MoveNumber {
        /// The number expected (only goat plies are numbered).
        expected: usize,
        /// The text found.
        found: String,
    },
    /// A goat move (`G`) where the tigers are to move, or the other way round.
    #[error("{found} moves the wrong side: it is the {}s' turn", to_move.name())]
    WrongSide {
        /// The move as written.
        found: String,
        /// The side to move.
        to_move: Side,
    },
    /// A move that cannot be played where it stands.
    #[error("{0}")]
    IllegalMove(IllegalMoveError),
    /// A capture written `B` instead of `Bx`.
    #[error("{found} is a capture here, written {expected}")]
    CaptureWithoutX {
        /// The move as written.
        found: String,
        /// The capture as it is written.
        expected: String,
    },
    /// A move written `Bx` that is not a capture.
    #[error("{found} is not a capture here; expected {expected}")]
    NotACapture {
        /// The move as written.
        found: String,
        /// The move as it is written.
        expected: String,
    },
    /// A result that is not the outcome of the moves.
    #[error("the text says {written} but the moves give {actual}")]
    ResultMismatch {
        /// The result in the text.
        written: String,
        /// The result of the replayed game (`*` if it is not over).
        actual: &'static str,
    },
    /// Text after the end of the game (`#` and the result).
    #[error("unexpected {found:?} after the end of the game")]
    TextAfterEnd {
        /// The text found.
        found: String,
    },
    /// A game that cannot be written: the format has no start position, and
    /// this game does not start with four tigers in the corners and twenty
    /// goats in hand.
    #[error("the game starts from {start}, not from four tigers in the corners and twenty goats in hand")]
    NotTheStandardStart {
        /// The start's position string (bagh's).
        start: String,
    },
}

/// A text of the `baghchal` package that could not be read (or a game that
/// cannot be written in its format): which text, the 1-based column (in
/// characters) of the problem, and why.
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
///
/// let error = baghchal::read_game(" 1. G33 B1113", baghchal::rules()).unwrap_err();
/// assert_eq!(error.column(), 9);
/// assert!(matches!(error.kind(), BaghchalErrorKind::IllegalMove(_)));
/// let error = baghchal::read_position("B3B/5/5/5/B3B X 0", baghchal::rules()).unwrap_err();
/// assert_eq!(error.to_string(),
///     "invalid baghchal position string at column 15: expected G or B, found \"X\"");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid baghchal {what} at column {column}: {kind}")]
pub struct BaghchalError {
    what: BaghchalText,
    column: usize,
    kind: BaghchalErrorKind,
}

impl BaghchalError {
    pub(super) fn new(what: BaghchalText, column: usize, kind: BaghchalErrorKind) -> BaghchalError {
        BaghchalError { what, column, kind }
    }

    /// Which text it was.
    ///
    /// ```
    /// use bagh_core::interop::baghchal::{self, BaghchalText};
    ///
    /// let error = baghchal::read_game("G66", baghchal::rules()).unwrap_err();
    /// assert_eq!(error.what(), BaghchalText::Game);
    /// ```
    pub fn what(&self) -> BaghchalText {
        self.what
    }

    /// The 1-based column, in characters, of the problem (1 for a game that
    /// cannot be written).
    ///
    /// ```
    /// use bagh_core::interop::baghchal;
    ///
    /// let error = baghchal::read_game(" 1. G66", baghchal::rules()).unwrap_err();
    /// assert_eq!(error.column(), 6);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why.
    ///
    /// ```
    /// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
    ///
    /// let error = baghchal::read_game(" 1. G33 G44", baghchal::rules()).unwrap_err();
    /// assert!(matches!(error.kind(), BaghchalErrorKind::WrongSide { .. }));
    /// ```
    pub fn kind(&self) -> &BaghchalErrorKind {
        &self.kind
    }
}

pub(super) fn expected(
    what: BaghchalText,
    column: usize,
    expected: &'static str,
    found: &str,
) -> BaghchalError {
    BaghchalError::new(
        what,
        column,
        BaghchalErrorKind::Expected {
            expected,
            found: found.to_string(),
        },
    )
}
