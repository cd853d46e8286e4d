//! `Ruleset`: a preset, a rule set's text form, or the builder's fields
//! given as an options object.

use bagh_core::{ParseErrorKind, Repetition, Ruleset, TigerMoves};
use napi::bindgen_prelude::{FromNapiValue, JsValue, Object};
use napi::{Env, Result};
use napi_derive::napi;

use crate::convert::point_names;
use crate::errors::{camel_case, ErrorClass, Failure, OrThrow};

/// A validated rule set: a preset or any sensible combination of fields.
#[napi(js_name = "Ruleset")]
#[derive(Clone, Copy)]
pub struct JsRuleset {
    pub(crate) inner: Ruleset,
}

impl From<Ruleset> for JsRuleset {
    fn from(inner: Ruleset) -> JsRuleset {
        JsRuleset { inner }
    }
}

/// The fields of `new Ruleset({...})`, the Python keywords in camelCase.
/// A field left out (or `null`) takes the value of `bagh-chal`.
/// The keys of `RulesetOptions`, as JavaScript spells them.
const RULESET_OPTIONS: &[&str] = &[
    "tigers",
    "goats",
    "captureTarget",
    "tigerMoves",
    "mandatoryCapture",
    "blockedSideLoses",
    "repetition",
    "noProgressLimit",
];

#[napi(object)]
pub struct RulesetOptions {
    /// The tigers' start points, e.g. `["a1", "e1", "a5", "e5"]`.
    pub tigers: Option<Vec<String>>,
    pub goats: Option<f64>,
    pub capture_target: Option<f64>,
    /// `"step"` or `"slide"`.
    pub tiger_moves: Option<String>,
    pub mandatory_capture: Option<bool>,
    pub blocked_side_loses: Option<bool>,
    /// `"forbidden"`, `"allowed"` or `"draw(n)"`.
    pub repetition: Option<String>,
    pub no_progress_limit: Option<f64>,
}

fn field_error(field: &'static str, message: String) -> Failure {
    field_error_named(field.to_string(), message)
}

fn field_error_named(field: String, message: String) -> Failure {
    Failure::new(ErrorClass::Ruleset, message).with("field", Some(field))
}

/// A whole number from `low` to `high`, or a `RulesetError` about `field`.
fn count(
    field: &'static str,
    value: f64,
    low: u32,
    high: u32,
    what: &str,
) -> std::result::Result<u32, Failure> {
    if value.fract() == 0.0 && value >= f64::from(low) && value <= f64::from(high) {
        Ok(value as u32)
    } else {
        Err(field_error(
            field,
            format!("{field}: expected {what} from {low} to {high}, found {value}"),
        ))
    }
}

/// The repetition policy, read through the core's rule-set text so that the
/// count is checked in one place.
fn repetition_of(text: &str) -> std::result::Result<Repetition, Failure> {
    let expected = || {
        field_error(
            "repetition",
            format!(
                "repetition: expected \"forbidden\", \"allowed\" or \"draw(n)\" \
                 with n from 2 to 255, found {text:?}"
            ),
        )
    };
    if text.is_empty() || text.contains(char::is_whitespace) || text.contains('=') {
        return Err(expected());
    }
    match format!("repetition={text}").parse::<Ruleset>() {
        Ok(rules) => Ok(rules.repetition()),
        Err(error) => match error.kind() {
            ParseErrorKind::Ruleset(inner) => Err(inner.clone().into()),
            _ => Err(expected()),
        },
    }
}

fn build(options: RulesetOptions) -> std::result::Result<Ruleset, Failure> {
    let defaults = Ruleset::default();
    let mut builder = Ruleset::builder();
    let mut tiger_count = defaults.tiger_count();
    if let Some(tigers) = &options.tigers {
        tiger_count = tigers.len();
        builder = builder.tigers(tigers.iter().map(String::as_str));
    }
    let most_goats = 25u32.saturating_sub(tiger_count as u32).max(1);
    let goats = match options.goats {
        Some(goats) => count("goats", goats, 1, most_goats, "a number of goats")?,
        None => u32::from(defaults.goats()),
    };
    let capture_target = match options.capture_target {
        Some(target) => count("captureTarget", target, 1, goats, "a number of captures")?,
        None => u32::from(defaults.capture_target()),
    };
    if let Some(moves) = &options.tiger_moves {
        builder = builder.tiger_moves(match moves.as_str() {
            "step" => TigerMoves::Step,
            "slide" => TigerMoves::Slide,
            other => {
                return Err(field_error(
                    "tigerMoves",
                    format!("tigerMoves: expected \"step\" or \"slide\", found {other:?}"),
                ))
            }
        });
    }
    if let Some(mandatory) = options.mandatory_capture {
        builder = builder.mandatory_capture(mandatory);
    }
    if let Some(loses) = options.blocked_side_loses {
        builder = builder.blocked_side_loses(loses);
    }
    if let Some(repetition) = &options.repetition {
        builder = builder.repetition(repetition_of(repetition)?);
    }
    if let Some(limit) = options.no_progress_limit {
        let limit = count("noProgressLimit", limit, 1, 65535, "a number of plies")?;
        builder = builder.no_progress_limit(u16::try_from(limit).ok());
    }
    // Both counts were checked against ranges that fit in a u8 above.
    let goats = u8::try_from(goats).unwrap_or(u8::MAX);
    let capture_target = u8::try_from(capture_target).unwrap_or(u8::MAX);
    // The core names its fields as the text form does (`capture_target`);
    // here they are the options' names (`captureTarget`).
    builder
        .goats(goats)
        .capture_target(capture_target)
        .build()
        .map_err(|error| {
            let field = camel_case(error.field());
            let message = error.to_string();
            let message = match message.strip_prefix(error.field()) {
                Some(rest) => format!("{field}{rest}"),
                None => message,
            };
            field_error_named(field, message)
        })
}

#[napi]
impl JsRuleset {
    /// A rule set from its fields; a field left out takes the value of
    /// `bagh-chal`. A bad field is a `RulesetError` whose `field` names it.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, options: Option<Object>) -> Result<JsRuleset> {
        let options: Option<RulesetOptions> = match options {
            Some(object) => {
                crate::options::check_keys(&object, RULESET_OPTIONS, "Ruleset").or_throw(&env)?;
                // SAFETY: both handles come from this call's environment.
                Some(unsafe { RulesetOptions::from_napi_value(env.raw(), object.raw())? })
            }
            None => None,
        };
        let options = options.unwrap_or(RulesetOptions {
            tigers: None,
            goats: None,
            capture_target: None,
            tiger_moves: None,
            mandatory_capture: None,
            blocked_side_loses: None,
            repetition: None,
            no_progress_limit: None,
        });
        build(options).map(JsRuleset::from).or_throw(&env)
    }

    /// The preset with this id (`bagh-chal`, `bagh-chal-blocked-loses`,
    /// `two-tigers`); a `ParseError` for an unknown id.
    #[napi(factory, catch_unwind)]
    pub fn preset(env: Env, id: String) -> Result<JsRuleset> {
        Ruleset::preset(&id).map(JsRuleset::from).or_throw(&env)
    }

    /// The ids of the presets.
    #[napi(catch_unwind)]
    pub fn preset_ids() -> Vec<&'static str> {
        Ruleset::preset_ids().collect()
    }

    /// Reads a preset id or the `key=value` text form.
    #[napi(factory, catch_unwind)]
    pub fn from_text(env: Env, text: String) -> Result<JsRuleset> {
        text.parse::<Ruleset>().map(JsRuleset::from).or_throw(&env)
    }

    /// The preset id of this rule set, or `null`.
    #[napi(getter, catch_unwind)]
    pub fn preset_id(&self) -> Option<&'static str> {
        self.inner.preset_id()
    }

    /// The tigers' start points, in board order (`a1`, `b1`, ..., `e5`).
    #[napi(getter, catch_unwind)]
    pub fn tigers(&self) -> Vec<String> {
        point_names(self.inner.tigers())
    }

    #[napi(getter, catch_unwind)]
    pub fn tiger_count(&self) -> u32 {
        self.inner.tiger_count() as u32
    }

    #[napi(getter, catch_unwind)]
    pub fn goats(&self) -> u32 {
        u32::from(self.inner.goats())
    }

    #[napi(getter, catch_unwind)]
    pub fn capture_target(&self) -> u32 {
        u32::from(self.inner.capture_target())
    }

    /// `"step"` or `"slide"`.
    #[napi(getter, catch_unwind)]
    pub fn tiger_moves(&self) -> &'static str {
        self.inner.tiger_moves().name()
    }

    #[napi(getter, catch_unwind)]
    pub fn mandatory_capture(&self) -> bool {
        self.inner.mandatory_capture()
    }

    #[napi(getter, catch_unwind)]
    pub fn blocked_side_loses(&self) -> bool {
        self.inner.blocked_side_loses()
    }

    /// `"forbidden"`, `"allowed"` or `"draw(n)"`.
    #[napi(getter, catch_unwind)]
    pub fn repetition(&self) -> String {
        self.inner.repetition().to_string()
    }

    /// Plies without progress after which the game is drawn, or `null`.
    #[napi(getter, catch_unwind)]
    pub fn no_progress_limit(&self) -> Option<u32> {
        self.inner.no_progress_limit().map(|n| u32::from(n.get()))
    }

    /// Whether `other` is the same rule set.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: &JsRuleset) -> bool {
        self.inner == other.inner
    }

    /// The preset id, or the `key=value` text form.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
