//! The engine of `bagh-engine` for Python: `bagh.Engine`, the `bagh.Score`,
//! `bagh.Analysis`, `bagh.Line` and `bagh.Progress` it answers,
//! `bagh.EngineError`, and matches (`bagh.play_match`, `bagh.PerfectPlayer`).
//!
//! The modules, one concept each:
//!
//! - `error`: the exception and the conversion of the library's errors;
//! - `score`: `Score`;
//! - `analysis`: `Analysis`, `Line` and `Progress`;
//! - `search`: a search on a thread of its own without the GIL, progress
//!   handed to Python on the calling thread, Ctrl-C;
//! - `class`: `Engine`, its options and arguments;
//! - `evaluation`: the `evaluation` option and `Evaluation`;
//! - `perfect`: `PerfectPlayer`, the tables' perfect player;
//! - `matches`: `play_match`, `MatchResult` and `MatchError`;
//! - `puzzles`: `puzzles`, verified puzzles from the tables.

use pyo3::prelude::*;

mod analysis;
mod class;
mod error;
mod evaluation;
mod matches;
mod perfect;
mod puzzles;
mod score;
mod search;

/// Adds the engine classes and `EngineError` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<error::EngineError>())?;
    m.getattr("EngineError")?.setattr("outcome", py.None())?;
    m.add_class::<score::PyScore>()?;
    m.add_class::<score::PyPovScore>()?;
    m.add_class::<analysis::PyLine>()?;
    m.add_class::<analysis::PyAnalysis>()?;
    m.add_class::<analysis::PyProgress>()?;
    m.add_class::<class::PyEngine>()?;
    m.add_class::<evaluation::PyEvaluation>()?;
    m.add_class::<perfect::PyPerfectPlayer>()?;
    m.add_function(wrap_pyfunction!(puzzles::puzzles, m)?)?;
    m.add_class::<matches::PyMatchResult>()?;
    m.add("MatchError", py.get_type::<matches::MatchError>())?;
    m.getattr("MatchError")?.setattr("player", py.None())?;
    m.getattr("MatchError")?.setattr("round", py.None())?;
    m.add_function(wrap_pyfunction!(matches::play_match, m)?)?;
    Ok(())
}
