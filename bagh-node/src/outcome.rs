//! `Outcome`: how a game ended.

use bagh_bindings::outcome_of;
use bagh_core::{Outcome, Side};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;

/// How a game ended: the winner (`null` for a draw) and the reason.
#[napi(js_name = "Outcome")]
#[derive(Clone, Copy)]
pub struct JsOutcome {
    pub(crate) inner: Outcome,
}

bagh_bindings::wraps!(JsOutcome, Outcome);

#[napi]
impl JsOutcome {
    /// An outcome from its parts, e.g. `new Outcome("tiger", "captures")`.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, winner: Option<String>, reason: String) -> Result<JsOutcome> {
        outcome_of(winner.as_deref(), &reason)
            .map(JsOutcome::from)
            .or_throw(&env)
    }

    /// `"goat"`, `"tiger"`, or `null` for a draw.
    #[napi(getter, catch_unwind)]
    pub fn winner(&self) -> Option<&'static str> {
        self.inner.winner.map(Side::name)
    }

    /// `"captures"`, `"tigers-trapped"`, `"goats-blocked"`, `"repetition"`
    /// or `"no-progress"`.
    #[napi(getter, catch_unwind)]
    pub fn reason(&self) -> &'static str {
        self.inner.reason.name()
    }

    /// Whether the game was drawn.
    #[napi(catch_unwind)]
    pub fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win) or `"1/2-1/2"`.
    #[napi(catch_unwind)]
    pub fn result(&self) -> &'static str {
        self.inner.result()
    }

    /// Whether `other` is the same outcome.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: &JsOutcome) -> bool {
        self.inner == other.inner
    }

    /// The result and the reason, e.g. `0-1 (captures)`.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
