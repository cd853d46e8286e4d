//! The exception classes and the conversion of the core's error values.
//!
//! Every exception subclasses `bagh.BaghError`, itself a `ValueError`; the
//! messages are the core's `Display` texts, which quote the offending text (and
//! for a move, the position string). The details are attributes: each one a
//! class declares is `None` on the class and set on the instances it
//! applies to, so that reading it never raises `AttributeError`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

create_exception!(
    bagh,
    BaghError,
    PyValueError,
    "The base of every bagh error; a subclass of ValueError."
);
create_exception!(
    bagh,
    ParseError,
    BaghError,
    "A point, move, position string, rule-set text or game record that cannot be read."
);
create_exception!(
    bagh,
    IllegalMoveError,
    BaghError,
    "A move that cannot be played in the position (or game) at hand."
);
create_exception!(
    bagh,
    RulesetError,
    BaghError,
    "Rule-set fields that do not make a valid rule set."
);
create_exception!(
    bagh,
    RecordContentError,
    BaghError,
    "A tag or a comment that a record cannot hold."
);
create_exception!(
    bagh,
    SetupError,
    BaghError,
    "The parts of a position that do not make a position under the rule set."
);

/// The attributes each exception class declares (in the stubs). Each is
/// `None` on the class, so that every instance has every attribute of its
/// class and sets those that apply to it.
const CLASS_ATTRIBUTES: [(&str, &[&str]); 5] = [
    ("ParseError", &["text", "column", "what", "line", "game"]),
    (
        "IllegalMoveError",
        &[
            "move",
            "position",
            "reason",
            "suggestion",
            "captures",
            "repeated_ply",
            "line",
            "column",
            "what",
            "game",
        ],
    ),
    (
        "RulesetError",
        &["field", "text", "column", "what", "line", "game"],
    ),
    ("SetupError", &["field"]),
    ("RecordContentError", &["cause", "tag", "ply"]),
];

/// Adds the exception classes to the module, with their attributes' defaults.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("BaghError", py.get_type::<BaghError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RulesetError", py.get_type::<RulesetError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("RecordContentError", py.get_type::<RecordContentError>())?;
    for (class, attributes) in CLASS_ATTRIBUTES {
        let class = m.getattr(class)?;
        for attribute in attributes {
            class.setattr(*attribute, py.None())?;
        }
    }
    Ok(())
}

/// An exception with attributes set on it, for callers that want more than
/// the message.
fn with_attributes(error: PyErr, attributes: &[(&str, Py<PyAny>)]) -> PyErr {
    Python::attach(|py| {
        let value = error.value(py);
        for (name, attribute) in attributes {
            // Setting an attribute on a fresh exception object cannot fail in
            // practice; if it did, the exception is still the right one.
            let _ = value.setattr(*name, attribute.bind(py));
        }
        error
    })
}

fn object<'py, T: IntoPyObjectExt<'py>>(py: Python<'py>, value: T) -> Py<PyAny> {
    value.into_py_any(py).unwrap_or_else(|_| py.None())
}

/// The attributes of a text that could not be read: `text`, `column` (1-based,
/// in characters) and `what` (`"point"`, `"move"`, `"position"`, `"rule set"`).
fn parse_attributes(error: &bagh_core::ParseError) -> Vec<(&'static str, Py<PyAny>)> {
    Python::attach(|py| {
        vec![
            ("text", object(py, error.input())),
            ("column", object(py, error.column())),
            ("what", object(py, error.what().to_string())),
        ]
    })
}

/// A text that could not be read; a rule-set text whose fields read but do
/// not make a valid rule set is a `RulesetError` (with a `field` attribute).
pub fn parse_error(error: bagh_core::ParseError) -> PyErr {
    let mut attributes = parse_attributes(&error);
    let exception = match error.kind() {
        bagh_core::ParseErrorKind::Ruleset(inner) => {
            attributes.push(("field", Python::attach(|py| object(py, inner.field()))));
            RulesetError::new_err(error.to_string())
        }
        _ => ParseError::new_err(error.to_string()),
    };
    with_attributes(exception, &attributes)
}

/// A refused move, with the attributes `move` (its text) and `position` (the
/// position string).
pub fn illegal_move(error: bagh_core::IllegalMoveError) -> PyErr {
    let attributes = illegal_move_attributes(&error);
    with_attributes(IllegalMoveError::new_err(error.to_string()), &attributes)
}

/// The attributes of a refused move: `move`, `position`, `reason` (the
/// kebab-case name of the core's reason), and where they apply `suggestion`
/// (the move probably meant), `captures` (the mandatory captures) and
/// `repeated_ply`.
fn illegal_move_attributes(error: &bagh_core::IllegalMoveError) -> Vec<(&'static str, Py<PyAny>)> {
    Python::attach(|py| {
        let captures = (!error.captures().is_empty()).then(|| {
            error
                .captures()
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        });
        vec![
            ("move", object(py, error.mv().to_string())),
            ("position", object(py, error.position())),
            ("reason", object(py, error.reason().name())),
            (
                "suggestion",
                object(py, error.suggestion().map(|mv| mv.to_string())),
            ),
            ("captures", object(py, captures)),
            ("repeated_ply", object(py, error.repeated_ply())),
        ]
    })
}

/// A tag or comment that a record refuses, with the attributes `cause` (the
/// core's kebab-case name), and `tag` or `ply`.
pub fn record_content_error(error: bagh_core::RecordContentError) -> PyErr {
    let attributes = Python::attach(|py| {
        vec![
            ("cause", object(py, error.cause())),
            ("tag", object(py, error.tag())),
            ("ply", object(py, error.ply())),
        ]
    });
    with_attributes(RecordContentError::new_err(error.to_string()), &attributes)
}

/// Fields that do not make a rule set, with the attribute `field`.
pub fn ruleset_error(error: bagh_core::RulesetError) -> PyErr {
    let field = Python::attach(|py| object(py, error.field()));
    with_attributes(
        RulesetError::new_err(error.to_string()),
        &[("field", field)],
    )
}

/// A `RulesetError` about the argument `field` of `Ruleset(...)`.
pub fn ruleset_field_error(field: &'static str, message: String) -> PyErr {
    let field = Python::attach(|py| object(py, field));
    with_attributes(RulesetError::new_err(message), &[("field", field)])
}

/// Parts of a position that the rule set refuses, with the attribute `field`:
/// the name of `Position.from_parts`'s argument at fault.
pub fn setup_error(error: bagh_core::SetupError) -> PyErr {
    let field = error.field();
    setup_field_error(field, format!("{field}: {}", error.reason()))
}

/// A `SetupError` about the argument `field` of `Position.from_parts`.
pub fn setup_field_error(field: &'static str, message: String) -> PyErr {
    let field = Python::attach(|py| object(py, field));
    with_attributes(SetupError::new_err(message), &[("field", field)])
}

/// A game record that could not be read, with the attributes `line` and
/// `column`; its class follows the cause.
pub fn record_error(error: bagh_core::RecordError) -> PyErr {
    let mut attributes = Python::attach(|py| {
        vec![
            ("line", object(py, error.line())),
            ("column", object(py, error.column())),
        ]
    });
    let message = error.to_string();
    let exception = match error.kind() {
        bagh_core::RecordErrorKind::IllegalMove(inner) => {
            attributes.extend(illegal_move_attributes(inner));
            IllegalMoveError::new_err(message)
        }
        bagh_core::RecordErrorKind::Rules(inner) => match inner.kind() {
            bagh_core::ParseErrorKind::Ruleset(ruleset) => {
                attributes.push(("field", Python::attach(|py| object(py, ruleset.field()))));
                RulesetError::new_err(message)
            }
            _ => ParseError::new_err(message),
        },
        _ => ParseError::new_err(message),
    };
    with_attributes(exception, &attributes)
}

/// JSON that could not be read, with the attribute `what` (`"JSON"`), and
/// `line` and `column` where the JSON text itself is at fault (a value that
/// parses but does not check, such as an illegal move, has none).
pub fn json_error(error: serde_json::Error) -> PyErr {
    let attributes = Python::attach(|py| {
        let mut attributes = vec![("what", object(py, "JSON"))];
        if error.line() > 0 {
            attributes.push(("line", object(py, error.line())));
            attributes.push(("column", object(py, error.column())));
        }
        attributes
    });
    with_attributes(
        ParseError::new_err(format!("invalid JSON: {error}")),
        &attributes,
    )
}

/// A text of the `baghchal` package that could not be read, or a game that
/// cannot be written in its format: `column` and `what` (`"baghchal game
/// text"` or `"baghchal position string"`); an illegal move is an
/// `IllegalMoveError` with `move` and `position` too.
pub fn baghchal_error(error: bagh_core::BaghchalError) -> PyErr {
    let mut attributes = Python::attach(|py| {
        vec![
            ("column", object(py, error.column())),
            ("what", object(py, format!("baghchal {}", error.what()))),
        ]
    });
    let message = error.to_string();
    let exception = match error.kind() {
        bagh_core::BaghchalErrorKind::IllegalMove(inner) => {
            attributes.extend(illegal_move_attributes(inner));
            IllegalMoveError::new_err(message)
        }
        bagh_core::BaghchalErrorKind::NotTheStandardStart { .. } => BaghError::new_err(message),
        _ => ParseError::new_err(message),
    };
    with_attributes(exception, &attributes)
}
