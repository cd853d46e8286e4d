//! What an entry means: the value for the side to move and the distance to
//! the end, packed in 16 bits.
//!
//! An entry is `distance << 2 | tag`, tag 0 for a draw (distance 0),
//! 1 for a win, 2 for a loss, 3 for an unused entry (an image of another one).
//! Files store entries in one byte when every distance is below 64, else in
//! two bytes, little-endian.

use std::fmt;

/// The value of a position for the side to move, under perfect play.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Value {
    /// The side to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The side to move wins.
    Win,
}

impl Value {
    /// The value for the other side.
    pub const fn flip(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }

    /// `win`, `draw` or `loss`.
    pub const fn name(self) -> &'static str {
        match self {
            Value::Loss => "loss",
            Value::Draw => "draw",
            Value::Win => "win",
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The answer of a probe: the value for the side to move and the distance to
/// the end of the game in plies under perfect play.
///
/// The winner ends the game as fast as it can; the loser holds out as long
/// as it can. A game is over when the tigers reach the capture target or the
/// side to move has no legal move. A draw has distance 0. A finished game
/// (the capture target reached, or the side to move blocked) has distance 0.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Probe {
    /// Win, draw or loss for the side to move.
    pub value: Value,
    /// Plies to the end of the game under perfect play (0 for a draw).
    pub distance: u16,
}

impl fmt::Display for Probe {
    /// `win in 7`, `loss in 0`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value {
            Value::Draw => f.write_str("draw"),
            value => write!(f, "{value} in {}", self.distance),
        }
    }
}

pub(crate) const DRAW: u16 = 0;
pub(crate) const TAG_WIN: u16 = 1;
pub(crate) const TAG_LOSS: u16 = 2;
pub(crate) const UNUSED: u16 = 3;
/// The largest distance an entry can hold.
pub(crate) const MAX_DISTANCE: u16 = (u16::MAX >> 2) - 1;

#[inline]
pub(crate) const fn win(distance: u16) -> u16 {
    distance << 2 | TAG_WIN
}

#[inline]
pub(crate) const fn loss(distance: u16) -> u16 {
    distance << 2 | TAG_LOSS
}

#[inline]
pub(crate) const fn tag(entry: u16) -> u16 {
    entry & 3
}

#[inline]
pub(crate) const fn distance(entry: u16) -> u16 {
    entry >> 2
}

/// The probe an entry stands for (`None` for an unused entry).
pub(crate) const fn decode(entry: u16) -> Option<Probe> {
    match tag(entry) {
        TAG_WIN => Some(Probe {
            value: Value::Win,
            distance: distance(entry),
        }),
        TAG_LOSS => Some(Probe {
            value: Value::Loss,
            distance: distance(entry),
        }),
        DRAW => Some(Probe {
            value: Value::Draw,
            distance: 0,
        }),
        _ => None,
    }
}
