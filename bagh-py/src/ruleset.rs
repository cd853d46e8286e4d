//! `bagh.Ruleset`.

use bagh_core::{Repetition, Ruleset, TigerMoves};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::convert::{point_names, to_point};
use crate::errors::{parse_error, ruleset_error, ParseError, RulesetError};

/// A validated rule set: a preset or any sensible combination of fields.
#[pyclass(name = "Ruleset", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRuleset(pub Ruleset);

/// `forbidden`, `allowed`, `draw(n)` or `draw:n`, read through the core's
/// rule-set text so that the count is checked in one place.
fn parse_repetition(text: &str) -> PyResult<Repetition> {
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains('=') {
        return Err(ParseError::new_err(format!(
            "repetition: unexpected value {text:?}, expected forbidden, allowed or draw(n)"
        )));
    }
    format!("repetition={text}")
        .parse::<Ruleset>()
        .map(|rules| rules.repetition())
        .map_err(parse_error)
}

/// A count field: a negative or huge number is a `RulesetError` naming the
/// field, like every other bad value (the builder checks the range).
fn count<T: TryFrom<i64>>(field: &'static str, value: i64) -> PyResult<T> {
    T::try_from(value).map_err(|_| {
        let error = RulesetError::new_err(format!("{field}: {value} is not a valid count"));
        Python::attach(|py| {
            let _ = error.value(py).setattr("field", field);
        });
        error
    })
}

#[pymethods]
impl PyRuleset {
    #[new]
    #[pyo3(signature = (
        *,
        tigers = None,
        goats = 20,
        capture_target = 5,
        tiger_moves = "step",
        mandatory_capture = false,
        blocked_side_loses = false,
        repetition = "forbidden",
        no_progress_limit = None,
    ))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        tigers: Option<Vec<String>>,
        goats: i64,
        capture_target: i64,
        tiger_moves: &str,
        mandatory_capture: bool,
        blocked_side_loses: bool,
        repetition: &str,
        no_progress_limit: Option<i64>,
    ) -> PyResult<PyRuleset> {
        let goats = count("goats", goats)?;
        let capture_target = count("capture_target", capture_target)?;
        let no_progress_limit = no_progress_limit
            .map(|limit| count("no_progress_limit", limit))
            .transpose()?;
        let mut builder = Ruleset::builder();
        if let Some(tigers) = tigers {
            let points = tigers
                .iter()
                .map(|name| to_point(name))
                .collect::<PyResult<Vec<_>>>()?;
            builder = builder.tigers(points);
        }
        let tiger_moves = match tiger_moves {
            "step" => TigerMoves::Step,
            "slide" => TigerMoves::Slide,
            other => {
                return Err(ParseError::new_err(format!(
                    "tiger_moves: unexpected value {other:?}, expected \"step\" or \"slide\""
                )))
            }
        };
        builder
            .goats(goats)
            .capture_target(capture_target)
            .tiger_moves(tiger_moves)
            .mandatory_capture(mandatory_capture)
            .blocked_side_loses(blocked_side_loses)
            .repetition(parse_repetition(repetition)?)
            .no_progress_limit(no_progress_limit)
            .build()
            .map(PyRuleset)
            .map_err(ruleset_error)
    }

    /// The preset with this id.
    #[staticmethod]
    fn preset(id: &str) -> PyResult<PyRuleset> {
        Ruleset::preset(id).map(PyRuleset).map_err(parse_error)
    }

    /// The ids of the presets.
    #[staticmethod]
    fn preset_ids() -> Vec<&'static str> {
        Ruleset::preset_ids().collect()
    }

    /// Reads a preset id or the `key=value` text form.
    #[staticmethod]
    fn from_text(text: &str) -> PyResult<PyRuleset> {
        text.parse::<Ruleset>().map(PyRuleset).map_err(parse_error)
    }

    /// The preset id of this rule set, or `None`.
    #[getter]
    fn preset_id(&self) -> Option<&'static str> {
        self.0.preset_id()
    }

    /// The tigers' start points, in board order (`a1`, `b1`, ..., `e5`).
    #[getter]
    fn tigers(&self) -> Vec<String> {
        point_names(self.0.tigers())
    }

    /// The number of tigers.
    #[getter]
    fn tiger_count(&self) -> usize {
        self.0.tiger_count()
    }

    #[getter]
    fn goats(&self) -> u8 {
        self.0.goats()
    }

    #[getter]
    fn capture_target(&self) -> u8 {
        self.0.capture_target()
    }

    #[getter]
    fn tiger_moves(&self) -> &'static str {
        self.0.tiger_moves().name()
    }

    #[getter]
    fn mandatory_capture(&self) -> bool {
        self.0.mandatory_capture()
    }

    #[getter]
    fn blocked_side_loses(&self) -> bool {
        self.0.blocked_side_loses()
    }

    /// `"forbidden"`, `"allowed"` or `"draw(n)"`, as in the rule set's text form.
    #[getter]
    fn repetition(&self) -> String {
        self.0.repetition().to_string()
    }

    #[getter]
    fn no_progress_limit(&self) -> Option<u16> {
        self.0.no_progress_limit().map(|n| n.get())
    }

    /// This value as JSON (see docs/json.md).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A value read from JSON (see docs/json.md); `ParseError` with the line
    /// and column of the JSON otherwise.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyRuleset> {
        crate::json::from_json::<bagh_core::Ruleset>(text).map(PyRuleset)
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __repr__(&self) -> String {
        match self.0.preset_id() {
            Some(id) => format!("Ruleset.preset('{id}')"),
            None => format!("Ruleset.from_text('{}')", self.0),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let from_text = slf.get_type().getattr("from_text")?;
        (from_text, (slf.get().0.to_string(),)).into_pyobject(slf.py())
    }

    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: &Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }
}
