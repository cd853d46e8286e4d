//! Goats-to-move placement values that probes of one file have proved,
//! kept for the probes after them: a search (an engine's, say) meets the
//! same positions again and again, and each costs some twenty reads or
//! more. A fixed table of slots, each a position's key and its value in
//! one atomic word, so threads share it without locks; a newer value
//! takes the slot of an older one.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::Value;

/// The number of slots: 2^18, 2 MiB.
const SLOT_BITS: u32 = 18;
/// Marks a slot in use (a key needs 59 bits, a value 2).
const USED: u64 = 1 << 62;

/// Proven values by position key (see `placement_probe::key`).
pub(crate) struct Proven {
    slots: Box<[AtomicU64]>,
}

impl Proven {
    pub fn new() -> Proven {
        Proven {
            slots: (0..1u64 << SLOT_BITS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize]
    }

    /// The value proved for `key`, if it is still kept.
    pub fn get(&self, key: u64) -> Option<Value> {
        let word = self.slot(key).load(Relaxed);
        let value = match (word >> 60) & 3 {
            0 => Value::Loss,
            1 => Value::Draw,
            _ => Value::Win,
        };
        (word & USED != 0 && word & KEY == key).then_some(value)
    }

    /// Keeps the value proved for `key`.
    pub fn put(&self, key: u64, value: Value) {
        debug_assert_eq!(key & !KEY, 0);
        let code = match value {
            Value::Loss => 0,
            Value::Draw => 1,
            Value::Win => 2,
        };
        self.slot(key).store(USED | code << 60 | key, Relaxed);
    }
}

/// The bits of a key.
const KEY: u64 = (1 << 60) - 1;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_is_kept_under_its_key_alone() {
        let proven = Proven::new();
        assert_eq!(proven.get(12345), None);
        proven.put(12345, Value::Draw);
        assert_eq!(proven.get(12345), Some(Value::Draw));
        proven.put(12345, Value::Win);
        assert_eq!(proven.get(12345), Some(Value::Win));
        // Another key in the same slot takes it over.
        let same_slot = (1..u64::MAX)
            .map(|k| k & KEY)
            .find(|&k| k != 12345 && std::ptr::eq(proven.slot(k), proven.slot(12345)))
            .unwrap();
        proven.put(same_slot, Value::Loss);
        assert_eq!(proven.get(12345), None);
        assert_eq!(proven.get(same_slot), Some(Value::Loss));
    }
}
