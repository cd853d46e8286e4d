//! `Ruleset`: a preset, a rule set's text form, or the builder's fields
//! given as an options object, checked as the addon checks them.

use bagh_bindings::{RulesetFields, RULESET_OPTIONS};
use bagh_core::Ruleset;
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{Failure, JsResult, OrThrow};
use crate::points::{nullable, point_names};

/// A validated rule set: a preset or any sensible combination of fields.
#[wasm_bindgen(js_name = Ruleset)]
#[derive(Clone, Copy)]
pub struct JsRuleset {
    pub(crate) inner: Ruleset,
}

bagh_bindings::wraps!(JsRuleset, Ruleset);

/// The rule set of `new Ruleset(options)`: the fields read as the addon
/// reads them, checked by `RulesetFields`.
fn build(options: &JsValue) -> Result<Ruleset, Failure> {
    let Some(options) = args::options("new Ruleset", options, RULESET_OPTIONS)? else {
        return Ok(Ruleset::default());
    };
    let get = |name: &str| args::get(&options, name);
    let fields = RulesetFields {
        tigers: args::opt_texts("Ruleset: tigers", &get("tigers"))?,
        goats: args::opt_number("Ruleset: goats", &get("goats"))?,
        capture_target: args::opt_number("Ruleset: captureTarget", &get("captureTarget"))?,
        tiger_moves: args::opt_text("Ruleset: tigerMoves", &get("tigerMoves"))?,
        mandatory_capture: args::opt_bool("Ruleset: mandatoryCapture", &get("mandatoryCapture"))?,
        blocked_side_loses: args::opt_bool("Ruleset: blockedSideLoses", &get("blockedSideLoses"))?,
        repetition: args::opt_text("Ruleset: repetition", &get("repetition"))?,
        no_progress_limit: args::opt_number("Ruleset: noProgressLimit", &get("noProgressLimit"))?,
    };
    fields.build()
}

/// The rule set of a preset id or a text form (a `Ruleset` argument is
/// passed as its text by the JavaScript layer), or `bagh-chal` for none.
pub fn rules_of(call: &str, value: &JsValue) -> Result<Ruleset, Failure> {
    bagh_bindings::rules_of(args::opt_text(call, value)?.as_deref())
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
