//! What the table classes share in their arguments: positions given as a
//! `Position` or a position string, and when a call lets other Python
//! threads run.

use bagh_core::{Position, Ruleset};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::errors::parse_error;
use crate::position::PyPosition;

/// A `Position`, or a position string read under `rules` (a table's).
pub fn to_position(position: &Bound<'_, PyAny>, rules: &Ruleset) -> PyResult<Position> {
    if let Ok(position) = position.cast::<PyPosition>() {
        return Ok(position.get().0);
    }
    if let Ok(text) = position.extract::<String>() {
        return Position::from_text(&text, *rules).map_err(parse_error);
    }
    Err(PyTypeError::new_err(format!(
        "position: expected a Position or a position string, got {}",
        position.get_type().name()?
    )))
}

/// Runs `work` without the GIL when `reads_files`, else holding it.
///
/// A probe of the placement layers from their files reads the disk (or the
/// page cache) for every goats-to-move position it looks at, a few
/// microseconds each: it lets other Python threads run meanwhile, so that
/// threads probing one table read in parallel (the library reads the files
/// by position, without a lock). A probe answered from memory (the
/// movement table, or placement layers after `load`) takes well under a
/// microsecond, less than releasing and taking back the GIL would cost:
/// it keeps the GIL.
pub fn detach_if<T, F>(py: Python<'_>, reads_files: bool, work: F) -> T
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    if reads_files {
        py.detach(work)
    } else {
        work()
    }
}
