//! The `bagh._bagh` extension module: bagh-core's rules, bagh-tablebase's
//! tables and bagh-engine's search for Python.
//!
//! The logic lives in `bagh-core`, `bagh-tablebase` and `bagh-engine`; these wrappers
//! convert arguments, name things the Python way, and turn the libraries'
//! error values into exceptions.
//! Nothing here panics on bad input: every fallible call returns an error.

// The method names are the Python API's (`from_point`, `to_text`, ...).
#![allow(clippy::wrong_self_convention)]

use pyo3::prelude::*;

mod convert;
mod engine;
mod errors;
mod game;
mod interop;
mod json;
mod moves;
mod outcome;
mod playout;
mod position;
mod records;
mod rl;
mod ruleset;
mod svg;
mod tablebase;

#[pymodule]
fn _bagh(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    add_part(m, "_errors", errors::register)?;
    m.add_class::<ruleset::PyRuleset>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<outcome::PyOutcome>()?;
    m.add_class::<position::PyPosition>()?;
    m.add_class::<game::PyGame>()?;
    m.add_function(wrap_pyfunction!(playout::random_games, m)?)?;
    m.add_function(wrap_pyfunction!(svg::svg, m)?)?;
    add_part(m, "_records", |part| {
        part.add_class::<records::PyRecord>()?;
        part.add_class::<records::PyRecordIterator>()?;
        part.add_function(wrap_pyfunction!(records::read_records, part)?)?;
        part.add_function(wrap_pyfunction!(records::read_records_text, part)?)?;
        part.add_function(wrap_pyfunction!(interop::baghchal_read_game, part)?)?;
        part.add_function(wrap_pyfunction!(interop::baghchal_write_game, part)?)?;
        part.add_function(wrap_pyfunction!(interop::baghchal_read_position, part)?)?;
        part.add_function(wrap_pyfunction!(interop::baghchal_write_position, part)?)?;
        part.add_function(wrap_pyfunction!(
            interop::baghchal_is_repetition_draw,
            part
        )?)?;
        Ok(())
    })?;
    add_part(m, "_tablebase", tablebase::register)?;
    add_part(m, "_engine", engine::register)?;
    // Not re-exported: `bagh.rl` is a package of its own.
    add_submodule(m, "_rl", rl::register)?;
    Ok(())
}

/// Fills the submodule `bagh._bagh.<name>` with `fill` and re-exports its
/// contents from `bagh._bagh`. The parts exist so that the type stubs can
/// describe the module one part per file, each checked against the part it
/// describes; users import everything from `bagh`.
fn add_part(
    parent: &Bound<'_, PyModule>,
    name: &str,
    fill: impl FnOnce(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let part = add_submodule(parent, name, fill)?;
    for (key, value) in part.dict().iter() {
        let key: String = key.extract()?;
        if !key.starts_with("__") {
            parent.add(key.as_str(), value)?;
        }
    }
    Ok(())
}

/// Fills the submodule `bagh._bagh.<name>` with `fill` and makes it
/// importable by that name, without re-exporting its contents.
fn add_submodule<'py>(
    parent: &Bound<'py, PyModule>,
    name: &str,
    fill: impl FnOnce(&Bound<'py, PyModule>) -> PyResult<()>,
) -> PyResult<Bound<'py, PyModule>> {
    let py = parent.py();
    let qualified = format!("bagh._bagh.{name}");
    let part = PyModule::new(py, &qualified)?;
    fill(&part)?;
    // Importable by its name, as a submodule of a package would be (and not
    // an attribute of `_bagh`, whose names are the public ones).
    py.import("sys")?
        .getattr("modules")?
        .set_item(qualified, &part)?;
    Ok(part)
}
