//! Point names as JavaScript receives them.

/// Point names in board order (`a1`, `b1`, ..., `e5`).
pub fn point_names(points: bagh_core::PointSet) -> Vec<String> {
    points.iter().map(|point| point.to_string()).collect()
}

/// `null` for `None`, as the addon returns (wasm-bindgen's own `Option`
/// gives `undefined`).
pub fn nullable<T: Into<wasm_bindgen::JsValue>>(value: Option<T>) -> wasm_bindgen::JsValue {
    value.map_or(wasm_bindgen::JsValue::NULL, Into::into)
}
