//! Arguments that accept either a bagh object or its text form, as the
//! Python package does (`game.push("c3")` and `game.push(move)` both work).

use napi::bindgen_prelude::{ClassInstance, Either};

use crate::errors::Failure;
use crate::moves::JsMove;
use crate::ruleset::JsRuleset;

/// A `Move` or a move's text. The class comes first: a random-game loop
/// pushes the `Move`s that `legalMoves()` gave, and each failed
/// alternative costs an error value inside Node-API.
pub type MoveArg<'a> = Either<ClassInstance<'a, JsMove>, String>;

/// A `Ruleset`, a preset id or a rule set's text form.
pub type RulesArg<'a> = Either<String, ClassInstance<'a, JsRuleset>>;

/// The move of a `MoveArg`; a text that is no move is a `ParseError`.
pub fn move_of(arg: MoveArg) -> Result<bagh_core::Move, Failure> {
    match arg {
        Either::A(mv) => Ok(mv.inner),
        Either::B(text) => Ok(text.parse::<bagh_core::Move>()?),
    }
}

/// The rule set of a `RulesArg`, or the default (`bagh-chal`) for none.
pub fn rules_of(arg: Option<RulesArg>) -> Result<bagh_core::Ruleset, Failure> {
    match arg {
        Some(Either::B(rules)) => Ok(rules.inner),
        Some(Either::A(text)) => bagh_bindings::rules_of(Some(&text)),
        None => bagh_bindings::rules_of(None),
    }
}
