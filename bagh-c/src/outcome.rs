//! Sides and outcomes as C values, shared by positions and games.

use bagh_core::{Outcome, Side, Termination};

/// A side: the goats or the tigers.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_side {
    /// The goats, who move first.
    BAGH_SIDE_GOAT = 0,
    /// The tigers.
    BAGH_SIDE_TIGER = 1,
}

impl From<Side> for bagh_side {
    fn from(side: Side) -> bagh_side {
        match side {
            Side::Goat => bagh_side::BAGH_SIDE_GOAT,
            Side::Tiger => bagh_side::BAGH_SIDE_TIGER,
        }
    }
}

/// Who won: nobody yet (or a draw), the goats or the tigers.
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_winner {
    /// The game goes on, or ended in a draw.
    BAGH_WINNER_NONE = 0,
    /// The goats won.
    BAGH_WINNER_GOATS = 1,
    /// The tigers won.
    BAGH_WINNER_TIGERS = 2,
}

/// Why a game ended (`docs/rules.md`, the end of the game).
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum bagh_termination {
    /// The game goes on.
    BAGH_TERMINATION_NONE = 0,
    /// The tigers captured the rule set's capture target.
    BAGH_TERMINATION_CAPTURES = 1,
    /// The tigers, to move, have no legal move.
    BAGH_TERMINATION_TIGERS_TRAPPED = 2,
    /// The goats, to move, have no legal move.
    BAGH_TERMINATION_GOATS_BLOCKED = 3,
    /// A position occurred as often as the repetition policy draws.
    BAGH_TERMINATION_REPETITION = 4,
    /// The no-progress limit was reached.
    BAGH_TERMINATION_NO_PROGRESS = 5,
}

/// How a game stands: over or not, the winner, and why it ended.
///
/// ```c
/// bagh_outcome outcome;
/// bagh_game_outcome(game, &outcome);
/// if (outcome.is_over && outcome.winner == BAGH_WINNER_NONE) puts("drawn");
/// ```
#[repr(C)]
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct bagh_outcome {
    /// Whether the game is over.
    pub is_over: bool,
    /// The winner; `BAGH_WINNER_NONE` for a draw or a game that goes on.
    pub winner: bagh_winner,
    /// Why it ended; `BAGH_TERMINATION_NONE` while it goes on.
    pub termination: bagh_termination,
}

impl From<Option<Outcome>> for bagh_outcome {
    fn from(outcome: Option<Outcome>) -> bagh_outcome {
        let Some(outcome) = outcome else {
            return bagh_outcome {
                is_over: false,
                winner: bagh_winner::BAGH_WINNER_NONE,
                termination: bagh_termination::BAGH_TERMINATION_NONE,
            };
        };
        let winner = match outcome.winner {
            None => bagh_winner::BAGH_WINNER_NONE,
            Some(Side::Goat) => bagh_winner::BAGH_WINNER_GOATS,
            Some(Side::Tiger) => bagh_winner::BAGH_WINNER_TIGERS,
        };
        let termination = match outcome.reason {
            Termination::Captures => bagh_termination::BAGH_TERMINATION_CAPTURES,
            Termination::TigersTrapped => bagh_termination::BAGH_TERMINATION_TIGERS_TRAPPED,
            Termination::GoatsBlocked => bagh_termination::BAGH_TERMINATION_GOATS_BLOCKED,
            Termination::Repetition => bagh_termination::BAGH_TERMINATION_REPETITION,
            Termination::NoProgress => bagh_termination::BAGH_TERMINATION_NO_PROGRESS,
            // A reason added to the rules later reads as "over, reason unknown".
            _ => bagh_termination::BAGH_TERMINATION_NONE,
        };
        bagh_outcome {
            is_over: true,
            winner,
            termination,
        }
    }
}
