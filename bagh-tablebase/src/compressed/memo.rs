//! What one probe's search has learnt of the goats-to-move positions it
//! met, and the file's record of values proved by earlier probes: a
//! position reached again (placements and captures reach one in several
//! orders) is not searched again. Only goats-to-move positions are
//! remembered: remembering the tigers-to-move positions of the layers left
//! out as well costs more memory, and mostly more time, than the searches
//! it saves.

use bagh_core::{Position, Side};
use rustc_hash::FxHashMap;

use super::proven::Proven;
use crate::Value;

/// What a search has learnt of a position's value.
#[derive(Copy, Clone)]
enum Known {
    Exactly(Value),
    AtLeast(Value),
    AtMost(Value),
}

/// A goats-to-move position's pieces and counters in one number of 59
/// bits (the rule set is the file's).
pub(super) fn key(position: &Position) -> u64 {
    debug_assert_eq!(position.side_to_move(), Side::Goat);
    u64::from(position.tigers().bits())
        | u64::from(position.goats().bits()) << 25
        | u64::from(position.goats_in_hand()) << 50
        | u64::from(position.goats_captured()) << 56
}

/// The positions one search has met.
#[derive(Default)]
pub(super) struct Memo {
    known: FxHashMap<u64, Known>,
}

impl Memo {
    /// What is known of the position of `key`, where it answers a search
    /// capped at `cap` with `floor` (see `Search::goats_value`): proved by
    /// an earlier probe, or met earlier in this one.
    ///
    /// This search's own record is asked first: it is small and near in
    /// the caches, where the file's record is a read far into 2 MiB.
    pub fn recall(&self, proven: &Proven, key: u64, cap: Value, floor: Value) -> Option<Value> {
        match self.known.get(&key) {
            Some(Known::Exactly(value)) => return Some((*value).min(cap)),
            Some(Known::AtLeast(value)) if *value >= cap => return Some(cap),
            Some(Known::AtMost(value)) if *value <= floor => return Some(*value),
            _ => {}
        }
        proven.get(key).map(|value| value.min(cap))
    }

    /// Keeps what a search capped at `cap` with `floor` found of the
    /// position of `key`, for the rest of this search and, where it is the
    /// exact value, in `proven` for later probes.
    pub fn remember(&mut self, proven: &Proven, key: u64, value: Value, cap: Value, floor: Value) {
        // At or below the floor the value found only bounds the true one
        // from above (a loss is exact all the same).
        let exact = value > floor || value == Value::Loss;
        if exact && (value < cap || cap == Value::Win) {
            proven.put(key, value);
        }
        self.known.insert(
            key,
            if !exact {
                Known::AtMost(value)
            } else if value < cap {
                Known::Exactly(value)
            } else {
                Known::AtLeast(value)
            },
        );
    }
}
