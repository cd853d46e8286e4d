//! The transposition table: what earlier searches learnt about a position,
//! keyed by its Zobrist key.
//!
//! Each entry is two `AtomicU64` words: the key XOR the data, and the data.
//! A reader accepts an entry only when the two XOR back to its key, so a
//! write torn by another thread reads as a miss, never as a wrong entry;
//! with relaxed atomics this is data-race free in safe Rust and lets
//! several search threads share one table without locks.
//!
//! The data word packs the best move (16 bits), the score (24 bits), the
//! depth (8 bits), the bound (2 bits), the age of the search that wrote
//! it (6 bits) and whether it was written by a full-width search (1 bit;
//! see the search's reductions).
//!
//! Replacement: entries come in buckets of two. A position that is already
//! in its bucket is overwritten in place (keeping its old move when the new
//! result has none). Otherwise the entry that is worth less is replaced:
//! worth is its depth, less 8 for every search since the one that wrote
//! it, so deep results of the current search stay and old ones go.

use std::sync::atomic::{AtomicU64, Ordering};

use bagh_core::{Move, Point};

/// What a stored score says about the position's value.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// Only the move is known (the score depended on the path).
    None = 0,
    /// The value is at most the score.
    Upper = 1,
    /// The value is at least the score.
    Lower = 2,
    /// The value is the score.
    Exact = 3,
}

/// One entry read back.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) struct Entry {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// Written by a search without reductions that took cutoffs only from
    /// such entries: its depth is a full-width depth.
    pub full_width: bool,
}

const SCORE_BIAS: i64 = 1 << 23;
const AGE_MASK: u8 = 63;

/// A move in 16 bits: kind (2), from (5), to (5); 0 for none.
pub(crate) fn encode_move(mv: Option<Move>) -> u64 {
    match mv {
        None => 0,
        Some(Move::Place { to }) => 1 << 10 | to.index() as u64,
        Some(Move::Step { from, to }) => 2 << 10 | (from.index() as u64) << 5 | to.index() as u64,
        Some(Move::Capture { from, to, .. }) => {
            3 << 10 | (from.index() as u64) << 5 | to.index() as u64
        }
    }
}

pub(crate) fn decode_move(code: u64) -> Option<Move> {
    let to = Point::from_index((code & 31) as usize)?;
    let from = Point::from_index((code >> 5 & 31) as usize)?;
    match code >> 10 & 3 {
        1 => Some(Move::Place { to }),
        2 => Some(Move::Step { from, to }),
        // `Move::capture`, from a table.
        3 => {
            let over = Point::from_index(usize::from(JUMPED[from.index()][to.index()]))?;
            Some(Move::Capture { from, over, to })
        }
        _ => None,
    }
}

/// The point jumped by a capture from one point to another (the middle of
/// two steps along a line), or 25 where there is none.
const JUMPED: [[u8; 25]; 25] = {
    let mut table = [[25u8; 25]; 25];
    let mut d = 0;
    while d < 8 {
        let direction = bagh_core::Direction::ALL[d];
        let mut from = 0;
        while from < 25 {
            if let Some(over) = direction.step(Point::ALL[from]) {
                if let Some(to) = direction.step(over) {
                    table[from][to.index()] = over.index() as u8;
                }
            }
            from += 1;
        }
        d += 1;
    }
    table
};

fn pack(mv: Option<Move>, score: i32, depth: i32, bound: Bound, age: u8, full_width: bool) -> u64 {
    let score = (i64::from(score) + SCORE_BIAS).clamp(0, (1 << 24) - 1) as u64;
    u64::from(full_width) << 56
        | encode_move(mv)
        | score << 16
        | (depth.clamp(0, 255) as u64) << 40
        | (bound as u64) << 48
        | u64::from(age & AGE_MASK) << 50
}

fn unpack(data: u64) -> (Entry, u8) {
    let bound = match data >> 48 & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => Bound::None,
    };
    let entry = Entry {
        mv: decode_move(data & 0xFFFF),
        score: ((data >> 16 & 0xFF_FFFF) as i64 - SCORE_BIAS) as i32,
        depth: (data >> 40 & 0xFF) as i32,
        bound,
        full_width: data >> 56 & 1 == 1,
    };
    (entry, (data >> 50) as u8 & AGE_MASK)
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    fn read(&self) -> (u64, u64) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data, data)
    }

    fn write(&self, key: u64, data: u64) {
        self.data.store(data, Ordering::Relaxed);
        self.check.store(key ^ data, Ordering::Relaxed);
    }
}

/// The shared table (see the module docs).
pub(crate) struct TranspositionTable {
    slots: Vec<Slot>,
    age: u8,
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (16 bytes per entry, at least one
    /// bucket), or `None` when the memory cannot be had.
    pub(crate) fn new(mb: usize) -> Option<TranspositionTable> {
        let entries = (mb.saturating_mul(1 << 20) / 16).max(2) & !1;
        let mut slots = Vec::new();
        slots.try_reserve_exact(entries).ok()?;
        slots.extend((0..entries).map(|_| Slot {
            check: AtomicU64::new(0),
            data: AtomicU64::new(0),
        }));
        Some(TranspositionTable { slots, age: 0 })
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for slot in &self.slots {
            slot.write(0, 0);
        }
        self.age = 0;
    }

    /// Marks the start of a new search: older entries become cheaper to
    /// replace.
    pub(crate) fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK;
    }

    fn bucket(&self, key: u64) -> usize {
        let buckets = (self.slots.len() / 2) as u128;
        (((key as u128) * buckets) >> 64) as usize * 2
    }

    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let first = self.bucket(key);
        self.slots[first..first + 2].iter().find_map(|slot| {
            let (stored_key, data) = slot.read();
            (data != 0 && stored_key == key).then(|| unpack(data).0)
        })
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn store(
        &self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        full_width: bool,
    ) {
        let first = self.bucket(key);
        let bucket = &self.slots[first..first + 2];
        let mut victim = 0;
        let mut lowest = i32::MAX;
        for (i, slot) in bucket.iter().enumerate() {
            let (stored_key, data) = slot.read();
            if data == 0 {
                victim = i;
                break;
            }
            let (old, age) = unpack(data);
            if stored_key == key {
                // The same position: a deeper old result of this search with
                // no new move keeps its move.
                let mv = mv.or(old.mv);
                slot.write(key, pack(mv, score, depth, bound, self.age, full_width));
                return;
            }
            let stale = i32::from(self.age.wrapping_sub(age) & AGE_MASK);
            let worth = old.depth - 8 * stale;
            if worth < lowest {
                lowest = worth;
                victim = i;
            }
        }
        bucket[victim].write(key, pack(mv, score, depth, bound, self.age, full_width));
    }

    /// Permille of the first thousand entries written by the current search.
    pub(crate) fn hashfull(&self) -> u32 {
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|slot| {
                let (_, data) = slot.read();
                data != 0 && unpack(data).1 == self.age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code decodes as the moves' own constructors read it.
    #[test]
    fn captures_decode_as_move_capture() {
        for from in Point::ALL {
            for to in Point::ALL {
                let code = 3 << 10 | (from.index() as u64) << 5 | to.index() as u64;
                assert_eq!(decode_move(code), Move::capture(from, to), "{from}{to}");
            }
        }
    }

    #[test]
    fn moves_pack_into_sixteen_bits() {
        for text in ["c3", "a1a2", "a1a4", "a1xa3", "e5xc3"] {
            let mv: Move = text.parse().unwrap();
            assert_eq!(decode_move(encode_move(Some(mv))), Some(mv));
        }
        assert_eq!(decode_move(encode_move(None)), None);
    }

    #[test]
    fn entries_round_trip_and_replace() {
        let table = TranspositionTable::new(1).unwrap();
        let mv: Move = "a1xa3".parse().unwrap();
        table.store(42, Some(mv), -999_990, 7, Bound::Lower, true);
        let entry = table.probe(42).unwrap();
        assert_eq!(entry.mv, Some(mv));
        assert_eq!(entry.score, -999_990);
        assert_eq!(entry.depth, 7);
        assert_eq!(entry.bound, Bound::Lower);
        assert!(entry.full_width);
        assert!(table.probe(43).is_none());
        // The same key again: replaced in place, keeping the move.
        table.store(42, None, 15, 9, Bound::Exact, false);
        let entry = table.probe(42).unwrap();
        assert_eq!(
            (entry.mv, entry.score, entry.bound),
            (Some(mv), 15, Bound::Exact)
        );
        assert!(table.hashfull() <= 1000);
    }
}
