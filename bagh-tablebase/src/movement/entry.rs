//! What an entry means: the value for the side to move and the distance to
//! the end, packed in 16 bits.
//!
//! An entry is `distance << 2 | tag`, tag 0 for a draw (distance 0),
//! 1 for a win, 2 for a loss, 3 for an unused entry (an image of another one).
//! Files store entries in one byte when every distance is below 64, else in
//! two bytes, little-endian.

use crate::{Probe, Value};

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
        TAG_WIN => Some(Probe::new(Value::Win, Some(distance(entry)))),
        TAG_LOSS => Some(Probe::new(Value::Loss, Some(distance(entry)))),
        DRAW => Some(Probe::new(Value::Draw, None)),
        _ => None,
    }
}
