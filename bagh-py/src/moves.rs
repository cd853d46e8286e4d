//! `bagh.Move`.

use bagh_core::Move;
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};
use pyo3::IntoPyObjectExt;

use crate::errors::parse_error;

/// A move: a placement `c3`, a step or slide `a1a2`, or a capture `a1xa3`.
///
/// A move equals its text (`Move("c3") == "c3"`), and hashes as it, so that
/// `"c3" in position.legal_moves()` works and moves and texts mix in sets.
#[pyclass(name = "Move", module = "bagh", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    /// Reads a move's text, like `Move.from_text`.
    #[new]
    fn new(text: &str) -> PyResult<PyMove> {
        PyMove::from_text(text)
    }

    /// Reads `c3`, `a1a2` or `a1xa3`.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<PyMove> {
        text.parse::<Move>().map(PyMove).map_err(parse_error)
    }

    /// `"place"`, `"step"` (a slide too) or `"capture"`.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind().name()
    }

    /// The point the piece leaves; `None` for a placement.
    #[getter]
    fn from_point(&self) -> Option<String> {
        self.0.from_point().map(|p| p.to_string())
    }

    /// The point the piece ends on.
    #[getter]
    fn to_point(&self) -> String {
        self.0.to_point().to_string()
    }

    /// The captured goat's point; `None` unless a capture.
    #[getter]
    fn over_point(&self) -> Option<String> {
        self.0.over_point().map(|p| p.to_string())
    }

    /// This value as JSON: its text forms and fields, as `from_json` reads them
    /// (the form the Rust crates write with their `serde` feature).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A value read from the JSON `to_json` writes; `ParseError` with the line
    /// and column of the JSON otherwise.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyMove> {
        crate::json::from_json::<bagh_core::Move>(text).map(PyMove)
    }

    /// Moves compare with moves (in the order of the core type) and, for
    /// `==` and `!=`, with their text.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(other) = other.cast::<PyMove>() {
            return op.matches(self.0.cmp(&other.get().0)).into_py_any(py);
        }
        if let Ok(text) = other.cast::<PyString>() {
            let same = *text.to_cow()? == *self.0.to_string();
            return match op {
                CompareOp::Eq => same.into_py_any(py),
                CompareOp::Ne => (!same).into_py_any(py),
                _ => Ok(py.NotImplemented()),
            };
        }
        Ok(py.NotImplemented())
    }

    /// The hash of the move's text, since a move equals its text.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.0.to_string()).hash()
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        (slf.get_type(), (slf.get().0.to_string(),)).into_pyobject(slf.py())
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}
