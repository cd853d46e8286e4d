//! JSON for Python: the shapes of bagh-core's `serde` feature (docs/json.md).

use pyo3::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::errors::json_error;

/// `value` as compact JSON.
pub fn to_json<T: Serialize>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(json_error)
}

/// A value read from JSON; a `ParseError` with the line and column otherwise.
pub fn from_json<T: DeserializeOwned>(text: &str) -> PyResult<T> {
    serde_json::from_str(text).map_err(json_error)
}
