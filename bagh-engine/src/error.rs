//! The errors of the engine.

use bagh_core::Outcome;

/// Why a search could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EngineError {
    /// The game is over: there is no move to search.
    #[error("the game is over ({outcome}): there is no move to search")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// No depth, node or time limit was given and the search was not
    /// marked infinite, so nothing would end it.
    #[error(
        "no limit: give a depth, a node count or a time, or mark the search infinite \
         and stop it through the stop flag"
    )]
    NoLimit,
    /// An engine option is out of range.
    #[error("option {option}: {reason}")]
    InvalidOption {
        /// The option's name.
        option: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
    /// The tables are of another rule set than the game.
    #[error(
        "the tables are for rule set {table_rules:?}, the game is played under {game_rules:?}"
    )]
    RulesMismatch {
        /// The game's rule set, in its text form.
        game_rules: String,
        /// The tables' rule set, in its text form.
        table_rules: String,
    },
}
