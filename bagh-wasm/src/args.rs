//! Arguments read from JavaScript values, with the addon's checks: a value
//! of the wrong type is an `ArgumentError` that names the call and what it
//! expected, and an options object with an unknown key is refused rather
//! than ignored (`{ goat: 10 }` for `{ goats: 10 }` would otherwise give
//! the defaults silently).
//!
//! The exported functions take `JsValue`s and check them here, because
//! wasm-bindgen's own conversions coerce (a number passed for a string
//! becomes its digits) where the addon refuses.

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};

use crate::errors::Failure;

/// A whole number in a range, or an `ArgumentError` (as the addon checks).
pub use bagh_bindings::whole;

/// `undefined` or `null`: an argument or option left out.
pub fn absent(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// What a value is, for a message (`found number`).
fn found(value: &JsValue) -> String {
    if value.is_null() {
        "null".into()
    } else if Array::is_array(value) {
        "array".into()
    } else {
        value.js_typeof().as_string().unwrap_or_default()
    }
}

fn expected(call: &str, what: &str, value: &JsValue) -> Failure {
    Failure::argument(format!("{call}: expected {what}, found {}", found(value)))
}

/// A string.
pub fn text(call: &str, value: &JsValue) -> Result<String, Failure> {
    value
        .as_string()
        .ok_or_else(|| expected(call, "a string", value))
}

/// A string, or `None` for `undefined` or `null`.
pub fn opt_text(call: &str, value: &JsValue) -> Result<Option<String>, Failure> {
    if absent(value) {
        Ok(None)
    } else {
        text(call, value).map(Some)
    }
}

/// A number.
pub fn number(call: &str, value: &JsValue) -> Result<f64, Failure> {
    value
        .as_f64()
        .ok_or_else(|| expected(call, "a number", value))
}

/// A number, or `None` for `undefined` or `null`.
pub fn opt_number(call: &str, value: &JsValue) -> Result<Option<f64>, Failure> {
    if absent(value) {
        Ok(None)
    } else {
        number(call, value).map(Some)
    }
}

/// A boolean, or `None` for `undefined` or `null`.
pub fn opt_bool(call: &str, value: &JsValue) -> Result<Option<bool>, Failure> {
    if absent(value) {
        Ok(None)
    } else {
        value
            .as_bool()
            .map(Some)
            .ok_or_else(|| expected(call, "a boolean", value))
    }
}

/// An array of strings.
pub fn texts(call: &str, value: &JsValue) -> Result<Vec<String>, Failure> {
    let array = value
        .dyn_ref::<Array>()
        .filter(|_| Array::is_array(value))
        .ok_or_else(|| expected(call, "an array", value))?;
    array.iter().map(|item| text(call, &item)).collect()
}

/// An array of strings, or `None` for `undefined` or `null`.
pub fn opt_texts(call: &str, value: &JsValue) -> Result<Option<Vec<String>>, Failure> {
    if absent(value) {
        Ok(None)
    } else {
        texts(call, value).map(Some)
    }
}

/// An options object with only `allowed` keys, or `None` for `undefined`
/// or `null`.
pub fn options(call: &str, value: &JsValue, allowed: &[&str]) -> Result<Option<Object>, Failure> {
    if absent(value) {
        return Ok(None);
    }
    if !value.is_object() || Array::is_array(value) {
        return Err(expected(call, "an options object", value));
    }
    let object: Object = value.clone().unchecked_into();
    let keys: Vec<String> = Object::keys(&object)
        .iter()
        .map(|key| key.as_string().unwrap_or_default())
        .collect();
    bagh_bindings::check_keys(call, keys.iter().map(String::as_str), allowed)?;
    Ok(Some(object))
}

/// Option `name` of `object` (`undefined` when absent).
pub fn get(object: &Object, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// The (key, value as text) pairs of an object, in its key order: strings
/// as they are, numbers and booleans as JavaScript writes them.
pub fn entries(call: &str, value: &JsValue) -> Result<Vec<(String, String)>, Failure> {
    if !value.is_object() || Array::is_array(value) {
        return Err(expected(call, "an object", value));
    }
    let object: &Object = value.unchecked_ref();
    let mut pairs = Vec::new();
    for pair in Object::entries(object).iter() {
        let pair: Array = pair.unchecked_into();
        let key = pair.get(0).as_string().unwrap_or_default();
        let item = pair.get(1);
        let item = if let Some(text) = item.as_string() {
            text
        } else if let Some(number) = item.as_f64() {
            js_sys::Number::from(number)
                .to_string_with_radix(10)
                .map(String::from)
                .unwrap_or_else(|_| number.to_string())
        } else if let Some(flag) = item.as_bool() {
            flag.to_string()
        } else {
            return Err(expected(
                &format!("{call}: {key}"),
                "a string, number or boolean",
                &item,
            ));
        };
        pairs.push((key, item));
    }
    Ok(pairs)
}
