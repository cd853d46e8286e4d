//! `bagh.MovementStatistics` and `bagh.MovementLayerStatistics`: the counts
//! of a movement table.

use std::hash::{Hash, Hasher};

use bagh_core::Side;
use bagh_tablebase::{MovementLayerStatistics, MovementStatistics};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use crate::errors::ParseError;
use crate::position::PyPosition;

/// The counts of one layer (goats captured) and one side to move of a
/// movement table: positions up to symmetry, and the wins, draws and losses
/// of the side to move; `longest_win` is `(distance, position)` of a longest
/// win for the side to move, or None.
#[pyclass(name = "MovementLayerStatistics", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyMovementLayerStatistics(pub MovementLayerStatistics);

/// Hashes every field of a layer's counts (the library's type has no `Hash`).
fn hash_layer<H: Hasher>(s: &MovementLayerStatistics, state: &mut H) {
    (s.captured, s.side, s.positions, s.wins, s.draws, s.losses).hash(state);
    s.longest_win.hash(state);
}

/// Hashes every field of a table's counts.
pub fn hash_statistics<H: Hasher>(s: &MovementStatistics, state: &mut H) {
    s.positions.hash(state);
    for layer in &s.layers {
        hash_layer(layer, state);
    }
}

impl Hash for PyMovementLayerStatistics {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_layer(&self.0, state);
    }
}

/// The side named `"goat"` or `"tiger"`.
fn parse_side(name: &str) -> PyResult<Side> {
    [Side::Goat, Side::Tiger]
        .into_iter()
        .find(|side| side.name() == name)
        .ok_or_else(|| {
            ParseError::new_err(format!(
                "side: unexpected value {name:?}, expected \"goat\" or \"tiger\""
            ))
        })
}

#[pymethods]
impl PyMovementLayerStatistics {
    #[new]
    #[pyo3(signature = (captured, side, positions, wins, draws, losses, longest_win))]
    fn new(
        captured: u8,
        side: &str,
        positions: u64,
        wins: u64,
        draws: u64,
        losses: u64,
        longest_win: Option<(u16, PyRef<'_, PyPosition>)>,
    ) -> PyResult<PyMovementLayerStatistics> {
        Ok(PyMovementLayerStatistics(MovementLayerStatistics {
            captured,
            side: parse_side(side)?,
            positions,
            wins,
            draws,
            losses,
            longest_win: longest_win.map(|(distance, position)| (distance, position.0)),
        }))
    }

    /// Goats captured.
    #[getter]
    fn captured(&self) -> u8 {
        self.0.captured
    }

    /// The side to move: `"goat"` or `"tiger"`.
    #[getter]
    fn side(&self) -> &'static str {
        self.0.side.name()
    }

    /// Positions up to symmetry.
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions
    }

    /// Positions the side to move wins.
    #[getter]
    fn wins(&self) -> u64 {
        self.0.wins
    }

    /// Drawn positions.
    #[getter]
    fn draws(&self) -> u64 {
        self.0.draws
    }

    /// Positions the side to move loses.
    #[getter]
    fn losses(&self) -> u64 {
        self.0.losses
    }

    /// A longest win for the side to move: `(distance, position)`, or None
    /// when the side to move wins nowhere in the layer.
    #[getter]
    fn longest_win(&self) -> Option<(u16, PyPosition)> {
        self.0
            .longest_win
            .map(|(distance, position)| (distance, PyPosition(position)))
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let s = &slf.get().0;
        let longest = slf.getattr("longest_win")?.repr()?;
        Ok(format!(
            "MovementLayerStatistics(captured={}, side='{}', positions={}, wins={}, \
             draws={}, losses={}, longest_win={longest})",
            s.captured,
            s.side.name(),
            s.positions,
            s.wins,
            s.draws,
            s.losses
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let this = slf.get();
        let s = &this.0;
        let fields = (
            s.captured,
            s.side.name(),
            s.positions,
            s.wins,
            s.draws,
            s.losses,
            this.longest_win(),
        );
        (slf.get_type(), fields).into_pyobject(slf.py())
    }
}

/// The counts of a whole movement table: `layers`, one per captured count
/// and side to move (goats first), and `positions`, their sum.
#[pyclass(name = "MovementStatistics", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyMovementStatistics(pub MovementStatistics);

impl Hash for PyMovementStatistics {
    fn hash<H: Hasher>(&self, state: &mut H) {
        hash_statistics(&self.0, state);
    }
}

#[pymethods]
impl PyMovementStatistics {
    #[new]
    fn new(
        layers: Vec<PyRef<'_, PyMovementLayerStatistics>>,
        positions: u64,
    ) -> PyMovementStatistics {
        PyMovementStatistics(MovementStatistics {
            layers: layers.iter().map(|layer| layer.0.clone()).collect(),
            positions,
        })
    }

    /// One entry per captured count and side to move, goats first.
    #[getter]
    fn layers(&self) -> Vec<PyMovementLayerStatistics> {
        self.0
            .layers
            .iter()
            .cloned()
            .map(PyMovementLayerStatistics)
            .collect()
    }

    /// Positions up to symmetry, in all (both sides to move).
    #[getter]
    fn positions(&self) -> u64 {
        self.0.positions
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let layers = slf.getattr("layers")?.repr()?;
        Ok(format!(
            "MovementStatistics(layers={layers}, positions={})",
            slf.get().0.positions
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let layers = PyList::new(py, slf.get().layers())?;
        (slf.get_type(), (layers, slf.get().0.positions)).into_pyobject(py)
    }
}
