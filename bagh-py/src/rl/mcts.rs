//! `bagh.rl.MCTS`: the batched search of `bagh-rl`, without the GIL between
//! the calls of a Python evaluator.

use bagh_core::{Game, Ruleset};
use bagh_rl::{Mcts, MctsError, MctsOptions, NUM_ACTIONS, OBSERVATION_SHAPE};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::arrays::{with_board, Board};
use super::error::rl_error;
use crate::convert::to_rules;
use crate::ruleset::PyRuleset;

/// A batched tree search over many games: PUCT (or a Gumbel root), with
/// the leaves of all the games evaluated in batches by your function.
#[pyclass(name = "MCTS", module = "bagh.rl")]
pub struct PyMcts {
    mcts: Mcts,
    rules: Ruleset,
}

/// Copies an evaluator's answer (logits `(k, NUM_ACTIONS)`, values `(k,)`)
/// into the search's buffers.
fn read_answer(answer: &Bound<'_, PyAny>, logits: &mut [f32], values: &mut [f32]) -> PyResult<()> {
    let py = answer.py();
    let k = values.len();
    let (policy, value): (Bound<'_, PyAny>, Bound<'_, PyAny>) = answer
        .extract()
        .map_err(|_| rl_error("evaluate", "must return a pair (policy_logits, values)"))?;
    let numpy = py.import("numpy")?;
    let as_f32 = |what: &str, array: &Bound<'_, PyAny>, shape: &[usize]| -> PyResult<Vec<f32>> {
        let converted = numpy
            .call_method1("ascontiguousarray", (array, "float32"))
            .map_err(|e| rl_error("evaluate", format!("{what}: {e}")))?;
        let converted = converted
            .cast::<PyArrayDyn<f32>>()
            .map_err(|_| rl_error("evaluate", format!("{what}: not an array of numbers")))?;
        if converted.shape() != shape {
            return Err(rl_error(
                "evaluate",
                format!(
                    "{what}: expected shape {shape:?}, got {:?}",
                    converted.shape()
                ),
            ));
        }
        converted
            .to_vec()
            .map_err(|e| rl_error("evaluate", format!("{what}: {e}")))
    };
    logits.copy_from_slice(&as_f32("policy_logits", &policy, &[k, NUM_ACTIONS])?);
    values.copy_from_slice(&as_f32("values", &value, &[k])?);
    Ok(())
}

#[pymethods]
impl PyMcts {
    /// A search of `rules` games: `simulations` per game, PUCT with
    /// `c_puct`, root noise Dirichlet(`dirichlet_alpha`) at
    /// `dirichlet_weight`, leaves evaluated `batch_size` at a time; with
    /// `gumbel`, a Gumbel root over `considered` actions instead.
    #[new]
    #[pyo3(
        signature = (rules = None, *, simulations = 800, c_puct = 1.25, dirichlet_alpha = 0.3, dirichlet_weight = 0.0, batch_size = 256, seed = 0, gumbel = false, considered = 16),
        text_signature = "(rules='bagh-chal', *, simulations=800, c_puct=1.25, dirichlet_alpha=0.3, dirichlet_weight=0.0, batch_size=256, seed=0, gumbel=False, considered=16)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: Option<&Bound<'_, PyAny>>,
        simulations: u32,
        c_puct: f32,
        dirichlet_alpha: f32,
        dirichlet_weight: f32,
        batch_size: usize,
        seed: u64,
        gumbel: bool,
        considered: usize,
    ) -> PyResult<PyMcts> {
        let rules = rules.map(to_rules).transpose()?.unwrap_or_default();
        let options = MctsOptions {
            simulations,
            c_puct,
            dirichlet_alpha,
            dirichlet_weight,
            batch_size,
            seed,
            gumbel,
            considered,
        };
        let mcts = Mcts::new::<()>(options).map_err(|e| rl_error("MCTS", e))?;
        Ok(PyMcts { mcts, rules })
    }

    /// The rule set of the games searched.
    #[getter]
    fn rules(&self) -> PyRuleset {
        PyRuleset(self.rules)
    }

    /// Searches each game or position: `evaluate(observations, masks)`
    /// gets batches of leaves (float32 `(k, *OBSERVATION_SHAPE)`, bool
    /// `(k, NUM_ACTIONS)`) and returns `(policy_logits, values)` (`(k,
    /// NUM_ACTIONS)` and `(k,)`, for each leaf's side to move; a value
    /// outside [-1, 1] or NaN, or a NaN logit of a legal action, raises
    /// `RLError` and stops the search). Returns
    /// `(policies, values, actions)`: float32 `(n, NUM_ACTIONS)` visit
    /// shares (Gumbel: the improved policy), float32 `(n,)` root values,
    /// int64 `(n,)` actions to play (-1 for a finished game).
    fn search<'py>(
        &mut self,
        py: Python<'py>,
        boards: Vec<Bound<'py, PyAny>>,
        evaluate: Py<PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let mut games = Vec::with_capacity(boards.len());
        for (i, board) in boards.iter().enumerate() {
            let game = with_board(board, |board| match board {
                Board::Position(position) => Game::from_position(*position),
                Board::Game(game) => game.clone(),
            })?;
            if *game.rules() != self.rules {
                return Err(rl_error(
                    "boards",
                    format!(
                        "board {i} is of the rule set {}, the search of {}",
                        game.rules(),
                        self.rules
                    ),
                ));
            }
            games.push(game);
        }
        let [planes, ranks, files] = OBSERVATION_SHAPE;
        let mcts = &mut self.mcts;
        let result = py.detach(|| {
            mcts.search(&games, |obs, masks, logits, values| {
                Python::attach(|py| {
                    let k = values.len();
                    let obs = PyArray1::from_slice(py, obs).reshape([k, planes, ranks, files])?;
                    let masks = PyArray1::from_slice(py, masks).reshape([k, NUM_ACTIONS])?;
                    let answer = evaluate.bind(py).call1((obs, masks))?;
                    read_answer(&answer, logits, values)
                })
            })
        });
        let out = match result {
            Ok(out) => out,
            Err(MctsError::Evaluator(error)) => return Err(error),
            Err(error) => return Err(rl_error("MCTS", error)),
        };
        let n = games.len();
        let policies = PyArray1::from_vec(py, out.policies).reshape([n, NUM_ACTIONS])?;
        (
            policies,
            PyArray1::from_vec(py, out.values),
            PyArray1::from_vec(py, out.actions),
        )
            .into_pyobject(py)
    }

    fn __repr__(&self) -> String {
        let o = self.mcts.options();
        format!(
            "MCTS('{}', simulations={}, c_puct={}, batch_size={}, gumbel={})",
            self.rules,
            o.simulations,
            o.c_puct,
            o.batch_size,
            if o.gumbel { "True" } else { "False" }
        )
    }
}
