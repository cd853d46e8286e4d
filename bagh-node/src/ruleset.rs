//! `Ruleset`: a preset, a rule set's text form, or the builder's fields
//! given as an options object.

use bagh_bindings::{point_names, RulesetFields, RULESET_OPTIONS};
use bagh_core::Ruleset;
use napi::bindgen_prelude::Object;
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;
use crate::options::{check_keys, field};

/// A validated rule set: a preset or any sensible combination of fields.
#[napi(js_name = "Ruleset")]
#[derive(Clone, Copy)]
pub struct JsRuleset {
    pub(crate) inner: Ruleset,
}

bagh_bindings::wraps!(JsRuleset, Ruleset);

/// The fields of `new Ruleset({...})`, each converted by Node-API (a value
/// of another type is its conversion error, which `index.js` words as an
/// `ArgumentError`), then checked by `RulesetFields`.
fn fields_of(object: &Object) -> Result<RulesetFields> {
    Ok(RulesetFields {
        tigers: field(object, "tigers")?,
        goats: field(object, "goats")?,
        capture_target: field(object, "captureTarget")?,
        tiger_moves: field(object, "tigerMoves")?,
        mandatory_capture: field(object, "mandatoryCapture")?,
        blocked_side_loses: field(object, "blockedSideLoses")?,
        repetition: field(object, "repetition")?,
        no_progress_limit: field(object, "noProgressLimit")?,
    })
}

#[napi]
impl JsRuleset {
    /// A rule set from its fields; a field left out takes the value of
    /// `bagh-chal`. A bad field is a `RulesetError` whose `field` names it.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, options: Option<Object>) -> Result<JsRuleset> {
        let fields = match options {
            Some(object) => {
                check_keys(&object, RULESET_OPTIONS, "Ruleset").or_throw(&env)?;
                fields_of(&object)?
            }
            None => RulesetFields::default(),
        };
        fields.build().map(JsRuleset::from).or_throw(&env)
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
