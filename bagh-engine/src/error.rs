//! The errors of the engine.

use bagh_core::{IllegalMoveError, Outcome};

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
    /// A search limit is out of range (a depth above [`crate::MAX_DEPTH`]).
    #[error("limit {limit}: {reason}")]
    InvalidLimit {
        /// The limit's name.
        limit: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
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

/// Why a match stopped before its last game.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// An engine could not search.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The tables could not answer a perfect player.
    #[cfg(feature = "tablebase")]
    #[error(transparent)]
    Tables(#[from] bagh_tablebase::TablebaseError),
    /// A player chose a move that is not legal in its game.
    #[error("game {round}: {player} chose an illegal move: {error}")]
    IllegalMove {
        /// The player's name.
        player: String,
        /// The game's number in the match, from 1.
        round: u32,
        /// Why the move is illegal.
        error: Box<IllegalMoveError>,
    },
    /// A player failed to choose a move (a front end's own player, such as
    /// a Python function that raised).
    #[error("{player}: {message}")]
    Player {
        /// The player's name.
        player: String,
        /// What went wrong.
        message: String,
    },
    /// An opening cannot be played.
    #[error("opening {index}: {reason}")]
    Opening {
        /// Its index among the openings given, from 0.
        index: usize,
        /// Why not.
        reason: String,
    },
}
