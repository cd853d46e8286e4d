//! `bagh.Ruleset`.

use bagh_core::{ParseErrorKind, Point, Repetition, Ruleset, TigerMoves};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyString, PyTuple};

use crate::convert::point_names;
use crate::errors::{parse_error, ruleset_error, ruleset_field_error};

/// A validated rule set: a preset or any sensible combination of fields.
#[pyclass(name = "Ruleset", module = "bagh", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyRuleset(pub Ruleset);

/// The Python type name of `obj`, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|name| name.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// A whole number: an int (or anything with `__index__`), not a bool. A
/// number too large for 64 bits comes back as `Err(None)`, a value of
/// another type as `Err(Some(type name))`.
fn whole_number(obj: &Bound<'_, PyAny>) -> Result<i64, Option<String>> {
    if obj.is_instance_of::<PyBool>() {
        return Err(Some("bool".to_string()));
    }
    match obj.extract::<i64>() {
        Ok(value) => Ok(value),
        Err(_) if obj.hasattr("__index__").unwrap_or(false) => Err(None),
        Err(_) => Err(Some(type_name(obj))),
    }
}

/// A count argument that must fit in `u8`; `expected` says what is
/// accepted, for the message.
fn small_count(field: &'static str, obj: &Bound<'_, PyAny>, expected: &str) -> PyResult<u8> {
    let found = match whole_number(obj) {
        Ok(value) => match u8::try_from(value) {
            Ok(count) => return Ok(count),
            Err(_) => value.to_string(),
        },
        Err(None) => obj.str().map(|s| s.to_string()).unwrap_or_default(),
        Err(Some(type_name)) => type_name,
    };
    Err(ruleset_field_error(
        field,
        format!("{field}: expected {expected}, found {found}"),
    ))
}

/// The tigers' start points: a sequence of point names, not a str.
fn start_points(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Point>> {
    let expected = |found: String| {
        ruleset_field_error(
            "tigers",
            format!(
                "tigers: expected a sequence of points such as [\"a1\", \"e1\"], found {found}"
            ),
        )
    };
    if obj.is_instance_of::<PyString>() {
        return Err(expected("str".to_string()));
    }
    let items = obj.try_iter().map_err(|_| expected(type_name(obj)))?;
    let mut points = Vec::new();
    for item in items {
        let item = item?;
        let Ok(name) = item.extract::<String>() else {
            return Err(ruleset_field_error(
                "tigers",
                format!(
                    "tigers: expected point names such as \"a1\", found {}",
                    type_name(&item)
                ),
            ));
        };
        let point = name.parse::<Point>().map_err(|_| {
            ruleset_field_error(
                "tigers",
                format!("tigers: {name:?} is not a point (a1..e5)"),
            )
        })?;
        points.push(point);
    }
    Ok(points)
}

/// `"step"` or `"slide"`.
fn tiger_moves_of(obj: &Bound<'_, PyAny>) -> PyResult<TigerMoves> {
    let found = match obj.extract::<String>() {
        Ok(text) if text == "step" => return Ok(TigerMoves::Step),
        Ok(text) if text == "slide" => return Ok(TigerMoves::Slide),
        Ok(text) => format!("{text:?}"),
        Err(_) => type_name(obj),
    };
    Err(ruleset_field_error(
        "tiger_moves",
        format!("tiger_moves: expected \"step\" or \"slide\", found {found}"),
    ))
}

/// An argument that was given, and not as None.
fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|obj| !obj.is_none())
}

/// `True` or `False`.
fn flag(field: &'static str, obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    match obj.cast::<PyBool>() {
        Ok(value) => Ok(value.is_true()),
        Err(_) => Err(ruleset_field_error(
            field,
            format!("{field}: expected True or False, found {}", type_name(obj)),
        )),
    }
}

/// `forbidden`, `allowed`, `draw(n)` or `draw:n`, read through the core's
/// rule-set text so that the count is checked in one place.
fn repetition_of(obj: &Bound<'_, PyAny>) -> PyResult<Repetition> {
    let expected = |found: String| {
        ruleset_field_error(
            "repetition",
            format!(
                "repetition: expected \"forbidden\", \"allowed\" or \"draw(n)\" \
                 with n from 2 to 255, found {found}"
            ),
        )
    };
    let Ok(text) = obj.extract::<String>() else {
        return Err(expected(type_name(obj)));
    };
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains('=') {
        return Err(expected(format!("{text:?}")));
    }
    match format!("repetition={text}").parse::<Ruleset>() {
        Ok(rules) => Ok(rules.repetition()),
        Err(error) => match error.kind() {
            ParseErrorKind::Ruleset(inner) => Err(ruleset_error(inner.clone())),
            _ => Err(expected(format!("{text:?}"))),
        },
    }
}

/// Plies without progress: `None`, or a count up to 65535 (the builder
/// refuses 0).
fn no_progress_of(obj: &Bound<'_, PyAny>) -> PyResult<Option<u16>> {
    if obj.is_none() {
        return Ok(None);
    }
    let found = match whole_number(obj) {
        Ok(value) => match u16::try_from(value) {
            Ok(limit) => return Ok(Some(limit)),
            Err(_) => value.to_string(),
        },
        Err(None) => obj.str().map(|s| s.to_string()).unwrap_or_default(),
        Err(Some(type_name)) => type_name,
    };
    Err(ruleset_field_error(
        "no_progress_limit",
        format!(
            "no_progress_limit: expected None or a number of plies from 1 to 65535, found {found}"
        ),
    ))
}

#[pymethods]
impl PyRuleset {
    /// Every argument error is a `RulesetError` whose `field` names the
    /// argument, whatever its cause: a wrong type, a value out of range, or
    /// fields that do not fit together. An argument given as None takes its
    /// default.
    #[new]
    #[pyo3(
        signature = (
            *,
            tigers = None,
            goats = None,
            capture_target = None,
            tiger_moves = None,
            mandatory_capture = None,
            blocked_side_loses = None,
            repetition = None,
            no_progress_limit = None,
        ),
        text_signature = "(*, tigers=None, goats=20, capture_target=5, tiger_moves='step', \
                          mandatory_capture=False, blocked_side_loses=False, \
                          repetition='forbidden', no_progress_limit=None)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        tigers: Option<&Bound<'_, PyAny>>,
        goats: Option<&Bound<'_, PyAny>>,
        capture_target: Option<&Bound<'_, PyAny>>,
        tiger_moves: Option<&Bound<'_, PyAny>>,
        mandatory_capture: Option<&Bound<'_, PyAny>>,
        blocked_side_loses: Option<&Bound<'_, PyAny>>,
        repetition: Option<&Bound<'_, PyAny>>,
        no_progress_limit: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyRuleset> {
        let defaults = Ruleset::default();
        let mut builder = Ruleset::builder();
        let mut tiger_count = defaults.tiger_count();
        if let Some(tigers) = given(tigers) {
            let points = start_points(tigers)?;
            tiger_count = points.len();
            builder = builder.tigers(points);
        }
        let goats = match given(goats) {
            Some(goats) => {
                let most = 25usize.saturating_sub(tiger_count).max(1);
                small_count(
                    "goats",
                    goats,
                    &format!("a number of goats from 1 to {most}"),
                )?
            }
            None => defaults.goats(),
        };
        let capture_target = match given(capture_target) {
            Some(target) => small_count(
                "capture_target",
                target,
                &format!("a number of captures from 1 to the {goats} goats"),
            )?,
            None => defaults.capture_target(),
        };
        if let Some(moves) = given(tiger_moves) {
            builder = builder.tiger_moves(tiger_moves_of(moves)?);
        }
        if let Some(mandatory) = given(mandatory_capture) {
            builder = builder.mandatory_capture(flag("mandatory_capture", mandatory)?);
        }
        if let Some(loses) = given(blocked_side_loses) {
            builder = builder.blocked_side_loses(flag("blocked_side_loses", loses)?);
        }
        if let Some(repetition) = given(repetition) {
            builder = builder.repetition(repetition_of(repetition)?);
        }
        if let Some(limit) = given(no_progress_limit) {
            builder = builder.no_progress_limit(no_progress_of(limit)?);
        }
        builder
            .goats(goats)
            .capture_target(capture_target)
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

    /// This value as JSON: its text forms and fields, as `from_json` reads them
    /// (the form the Rust crates write with their `serde` feature).
    fn to_json(&self) -> PyResult<String> {
        crate::json::to_json(&self.0)
    }

    /// A value read from the JSON `to_json` writes; `ParseError` with the line
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
