//! `bagh.Outcome`.

use bagh_core::{Outcome, Side, Termination};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::ParseError;

/// How a game ended: the winner (`None` for a draw) and the reason.
#[pyclass(name = "Outcome", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyOutcome(pub Outcome);

#[pymethods]
impl PyOutcome {
    #[new]
    #[pyo3(signature = (winner, reason))]
    fn new(winner: Option<&str>, reason: &str) -> PyResult<PyOutcome> {
        let winner = match winner {
            None => None,
            Some("goat") => Some(Side::Goat),
            Some("tiger") => Some(Side::Tiger),
            Some(other) => {
                return Err(ParseError::new_err(format!(
                    "winner: unexpected value {other:?}, expected \"goat\", \"tiger\" or None"
                )))
            }
        };
        let reason = Termination::from_name(reason).ok_or_else(|| {
            ParseError::new_err(format!(
                "reason: unexpected value {reason:?}, expected one of {}",
                Termination::ALL.map(|r| r.name()).join(", ")
            ))
        })?;
        Ok(PyOutcome(Outcome { winner, reason }))
    }

    /// `"goat"`, `"tiger"`, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.0.winner.map(Side::name)
    }

    /// `"captures"`, `"tigers-trapped"`, `"goats-blocked"`, `"repetition"` or `"no-progress"`.
    #[getter]
    fn reason(&self) -> &'static str {
        self.0.reason.name()
    }

    /// Whether the game was drawn.
    fn is_draw(&self) -> bool {
        self.0.is_draw()
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win) or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.0.result()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0.winner {
            Some(side) => format!(
                "Outcome(winner='{}', reason='{}')",
                side.name(),
                self.0.reason
            ),
            None => format!("Outcome(winner=None, reason='{}')", self.0.reason),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.winner(), this.reason())).into_pyobject(slf.py())
    }
}
