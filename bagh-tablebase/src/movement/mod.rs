//! The movement table: the value of every position with no goats in hand
//! under perfect play, for any rule set, and the distance to the end.
//!
//! ```
//! use bagh_core::{Point, Position, Ruleset};
//! use bagh_tablebase::{BuildOptions, MovementTable, Value};
//!
//! // One tiger, three goats, the tiger wins with one capture.
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(3).capture_target(1).build()?;
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("movement.tb");
//! let table = MovementTable::build(rules, &path, &BuildOptions::default())?;
//!
//! let position = Position::from_text("5/5/1GTG1/2G2/5 t 0 0", rules)?;
//! let probe = table.probe(&position)?;
//! assert_eq!(probe.value, Value::Win);
//! assert_eq!(probe.distance, Some(1)); // capture at once
//! assert!(table.best_moves(&position)?.iter().all(|mv| mv.to_string().contains('x')));
//!
//! // The file opens again, and checks itself.
//! let again = MovementTable::open(&path)?;
//! assert_eq!(again.probe(&position)?, probe);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! For every position with no goats in hand, fewer captures than the
//! target and either side to move, the table holds win, draw or loss for
//! the side to move and the distance to the end of the game in plies under
//! perfect play (see [`Probe`]). A position that neither side can force out
//! of a cycle is a draw. Positions are numbered combinatorially and the
//! board's eight symmetries folded (the `layout` module); values are
//! computed by retrograde analysis, layer by captured count (the `build`
//! module). The file format is in the `format` module and the
//! [guide](crate::guide).

mod build;
pub(crate) mod entry;
pub(crate) mod format;
mod statistics;
mod unmove;

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;

use bagh_core::{Move, Position, Ruleset};

pub use format::FORMAT_VERSION;
pub use statistics::{MovementLayerStatistics, MovementStatistics};

use crate::files::{with_suffix, BuildLock};
use crate::layout::Layout;
use crate::options::in_pool;
use crate::{BuildOptions, BuildProgress, Probe, Stage, TablebaseError, Value};
use build::Solver;

/// A movement table, held in memory.
pub struct MovementTable {
    layout: Layout,
    bytes: Vec<u8>,
    data_start: usize,
    width: u8,
    positions: u64,
    checksum: u32,
    path: PathBuf,
}

impl std::fmt::Debug for MovementTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MovementTable")
            .field("rules", &self.layout.rules.to_string())
            .field("path", &self.path)
            .field("positions", &self.positions)
            .finish()
    }
}

impl MovementTable {
    /// The number of movement-phase positions of a rule set up to the
    /// board's symmetries, both sides to move, counted without building
    /// anything (by Burnside's lemma). For `bagh-chal`, 88,260,972.
    pub fn count_positions(rules: &Ruleset) -> u64 {
        crate::layout::count_positions(rules)
    }

    /// The bytes of memory a build of `rules` needs (what
    /// [`BuildOptions::memory_budget`] is compared with).
    pub fn memory_needed(rules: &Ruleset) -> u64 {
        build::memory_needed(&Layout::new(*rules))
    }

    /// The checkpoint file of a build writing `path`: `PATH.partial`.
    pub fn checkpoint_path(path: &Path) -> PathBuf {
        with_suffix(path, ".partial")
    }

    /// Builds the table of `rules`, writes it to `path` (atomically, through
    /// a uniquely named temporary file) and returns it. With
    /// `options.checkpoint`, each solved layer is saved to
    /// [`checkpoint_path`](Self::checkpoint_path)`(path)`, and a build
    /// finding a valid checkpoint of the same rule set there resumes from
    /// it; the checkpoint is removed at the end. A second build of the same
    /// path while one runs fails with [`TablebaseError::Busy`].
    pub fn build(
        rules: Ruleset,
        path: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<MovementTable, TablebaseError> {
        let path = path.as_ref();
        options.check_budget(&rules, MovementTable::memory_needed(&rules))?;
        let layout = Layout::new(rules);
        if layout.largest_layer() >= u64::from(u32::MAX) {
            return Err(TablebaseError::Unsupported {
                rules: rules.to_string(),
                reason: "a layer has more than 2^32 entries".into(),
            });
        }
        let _lock = BuildLock::take(&with_suffix(path, ".lock"))?;
        in_pool(&rules, options.threads, || {
            MovementTable::build_in(layout, path, options)
        })
    }

    fn build_in(
        layout: Layout,
        path: &Path,
        options: &BuildOptions,
    ) -> Result<MovementTable, TablebaseError> {
        let rules = layout.rules;
        let checkpoint = MovementTable::checkpoint_path(path);
        let solver = Solver::new(&layout)?;
        let mut first_done = layout.layers.len();
        if options.checkpoint && checkpoint.exists() {
            if let Ok((header, bytes)) = format::read(&checkpoint) {
                if header.kind == format::Kind::Checkpoint && header.rules == rules {
                    let start = layout
                        .layers
                        .get(header.first_layer as usize)
                        .map_or(layout.entries, |l| l.offset);
                    let data = &bytes[header.data_start..];
                    for i in 0..header.entries as usize {
                        solver.values[start as usize + i]
                            .store(format::entry_at(data, header.width, i), Relaxed);
                    }
                    first_done = header.first_layer as usize;
                }
            }
        }
        let total: u64 = 2 * layout.entries;
        let mut done: u64 = layout.layers[first_done.min(layout.layers.len())..]
            .iter()
            .map(|l| 2 * l.len())
            .sum();
        for layer in (0..first_done).rev() {
            let layer_start = done;
            let layer_len = 2 * layout.layers[layer].len();
            // The callback hears of every layer's start, then at most every 100 ms.
            let mut last_report: Option<std::time::Instant> = None;
            let mut report = |n: u64| {
                done = (done + n).min(layer_start + layer_len);
                if last_report.is_none_or(|t| t.elapsed().as_millis() >= 100) {
                    last_report = Some(std::time::Instant::now());
                    return options.report(BuildProgress {
                        stage: Stage::Movement,
                        done,
                        total,
                        layer: layer as u8,
                    });
                }
                true
            };
            if !solver.solve_layer(layer, &mut report)? {
                return Err(TablebaseError::Interrupted { checkpoint });
            }
            done = layer_start + layer_len;
            if options.checkpoint && layer > 0 {
                let start = layout.layers[layer].offset as usize;
                format::write(
                    &checkpoint,
                    format::Kind::Checkpoint,
                    &rules,
                    layer as u32,
                    &solver.values[start..],
                )?;
            }
        }
        options.report(BuildProgress {
            stage: Stage::Movement,
            done: total,
            total,
            layer: 0,
        });
        format::write(path, format::Kind::Table, &rules, 0, &solver.values)?;
        drop(solver);
        if options.checkpoint {
            std::fs::remove_file(&checkpoint).ok();
        }
        MovementTable::open(path)
    }

    /// Opens a table file: reads it into memory and checks it whole (magic,
    /// version, lengths, checksums, the rule set and its layout). A
    /// truncated, corrupt or unknown file is an error, never a panic.
    pub fn open(path: impl AsRef<Path>) -> Result<MovementTable, TablebaseError> {
        let path = path.as_ref();
        let (header, bytes) = format::read(path)?;
        if header.kind != format::Kind::Table {
            return Err(TablebaseError::corrupt(
                path,
                "a build checkpoint, not a complete table",
            ));
        }
        Ok(MovementTable {
            layout: Layout::new(header.rules),
            bytes,
            data_start: header.data_start,
            width: header.width,
            positions: header.counts.positions,
            checksum: header.data_crc,
            path: path.to_path_buf(),
        })
    }

    /// Opens a table file and checks that it is the table of `rules`.
    pub fn open_for(
        path: impl AsRef<Path>,
        rules: &Ruleset,
    ) -> Result<MovementTable, TablebaseError> {
        let path = path.as_ref();
        let table = MovementTable::open(path)?;
        if table.layout.rules != *rules {
            return Err(TablebaseError::WrongRules {
                path: path.to_path_buf(),
                expected: rules.to_string(),
                found: table.layout.rules.to_string(),
            });
        }
        Ok(table)
    }

    /// The rule set of the table.
    pub fn rules(&self) -> &Ruleset {
        &self.layout.rules
    }

    /// The file the table was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Positions in the table, up to symmetry (both sides to move).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// The CRC-32 of the table's entries, which placement layer files
    /// record to name the table they were built on.
    pub fn checksum(&self) -> u32 {
        self.checksum
    }

    /// Bytes the table takes in memory.
    pub fn memory_used(&self) -> u64 {
        self.bytes.len() as u64
    }

    pub(crate) fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The value stored at a canonical entry (from [`Layout::slot`]).
    #[inline]
    pub(crate) fn entry_value(&self, index: u64) -> Value {
        entry::decode(self.entry(index)).map_or(Value::Draw, |probe| probe.value)
    }

    #[inline]
    pub(crate) fn entry(&self, index: u64) -> u16 {
        format::entry_at(&self.bytes[self.data_start..], self.width, index as usize)
    }

    /// The value and distance of a position with no goats in hand, for the
    /// side to move. A position where the capture target is reached (goats
    /// in hand or not) is a loss in 0 for the goats (a win in 0 if the
    /// tigers are to move).
    pub fn probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        crate::check_rules(position, &self.layout.rules)?;
        if let Some(over) = crate::capture_target_probe(position) {
            return Ok(over);
        }
        let not_in_table = |reason| TablebaseError::NotInTable {
            position: position.to_string(),
            reason,
        };
        if position.goats_in_hand() > 0 {
            return Err(not_in_table("goats remain in hand"));
        }
        let slot = self
            .layout
            .slot_of(position)
            .ok_or_else(|| not_in_table("the piece counts do not match the rule set"))?;
        entry::decode(self.entry(slot.index)).ok_or_else(|| {
            TablebaseError::corrupt(
                &self.path,
                format!("the entry of {position} is marked unused"),
            )
        })
    }

    /// Every legal move with the probe of the position it leads to (for the
    /// side to move there, the opponent).
    pub fn probe_moves(&self, position: &Position) -> Result<Vec<(Move, Probe)>, TablebaseError> {
        self.probe(position)?;
        crate::probe_each_move(position, |after| self.probe(after))
    }

    /// The moves that keep the value of a position with the best distance:
    /// to a loss one ply shorter for a win, to a win one ply shorter for a
    /// loss, to a draw for a draw. Empty when the game is over. Playing them
    /// is perfect play through the movement phase.
    pub fn best_moves(&self, position: &Position) -> Result<Vec<Move>, TablebaseError> {
        let probe = self.probe(position)?;
        Ok(crate::keeping(probe, self.probe_moves(position)?))
    }

    /// Win, draw and loss counts of every layer and side, and the longest
    /// wins, by a scan of the whole table.
    pub fn statistics(&self) -> MovementStatistics {
        statistics::scan(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bagh_chal_positions_up_to_symmetry() {
        let rules = Ruleset::default();
        assert_eq!(MovementTable::count_positions(&rules), 88_260_972);
        let layout = Layout::new(rules);
        let by_layout: u64 = layout.count_canonical().iter().map(|n| 2 * n).sum();
        assert_eq!(by_layout, 88_260_972);
        let boards: u64 = layout.layers.iter().map(|l| l.run).sum::<u64>()
            * crate::layout::indexing::binomial(25, 4);
        assert_eq!(boards, 352_871_750);
    }
}
