//! `bagh.Score`: a heuristic value or a proven result, for the side to move;
//! `bagh.PovScore`: the same with its point of view, shown from the goats'
//! side by `bagh_engine::PovScore`'s display.

use std::hash::{Hash, Hasher};

use bagh_core::Side;
use bagh_engine::{PovScore, Score};
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyDeprecationWarning;
use pyo3::prelude::*;

use super::error::EngineError;

/// The score of a position for the side to move: exactly one of a heuristic
/// `value` in thousandths of a result (1000 a sure win, -1000 a sure loss),
/// a proven win (`is_win`, in `win_in` plies where known), a proven loss
/// (`is_loss`, in `loss_in` plies where known), or a proven draw
/// (`is_draw`).
///
/// Scores compare as a player would (`<` by `sort_key`: wins above every
/// value, faster wins higher), `-score` is the other side's, and
/// `expected_result` is the value as a result in [-1, 1]. `str(score)` is
/// `+0.30`, `win in 7 plies`, `draw`, for the side to move; `PovScore`
/// fixes the point of view and shows scores from the goats' side.
#[pyclass(name = "Score", module = "bagh", frozen)]
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

    /// The heuristic value in thousandths of a result (1000 a sure win;
    /// with the network, 1000 times the win probability less the loss
    /// probability), positive good for the side to move; None for a proven
    /// result.
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

    /// The expected result for the side to move, in [-1, 1]: the value
    /// in thousandths clamped to ±1, 1 for a proven win, -1 for a proven
    /// loss, 0 for a draw.
    #[getter]
    fn expected_result(&self) -> f64 {
        self.0.expected_result()
    }

    /// One number that orders scores as a player would (larger is better):
    /// the value itself (within ±50,000), wins above every value and the
    /// faster the higher, losses below, draws 0.
    fn sort_key(&self) -> i32 {
        self.0.sort_key()
    }

    /// Equal when the same reading; ordered by `sort_key`.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<PyScore>() else {
            return Ok(py.NotImplemented());
        };
        let other = *other.get();
        let (a, b) = (self.0.sort_key(), other.0.sort_key());
        let answer = match op {
            CompareOp::Eq => self.0 == other.0,
            CompareOp::Ne => self.0 != other.0,
            CompareOp::Lt => a < b,
            CompareOp::Le => a <= b,
            CompareOp::Gt => a > b,
            CompareOp::Ge => a >= b,
        };
        Ok(answer.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.0.hash(&mut hasher);
        hasher.finish()
    }

    /// The same score for the other side.
    fn __neg__(&self) -> PyScore {
        PyScore(self.0.flip())
    }

    /// Deprecated: the value in hundredths (`value / 100`), `inf` for a
    /// win, `-inf` for a loss, 0 for a draw. Read `expected_result` (the
    /// value in thousandths, as `str` shows it) instead.
    fn __float__(&self, py: Python<'_>) -> PyResult<f64> {
        PyErr::warn(
            py,
            &py.get_type::<PyDeprecationWarning>(),
            c"float(Score) is deprecated: it gives value / 100; \
              read score.expected_result (value / 1000, as str shows it)",
            1,
        )?;
        Ok(match self.0 {
            Score::Value(v) => f64::from(v) / 100.0,
            Score::Win(_) => f64::INFINITY,
            Score::Loss(_) => f64::NEG_INFINITY,
            Score::Draw => 0.0,
        })
    }

    /// For the side to move: `+0.30`, `win in 7 plies`, `loss in 4 plies`,
    /// `win` (no known distance), `loss` or `draw`.
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
    /// For the side to move: `+0.30`, `win in 7 plies`, `draw`, ...
    pub fn text(&self) -> String {
        self.0.for_side_to_move()
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

/// A score with its point of view: `relative` is for the side to move,
/// `turn`; `goats()` and `tigers()` give it for a fixed side, so that a
/// game's scores can be plotted or compared across plies.
///
/// `str` is how every front end shows a score, from the goats' side:
/// `+0.30` (the goats better), `-0.30` (the tigers), `goats win in 12
/// plies`, `tigers win`, `draw`. `PovScore(Score(value=350), "tiger")`
/// reads `-0.35`, and its `goats()` is `Score(value=-350)`.
#[pyclass(name = "PovScore", module = "bagh", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPovScore(PovScore);

impl PyPovScore {
    /// `relative` for `turn`, the side to move.
    pub fn new(relative: Score, turn: Side) -> PyPovScore {
        PyPovScore(PovScore::new(relative, turn))
    }

    /// The display: `+0.30`, `goats win in 12 plies`, `draw`, ...
    pub fn text(&self) -> String {
        self.0.to_string()
    }
}

fn side_of(text: &str) -> PyResult<Side> {
    match text {
        "goat" => Ok(Side::Goat),
        "tiger" => Ok(Side::Tiger),
        other => Err(pyo3::exceptions::PyValueError::new_err(format!(
            "side: expected 'goat' or 'tiger', got {other:?}"
        ))),
    }
}

#[pymethods]
impl PyPovScore {
    #[new]
    fn py_new(relative: PyRef<'_, PyScore>, turn: &str) -> PyResult<PyPovScore> {
        Ok(PyPovScore::new(relative.0, side_of(turn)?))
    }

    /// The score for the side to move.
    #[getter]
    fn relative(&self) -> PyScore {
        PyScore(self.0.relative())
    }

    /// The side to move: `"goat"` or `"tiger"`.
    #[getter]
    fn turn(&self) -> &'static str {
        self.0.turn().name()
    }

    /// The expected result for the goats, in [-1, 1] (1 a sure or proven
    /// goat win, -1 a tiger win): the number `str` shows, unrounded, and
    /// what a plot of a game's scores draws.
    #[getter]
    fn expected_result(&self) -> f64 {
        self.0.expected_result()
    }

    /// The score for `side` (`"goat"` or `"tiger"`).
    fn pov(&self, side: &str) -> PyResult<PyScore> {
        Ok(self.for_side(side_of(side)?))
    }

    /// The score for the goats.
    fn goats(&self) -> PyScore {
        self.for_side(Side::Goat)
    }

    /// The score for the tigers.
    fn tigers(&self) -> PyScore {
        self.for_side(Side::Tiger)
    }

    fn __repr__(&self) -> String {
        format!(
            "PovScore(Score({}), '{}')",
            PyScore(self.0.relative()).keyword(),
            self.0.turn().name()
        )
    }

    /// From the goats' side: `+0.30`, `-0.05`, `0.00`, `goats win in 12
    /// plies`, `tigers win` (no known distance) or `draw`.
    fn __str__(&self) -> String {
        self.text()
    }
}

impl PyPovScore {
    fn for_side(&self, side: Side) -> PyScore {
        PyScore(self.0.pov(side))
    }
}
