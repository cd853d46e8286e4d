//! One verified puzzle: a position of a real game where exactly one move
//! keeps the value, with its proof from the tables.

use bagh_core::{Game, IllegalMoveError, Move, Position, Ruleset};
use serde::{Deserialize, Serialize};

/// What the one good move keeps for the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Keeps {
    /// The side to move wins with the solution, and with no other move.
    Win,
    /// The side to move holds the draw with the solution; every other move
    /// loses.
    Draw,
}

/// What a wrong move gives the side that plays it, by the tables.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// A draw (where the solution wins).
    Draw,
    /// A loss.
    Loss,
}

/// A describing tag, for choosing puzzles by theme.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleTag {
    /// Goats are still in hand.
    Placement,
    /// Every goat is on the board.
    Movement,
    /// A tiger could capture in the position: the goats must see to it, or
    /// the tigers must find the capture that works.
    CaptureThreat,
    /// The solution leaves a tiger with no move.
    Blockade,
    /// The move a one-ply search prefers is wrong.
    Trap,
}

/// A tempting wrong move and how perfect play punishes it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Refutation {
    /// The wrong move.
    #[serde(rename = "move")]
    pub mv: Move,
    /// What it gives its player.
    pub outcome: Outcome,
    /// Perfect play after it, the opponent's reply first (at most the
    /// generator's `refutation_plies`; shorter when the game ends).
    pub line: Vec<Move>,
}

/// A position where exactly one legal move keeps the value, as the tables
/// prove; see [`crate::puzzles`].
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Puzzle {
    /// The rule set.
    pub rules: Ruleset,
    /// The moves of the game from the rule set's start to the puzzle.
    pub moves: Vec<Move>,
    /// The puzzle's position, in its text form (the moves lead to it).
    pub position: String,
    /// What the solution keeps.
    pub keeps: Keeps,
    /// The one move that keeps it.
    pub solution: Move,
    /// The most tempting wrong moves (by a shallow search), each refuted.
    pub refutations: Vec<Refutation>,
    /// The shallowest full-strength search depth whose choice is the
    /// solution at that depth and at every deeper one tried; `None` when
    /// no depth up to the generator's limit finds it.
    pub depth: Option<u32>,
    /// The nodes that search needed (all of them when not found).
    pub nodes: u64,
    /// How hard it is, from 1 to 5: the depth mapped onto five bands
    /// (1: depth 1 to 2, 2: 3 to 4, 3: 5 to 6, 4: 7 to 8, 5: deeper or not
    /// found).
    pub difficulty: u8,
    /// Themes.
    pub tags: Vec<PuzzleTag>,
}

/// Why a puzzle read from a file cannot be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// One of its moves is not legal where it is played.
    #[error("move {index} ({mv}) of the game: {source}")]
    IllegalMove {
        /// The move's index among the moves (the solution is the last).
        index: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        source: Box<IllegalMoveError>,
    },
    /// The position does not match the one the moves lead to.
    #[error("the moves lead to {reached}, the puzzle says {stated}")]
    WrongPosition {
        /// Where the moves lead.
        reached: String,
        /// What the puzzle says.
        stated: String,
    },
}

impl Puzzle {
    /// The game that leads to the puzzle, its moves replayed and checked
    /// (with the position stated and the solution's legality).
    pub fn game(&self) -> Result<Game, PuzzleError> {
        let mut game = Game::new(self.rules);
        for (index, &mv) in self.moves.iter().enumerate() {
            game.push(mv).map_err(|source| PuzzleError::IllegalMove {
                index,
                mv,
                source: Box::new(source),
            })?;
        }
        let reached = game.position().to_string();
        if reached != self.position {
            return Err(PuzzleError::WrongPosition {
                reached,
                stated: self.position.clone(),
            });
        }
        if let Err(source) = game.clone().push(self.solution) {
            return Err(PuzzleError::IllegalMove {
                index: self.moves.len(),
                mv: self.solution,
                source: Box::new(source),
            });
        }
        Ok(game)
    }

    /// The puzzle's position (the moves replayed).
    pub fn to_position(&self) -> Result<Position, PuzzleError> {
        Ok(*self.game()?.position())
    }

    /// The difficulty band of a depth (see [`Puzzle::difficulty`]).
    pub fn difficulty_of(depth: Option<u32>) -> u8 {
        match depth {
            Some(d) => d.div_ceil(2).clamp(1, 5) as u8,
            None => 5,
        }
    }
}
