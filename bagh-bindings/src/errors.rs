//! Failures on their way to JavaScript: the class of error, the message and
//! the details, made from the core's error values.
//!
//! The classes are named as the Python package's exceptions
//! (`ParseError`, `IllegalMoveError`, ...); the details are the attributes
//! those exceptions carry (`move`, `position`, `reason`, `field`, `line`,
//! `column`, ...), named in camelCase. A front end turns a [`Failure`] into
//! the error object of its host.

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
    /// The name of the class in JavaScript (`ParseError`, ...).
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

/// One detail of an error, a property of the error object.
#[derive(Clone, Debug, PartialEq)]
pub enum Detail {
    /// A string.
    Text(String),
    /// A number (JavaScript has no other).
    Number(f64),
    /// An array of strings.
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
/// details, in the order they are set on the error object.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// Which error class it becomes.
    pub class: ErrorClass,
    /// The error's message.
    pub message: String,
    /// The error's properties besides the message.
    pub details: Vec<(&'static str, Detail)>,
}

impl Failure {
    /// A failure of `class` with no details.
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

    /// The detail called `name`, if it was set.
    pub fn detail(&self, name: &str) -> Option<&Detail> {
        self.details
            .iter()
            .find(|(key, _)| *key == name)
            .map(|(_, value)| value)
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

#[cfg(feature = "engine")]
impl From<bagh_engine::EngineError> for Failure {
    fn from(error: bagh_engine::EngineError) -> Failure {
        Failure::new(ErrorClass::Engine, error.to_string())
    }
}

#[cfg(feature = "engine")]
impl From<bagh_engine::MatchError> for Failure {
    /// A match that cannot go on: the engine's or the tables' error as
    /// theirs, an illegal move or a bad opening as an `EngineError` that
    /// names the player and the game.
    fn from(error: bagh_engine::MatchError) -> Failure {
        match error {
            bagh_engine::MatchError::Engine(e) => e.into(),
            #[cfg(feature = "tablebase")]
            bagh_engine::MatchError::Tables(e) => e.into(),
            other => Failure::new(ErrorClass::Engine, other.to_string()),
        }
    }
}

#[cfg(feature = "tablebase")]
impl From<bagh_tablebase::TablebaseError> for Failure {
    fn from(error: bagh_tablebase::TablebaseError) -> Failure {
        Failure::new(ErrorClass::Tablebase, error.to_string())
    }
}
