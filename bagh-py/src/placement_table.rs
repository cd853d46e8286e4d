//! `bagh.PlacementTable`: the placement phase of bagh-core solved strongly,
//! a directory of layer files built on top of a movement-phase `Tablebase`.

use std::path::PathBuf;

use bagh_core::{BuildOptions, PlacementTable};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::convert::to_rules;
use crate::position::rules_text;
use crate::ruleset::PyRuleset;
use crate::tablebase::{run_build, tablebase_error, to_position, PyTablebase};

/// The placement phase solved: the value under perfect play of every
/// position of one rule set with goats in hand, either side to move, read
/// from a directory of layer files (one per number of goats placed).
#[pyclass(name = "PlacementTable", module = "bagh", frozen)]
pub struct PyPlacementTable(PlacementTable);

#[pymethods]
impl PyPlacementTable {
    /// Builds the placement phase of `table`'s rule set into the directory
    /// `dir` (created if missing) and returns it.
    ///
    /// The build runs without the GIL on `threads` threads (0: one per
    /// core), computing one layer file per number of goats placed, from the
    /// last goat placed back to the start. `progress` is False (nothing
    /// shown), True (a tqdm bar if tqdm can be imported, else a line on
    /// stderr) or a callable called now and then with `(done, total)` on the
    /// calling thread. Ctrl-C (or an exception raised by the callback) stops
    /// the build soon and is raised; the layer files finished so far are kept
    /// and a build into the same directory resumes after them. A rule set
    /// needing more than `memory_budget` bytes (default 4 GiB, besides the
    /// movement table) is refused with `TablebaseError` before anything is
    /// allocated.
    #[staticmethod]
    #[pyo3(signature = (table, dir, *, progress = None, threads = 0, memory_budget = None))]
    fn build(
        py: Python<'_>,
        table: Py<PyTablebase>,
        dir: PathBuf,
        progress: Option<&Bound<'_, PyAny>>,
        threads: usize,
        memory_budget: Option<u64>,
    ) -> PyResult<PyPlacementTable> {
        let rules = *table.get().0.rules();
        let options = BuildOptions {
            threads,
            memory_budget: memory_budget.unwrap_or(BuildOptions::default().memory_budget),
            progress_bar: false,
            ..BuildOptions::default()
        };
        let target = dir.clone();
        run_build(
            py,
            "placement",
            &rules,
            progress,
            options,
            // The movement table goes to the build thread, which reads it
            // without the GIL (the class is frozen); the reference dropped
            // there is released when the GIL is next held.
            move |options| PlacementTable::build(&table.get().0, &target, options),
            || {
                let kept = std::fs::read_dir(&dir).is_ok_and(|mut files| files.next().is_some());
                kept.then(|| {
                    format!(
                        "the layer files finished so far are kept in {}; \
                         building again resumes after them",
                        dir.display()
                    )
                })
            },
        )
        .map(PyPlacementTable)
    }

    /// Opens the layer files of `rules` in the directory `dir`, checking
    /// their headers and lengths (`verify` checks their checksums). A missing
    /// or unreadable file raises the matching `OSError`
    /// (`FileNotFoundError`, ...); a truncated, corrupt or foreign one, or
    /// one of another rule set, `TablebaseError`.
    #[staticmethod]
    fn open(py: Python<'_>, dir: PathBuf, rules: &Bound<'_, PyAny>) -> PyResult<PyPlacementTable> {
        let rules = to_rules(rules)?;
        py.detach(move || PlacementTable::open(&dir, &rules))
            .map(PyPlacementTable)
            .map_err(tablebase_error)
    }

    /// Opens the layer files like `open` and reads them into memory, checking
    /// their checksums, so that probes read no file (about 4.4 GB for
    /// bagh-chal).
    #[staticmethod]
    fn load(py: Python<'_>, dir: PathBuf, rules: &Bound<'_, PyAny>) -> PyResult<PyPlacementTable> {
        let rules = to_rules(rules)?;
        py.detach(move || PlacementTable::load(&dir, &rules))
            .map(PyPlacementTable)
            .map_err(tablebase_error)
    }

    /// Whether the values are held in memory (`load`) rather than read from
    /// the files at each probe (`open`, `build`).
    #[getter]
    fn in_memory(&self) -> bool {
        self.0.in_memory()
    }

    /// The number of entries of the table of `rules` (goats-to-move
    /// positions with goats in hand, up to the symmetries of the tigers),
    /// counted without building anything.
    #[staticmethod]
    fn entries(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(PlacementTable::entries(&to_rules(rules)?))
    }

    /// The bytes of memory a build of `rules` needs besides the movement
    /// table.
    #[staticmethod]
    fn memory_needed(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(PlacementTable::memory_needed(&to_rules(rules)?))
    }

    /// The rule set of the table.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.0.rules())
    }

    /// The directory of the layer files.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.0.dir().to_path_buf()
    }

    /// The value (`"win"`, `"draw"` or `"loss"`) for the side to move of
    /// `position` (a Position, or a position string under the table's rules)
    /// under perfect play. Any position with goats in hand, either side to
    /// move; raises `TablebaseError` for one with none in hand (see
    /// `Tablebase.probe`) or under another rule set.
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<&'static str> {
        let position = to_position(position, self.0.rules())?;
        let table = &self.0;
        py.detach(move || table.probe(&position))
            .map(|value| value.name())
            .map_err(tablebase_error)
    }

    /// Reads every layer file whole and checks its checksum, without the GIL;
    /// raises `TablebaseError` (or `OSError`) for the first that fails.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let table = &self.0;
        py.detach(move || table.verify()).map_err(tablebase_error)
    }

    /// Per number of goats placed and captured: the positions up to symmetry
    /// with the goats to move, and how many the goats win, draw and lose.
    /// Reads every layer file whole (checking it), without the GIL.
    fn statistics<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let table = &self.0;
        let statistics = py
            .detach(move || table.statistics())
            .map_err(tablebase_error)?;
        statistics
            .into_iter()
            .map(|run| {
                let row = PyDict::new(py);
                row.set_item("placed", run.placed)?;
                row.set_item("captured", run.captured)?;
                row.set_item("positions", run.positions)?;
                row.set_item("wins", run.wins)?;
                row.set_item("draws", run.draws)?;
                row.set_item("losses", run.losses)?;
                Ok(row)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<PlacementTable rules='{}' entries={} dir={:?}>",
            rules_text(self.0.rules()),
            PlacementTable::entries(self.0.rules()),
            self.0.dir().display().to_string()
        )
    }
}
