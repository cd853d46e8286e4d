//! `Tablebase.probe_many`: the values and distances of many positions, as
//! numpy arrays, from a list of positions or an array of packed codes.

use bagh_core::{Position, Ruleset};
use bagh_tablebase::Tablebase;
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::arguments::to_position;
use super::error::{tablebase_error, TablebaseError};
use crate::errors::setup_error;

/// What `probe_many` answers: the values and the distances.
pub type Labels<'py> = (Bound<'py, PyArray1<i8>>, Bound<'py, PyArray1<i16>>);

/// The positions given: an array of `bagh.rl.pack` codes (uint64), or a
/// sequence of `Position` objects or position strings.
pub fn positions(positions: &Bound<'_, PyAny>, rules: &Ruleset) -> PyResult<Vec<Position>> {
    if let Ok(array) = positions.cast::<PyUntypedArray>() {
        let Ok(codes) = array.cast::<PyArray1<u64>>() else {
            return Err(TablebaseError::new_err(format!(
                "positions: an array must hold bagh.rl.pack codes (uint64, one dimension), got {} of shape {:?}",
                array.dtype(),
                array.shape()
            )));
        };
        let codes = codes
            .to_vec()
            .map_err(|e| TablebaseError::new_err(e.to_string()))?;
        return codes
            .into_iter()
            .map(|code| bagh_rl::unpack(code, *rules).map_err(setup_error))
            .collect();
    }
    positions
        .try_iter()?
        .map(|item| to_position(&item?, rules))
        .collect()
}

/// Probes `positions` without the GIL: `(values, distances)`.
pub fn probe_many<'py>(
    py: Python<'py>,
    tables: &Tablebase,
    positions: &[Position],
) -> PyResult<Labels<'py>> {
    let mut values = vec![0i8; positions.len()];
    let mut distances = vec![0i16; positions.len()];
    py.detach(|| bagh_rl::probe_many(tables, positions, &mut values, &mut distances))
        .map_err(|(index, error)| {
            let error = tablebase_error(error);
            if error.is_instance_of::<TablebaseError>(py) {
                TablebaseError::new_err(format!("positions[{index}]: {}", error.value(py)))
            } else {
                error // a file that cannot be read: its OSError
            }
        })?;
    Ok((
        PyArray1::from_vec(py, values),
        PyArray1::from_vec(py, distances),
    ))
}
