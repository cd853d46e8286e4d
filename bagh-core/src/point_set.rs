//! Sets of points in one `u32`: the bitboard.
//!
//! ```
//! use bagh_core::{Point, PointSet};
//!
//! let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5].into_iter().collect();
//! assert_eq!(corners.len(), 4);
//! assert!(corners.contains(Point::E5));
//! assert_eq!(corners.iter().next(), Some(Point::A1));
//! // Debug draws the board, rank 5 at the top:
//! assert_eq!(format!("{corners:?}"), "x . . . x\n. . . . .\n. . . . .\n. . . . .\nx . . . x");
//! ```

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};

use crate::{Point, RepeatedPoint};

/// A set of points: bit `i` stands for the point with index `i` (`a1` = bit 0,
/// `e5` = bit 24). Bits 25..32 are always clear.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct PointSet(u32);

impl PointSet {
    /// The empty set.
    pub const EMPTY: PointSet = PointSet(0);
    /// All 25 points.
    pub const FULL: PointSet = PointSet((1 << 25) - 1);
    /// The 13 points that diagonal lines pass through.
    pub const DIAGONAL_POINTS: PointSet = PointSet(0b10101_01010_10101_01010_10101);

    /// The set with the given bits; bits above 24 are dropped.
    pub const fn from_bits(bits: u32) -> PointSet {
        PointSet(bits & Self::FULL.0)
    }

    /// The set of `points`, which must be distinct: a list of start points
    /// or piece placements naming a point twice is a mistake, not a union.
    ///
    /// ```
    /// use bagh_core::{Point, PointSet, RepeatedPoint};
    ///
    /// let set = PointSet::from_distinct([Point::A1, Point::E5]).unwrap();
    /// assert_eq!(set.len(), 2);
    /// let error = PointSet::from_distinct([Point::A1, Point::C3, Point::A1]).unwrap_err();
    /// assert_eq!(error, RepeatedPoint { point: Point::A1 });
    /// assert_eq!(error.to_string(), "a1 is given twice");
    /// ```
    pub fn from_distinct<I: IntoIterator<Item = Point>>(
        points: I,
    ) -> Result<PointSet, RepeatedPoint> {
        let mut set = PointSet::EMPTY;
        for point in points {
            if set.contains(point) {
                return Err(RepeatedPoint { point });
            }
            set.insert(point);
        }
        Ok(set)
    }

    /// The bits of the set.
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding just `point`.
    pub const fn single(point: Point) -> PointSet {
        PointSet(1 << point.index())
    }

    /// Whether `point` is in the set.
    pub const fn contains(self, point: Point) -> bool {
        self.0 & (1 << point.index()) != 0
    }

    /// The number of points in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Adds `point`.
    pub fn insert(&mut self, point: Point) {
        self.0 |= 1 << point.index();
    }

    /// Removes `point`.
    pub fn remove(&mut self, point: Point) {
        self.0 &= !(1 << point.index());
    }

    /// The lowest point of the set, if any.
    pub const fn first(self) -> Option<Point> {
        if self.0 == 0 {
            None
        } else {
            Point::from_index(self.0.trailing_zeros() as usize)
        }
    }

    /// The points in index order (`a1` first).
    pub const fn iter(self) -> PointSetIter {
        PointSetIter(self.0)
    }
}

/// Iterator over the points of a [`PointSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct PointSetIter(u32);

impl Iterator for PointSetIter {
    type Item = Point;

    #[inline]
    fn next(&mut self) -> Option<Point> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Point::from_index(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PointSetIter {}

impl IntoIterator for PointSet {
    type Item = Point;
    type IntoIter = PointSetIter;

    fn into_iter(self) -> PointSetIter {
        self.iter()
    }
}

impl FromIterator<Point> for PointSet {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> PointSet {
        let mut set = PointSet::EMPTY;
        for point in iter {
            set.insert(point);
        }
        set
    }
}

impl From<Point> for PointSet {
    fn from(point: Point) -> PointSet {
        PointSet::single(point)
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for PointSet {
            type Output = PointSet;
            #[inline]
            fn $method(self, other: PointSet) -> PointSet {
                PointSet(self.0 $op other.0)
            }
        }
        impl $assign_trait for PointSet {
            #[inline]
            fn $assign_method(&mut self, other: PointSet) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for PointSet {
    type Output = PointSet;

    /// The points of `self` that are not in `other`.
    fn sub(self, other: PointSet) -> PointSet {
        PointSet(self.0 & !other.0)
    }
}

impl Not for PointSet {
    type Output = PointSet;

    /// The complement on the board (bits above 24 stay clear).
    fn not(self) -> PointSet {
        PointSet(!self.0 & Self::FULL.0)
    }
}

impl fmt::Debug for PointSet {
    /// An ASCII grid, rank 5 first: `x` for a member, `.` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5).rev() {
            for file in 0..5 {
                let point = Point::new(file, rank).expect("file and rank below 5");
                f.write_str(if self.contains(point) { "x" } else { "." })?;
                if file < 4 {
                    f.write_str(" ")?;
                }
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}
