//! `bagh.Tablebase`, `bagh.Probe` and `bagh.TablebaseError`: the
//! movement-phase tablebase of bagh-core.
//!
//! A build (of this table or of a placement table, see `run_build`) runs on
//! a thread of its own without the GIL; the calling thread waits for its
//! progress reports, hands them to the Python callback and checks for Ctrl-C
//! between them, so that the callback runs on the caller's thread (tqdm and
//! notebooks like that) and KeyboardInterrupt stops the build at its next
//! report, keeping the finished layers.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use bagh_core::{
    BuildOptions, BuildProgress, PlacementSolver, Position, Probe, Ruleset, Tablebase,
    TablebaseError as CoreError, Value,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::convert::to_rules;
use crate::errors::{parse_error, BaghError, ParseError};
use crate::moves::PyMove;
use crate::position::{rules_text, PyPosition};
use crate::ruleset::PyRuleset;

create_exception!(
    bagh,
    TablebaseError,
    BaghError,
    "A tablebase that cannot be built, opened or probed: a truncated, corrupt or \
     foreign file, a table of another rule set, a position outside the table's \
     phase or under another rule set, a build above the memory budget."
);

/// The exception of a core error: `TablebaseError`, or the `OSError`
/// subclass of a failed system call (`FileNotFoundError`, ...).
pub fn tablebase_error(error: CoreError) -> PyErr {
    match error {
        CoreError::Io { path, source } => match source.raw_os_error() {
            Some(code) => {
                let text = source.to_string();
                let strerror = match text.find(" (os error") {
                    Some(at) => text[..at].to_string(),
                    None => text,
                };
                // OSError(errno, ...) picks the subclass that fits errno.
                PyOSError::new_err((code, strerror, path.display().to_string()))
            }
            None => TablebaseError::new_err(format!("{}: {source}", path.display())),
        },
        CoreError::TooLarge {
            rules,
            needed,
            budget,
        } => TablebaseError::new_err(format!(
            "the tables of rule set {rules:?} need {needed} bytes of memory to build, \
             above the budget of {budget} bytes (raise memory_budget)"
        )),
        other => TablebaseError::new_err(other.to_string()),
    }
}

fn value_name(value: Value) -> &'static str {
    value.name()
}

/// The answer of a probe: ``value`` (``"win"``, ``"draw"`` or ``"loss"``,
/// for the side to move) and ``distance`` (plies to the end of the game under
/// perfect play: the winner ends it as fast as it can, the loser holds out as
/// long as it can; 0 for a draw and for a finished game).
#[pyclass(name = "Probe", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyProbe(pub Probe);

#[pymethods]
impl PyProbe {
    #[new]
    #[pyo3(signature = (value, distance = 0))]
    fn new(value: &str, distance: u16) -> PyResult<PyProbe> {
        let value = match value {
            "win" => Value::Win,
            "draw" => Value::Draw,
            "loss" => Value::Loss,
            other => {
                return Err(ParseError::new_err(format!(
                    "value: unexpected value {other:?}, expected \"win\", \"draw\" or \"loss\""
                )))
            }
        };
        if value == Value::Draw && distance != 0 {
            return Err(ParseError::new_err(format!(
                "distance: a draw has distance 0, not {distance}"
            )));
        }
        Ok(PyProbe(Probe { value, distance }))
    }

    /// `"win"`, `"draw"` or `"loss"` for the side to move.
    #[getter]
    fn value(&self) -> &'static str {
        value_name(self.0.value)
    }

    /// Plies to the end of the game under perfect play (0 for a draw).
    #[getter]
    fn distance(&self) -> u16 {
        self.0.distance
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Probe('{}', {})", self.0.value, self.0.distance)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let probe = slf.get().0;
        (slf.get_type(), (value_name(probe.value), probe.distance)).into_pyobject(slf.py())
    }
}

/// How long the calling thread waits for a report before it checks Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// Placement-phase nodes searched in one stretch without the GIL; Ctrl-C is
/// checked between stretches (see `PyTablebase::solve`).
const SOLVE_STRETCH: u64 = 1 << 22;

/// The progress reporter of a build: a Python callable `(done, total)`, and
/// whether it is bagh's own bar (which is closed at the end).
struct Reporter {
    callable: Py<PyAny>,
    own: bool,
}

impl Reporter {
    /// The reporter of `progress`: None, False, True (bagh's own bar, named
    /// after `what` and the rule set) or a callable.
    fn new(
        py: Python<'_>,
        progress: Option<&Bound<'_, PyAny>>,
        what: &str,
        rules: &Ruleset,
    ) -> PyResult<Option<Reporter>> {
        let Some(progress) = progress else {
            return Ok(None);
        };
        if progress.is_none() {
            return Ok(None);
        }
        if let Ok(on) = progress.cast::<pyo3::types::PyBool>() {
            if !on.is_true() {
                return Ok(None);
            }
            let name = rules
                .preset_id()
                .map_or_else(|| "custom".to_string(), str::to_string);
            let bar = py
                .import("bagh._progress")?
                .getattr("Bar")?
                .call1((format!("{what} {name}"),))?;
            return Ok(Some(Reporter {
                callable: bar.unbind(),
                own: true,
            }));
        }
        if progress.is_callable() {
            return Ok(Some(Reporter {
                callable: progress.clone().unbind(),
                own: false,
            }));
        }
        Err(PyTypeError::new_err(format!(
            "progress: expected a bool or a callable (done, total), got {}",
            progress.get_type().name()?
        )))
    }

    fn report(&self, py: Python<'_>, done: u64, total: u64) -> PyResult<()> {
        self.callable.call1(py, (done, total)).map(|_| ())
    }

    fn close(&self, py: Python<'_>) -> PyResult<()> {
        if self.own {
            self.callable.call_method0(py, "close")?;
        }
        Ok(())
    }
}

/// Runs `build` on a thread of its own without the GIL and returns what it
/// built, or its error as an exception (see `tablebase_error`).
///
/// `progress` is the `progress` argument of the Python method (see
/// `Reporter::new`; `what` names the build on bagh's own bar and its
/// thread). The progress callback of `options` is set here: it hands the
/// build's reports to `progress` on the calling thread. Ctrl-C, or an
/// exception raised by `progress`, stops the build at its next report and is
/// raised, with the note `kept` gives (what the stopped build left for the
/// next one to resume from), if any.
pub(crate) fn run_build<T, B>(
    py: Python<'_>,
    what: &str,
    rules: &Ruleset,
    progress: Option<&Bound<'_, PyAny>>,
    mut options: BuildOptions,
    build: B,
    kept: impl FnOnce() -> Option<String>,
) -> PyResult<T>
where
    T: Send + 'static,
    B: FnOnce(&BuildOptions) -> Result<T, CoreError> + Send + 'static,
{
    let reporter = Reporter::new(py, progress, what, rules)?;
    let (sender, mut receiver) = mpsc::channel::<BuildProgress>();
    // With a callback, the build waits at each report for the callback's
    // answer, so that an exception in it stops the build right there.
    let (answer, answers) = mpsc::channel::<bool>();
    let answers = Mutex::new(answers);
    let wait_for_answer = reporter.is_some();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    options.on_progress = Some(Arc::new(move |p: &BuildProgress| {
        // The receiver is gone only once the build has ended.
        let _ = sender.send(*p);
        let go_on = !wait_for_answer
            || answers
                .lock()
                .ok()
                .and_then(|answers| answers.recv().ok())
                .unwrap_or(false);
        go_on && !stopped.load(Ordering::Relaxed)
    }));
    // The options (and with them the sender) are dropped when the build
    // returns, which tells the loop below that it has ended.
    let builder = std::thread::Builder::new()
        .name(format!("bagh-{what}-build"))
        .spawn(move || build(&options))
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the build thread: {e}")))?;
    let mut failure: Option<PyErr> = None;
    let mut last: Option<BuildProgress> = None;
    loop {
        let (message, back) = py.detach(move || {
            let message = receiver.recv_timeout(POLL);
            (message, receiver)
        });
        receiver = back;
        match message {
            Ok(p) => {
                last = Some(p);
                if let (None, Some(reporter)) = (&failure, &reporter) {
                    if let Err(e) = reporter.report(py, p.done, p.total) {
                        failure = Some(e);
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                if wait_for_answer {
                    // The build may have ended meanwhile: nothing to answer.
                    let _ = answer.send(failure.is_none());
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if failure.is_none() {
            if let Err(e) = py.check_signals() {
                failure = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
    let result = py.detach(move || builder.join()).unwrap_or_else(|_| {
        Err(CoreError::Unsupported {
            rules: rules.to_string(),
            reason: "the build thread panicked".into(),
        })
    });
    if let Some(reporter) = &reporter {
        if failure.is_none() && result.is_ok() {
            // The last report need not reach the total: say that it did.
            if let Some(p) = last.filter(|p| p.done < p.total) {
                if let Err(e) = reporter.report(py, p.total, p.total) {
                    failure = Some(e);
                }
            }
        }
        if let Err(e) = reporter.close(py) {
            failure.get_or_insert(e);
        }
    }
    if let Some(error) = failure {
        if let Some(note) = kept() {
            let _ = error.value(py).call_method1("add_note", (note,));
        }
        return Err(error);
    }
    result.map_err(tablebase_error)
}

/// A `Position`, or a position string read under `rules` (a table's).
pub(crate) fn to_position(position: &Bound<'_, PyAny>, rules: &Ruleset) -> PyResult<Position> {
    if let Ok(position) = position.cast::<PyPosition>() {
        return Ok(position.get().0);
    }
    if let Ok(text) = position.extract::<String>() {
        return Position::from_text(&text, *rules).map_err(parse_error);
    }
    Err(PyTypeError::new_err(format!(
        "position: expected a Position or a position string, got {}",
        position.get_type().name()?
    )))
}

/// A movement-phase tablebase: the value under perfect play of every
/// position of one rule set with no goats in hand, held in memory.
#[pyclass(name = "Tablebase", module = "bagh", frozen)]
pub struct PyTablebase(pub Tablebase);

impl PyTablebase {
    /// A `Position`, or a position string read under the table's rules.
    fn position(&self, position: &Bound<'_, PyAny>) -> PyResult<Position> {
        to_position(position, self.0.rules())
    }
}

#[pymethods]
impl PyTablebase {
    /// Builds the table of `rules`, writes it to `path` and returns it.
    ///
    /// The build runs without the GIL on `threads` threads (0: one per
    /// core). `progress` is False (nothing shown), True (a tqdm bar if tqdm
    /// can be imported, else a line on stderr) or a callable called now and
    /// then with `(done, total)` on the calling thread. With `checkpoint`,
    /// each finished layer is saved to `path + ".partial"`, and a build of the
    /// same rules to the same path resumes from it. Ctrl-C (or an exception
    /// raised by the callback) stops the build soon and is raised, keeping
    /// the checkpoint. A rule set needing more than `memory_budget` bytes
    /// (default 4 GiB) is refused with `TablebaseError` before anything is
    /// allocated.
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
    ) -> PyResult<PyTablebase> {
        let rules = to_rules(rules)?;
        let options = BuildOptions {
            threads,
            memory_budget: memory_budget.unwrap_or(BuildOptions::default().memory_budget),
            progress_bar: false,
            checkpoint,
            on_progress: None,
        };
        let target = path.clone();
        run_build(
            py,
            "tablebase",
            &rules,
            progress,
            options,
            move |options| Tablebase::build(rules, &target, options),
            || {
                let partial = bagh_core::checkpoint_path(&path);
                partial.exists().then(|| {
                    format!(
                        "the checkpoint {} keeps the finished layers; build again to resume",
                        partial.display()
                    )
                })
            },
        )
        .map(PyTablebase)
    }

    /// Opens a table file and checks it whole (its header, lengths and
    /// checksums); with `rules`, checks that it is the table of that rule set.
    /// A truncated, corrupt or foreign file raises `TablebaseError`; a file
    /// that cannot be read, the matching `OSError`.
    #[staticmethod]
    #[pyo3(signature = (path, rules = None))]
    fn open(
        py: Python<'_>,
        path: PathBuf,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyTablebase> {
        let rules = rules.map(to_rules).transpose()?;
        py.detach(move || match rules {
            Some(rules) => Tablebase::open_for(&path, &rules),
            None => Tablebase::open(&path),
        })
        .map(PyTablebase)
        .map_err(tablebase_error)
    }

    /// The number of movement-phase positions of `rules` up to the board's
    /// symmetries, both sides to move, counted without building anything.
    #[staticmethod]
    fn count_positions(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(Tablebase::count_positions(&to_rules(rules)?))
    }

    /// The bytes of memory a build of `rules` needs.
    #[staticmethod]
    fn memory_needed(rules: &Bound<'_, PyAny>) -> PyResult<u64> {
        Ok(Tablebase::memory_needed(&to_rules(rules)?))
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
        Ok(self
            .0
            .probe_moves(&position)
            .map_err(tablebase_error)?
            .into_iter()
            .map(|(mv, probe)| (PyMove(mv), PyProbe(probe)))
            .collect())
    }

    /// The moves that keep the value and distance: to a loss one ply shorter
    /// for the opponent when winning, to a win one ply shorter when losing,
    /// to a draw when drawing. Empty when the game is over. Playing one of
    /// them at every turn is perfect play through the movement phase.
    fn best_moves(&self, position: &Bound<'_, PyAny>) -> PyResult<Vec<PyMove>> {
        let position = self.position(position)?;
        Ok(self
            .0
            .best_moves(&position)
            .map_err(tablebase_error)?
            .into_iter()
            .map(PyMove)
            .collect())
    }

    /// The value (`"win"`, `"draw"` or `"loss"` for the side to move) of any
    /// position of the table's rule set, goats in hand or not: positions with
    /// goats in hand by alpha-beta search down to the end of placement, with
    /// the table at the leaves, and a transposition table of `2**tt_log2`
    /// entries of 8 bytes. Runs without the GIL; Ctrl-C stops it. With
    /// `node_limit`, gives up with `TablebaseError` after about that many
    /// nodes. The search grows fast with the goats in hand: bagh-chal
    /// positions with up to about eight in hand take about a second.
    #[pyo3(signature = (position, *, tt_log2 = 22, node_limit = None))]
    fn solve(
        &self,
        py: Python<'_>,
        position: &Bound<'_, PyAny>,
        tt_log2: u32,
        node_limit: Option<u64>,
    ) -> PyResult<&'static str> {
        let position = self.position(position)?;
        let mut solver = PlacementSolver::new(&self.0, tt_log2);
        // The search is run in stretches of nodes; one cut short by its
        // stretch is searched again from the start, and finds the subtrees
        // it finished in its transposition table. Stretches grow with the
        // nodes searched (by 1/64), so that a search always ends; on bagh-chal
        // positions with 10 to 12 goats in hand (2 to 50 s) this was measured
        // no slower than one uninterrupted search, and Ctrl-C stopped the
        // longest within a second.
        loop {
            let stretch = SOLVE_STRETCH.max(solver.nodes() / 64);
            let mut limit = solver.nodes().saturating_add(stretch);
            if let Some(cap) = node_limit {
                limit = limit.min(cap);
            }
            solver.set_node_limit(limit);
            let (result, back) = py.detach(move || {
                let mut solver = solver;
                (solver.solve(&position), solver)
            });
            solver = back;
            match result {
                Ok(value) => return Ok(value_name(value)),
                Err(CoreError::SearchLimit { .. }) if node_limit.is_none_or(|cap| limit < cap) => {
                    py.check_signals()?;
                }
                Err(e) => return Err(tablebase_error(e)),
            }
        }
    }

    /// Win, draw and loss counts for the side to move, one dict per captured
    /// count and side to move (goats first): `captured`, `side`, `positions`,
    /// `wins`, `draws`, `losses` and `longest_win` (`(distance, Position)` or
    /// None). A scan of the whole table, without the GIL; `positions` sums to
    /// `Tablebase.positions`. Made for `pandas.DataFrame(table.statistics())`.
    fn statistics<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let table = &self.0;
        let statistics = py.detach(move || table.statistics());
        statistics
            .layers
            .into_iter()
            .map(|layer| {
                let row = PyDict::new(py);
                row.set_item("captured", layer.captured)?;
                row.set_item("side", layer.side.name())?;
                row.set_item("positions", layer.positions)?;
                row.set_item("wins", layer.wins)?;
                row.set_item("draws", layer.draws)?;
                row.set_item("losses", layer.losses)?;
                row.set_item(
                    "longest_win",
                    layer
                        .longest_win
                        .map(|(distance, position)| (distance, PyPosition(position))),
                )?;
                Ok(row)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Tablebase rules='{}' positions={} path={:?}>",
            rules_text(self.0.rules()),
            self.0.positions(),
            self.0.path().display().to_string()
        )
    }
}
