//! # bagh-wasm
//!
//! bagh for WebAssembly: the rules of `bagh-core` and the engine of
//! `bagh-engine`, with the names, arguments and behaviour of the Node addon
//! (`bagh-node`), so that code written for one runs on the other.
//!
//! These are the raw bindings. `make wasm` runs `wasm-bindgen` on the
//! `.wasm` and adds a small JavaScript layer (`js/layer.js`) that turns the
//! raw errors into the addon's `BaghError` classes and passes `Move`,
//! `Ruleset` and `Position` arguments as their texts; see `docs/wasm.md`.
//!
//! The logic lives in the core crates; these wrappers check arguments and
//! convert results. Nothing may panic across the boundary (the release
//! build aborts on a panic): every input is checked and refused with an
//! error value.

// The method names are JavaScript's (`toString`, `toJSON`, `fromText`).
#![allow(clippy::wrong_self_convention, clippy::inherent_to_string)]
// wasm-bindgen's constructors return `Result`s, never `Self`.
#![allow(clippy::new_ret_no_self)]

use wasm_bindgen::prelude::*;

mod args;
#[cfg(feature = "engine")]
mod engine;
#[cfg(feature = "engine")]
mod engine_objects;
mod errors;
mod game;
mod moves;
mod outcome;
mod points;
mod position;
mod records;
mod ruleset;
mod svg;

/// The package's version, the crate's.
#[wasm_bindgen(js_name = version)]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").into()
}

/// The number of move sequences of exactly `depth` plies from `position`,
/// as `position.perft(depth)`.
#[wasm_bindgen]
pub fn perft(position: &position::JsPosition, depth: JsValue) -> errors::JsResult<f64> {
    position::count_perft("perft", &position.inner, &depth)
}
