//! `Ruleset`: a preset, a rule set's text form, or the builder's fields
//! given as an options object.

use bagh_bindings::{point_names, RulesetFields, RULESET_OPTIONS};
use bagh_core::Ruleset;
use napi::bindgen_prelude::{FromNapiValue, JsValue, Object};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;

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

/// The fields of `new Ruleset({...})` as Node-API converts them (a value
/// of another type is its conversion error, which `index.js` words as an
/// `ArgumentError`); `RulesetFields` checks them.
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

impl From<RulesetOptions> for RulesetFields {
    /// The object's fields, for the checks that the WebAssembly package
    /// shares.
    fn from(options: RulesetOptions) -> RulesetFields {
        RulesetFields {
            tigers: options.tigers,
            goats: options.goats,
            capture_target: options.capture_target,
            tiger_moves: options.tiger_moves,
            mandatory_capture: options.mandatory_capture,
            blocked_side_loses: options.blocked_side_loses,
            repetition: options.repetition,
            no_progress_limit: options.no_progress_limit,
        }
    }
}

#[napi]
impl JsRuleset {
    /// A rule set from its fields; a field left out takes the value of
    /// `bagh-chal`. A bad field is a `RulesetError` whose `field` names it.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, options: Option<Object>) -> Result<JsRuleset> {
        let fields = match options {
            Some(object) => {
                crate::options::check_keys(&object, RULESET_OPTIONS, "Ruleset").or_throw(&env)?;
                // SAFETY: both handles come from this call's environment.
                let options = unsafe { RulesetOptions::from_napi_value(env.raw(), object.raw())? };
                RulesetFields::from(options)
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
