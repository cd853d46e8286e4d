//! # bagh-node
//!
//! The Node.js addon of bagh: bagh-core's rules for JavaScript, with the
//! shape and vocabulary of the Python package (`Ruleset`, `Position`,
//! `Move`, `Game`, `Outcome`, `Record`, `readRecordsText`), the names in
//! camelCase.
//!
//! ```js
//! const bagh = require('bagh-node');
//! const game = new bagh.Game();
//! game.push('c3');
//! console.log(game.legalMoves().length, game.position.toString());
//! ```
//!
//! The logic lives in `bagh-core`; these wrappers convert arguments, name
//! things the JavaScript way, and turn the core's error values into
//! exceptions (see `errors`). Every exported function catches panics, so
//! that a bug shows as an exception rather than ending the process.

// The method names are JavaScript's (`toString`, `toJSON`, `fromText`).
#![allow(clippy::wrong_self_convention, clippy::inherent_to_string)]
// A test build leaves out the registration with Node (napi's `cfg(not(test))`),
// which is what uses the exported items.
#![cfg_attr(test, allow(dead_code))]

use napi::bindgen_prelude::{ClassInstance, Object};
use napi::{Env, Result};
use napi_derive::napi;

mod convert;
mod engine;
mod errors;
mod game;
mod matches;
mod moves;
mod options;
mod outcome;
mod perfect;
mod position;
mod progress;
mod records;
mod rl;
mod ruleset;
mod svg;
mod tablebase;

/// Adds what the class and function declarations cannot: the version, the
/// error classes and the `util.inspect` and iteration niceties.
#[napi(module_exports)]
pub fn init(mut exports: Object, env: Env) -> Result<()> {
    exports.set("version", env!("CARGO_PKG_VERSION"))?;
    errors::install(&env, &exports)
}

/// The number of move sequences of exactly `depth` plies from `position`:
/// the figure that checks a move generator (21, 252, 5052, ... from the
/// start of `bagh-chal`).
#[napi(catch_unwind)]
pub fn perft(env: Env, position: ClassInstance<position::JsPosition>, depth: f64) -> Result<i64> {
    position::count_perft(&env, &position.inner, depth)
}
