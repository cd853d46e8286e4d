//! `bagh.Tablebase`: one rule set's tables in one directory (the movement
//! table and the placement layers), with one probe for any position.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bagh_core::{Position, Ruleset};
use bagh_tablebase::{CompressedTables, MovementTable, PlacementLayers, Tablebase};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::arguments::{detach_if, to_position};
use super::build::{options, run_build};
use super::error::tablebase_error;
use super::game_probe::PyGameProbe;
use super::movement::PyMovementTable;
use super::placement::{layers_kept, PyPlacementTable};
use super::probe::PyProbe;
use super::solve::solve;
use super::statistics::PyTablebaseStatistics;
use crate::convert::to_rules;
use crate::game::PyGame;
use crate::moves::PyMove;
use crate::position::rules_text;
use crate::ruleset::PyRuleset;

/// The tables of one rule set in a directory: the movement table
/// (`movement.tb`) and, once built, the placement layers (`placed-NN.bpl`).
/// `probe` answers any position of the game, goats in hand or not; a
/// directory with only the movement table answers positions with no goats
/// in hand and raises `TablebaseError` naming the missing build for the rest.
#[pyclass(name = "Tablebase", module = "bagh", frozen)]
pub struct PyTablebase(Arc<Tablebase>);

impl PyTablebase {
    /// The tables of the data package of `rules` (see `Tablebase.default`).
    pub fn from_default(py: Python<'_>, rules: &Bound<'_, PyAny>) -> PyResult<PyTablebase> {
        default_tables(py, rules).map(|tables| PyTablebase(Arc::new(tables)))
    }

    /// The tables, shared (with an engine).
    pub fn shared(&self) -> Arc<Tablebase> {
        Arc::clone(&self.0)
    }

    fn position(&self, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        to_position(position, self.0.rules())
    }

    /// Whether a probe of `position` reads placement layer files (see
    /// `detach_if`).
    fn reads_files(&self, position: &Position) -> bool {
        position.goats_in_hand() > 0 && self.0.placement().is_some_and(|p| !p.in_memory())
    }
}

/// The note of a stopped build into `dir`: what it kept to resume from.
fn kept(dir: &Path, rules: &Ruleset) -> Option<String> {
    let movement = Tablebase::movement_path(dir);
    if movement.exists() {
        let (kept, all) = layers_kept(dir, rules);
        return Some(match kept {
            0 => format!(
                "the movement table {} is kept; building again resumes from it",
                movement.display()
            ),
            _ => format!(
                "the movement table {} and {kept} of {all} layer files are kept; \
                 building again resumes after them",
                movement.display()
            ),
        });
    }
    let partial = MovementTable::checkpoint_path(&movement);
    partial.exists().then(|| {
        format!(
            "the checkpoint {} keeps the movement table's finished layers; \
             building again resumes from it",
            partial.display()
        )
    })
}

// `probe_game`'s `max_nodes` defaults to the library's budget, written out
// so that Python's signature shows it.
const _: () = assert!(Tablebase::GAME_SEARCH_NODES == 100_000);

#[pymethods]
impl PyTablebase {
    /// Builds the tables of `rules` into the directory `dir` (created if
    /// missing) and opens them: the movement table (kept if it is there),
    /// then, with `placement`, the placement layers.
    ///
    /// The build runs without the GIL on `threads` threads (0: one per
    /// core), and resumes where a stopped one left off. `progress` is False
    /// (nothing shown), True (one tqdm bar per stage, "movement <rules>" and
    /// "placement <rules>", if tqdm can be imported, else a line on stderr)
    /// or a callable called now and then with `(done, total)` of the stage
    /// at hand on the calling thread. Ctrl-C (or an exception raised by the
    /// callable) stops the build soon and is raised, keeping what it
    /// finished. A rule set needing more than `memory_budget` bytes (default
    /// 4 GiB) is refused with `TablebaseError` before anything is allocated;
    /// so is a second build into `dir` while one runs.
    #[staticmethod]
    #[pyo3(signature = (rules, dir, *, placement = true, progress = None, threads = 0, memory_budget = None))]
    fn build(
        py: Python<'_>,
        rules: &Bound<'_, PyAny>,
        dir: PathBuf,
        placement: bool,
        progress: Option<&Bound<'_, PyAny>>,
        threads: usize,
        memory_budget: Option<u64>,
    ) -> PyResult<PyTablebase> {
        let rules = to_rules(rules)?;
        let target = dir.clone();
        run_build(
            py,
            &rules,
            progress,
            options(threads, memory_budget, true),
            move |options| match placement {
                true => Tablebase::build(rules, &target, options),
                false => Tablebase::build_movement(rules, &target, options),
            },
            || kept(&dir, &rules),
        )
        .map(|tables| PyTablebase(Arc::new(tables)))
    }

    /// Opens the tables in `dir`, reading the rule set from the files: the
    /// full tables (the movement table, checked whole, and the placement
    /// layers, checked by their headers and lengths) or, where there is no
    /// movement table, the compressed file `tables.btz` of `bagh compress`
    /// (memory-mapped, its structure checked); `dir` may also name that
    /// file. `verify` reads every checksum. A directory with no placement
    /// layers, or an unfinished set of them, answers positions with no
    /// goats in hand.
    #[staticmethod]
    fn open(py: Python<'_>, dir: PathBuf) -> PyResult<PyTablebase> {
        py.detach(move || Tablebase::open(&dir))
            .map(|tables| PyTablebase(Arc::new(tables)))
            .map_err(tablebase_error)
    }

    /// Compresses these full tables (the movement table and the placement
    /// layers) into the directory `out` (its file `tables.btz`, written
    /// atomically) and opens it: the same probes, from one memory-mapped
    /// file. `leave_out=[16, 18]` leaves out the placement layers of those
    /// counts of goats placed (never two adjacent ones), which a probe
    /// recovers by searching one ply more; `alternate_layers=True` stores
    /// every other placement layer: a file about half as large, for
    /// placement probes up to thousands of times slower. Compressed tables
    /// of this version that store every layer `out` will are copied
    /// section by section, in seconds. Runs without the GIL on `threads`
    /// threads (0: one per core); `progress` is as for `build`. A
    /// directory without its placement layers, or layers that cannot be
    /// left out, raise `TablebaseError`. `part_bytes=95_000_000` writes
    /// the file in parts of at most that many bytes, cut where sections
    /// end (`tables.btz`, `tables.btz.1`, ...), which `open` reads as one
    /// file: for a data package larger than a registry takes in one file.
    #[pyo3(signature = (out, *, progress = None, threads = 0, alternate_layers = false, leave_out = None, part_bytes = None))]
    #[allow(clippy::too_many_arguments)]
    fn compress(
        &self,
        py: Python<'_>,
        out: PathBuf,
        progress: Option<&Bound<'_, PyAny>>,
        threads: usize,
        alternate_layers: bool,
        leave_out: Option<Vec<u8>>,
        part_bytes: Option<u64>,
    ) -> PyResult<PyTablebase> {
        if part_bytes == Some(0) {
            return Err(PyValueError::new_err("part_bytes must be at least 1"));
        }
        let leave_out = leave_out.unwrap_or_default();
        let layers =
            match (alternate_layers, leave_out.is_empty()) {
                (true, false) => return Err(PyValueError::new_err(
                    "alternate_layers and leave_out are two ways to choose the layers: give one",
                )),
                (true, true) => PlacementLayers::Alternate,
                (false, false) => PlacementLayers::leaving_out(leave_out),
                (false, true) => PlacementLayers::default(),
            };
        let tables = self.shared();
        let rules = *tables.rules();
        run_build(
            py,
            &rules,
            progress,
            options(threads, None, false),
            move |options| {
                match part_bytes {
                    Some(max) => {
                        CompressedTables::compress_in_parts(&tables, &out, options, layers, max)?
                    }
                    None => CompressedTables::compress_with(&tables, &out, options, layers)?,
                };
                Tablebase::open(&out)
            },
            || None,
        )
        .map(|tables| PyTablebase(Arc::new(tables)))
    }

    /// The compressed tables of an installed data package: for the preset
    /// id `rules` (or a preset Ruleset), the package `bagh-tables-<id>`
    /// (module `bagh_tables_<id>`, made by `make tables-package RULES=<id>`)
    /// and its file `tables.btz`. Without the package, `TablebaseError`
    /// says how to get or build the tables.
    #[staticmethod]
    fn default(py: Python<'_>, rules: &Bound<'_, PyAny>) -> PyResult<PyTablebase> {
        PyTablebase::from_default(py, rules)
    }

    /// Opens the tables like `open` and reads the placement layers into
    /// memory, checking them (about 4.4 GB for bagh-chal).
    #[staticmethod]
    fn load(py: Python<'_>, dir: PathBuf) -> PyResult<PyTablebase> {
        py.detach(move || Tablebase::load(&dir))
            .map(|tables| PyTablebase(Arc::new(tables)))
            .map_err(tablebase_error)
    }

    /// The bytes of memory a build of both tables of `rules` needs at most.
    #[staticmethod]
    fn memory_needed(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(Tablebase::memory_needed(&to_rules(rules)?))
    }

    /// The rule set, read from the movement table.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.0.rules())
    }

    /// The directory of the tables.
    #[getter]
    fn dir(&self) -> PathBuf {
        self.0.dir().to_path_buf()
    }

    /// The movement table, or None when the tables are compressed.
    #[getter]
    fn movement(&self) -> Option<PyMovementTable> {
        self.0.movement().map(|m| PyMovementTable(Arc::clone(m)))
    }

    /// Whether the tables are the compressed file (`bagh compress`) rather
    /// than the full table files.
    #[getter]
    fn compressed(&self) -> bool {
        self.0.compressed().is_some()
    }

    /// The placement layers, or None when they are not built.
    #[getter]
    fn placement(&self) -> Option<PyPlacementTable> {
        PyPlacementTable::of(&self.0)
    }

    /// Why the placement layers are not open (not built, or which layer
    /// files an unfinished build has yet to write), or None when they are.
    #[getter]
    fn placement_missing(&self) -> Option<String> {
        self.0.placement_missing().map(str::to_string)
    }

    /// The value of any position (a Position, or a position string under the
    /// table's rules) for the side to move under perfect play, and its
    /// distance to the end where the tables know it: positions with no goats
    /// in hand and finished games (None for the rest, and for draws).
    /// Reading placement layer files, it lets other Python threads run.
    /// The tables value a position as if it were new (a cycle counts as a
    /// draw): under the `forbidden` repetition policy, bagh-chal's own, a
    /// "draw" can be lost once the game's history bans the moves that hold
    /// it. `probe_game` takes the history into account where it can.
    fn probe(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<PyProbe> {
        let position = self.position(position)?;
        let tables = &self.0;
        detach_if(py, self.reads_files(&position), || tables.probe(&position))
            .map(PyProbe)
            .map_err(tablebase_error)
    }

    /// The value of `game` for its side to move with its history, where a
    /// search of the game itself (bans and all, at most `max_nodes`
    /// positions, without the GIL) proves it: a `GameProbe`. `probe`
    /// values a position as if it were new, which the `forbidden`
    /// repetition policy can make wrong; `proven` is None when the search
    /// ran out of nodes, and then only the tables' value, which ignores the
    /// history, is known.
    #[pyo3(signature = (game, *, max_nodes = 100_000))]
    fn probe_game(
        &self,
        py: Python<'_>,
        game: PyRef<'_, PyGame>,
        max_nodes: u64,
    ) -> PyResult<PyGameProbe> {
        let game = game.0.clone();
        let tables = &self.0;
        py.detach(|| tables.probe_game_with(&game, max_nodes))
            .map(PyGameProbe)
            .map_err(tablebase_error)
    }

    /// The values and distances of many positions, without the GIL:
    /// `(values, distances)`, numpy arrays of int8 (1 win, 0 draw, -1 loss
    /// for the side to move) and int16 (plies to the end under perfect
    /// play, -1 where unknown: draws and positions with goats in hand).
    /// `positions` is a sequence of `Position` objects or position strings,
    /// or a uint64 array of `bagh.rl.pack` codes.
    fn probe_many<'py>(
        &self,
        py: Python<'py>,
        positions: &Bound<'py, PyAny>,
    ) -> PyResult<super::probe_many::Labels<'py>> {
        let positions = super::probe_many::positions(positions, self.0.rules())?;
        super::probe_many::probe_many(py, &self.0, &positions)
    }

    /// Every legal move with the probe of the position it leads to (for the
    /// opponent, who is to move there).
    fn probe_moves(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(PyMove, PyProbe)>> {
        let position = self.position(position)?;
        let tables = &self.0;
        let moves = detach_if(py, self.reads_files(&position), || {
            tables.probe_moves(&position)
        })
        .map_err(tablebase_error)?;
        Ok(moves
            .into_iter()
            .map(|(mv, probe)| (PyMove(mv), PyProbe(probe)))
            .collect())
    }

    /// The moves that keep the value: with no goats in hand, with the best
    /// distance (the fastest win, the slowest loss); with goats in hand,
    /// every move that keeps the value. Empty when the game is over.
    fn best_moves(&self, py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let position = self.position(position)?;
        let tables = &self.0;
        let moves = detach_if(py, self.reads_files(&position), || {
            tables.best_moves(&position)
        })
        .map_err(tablebase_error)?;
        Ok(moves.into_iter().map(PyMove).collect())
    }

    /// The probe of any position by search, for directories without the
    /// placement layers: a position with goats in hand by alpha-beta search
    /// down to the movement table, with a transposition table of
    /// `2**tt_log2` entries of 8 bytes (`tt_log2` from 1 to 32); its distance
    /// is None (0 for a finished game). Runs without the GIL; Ctrl-C stops
    /// it. With `node_limit`, gives up with `TablebaseError` after about
    /// that many nodes.
    #[pyo3(signature = (position, *, tt_log2 = 22, node_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        tt_log2: u32,
        node_limit: Option<u64>,
    ) -> PyResult<PyProbe> {
        let position = self.position(position)?;
        let Some(movement) = self.0.movement() else {
            return Err(super::error::TablebaseError::new_err(format!(
                "{}: the search needs the full movement table; compressed tables answer probe() instead",
                self.0.dir().display()
            )));
        };
        solve(py, movement, position, tt_log2, node_limit).map(PyProbe)
    }

    /// The counts of both tables (the placement layers are read whole and
    /// their checksums checked on the way), without the GIL.
    fn statistics(&self, py: Python<'_>) -> PyResult<PyTablebaseStatistics> {
        let tables = &self.0;
        py.detach(move || tables.statistics())
            .map(PyTablebaseStatistics)
            .map_err(tablebase_error)
    }

    /// Checks every checksum without the GIL: each placement layer file,
    /// read whole (the movement table was checked whole when it was
    /// opened), or each section of a compressed file; raises
    /// `TablebaseError` naming the first file that fails.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        let tables = &self.0;
        py.detach(move || tables.verify()).map_err(tablebase_error)
    }

    fn __repr__(&self) -> String {
        let kind = if self.0.compressed().is_some() {
            " compressed=True"
        } else if self.0.placement().is_some() {
            " placement=True"
        } else {
            " placement=False"
        };
        format!(
            "<Tablebase rules='{}' dir={:?}{kind}>",
            rules_text(self.0.rules()),
            self.0.dir().display().to_string(),
        )
    }
}

/// The tables of the data package of `rules` (a preset id or a preset
/// Ruleset; another id names the package `bagh_tables_<id>` alone).
pub fn default_tables(py: Python<'_>, rules: &Bound<'_, PyAny>) -> PyResult<Tablebase> {
    let id = match rules.extract::<String>() {
        Ok(id) => id,
        Err(_) => {
            let rules = to_rules(rules)?;
            let Some(id) = rules.preset_id() else {
                return Err(super::error::TablebaseError::new_err(format!(
                    "rule set {:?} is not a preset, and data packages hold presets' tables; \
                     build its tables with bagh.Tablebase.build and open them with bagh.Tablebase.open",
                    rules_text(&rules)
                )));
            };
            id.to_string()
        }
    };
    let module = Tablebase::package_module(&id);
    let spec = py
        .import("importlib.util")?
        .call_method1("find_spec", (&module,))?;
    if spec.is_none() {
        return Err(super::error::TablebaseError::new_err(format!(
            "no tables for {id}: the data package bagh-tables-{id} (module {module}) is not installed. \
             Make it with `make tables-package RULES={id}` and pip install the wheel it writes, \
             or build the tables with `bagh build {id} --compressed` and open the directory \
             with bagh.Tablebase.open(DIR)"
        )));
    }
    let origin: PathBuf = spec.getattr("origin")?.extract()?;
    let dir = origin.parent().unwrap_or(Path::new(".")).to_path_buf();
    py.detach(move || Tablebase::open_package(&dir, &id))
        .map_err(tablebase_error)
}
