//! # bagh-bindings
//!
//! What the two JavaScript front ends of bagh, the Node addon (`bagh-node`)
//! and the WebAssembly package (`bagh-wasm`), share: plain Rust values and
//! functions that each translates into its host's objects, so that both
//! check their arguments and word their errors once, alike.
//!
//! - [`Failure`]: an error on its way to JavaScript, its [`ErrorClass`]
//!   (named as the Python package's exceptions) and details, made from
//!   every error value of the core (and, with the `engine` and `tablebase`
//!   features, of the engine and the tables);
//! - [`RulesetFields`]: `new Ruleset({...})`'s fields, checked;
//! - [`outcome_of`], [`position_of`], [`PartsFields`], [`perft_depth`]:
//!   outcomes and positions from their parts;
//! - [`start_of`], [`game_of`]: a game's start and its moves;
//! - [`read_records`], [`set_tags`], [`set_comments`], [`OnError`]: records.
//!
//! ```
//! use bagh_bindings::{ErrorClass, RulesetFields};
//!
//! let fields = RulesetFields { goats: Some(30.0), ..RulesetFields::default() };
//! let error = fields.build().unwrap_err();
//! assert_eq!(error.class.name(), "RulesetError");
//! assert_eq!(error.message, "goats: expected a number of goats from 1 to 21, found 30");
//! ```

mod errors;
mod game;
mod options;
mod outcome;
mod position;
mod records;
mod ruleset;

pub use errors::{camel_case, Detail, ErrorClass, Failure};
pub use game::{game_of, start_of, Start};
pub use options::{check_keys, whole};
pub use outcome::outcome_of;
pub use position::{perft_depth, position_of, PartsFields, PARTS_OPTIONS};
pub use records::{read_records, set_comments, set_tags, OnError};
pub use ruleset::{point_names, rules_of, RulesetFields, RULESET_OPTIONS};

/// `From<$inner> for $class`, for a front end's class that wraps one core
/// value in a field `inner` (`JsGame` around a `Game`, ...): each front end
/// declares its classes with its own export attribute, and their
/// construction from the core's values is this.
///
/// ```
/// struct JsGame {
///     inner: bagh_core::Game,
/// }
/// bagh_bindings::wraps!(JsGame, bagh_core::Game);
///
/// let game = JsGame::from(bagh_core::Game::default());
/// assert_eq!(game.inner.len(), 0);
/// ```
#[macro_export]
macro_rules! wraps {
    ($class:ident, $inner:ty) => {
        impl From<$inner> for $class {
            fn from(inner: $inner) -> $class {
                $class { inner }
            }
        }
    };
}
