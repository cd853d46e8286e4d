//! The `bagh._bagh` extension module: bagh-core's rules and bagh-tablebase's
//! tables for Python.
//!
//! The logic lives in `bagh-core` and `bagh-tablebase`; these wrappers
//! convert arguments, name things the Python way, and turn the libraries'
//! error values into exceptions.
//! Nothing here panics on bad input: every fallible call returns an error.

// The method names are the Python API's (`from_point`, `to_text`, ...).
#![allow(clippy::wrong_self_convention)]

use pyo3::prelude::*;

mod convert;
mod errors;
mod game;
mod interop;
mod json;
mod moves;
mod outcome;
mod playout;
mod position;
mod records;
mod ruleset;
mod svg;
mod tablebase;

#[pymodule]
fn _bagh(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    errors::register(m)?;
    m.add_class::<ruleset::PyRuleset>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(playout::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(svg::svg, m)?)?;
    m.add_class::<records::PyRecord>()?;
    m.add_class::<records::PyRecordIterator>()?;
    m.add_function(wrap_pyfunction!(records::read_records, m)?)?;
    m.add_function(wrap_pyfunction!(records::read_records_text, m)?)?;
    m.add_function(wrap_pyfunction!(interop::baghchal_read_game, m)?)?;
    m.add_function(wrap_pyfunction!(interop::baghchal_write_game, m)?)?;
    m.add_function(wrap_pyfunction!(interop::baghchal_read_position, m)?)?;
    m.add_function(wrap_pyfunction!(interop::baghchal_write_position, m)?)?;
    m.add_function(wrap_pyfunction!(interop::baghchal_is_repetition_draw, m)?)?;
    tablebase::register(m)?;
    Ok(())
}
