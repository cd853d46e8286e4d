//! `bagh.TablebaseStatistics`: the counts of a whole tablebase directory.

use std::hash::{Hash, Hasher};

use bagh_tablebase::Statistics;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::movement_statistics::{self, PyMovementStatistics};
use super::placement_statistics::{self, PyPlacementStatistics};

/// The counts of a tablebase: `movement`, the movement table's, and
/// `placement`, the placement layers' (None when they are not built).
#[pyclass(name = "TablebaseStatistics", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyTablebaseStatistics(pub Statistics);

impl Hash for PyTablebaseStatistics {
    fn hash<H: Hasher>(&self, state: &mut H) {
        movement_statistics::hash_statistics(&self.0.movement, state);
        if let Some(placement) = &self.0.placement {
            placement_statistics::hash_statistics(placement, state);
        }
    }
}

#[pymethods]
impl PyTablebaseStatistics {
    #[new]
    #[pyo3(signature = (movement, placement))]
    fn new(
        movement: PyRef<'_, PyMovementStatistics>,
        placement: Option<PyRef<'_, PyPlacementStatistics>>,
    ) -> PyTablebaseStatistics {
        PyTablebaseStatistics(Statistics {
            movement: movement.0.clone(),
            placement: placement.map(|p| p.0.clone()),
        })
    }

    /// The movement table's counts.
    #[getter]
    fn movement(&self) -> PyMovementStatistics {
        PyMovementStatistics(self.0.movement.clone())
    }

    /// The placement layers' counts, or None when they are not built.
    #[getter]
    fn placement(&self) -> Option<PyPlacementStatistics> {
        self.0.placement.clone().map(PyPlacementStatistics)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let movement = slf.getattr("movement")?.repr()?;
        let placement = slf.getattr("placement")?.repr()?;
        Ok(format!(
            "TablebaseStatistics(movement={movement}, placement={placement})"
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        (slf.get_type(), (this.movement(), this.placement())).into_pyobject(slf.py())
    }
}
