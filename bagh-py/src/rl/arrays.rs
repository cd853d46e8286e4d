//! What the functions of `bagh.rl` share: boards given as a `Position` or a
//! `Game`, and numpy arrays made here or handed in to be written.

use bagh_core::{Game, Position};
use numpy::{Element, PyArrayDyn, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

use super::error::rl_error;
use crate::game::PyGame;
use crate::position::PyPosition;

/// A board handed in: a position alone, or a game with its history.
pub enum Board<'a> {
    /// A `Position`.
    Position(&'a Position),
    /// A `Game`.
    Game(&'a Game),
}

/// Runs `work` on a `Position` or a `Game`.
pub fn with_board<T>(board: &Bound<'_, PyAny>, work: impl FnOnce(Board<'_>) -> T) -> PyResult<T> {
    if let Ok(position) = board.cast::<PyPosition>() {
        return Ok(work(Board::Position(&position.get().0)));
    }
    if let Ok(game) = board.cast::<PyGame>() {
        return Ok(work(Board::Game(&game.try_borrow()?.0)));
    }
    Err(PyTypeError::new_err(format!(
        "expected a Position or a Game, got {}",
        board.get_type().name()?
    )))
}

/// The dtype name numpy prints for `T`.
fn dtype_name<T: Element>(py: Python<'_>) -> String {
    T::get_dtype(py).to_string()
}

/// `out` if it is a writable C-contiguous array of `T` with `shape`, else a
/// new array of zeros with `shape`; an `out` that does not fit is an
/// `RLError` naming `name`.
pub fn output<'py, T: Element>(
    py: Python<'py>,
    name: &str,
    out: Option<&Bound<'py, PyAny>>,
    shape: &[usize],
) -> PyResult<Bound<'py, PyArrayDyn<T>>> {
    let Some(out) = out else {
        return Ok(PyArrayDyn::<T>::zeros(py, shape, false));
    };
    let Ok(untyped) = out.cast::<PyUntypedArray>() else {
        return Err(rl_error(
            name,
            format!("expected a numpy array, got {}", out.get_type().name()?),
        ));
    };
    let Ok(array) = out.cast::<PyArrayDyn<T>>() else {
        return Err(rl_error(
            name,
            format!(
                "expected dtype {}, got {}",
                dtype_name::<T>(py),
                untyped.dtype()
            ),
        ));
    };
    if array.shape() != shape {
        return Err(rl_error(
            name,
            format!("expected shape {shape:?}, got {:?}", array.shape()),
        ));
    }
    if !array.is_c_contiguous() {
        return Err(rl_error(name, "the array must be C-contiguous"));
    }
    Ok(array.clone())
}

/// Runs `fill` on the flat data of `array` (C-contiguous, as `output`
/// returns), or raises an `RLError` naming `name` if it cannot be written.
pub fn write_into<T: Element, R>(
    name: &str,
    array: &Bound<'_, PyArrayDyn<T>>,
    fill: impl FnOnce(&mut [T]) -> R,
) -> PyResult<R> {
    let mut guard = array
        .try_readwrite()
        .map_err(|e| rl_error(name, format!("the array cannot be written: {e}")))?;
    let slice = guard
        .as_slice_mut()
        .map_err(|e| rl_error(name, format!("the array cannot be written: {e}")))?;
    Ok(fill(slice))
}
