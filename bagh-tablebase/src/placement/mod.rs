//! The placement phase solved strongly: the value of every position with
//! goats in hand, computed by backward induction one layer of goats placed
//! at a time, with the movement table below the last layer (see `build`),
//! stored as one file per layer (see `file`).
//!
//! ```
//! use std::sync::Arc;
//! use bagh_core::{Point, Position, Ruleset};
//! use bagh_tablebase::{BuildOptions, MovementTable, PlacementSolver, PlacementTable};
//!
//! // One tiger in the centre, four goats, the tiger wins with one capture.
//! let rules = Ruleset::builder().tigers([Point::C3]).goats(4).capture_target(1).build()?;
//! let dir = tempfile::tempdir()?;
//! let options = BuildOptions::default();
//! let movement = Arc::new(MovementTable::build(rules, dir.path().join("movement.tb"), &options)?);
//! let placement = PlacementTable::build(movement.clone(), dir.path(), &options)?;
//!
//! // Every position with goats in hand, either side to move, has its value;
//! // the search of `PlacementSolver`, another method, agrees.
//! let start = Position::new(rules);
//! let probe = placement.probe(&start)?;
//! assert_eq!(PlacementSolver::new(&movement, 16)?.solve(&start)?, probe.value);
//! let after = start.play("a1".parse()?)?;
//! assert_eq!(placement.probe(&after)?.value, PlacementSolver::new(&movement, 16)?.solve(&after)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
pub(crate) mod file;
pub(crate) mod runs;
pub(crate) mod solver;
mod statistics;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bagh_core::{Move, Position, Ruleset};

pub use file::PLACEMENT_FORMAT_VERSION;
pub use statistics::{PlacementLayerStatistics, PlacementStatistics};

use crate::files::BuildLock;
use crate::layout::Layout;
use crate::options::in_pool;
use crate::{BuildOptions, MovementTable, Probe, TablebaseError, Value};
use file::{Expected, LayerHeader, Values};
use runs::{count_entries, entry_index, run_sizes, to_value};

/// The strong solution of the placement phase of one rule set: a directory
/// of layer files, one per number of goats placed, on top of the movement
/// table they were built from.
pub struct PlacementTable {
    layout: Layout,
    movement: Arc<MovementTable>,
    dir: PathBuf,
    /// By goats placed: the layer file, open for probes.
    layers: Vec<LayerFile>,
    /// By goats placed, after [`load`](Self::load): the values in memory.
    memory: Option<Vec<Vec<Values>>>,
}

/// One layer file, open for positional reads.
struct LayerFile {
    path: PathBuf,
    header: LayerHeader,
    file: File,
}

impl std::fmt::Debug for PlacementTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlacementTable")
            .field("rules", &self.layout.rules.to_string())
            .field("dir", &self.dir)
            .field("in_memory", &self.memory.is_some())
            .finish()
    }
}

/// The name of the lock file of builds writing `dir`.
pub(crate) fn lock_file(dir: &Path) -> PathBuf {
    dir.join("build.lock")
}

impl PlacementTable {
    /// The bytes of memory a build needs at most: the movement table (at
    /// most two bytes an entry) and the two layers of 2-bit values it holds.
    pub fn memory_needed(rules: &Ruleset) -> u64 {
        let layout = Layout::new(*rules);
        build::memory_needed(&layout, 2 * layout.entries)
    }

    /// The number of entries of the whole table (goats-to-move positions with
    /// goats in hand, one per tiger representative and goat set).
    pub fn entries(rules: &Ruleset) -> u64 {
        count_entries(&Layout::new(*rules), 0..u32::from(rules.goats()))
    }

    /// The files of the layers in `dir`, by goats placed.
    pub fn layer_paths(dir: &Path, rules: &Ruleset) -> Vec<PathBuf> {
        (0..u32::from(rules.goats()))
            .map(|p| file::layer_path(dir, p))
            .collect()
    }

    /// Computes the placement phase of `movement`'s rule set into the
    /// directory `dir` (one file per layer, each written atomically) and
    /// opens it. Layers already in `dir` for this rule set and this movement
    /// table are kept: a build that was interrupted resumes after the last
    /// layer it finished. `options.on_progress` can stop it (its
    /// [`BuildProgress::layer`](crate::BuildProgress::layer) is the number of
    /// goats placed in the layer being computed); `options.memory_budget`
    /// bounds the movement table and the two layers held. A second build
    /// into `dir` while one runs fails with [`TablebaseError::Busy`].
    pub fn build(
        movement: Arc<MovementTable>,
        dir: impl AsRef<Path>,
        options: &BuildOptions,
    ) -> Result<PlacementTable, TablebaseError> {
        let dir = dir.as_ref();
        let needed = build::memory_needed(movement.layout(), movement.memory_used());
        options.check_budget(movement.rules(), needed)?;
        std::fs::create_dir_all(dir).map_err(|e| TablebaseError::io(dir, e))?;
        let _lock = BuildLock::take(&lock_file(dir))?;
        PlacementTable::build_locked(movement, dir, options)
    }

    /// [`build`](Self::build), with the directory's lock already held.
    pub(crate) fn build_locked(
        movement: Arc<MovementTable>,
        dir: &Path,
        options: &BuildOptions,
    ) -> Result<PlacementTable, TablebaseError> {
        let rules = *movement.rules();
        let needed = build::memory_needed(movement.layout(), movement.memory_used());
        options.check_budget(&rules, needed)?;
        in_pool(&rules, options.threads, || {
            build::build_layers(&movement, dir, options)
        })?;
        PlacementTable::open(dir, movement)
    }

    /// Opens the layer files in `dir` of the rule set of `movement`,
    /// checking their headers and lengths, and that they were built on
    /// this movement table (the checksums of the data are checked by
    /// [`verify`](Self::verify) and [`load`](Self::load)).
    pub fn open(
        dir: impl AsRef<Path>,
        movement: Arc<MovementTable>,
    ) -> Result<PlacementTable, TablebaseError> {
        let dir = dir.as_ref();
        let layout = Layout::new(*movement.rules());
        let mut layers = Vec::new();
        for p in 0..u32::from(layout.rules.goats()) {
            let path = file::layer_path(dir, p);
            let header = file::read_header(&path, &expected(&layout, p, &movement))?;
            let file = File::open(&path).map_err(|e| TablebaseError::io(&path, e))?;
            layers.push(LayerFile { path, header, file });
        }
        Ok(PlacementTable {
            layout,
            movement,
            dir: dir.to_path_buf(),
            layers,
            memory: None,
        })
    }

    /// Opens the layer files like [`open`](Self::open) and reads them into
    /// memory, checking their checksums: probes then read no file (about
    /// 4.4 GB for `bagh-chal`).
    pub fn load(
        dir: impl AsRef<Path>,
        movement: Arc<MovementTable>,
    ) -> Result<PlacementTable, TablebaseError> {
        let mut table = PlacementTable::open(dir, movement)?;
        let layers = (0..table.layers.len() as u32)
            .map(|p| table.read_layer(p))
            .collect::<Result<Vec<_>, _>>()?;
        table.memory = Some(layers);
        Ok(table)
    }

    /// Whether the values are held in memory ([`load`](Self::load)).
    pub fn in_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// Reads the layer file of `placed` goats placed whole, checking it.
    pub(crate) fn read_layer(&self, placed: u32) -> Result<Vec<Values>, TablebaseError> {
        let path = &self.layers[placed as usize].path;
        file::read_layer(path, &expected(&self.layout, placed, &self.movement))
    }

    /// Reads every layer file whole and checks its checksum.
    pub fn verify(&self) -> Result<(), TablebaseError> {
        for p in 0..self.layers.len() as u32 {
            self.read_layer(p)?;
        }
        Ok(())
    }

    /// Wins, draws and losses of every run of goats placed and captured,
    /// counting each position once up to symmetry. Reads every layer file
    /// whole and checks its checksum on the way.
    pub fn statistics(&self) -> Result<PlacementStatistics, TablebaseError> {
        let mut layers = Vec::new();
        for p in 0..self.layers.len() as u32 {
            let values = self.read_layer(p)?;
            layers.extend(statistics::count_layer(&self.layout, p, &values));
        }
        Ok(PlacementStatistics {
            positions: layers.iter().map(|l| l.positions).sum(),
            layers,
        })
    }

    /// The rule set.
    pub fn rules(&self) -> &Ruleset {
        &self.layout.rules
    }

    /// The directory of the layer files.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The movement table the layers stand on.
    pub fn movement(&self) -> &Arc<MovementTable> {
        &self.movement
    }

    /// The value for the goats of a goats-to-move position with goats in hand
    /// and fewer captures than the target (checked by the caller).
    fn goats_value(&self, position: &Position) -> Result<Value, TablebaseError> {
        let placed = u32::from(self.layout.rules.goats() - position.goats_in_hand());
        let captured = position.goats_captured();
        let run_len =
            crate::layout::indexing::binomial(self.layout.free, placed - u32::from(captured));
        let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
        let index = entry_index(&self.layout, tigers, goats, run_len);
        if let Some(layers) = &self.memory {
            return Ok(to_value(
                layers[placed as usize][captured as usize].get(index),
            ));
        }
        let layer = &self.layers[placed as usize];
        let stored = file::read_entry(
            &layer.path,
            &layer.file,
            &layer.header,
            captured as usize,
            index,
        )?;
        Ok(to_value(stored))
    }

    /// The value for the side to move of a position with goats in hand,
    /// either side to move, under perfect play. The layers store values,
    /// not distances: the distance is `None` but for a finished game.
    /// Positions with no goats in hand are the movement table's.
    pub fn probe(&self, position: &Position) -> Result<Probe, TablebaseError> {
        crate::check_rules(position, &self.layout.rules)?;
        if let Some(over) = crate::capture_target_probe(position) {
            return Ok(over);
        }
        if position.goats_in_hand() == 0 {
            return Err(TablebaseError::NotInPlacementTable {
                position: position.to_string(),
                reason: "no goats in hand: probe the movement table",
            });
        }
        crate::placement_probe(position, |p| self.goats_value(p))
    }

    /// Every legal move of a position with goats in hand, with the probe of
    /// the position it leads to (from the movement table after the last goat
    /// is placed).
    pub fn probe_moves(&self, position: &Position) -> Result<Vec<(Move, Probe)>, TablebaseError> {
        self.probe(position)?;
        crate::probe_each_move(position, |after| {
            if after.goats_in_hand() == 0 {
                self.movement.probe(after)
            } else {
                self.probe(after)
            }
        })
    }

    /// The moves that keep the value of a position with goats in hand.
    pub fn best_moves(&self, position: &Position) -> Result<Vec<Move>, TablebaseError> {
        let probe = self.probe(position)?;
        Ok(crate::keeping(probe, self.probe_moves(position)?))
    }
}

/// What the layer file of `placed` goats placed must hold.
pub(crate) fn expected(layout: &Layout, placed: u32, movement: &MovementTable) -> Expected {
    Expected {
        rules: layout.rules,
        placed,
        runs: run_sizes(layout, placed),
        movement: movement.checksum(),
    }
}
