//! `bagh.MovementTable`: every position of a rule set with no goats in
//! hand, in memory, with its value and distance to the end.

use std::path::PathBuf;
use std::sync::Arc;

use bagh_core::Position;
use bagh_tablebase::MovementTable;
use pyo3::prelude::*;

use super::arguments::to_position;
use super::build::{options, run_build};
use super::error::tablebase_error;
use super::movement_statistics::PyMovementStatistics;
use super::probe::PyProbe;
use super::solve::solve;
use crate::convert::to_rules;
use crate::moves::PyMove;
use crate::position::rules_text;
use crate::ruleset::PyRuleset;

/// A movement table: the value under perfect play, and the distance to the
/// end, of every position of one rule set with no goats in hand, held in
/// memory. Shared (not copied) with the `Tablebase` and `PlacementTable`
/// that stand on it.
#[pyclass(name = "MovementTable", module = "bagh", frozen)]
pub struct PyMovementTable(pub Arc<MovementTable>);

impl PyMovementTable {
    fn position(&self, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        to_position(position, self.0.rules())
    }
}

#[pymethods]
impl PyMovementTable {
    /// Builds the table of `rules`, writes it to `path` and returns it.
    ///
    /// The build runs without the GIL on `threads` threads (0: one per
    /// core). `progress` is False (nothing shown), True (a tqdm bar if tqdm
    /// can be imported, else a line on stderr) or a callable called now and
    /// then with `(done, total)` on the calling thread. With `checkpoint`,
    /// each finished layer is saved to `path + ".partial"`, and a build of
    /// the same rules to the same path resumes from it. Ctrl-C (or an
    /// exception raised by the callable) stops the build soon and is raised,
    /// keeping the checkpoint. A rule set needing more than `memory_budget`
    /// bytes (default 4 GiB) is refused with `TablebaseError` before anything
    /// is allocated; so is a second build of `path` while one runs.
    #[staticmethod]
    #[pyo3(signature = (rules, path, *, progress = None, threads = 0, memory_budget = None, checkpoint = true))]
    fn build(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        path: PathBuf,
        progress: Option<&Bound<'_, PyAny>>,
        threads: usize,
        memory_budget: Option<u64>,
        checkpoint: bool,
    ) -> PyResult<PyMovementTable> {
        let rules = to_rules(rules)?;
        let target = path.clone();
        run_build(
            py,
            &rules,
            progress,
            options(threads, memory_budget, checkpoint),
            move |options| MovementTable::build(rules, &target, options),
            || {
                let partial = MovementTable::checkpoint_path(&path);
                partial.exists().then(|| {
                    format!(
                        "the checkpoint {} keeps the finished layers; building again resumes from it",
                        partial.display()
                    )
                })
            },
        )
        .map(|table| PyMovementTable(Arc::new(table)))
    }

    /// Opens a table file and checks it whole (its header, lengths and
    /// checksums); with `rules`, checks that it is the table of that rule
    /// set. A truncated, corrupt or foreign file raises `TablebaseError`; a
    /// file that cannot be read, the matching `OSError`.
    #[staticmethod]
    #[pyo3(signature = (path, rules = None))]
    fn open(
        py: Python<'_>,
        path: PathBuf,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMovementTable> {
        let rules = rules.map(to_rules).transpose()?;
        py.detach(move || match rules {
            Some(rules) => MovementTable::open_for(&path, &rules),
            None => MovementTable::open(&path),
        })
        .map(|table| PyMovementTable(Arc::new(table)))
        .map_err(tablebase_error)
    }

    /// The number of positions with no goats in hand of `rules` up to the
    /// board's symmetries, both sides to move, counted without building
    /// anything.
    #[staticmethod]
    fn count_positions(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(MovementTable::count_positions(&to_rules(rules)?))
    }

    /// The bytes of memory a build of `rules` needs.
    #[staticmethod]
    fn memory_needed(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(MovementTable::memory_needed(&to_rules(rules)?))
    }

    /// The rule set of the table.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.0.rules())
    }

    /// The file the table was read from.
    #[getter]
    fn path(&self) -> PathBuf {
        self.0.path().to_path_buf()
    }

    /// Positions in the table, up to symmetry (both sides to move).
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions()
    }

    /// The CRC-32 of the table's entries, which placement layer files
    /// record to name the movement table they were built on.
    #[getter]
    fn checksum(&self) -> u32 {
        self.0.checksum()
    }

    /// The value and distance of `position` (a Position, or a position
    /// string under the table's rules) for the side to move. Raises
    /// `TablebaseError` for a position with goats in hand (see `solve`) or
    /// under another rule set.
    fn probe(&self, position: &Bound<'_, PyAny>) -> PyResult<PyProbe> {
        let position = self.position(position)?;
        self.0
            .probe(&position)
            .map(PyProbe)
            .map_err(tablebase_error)
    }

    /// Every legal move with the probe of the position it leads to (for the
    /// opponent, who is to move there).
    fn probe_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<(PyMove, PyProbe)>> {
        let position = self.position(position)?;
        let moves = self.0.probe_moves(&position).map_err(tablebase_error)?;
        Ok(moves
            .into_iter()
            .map(|(mv, probe)| (PyMove(mv), PyProbe(probe)))
            .collect())
    }

    /// The moves that keep the value with the best distance: to a loss one
    /// ply shorter for the opponent when winning, to a win one ply shorter
    /// when losing, to a draw when drawing. Empty when the game is over.
    /// Playing one of them at every turn is perfect play through the
    /// movement phase.
    fn best_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let position = self.position(position)?;
        let moves = self.0.best_moves(&position).map_err(tablebase_error)?;
        Ok(moves.into_iter().map(PyMove).collect())
    }

    /// The probe of any position of the table's rule set, goats in hand or
    /// not: a position with goats in hand by alpha-beta search down to the
    /// end of placement, with the table at the leaves, and a transposition
    /// table of `2**tt_log2` entries of 8 bytes (`tt_log2` from 1 to 32);
    /// its distance is None (0 for a finished game). Runs without the GIL;
    /// Ctrl-C stops it. With `node_limit`, gives up with `TablebaseError`
    /// after about that many nodes. The search grows fast with the goats in
    /// hand: bagh-chal positions with up to about eight in hand take about a
    /// second.
    #[pyo3(signature = (position, *, tt_log2 = 22, node_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        tt_log2: u32,
        node_limit: Option<u64>,
    ) -> PyResult<PyProbe> {
        let position = self.position(position)?;
        solve(py, &self.0, position, tt_log2, node_limit).map(PyProbe)
    }

    /// Win, draw and loss counts for the side to move by captured count and
    /// side to move, with a longest win of each: a scan of the whole table,
    /// without the GIL.
    fn statistics(&self, py: Python<'_>) -> PyMovementStatistics {
        let table = &self.0;
        PyMovementStatistics(py.detach(move || table.statistics()))
    }

    fn __repr__(&self) -> String {
        format!(
            "<MovementTable rules='{}' positions={} path={:?}>",
            rules_text(self.0.rules()),
            self.0.positions(),
            self.0.path().display().to_string()
        )
    }
}
