//! `bagh.PlacementTable`: every position of a rule set with goats in hand,
//! one layer file per number of goats placed, on top of a movement table.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bagh_core::Position;
use bagh_tablebase::{PlacementTable, Tablebase};
use pyo3::prelude::*;

use super::arguments::{detach_if, to_position};
use super::build::{options, run_build};
use super::error::tablebase_error;
use super::movement::PyMovementTable;
use super::placement_statistics::PyPlacementStatistics;
use super::probe::PyProbe;
use crate::convert::to_rules;
use crate::moves::PyMove;
use crate::position::rules_text;
use crate::ruleset::PyRuleset;

/// The placement layers of a `PlacementTable`: its own, or those of a
/// `Tablebase` (`Tablebase.placement`), shared rather than opened again.
enum Layers {
    Own(PlacementTable),
    /// A tablebase whose placement layers were there when this was made.
    Of(Arc<Tablebase>),
}

/// The placement phase solved: the value under perfect play of every
/// position of one rule set with goats in hand, either side to move, read
/// from a directory of layer files (one per number of goats placed) built
/// on top of a `MovementTable`.
#[pyclass(name = "PlacementTable", module = "bagh", frozen)]
pub struct PyPlacementTable(Layers);

impl PyPlacementTable {
    /// The placement layers of `tablebase`, when it has them.
    pub fn of(tablebase: &Arc<Tablebase>) -> Option<PyPlacementTable> {
        tablebase
            .placement()
            .map(|_| PyPlacementTable(Layers::Of(Arc::clone(tablebase))))
    }

    fn table(&self) -> &PlacementTable {
        match &self.0 {
            Layers::Own(table) => table,
            Layers::Of(tablebase) => tablebase
                .placement()
                .expect("made from a tablebase with placement layers"),
        }
    }

    fn position(&self, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        to_position(position, self.table().rules())
    }

    /// Whether a probe of `position` reads the layer files (see `detach_if`).
    fn reads_files(&self, position: &Position) -> bool {
        position.goats_in_hand() > 0 && !self.table().in_memory()
    }
}

/// How many of the layer files of `rules` are in `dir`, and how many there
/// are in all: what a stopped build kept.
pub fn layers_kept(dir: &Path, rules: &bagh_core::Ruleset) -> (usize, usize) {
    let layers = PlacementTable::layer_paths(dir, rules);
    let kept = layers.iter().filter(|path| path.exists()).count();
    (kept, layers.len())
}

#[pymethods]
impl PyPlacementTable {
    /// Builds the placement layers of `movement`'s rule set into the
    /// directory `dir` (created if missing) and returns them.
    ///
    /// The build runs without the GIL on `threads` threads (0: one per
    /// core), computing one layer file per number of goats placed, from the
    /// last goat placed back to the start. `progress` is False (nothing
    /// shown), True (a tqdm bar if tqdm can be imported, else a line on
    /// stderr) or a callable called now and then with `(done, total)` on the
    /// calling thread. Ctrl-C (or an exception raised by the callable) stops
    /// the build soon and is raised; the layer files finished so far are
    /// kept and a build into the same directory resumes after them. A rule
    /// set needing more than `memory_budget` bytes (default 4 GiB, the
    /// movement table included) is refused with `TablebaseError` before
    /// anything is allocated; so is a second build into `dir` while one runs.
    #[staticmethod]
    #[pyo3(signature = (movement, dir, *, progress = None, threads = 0, memory_budget = None))]
    fn build(
        py: Python<'_>,
        movement: PyRef<'_, PyMovementTable>,
        dir: PathBuf,
        progress: Option<&Bound<'_, PyAny>>,
        threads: usize,
        memory_budget: Option<u64>,
    ) -> PyResult<PyPlacementTable> {
        let movement = Arc::clone(&movement.0);
        let rules = *movement.rules();
        let target = dir.clone();
        run_build(
            py,
            &rules,
            progress,
            options(threads, memory_budget, true),
            move |options| PlacementTable::build(movement, &target, options),
            || {
                let (kept, all) = layers_kept(&dir, &rules);
                (kept > 0).then(|| {
                    format!(
                        "{kept} of {all} layer files finished so far are kept in {}; \
                         building again resumes after them",
                        dir.display()
                    )
                })
            },
        )
        .map(|table| PyPlacementTable(Layers::Own(table)))
    }

    /// Opens the layer files in `dir` of `movement`'s rule set, checking
    /// their headers and lengths, and that they were built on `movement`
    /// (`verify` checks the checksums of their data). A missing or
    /// unreadable file raises the matching `OSError` (`FileNotFoundError`,
    /// ...); a truncated, corrupt, foreign or mismatched one `TablebaseError`.
    #[staticmethod]
    fn open(
        py: Python<'_>,
        dir: PathBuf,
        movement: PyRef<'_, PyMovementTable>,
    ) -> PyResult<PyPlacementTable> {
        let movement = Arc::clone(&movement.0);
        py.detach(move || PlacementTable::open(&dir, movement))
            .map(|table| PyPlacementTable(Layers::Own(table)))
            .map_err(tablebase_error)
    }

    /// Opens the layer files like `open` and reads them into memory,
    /// checking their checksums, so that probes read no file (about 4.4 GB
    /// for bagh-chal).
    #[staticmethod]
    fn load(
        py: Python<'_>,
        dir: PathBuf,
        movement: PyRef<'_, PyMovementTable>,
    ) -> PyResult<PyPlacementTable> {
        let movement = Arc::clone(&movement.0);
        py.detach(move || PlacementTable::load(&dir, movement))
            .map(|table| PyPlacementTable(Layers::Own(table)))
            .map_err(tablebase_error)
    }

    /// Whether the values are held in memory (`load`) rather than read from
    /// the files at each probe (`open`, `build`).
    #[getter]
    fn in_memory(&self) -> bool {
        self.table().in_memory()
    }

    /// The number of entries of the table of `rules` (goats-to-move
    /// positions with goats in hand, one per tiger placement up to symmetry
    /// and goat set), counted without building anything.
    #[staticmethod]
    fn entries(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(PlacementTable::entries(&to_rules(rules)?))
    }

    /// The bytes of memory a build of `rules` needs at most, the movement
    /// table included.
    #[staticmethod]
    fn memory_needed(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(PlacementTable::memory_needed(&to_rules(rules)?))
    }

    /// The rule set of the table.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.table().rules())
    }

    /// The directory of the layer files.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.table().dir().to_path_buf()
    }

    /// The movement table the layers stand on.
    #[getter]
    fn movement(&self) -> PyMovementTable {
        PyMovementTable(Arc::clone(self.table().movement()))
    }

    /// The value for the side to move of `position` (a Position, or a
    /// position string under the table's rules) under perfect play; the
    /// distance is None, but 0 for a finished game. Any position with goats
    /// in hand, either side to move; raises `TablebaseError` for one with
    /// none in hand (see `MovementTable.probe`) or under another rule set.
    /// Reading the files, it lets other Python threads run.
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyProbe> {
        let position = self.position(position)?;
        let table = self.table();
        detach_if(py, self.reads_files(&position), || table.probe(&position))
            .map(PyProbe)
            .map_err(tablebase_error)
    }

    /// Every legal move of a position with goats in hand, with the probe of
    /// the position it leads to (from the movement table after the last
    /// goat is placed).
    fn probe_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(PyMove, PyProbe)>> {
        let position = self.position(position)?;
        let table = self.table();
        let moves = detach_if(py, self.reads_files(&position), || {
            table.probe_moves(&position)
        })
        .map_err(tablebase_error)?;
        Ok(moves
            .into_iter()
            .map(|(mv, probe)| (PyMove(mv), PyProbe(probe)))
            .collect())
    }

    /// The moves that keep the value of a position with goats in hand (to
    /// the flipped value for the opponent). Empty when the game is over.
    fn best_moves(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let position = self.position(position)?;
        let table = self.table();
        let moves = detach_if(py, self.reads_files(&position), || {
            table.best_moves(&position)
        })
        .map_err(tablebase_error)?;
        Ok(moves.into_iter().map(PyMove).collect())
    }

    /// Reads every layer file whole and checks its checksum, without the
    /// GIL; raises `TablebaseError` (or `OSError`) naming the first that fails.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let table = self.table();
        py.detach(move || table.verify()).map_err(tablebase_error)
    }

    /// Per number of goats placed and captured: the positions up to
    /// symmetry with the goats to move, and how many the goats win, draw
    /// and lose. Reads every layer file whole (checking it), without the GIL.
    fn statistics(&self, py: Python<'_>) -> PyResult<PyPlacementStatistics> {
        let table = self.table();
        py.detach(move || table.statistics())
            .map(PyPlacementStatistics)
            .map_err(tablebase_error)
    }

    fn __repr__(&self) -> String {
        let table = self.table();
        format!(
            "<PlacementTable rules='{}' entries={} dir={:?} in_memory={}>",
            rules_text(table.rules()),
            PlacementTable::entries(table.rules()),
            table.dir().display().to_string(),
            if table.in_memory() { "True" } else { "False" }
        )
    }
}
