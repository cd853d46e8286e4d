//! `Outcome`: how a game ended.

use bagh_bindings::outcome_of;
use bagh_core::{Outcome, Side};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{JsResult, OrThrow};
use crate::points::nullable;

/// How a game ended: the winner (`null` for a draw) and the reason.
#[wasm_bindgen(js_name = Outcome)]
#[derive(Clone, Copy)]
pub struct JsOutcome {
    pub(crate) inner: Outcome,
}

bagh_bindings::wraps!(JsOutcome, Outcome);

/// `null` for no outcome, else an `Outcome`.
pub fn outcome_value(outcome: Option<Outcome>) -> JsValue {
    nullable(outcome.map(JsOutcome::from))
}

#[wasm_bindgen(js_class = Outcome)]
impl JsOutcome {
    /// An outcome from its parts, e.g. `new Outcome("tiger", "captures")`.
    #[wasm_bindgen(constructor)]
    pub fn new(winner: JsValue, reason: JsValue) -> JsResult<JsOutcome> {
        let winner = args::opt_text("new Outcome", &winner).or_throw()?;
        let reason = args::text("new Outcome", &reason).or_throw()?;
        outcome_of(winner.as_deref(), &reason)
            .map(JsOutcome::from)
            .or_throw()
    }

    /// `"goat"`, `"tiger"`, or `null` for a draw.
    #[wasm_bindgen(getter)]
    pub fn winner(&self) -> JsValue {
        nullable(self.inner.winner.map(Side::name))
    }

    /// `"captures"`, `"tigers-trapped"`, `"goats-blocked"`, `"repetition"`
    /// or `"no-progress"`.
    #[wasm_bindgen(getter)]
    pub fn reason(&self) -> String {
        self.inner.reason.name().into()
    }

    /// Whether the game was drawn.
    #[wasm_bindgen(js_name = isDraw)]
    pub fn is_draw(&self) -> bool {
        self.inner.is_draw()
    }

    /// `"1-0"` (goats win), `"0-1"` (tigers win) or `"1/2-1/2"`.
    pub fn result(&self) -> String {
        self.inner.result().into()
    }

    /// Whether `other` is the same outcome.
    pub fn equals(&self, other: &JsOutcome) -> bool {
        self.inner == other.inner
    }

    /// The result and the reason, e.g. `0-1 (captures)`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }
}
