//! The core's error values as JavaScript errors.
//!
//! A failure crosses the boundary as a plain `Error` whose `baghClass`
//! names the addon's class (`ParseError`, `IllegalMoveError`, ...) and whose
//! other properties are the details (`move`, `position`, `reason`, `field`,
//! `line`, `column`, ...). The package's JavaScript layer (`js/layer.js`)
//! turns it into that `BaghError` subclass, so that `instanceof`, `code` and
//! the details are the addon's. The classes and details follow
//! `bagh-node/src/errors.rs`, which maps the same core errors.

use js_sys::{Array, Error as JsError, Reflect};
use wasm_bindgen::JsValue;

/// The classes of errors, named as in the addon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    Parse,
    IllegalMove,
    Ruleset,
    Setup,
    RecordContent,
    Argument,
    Engine,
    Tablebase,
}

impl ErrorClass {
    pub fn name(self) -> &'static str {
        match self {
            ErrorClass::Parse => "ParseError",
            ErrorClass::IllegalMove => "IllegalMoveError",
            ErrorClass::Ruleset => "RulesetError",
            ErrorClass::Setup => "SetupError",
            ErrorClass::RecordContent => "RecordContentError",
            ErrorClass::Argument => "ArgumentError",
            ErrorClass::Engine => "EngineError",
            ErrorClass::Tablebase => "TablebaseError",
        }
    }
}

/// One detail of an error, set as a property of the error object.
pub enum Detail {
    Text(String),
    Number(f64),
    Texts(Vec<String>),
}

impl From<&str> for Detail {
    fn from(text: &str) -> Detail {
        Detail::Text(text.to_string())
    }
}

impl From<String> for Detail {
    fn from(text: String) -> Detail {
        Detail::Text(text)
    }
}

impl From<usize> for Detail {
    fn from(number: usize) -> Detail {
        Detail::Number(number as f64)
    }
}

/// A failure on its way to JavaScript: the class, the message and the
/// details.
pub struct Failure {
    pub class: ErrorClass,
    pub message: String,
    pub details: Vec<(&'static str, Detail)>,
}

impl Failure {
    pub fn new(class: ErrorClass, message: impl Into<String>) -> Failure {
        Failure {
            class,
            message: message.into(),
            details: Vec::new(),
        }
    }

    /// An `ArgumentError`.
    pub fn argument(message: impl Into<String>) -> Failure {
        Failure::new(ErrorClass::Argument, message)
    }

    /// Adds a detail; `None` adds nothing.
    pub fn with(mut self, name: &'static str, value: Option<impl Into<Detail>>) -> Failure {
        if let Some(value) = value {
            self.details.push((name, value.into()));
        }
        self
    }
}

impl From<Failure> for JsValue {
    /// The raw error object that the JavaScript layer translates.
    fn from(failure: Failure) -> JsValue {
        let error = JsError::new(&failure.message);
        // Setting a property on a fresh Error cannot fail; a failure would
        // only lose a detail, never the error.
        let _ = Reflect::set(&error, &"baghClass".into(), &failure.class.name().into());
        for (name, value) in failure.details {
            let value = match value {
                Detail::Text(text) => JsValue::from(text),
                Detail::Number(number) => JsValue::from(number),
                Detail::Texts(texts) => texts
                    .into_iter()
                    .map(JsValue::from)
                    .collect::<Array>()
                    .into(),
            };
            let _ = Reflect::set(&error, &name.into(), &value);
        }
        error.into()
    }
}

/// A result that JavaScript receives: the value, or the error it throws.
pub type JsResult<T> = Result<T, JsValue>;

/// Something that can fail with a `Failure`: `.or_throw()` makes the
/// error the JavaScript value that is thrown.
pub trait OrThrow<T> {
    fn or_throw(self) -> JsResult<T>;
}

impl<T, E: Into<Failure>> OrThrow<T> for Result<T, E> {
    fn or_throw(self) -> JsResult<T> {
        self.map_err(|error| JsValue::from(error.into()))
    }
}

fn parse_details(failure: Failure, error: &bagh_core::ParseError) -> Failure {
    failure
        .with("text", Some(error.input()))
        .with("column", Some(error.column()))
        .with("what", Some(error.what().to_string()))
}

impl From<bagh_core::ParseError> for Failure {
    /// A text that could not be read; a rule-set text whose fields read but
    /// do not make a rule set is a `RulesetError` with its `field`.
    fn from(error: bagh_core::ParseError) -> Failure {
        let failure = match error.kind() {
            bagh_core::ParseErrorKind::Ruleset(inner) => {
                Failure::new(ErrorClass::Ruleset, error.to_string())
                    .with("field", Some(inner.field()))
            }
            _ => Failure::new(ErrorClass::Parse, error.to_string()),
        };
        parse_details(failure, &error)
    }
}

fn illegal_move_details(failure: Failure, error: &bagh_core::IllegalMoveError) -> Failure {
    let captures = (!error.captures().is_empty())
        .then(|| Detail::Texts(error.captures().iter().map(ToString::to_string).collect()));
    failure
        .with("move", Some(error.mv().to_string()))
        .with("position", Some(error.position()))
        .with("reason", Some(error.reason().name()))
        .with("suggestion", error.suggestion().map(|mv| mv.to_string()))
        .with("captures", captures)
        .with("repeatedPly", error.repeated_ply())
}

impl From<bagh_core::IllegalMoveError> for Failure {
    fn from(error: bagh_core::IllegalMoveError) -> Failure {
        let failure = Failure::new(ErrorClass::IllegalMove, error.to_string());
        illegal_move_details(failure, &error)
    }
}

impl From<bagh_core::RulesetError> for Failure {
    fn from(error: bagh_core::RulesetError) -> Failure {
        Failure::new(ErrorClass::Ruleset, error.to_string()).with("field", Some(error.field()))
    }
}

/// A field name of the core (`goats_in_hand`) as the option it is in
/// JavaScript (`goatsInHand`).
pub fn camel_case(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut upper = false;
    for c in field.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(feature = "engine")]
impl From<bagh_engine::EngineError> for Failure {
    fn from(error: bagh_engine::EngineError) -> Failure {
        Failure::new(ErrorClass::Engine, error.to_string())
    }
}

impl From<bagh_core::SetupError> for Failure {
    /// Parts of a position (`Position.fromParts`) that do not fit the rule
    /// set; `field` is the name of the option at fault.
    fn from(error: bagh_core::SetupError) -> Failure {
        let field = camel_case(error.field());
        Failure::new(ErrorClass::Setup, format!("{field}: {}", error.reason()))
            .with("field", Some(field))
    }
}

impl From<bagh_core::RecordContentError> for Failure {
    fn from(error: bagh_core::RecordContentError) -> Failure {
        Failure::new(ErrorClass::RecordContent, error.to_string())
            .with("cause", Some(error.cause()))
            .with("tag", error.tag())
            .with("ply", error.ply())
    }
}

impl From<bagh_core::RecordError> for Failure {
    /// A record that could not be read, with its `line` and `column`; the
    /// class follows the cause (an illegal move, a rule set, the text).
    fn from(error: bagh_core::RecordError) -> Failure {
        let message = error.to_string();
        let failure = match error.kind() {
            bagh_core::RecordErrorKind::IllegalMove(inner) => {
                illegal_move_details(Failure::new(ErrorClass::IllegalMove, message), inner)
            }
            bagh_core::RecordErrorKind::Rules(inner) => match inner.kind() {
                bagh_core::ParseErrorKind::Ruleset(ruleset) => {
                    Failure::new(ErrorClass::Ruleset, message).with("field", Some(ruleset.field()))
                }
                _ => Failure::new(ErrorClass::Parse, message),
            },
            _ => Failure::new(ErrorClass::Parse, message),
        };
        failure
            .with("line", Some(error.line()))
            .with("column", Some(error.column()))
    }
}
