//! `Move`: a placement `c3`, a step or slide `a1a2`, or a capture `a1xa3`.

use std::cell::RefCell;
use std::collections::HashMap;

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use crate::args;
use crate::errors::{Failure, JsResult, OrThrow};
use crate::points::nullable;

/// A move, read from and written as its text.
#[wasm_bindgen(js_name = Move)]
#[derive(Clone, Copy)]
pub struct JsMove {
    pub(crate) inner: bagh_core::Move,
}

bagh_bindings::wraps!(JsMove, bagh_core::Move);

/// The move of a move argument: its text (the JavaScript layer passes a
/// `Move` as its text); a text that is no move is a `ParseError`.
pub fn move_of(call: &str, value: &JsValue) -> Result<bagh_core::Move, Failure> {
    Ok(args::text(call, value)?.parse::<bagh_core::Move>()?)
}

thread_local! {
    /// One frozen `Move` object per move, made the first time it is needed,
    /// as the addon hands them out: the same move is the same object, and a
    /// random game's thousands of `legalMoves()` make no new objects. There
    /// are at most a few hundred moves; never freed, as they are shared.
    static MOVE_OBJECTS: RefCell<HashMap<bagh_core::Move, JsValue>> = RefCell::new(HashMap::new());
}

/// The shared `Move` object of `mv`.
pub fn move_value(mv: bagh_core::Move) -> JsValue {
    MOVE_OBJECTS.with(|objects| {
        objects
            .borrow_mut()
            .entry(mv)
            .or_insert_with(|| {
                let object = JsValue::from(JsMove::from(mv));
                Object::freeze(object.unchecked_ref::<Object>());
                object
            })
            .clone()
    })
}

/// An array of the shared `Move` objects of `moves`.
pub fn move_array(moves: impl IntoIterator<Item = bagh_core::Move>) -> Array {
    moves.into_iter().map(move_value).collect()
}

#[wasm_bindgen(js_class = Move)]
impl JsMove {
    /// Reads `c3`, `a1a2` or `a1xa3`; a `ParseError` otherwise.
    #[wasm_bindgen(constructor)]
    pub fn new(text: JsValue) -> JsResult<JsMove> {
        move_of("new Move", &text).map(JsMove::from).or_throw()
    }

    /// The same as `new Move(text)`.
    #[wasm_bindgen(js_name = fromText)]
    pub fn from_text(text: JsValue) -> JsResult<JsMove> {
        move_of("Move.fromText", &text).map(JsMove::from).or_throw()
    }

    /// `"place"`, `"step"` (a slide too) or `"capture"`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.inner.kind().name().into()
    }

    /// The point the piece leaves; `null` for a placement.
    #[wasm_bindgen(getter = fromPoint)]
    pub fn from_point(&self) -> JsValue {
        nullable(self.inner.from_point().map(|point| point.to_string()))
    }

    /// The point the piece ends on.
    #[wasm_bindgen(getter = toPoint)]
    pub fn to_point(&self) -> String {
        self.inner.to_point().to_string()
    }

    /// The captured goat's point; `null` unless a capture.
    #[wasm_bindgen(getter = overPoint)]
    pub fn over_point(&self) -> JsValue {
        nullable(self.inner.over_point().map(|point| point.to_string()))
    }

    /// Whether `other` (a `Move` or a move's text) is this move; a text that
    /// is no move is not equal.
    pub fn equals(&self, other: JsValue) -> JsResult<bool> {
        let text = args::text("Move.equals", &other).or_throw()?;
        Ok(text
            .parse::<bagh_core::Move>()
            .is_ok_and(|other| other == self.inner))
    }

    /// The move's text.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        self.inner.to_string()
    }

    /// The move's text, so that `JSON.stringify` writes moves as text.
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.inner.to_string()
    }
}
