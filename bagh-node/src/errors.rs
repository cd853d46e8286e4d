//! The error classes and the conversion of the core's error values.
//!
//! The classes are plain JavaScript classes (`BaghError extends Error` and
//! its subclasses, defined by `install.js` when the addon loads), so that
//! `instanceof`, `name` and stack traces behave as for any Node error. Every
//! failure of the core becomes one of them: the message is the core's
//! `Display` text, `code` names the class (`ERR_BAGH_ILLEGAL_MOVE`, ...),
//! and the details the Python exceptions carry as attributes (`move`,
//! `position`, `reason`, `field`, `line`, `column`, ...) are properties.

use std::cell::RefCell;
use std::mem::ManuallyDrop;

use napi::bindgen_prelude::{FnArgs, Function, FunctionRef, JsValue, Object};
use napi::{Env, Error, Result, Status};

/// The function `install.js` returns: (class name, message) to a new error
/// object.
type MakeError = FunctionRef<FnArgs<(&'static str, String)>, Object<'static>>;

/// The function `install.js` is: it takes the exports and returns the
/// function that makes errors.
type Install<'env> = Function<
    'env,
    FnArgs<(Object<'env>,)>,
    Function<'env, FnArgs<(&'static str, String)>, Object<'env>>,
>;

thread_local! {
    /// One per Node environment (each runs on its own thread). Never
    /// dropped: the environment owns the function, and it outlives the
    /// addon's use of it.
    static MAKE_ERROR: RefCell<Option<ManuallyDrop<MakeError>>> = const { RefCell::new(None) };
}

/// Defines the error classes and the niceties of `install.js` on `exports`.
pub fn install(env: &Env, exports: &Object) -> Result<()> {
    let install: Install = env.run_script(include_str!("install.js"))?;
    let make = install.call((*exports,).into())?;
    let make: MakeError = make.create_ref()?;
    MAKE_ERROR.with(|slot| *slot.borrow_mut() = Some(ManuallyDrop::new(make)));
    Ok(())
}

/// The classes of errors, named as in the Python package.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorClass {
    /// Text that cannot be read.
    Parse,
    /// A move that cannot be played.
    IllegalMove,
    /// Rule-set fields that do not fit together.
    Ruleset,
    /// Parts of a position that do not fit the rule set.
    Setup,
    /// A tag or comment a record cannot hold.
    RecordContent,
    /// An argument of the wrong kind, or an unknown option.
    Argument,
    /// A search that cannot start, or an engine that cannot be made.
    Engine,
    /// Tables that cannot be opened, or that cannot answer.
    Tablebase,
}

impl ErrorClass {
    fn name(self) -> &'static str {
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
/// details. Built without an `Env`, so that the conversions below stay
/// plain functions; `throw` turns it into the error object.
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

    /// Adds a detail; `None` adds nothing.
    pub fn with(mut self, name: &'static str, value: Option<impl Into<Detail>>) -> Failure {
        if let Some(value) = value {
            self.details.push((name, value.into()));
        }
        self
    }

    /// The error object as a `napi::Error` that throws it.
    pub fn throw(self, env: &Env) -> Error {
        match self.build(env) {
            Ok(error) => error,
            // The environment cannot make objects (it is shutting down):
            // a plain error with the same message is all that is left.
            Err(_) => Error::new(Status::GenericFailure, self.message),
        }
    }

    fn build(&self, env: &Env) -> Result<Error> {
        Ok(Error::from(self.object(env)?.to_unknown()))
    }

    /// The error object itself, for a list that holds errors in place of
    /// values (`readRecordsText(text, { errors: "collect" })`).
    pub fn into_object(self, env: &Env) -> Result<Object<'static>> {
        self.object(env)
    }

    fn object(&self, env: &Env) -> Result<Object<'static>> {
        let mut made = MAKE_ERROR.with(|slot| -> Result<Object<'static>> {
            let slot = slot.borrow();
            let make = slot
                .as_ref()
                .ok_or_else(|| Error::from_reason("the bagh addon is not initialised"))?;
            make.borrow_back(env)?
                .call((self.class.name(), self.message.clone()).into())
        })?;
        for (name, value) in &self.details {
            match value {
                Detail::Text(text) => made.set(name, text.as_str())?,
                Detail::Number(number) => made.set(name, *number)?,
                Detail::Texts(texts) => made.set(name, texts.clone())?,
            }
        }
        Ok(made)
    }
}

/// Something that can fail with a `Failure`: `.or_throw(&env)` makes the
/// result one that napi returns to JavaScript.
pub trait OrThrow<T> {
    fn or_throw(self, env: &Env) -> Result<T>;
}

impl<T, E: Into<Failure>> OrThrow<T> for std::result::Result<T, E> {
    fn or_throw(self, env: &Env) -> Result<T> {
        self.map_err(|error| error.into().throw(env))
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
pub fn camel_case(field: &'static str) -> String {
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

impl From<bagh_engine::EngineError> for Failure {
    fn from(error: bagh_engine::EngineError) -> Failure {
        Failure::new(ErrorClass::Engine, error.to_string())
    }
}

impl From<bagh_engine::MatchError> for Failure {
    /// A match that cannot go on: the engine's or the tables' error as
    /// theirs, an illegal move or a bad opening as an `EngineError` that
    /// names the player and the game.
    fn from(error: bagh_engine::MatchError) -> Failure {
        match error {
            bagh_engine::MatchError::Engine(e) => e.into(),
            bagh_engine::MatchError::Tables(e) => e.into(),
            other => Failure::new(ErrorClass::Engine, other.to_string()),
        }
    }
}

impl From<bagh_tablebase::TablebaseError> for Failure {
    fn from(error: bagh_tablebase::TablebaseError) -> Failure {
        Failure::new(ErrorClass::Tablebase, error.to_string())
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
