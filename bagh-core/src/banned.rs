//! The moves the repetition policy bans: legal on the board, refused in the
//! game because they would recreate an earlier position. A board shows why
//! such a move is refused instead of treating it as no move at all.
//!
//! ```
//! use bagh_core::{Game, IllegalMoveReason, Move, Position, Ruleset};
//!
//! // One tiger and one goat, under `repetition=forbidden` (docs/rules.md):
//! // the tiger goes to b1 and back, the goat to c4; c4c3 would make the
//! // start again.
//! let rules: Ruleset = "tigers=a1 goats=1 capture_target=1 repetition=forbidden".parse()?;
//! let mut game = Game::from_position(Position::from_text("5/5/2G2/5/T4 t 0 0", rules)?);
//! for mv in ["a1b1", "c3c4", "b1a1"] {
//!     game.push(mv.parse::<Move>()?)?;
//! }
//! let banned = game.banned_moves();
//! assert_eq!(banned.len(), 1);
//! assert_eq!(banned[0].mv().to_string(), "c4c3");
//! assert_eq!(banned[0].reason(), IllegalMoveReason::Repetition);
//! assert_eq!(banned[0].repeated_ply(), Some(0));
//! // Nothing is banned at the start.
//! assert!(Game::default().banned_moves().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::{Game, IllegalMoveError};

impl Game {
    /// The moves legal in the position that the game refuses because of its
    /// history, each with the refusal (reason
    /// [`Repetition`](crate::IllegalMoveReason::Repetition), its message and
    /// the ply repeated). Empty once the game is over: then every move is
    /// refused because the game is over, not because it repeats.
    pub fn banned_moves(&self) -> Vec<IllegalMoveError> {
        let playable = self.legal_moves();
        if playable.is_empty() {
            return Vec::new();
        }
        let on_board = self.position().legal_moves();
        if on_board.len() == playable.len() {
            return Vec::new();
        }
        on_board
            .iter()
            .filter(|mv| !playable.contains(mv))
            .map(|&mv| crate::illegal_move::in_game(self, mv, &playable, None))
            .collect()
    }
}
