//! # bagh-wasm
//!
//! bagh for WebAssembly: the rules of `bagh-core` and the engine of
//! `bagh-engine`, with the names, arguments and behaviour of the Node addon
//! (`bagh-node`), so that code written for one runs on the other.
//!
//! These are the raw bindings. `make wasm` runs `wasm-bindgen` on the
//! `.wasm` and adds a small JavaScript layer (`js/`) that turns the raw
//! errors into the addon's `BaghError` classes; see `docs/wasm.md`.
//!
//! The logic lives in the core crates; these wrappers convert arguments and
//! results. Nothing may panic across the boundary: the release build aborts
//! on a panic, so every input is checked and refused with an error value.

// The method names are JavaScript's (`toString`, `toJSON`, `fromText`).
#![allow(clippy::wrong_self_convention, clippy::inherent_to_string)]

mod engine;
