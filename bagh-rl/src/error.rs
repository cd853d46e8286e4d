//! The errors of this crate: typed values, never panics.

use thiserror::Error;

use crate::ActionPoints;

/// An action that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// Not in `0..NUM_ACTIONS`.
    #[error("action {action} is out of range: actions are 0 to {}", crate::NUM_ACTIONS - 1)]
    OutOfRange {
        /// The action given.
        action: i64,
    },
    /// An action whose move is not legal in the position (or the game is
    /// over, or the repetition policy forbids it).
    #[error("action {action} ({points}) is not a legal move in {position}")]
    Illegal {
        /// The action given.
        action: usize,
        /// What it names: a placement or a pair of points.
        points: ActionPoints,
        /// The position, as its text.
        position: String,
    },
}

/// What a [`VecEnv`](crate::VecEnv) refuses: an action that cannot be
/// played in one of its environments, or an argument out of range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum EnvError {
    /// The action given to environment `env` names no legal move there.
    #[error("environment {env}: {source}")]
    Action {
        /// The index of the environment.
        env: usize,
        /// Why the action is refused.
        source: ActionError,
    },
    /// A buffer or an action list whose length is not the one expected.
    #[error("{what}: expected length {expected}, got {got}")]
    Length {
        /// Which argument.
        what: &'static str,
        /// The length expected.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// An argument out of its range (the message says which and why).
    #[error("{name}: {reason}")]
    Invalid {
        /// Which argument.
        name: &'static str,
        /// Why it is refused.
        reason: String,
    },
    /// The opponent could not choose a move (an engine or table error).
    #[error("environment {env}: the opponent could not move: {reason}")]
    Opponent {
        /// The index of the environment.
        env: usize,
        /// What went wrong.
        reason: String,
    },
}
