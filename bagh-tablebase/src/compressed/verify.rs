//! The proof that a compressed file says what the full tables say: every
//! entry that a probe reads, decoded and checked against what the full
//! tables allow it to hold, block by block in parallel. Every probe of a
//! goats-to-move placement position is derived from these entries by the
//! game's own rule (the best placement), so they decide it too.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::encode::Source;
use super::full_entries::FullEntries;
use super::CompressedTables;
use crate::options::{in_pool, run_tasks};
use crate::{BuildOptions, BuildProgress, Stage, Tablebase, TablebaseError};

/// An entry where a compressed file and the full tables disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The section: `movement, 2 captured, tigers to move` or
    /// `placement, 12 placed, 3 captured`.
    pub section: String,
    /// The entry's index in the section, the file's numbering: the full
    /// tables', except that from format 4 each placement run's goat sets,
    /// and from format 5 each movement run's sets, are in revolving-door
    /// order.
    pub index: u64,
    /// The entry the full tables give (movement: `distance << 2 | tag`;
    /// placement: the goats' value of the tigers to move, 0 loss, 1 draw,
    /// 2 win; where a capture reaches that value, the least of the values
    /// the entry may hold).
    pub expected: u16,
    /// The entry decoded from the compressed file.
    pub found: u16,
}

/// Blocks compared by one task.
const BLOCKS_A_TASK: u64 = 4096;

impl CompressedTables {
    /// Compares every entry that a probe reads with the full tables of
    /// `full`, and returns the differences (at most `keep` of them, and
    /// their number). Each placement layer file is read whole and checked
    /// on the way; `options.on_progress` hears of [`Stage::Verify`].
    pub fn compare(
        &self,
        full: &Tablebase,
        keep: usize,
        options: &BuildOptions,
    ) -> Result<(u64, Vec<Difference>), TablebaseError> {
        let mut entries = FullEntries::of(full, self.orders(), "to compare with")?;
        if full.rules() != self.rules() {
            return Err(TablebaseError::WrongRules {
                path: self.path.clone(),
                expected: full.rules().to_string(),
                found: self.rules().to_string(),
            });
        }
        let shapes = self.stored_shapes();
        let total: u64 = shapes.iter().map(|s| s.entries).sum();
        let done = AtomicU64::new(0);
        in_pool(self.rules(), options.threads, || {
            let mut count = 0u64;
            let mut kept = Vec::new();
            for (s, shape) in shapes.iter().enumerate() {
                let found = entries.with_section(shape, |expected| {
                    self.compare_section(s, expected, keep, &done, total, options)
                })?;
                for result in found {
                    let (n, mut list) = result?;
                    count += n;
                    list.truncate(keep.saturating_sub(kept.len()));
                    kept.append(&mut list);
                }
            }
            Ok((count, kept))
        })
    }

    /// Compares the blocks of section `s` with `expected`, a task for each
    /// [`BLOCKS_A_TASK`] blocks: each task's differences (their number and
    /// at most `keep` of them).
    fn compare_section(
        &self,
        s: usize,
        expected: Source<'_>,
        keep: usize,
        done: &AtomicU64,
        total: u64,
        options: &BuildOptions,
    ) -> Vec<Result<(u64, Vec<Difference>), TablebaseError>> {
        let section = &self.sections()[s];
        let blocks = section.blocks;
        let tasks = blocks.div_ceil(BLOCKS_A_TASK) as usize;
        run_tasks(tasks, |t| {
            let first = t as u64 * BLOCKS_A_TASK;
            let last = (first + BLOCKS_A_TASK).min(blocks);
            let mut differences = (0u64, Vec::new());
            let mut entries = 0;
            for k in first..last {
                entries += self.compare_block(s, k, expected, keep, &mut differences)?;
            }
            let done = done.fetch_add(entries, Relaxed) + entries;
            options.report(BuildProgress {
                stage: Stage::Verify,
                done,
                total,
                layer: section.part.layer(),
            });
            Ok(differences)
        })
    }
    /// Decodes block `k` of section `s` whole and compares its entries with
    /// `expected`; returns the block's number of entries.
    fn compare_block(
        &self,
        s: usize,
        k: u64,
        expected: Source<'_>,
        keep: usize,
        differences: &mut (u64, Vec<Difference>),
    ) -> Result<u64, TablebaseError> {
        let section = &self.sections()[s];
        let runs = self.block_runs(s, k)?;
        let (Some(&(first, _, _)), Some(&(last, run, _))) = (runs.first(), runs.last()) else {
            return Ok(0);
        };
        let mut current = 0;
        let mut index = first;
        expected(first..last + run, &mut |entry| {
            while index >= runs[current].0 + runs[current].1 {
                current += 1;
            }
            let found = runs[current].2;
            if !entry.admits(found) {
                differences.0 += 1;
                if differences.1.len() < keep {
                    differences.1.push(Difference {
                        section: section.part.to_string(),
                        index,
                        expected: entry.least(0),
                        found,
                    });
                }
            }
            index += 1;
        });
        let entries = last + run - first;
        Ok(entries)
    }
}
