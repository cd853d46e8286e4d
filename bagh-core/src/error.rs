//! The typed errors of the library. A bad input is an error value, never a panic.

use std::fmt;

pub use crate::illegal_move::{IllegalMoveError, IllegalMoveReason};
use crate::Point;

/// What kind of text a [`ParseError`] was reading.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum TextKind {
    /// A point such as `c3`.
    Point,
    /// A move such as `a1xa3`.
    Move,
    /// A position string such as `T3T/5/5/5/T3T g 20 0`.
    Position,
    /// A rule set: a preset id or its `key=value` text form.
    Ruleset,
}

impl fmt::Display for TextKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextKind::Point => "point",
            TextKind::Move => "move",
            TextKind::Position => "position",
            TextKind::Ruleset => "rule set",
        })
    }
}

/// Why a text could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// The text is empty.
    #[error("the text is empty")]
    Empty,
    /// A file letter `a`..`e` was expected.
    #[error("expected a file a-e, found {}", describe(*found))]
    ExpectedFile {
        /// What was there instead.
        found: Option<char>,
    },
    /// A rank digit `1`..`5` was expected.
    #[error("expected a rank 1-5, found {}", describe(*found))]
    ExpectedRank {
        /// What was there instead.
        found: Option<char>,
    },
    /// A character that does not belong at this place.
    #[error("unexpected {}, expected {expected}", describe(Some(*found)))]
    Unexpected {
        /// The character found.
        found: char,
        /// What the reader expected.
        expected: &'static str,
    },
    /// The text goes on after a complete value.
    #[error("unexpected text after the end")]
    TrailingInput,
    /// The two points of a step do not lie on one line of the board.
    #[error("{from} and {to} are not on one line of the board")]
    NotOnALine {
        /// Start point.
        from: Point,
        /// End point.
        to: Point,
    },
    /// The two points of a capture are not two steps apart on one line.
    #[error("a capture jumps exactly one point along a line; {from} to {to} does not")]
    NotAJump {
        /// Start point.
        from: Point,
        /// Landing point.
        to: Point,
    },
    /// A field of a position string or rule set is missing.
    #[error("missing field: {field}")]
    MissingField {
        /// The field's name.
        field: &'static str,
    },
    /// A numeric field is not a number in range.
    #[error("{field}: expected a number, found {found:?}")]
    BadNumber {
        /// The field's name.
        field: &'static str,
        /// The text found.
        found: String,
    },
    /// A rank of the board does not cover exactly five points.
    #[error("rank {rank} covers {points} points, not 5")]
    RankLength {
        /// The rank, 1..=5.
        rank: u8,
        /// How many points it described.
        points: usize,
    },
    /// The board does not have five ranks.
    #[error("the board has {ranks} ranks, not 5")]
    RankCount {
        /// How many ranks were read.
        ranks: usize,
    },
    /// The fields do not fit together or do not fit the rule set.
    #[error("{field}: {reason}")]
    Inconsistent {
        /// The field at fault.
        field: &'static str,
        /// Why.
        reason: String,
    },
    /// No preset has this id.
    #[error(
        "unknown rule set {found:?} (presets: bagh-chal, bagh-chal-blocked-loses, two-tigers)"
    )]
    UnknownPreset {
        /// The id given.
        found: String,
    },
    /// A `key=value` pair with an unknown key.
    #[error("unknown rule-set field {found:?}")]
    UnknownField {
        /// The key given.
        found: String,
    },
    /// A `key=value` field given twice.
    #[error("the rule-set field {found:?} is given twice")]
    RepeatedField {
        /// The key given twice.
        found: String,
    },
    /// A value that a rule-set field does not accept.
    #[error("{field}: unexpected value {found:?}, expected {expected}")]
    BadValue {
        /// The field's name.
        field: &'static str,
        /// The value found.
        found: String,
        /// What the field accepts.
        expected: &'static str,
    },
    /// The fields read, but they do not make a valid rule set.
    #[error(transparent)]
    Ruleset(#[from] RulesetError),
}

fn describe(found: Option<char>) -> String {
    match found {
        Some(c) => format!("{c:?}"),
        None => "the end".to_string(),
    }
}

/// A text that could not be read: which kind of text, the text itself, the
/// 1-based column (in characters) where the problem is, and why.
///
/// ```
/// use bagh_core::Move;
///
/// let error = "a1a9".parse::<Move>().unwrap_err();
/// assert_eq!(error.column(), 4);
/// assert_eq!(error.to_string(), "invalid move \"a1a9\" at column 4: expected a rank 1-5, found '9'");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid {what} {input:?} at column {column}: {kind}")]
pub struct ParseError {
    what: TextKind,
    input: String,
    column: usize,
    kind: ParseErrorKind,
}

impl ParseError {
    /// A parse error; `byte_column` is the 1-based byte column in `input`.
    pub(crate) fn new(
        what: TextKind,
        input: &str,
        byte_column: usize,
        kind: ParseErrorKind,
    ) -> ParseError {
        // Report the column in characters, so that it lines up under non-ASCII input.
        let byte_index = byte_column.saturating_sub(1).min(input.len());
        let column = input
            .char_indices()
            .take_while(|(index, _)| *index < byte_index)
            .count()
            + 1;
        ParseError {
            what,
            input: input.to_string(),
            column,
            kind,
        }
    }

    /// What kind of text was being read.
    pub fn what(&self) -> TextKind {
        self.what
    }

    /// The text that failed.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The 1-based column, in characters, where the problem starts.
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why the text failed.
    pub fn kind(&self) -> &ParseErrorKind {
        &self.kind
    }
}

/// A list of points that names one point twice ([`PointSet::from_distinct`]).
///
/// [`PointSet::from_distinct`]: crate::PointSet::from_distinct
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, thiserror::Error)]
#[error("{point} is given twice")]
pub struct RepeatedPoint {
    /// The point named twice (its second mention).
    pub point: Point,
}

/// A rule set that cannot be built. Each variant names the field at fault
/// ([`RulesetError::field`]) and says why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RulesetError {
    /// No tiger start points.
    #[error("tigers: a rule set needs at least one tiger")]
    NoTigers,
    /// A start point given as text that is not a point.
    #[error("tigers: {found:?} is not a point ({reason})")]
    NotAPoint {
        /// The text given.
        found: String,
        /// Why it is not a point.
        reason: String,
    },
    /// A start point given twice.
    #[error("tigers: start point {point} is given twice")]
    RepeatedStart {
        /// The repeated point.
        point: Point,
    },
    /// Zero goats.
    #[error("goats: a rule set needs at least one goat")]
    NoGoats,
    /// Tigers and goats do not fit on the 25 points.
    #[error("goats: {tigers} tigers and {goats} goats do not fit on 25 points")]
    TooManyPieces {
        /// Tiger count.
        tigers: usize,
        /// Goat count.
        goats: u32,
    },
    /// A capture target of zero: the tigers would have won before the start.
    #[error("capture_target: must be at least 1")]
    CaptureTargetZero,
    /// A capture target above the goat count can never be reached.
    #[error("capture_target: {target} is more than the {goats} goats")]
    CaptureTargetAboveGoats {
        /// The target.
        target: u32,
        /// The goat count.
        goats: u32,
    },
    /// `draw(n)` with n below 2: the start itself would be a draw.
    #[error("repetition: draw(n) needs n of at least 2, got {n}")]
    DrawCountTooSmall {
        /// The n given.
        n: u32,
    },
    /// `draw(n)` with n above 255.
    #[error("repetition: draw(n) allows n up to 255, got {n}")]
    DrawCountTooLarge {
        /// The n given.
        n: u32,
    },
    /// A no-progress limit of zero plies.
    #[error("no_progress_limit: must be at least 1 ply")]
    NoProgressZero,
    /// A no-progress limit above 65535 plies.
    #[error("no_progress_limit: at most 65535 plies, got {limit}")]
    NoProgressTooLarge {
        /// The limit given.
        limit: u32,
    },
}

impl RulesetError {
    /// The name of the rule-set field at fault, as in the text form.
    pub fn field(&self) -> &'static str {
        match self {
            RulesetError::NoTigers
            | RulesetError::NotAPoint { .. }
            | RulesetError::RepeatedStart { .. } => "tigers",
            RulesetError::NoGoats | RulesetError::TooManyPieces { .. } => "goats",
            RulesetError::CaptureTargetZero | RulesetError::CaptureTargetAboveGoats { .. } => {
                "capture_target"
            }
            RulesetError::DrawCountTooSmall { .. } | RulesetError::DrawCountTooLarge { .. } => {
                "repetition"
            }
            RulesetError::NoProgressZero | RulesetError::NoProgressTooLarge { .. } => {
                "no_progress_limit"
            }
        }
    }
}
