//! The blocks one probe's search keeps partly decoded, in two tiers. Its
//! reads come back to the same blocks again and again (the placements of
//! one position often share a block, and a `best_moves` meets the same
//! runs through several moves): most of the blocks that a search keeping
//! only the last 8 blocks starts decoding are blocks it had decoded before
//! and let go. So the few blocks read
//! last are found by their entries' range, and the ones let go wait in a
//! larger table, found by block number, until another block takes their
//! slot.

use std::cell::RefCell;

use arrayvec::ArrayVec;

use super::blocks::BlockCursor;
use super::CompressedTables;
use crate::TablebaseError;

/// The blocks read last, looked up by entry range at every read.
const RECENT: usize = 8;
/// The slots of the blocks let go (a power of two).
const SPARE: usize = 64;
/// No cursor.
const NONE: u8 = u8::MAX;

thread_local! {
    /// The cursors of the thread's last search, kept for their buffers: a
    /// search takes them rather than allocating its own (their blocks are
    /// forgotten; only the memory is reused). At most `RECENT + SPARE`
    /// cursors, some 200 KiB a thread that has probed.
    static UNUSED: RefCell<Vec<BlockCursor>> = const { RefCell::new(Vec::new()) };
}

/// A search's blocks (see the module's documentation): cursors, and which
/// of them are recent and which wait in the spare slots, by their place.
pub(super) struct KeptBlocks {
    cursors: Vec<BlockCursor>,
    /// The cursors of this search: the first `used`; the others are
    /// buffers left by an earlier search.
    used: usize,
    /// Cursors of this search that no block holds any more.
    free: ArrayVec<u8, { RECENT + SPARE }>,
    recent: ArrayVec<u8, RECENT>,
    /// The one of `recent` to let go next, when all are in use.
    oldest: usize,
    /// The blocks let go, each in the slot of its section and number.
    spare: [u8; SPARE],
}

impl Default for KeptBlocks {
    fn default() -> KeptBlocks {
        let cursors = UNUSED
            .try_with(|unused| std::mem::take(&mut *unused.borrow_mut()))
            .unwrap_or_default();
        KeptBlocks {
            cursors,
            used: 0,
            free: ArrayVec::new(),
            recent: ArrayVec::new(),
            oldest: 0,
            spare: [NONE; SPARE],
        }
    }
}

impl Drop for KeptBlocks {
    /// Leaves the cursors' buffers to the thread's next search.
    fn drop(&mut self) {
        // During the thread's exit the list may be gone: then they are
        // freed.
        let _ = UNUSED.try_with(|unused| {
            let mut unused = unused.borrow_mut();
            if unused.len() < self.cursors.len() {
                *unused = std::mem::take(&mut self.cursors);
            }
        });
    }
}

impl KeptBlocks {
    /// The entry `index` of section `s`, read from a kept block where one
    /// holds it, else from its block, which is kept.
    pub(super) fn entry(
        &mut self,
        tables: &CompressedTables,
        s: usize,
        index: u64,
    ) -> Result<u16, TablebaseError> {
        let cursors = &self.cursors;
        let holding = self.recent.iter().find_map(|&c| {
            cursors[usize::from(c)]
                .block_holding(s, index)
                .map(|k| (c, k))
        });
        let (c, k) = match holding {
            Some(found) => found,
            None => self.take_in(tables, s, index)?,
        };
        tables.entry_in(&mut self.cursors[usize::from(c)], s, k, index)
    }

    /// Puts the block of section `s` that holds `index` among the recent
    /// ones (from its spare slot if it waits there), letting the oldest
    /// go; returns its cursor and the block's number.
    fn take_in(
        &mut self,
        tables: &CompressedTables,
        s: usize,
        index: u64,
    ) -> Result<(u8, u64), TablebaseError> {
        let k = tables.block_of(s, index)?;
        if self.recent.len() < RECENT {
            let c = self.new_cursor();
            self.recent.push(c);
            tables.start_block(&mut self.cursors[usize::from(c)], s, k)?;
            return Ok((c, k));
        }
        let place = self.oldest;
        self.oldest = (place + 1) % RECENT;
        let slot = spare_slot(s, k);
        let waiting = self.spare[slot];
        let mut c = NONE;
        if waiting != NONE && self.cursors[usize::from(waiting)].block == Some((s, k)) {
            (c, self.spare[slot]) = (waiting, NONE);
        }
        // The block let go takes its spare slot; the one there is reused.
        let gone = self.recent[place];
        let reused = match self.cursors[usize::from(gone)].block {
            Some((gone_s, gone_k)) => {
                std::mem::replace(&mut self.spare[spare_slot(gone_s, gone_k)], gone)
            }
            None => gone,
        };
        if c == NONE {
            c = if reused == NONE {
                self.new_cursor()
            } else {
                reused
            };
            // Until it starts, the cursor is at no block (a failed start
            // leaves it so).
            self.cursors[usize::from(c)].block = None;
            self.recent[place] = c;
            tables.start_block(&mut self.cursors[usize::from(c)], s, k)?;
        } else {
            self.recent[place] = c;
            if reused != NONE {
                // There is always room (fewer cursors are free than kept
                // in slots); were there not, the cursor would only be
                // left unused.
                let _ = self.free.try_push(reused);
            }
        }
        Ok((c, k))
    }

    /// A cursor at no block: a free one of this search, else one of the
    /// buffers at hand, else a new one.
    fn new_cursor(&mut self) -> u8 {
        let c = match self.free.pop() {
            Some(c) => usize::from(c),
            None => {
                if self.used == self.cursors.len() {
                    self.cursors.push(BlockCursor::default());
                }
                self.used += 1;
                self.used - 1
            }
        };
        self.cursors[c].block = None;
        c as u8
    }
}

/// The spare slot of block `k` of section `s`.
fn spare_slot(s: usize, k: u64) -> usize {
    let key = (s as u64) << 40 ^ k;
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SPARE.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::{KeptBlocks, RECENT, SPARE};
    use crate::compressed::tests::{scattering_stride, two_corner_tigers_compressed};

    /// Entries read in a scattered order, over far more blocks than are
    /// kept (so that blocks are let go, wait in spare slots, are taken
    /// back or displaced, and buffers are reused by a later search), are
    /// the entries of the blocks decoded whole.
    #[test]
    fn scattered_reads_match_whole_blocks() {
        let (_dir, made) = two_corner_tigers_compressed();
        // (section, entry) -> value, from whole blocks.
        let mut whole = Vec::new();
        for (s, section) in made.sections().iter().enumerate() {
            for k in 0..section.blocks {
                for (first, length, value) in made.block_runs(s, k).unwrap() {
                    whole.push((s, k, first, length, value));
                }
            }
        }
        let runs = whole.len() as u64;
        let mut blocks_met = HashSet::new();
        for search in 0..2u64 {
            let mut kept = KeptBlocks::default();
            // Each run's first and last entry, by a stride that jumps
            // between sections and blocks and comes back to earlier ones.
            let stride = scattering_stride(runs, 5);
            for i in 0..2 * runs {
                let (s, k, first, length, value) = whole[((i * stride + search) % runs) as usize];
                let index = if i % 2 == 0 {
                    first
                } else {
                    first + length - 1
                };
                assert_eq!(kept.entry(&made, s, index).unwrap(), value);
                blocks_met.insert((s, k));
            }
            assert!(kept.used <= RECENT + SPARE + 1, "{}", kept.used);
        }
        assert!(
            blocks_met.len() > 4 * (RECENT + SPARE),
            "{}",
            blocks_met.len()
        );
    }
}
