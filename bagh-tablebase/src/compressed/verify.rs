//! The proof that a compressed file says what the full tables say: every
//! entry that a probe reads, decoded and compared, block by block in
//! parallel.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use bagh_core::Side;

use super::compress::{movement_source, placement_source};
use super::encode::Source;
use super::sections::{shapes, Part};
use super::CompressedTables;
use crate::options::{in_pool, run_tasks};
use crate::{BuildOptions, BuildProgress, Stage, Tablebase, TablebaseError};

/// An entry where a compressed file and the full tables disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// The section: `movement, 2 captured, tigers to move` or
    /// `placement, 12 placed, 3 captured`.
    pub section: String,
    /// The entry's index in the section (the full tables' numbering).
    pub index: u64,
    /// The entry in the full tables (movement: `distance << 2 | tag`;
    /// placement: 0 loss, 1 draw, 2 win for the goats).
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
        let (Some(movement), Some(placement)) = (full.movement(), full.placement()) else {
            return Err(TablebaseError::Unsupported {
                rules: full.rules().to_string(),
                reason: format!("{} does not hold the full tables", full.dir().display()),
            });
        };
        if full.rules() != self.rules() {
            return Err(TablebaseError::WrongRules {
                path: self.path.clone(),
                expected: full.rules().to_string(),
                found: self.rules().to_string(),
            });
        }
        let layout = self.layout();
        let shapes = shapes(layout);
        let total: u64 = shapes.iter().map(|s| s.entries).sum();
        let done = AtomicU64::new(0);
        in_pool(self.rules(), options.threads, || {
            let mut count = 0u64;
            let mut kept = Vec::new();
            let mut layer = None;
            for (s, shape) in shapes.iter().enumerate() {
                let movement_entries;
                let placement_entries;
                let expected: Source<'_> = match shape.part {
                    Part::Movement { captured, side } => {
                        let l = &layout.layers[captured as usize];
                        let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
                        movement_entries = movement_source(movement, base);
                        &movement_entries
                    }
                    Part::Placement { placed, captured } => {
                        if layer.as_ref().is_none_or(|(p, _)| *p != placed) {
                            drop(layer.take()); // free the last layer before reading the next
                            layer = Some((placed, placement.read_layer(u32::from(placed))?));
                        }
                        let Some((_, values)) = layer.as_ref() else {
                            return Err(TablebaseError::corrupt(self.path(), "no layer"));
                        };
                        placement_entries =
                            placement_source(layout, shape, &values[captured as usize]);
                        &placement_entries
                    }
                };
                let blocks = self.sections()[s].blocks;
                let tasks = blocks.div_ceil(BLOCKS_A_TASK) as usize;
                let found = run_tasks(tasks, |t| {
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
                        layer: match shape.part {
                            Part::Movement { .. } => 255,
                            Part::Placement { placed, .. } => placed,
                        },
                    });
                    Ok::<_, TablebaseError>(differences)
                });
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
        let mut runs = Vec::new();
        self.walk_block(section, k, |at, run, found| {
            runs.push((at, run, found));
            false
        })?;
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
            if let Some(e) = entry.filter(|&e| e != found) {
                differences.0 += 1;
                if differences.1.len() < keep {
                    differences.1.push(Difference {
                        section: section.part.to_string(),
                        index,
                        expected: e,
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
