//! Arguments that accept either a bagh object or its text form.

use bagh_core::{Move, Point, Ruleset};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use crate::errors::parse_error;
use crate::moves::PyMove;
use crate::ruleset::PyRuleset;

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// A `Ruleset`, a preset id or a rule set's text form.
pub fn to_rules(obj: &Bound<'_, PyAny>) -> PyResult<Ruleset> {
    if let Ok(rules) = obj.cast::<PyRuleset>() {
        return Ok(rules.get().0);
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse::<Ruleset>().map_err(parse_error);
    }
    Err(PyTypeError::new_err(format!(
        "rules: expected a Ruleset or a preset id, got {}",
        type_name(obj)
    )))
}

/// A `Move` or a move's text.
pub fn to_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = obj.cast::<PyMove>() {
        return Ok(mv.get().0);
    }
    if let Ok(text) = obj.extract::<String>() {
        return text.parse::<Move>().map_err(parse_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Move or a move's text, got {}",
        type_name(obj)
    )))
}

/// A point's name.
pub fn to_point(text: &str) -> PyResult<Point> {
    text.parse::<Point>().map_err(parse_error)
}

/// Point names in board order (`a1`, `b1`, ..., `e5`).
pub fn point_names(points: bagh_core::PointSet) -> Vec<String> {
    points.iter().map(|p| p.to_string()).collect()
}

/// The Python name of a side: `"goat"` or `"tiger"`.
pub fn side_name(side: bagh_core::Side) -> &'static str {
    side.name()
}
