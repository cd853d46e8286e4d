//! The eight directions of the board's lines, as bit shifts of a [`PointSet`].
//!
//! ```
//! use bagh_core::{Direction, Point, PointSet};
//!
//! // b2 has diagonals, so it can go north-east; b1 cannot.
//! assert_eq!(Direction::NorthEast.shift(PointSet::single(Point::B2)), PointSet::single(Point::C3));
//! assert!(Direction::NorthEast.shift(PointSet::single(Point::B1)).is_empty());
//! assert_eq!(Direction::NorthEast.step(Point::B2), Some(Point::C3));
//! ```

use crate::{Point, PointSet};

/// A direction along which lines run. Diagonal directions exist only through
/// the points where file + rank is even, and a diagonal step from such a point
/// lands on another such point, so a slide stays on its line.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// Towards rank 5.
    North,
    /// Towards rank 1.
    South,
    /// Towards file `e`.
    East,
    /// Towards file `a`.
    West,
    /// Towards `e5`.
    NorthEast,
    /// Towards `a5`.
    NorthWest,
    /// Towards `e1`.
    SouthEast,
    /// Towards `a1`.
    SouthWest,
}

/// Points from which one step in a direction stays on a line of the board.
const fn sources(direction: Direction) -> u32 {
    let mut bits = 0u32;
    let mut index: i32 = 0;
    while index < 25 {
        let file = index % 5;
        let rank = index / 5;
        let (df, dr) = direction.delta();
        let (nf, nr) = (file + df, rank + dr);
        let diagonal = df != 0 && dr != 0;
        let on_board = nf >= 0 && nf < 5 && nr >= 0 && nr < 5;
        if on_board && (!diagonal || (file + rank) % 2 == 0) {
            bits |= 1 << index;
        }
        index += 1;
    }
    bits
}

const SOURCES: [u32; 8] = [
    sources(Direction::North),
    sources(Direction::South),
    sources(Direction::East),
    sources(Direction::West),
    sources(Direction::NorthEast),
    sources(Direction::NorthWest),
    sources(Direction::SouthEast),
    sources(Direction::SouthWest),
];

/// The index change of one step in each direction, split into a left and a
/// right shift (one of them zero), in the order of the enum.
const LEFT: [u32; 8] = shifts(true);
const RIGHT: [u32; 8] = shifts(false);

const fn shifts(left: bool) -> [u32; 8] {
    let mut out = [0; 8];
    let mut i = 0;
    while i < 8 {
        let offset = Direction::ALL[i].offset();
        out[i] = if (offset > 0) == left {
            offset.unsigned_abs()
        } else {
            0
        };
        i += 1;
    }
    out
}

impl Direction {
    /// All eight directions, orthogonal first.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::SouthEast,
        Direction::SouthWest,
    ];

    /// (file, rank) change of one step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (0, 1),
            Direction::South => (0, -1),
            Direction::East => (1, 0),
            Direction::West => (-1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::SouthEast => (1, -1),
            Direction::SouthWest => (-1, -1),
        }
    }

    /// Change of the point index for one step.
    pub const fn offset(self) -> i32 {
        let (df, dr) = self.delta();
        dr * 5 + df
    }

    /// Whether this is one of the four diagonal directions.
    pub const fn is_diagonal(self) -> bool {
        let (df, dr) = self.delta();
        df != 0 && dr != 0
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
            Direction::NorthEast => Direction::SouthWest,
            Direction::NorthWest => Direction::SouthEast,
            Direction::SouthEast => Direction::NorthWest,
            Direction::SouthWest => Direction::NorthEast,
        }
    }

    /// The points from which a line leaves in this direction.
    pub const fn sources(self) -> PointSet {
        PointSet::from_bits(SOURCES[self as usize])
    }

    /// Moves every point of `set` one step along this direction; points with
    /// no line that way drop out.
    ///
    /// Branch-free: a loop over [`Direction::ALL`] that the compiler does
    /// not unroll costs two table loads and two shifts per call.
    #[inline(always)]
    pub const fn shift(self, set: PointSet) -> PointSet {
        let i = self as usize;
        // One of the two shifts is zero; the sources keep every bit on the
        // board, so nothing leaves the 25 bits on the way.
        PointSet::from_bits((set.bits() & SOURCES[i]) << LEFT[i] >> RIGHT[i])
    }

    /// The neighbour of `point` along this direction, if a line goes there.
    pub const fn step(self, point: Point) -> Option<Point> {
        if SOURCES[self as usize] & (1 << point.index()) == 0 {
            None
        } else {
            Point::from_index((point.index() as i32 + self.offset()) as usize)
        }
    }

    /// The direction of the straight line from `from` to `to` and the number
    /// of steps between them, if the two points lie on one line of the board.
    pub fn between(from: Point, to: Point) -> Option<(Direction, u8)> {
        Direction::ALL.into_iter().find_map(|direction| {
            let mut point = from;
            let mut distance = 0;
            while let Some(next) = direction.step(point) {
                distance += 1;
                if next == to {
                    return Some((direction, distance));
                }
                point = next;
            }
            None
        })
    }
}
