//! The progress of a build as Python sees it: `progress=True` (bagh's own
//! bars, one per stage), or a callable `(done, total)`.

use bagh_core::Ruleset;
use bagh_tablebase::BuildProgress;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// Where the reports go.
enum Shown {
    /// A callable of the caller's, `(done, total)`.
    Callable(Py<PyAny>),
    /// bagh's own bars (`bagh._progress.Bar`), one per stage, named after
    /// the stage and the rule set; the bar of the stage at hand.
    Bars {
        rules: String,
        bar: Option<Py<PyAny>>,
    },
}

/// Hands a build's reports to Python, on the calling thread.
pub struct Reporter {
    shown: Shown,
    /// The last report handed over.
    last: Option<BuildProgress>,
}

impl Reporter {
    /// The reporter of a `progress` argument: None or False (nothing),
    /// True (bagh's own bars) or a callable.
    pub fn new(progress: Option<&Bound<'_, PyAny>>, rules: &Ruleset) -> PyResult<Option<Reporter>> {
        let Some(progress) = progress.filter(|p| !p.is_none()) else {
            return Ok(None);
        };
        let shown = if let Ok(on) = progress.cast::<PyBool>() {
            if !on.is_true() {
                return Ok(None);
            }
            let rules = rules
                .preset_id()
                .map_or_else(|| "custom".to_string(), str::to_string);
            Shown::Bars { rules, bar: None }
        } else if progress.is_callable() {
            Shown::Callable(progress.clone().unbind())
        } else {
            return Err(PyTypeError::new_err(format!(
                "progress: expected a bool or a callable (done, total), got {}",
                progress.get_type().name()?
            )));
        };
        Ok(Some(Reporter { shown, last: None }))
    }

    /// Hands a report over. A new stage ends the last one's display first
    /// (its stage finished: the build went on).
    pub fn report(&mut self, py: Python<'_>, progress: BuildProgress) -> PyResult<()> {
        if self.last.is_some_and(|last| last.stage != progress.stage) {
            self.finish(py, true)?;
        }
        let target = match &mut self.shown {
            Shown::Callable(callable) => callable.clone_ref(py),
            Shown::Bars { rules, bar } => match bar {
                Some(bar) => bar.clone_ref(py),
                None => {
                    let name = format!("{} {rules}", progress.stage.name());
                    let made = py
                        .import("bagh._progress")?
                        .getattr("Bar")?
                        .call1((name,))?
                        .unbind();
                    bar.insert(made).clone_ref(py)
                }
            },
        };
        self.last = Some(progress);
        target
            .call1(py, (progress.done, progress.total))
            .map(|_| ())
    }

    /// Ends the display of the stage at hand: after a build that went
    /// through, its last report need not reach the total, so say it did;
    /// bagh's own bar is closed.
    pub fn finish(&mut self, py: Python<'_>, went_through: bool) -> PyResult<()> {
        let Some(last) = self.last.take() else {
            return Ok(());
        };
        let mut result = Ok(());
        if went_through && last.done < last.total {
            let full = BuildProgress {
                done: last.total,
                ..last
            };
            result = self.report(py, full);
            self.last = None;
        }
        if let Shown::Bars { bar, .. } = &mut self.shown {
            if let Some(bar) = bar.take() {
                let closed = bar.call_method0(py, "close").map(|_| ());
                result = result.and(closed);
            }
        }
        result
    }
}
