//! The tables of `bagh-tablebase` for Python: `bagh.Tablebase` (one rule
//! set's directory, one probe for any position), `bagh.MovementTable`,
//! `bagh.PlacementTable`, the `bagh.Probe` they answer, their typed
//! statistics and `bagh.TablebaseError`.
//!
//! The modules, one concept each:
//!
//! - `error`: the exception and the conversion of the library's errors;
//! - `probe`: `Probe`; `game_probe`: `GameProbe`, the value of a game
//!   with its history;
//! - `arguments`: positions given as a `Position` or a string, and when a
//!   probe lets other Python threads run;
//! - `progress` and `build`: builds on a thread of their own without the
//!   GIL, their reports handed to Python on the calling thread, Ctrl-C;
//! - `probe_many`: many probes at once, into numpy arrays;
//! - `solve`: the placement search in stretches, with Ctrl-C between them;
//! - `movement`, `placement`, `directory`: the three table classes;
//! - `movement_statistics`, `placement_statistics`, `statistics`: what
//!   their `statistics()` return.

use pyo3::prelude::*;

mod arguments;
mod build;
mod directory;
mod error;
mod game_probe;
mod movement;
mod movement_statistics;
mod placement;
mod placement_statistics;
mod probe;
mod probe_many;
mod progress;
mod solve;
mod statistics;

pub use directory::PyTablebase;
pub use error::tablebase_error;

/// Adds the tablebase classes and `TablebaseError` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("TablebaseError", py.get_type::<error::TablebaseError>())?;
    m.add_class::<probe::PyProbe>()?;
    m.add_class::<game_probe::PyGameProbe>()?;
    m.add_class::<directory::PyTablebase>()?;
    m.add_class::<movement::PyMovementTable>()?;
    m.add_class::<placement::PyPlacementTable>()?;
    m.add_class::<statistics::PyTablebaseStatistics>()?;
    m.add_class::<movement_statistics::PyMovementStatistics>()?;
    m.add_class::<movement_statistics::PyMovementLayerStatistics>()?;
    m.add_class::<placement_statistics::PyPlacementStatistics>()?;
    m.add_class::<placement_statistics::PyPlacementLayerStatistics>()?;
    Ok(())
}
