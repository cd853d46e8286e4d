//! `bagh.EngineError`, and the exception of each of the library's errors.

use bagh_engine::EngineError as LibraryError;
use pyo3::create_exception;
use pyo3::prelude::*;

use crate::errors::BaghError;
use crate::outcome::PyOutcome;

create_exception!(
    bagh,
    EngineError,
    BaghError,
    "A search that cannot start, or an engine that cannot be made: an option \
     out of range, a search without a limit, a game that is over, a game or \
     tables under another rule set than the engine's."
);

/// The exception of a library error; a game that is over carries its
/// outcome as the attribute `outcome`.
pub fn engine_error(py: Python<'_>, error: LibraryError) -> PyErr {
    let exception = EngineError::new_err(error.to_string());
    if let LibraryError::GameOver { outcome } = error {
        // Setting an attribute on a fresh exception cannot fail in practice;
        // if it did, the exception is still the right one.
        let _ = exception
            .value(py)
            .setattr("outcome", PyOutcome(outcome).into_pyobject(py).ok());
    }
    exception
}

/// An `EngineError` about the argument `name`.
pub fn argument_error(name: &str, reason: impl std::fmt::Display) -> PyErr {
    EngineError::new_err(format!("{name}: {reason}"))
}
