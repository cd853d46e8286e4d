//! `bagh.puzzles`: verified puzzles from the tables, as the dicts of the
//! JSON file `bagh puzzles` writes.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use bagh_engine::puzzles::{generate, GenerateError, PuzzleOptions};

use super::error::engine_error;
use crate::tablebase::{tablebase_error, PyTablebase};

/// Positions of seeded engine games where exactly one legal move keeps the
/// value, each a dict: `rules`, `moves` (from the start), `position`,
/// `keeps` ("win" or "draw"), `solution`, `refutations` (the tempting
/// wrong moves: `move`, `outcome`, `line` of perfect play), `depth` (the
/// search depth that finds the solution, or None), `nodes`, `difficulty`
/// (1 to 5) and `tags`. Fewer than `count` when the games held no more.
/// The tables ignore a game's history: under `forbidden` repetition a
/// "draw" may be more.
#[pyfunction]
#[pyo3(signature = (tablebase, *, count = 20, seed = 1, max_depth = 10))]
pub fn puzzles<'py>(
    py: Python<'py>,
    tablebase: PyRef<'py, PyTablebase>,
    count: usize,
    seed: u64,
    max_depth: u32,
) -> PyResult<Bound<'py, PyAny>> {
    let tables = tablebase.shared();
    let options = PuzzleOptions {
        count,
        seed,
        max_depth,
        ..PuzzleOptions::default()
    };
    let found = py.detach(|| generate(&tables, &options, |_| {}));
    let puzzles = found.map_err(|error| match error {
        GenerateError::InvalidOption { .. } => PyValueError::new_err(error.to_string()),
        GenerateError::Tables(error) => tablebase_error(error),
        GenerateError::Engine(error) => engine_error(py, error),
        other => PyValueError::new_err(other.to_string()),
    })?;
    let text = serde_json::to_string(&puzzles).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (text,))
}
