//! `bagh.rl` for Python (the part `bagh._bagh._rl`, re-exported by the
//! package `bagh.rl`): actions, masks, observations, symmetries, sampled
//! positions, `VecEnv`, and their exceptions.
//!
//! The modules, one concept each:
//!
//! - `error`: `RLError`, `ActionError` and the conversion of the library's errors;
//! - `arrays`: boards given as a `Position` or a `Game`, arrays made or handed in;
//! - `functions`: the module's functions;
//! - `vec_env`: `VecEnv`;
//! - `mcts`: `MCTS`;
//! - `network_evaluator`: `NetworkEvaluator`, the engine's network for `MCTS`;
//! - `benchmark`: `evaluate` (whole or a part) and `critical_positions`: agents scored against perfect play;
//! - `report`: `AgentReport` and `Rate`, a report merged from parts;
//! - `report_state`: an `AgentReport`'s pickled form.

use bagh_rl::{NUM_ACTIONS, OBSERVATION_SHAPE};
use pyo3::prelude::*;

mod arrays;
mod benchmark;
mod error;
mod functions;
mod mcts;
mod network_evaluator;
mod report;
mod report_state;
mod vec_env;

/// Adds the functions, classes, constants and exceptions of `bagh.rl`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("RLError", py.get_type::<error::RLError>())?;
    m.add("ActionError", py.get_type::<error::ActionError>())?;
    for attribute in error::ACTION_ATTRIBUTES {
        m.getattr("ActionError")?.setattr(attribute, py.None())?;
    }
    m.add("NUM_ACTIONS", NUM_ACTIONS)?;
    let [planes, ranks, files] = OBSERVATION_SHAPE;
    m.add("OBSERVATION_SHAPE", (planes, ranks, files))?;
    m.add_function(wrap_pyfunction!(functions::encode, m)?)?;
    m.add_function(wrap_pyfunction!(functions::decode, m)?)?;
    m.add_function(wrap_pyfunction!(functions::legal_mask, m)?)?;
    m.add_function(wrap_pyfunction!(functions::observation, m)?)?;
    m.add_function(wrap_pyfunction!(functions::legal_masks, m)?)?;
    m.add_function(wrap_pyfunction!(functions::observations, m)?)?;
    m.add_function(wrap_pyfunction!(functions::symmetry_maps, m)?)?;
    m.add_function(wrap_pyfunction!(functions::sample_positions, m)?)?;
    m.add_function(wrap_pyfunction!(functions::pack, m)?)?;
    m.add_function(wrap_pyfunction!(functions::unpack, m)?)?;
    m.add_class::<vec_env::PyVecEnv>()?;
    m.add_class::<mcts::PyMcts>()?;
    m.add_class::<network_evaluator::PyNetworkEvaluator>()?;
    m.add_function(wrap_pyfunction!(benchmark::evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(benchmark::critical_positions, m)?)?;
    m.add_function(wrap_pyfunction!(benchmark::_split_parts, m)?)?;
    m.add_class::<report::PyRate>()?;
    m.add_class::<report::PyAgentReport>()?;
    m.add_function(wrap_pyfunction!(report_state::_agent_report_from_state, m)?)?;
    Ok(())
}
