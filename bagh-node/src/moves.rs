//! `Move`: a placement `c3`, a step or slide `a1a2`, or a capture `a1xa3`.

use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;

/// A move, read from and written as its text.
#[napi(js_name = "Move")]
#[derive(Clone, Copy)]
pub struct JsMove {
    pub(crate) inner: bagh_core::Move,
}

impl From<bagh_core::Move> for JsMove {
    fn from(inner: bagh_core::Move) -> JsMove {
        JsMove { inner }
    }
}

/// Core moves as JavaScript `Move`s, for the lists of legal moves.
pub fn js_moves(moves: impl IntoIterator<Item = bagh_core::Move>) -> Vec<JsMove> {
    moves.into_iter().map(JsMove::from).collect()
}

#[napi]
impl JsMove {
    /// Reads `c3`, `a1a2` or `a1xa3`; a `ParseError` otherwise.
    #[napi(constructor, catch_unwind)]
    pub fn new(env: Env, text: String) -> Result<JsMove> {
        text.parse::<bagh_core::Move>()
            .map(JsMove::from)
            .or_throw(&env)
    }

    /// The same as `new Move(text)`.
    #[napi(factory, catch_unwind)]
    pub fn from_text(env: Env, text: String) -> Result<JsMove> {
        JsMove::new(env, text)
    }

    /// `"place"`, `"step"` (a slide too) or `"capture"`.
    #[napi(getter, catch_unwind)]
    pub fn kind(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The point the piece leaves; `null` for a placement.
    #[napi(getter, catch_unwind)]
    pub fn from_point(&self) -> Option<String> {
        self.inner.from_point().map(|point| point.to_string())
    }

    /// The point the piece ends on.
    #[napi(getter, catch_unwind)]
    pub fn to_point(&self) -> String {
        self.inner.to_point().to_string()
    }

    /// The captured goat's point; `null` unless a capture.
    #[napi(getter, catch_unwind)]
    pub fn over_point(&self) -> Option<String> {
        self.inner.over_point().map(|point| point.to_string())
    }

    /// Whether `other` (a `Move` or a move's text) is this move.
    #[napi(catch_unwind)]
    pub fn equals(&self, other: crate::convert::MoveArg) -> bool {
        match crate::convert::move_of(other) {
            Ok(other) => other == self.inner,
            Err(_) => false,
        }
    }

    /// The move's text.
    #[napi(js_name = "toString", catch_unwind)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The move's text, so that `JSON.stringify` writes moves as text.
    #[napi(js_name = "toJSON", catch_unwind)]
    pub fn to_json(&self) -> String {
        self.inner.to_string()
    }
}
