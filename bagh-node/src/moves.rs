//! `Move`: a placement `c3`, a step or slide `a1a2`, or a capture `a1xa3`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::mem::ManuallyDrop;

use napi::bindgen_prelude::{Array, JavaScriptClassExt, JsObjectValue, Object, ObjectRef};
use napi::{Env, Result};
use napi_derive::napi;

use crate::errors::OrThrow;

/// A move, read from and written as its text.
#[napi(js_name = "Move")]
#[derive(Clone, Copy)]
pub struct JsMove {
    pub(crate) inner: bagh_core::Move,
}

bagh_bindings::wraps!(JsMove, bagh_core::Move);

thread_local! {
    /// One frozen `Move` object per move, made the first time it is needed.
    /// Making a class instance through Node-API costs microseconds, and a
    /// random game asks for thousands of moves: handing out the same
    /// immutable object again makes `legalMoves()` cheap. There are at
    /// most a few hundred moves. Per thread, as each Node environment runs
    /// on its own; never dropped, as the environment owns the objects.
    static MOVE_OBJECTS: RefCell<HashMap<bagh_core::Move, ManuallyDrop<ObjectRef<false>>>> =
        RefCell::new(HashMap::new());
}

/// The `Move` object of `mv`.
pub fn move_object<'env>(env: &'env Env, mv: bagh_core::Move) -> Result<Object<'env>> {
    MOVE_OBJECTS.with(|objects| {
        if let Some(object) = objects.borrow().get(&mv) {
            return object.get_value(env);
        }
        let instance = JsMove::from(mv).into_instance(env)?;
        let mut object = instance.as_object(env);
        object.freeze()?;
        objects
            .borrow_mut()
            .insert(mv, ManuallyDrop::new(object.create_ref::<false>()?));
        Ok(object)
    })
}

/// An array of `Move` objects, for the lists of legal moves.
pub fn move_array<'env>(
    env: &'env Env,
    moves: impl IntoIterator<Item = bagh_core::Move>,
) -> Result<Array<'env>> {
    let mut array = env.create_array(0)?;
    for mv in moves {
        array.insert(move_object(env, mv)?)?;
    }
    Ok(array)
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
