//! A search from Python: on a thread of its own without the GIL, its
//! progress reports handed to a Python callable on the calling thread,
//! Ctrl-C checked every 50 ms.
//!
//! Ctrl-C (KeyboardInterrupt, also when raised inside the callable) raises
//! the engine's stop flag, and the search returns its best move so far,
//! which is returned to the caller as if the limit had been reached: a
//! search is often stopped on purpose, and what it found is worth having.
//! Any other exception from the callable stops the search too and is
//! raised.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::Duration;

use bagh_core::Side;
use bagh_engine::{Engine, EngineError as LibraryError, Progress};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError};
use pyo3::prelude::*;

use super::analysis::PyProgress;
use super::error::engine_error;

/// How long the calling thread waits for a report before it checks Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// The work of one search: it is given the engine and the function that
/// hands a progress report to Python.
pub type Job<T> =
    Box<dyn FnOnce(&mut Engine, &mut dyn FnMut(&Progress)) -> Result<T, LibraryError> + Send>;

/// What the calling thread does with an exception met while it waits.
enum Stop {
    /// Go on: nothing happened.
    No,
    /// Ctrl-C: the search stops and its answer is returned.
    Interrupted,
    /// An exception to raise once the search has stopped.
    Failed(PyErr),
}

impl Stop {
    fn from_error(py: Python<'_>, error: PyErr) -> Stop {
        if error.is_instance_of::<PyKeyboardInterrupt>(py) {
            Stop::Interrupted
        } else {
            Stop::Failed(error)
        }
    }
}

/// Runs `job` on `engine` on a thread of its own without the GIL, and
/// returns its answer; `stop_flag` is the engine's, `turn` the side to move
/// at the root (the point of view of the reports). A second search of the same engine (from another
/// Python thread) waits for the first one to end.
pub fn run<T: Send + 'static>(
    py: Python<'_>,
    engine: &Arc<Mutex<Engine>>,
    stop_flag: &Arc<AtomicBool>,
    progress: Option<&Bound<'_, PyAny>>,
    turn: Side,
    job: Job<T>,
) -> PyResult<T> {
    let progress = progress.filter(|p| !p.is_none());
    let reports = progress.is_some();
    let engine = Arc::clone(engine);
    let (sender, mut receiver) = mpsc::channel::<Progress>();
    // The sender is dropped when the search ends, which tells the loop
    // below that it has.
    let searcher = std::thread::Builder::new()
        .name("bagh-search".into())
        .spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(PoisonError::into_inner);
            let mut report = |p: &Progress| {
                if reports {
                    // The receiver is gone only once the search has ended.
                    let _ = sender.send(p.clone());
                }
            };
            job(&mut engine, &mut report)
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the search thread: {e}")))?;
    let mut stop = Stop::No;
    loop {
        let (message, back) = py.detach(move || (receiver.recv_timeout(POLL), receiver));
        receiver = back;
        match message {
            Ok(report) => {
                if let (Stop::No, Some(progress)) = (&stop, progress) {
                    if let Err(e) = progress.call1((PyProgress(report, turn),)) {
                        stop = Stop::from_error(py, e);
                    }
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if let Stop::No = stop {
            if let Err(e) = py.check_signals() {
                stop = Stop::from_error(py, e);
            }
        }
        // Raised again at every turn: a search lowers the flag when it
        // starts, which may come after the interrupt.
        if !matches!(stop, Stop::No) {
            stop_flag.store(true, Ordering::Relaxed);
        }
    }
    let result = py
        .detach(move || searcher.join())
        .map_err(|_| PyRuntimeError::new_err("the search thread panicked"))?;
    if let Stop::Failed(error) = stop {
        return Err(error);
    }
    result.map_err(|e| engine_error(py, e))
}
