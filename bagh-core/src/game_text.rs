//! A game as text: its record (`Display`), a short `Debug`, and the board.
//!
//! ```
//! use bagh_core::{Game, Move};
//!
//! let mut game = Game::default();
//! game.push("c3".parse::<Move>()?)?;
//! assert_eq!(game.to_string(), "[Rules \"bagh-chal\"]\n[Result \"*\"]\n\n1. c3 *\n");
//! assert_eq!(format!("{game:?}"), r#"Game(rules=bagh-chal, moves=["c3"])"#);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use crate::{Game, Position, Record};

impl Game {
    /// A record of this game with no tags; add them with
    /// [`Record::set_tag`] and write it with `to_string()`.
    ///
    /// ```
    /// use bagh_core::{Game, Move};
    ///
    /// let mut game = Game::default();
    /// game.push("c3".parse::<Move>()?)?;
    /// let mut record = game.to_record();
    /// record.set_tag("Event", "Club night");
    /// assert!(record.to_string().ends_with("[Event \"Club night\"]\n\n1. c3 *\n"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_record(&self) -> Record {
        Record::new(self.clone())
    }

    /// The current board as an ASCII grid with its counters, and the
    /// game's result once it is over (repetition and the no-progress limit
    /// included, which the position alone cannot tell).
    pub fn ascii_board(&self) -> String {
        self.position().ascii_board_with(self.outcome())
    }
}

impl fmt::Display for Game {
    /// The game's record without tags, which [`Record`]'s `FromStr` reads back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_record())
    }
}

impl fmt::Debug for Game {
    /// The rule set, the start when it is not the rule set's own, and the
    /// moves: what makes the game, without its internal tables.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Game(rules={}", self.rules())?;
        if *self.start() != Position::new(*self.rules()) {
            write!(f, ", start={:?}", self.start().to_string())?;
        }
        let moves: Vec<String> = self.moves().iter().map(|m| m.to_string()).collect();
        write!(f, ", moves={moves:?})")
    }
}
