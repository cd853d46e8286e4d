//! `bagh.GameProbe`: the value of a game with its history
//! (`Tablebase.probe_game`).

use bagh_tablebase::GameProbe;
use pyo3::prelude::*;

use super::probe::PyProbe;

/// What `Tablebase.probe_game` answers: the tables' probe of the game's
/// position (as if it were new), and the value with the game's history
/// where it is proven (`proven`, else None). `value` is the proven value,
/// or else the tables'.
#[pyclass(name = "GameProbe", module = "bagh", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyGameProbe(pub GameProbe);

#[pymethods]
impl PyGameProbe {
    /// The tables' probe of the position, which ignores the history.
    #[getter]
    fn tables(&self) -> PyProbe {
        PyProbe(self.0.tables)
    }

    /// `"win"`, `"draw"` or `"loss"` for the side to move with the game's
    /// history, where proven (by the rules or by the search); None when the
    /// search ran out of nodes.
    #[getter]
    fn proven(&self) -> Option<&'static str> {
        self.0.proven.map(|v| v.name())
    }

    /// The proven value, or else the tables'.
    #[getter]
    fn value(&self) -> &'static str {
        self.0.value().name()
    }

    /// Positions the search visited.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    fn __repr__(&self) -> String {
        format!(
            "GameProbe(tables={}, proven={}, nodes={})",
            self.0.tables,
            self.0
                .proven
                .map_or("None".to_string(), |v| format!("'{v}'")),
            self.0.nodes
        )
    }
}
