//! The formats of the `baghchal` package (bagh-core's `interop::baghchal`),
//! wrapped by the Python module `bagh.interop.baghchal`.

use bagh_core::interop::baghchal;
use bagh_core::Ruleset;
use pyo3::prelude::*;

use crate::convert::to_rules;
use crate::errors::baghchal_error;
use crate::game::PyGame;
use crate::position::PyPosition;

fn rules_or_default(rules: Option<&Bound<'_, PyAny>>) -> PyResult<Ruleset> {
    rules.map_or_else(|| Ok(baghchal::rules()), to_rules)
}

/// Reads the package's game text under `rules` (its own rules,
/// bagh-chal-blocked-loses, if None).
#[pyfunction]
#[pyo3(signature = (text, rules = None))]
pub fn baghchal_read_game(text: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
    baghchal::read_game(text, rules_or_default(rules)?)
        .map(PyGame)
        .map_err(baghchal_error)
}

/// Writes a game as the package's game text.
#[pyfunction]
pub fn baghchal_write_game(game: PyRef<'_, PyGame>) -> PyResult<String> {
    baghchal::write_game(&game.0).map_err(baghchal_error)
}

/// Reads the package's position string: the position and its goat plies.
#[pyfunction]
#[pyo3(signature = (text, rules = None))]
pub fn baghchal_read_position(
    text: &str,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<(PyPosition, u32)> {
    baghchal::read_position(text, rules_or_default(rules)?)
        .map(|read| (PyPosition(read.position), read.goat_plies))
        .map_err(baghchal_error)
}

/// Writes a position as the package's position string.
#[pyfunction]
#[pyo3(signature = (position, goat_plies = None))]
pub fn baghchal_write_position(position: PyRef<'_, PyPosition>, goat_plies: Option<u32>) -> String {
    baghchal::write_position(&position.0, goat_plies)
}

/// Whether the package's repetition rule ends the game at its board.
#[pyfunction]
pub fn baghchal_is_repetition_draw(game: PyRef<'_, PyGame>) -> bool {
    baghchal::is_repetition_draw(&game.0)
}
