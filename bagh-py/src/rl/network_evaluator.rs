//! `bagh.rl.NetworkEvaluator`: the engine's evaluation network as an
//! evaluator for `MCTS` (values from the network, a uniform prior).

use std::sync::Arc;

use bagh_core::Ruleset;
use bagh_engine::network::Network;
use bagh_rl::{NetworkEvaluator, NUM_ACTIONS, OBSERVATION_SIZE};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::error::rl_error;
use crate::convert::to_rules;
use crate::ruleset::PyRuleset;

/// The evaluation network as an `MCTS` evaluator: called with
/// `(observations, masks)` it returns zero policy logits (a uniform prior
/// over the legal moves) and each observation's value for its side to
/// move, P(win) - P(loss) by the network.
#[pyclass(name = "NetworkEvaluator", module = "bagh.rl", frozen)]
pub struct PyNetworkEvaluator {
    evaluator: NetworkEvaluator,
}

#[pymethods]
impl PyNetworkEvaluator {
    /// The network shipped for `rules`, or the network file `network`.
    #[new]
    #[pyo3(signature = (rules = None, *, network = None))]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        network: Option<std::path::PathBuf>,
    ) -> PyResult<Self> {
        let rules: Ruleset = rules.map(to_rules).transpose()?.unwrap_or_default();
        let evaluator = match network {
            Some(path) => {
                let network = Network::open(&path).map_err(|e| rl_error("network", e))?;
                NetworkEvaluator::new(Arc::new(network), rules)
                    .map_err(|e| rl_error("network", e))?
            }
            None => NetworkEvaluator::shipped(rules).ok_or_else(|| {
                rl_error(
                    "rules",
                    format!("no network ships for rule set {rules}; give network=PATH"),
                )
            })?,
        };
        Ok(PyNetworkEvaluator { evaluator })
    }

    /// The rule set of the observations.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(*self.evaluator.rules())
    }

    /// `(policy_logits, values)` for a batch: float32 `(k, NUM_ACTIONS)`
    /// zeros and float32 `(k,)` values from -1 to 1.
    fn __call__<'py>(
        &self,
        py: Python<'py>,
        observations: &Bound<'py, PyAny>,
        masks: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let numpy = py.import("numpy")?;
        let obs = numpy.call_method1("ascontiguousarray", (observations, "float32"))?;
        let obs = obs
            .cast::<PyArrayDyn<f32>>()
            .map_err(|_| rl_error("observations", "not an array of numbers"))?;
        let k = obs.shape().first().copied().unwrap_or(0);
        if obs.len() != k * OBSERVATION_SIZE {
            return Err(rl_error(
                "observations",
                format!("expected shape (k, 11, 5, 5), got {:?}", obs.shape()),
            ));
        }
        let mask_shape: Vec<usize> = masks.getattr("shape")?.extract()?;
        if mask_shape != [k, NUM_ACTIONS] {
            return Err(rl_error(
                "masks",
                format!("expected shape ({k}, {NUM_ACTIONS}), got {mask_shape:?}"),
            ));
        }
        let data = obs.to_vec().map_err(|e| rl_error("observations", e))?;
        let evaluator = &self.evaluator;
        let values = py.detach(|| {
            let mut values = vec![0.0f32; k];
            evaluator.values(&data, &mut values).map(|()| values)
        });
        let values = values.map_err(|e| rl_error("observations", e))?;
        let logits =
            PyArray1::from_vec(py, vec![0.0f32; k * NUM_ACTIONS]).reshape([k, NUM_ACTIONS])?;
        PyTuple::new(
            py,
            [logits.into_any(), PyArray1::from_vec(py, values).into_any()],
        )
    }
}
