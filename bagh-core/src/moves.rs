//! Moves and the stack-allocated move list.
//!
//! ```
//! use bagh_core::{Move, Point};
//!
//! let capture: Move = "a1xa3".parse()?;
//! assert_eq!(capture, Move::Capture { from: Point::A1, over: Point::A2, to: Point::A3 });
//! assert_eq!(capture.to_string(), "a1xa3");
//! assert_eq!("c3".parse::<Move>()?, Move::Place { to: Point::C3 });
//! assert!("a1b3".parse::<Move>().is_err()); // not on a line
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;

use crate::error::{ParseError, ParseErrorKind, TextKind};
use crate::{Direction, Point};

/// One move: 4 bytes, `Copy`.
///
/// A slide (a tiger moving several points along a line) is a [`Move::Step`]
/// whose two points are more than one step apart.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Move {
    /// A goat from the hand onto an empty point, written `c3`.
    Place {
        /// The point the goat is placed on.
        to: Point,
    },
    /// A piece moving along a line over empty points, written `a1a2`.
    Step {
        /// Where the piece starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
    /// A tiger jumping over the goat on `over`, which is captured, written `a1xa3`.
    Capture {
        /// Where the tiger starts.
        from: Point,
        /// The captured goat's point, between the two.
        over: Point,
        /// Where the tiger lands.
        to: Point,
    },
}

/// The kind of a [`Move`], without its points: what Python calls
/// `"place"`, `"step"` and `"capture"`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MoveKind {
    /// A goat placed from the hand.
    Place,
    /// A step or a slide along a line.
    Step,
    /// A tiger jumping over a goat.
    Capture,
}

impl MoveKind {
    /// `place`, `step` or `capture`.
    pub const fn name(self) -> &'static str {
        match self {
            MoveKind::Place => "place",
            MoveKind::Step => "step",
            MoveKind::Capture => "capture",
        }
    }
}

impl fmt::Display for MoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Move {
    /// The point the moving piece ends on.
    pub const fn to_point(self) -> Point {
        match self {
            Move::Place { to } | Move::Step { to, .. } | Move::Capture { to, .. } => to,
        }
    }

    /// The point the moving piece leaves, `None` for a placement.
    pub const fn from_point(self) -> Option<Point> {
        match self {
            Move::Place { .. } => None,
            Move::Step { from, .. } | Move::Capture { from, .. } => Some(from),
        }
    }

    /// The captured goat's point, for a capture.
    pub const fn over_point(self) -> Option<Point> {
        match self {
            Move::Capture { over, .. } => Some(over),
            _ => None,
        }
    }

    /// Which of the three kinds of move this is.
    ///
    /// ```
    /// use bagh_core::{Move, MoveKind};
    ///
    /// assert_eq!("c3".parse::<Move>()?.kind(), MoveKind::Place);
    /// assert_eq!("a1a4".parse::<Move>()?.kind(), MoveKind::Step);
    /// assert_eq!("a1xa3".parse::<Move>()?.kind(), MoveKind::Capture);
    /// # Ok::<(), bagh_core::ParseError>(())
    /// ```
    pub const fn kind(self) -> MoveKind {
        match self {
            Move::Place { .. } => MoveKind::Place,
            Move::Step { .. } => MoveKind::Step,
            Move::Capture { .. } => MoveKind::Capture,
        }
    }

    /// Whether this is a capture.
    pub const fn is_capture(self) -> bool {
        matches!(self, Move::Capture { .. })
    }

    /// Whether this is a placement.
    pub const fn is_place(self) -> bool {
        matches!(self, Move::Place { .. })
    }

    /// The capture from `from` to `to`, if they are two steps apart on one
    /// line (the goat taken is the point between).
    pub fn capture(from: Point, to: Point) -> Option<Move> {
        match Direction::between(from, to) {
            Some((direction, 2)) => {
                direction
                    .step(from)
                    .map(|over| Move::Capture { from, over, to })
            }
            _ => None,
        }
    }

    fn parse(s: &str) -> Result<Move, (usize, ParseErrorKind)> {
        let bytes = s.as_bytes();
        if bytes.is_empty() {
            return Err((1, ParseErrorKind::Empty));
        }
        let first = Point::parse_at(bytes, 1)?;
        if bytes.len() == 2 {
            return Ok(Move::Place { to: first });
        }
        let capture = bytes[2] == b'x';
        let second_at = if capture { 3 } else { 2 };
        let second = Point::parse_at(&bytes[second_at..], second_at + 1)?;
        if bytes.len() > second_at + 2 {
            return Err((second_at + 3, ParseErrorKind::TrailingInput));
        }
        if capture {
            Move::capture(first, second).ok_or((
                1,
                ParseErrorKind::NotAJump {
                    from: first,
                    to: second,
                },
            ))
        } else if Direction::between(first, second).is_some() {
            Ok(Move::Step {
                from: first,
                to: second,
            })
        } else {
            Err((
                1,
                ParseErrorKind::NotOnALine {
                    from: first,
                    to: second,
                },
            ))
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { to } => write!(f, "{to}"),
            Move::Step { from, to } => write!(f, "{from}{to}"),
            Move::Capture { from, to, .. } => write!(f, "{from}x{to}"),
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    /// Reads `c3`, `a1a2` (any distance along a line) or `a1xa3`.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        Move::parse(s).map_err(|(column, kind)| ParseError::new(TextKind::Move, s, column, kind))
    }
}

/// The most moves a position can have.
///
/// Placements and piece moves never mix in one position. Placements are at
/// most 24 (one point at least holds a tiger). Every other move is a distinct
/// (from, to) pair of points on one straight line of the board: a capture and
/// a slide never share their two points, since the point between is a goat for
/// one and empty for the other. Rows and columns give 10 × (5 × 4) = 200 such
/// ordered pairs; the diagonals (two of 5 points, four of 3) give
/// 2 × 20 + 4 × 6 = 64. Hence 264, checked by a test against the geometry.
pub const MAX_MOVES: usize = 264;

/// The legal moves of a position, on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;
