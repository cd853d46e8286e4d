//! The exception classes and the conversion of the core's error values.
//!
//! Every exception subclasses `bagh.BaghError`, itself a `ValueError`; the
//! messages are the core's `Display` texts, which quote the offending text (and
//! for a move, the position string).

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    bagh,
    BaghError,
    PyValueError,
    "The base of every bagh error; a subclass of ValueError."
);
create_exception!(
    bagh,
    ParseError,
    BaghError,
    "A point, move, position string, rule-set text or game record that cannot be read."
);
create_exception!(
    bagh,
    IllegalMoveError,
    BaghError,
    "A move that cannot be played in the position (or game) at hand."
);
create_exception!(
    bagh,
    RulesetError,
    BaghError,
    "Rule-set fields that do not make a valid rule set."
);

/// A text that could not be read; a rule-set text whose fields read but do
/// not make a valid rule set is a `RulesetError`.
pub fn parse_error(error: bagh_core::ParseError) -> PyErr {
    match error.kind() {
        bagh_core::ParseErrorKind::Ruleset(_) => RulesetError::new_err(error.to_string()),
        _ => ParseError::new_err(error.to_string()),
    }
}

pub fn illegal_move(error: bagh_core::IllegalMoveError) -> PyErr {
    IllegalMoveError::new_err(error.to_string())
}

pub fn ruleset_error(error: bagh_core::RulesetError) -> PyErr {
    RulesetError::new_err(error.to_string())
}

pub fn record_error(error: bagh_core::RecordError) -> PyErr {
    match error.kind() {
        bagh_core::RecordErrorKind::IllegalMove(_) => IllegalMoveError::new_err(error.to_string()),
        bagh_core::RecordErrorKind::Rules(inner)
            if matches!(inner.kind(), bagh_core::ParseErrorKind::Ruleset(_)) =>
        {
            RulesetError::new_err(error.to_string())
        }
        _ => ParseError::new_err(error.to_string()),
    }
}
