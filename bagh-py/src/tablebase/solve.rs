//! `solve`: the value of a position with goats in hand by the library's
//! alpha-beta search (`PlacementSolver`) down to the movement table, for
//! tables without the placement layers. It runs without the GIL, in
//! stretches of nodes with Ctrl-C checked between them.

use bagh_core::Position;
use bagh_tablebase::{MovementTable, PlacementSolver, Probe, TablebaseError as LibraryError};
use pyo3::prelude::*;

use super::error::tablebase_error;

/// Nodes searched in one stretch without the GIL (the first stretch).
const STRETCH: u64 = 1 << 22;

/// The probe of `position` under perfect play by `PlacementSolver::probe`
/// (the movement table's answer with no goats in hand), with a
/// transposition table of `2**tt_log2` entries. With `node_limit`,
/// `TablebaseError` after about that many nodes.
pub fn solve(
    py: Python<'_>,
    movement: &MovementTable,
    position: Position,
    tt_log2: u32,
    node_limit: Option<u64>,
) -> PyResult<Probe> {
    let mut solver = py
        .detach(|| PlacementSolver::new(movement, tt_log2))
        .map_err(tablebase_error)?;
    // The search runs in stretches of nodes; one cut short by its stretch is
    // searched again from the start, and finds the subtrees it finished in
    // its transposition table, so a stretch searched again costs little.
    // Stretches grow with the nodes searched (by 1/64), so that a search
    // always ends; between stretches Ctrl-C is checked, so that a long
    // search stops within one stretch.
    loop {
        let stretch = STRETCH.max(solver.nodes() / 64);
        let mut limit = solver.nodes().saturating_add(stretch);
        if let Some(cap) = node_limit {
            limit = limit.min(cap);
        }
        solver.set_node_limit(limit);
        let (result, back) = py.detach(move || {
            let mut solver = solver;
            (solver.probe(&position), solver)
        });
        solver = back;
        match result {
            Ok(probe) => return Ok(probe),
            Err(LibraryError::SearchLimit { .. }) if node_limit.is_none_or(|cap| limit < cap) => {
                py.check_signals()?;
            }
            Err(e) => return Err(tablebase_error(e)),
        }
    }
}
