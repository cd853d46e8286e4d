//! Reading a compressed file's blocks: finding the block that holds an
//! entry (a binary search of the block starts) and decoding it run by run,
//! with a cursor that a later read of the same block resumes.

use super::format::Section;
use super::token_table::Step;
use super::tokens::{run_length, BitReader, PADDING};
use super::{CompressedTables, Run};
use crate::TablebaseError;

/// A block partly decoded: the runs read so far and where the next one
/// starts. A probe keeps a few of these, so that reading another entry of
/// a block it has read decodes only the runs not yet seen, and reading one
/// decodes no further than the entry.
pub(crate) struct BlockCursor {
    /// The section and block number, `None` before the first block.
    pub(crate) block: Option<(usize, u64)>,
    /// The ends (one past the last entry) of the runs decoded so far, in
    /// order, and their values: apart, so that finding a run searches a
    /// dense array of ends.
    ends: Vec<u64>,
    values: Vec<u16>,
    bytes: BlockBytes,
    /// Bits consumed, the context of the next token, its first entry, and
    /// the block's first entry and end.
    position: u64,
    context: u8,
    at: u64,
    first: u64,
    end: u64,
}

/// The runs a cursor makes room for when it first decodes a block: more
/// than most blocks hold (a token takes some five bits).
const RUNS_RESERVED: usize = 256;

impl Default for BlockCursor {
    fn default() -> BlockCursor {
        BlockCursor {
            block: None,
            ends: Vec::new(),
            values: Vec::new(),
            bytes: BlockBytes {
                stack: [0; CompressedTables::BLOCK_BYTES + PADDING],
                heap: Vec::new(),
            },
            position: 0,
            context: 0,
            at: 0,
            first: 0,
            end: 0,
        }
    }
}

/// A block's bytes and [`PADDING`] zeros after them: on the stack for
/// blocks of the size this library writes, else in `heap`.
struct BlockBytes {
    stack: [u8; CompressedTables::BLOCK_BYTES + PADDING],
    heap: Vec<u8>,
}

impl BlockBytes {
    /// Holds `bytes` and the padding.
    fn fill(&mut self, bytes: &[u8]) {
        let size = bytes.len();
        if size <= CompressedTables::BLOCK_BYTES {
            self.stack[..size].copy_from_slice(bytes);
            self.stack[size..size + PADDING].fill(0);
        } else {
            self.heap.clear();
            self.heap.extend_from_slice(bytes);
            self.heap.resize(size + PADDING, 0);
        }
    }

    /// The bytes of a block of `size` bytes, and their padding.
    fn padded(&self, size: usize) -> &[u8] {
        if size <= CompressedTables::BLOCK_BYTES {
            &self.stack[..size + PADDING]
        } else {
            &self.heap
        }
    }
}

impl BlockCursor {
    /// The block number, if the cursor is at the block of section `s`
    /// that holds entry `index`.
    pub(crate) fn block_holding(&self, s: usize, index: u64) -> Option<u64> {
        match self.block {
            Some((section, k)) if section == s && (self.first..self.end).contains(&index) => {
                Some(k)
            }
            _ => None,
        }
    }

    /// The value of the run that holds `index`, among those decoded
    /// (`index` in the block, below the next run's first entry).
    fn decoded(&self, index: u64) -> Option<u16> {
        if index < self.first {
            return None;
        }
        let run = self.ends.partition_point(|&end| end <= index);
        self.values.get(run).copied()
    }

    /// The runs decoded so far: first entry, length, value.
    fn runs(&self) -> Vec<Run> {
        let firsts = std::iter::once(self.first).chain(self.ends.iter().copied());
        firsts
            .zip(&self.ends)
            .zip(&self.values)
            .map(|((first, &end), &value)| (first, end - first, value))
            .collect()
    }
}

impl CompressedTables {
    /// A `Corrupt` error naming the file and the section.
    fn corrupt(&self, section: &Section, what: &str) -> TablebaseError {
        TablebaseError::corrupt(
            &self.path,
            format!("{what} in the {} section", section.part),
        )
    }

    /// The first entry of block `k` of a section.
    #[inline]
    fn block_start(&self, section: &Section, k: u64) -> u64 {
        let width = section.start_bytes;
        super::format::uint_at(
            self.bytes_of(section),
            section.starts_at + width * k as usize,
            width,
        )
    }

    /// The block of section `s` that holds entry `index`: the last one
    /// starting at or before it.
    pub(crate) fn block_of(&self, s: usize, index: u64) -> Result<u64, TablebaseError> {
        let section = &self.header.sections[s];
        if index >= section.entries {
            return Err(self.corrupt(section, "an entry past the end"));
        }
        let (mut low, mut high) = (0u64, section.blocks);
        while high - low > 1 {
            let middle = low + (high - low) / 2;
            if self.block_start(section, middle) <= index {
                low = middle;
            } else {
                high = middle;
            }
        }
        Ok(low)
    }

    /// The runs of block `k` of section `s`: first entry, length, value.
    pub(crate) fn block_runs(&self, s: usize, k: u64) -> Result<Vec<Run>, TablebaseError> {
        let mut cursor = BlockCursor::default();
        self.start_block(&mut cursor, s, k)?;
        self.decode_until(&mut cursor, true, |_| false)?;
        Ok(cursor.runs())
    }

    /// The entry `index` of section `s`, decoded from its block as far as
    /// the entry (no run kept).
    pub(crate) fn entry(&self, s: usize, index: u64) -> Result<u16, TablebaseError> {
        let block = self.block_of(s, index)?;
        let mut cursor = BlockCursor::default();
        self.start_block(&mut cursor, s, block)?;
        match self.decode_until(&mut cursor, false, |&(at, run, _)| index < at + run)? {
            Some((_, _, value)) => Ok(value),
            None => Err(self.corrupt(&self.header.sections[s], "a block that ends short")),
        }
    }

    /// The entry `index` of section `s`, which block `k` holds, read with
    /// `cursor`: resumed if it is at that block, else moved there.
    pub(crate) fn entry_in(
        &self,
        cursor: &mut BlockCursor,
        s: usize,
        k: u64,
        index: u64,
    ) -> Result<u16, TablebaseError> {
        if cursor.block != Some((s, k)) {
            self.start_block(cursor, s, k)?;
        }
        let found = if index < cursor.at {
            cursor.decoded(index)
        } else {
            self.decode_until(cursor, true, |&(at, run, _)| index < at + run)?
                .map(|(_, _, value)| value)
        };
        found.ok_or_else(|| self.corrupt(&self.header.sections[s], "a block that ends short"))
    }

    /// Moves `cursor` to the start of block `k` of section `s`.
    pub(crate) fn start_block(
        &self,
        cursor: &mut BlockCursor,
        s: usize,
        k: u64,
    ) -> Result<(), TablebaseError> {
        let section = &self.header.sections[s];
        if k >= section.blocks {
            return Err(self.corrupt(section, "a block past the end"));
        }
        cursor.block = Some((s, k));
        cursor.ends.clear();
        cursor.values.clear();
        // Room for a whole block's runs in most blocks, at once.
        cursor.ends.reserve(RUNS_RESERVED);
        cursor.values.reserve(RUNS_RESERVED);
        cursor.at = self.block_start(section, k);
        cursor.first = cursor.at;
        cursor.end = if k + 1 < section.blocks {
            self.block_start(section, k + 1)
        } else {
            section.entries
        };
        let size = self.header.block_bytes;
        let start = section.blocks_at + size * k as usize;
        cursor
            .bytes
            .fill(&self.bytes_of(section)[start..start + size]);
        let bits = 2 * u32::from(section.depth);
        let reader = BitReader::new(cursor.bytes.padded(size));
        cursor.context = (reader.peek_at(0) >> (64 - bits)) as u8;
        cursor.position = u64::from(bits);
        Ok(())
    }

    /// Decodes the runs of the cursor's block from where it stands until
    /// `stop` accepts one, which it returns (`None` if the block ends
    /// first); with `keep`, the cursor keeps every run it decodes. After an
    /// error the cursor is at no block.
    fn decode_until(
        &self,
        cursor: &mut BlockCursor,
        keep: bool,
        mut stop: impl FnMut(&Run) -> bool,
    ) -> Result<Option<Run>, TablebaseError> {
        let Some((s, _)) = cursor.block else {
            return Ok(None);
        };
        let section = &self.header.sections[s];
        let size = self.header.block_bytes;
        let BlockCursor {
            block,
            ends,
            values,
            bytes,
            position,
            context,
            at,
            end,
            ..
        } = cursor;
        let reader = BitReader::new(bytes.padded(size));
        let last_bit = reader.len();
        // The next bits, first bit highest, kept in a register: `valid` of
        // them are the block's from `consumed` on. A token then costs a
        // shift of this word, not a load of the block's bytes; the word is
        // read again from the block when fewer than 32 bits are left.
        let mut consumed = *position;
        let mut window = reader.peek_at(consumed);
        let mut valid = 64u32;
        let (mut next, mut kind) = (*at, *context);
        let found = loop {
            if next >= *end {
                break Ok(None);
            }
            if valid < 32 {
                window = reader.peek_at(consumed);
                valid = 64;
            }
            // A code has at most 24 bits, so the 32 bits in hand hold it.
            let step = match section.tokens.step(kind, window) {
                Some(step) => step,
                None => {
                    let Some((token, code)) =
                        section.decoders[usize::from(kind)].decode((window >> 32) as u32)
                    else {
                        break Err("bits that are no code");
                    };
                    Step::of(token, code, kind, &section.symbols, section.depth)
                }
            };
            let bits = step.code + step.extra;
            // A long class's extra bits may run past the bits in hand
            // (code and extra bits take at most 63).
            if bits > valid {
                window = reader.peek_at(consumed);
                valid = 64;
            }
            // The `extra` bits after the code (none when `extra` is 0: the
            // top bit is cleared before the shift by 63).
            let value = ((window << step.code) >> 1) >> (63 - step.extra);
            consumed += u64::from(bits);
            window <<= bits;
            valid -= bits;
            let length = run_length(step.class, value);
            if consumed > last_bit || length > *end - next {
                break Err("a block that overruns");
            }
            let run = (next, length, section.symbols[step.symbol]);
            kind = step.next;
            next += length;
            if keep {
                ends.push(next);
                values.push(run.2);
            }
            if stop(&run) {
                break Ok(Some(run));
            }
        };
        (*position, *context, *at) = (consumed, kind, next);
        found.map_err(|what| {
            *block = None;
            self.corrupt(section, what)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::BlockCursor;
    use crate::compressed::tests::{scattering_stride, two_corner_tigers_compressed};

    /// Entries read in a scattered order through a few kept cursors (each
    /// resumed, rewound into its decoded runs, or moved to another block)
    /// are the entries of the blocks decoded whole, in order.
    #[test]
    fn resumed_reads_match_whole_blocks() {
        let (_dir, made) = two_corner_tigers_compressed();
        let mut cursors: Vec<BlockCursor> = (0..3).map(|_| BlockCursor::default()).collect();
        let mut checked = 0u64;
        for (s, section) in made.sections().iter().enumerate() {
            let mut whole = Vec::new();
            for k in 0..section.blocks {
                whole.extend(made.block_runs(s, k).unwrap().into_iter().map(|r| (k, r)));
            }
            // Every entry of the section, visited by a stride that jumps
            // between blocks and comes back to earlier entries.
            let entries = section.entries;
            let stride = scattering_stride(entries, 7);
            for i in 0..entries {
                let index = (i * stride) % entries;
                let at = whole.partition_point(|(_, (first, _, _))| *first <= index) - 1;
                let (k, (first, length, value)) = whole[at];
                assert!(index < first + length);
                let cursor = &mut cursors[(index % 3) as usize];
                assert_eq!(made.entry_in(cursor, s, k, index).unwrap(), value);
                assert_eq!(made.block_of(s, index).unwrap(), k);
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
