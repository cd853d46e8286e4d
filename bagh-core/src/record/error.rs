//! The errors of reading a record, with the line and column of the problem.

use crate::{IllegalMoveError, Move, ParseError};

/// Why a game record could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// A tag line that is not `[Name "value"]`.
    #[error("malformed tag: {reason}")]
    MalformedTag {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The same tag twice.
    #[error("the tag {name} is given twice")]
    DuplicateTag {
        /// The tag's name.
        name: String,
    },
    /// The `Rules` tag does not name a rule set.
    #[error("Rules tag: {0}")]
    Rules(ParseError),
    /// The `Position` tag is not a position of the rule set.
    #[error("Position tag: {0}")]
    Position(ParseError),
    /// A token of the move text that is not a move.
    #[error("{0}")]
    Move(ParseError),
    /// A move that cannot be played where it stands.
    #[error("{0}")]
    IllegalMove(IllegalMoveError),
    /// A move number other than the one expected there.
    #[error("expected move number {expected}, found {found:?}")]
    MoveNumber {
        /// The number of the move at that point.
        expected: usize,
        /// The text found.
        found: String,
    },
    /// A `Result` tag that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("unknown result {found:?} (expected 1-0, 0-1, 1/2-1/2 or *)")]
    UnknownResult {
        /// The value found.
        found: String,
    },
    /// A result that is not the outcome of the moves.
    #[error("the record says {written} but the moves give {actual}")]
    ResultMismatch {
        /// The result in the record.
        written: String,
        /// The result of the replayed game.
        actual: &'static str,
    },
    /// Text after the final result.
    #[error("unexpected text after the result (expected the end of the game)")]
    TextAfterResult,
    /// A capture written without its `x`.
    #[error("{found} is a capture here, written {expected}")]
    CaptureWithoutX {
        /// The move as written.
        found: String,
        /// The capture, with its `x`.
        expected: Move,
    },
    /// A move written with `x` that is not a capture.
    #[error("{found} is not a capture here (no goat between); expected {expected}")]
    NotACapture {
        /// The move as written.
        found: String,
        /// The move, without the `x`.
        expected: Move,
    },
    /// A `{` whose comment has no closing `}` before the end of the game.
    #[error("the comment has no closing }} (expected }} before the end of the game)")]
    UnclosedComment,
    /// Something that does not belong where it stands.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The text found.
        found: String,
        /// What may stand there.
        expected: &'static str,
    },
    /// A line of a stream that is not UTF-8.
    #[error("the line is not valid UTF-8 (expected UTF-8 text)")]
    NotUtf8,
    /// The stream could not be read.
    #[error("cannot read the stream: {message}")]
    Io {
        /// What kind of I/O error.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
}

/// A game record that could not be read: the 1-based line and column (in
/// characters) where the problem is, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid game record at line {line}, column {column}: {kind}")]
pub struct RecordError {
    line: usize,
    column: usize,
    kind: RecordErrorKind,
}

impl RecordError {
    pub(crate) fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
    }

    /// The 1-based line of the problem.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// let error = "[Event \"e\"]\n\n1. c3 c3 *".parse::<Record>().unwrap_err();
    /// assert_eq!((error.line(), error.column()), (3, 7));
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters, of the problem.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// assert_eq!("1. é".parse::<Record>().unwrap_err().column(), 4);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why the record failed.
    ///
    /// ```
    /// use bagh_core::{Record, RecordErrorKind};
    ///
    /// let error = "1. c3 {open".parse::<Record>().unwrap_err();
    /// assert_eq!(error.kind(), &RecordErrorKind::UnclosedComment);
    /// ```
    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

/// A column-relative error from a core parser, moved to its place in the record.
pub(super) fn shift(error: &ParseError, column: usize) -> usize {
    column + error.column() - 1
}
