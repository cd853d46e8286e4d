//! Point names as JavaScript receives them.

pub use bagh_bindings::point_names;

/// `null` for `None`, as the addon returns (wasm-bindgen's own `Option`
/// gives `undefined`).
pub fn nullable<T: Into<wasm_bindgen::JsValue>>(value: Option<T>) -> wasm_bindgen::JsValue {
    value.map_or(wasm_bindgen::JsValue::NULL, Into::into)
}
