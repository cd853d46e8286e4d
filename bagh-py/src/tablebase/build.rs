//! Builds from Python: on a thread of their own without the GIL, their
//! progress reports handed to Python on the calling thread (tqdm and
//! notebooks like that), Ctrl-C checked between them. KeyboardInterrupt, or
//! an exception raised by the progress callable, stops the build at its
//! next report, keeping what it finished, and is raised with a note saying
//! what was kept.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use bagh_core::Ruleset;
use bagh_tablebase::{BuildOptions, BuildProgress, TablebaseError as LibraryError};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use super::error::tablebase_error;
use super::progress::Reporter;

/// How long the calling thread waits for a report before it checks Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// The options of a build from the Python arguments (`memory_budget` None:
/// the library's default).
pub fn options(threads: usize, memory_budget: Option<u64>, checkpoint: bool) -> BuildOptions {
    let default = BuildOptions::default();
    BuildOptions {
        threads,
        memory_budget: memory_budget.unwrap_or(default.memory_budget),
        checkpoint,
        ..default
    }
}

/// Runs `build` on a thread of its own without the GIL and returns what it
/// built, or its error as an exception (see `tablebase_error`).
///
/// `progress` is the `progress` argument of the Python method (see
/// `Reporter::new`). The progress callback of `options` is set here: it
/// hands the build's reports to `progress` on the calling thread. Ctrl-C,
/// or an exception raised by `progress`, stops the build at its next report
/// and is raised, with the note `kept` gives (what the stopped build left
/// for the next one to resume from), if any.
pub fn run_build<T, B>(
    py: Python<'_>,
    rules: &Ruleset,
    progress: Option<&Bound<'_, PyAny>>,
    mut options: BuildOptions,
    build: B,
    kept: impl FnOnce() -> Option<String>,
) -> PyResult<T>
where
    T: Send + 'static,
    B: FnOnce(&BuildOptions) -> Result<T, LibraryError> + Send + 'static,
{
    let mut reporter = Reporter::new(progress, rules)?;
    let (sender, mut receiver) = mpsc::channel::<BuildProgress>();
    // With a callable, the build waits at each report for the callable's
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
        .name("bagh-build".into())
        .spawn(move || build(&options))
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start the build thread: {e}")))?;
    let mut failure: Option<PyErr> = None;
    loop {
        let (message, back) = py.detach(move || {
            let message = receiver.recv_timeout(POLL);
            (message, receiver)
        });
        receiver = back;
        match message {
            Ok(p) => {
                if let (None, Some(reporter)) = (&failure, &mut reporter) {
                    if let Err(e) = reporter.report(py, p) {
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
        Err(LibraryError::Unsupported {
            rules: rules.to_string(),
            reason: "the build thread panicked".into(),
        })
    });
    if let Some(reporter) = &mut reporter {
        let went_through = failure.is_none() && result.is_ok();
        if let Err(e) = reporter.finish(py, went_through) {
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
