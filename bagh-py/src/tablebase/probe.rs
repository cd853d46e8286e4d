//! `bagh.Probe`: what every probe answers.

use bagh_tablebase::{Probe, Value};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::errors::ParseError;

/// The value of a probe: `"win"`, `"draw"` or `"loss"` for the side to move.
#[pyclass(name = "Probe", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyProbe(pub Probe);

/// The value named `"win"`, `"draw"` or `"loss"`.
fn parse_value(name: &str) -> PyResult<Value> {
    [Value::Win, Value::Draw, Value::Loss]
        .into_iter()
        .find(|value| value.name() == name)
        .ok_or_else(|| {
            ParseError::new_err(format!(
                "value: unexpected value {name:?}, expected \"win\", \"draw\" or \"loss\""
            ))
        })
}

#[pymethods]
impl PyProbe {
    /// A probe: `value` for the side to move, and `distance`, the plies to
    /// the end of the game under perfect play where known (`None` for a
    /// draw and for positions with goats in hand, 0 for a finished game).
    #[new]
    #[pyo3(signature = (value, distance = None))]
    fn new(value: &str, distance: Option<u16>) -> PyResult<PyProbe> {
        let value = parse_value(value)?;
        if let (Value::Draw, Some(distance)) = (value, distance) {
            return Err(ParseError::new_err(format!(
                "distance: a draw has no distance (None), not {distance}"
            )));
        }
        Ok(PyProbe(Probe::new(value, distance)))
    }

    /// `"win"`, `"draw"` or `"loss"` for the side to move.
    #[getter]
    fn value(&self) -> &'static str {
        self.0.value.name()
    }

    /// Plies to the end of the game under perfect play: the winner ends it
    /// as fast as it can, the loser holds out as long as it can. `None` for a
    /// draw and where the table stores values only (goats in hand), 0 for a
    /// finished game.
    #[getter]
    fn distance(&self) -> Option<u16> {
        self.0.distance
    }

    /// What the opponent faces after a move that keeps this value: the
    /// flipped value, one ply nearer the end.
    fn after_best_move(&self) -> PyProbe {
        PyProbe(self.0.after_best_move())
    }

    /// `win in 7`, `loss in 0`, `draw`, or `win` when the distance is unknown.
    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0.distance {
            Some(distance) => format!("Probe('{}', {distance})", self.0.value),
            None => format!("Probe('{}', None)", self.0.value),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let probe = slf.get().0;
        (slf.get_type(), (probe.value.name(), probe.distance)).into_pyobject(slf.py())
    }
}
