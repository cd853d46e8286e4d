//! `bagh.Score`: a heuristic value or a proven result, for the side to move.

use bagh_engine::Score;
use pyo3::prelude::*;

use super::error::EngineError;

/// The score of a position for the side to move: exactly one of a heuristic
/// `value` in centi-goats, a proven win (`is_win`, in `win_in` plies where
/// known), a proven loss (`is_loss`, in `loss_in` plies where known), or a
/// proven draw (`is_draw`).
#[pyclass(name = "Score", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyScore(pub Score);

#[pymethods]
impl PyScore {
    /// A score from exactly one of its readings: `Score(value=35)`,
    /// `Score(win_in=7)`, `Score(loss_in=4)`, `Score(draw=True)`, or
    /// `Score(win=True)` / `Score(loss=True)` for a proven result without a
    /// known distance.
    #[new]
    #[pyo3(signature = (*, value = None, win_in = None, loss_in = None, win = false, loss = false, draw = false))]
    fn new(
        value: Option<i32>,
        win_in: Option<u32>,
        loss_in: Option<u32>,
        win: bool,
        loss: bool,
        draw: bool,
    ) -> PyResult<PyScore> {
        let given = [
            value.map(Score::Value),
            win_in.map(|d| Score::Win(Some(d))),
            loss_in.map(|d| Score::Loss(Some(d))),
            win.then_some(Score::Win(None)),
            loss.then_some(Score::Loss(None)),
            draw.then_some(Score::Draw),
        ];
        let mut set = given.into_iter().flatten();
        match (set.next(), set.next()) {
            (Some(score), None) => Ok(PyScore(score)),
            _ => Err(EngineError::new_err(
                "Score: give exactly one of value, win_in, loss_in, win, loss or draw",
            )),
        }
    }

    /// The heuristic value in centi-goats (100 is about a goat's worth,
    /// positive is good for the side to move); None for a proven result.
    #[getter]
    fn value(&self) -> Option<i32> {
        match self.0 {
            Score::Value(v) => Some(v),
            _ => None,
        }
    }

    /// Plies to the win, where the search or the tables know it; None
    /// otherwise (a placement-table win has no distance: see `is_win`).
    #[getter]
    fn win_in(&self) -> Option<u32> {
        match self.0 {
            Score::Win(d) => d,
            _ => None,
        }
    }

    /// Plies to the loss, where known; None otherwise (see `is_loss`).
    #[getter]
    fn loss_in(&self) -> Option<u32> {
        match self.0 {
            Score::Loss(d) => d,
            _ => None,
        }
    }

    /// Whether the side to move wins (proven), distance known or not.
    #[getter]
    fn is_win(&self) -> bool {
        matches!(self.0, Score::Win(_))
    }

    /// Whether the side to move loses (proven), distance known or not.
    #[getter]
    fn is_loss(&self) -> bool {
        matches!(self.0, Score::Loss(_))
    }

    /// Whether the position is a proven draw (a tablebase draw).
    #[getter]
    fn is_draw(&self) -> bool {
        matches!(self.0, Score::Draw)
    }

    /// Whether the result is proven: a win, a loss or a draw.
    #[getter]
    fn is_proven(&self) -> bool {
        self.0.is_proven()
    }

    /// One number that orders scores as a player would (larger is better):
    /// the value itself (within ±50,000), wins above every value and the
    /// faster the higher, losses below, draws 0.
    fn sort_key(&self) -> i32 {
        self.0.centi_goats()
    }

    /// `+0.35` (goats), `win in 7`, `loss in 4`, `win`, `loss` or `draw`.
    fn __str__(&self) -> String {
        self.text()
    }

    /// `Score(value=35)`, `Score(win_in=7)`, `Score(draw=True)`, ...: the
    /// call that makes it.
    fn __repr__(&self) -> String {
        format!("Score({})", self.keyword())
    }
}

impl PyScore {
    /// `+0.35` (goats), `win in 7`, `loss in 4`, `win`, `loss` or `draw`.
    pub fn text(&self) -> String {
        match self.0 {
            Score::Value(v) => {
                let sign = match v {
                    0 => "",
                    v if v > 0 => "+",
                    _ => "-",
                };
                let v = v.unsigned_abs();
                format!("{sign}{}.{:02}", v / 100, v % 100)
            }
            Score::Win(Some(d)) => format!("win in {d}"),
            Score::Loss(Some(d)) => format!("loss in {d}"),
            Score::Win(None) => "win".into(),
            Score::Loss(None) => "loss".into(),
            Score::Draw => "draw".into(),
        }
    }

    /// The keyword argument of `Score(...)` that makes this score.
    fn keyword(&self) -> String {
        match self.0 {
            Score::Value(v) => format!("value={v}"),
            Score::Win(Some(d)) => format!("win_in={d}"),
            Score::Loss(Some(d)) => format!("loss_in={d}"),
            Score::Win(None) => "win=True".into(),
            Score::Loss(None) => "loss=True".into(),
            Score::Draw => "draw=True".into(),
        }
    }
}
