//! The two sides, which are also the two kinds of piece.

use std::fmt;
use std::ops::Not;

/// A side, and the kind of piece it plays: goats move first.
///
/// ```
/// use bagh_core::Side;
///
/// assert_eq!(!Side::Goat, Side::Tiger);
/// assert_eq!(Side::Tiger.char(), 't');
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Side {
    /// The goats: they place, then step, and win by trapping every tiger.
    Goat,
    /// The tigers: they step (or slide) and capture by jumping.
    Tiger,
}

impl Side {
    /// The letter of the side to move in a position string: `g` or `t`.
    pub const fn char(self) -> char {
        match self {
            Side::Goat => 'g',
            Side::Tiger => 't',
        }
    }

    /// The letter of the piece on a board: `G` or `T`.
    pub const fn piece_char(self) -> char {
        match self {
            Side::Goat => 'G',
            Side::Tiger => 'T',
        }
    }

    /// The lowercase name, `goat` or `tiger`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Goat => "goat",
            Side::Tiger => "tiger",
        }
    }
}

impl Not for Side {
    type Output = Side;

    fn not(self) -> Side {
        match self {
            Side::Goat => Side::Tiger,
            Side::Tiger => Side::Goat,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
