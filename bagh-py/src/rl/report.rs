//! `bagh.rl.AgentReport` and `bagh.rl.Rate`: what `bagh.rl.evaluate`
//! measured, whole or a part, merged from parts, and pickled.

use bagh_engine::PerfectStyle;
use bagh_rl::benchmark::{
    merge, BenchmarkOptions, BenchmarkReport, GameResult, Part, PartReport, Rate,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use super::error::rl_error;
use super::report_state as state;

/// A share with its 95% interval (Wilson's).
#[pyclass(name = "Rate", module = "bagh.rl", frozen)]
#[derive(Clone)]
pub struct PyRate(pub(super) Rate);

#[pymethods]
impl PyRate {
    /// The cases counted.
    #[getter]
    fn count(&self) -> u64 {
        self.0.count
    }
    /// The cases in all.
    #[getter]
    fn total(&self) -> u64 {
        self.0.total
    }
    /// count / total (0 with no case).
    #[getter]
    fn share(&self) -> f64 {
        self.0.share()
    }
    /// The 95% Wilson score interval of the share, `(low, high)`.
    #[getter]
    fn interval(&self) -> (f64, f64) {
        self.0.interval()
    }
    fn __repr__(&self) -> String {
        let (low, high) = self.0.interval();
        format!(
            "Rate({} of {}: {:.1}%, 95% interval {:.1}% to {:.1}%)",
            self.0.count,
            self.0.total,
            100.0 * self.0.share(),
            100.0 * low,
            100.0 * high
        )
    }
}

/// What `bagh.rl.evaluate` measured.
#[pyclass(name = "AgentReport", module = "bagh.rl", frozen)]
pub struct PyAgentReport {
    pub(super) report: BenchmarkReport,
    /// The part measured and the options of the whole, for a part's report.
    pub(super) part: Option<(Part, BenchmarkOptions)>,
}

/// A rate per perfect player's style, keyed `"random"` and `"narrowing"`.
fn by_style<'py>(
    py: Python<'py>,
    rate: impl Fn(PerfectStyle) -> Rate,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (style, name) in [
        (PerfectStyle::Random, "random"),
        (PerfectStyle::Narrowing, "narrowing"),
    ] {
        out.set_item(name, PyRate(rate(style)))?;
    }
    Ok(out)
}

#[pymethods]
impl PyAgentReport {
    /// Critical positions where the agent kept the value: keys
    /// `"placement goats"`, `"placement tigers"`, `"movement goats"`,
    /// `"movement tigers"` and `"all"`.
    #[getter]
    fn critical<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        for (phase, phase_name) in [(0, "placement"), (1, "movement")] {
            for (side, side_name) in [(0, "goats"), (1, "tigers")] {
                out.set_item(
                    format!("{phase_name} {side_name}"),
                    PyRate(self.report.critical[phase][side]),
                )?;
            }
        }
        out.set_item("all", PyRate(self.report.critical_all()))?;
        Ok(out)
    }
    /// Games with no slip of the agent's own (it never gave away a value
    /// that some legal move kept; a loss the history forced does not count),
    /// by the perfect player's style: keys `"random"` and `"narrowing"`.
    #[getter]
    fn games_kept<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_style(py, |style| self.report.games_kept(style))
    }
    /// Games where the history forced at least one loss of the tables'
    /// value on the agent, by the perfect player's style: keys `"random"`
    /// and `"narrowing"`.
    #[getter]
    fn games_forced<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        by_style(py, |style| self.report.games_forced(style))
    }
    /// Each game: a dict of `opponent`, `side`, `result` (`"win"`, `"draw"`,
    /// `"loss"` or `"unfinished"`, for the agent), `losing_moves` (its
    /// slips), `forced_losses`, `agent_moves` and `record`.
    #[getter]
    fn games<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.report
            .games
            .iter()
            .map(|game| {
                let out = PyDict::new(py);
                let opponent = match game.opponent {
                    PerfectStyle::Random => "random",
                    PerfectStyle::Narrowing => "narrowing",
                };
                out.set_item("opponent", opponent)?;
                out.set_item("side", crate::convert::side_name(game.agent_side))?;
                let result = match game.result {
                    GameResult::Win => "win",
                    GameResult::Draw => "draw",
                    GameResult::Loss => "loss",
                    GameResult::Unfinished => "unfinished",
                };
                out.set_item("result", result)?;
                out.set_item("losing_moves", game.losing_moves)?;
                out.set_item("forced_losses", game.forced_losses)?;
                out.set_item("agent_moves", game.agent_moves)?;
                out.set_item("record", game.game.to_string())?;
                Ok(out)
            })
            .collect()
    }
    /// The agent's slips among all its game moves: moves that gave away a
    /// value that some legal move kept.
    #[getter]
    fn losing_moves(&self) -> PyRate {
        PyRate(self.report.losing_moves)
    }
    /// Value-losing moves (slips) per 1,000 of the agent's game moves.
    #[getter]
    fn losing_moves_per_1000(&self) -> f64 {
        1000.0 * self.report.losing_moves.share()
    }
    /// The agent's forced losses among all its game moves: the tables'
    /// value lost by a best legal move, where the history (`forbidden`)
    /// had banned every move that keeps it.
    #[getter]
    fn forced_losses(&self) -> PyRate {
        PyRate(self.report.forced_losses)
    }
    /// Forced losses per 1,000 of the agent's game moves.
    #[getter]
    fn forced_losses_per_1000(&self) -> f64 {
        1000.0 * self.report.forced_losses.share()
    }
    /// The first and the next unused seed of the critical positions.
    #[getter]
    fn seeds(&self) -> (u64, u64) {
        self.report.seeds
    }
    /// For the report of a part (``evaluate(..., part=...)``), the
    /// critical positions and the games it measured, as
    /// ``((start, stop), (start, stop))``; None for a whole report.
    #[getter]
    fn part(&self) -> Option<((usize, usize), (usize, usize))> {
        self.part.as_ref().map(|(part, _)| {
            (
                (part.positions.start, part.positions.end),
                (part.games.start, part.games.end),
            )
        })
    }
    /// The report of the whole measurement from the reports of parts that
    /// tile it (``evaluate(..., part=...)``), in any order: the same
    /// figures as one ``evaluate`` of the whole. Raises RLError when the
    /// parts leave positions or games out, count some twice, or come from
    /// different measurements.
    #[staticmethod]
    fn merge(parts: Vec<PyRef<'_, PyAgentReport>>) -> PyResult<PyAgentReport> {
        let mut reports = Vec::with_capacity(parts.len());
        for (i, report) in parts.iter().enumerate() {
            let Some((part, options)) = &report.part else {
                return Err(rl_error(
                    "parts",
                    format!("item {i} is the report of a whole measurement, not of a part"),
                ));
            };
            reports.push(PartReport {
                part: part.clone(),
                options: options.clone(),
                report: report.report.clone(),
            });
        }
        let report = merge(reports).map_err(|e| rl_error("parts", e))?;
        Ok(PyAgentReport { report, part: None })
    }
    /// Pickled as its figures and games (a report travels between
    /// processes, as the parts of a measurement on a cluster do).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let state = state::to_state(py, &slf.get().report, slf.get().part.as_ref())?;
        let rebuild = py
            .import("bagh._bagh._rl")?
            .getattr("_agent_report_from_state")?;
        (rebuild, (state,)).into_pyobject(py)
    }
    /// The figures as a Markdown table with their 95% intervals.
    fn to_markdown(&self) -> String {
        self.report.to_markdown()
    }
    fn __str__(&self) -> String {
        self.report.to_markdown()
    }
    fn __repr__(&self) -> String {
        let all = self.report.critical_all();
        format!(
            "AgentReport(critical kept {} of {}, {} games, {:.1} value-losing moves per 1000)",
            all.count,
            all.total,
            self.report.games.len(),
            1000.0 * self.report.losing_moves.share()
        )
    }
}
