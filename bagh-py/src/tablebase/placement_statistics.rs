//! `bagh.PlacementStatistics` and `bagh.PlacementLayerStatistics`: the
//! counts of the placement layers.

use std::hash::{Hash, Hasher};

use bagh_tablebase::{PlacementLayerStatistics, PlacementStatistics};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

/// The counts of the goats-to-move positions with one number of goats
/// placed and captured, up to symmetry: how many the goats win, draw and
/// lose.
#[pyclass(name = "PlacementLayerStatistics", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPlacementLayerStatistics(pub PlacementLayerStatistics);

/// Hashes every field of a layer's counts (the library's type has no `Hash`).
fn hash_layer<H: Hasher>(s: &PlacementLayerStatistics, state: &mut H) {
    (s.placed, s.captured, s.positions, s.wins, s.draws, s.losses).hash(state);
}

/// Hashes every field of the layers' counts.
pub fn hash_statistics<H: Hasher>(s: &PlacementStatistics, state: &mut H) {
    s.positions.hash(state);
    for layer in &s.layers {
        hash_layer(layer, state);
    }
}

impl Hash for PyPlacementLayerStatistics {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_layer(&self.0, state);
    }
}

#[pymethods]
impl PyPlacementLayerStatistics {
    #[new]
    fn new(
        placed: u8,
        captured: u8,
        positions: u64,
        wins: u64,
        draws: u64,
        losses: u64,
    ) -> PyPlacementLayerStatistics {
        PyPlacementLayerStatistics(PlacementLayerStatistics {
            placed,
            captured,
            positions,
            wins,
            draws,
            losses,
        })
    }

    /// Goats placed.
    #[getter]
    fn placed(&self) -> u8 {
        self.0.placed
    }

    /// Goats captured.
    #[getter]
    fn captured(&self) -> u8 {
        self.0.captured
    }

    /// Positions up to symmetry, the goats to move.
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions
    }

    /// Positions the goats (to move) win.
    #[getter]
    fn wins(&self) -> u64 {
        self.0.wins
    }

    /// Drawn positions.
    #[getter]
    fn draws(&self) -> u64 {
        self.0.draws
    }

    /// Positions the goats lose.
    #[getter]
    fn losses(&self) -> u64 {
        self.0.losses
    }

    fn __repr__(&self) -> String {
        let s = &self.0;
        format!(
            "PlacementLayerStatistics(placed={}, captured={}, positions={}, wins={}, \
             draws={}, losses={})",
            s.placed, s.captured, s.positions, s.wins, s.draws, s.losses
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let s = &slf.get().0;
        let fields = (s.placed, s.captured, s.positions, s.wins, s.draws, s.losses);
        (slf.get_type(), fields).into_pyobject(slf.py())
    }
}

/// The counts of all the placement layers: `layers`, by goats placed, then
/// goats captured, and `positions`, their sum.
#[pyclass(name = "PlacementStatistics", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyPlacementStatistics(pub PlacementStatistics);

impl Hash for PyPlacementStatistics {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_statistics(&self.0, state);
    }
}

#[pymethods]
impl PyPlacementStatistics {
    #[new]
    fn new(
        layers: Vec<PyRef<'_, PyPlacementLayerStatistics>>,
        positions: u64,
    ) -> PyPlacementStatistics {
        PyPlacementStatistics(PlacementStatistics {
            layers: layers.iter().map(|layer| layer.0.clone()).collect(),
            positions,
        })
    }

    /// One entry per number of goats placed and captured, in that order.
    #[getter]
    fn layers(&self) -> Vec<PyPlacementLayerStatistics> {
        self.0
            .layers
            .iter()
            .cloned()
            .map(PyPlacementLayerStatistics)
            .collect()
    }

    /// Positions up to symmetry, in all (the goats to move).
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let layers = slf.getattr("layers")?.repr()?;
        Ok(format!(
            "PlacementStatistics(layers={layers}, positions={})",
            slf.get().0.positions
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let layers = PyList::new(py, slf.get().layers())?;
        (slf.get_type(), (layers, slf.get().0.positions)).into_pyobject(py)
    }
}
