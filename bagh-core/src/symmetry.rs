//! The eight symmetries of the board, which map lines onto lines.
//!
//! ```
//! use bagh_core::{Move, Point, Position, Symmetry};
//!
//! assert_eq!(Symmetry::Rotate90.apply(Point::A1), Point::E1);
//! let mv: Move = "a1xc3".parse()?;
//! assert_eq!(Symmetry::FlipFiles.apply_move(mv).to_string(), "e1xc3");
//!
//! let start = Position::default();
//! assert!(Symmetry::ALL.iter().all(|s| s.apply_position(&start) == start));
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use crate::{Move, Point, PointSet, Position};

/// A symmetry of the square board. Every one keeps the parity of
/// file + rank, so it maps diagonal lines onto diagonal lines.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// Leaves every point in place.
    Identity,
    /// A quarter turn anticlockwise (`a1` goes to `e1`).
    Rotate90,
    /// A half turn (`a1` goes to `e5`).
    Rotate180,
    /// Three quarter turns anticlockwise (`a1` goes to `a5`).
    Rotate270,
    /// Mirror left-right: file `a` swaps with file `e`.
    FlipFiles,
    /// Mirror top-bottom: rank 1 swaps with rank 5.
    FlipRanks,
    /// Mirror in the `a1`-`e5` diagonal.
    FlipDiagonal,
    /// Mirror in the `a5`-`e1` diagonal.
    FlipAntiDiagonal,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
        Symmetry::FlipFiles,
        Symmetry::FlipRanks,
        Symmetry::FlipDiagonal,
        Symmetry::FlipAntiDiagonal,
    ];

    /// The image of a point.
    pub const fn apply(self, point: Point) -> Point {
        let (f, r) = (point.file(), point.rank());
        let (file, rank) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::Rotate90 => (4 - r, f),
            Symmetry::Rotate180 => (4 - f, 4 - r),
            Symmetry::Rotate270 => (r, 4 - f),
            Symmetry::FlipFiles => (4 - f, r),
            Symmetry::FlipRanks => (f, 4 - r),
            Symmetry::FlipDiagonal => (r, f),
            Symmetry::FlipAntiDiagonal => (4 - r, 4 - f),
        };
        Point::from_index_unchecked((rank * 5 + file) as u32)
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of a set of points.
    pub fn apply_set(self, set: PointSet) -> PointSet {
        set.iter().map(|point| self.apply(point)).collect()
    }

    /// The image of a move.
    pub fn apply_move(self, mv: Move) -> Move {
        match mv {
            Move::Place { to } => Move::Place { to: self.apply(to) },
            Move::Step { from, to } => Move::Step {
                from: self.apply(from),
                to: self.apply(to),
            },
            Move::Capture { from, over, to } => Move::Capture {
                from: self.apply(from),
                over: self.apply(over),
                to: self.apply(to),
            },
        }
    }

    /// The image of a position: the pieces move, everything else stays
    /// (the rule set's start points are not moved).
    pub fn apply_position(self, position: &Position) -> Position {
        Position {
            tigers: self.apply_set(position.tigers),
            goats: self.apply_set(position.goats),
            ..*position
        }
    }
}
