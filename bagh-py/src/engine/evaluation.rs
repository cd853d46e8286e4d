//! The engine's `evaluation` option (`"default"`, `"network"`,
//! `"classic"` or a network file) and `bagh.Evaluation`, the answer of
//! `Engine.evaluate`.

use std::sync::Arc;

use bagh_core::{Ruleset, Side};
use bagh_engine::network::Network;
use bagh_engine::{Evaluation, Score, StaticEvaluation};
use pyo3::prelude::*;

use super::error::EngineError;
use super::score::PyPovScore;
use crate::position::rules_text;

/// Reads the `evaluation` argument for an engine of `rules`.
pub fn to_evaluation(value: Option<&Bound<'_, PyAny>>, rules: &Ruleset) -> PyResult<Evaluation> {
    let Some(value) = value.filter(|v| !v.is_none()) else {
        return Ok(Evaluation::Default);
    };
    if let Ok(name) = value.extract::<String>() {
        match name.as_str() {
            "default" => return Ok(Evaluation::Default),
            "classic" => return Ok(Evaluation::Classic),
            "network" => {
                return match Network::shipped(rules) {
                    Some(network) => Ok(Evaluation::Network(network)),
                    None => Err(EngineError::new_err(format!(
                        "evaluation = \"network\": no network ships for rule set {:?}; \
                         give a network file (training/train_eval.py makes one from its tables) \
                         or use \"classic\"",
                        rules_text(rules)
                    ))),
                };
            }
            _ => {}
        }
    }
    let path: std::path::PathBuf = value.extract().map_err(|_| {
        EngineError::new_err(
            "evaluation: expected \"default\", \"network\", \"classic\" or the path of a network file",
        )
    })?;
    let network =
        Network::open(&path).map_err(|e| EngineError::new_err(format!("evaluation: {e}")))?;
    let evaluation = Evaluation::Network(Arc::new(network));
    evaluation
        .network_for(rules)
        .map_err(|e| EngineError::new_err(e.to_string()))?;
    Ok(evaluation)
}

/// A static evaluation, without search: `score` for the side to move in
/// thousandths of a result and, with the network, its win, draw and loss
/// probabilities (None with the classic evaluation). `str` shows it from
/// the goats' side, as every score is shown (`+0.01`).
#[pyclass(name = "Evaluation", module = "bagh", frozen)]
pub struct PyEvaluation(pub StaticEvaluation, pub Side);

#[pymethods]
impl PyEvaluation {
    /// The search's score for the side to move, in thousandths of a result
    /// (the unit of `Score.value`): with the network, 1000 times
    /// (win - loss), plus a progress term of up to ±400 where the network
    /// is sure of the result (beyond ±800); with the classic evaluation,
    /// the weighed features on the same scale.
    #[getter]
    fn score(&self) -> i32 {
        self.0.score
    }

    /// The score with its point of view: `str(pov_score)` is `+0.01` for
    /// the goats whoever is to move, `pov_score.expected_result` the same
    /// as a number in [-1, 1].
    #[getter]
    fn pov_score(&self) -> PyPovScore {
        PyPovScore::new(Score::Value(self.0.score), self.1)
    }

    /// The side to move of the position evaluated: `"goat"` or `"tiger"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.1.name()
    }

    /// The probability that the side to move wins, or None.
    #[getter]
    fn win(&self) -> Option<f32> {
        self.0.wdl.map(|w| w.win)
    }

    /// The probability of a draw, or None.
    #[getter]
    fn draw(&self) -> Option<f32> {
        self.0.wdl.map(|w| w.draw)
    }

    /// The probability that the side to move loses, or None.
    #[getter]
    fn loss(&self) -> Option<f32> {
        self.0.wdl.map(|w| w.loss)
    }

    /// The network's estimate of the plies to the end where it predicts a
    /// result (a win or a loss more likely than a draw); None where a draw
    /// is at least as likely (a draw has no end to count to), with the
    /// classic evaluation, or with a network without the distance. It was
    /// trained on the movement phase's wins and losses.
    #[getter]
    fn plies_to_end(&self) -> Option<f32> {
        self.0.plies_to_end
    }

    /// From the goats' side: `+0.01`.
    fn __str__(&self) -> String {
        self.pov_score().text()
    }

    fn __repr__(&self) -> String {
        let plies = self
            .0
            .plies_to_end
            .map(|p| format!(", plies_to_end={p:.1}"))
            .unwrap_or_default();
        let shown = self.pov_score().text();
        match self.0.wdl {
            Some(w) => format!(
                "Evaluation('{shown}', score={}, win={:.3}, draw={:.3}, loss={:.3}{plies}, turn='{}')",
                self.0.score,
                w.win,
                w.draw,
                w.loss,
                self.1.name()
            ),
            None => format!(
                "Evaluation('{shown}', score={}, turn='{}')",
                self.0.score,
                self.1.name()
            ),
        }
    }
}
