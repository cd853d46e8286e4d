//! `Ruleset`: a preset, a rule set's text form, or the builder's fields
//! given as an options object (as `bagh-node/src/ruleset.rs`).

use bagh_core::{ParseErrorKind, Repetition, Ruleset, TigerMoves};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{camel_case, ErrorClass, Failure, JsResult, OrThrow};
use crate::points::{nullable, point_names};

/// A validated rule set: a preset or any sensible combination of fields.
#[wasm_bindgen(js_name = Ruleset)]
#[derive(Clone, Copy)]
pub struct JsRuleset {
    pub(crate) inner: Ruleset,
}

impl From<Ruleset> for JsRuleset {
    fn from(inner: Ruleset) -> JsRuleset {
        JsRuleset { inner }
    }
}

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

fn field_error(field: &'static str, message: String) -> Failure {
    field_error_named(field.to_string(), message)
}

fn field_error_named(field: String, message: String) -> Failure {
    Failure::new(ErrorClass::Ruleset, message).with("field", Some(field))
}

/// A whole number from `low` to `high`, or a `RulesetError` about `field`.
fn count(field: &'static str, value: f64, low: u32, high: u32, what: &str) -> Result<u32, Failure> {
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
fn repetition_of(text: &str) -> Result<Repetition, Failure> {
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

/// The rule set of `new Ruleset(options)`.
fn build(options: &JsValue) -> Result<Ruleset, Failure> {
    const CALL: &str = "new Ruleset";
    let defaults = Ruleset::default();
    let mut builder = Ruleset::builder();
    let Some(options) = args::options(CALL, options, RULESET_OPTIONS)? else {
        return Ok(defaults);
    };
    let get = |name: &str| args::get(&options, name);
    let mut tiger_count = defaults.tiger_count();
    if let Some(tigers) = args::opt_texts("Ruleset: tigers", &get("tigers"))? {
        tiger_count = tigers.len();
        builder = builder.tigers(tigers.iter().map(String::as_str));
    }
    let most_goats = 25u32.saturating_sub(tiger_count as u32).max(1);
    let goats = match args::opt_number("Ruleset: goats", &get("goats"))? {
        Some(goats) => count("goats", goats, 1, most_goats, "a number of goats")?,
        None => u32::from(defaults.goats()),
    };
    let capture_target = match args::opt_number("Ruleset: captureTarget", &get("captureTarget"))? {
        Some(target) => count("captureTarget", target, 1, goats, "a number of captures")?,
        None => u32::from(defaults.capture_target()),
    };
    if let Some(moves) = args::opt_text("Ruleset: tigerMoves", &get("tigerMoves"))? {
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
    if let Some(mandatory) = args::opt_bool("Ruleset: mandatoryCapture", &get("mandatoryCapture"))?
    {
        builder = builder.mandatory_capture(mandatory);
    }
    if let Some(loses) = args::opt_bool("Ruleset: blockedSideLoses", &get("blockedSideLoses"))? {
        builder = builder.blocked_side_loses(loses);
    }
    if let Some(repetition) = args::opt_text("Ruleset: repetition", &get("repetition"))? {
        builder = builder.repetition(repetition_of(&repetition)?);
    }
    if let Some(limit) = args::opt_number("Ruleset: noProgressLimit", &get("noProgressLimit"))? {
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

/// The rule set of a preset id or a text form (a `Ruleset` argument is
/// passed as its text by the JavaScript layer), or `bagh-chal` for none.
pub fn rules_of(call: &str, value: &JsValue) -> Result<Ruleset, Failure> {
    match args::opt_text(call, value)? {
        None => Ok(Ruleset::default()),
        Some(text) => Ok(text.parse::<Ruleset>()?),
    }
}

#[wasm_bindgen(js_class = Ruleset)]
impl JsRuleset {
    /// A rule set from its fields; a field left out takes the value of
    /// `bagh-chal`. A bad field is a `RulesetError` whose `field` names it.
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> JsResult<JsRuleset> {
        build(&options).map(JsRuleset::from).or_throw()
    }

    /// The preset with this id; a `ParseError` for an unknown id.
    pub fn preset(id: JsValue) -> JsResult<JsRuleset> {
        let id = args::text("Ruleset.preset", &id).or_throw()?;
        Ruleset::preset(&id).map(JsRuleset::from).or_throw()
    }

    /// The ids of the presets.
    #[wasm_bindgen(js_name = presetIds)]
    pub fn preset_ids() -> Vec<String> {
        Ruleset::preset_ids().map(String::from).collect()
    }

    /// Reads a preset id or the `key=value` text form.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: JsValue) -> JsResult<JsRuleset> {
        let text = args::text("Ruleset.fromText", &text).or_throw()?;
        text.parse::<Ruleset>().map(JsRuleset::from).or_throw()
    }

    /// The preset id of this rule set, or `null`.
    #[wasm_bindgen(getter = presetId)]
    pub fn preset_id(&self) -> JsValue {
        nullable(self.inner.preset_id())
    }

    /// The tigers' start points, in board order (`a1`, `b1`, ..., `e5`).
    #[wasm_bindgen(getter)]
    pub fn tigers(&self) -> Vec<String> {
        point_names(self.inner.tigers())
    }

    #[wasm_bindgen(getter = tigerCount)]
    pub fn tiger_count(&self) -> u32 {
        self.inner.tiger_count() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn goats(&self) -> u32 {
        u32::from(self.inner.goats())
    }

    #[wasm_bindgen(getter = captureTarget)]
    pub fn capture_target(&self) -> u32 {
        u32::from(self.inner.capture_target())
    }

    /// `"step"` or `"slide"`.
    #[wasm_bindgen(getter = tigerMoves)]
    pub fn tiger_moves(&self) -> String {
        self.inner.tiger_moves().name().into()
    }

    #[wasm_bindgen(getter = mandatoryCapture)]
    pub fn mandatory_capture(&self) -> bool {
        self.inner.mandatory_capture()
    }

    #[wasm_bindgen(getter = blockedSideLoses)]
    pub fn blocked_side_loses(&self) -> bool {
        self.inner.blocked_side_loses()
    }

    /// `"forbidden"`, `"allowed"` or `"draw(n)"`.
    #[wasm_bindgen(getter)]
    pub fn repetition(&self) -> String {
        self.inner.repetition().to_string()
    }

    /// Plies without progress after which the game is drawn, or `null`.
    #[wasm_bindgen(getter = noProgressLimit)]
    pub fn no_progress_limit(&self) -> JsValue {
        nullable(self.inner.no_progress_limit().map(|n| u32::from(n.get())))
    }

    /// Whether `other` is the same rule set.
    pub fn equals(&self, other: &JsRuleset) -> bool {
        self.inner == other.inner
    }

    /// The preset id, or the `key=value` text form.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
