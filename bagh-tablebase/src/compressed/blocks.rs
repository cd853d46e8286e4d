//! Reading a compressed file's blocks: finding the block that holds an
//! entry (a binary search of the block starts) and decoding it run by run.

use super::format::Section;
use super::tokens::{context_after, extra_bits, run_length, BitReader, CLASSES, PADDING};
use super::{CompressedTables, Run};
use crate::TablebaseError;

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
        crate::movement::format::u64_at(&self.map, section.starts_at + 8 * k as usize)
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
        let mut runs = Vec::new();
        self.walk_block(&self.header.sections[s], k, |at, run, symbol| {
            runs.push((at, run, symbol));
            false
        })?;
        Ok(runs)
    }

    /// The entry `index` of section `s`, decoded from its block.
    pub(crate) fn entry(&self, s: usize, index: u64) -> Result<u16, TablebaseError> {
        let section = &self.header.sections[s];
        let block = self.block_of(s, index)?;
        let mut found = None;
        self.walk_block(section, block, |at, run, symbol| {
            if index < at + run {
                found = Some(symbol);
            }
            found.is_some()
        })?;
        found.ok_or_else(|| self.corrupt(section, "a block that ends short"))
    }

    /// Decodes block `k` of a section run by run, handing each to `visit`
    /// (its first entry, its length and its entry value) until `visit`
    /// returns `true` or the block ends.
    pub(crate) fn walk_block(
        &self,
        section: &Section,
        k: u64,
        mut visit: impl FnMut(u64, u64, u16) -> bool,
    ) -> Result<(), TablebaseError> {
        let mut at = self.block_start(section, k);
        let end = if k + 1 < section.blocks {
            self.block_start(section, k + 1)
        } else {
            section.entries
        };
        let size = self.header.block_bytes;
        let start = section.blocks_at + size * k as usize;
        // The block and zeros after it, on the stack for blocks of the
        // size this library writes.
        let mut stack = [0u8; CompressedTables::BLOCK_BYTES + PADDING];
        let mut heap = Vec::new();
        let padded: &mut [u8] = if size <= CompressedTables::BLOCK_BYTES {
            &mut stack[..size + PADDING]
        } else {
            heap.resize(size + PADDING, 0);
            &mut heap
        };
        padded[..size].copy_from_slice(&self.map[start..start + size]);
        let mut reader = BitReader::new(padded);
        let bits = 2 * u32::from(section.depth);
        let mut context = (reader.peek() >> (64 - bits)) as u8;
        reader.skip(bits);
        while at < end {
            let Some((token, length)) =
                section.decoders[usize::from(context)].decode((reader.peek() >> 32) as u32)
            else {
                return Err(self.corrupt(section, "bits that are no code"));
            };
            reader.skip(length);
            let class = token % CLASSES;
            let extra = extra_bits(class);
            let value = if extra > 0 {
                reader.peek() >> (64 - extra)
            } else {
                0
            };
            reader.skip(extra);
            let run = run_length(class, value);
            if reader.position > reader.len() || run > end - at {
                return Err(self.corrupt(section, "a block that overruns"));
            }
            let symbol = section.symbols[(token / CLASSES) as usize];
            context = context_after(context, symbol, section.depth);
            if visit(at, run, symbol) {
                return Ok(());
            }
            at += run;
        }
        Ok(())
    }
}
