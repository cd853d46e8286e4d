//! Movement-phase tablebases: the value of every position with no goats in
//! hand under perfect play, for any rule set, and the distance to the end.
//!
//! ```
//! use bagh_core::{BuildOptions, Point, Position, Ruleset, Tablebase, Value};
//!
//! // One tiger, three goats, the tiger wins with one capture.
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(3).capture_target(1).build()?;
//! let path = std::env::temp_dir().join(format!("bagh-doc-{}.tb", std::process::id()));
//! let options = BuildOptions { progress_bar: false, ..BuildOptions::default() };
//! let table = Tablebase::build(rules, &path, &options)?;
//!
//! let position = Position::from_text("5/5/1GTG1/2G2/5 t 0 0", rules)?;
//! let probe = table.probe(&position)?;
//! assert_eq!(probe.value, Value::Win);
//! assert_eq!(probe.distance, 1); // capture at once
//! assert!(table.best_moves(&position)?.iter().all(|mv| mv.to_string().contains('x')));
//!
//! // The file opens again, and checks itself.
//! let again = Tablebase::open(&path)?;
//! assert_eq!(again.probe(&position)?, probe);
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the table holds
//!
//! For every position with no goats in hand, fewer captures than the
//! target and either side to move, a [`Probe`]: win, draw or loss for the
//! side to move, and the distance to the end of the game in plies under
//! perfect play (the winner ends it as fast as it can, the loser holds out
//! as long as it can; see [`Probe`]). A position that neither side can force
//! out of a cycle is a draw. The table honours step or slide tiger moves,
//! optional or mandatory captures, blocked goats losing or drawing, and any
//! numbers of tigers and goats.
//!
//! The table knows positions, not games. That is exact under the `allowed`
//! and `draw(n)` repetition policies (a side that can force a win can force
//! it without repeating, and a side that cannot lose can hold the cycle).
//! Under `forbidden` it is the value of the position *as if it were new*: a
//! game's history can ban moves the table assumes, so the value of a
//! position reached after repetitions may differ, and a line of best moves
//! that repeats a position must be broken by the player. The no-progress
//! limit is ignored likewise.
//!
//! # The placement phase
//!
//! [`PlacementTable`] solves every position with goats in hand by backward
//! induction, one layer of goats placed at a time, down to the table: the
//! strong solution of the game, stored as one file per layer, which gives the
//! value of the start. [`PlacementSolver`] computes the value of one such
//! position by alpha-beta search with the table at the leaves, without files.
//!
//! # How it is built and stored
//!
//! Positions are numbered combinatorially and the board's eight symmetries
//! are folded (the `layout` and `fold` modules); values are computed by
//! retrograde analysis, layer by captured count (the `build` module). The
//! file format is documented in the `format` module and in
//! `docs/tablebase.md`. A build checkpoints after every layer into
//! `PATH.partial` and a new build of the same rule set to the same path
//! resumes from it.

mod build;
mod entry;
mod error;
mod fold;
mod format;
mod indexing;
mod layout;
mod placement;
mod placement_file;
mod placement_table;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

pub use entry::{Probe, Value};
pub use error::TablebaseError;
pub use format::FORMAT_VERSION;
pub use placement::PlacementSolver;
pub use placement_table::{PlacementStatistics, PlacementTable};

use build::Solver;
use layout::Layout;

use crate::{Move, Position, Ruleset, Side};

/// A progress report during a build, handed to [`BuildOptions::on_progress`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuildProgress {
    /// Work units done (entries set up plus entries settled).
    pub done: u64,
    /// Work units expected in all (an estimate: twice the entries).
    pub total: u64,
    /// The captured count of the layer being solved.
    pub layer: u8,
}

/// A callback that sees the progress of a build and stops it by returning `false`.
pub type ProgressCallback = Arc<dyn Fn(&BuildProgress) -> bool + Send + Sync>;

/// How to build a table.
#[derive(Clone)]
pub struct BuildOptions {
    /// Threads to use; 0 for one per core. Without the `parallel` feature,
    /// one thread.
    pub threads: usize,
    /// The most memory, in bytes, the build may take; a rule set that needs
    /// more is refused before anything is allocated. The default is 4 GiB.
    pub memory_budget: u64,
    /// Draw a progress bar with an ETA on standard error when it is a terminal.
    pub progress_bar: bool,
    /// Save a checkpoint after every layer and resume from one.
    pub checkpoint: bool,
    /// Called with the progress now and then; returning `false` stops the
    /// build with [`TablebaseError::Interrupted`] (the checkpoint is kept).
    pub on_progress: Option<ProgressCallback>,
}

impl Default for BuildOptions {
    fn default() -> BuildOptions {
        BuildOptions {
            threads: 0,
            memory_budget: 4 << 30,
            progress_bar: true,
            checkpoint: true,
            on_progress: None,
        }
    }
}

impl std::fmt::Debug for BuildOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BuildOptions")
            .field("threads", &self.threads)
            .field("memory_budget", &self.memory_budget)
            .field("progress_bar", &self.progress_bar)
            .field("checkpoint", &self.checkpoint)
            .field(
                "on_progress",
                &self.on_progress.as_ref().map(|_| "callback"),
            )
            .finish()
    }
}

/// Counts of one layer and one side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayerStatistics {
    /// Goats captured.
    pub captured: u8,
    /// The side to move.
    pub side: Side,
    /// Positions up to symmetry.
    pub positions: u64,
    /// Wins for the side to move.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses for the side to move.
    pub losses: u64,
    /// The longest win for the side to move: its distance and a position.
    pub longest_win: Option<(u16, Position)>,
}

/// The counts of a whole table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistics {
    /// By captured count, goats to move first.
    pub layers: Vec<LayerStatistics>,
    /// Positions up to symmetry, in all.
    pub positions: u64,
}

/// A movement-phase tablebase, held in memory.
pub struct Tablebase {
    layout: Layout,
    bytes: Vec<u8>,
    data_start: usize,
    width: u8,
    positions: u64,
    path: PathBuf,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("rules", &self.layout.rules.to_string())
            .field("path", &self.path)
            .field("positions", &self.positions)
            .finish()
    }
}

/// Runs a build on a pool of `threads` threads (0: one per core), or on
/// this thread without the `parallel` feature.
fn in_pool<T: Send>(
    rules: &Ruleset,
    threads: usize,
    build: impl FnOnce() -> Result<T, TablebaseError> + Send,
) -> Result<T, TablebaseError> {
    #[cfg(feature = "parallel")]
    {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| TablebaseError::Unsupported {
                rules: rules.to_string(),
                reason: format!("no thread pool: {e}"),
            })?;
        pool.install(build)
    }
    #[cfg(not(feature = "parallel"))]
    {
        let _ = (rules, threads);
        build()
    }
}

/// A progress bar with an ETA on standard error (hidden when that is not
/// a terminal), at `done` of `total`.
fn progress_bar(total: u64, done: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{elapsed_precise}] {wide_bar} {percent}% ETA {eta}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar.set_position(done);
    bar
}

/// The checkpoint file of a build writing `path`.
pub fn checkpoint_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

impl Tablebase {
    /// The number of movement-phase positions of a rule set up to the
    /// board's symmetries, both sides to move, counted without building
    /// anything (by Burnside's lemma). For `bagh-chal`, 88,260,972.
    pub fn count_positions(rules: &Ruleset) -> u64 {
        layout::count_positions(rules)
    }

    /// The bytes of memory a build of `rules` needs (what
    /// [`BuildOptions::memory_budget`] is compared with).
    pub fn memory_needed(rules: &Ruleset) -> u64 {
        build::memory_needed(&Layout::new(*rules))
    }

    /// Builds the table of `rules`, writes it to `path` (atomically, through
    /// a temporary file) and returns it. With `options.checkpoint`, each
    /// solved layer is saved to [`checkpoint_path`]`(path)`, and a build
    /// finding a valid checkpoint of the same rule set there resumes from it;
    /// the checkpoint is removed at the end.
    pub fn build(
        rules: Ruleset,
        path: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<Tablebase, TablebaseError> {
        let path = path.as_ref();
        let needed = Tablebase::memory_needed(&rules);
        if needed > options.memory_budget {
            return Err(TablebaseError::TooLarge {
                rules: rules.to_string(),
                needed,
                budget: options.memory_budget,
            });
        }
        let layout = Layout::new(rules);
        if layout.largest_layer() >= u64::from(u32::MAX) {
            return Err(TablebaseError::Unsupported {
                rules: rules.to_string(),
                reason: "a layer has more than 2^32 entries".into(),
            });
        }
        in_pool(&rules, options.threads, || {
            Tablebase::build_in(layout, path, options)
        })
    }

    fn build_in(
        layout: Layout,
        path: &Path,
        options: &BuildOptions,
    ) -> Result<Tablebase, TablebaseError> {
        let rules = layout.rules;
        let checkpoint = checkpoint_path(path);
        let solver = Solver::new(&layout);
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
                        solver.values[start as usize + i].store(
                            format::entry_at(data, header.width, i),
                            std::sync::atomic::Ordering::Relaxed,
                        );
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
        let bar = options.progress_bar.then(|| progress_bar(total, done));
        for layer in (0..first_done).rev() {
            let layer_start = done;
            let layer_len = 2 * layout.layers[layer].len();
            if let Some(bar) = &bar {
                bar.set_message(format!("layer {layer} ({} captured)", layer));
            }
            // The callback hears of every layer's start, then at most every 100 ms.
            let mut last_report: Option<Instant> = None;
            let mut report = |n: u64| {
                done = (done + n).min(layer_start + layer_len);
                if let Some(bar) = &bar {
                    bar.set_position(done);
                }
                if let Some(callback) = &options.on_progress {
                    if last_report.map_or(true, |t| t.elapsed().as_millis() >= 100) {
                        last_report = Some(Instant::now());
                        return callback(&BuildProgress {
                            done,
                            total,
                            layer: layer as u8,
                        });
                    }
                }
                true
            };
            if !solver.solve_layer(layer, &mut report) {
                if let Some(bar) = &bar {
                    bar.abandon();
                }
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
        if let Some(bar) = &bar {
            bar.finish_and_clear();
        }
        format::write(path, format::Kind::Table, &rules, 0, &solver.values)?;
        drop(solver);
        if options.checkpoint {
            fs::remove_file(&checkpoint).ok();
        }
        Tablebase::open(path)
    }

    /// Opens a table file: reads it into memory and checks it whole (magic,
    /// version, lengths, checksums, the rule set and its layout). A
    /// truncated, corrupt or unknown file is an error, never a panic.
    pub fn open(path: impl AsRef<Path>) -> Result<Tablebase, TablebaseError> {
        let path = path.as_ref();
        let (header, bytes) = format::read(path)?;
        if header.kind != format::Kind::Table {
            return Err(TablebaseError::Corrupt {
                path: path.to_path_buf(),
                what: "a build checkpoint, not a complete table".into(),
            });
        }
        Ok(Tablebase {
            layout: Layout::new(header.rules),
            bytes,
            data_start: header.data_start,
            width: header.width,
            positions: header.counts.positions,
            path: path.to_path_buf(),
        })
    }

    /// Opens a table file and checks that it is the table of `rules`.
    pub fn open_for(path: impl AsRef<Path>, rules: &Ruleset) -> Result<Tablebase, TablebaseError> {
        let path = path.as_ref();
        let table = Tablebase::open(path)?;
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

    /// The value stored at a canonical entry (from [`Layout::slot`]).
    #[inline]
    pub(crate) fn entry_value(&self, index: u64) -> Value {
        entry::decode(self.entry(index)).map_or(Value::Draw, |probe| probe.value)
    }

    #[inline]
    fn entry(&self, index: u64) -> u16 {
        format::entry_at(&self.bytes[self.data_start..], self.width, index as usize)
    }

    /// The value and distance of a position with no goats in hand, for the
    /// side to move. A position where the capture target is reached (goats
    /// in hand or not) is a loss in 0 for the goats (a win in 0 if the
    /// tigers are to move).
    pub fn probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        let not_in_table = |reason| TablebaseError::NotInTable {
            position: position.to_string(),
            reason,
        };
        if position.rules != self.layout.rules {
            return Err(TablebaseError::RulesMismatch {
                position: position.to_string(),
                position_rules: position.rules.to_string(),
                table_rules: self.layout.rules.to_string(),
            });
        }
        if position.is_capture_target_reached() {
            let value = if position.side == Side::Tiger {
                Value::Win
            } else {
                Value::Loss
            };
            return Ok(Probe { value, distance: 0 });
        }
        if position.in_hand > 0 {
            return Err(not_in_table("goats remain in hand"));
        }
        let slot = self
            .layout
            .slot_of(position)
            .ok_or_else(|| not_in_table("the piece counts do not match the rule set"))?;
        entry::decode(self.entry(slot.index)).ok_or_else(|| TablebaseError::Corrupt {
            path: self.path.clone(),
            what: format!("the entry of {position} is marked unused"),
        })
    }

    /// Every legal move with the probe of the position it leads to (for the
    /// side to move there, the opponent).
    pub fn probe_moves(&self, position: &Position) -> Result<Vec<(Move, Probe)>, TablebaseError> {
        self.probe(position)?;
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut after = *position;
                after.play_unchecked(mv);
                Ok((mv, self.probe(&after)?))
            })
            .collect()
    }

    /// The moves that keep the value and distance of a position: to a loss
    /// one ply shorter for a win, to a win one ply shorter for a loss, to a
    /// draw for a draw. Empty when the game is over. Playing them is perfect
    /// play through the movement phase.
    pub fn best_moves(&self, position: &Position) -> Result<Vec<Move>, TablebaseError> {
        let probe = self.probe(position)?;
        Ok(self
            .probe_moves(position)?
            .into_iter()
            .filter(|(_, after)| {
                after.value == probe.value.flip()
                    && (probe.value == Value::Draw || after.distance + 1 == probe.distance)
            })
            .map(|(mv, _)| mv)
            .collect())
    }

    /// Win, draw and loss counts of every layer and side, and the longest
    /// wins, by a scan of the whole table.
    pub fn statistics(&self) -> Statistics {
        let mut layers = Vec::new();
        for (li, l) in self.layout.layers.iter().enumerate() {
            for (s, side) in [Side::Goat, Side::Tiger].into_iter().enumerate() {
                let mut stats = LayerStatistics {
                    captured: l.captured,
                    side,
                    positions: 0,
                    wins: 0,
                    draws: 0,
                    losses: 0,
                    longest_win: None,
                };
                let mut longest: Option<(u16, u64)> = None;
                let start = s as u64 * l.block;
                for local in start..start + l.block {
                    let e = self.entry(l.offset + local);
                    match entry::tag(e) {
                        entry::UNUSED => continue,
                        entry::TAG_WIN => {
                            stats.wins += 1;
                            let d = entry::distance(e);
                            if longest.map_or(true, |(best, _)| d > best) {
                                longest = Some((d, local));
                            }
                        }
                        entry::TAG_LOSS => stats.losses += 1,
                        _ => stats.draws += 1,
                    }
                    stats.positions += 1;
                }
                stats.longest_win = longest.map(|(d, local)| (d, self.layout.position(li, local)));
                layers.push(stats);
            }
        }
        Statistics {
            positions: layers.iter().map(|l| l.positions).sum(),
            layers,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bagh_chal_positions_up_to_symmetry() {
        let rules = Ruleset::default();
        assert_eq!(Tablebase::count_positions(&rules), 88_260_972);
        let layout = Layout::new(rules);
        let by_layout: u64 = layout.count_canonical().iter().map(|n| 2 * n).sum();
        assert_eq!(by_layout, 88_260_972);
        let boards: u64 =
            layout.layers.iter().map(|l| l.run).sum::<u64>() * indexing::binomial(25, 4);
        assert_eq!(boards, 352_871_750);
    }
}
