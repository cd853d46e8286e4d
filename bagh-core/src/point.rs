//! The 25 points of the board.
//!
//! ```
//! use bagh_core::Point;
//!
//! let c3: Point = "c3".parse()?;
//! assert_eq!(c3, Point::C3);
//! assert_eq!((c3.file(), c3.rank()), (2, 2));
//! assert!(c3.has_diagonals());
//! assert!(!Point::B1.has_diagonals());
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, ParseErrorKind, TextKind};

/// A point of the 5×5 board, named like a chess square: files `a`..`e` left to
/// right, ranks `1`..`5` bottom to top.
///
/// Internally the index `rank * 5 + file` (0..25), so `a1` is 0 and `e5` is 24;
/// that index is the bit of the point in a [`PointSet`](crate::PointSet).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(u8);

macro_rules! point_consts {
    ($($name:ident = $index:expr),* $(,)?) => {
        impl Point {
            $(
                #[doc = concat!("The point `", stringify!($name), "`.")]
                pub const $name: Point = Point($index);
            )*
        }
    };
}

point_consts! {
    A1 = 0, B1 = 1, C1 = 2, D1 = 3, E1 = 4,
    A2 = 5, B2 = 6, C2 = 7, D2 = 8, E2 = 9,
    A3 = 10, B3 = 11, C3 = 12, D3 = 13, E3 = 14,
    A4 = 15, B4 = 16, C4 = 17, D4 = 18, E4 = 19,
    A5 = 20, B5 = 21, C5 = 22, D5 = 23, E5 = 24,
}

impl Point {
    /// Number of points on the board.
    pub const COUNT: usize = 25;

    /// Every point, in index order (`a1`, `b1`, ..., `e5`).
    pub const ALL: [Point; 25] = {
        let mut all = [Point(0); 25];
        let mut i = 0;
        while i < 25 {
            all[i] = Point(i as u8);
            i += 1;
        }
        all
    };

    /// The point at `file` (0 = `a`) and `rank` (0 = rank `1`), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < 5 && rank < 5 {
            Some(Point(rank * 5 + file))
        } else {
            None
        }
    }

    /// The point with index `index` (`rank * 5 + file`), if below 25.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < 25 {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// The point with index `index`, which the caller knows is below 25.
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u32) -> Point {
        debug_assert!(index < 25);
        Point(index as u8)
    }

    /// The index `rank * 5 + file`, in `0..25`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 for `a` to 4 for `e`.
    pub const fn file(self) -> u8 {
        self.0 % 5
    }

    /// The rank, 0 for rank `1` to 4 for rank `5`.
    pub const fn rank(self) -> u8 {
        self.0 / 5
    }

    /// Whether diagonal lines pass through this point (file + rank is even).
    pub const fn has_diagonals(self) -> bool {
        (self.file() + self.rank()) % 2 == 0
    }

    /// The file letter, `'a'`..`'e'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'`..`'5'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// Reads a point at the start of `bytes`, for the other parsers; `column`
    /// is the 1-based column of `bytes[0]` in the whole input.
    pub(crate) fn parse_at(bytes: &[u8], column: usize) -> Result<Point, (usize, ParseErrorKind)> {
        let file = match bytes.first() {
            Some(b @ b'a'..=b'e') => b - b'a',
            Some(_) => {
                return Err((
                    column,
                    ParseErrorKind::ExpectedFile {
                        found: char_at(bytes),
                    },
                ))
            }
            None => return Err((column, ParseErrorKind::ExpectedFile { found: None })),
        };
        let rank = match bytes.get(1) {
            Some(b @ b'1'..=b'5') => b - b'1',
            Some(_) => {
                return Err((
                    column + 1,
                    ParseErrorKind::ExpectedRank {
                        found: char_at(&bytes[1..]),
                    },
                ))
            }
            None => return Err((column + 1, ParseErrorKind::ExpectedRank { found: None })),
        };
        Ok(Point(rank * 5 + file))
    }
}

/// The character that starts `bytes`, the tail of a `str` from a character
/// boundary: decoded, so that an error quotes `é` and not its first byte.
fn char_at(bytes: &[u8]) -> Option<char> {
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => std::str::from_utf8(&bytes[..error.valid_up_to()]).unwrap_or_default(),
    };
    text.chars().next()
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Point {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Point, ParseError> {
        let error = |(column, kind)| ParseError::new(TextKind::Point, s, column, kind);
        let point = Point::parse_at(s.as_bytes(), 1).map_err(error)?;
        if s.len() > 2 {
            return Err(error((3, ParseErrorKind::TrailingInput)));
        }
        Ok(point)
    }
}
