//! The goats en prise: those a tiger could jump at once, as a board marks
//! them for a player.
//!
//! The answer does not depend on whose turn it is: on the tigers' turn it
//! is the goats they can take now; on the goats' turn it is the goats they
//! must cover (fill the point behind, or move away) before the tigers move.
//! A finished game has none, since no move follows.
//!
//! ```
//! use bagh_core::{Game, Point, Position, Ruleset};
//!
//! // The tiger on a1 can jump the goat on b1 to the empty c1 (docs/rules.md).
//! let position = Position::from_text("T3T/5/5/5/TG2T g 19 0", Ruleset::default())?;
//! assert_eq!(position.threatened_goats().iter().collect::<Vec<_>>(), [Point::B1]);
//! assert_eq!(Game::from_position(position).threatened_goats(), position.threatened_goats());
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use crate::{goats_under_attack, Game, PointSet, Position};

impl Position {
    /// The goats that some tiger could capture at once if it were the
    /// tigers' move, whoever is to move; none once the game is over here
    /// ([`Position::outcome`]). A capture is never banned by a repetition
    /// rule (it changes the goats captured), so each of these goats is the
    /// goat of a legal capture whenever the tigers are to move.
    pub fn threatened_goats(&self) -> PointSet {
        if self.outcome().is_some() {
            return PointSet::EMPTY;
        }
        goats_under_attack(self.tigers, self.goats)
    }
}

impl Game {
    /// [`Position::threatened_goats`] of the current position, and none once
    /// the game is over by any rule (repetition and the no-progress limit
    /// included: [`Game::outcome`]).
    pub fn threatened_goats(&self) -> PointSet {
        if self.outcome().is_some() {
            return PointSet::EMPTY;
        }
        self.position().threatened_goats()
    }
}
