//! What a search answers: `bagh.Analysis` with its `bagh.Line`s, and the
//! `bagh.Progress` reports of a running search.

use bagh_core::{Move, Side};
use bagh_engine::{Analysis, Line, Progress};
use pyo3::prelude::*;

use super::score::{PyPovScore, PyScore};
use crate::moves::PyMove;

fn moves(pv: &[Move]) -> Vec<PyMove> {
    pv.iter().copied().map(PyMove).collect()
}

/// A line's moves as one text, `'c3 a1b1 d3'`.
fn pv_text(pv: &[Move]) -> String {
    let texts: Vec<String> = pv.iter().map(ToString::to_string).collect();
    texts.join(" ")
}

/// One root move with its score and principal variation.
#[pyclass(name = "Line", module = "bagh", frozen)]
pub struct PyLine(pub Line, pub Side);

#[pymethods]
impl PyLine {
    /// The score, for the side to move at the root.
    #[getter]
    fn score(&self) -> PyScore {
        PyScore(self.0.score)
    }

    /// The score with its point of view (`pov_score.goats()` is the goats').
    #[getter]
    fn pov_score(&self) -> PyPovScore {
        PyPovScore::new(self.0.score, self.1)
    }

    /// The moves, the root move first.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        moves(&self.0.pv)
    }

    /// `<Line pov_score='+0.30' pv='c3 a1b1'>`: the score from the goats'
    /// side.
    fn __repr__(&self) -> String {
        format!(
            "<Line pov_score='{}' pv='{}'>",
            PyPovScore::new(self.0.score, self.1).text(),
            pv_text(&self.0.pv)
        )
    }
}

/// The answer of a search: the move to play, its score and line, how deep
/// and how long the search went, and the best lines (`multipv` of them).
#[pyclass(name = "Analysis", module = "bagh", frozen)]
pub struct PyAnalysis(pub Analysis, pub Side);

#[pymethods]
impl PyAnalysis {
    /// The move to play.
    #[getter]
    fn best_move(&self) -> PyMove {
        PyMove(self.0.best_move)
    }

    /// Its score, for the side to move.
    #[getter]
    fn score(&self) -> PyScore {
        PyScore(self.0.score)
    }

    /// The score with its point of view: `pov_score.goats()` is the
    /// goats' whoever is to move, `pov_score.turn` the side to move.
    #[getter]
    fn pov_score(&self) -> PyPovScore {
        PyPovScore::new(self.0.score, self.1)
    }

    /// The principal variation, `best_move` first.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        moves(&self.0.pv)
    }

    /// The depth of the last completed iteration in plies: 0 when the
    /// tables answered alone or the search was stopped before depth 1.
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// The deepest ply reached in that iteration, quiescence included.
    #[getter]
    fn seldepth(&self) -> u32 {
        self.0.seldepth
    }

    /// Nodes searched.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Seconds taken.
    #[getter]
    fn time(&self) -> f64 {
        self.0.time.as_secs_f64()
    }

    /// The best lines, best first: `multipv` of them (fewer when the
    /// position has fewer legal moves); `lines[0]` is the best move's.
    #[getter]
    fn lines(&self) -> Vec<PyLine> {
        self.0
            .lines
            .iter()
            .cloned()
            .map(|line| PyLine(line, self.1))
            .collect()
    }

    /// `<Analysis best_move='c3' pov_score='+0.30' depth=...>`: the score
    /// from the goats' side.
    fn __repr__(&self) -> String {
        format!(
            "<Analysis best_move='{}' pov_score='{}' depth={} seldepth={} nodes={} time={:.3} pv='{}'>",
            self.0.best_move,
            PyPovScore::new(self.0.score, self.1).text(),
            self.0.depth,
            self.0.seldepth,
            self.0.nodes,
            self.0.time.as_secs_f64(),
            pv_text(&self.0.pv)
        )
    }
}

/// A report of a running search: one line of one completed iteration, with
/// the side to move at the root.
#[pyclass(name = "Progress", module = "bagh", frozen)]
pub struct PyProgress(pub Progress, pub Side);

#[pymethods]
impl PyProgress {
    /// The iteration's depth in plies (0 when the tables answered alone).
    #[getter]
    fn depth(&self) -> u32 {
        self.0.depth
    }

    /// The deepest ply reached, quiescence included.
    #[getter]
    fn seldepth(&self) -> u32 {
        self.0.seldepth
    }

    /// Which line this is: 1 for the best.
    #[getter]
    fn multipv(&self) -> usize {
        self.0.multipv
    }

    /// The line's score, for the side to move at the root.
    #[getter]
    fn score(&self) -> PyScore {
        PyScore(self.0.score)
    }

    /// The score with its point of view (`str`: from the goats' side).
    #[getter]
    fn pov_score(&self) -> PyPovScore {
        PyPovScore::new(self.0.score, self.1)
    }

    /// Nodes searched so far.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }

    /// Nodes per second so far.
    #[getter]
    fn nps(&self) -> u64 {
        self.0.nps
    }

    /// Seconds since the search started.
    #[getter]
    fn time(&self) -> f64 {
        self.0.time.as_secs_f64()
    }

    /// How full the transposition table is, in permille.
    #[getter]
    fn hashfull(&self) -> u32 {
        self.0.hashfull
    }

    /// The line's moves, its root move first.
    #[getter]
    fn pv(&self) -> Vec<PyMove> {
        moves(&self.0.pv)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Progress depth={} multipv={} pov_score='{}' nodes={} pv='{}'>",
            self.0.depth,
            self.0.multipv,
            PyPovScore::new(self.0.score, self.1).text(),
            self.0.nodes,
            pv_text(&self.0.pv)
        )
    }
}
