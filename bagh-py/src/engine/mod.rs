//! The engine of `bagh-engine` for Python: `bagh.Engine`, the `bagh.Score`,
//! `bagh.Analysis`, `bagh.Line` and `bagh.Progress` it answers, and
//! `bagh.EngineError`.
//!
//! The modules, one concept each:
//!
//! - `error`: the exception and the conversion of the library's errors;
//! - `score`: `Score`;
//! - `analysis`: `Analysis`, `Line` and `Progress`;
//! - `search`: a search on a thread of its own without the GIL, progress
//!   handed to Python on the calling thread, Ctrl-C;
//! - `class`: `Engine`, its options and arguments.

use pyo3::prelude::*;

mod analysis;
mod class;
mod error;
mod score;
mod search;

/// Adds the engine classes and `EngineError` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("EngineError", py.get_type::<error::EngineError>())?;
    m.getattr("EngineError")?.setattr("outcome", py.None())?;
    m.add_class::<score::PyScore>()?;
    m.add_class::<analysis::PyLine>()?;
    m.add_class::<analysis::PyAnalysis>()?;
    m.add_class::<analysis::PyProgress>()?;
    m.add_class::<class::PyEngine>()?;
    Ok(())
}
