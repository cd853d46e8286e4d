//! Legal move generation and counting on bitboards.
//!
//! Each direction is a shift of the whole bitboard, so one shift finds every
//! step of every piece in that direction at once; slides repeat the shift over
//! empty points; captures shift twice (over a goat, onto an empty point).
//!
//! ```
//! use bagh_core::{Position, Ruleset};
//!
//! let two_tigers = Ruleset::preset("two-tigers").unwrap();
//! let start = Position::new(two_tigers);
//! assert_eq!(start.legal_moves().len(), 23); // 23 empty points to place on
//! assert_eq!(start.count_legal_moves(), 23);
//! ```

use std::ops::ControlFlow;

use crate::tiger_moves::{back, count_captures};
use crate::{for_each_tiger_move, Direction, Move, MoveList, PointSet, Position, Side, TigerMoves};

impl Position {
    /// The legal moves, on the stack (no allocation). Empty once the capture
    /// target is reached or when the side to move is blocked.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.push_legal_moves(&mut moves);
        moves
    }

    /// The captures among the legal moves.
    ///
    /// ```
    /// use bagh_core::Position;
    ///
    /// let position: Position = "T3T/5/5/5/TG2T t 19 0".parse()?;
    /// let captures: Vec<String> = position.legal_captures().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(captures, ["a1xc1"]);
    /// # Ok::<(), bagh_core::ParseError>(())
    /// ```
    pub fn legal_captures(&self) -> MoveList {
        let mut moves = self.legal_moves();
        moves.retain(|mv| mv.is_capture());
        moves
    }

    /// Appends the legal moves to `moves` (which has room for them when it
    /// starts empty). Filling the caller's list saves copying a whole
    /// `MoveList` on every return.
    pub(crate) fn push_legal_moves(&self, moves: &mut MoveList) {
        if self.is_capture_target_reached() {
            return;
        }
        let empty = self.empty();
        match self.side {
            Side::Goat if self.in_hand > 0 => {
                moves.extend(empty.iter().map(|to| Move::Place { to }));
            }
            Side::Goat => {
                for direction in Direction::ALL {
                    for to in direction.shift(self.goats) & empty {
                        moves.push(Move::Step {
                            from: back(to, direction, 1),
                            to,
                        });
                    }
                }
            }
            Side::Tiger => {
                let _ = for_each_tiger_move(&self.rules, self.tigers, self.goats, |mv| {
                    moves.push(mv);
                    ControlFlow::<()>::Continue(())
                });
            }
        }
    }

    /// The number of legal moves, counted without listing them: what perft
    /// needs at its last ply.
    pub fn count_legal_moves(&self) -> usize {
        if self.is_capture_target_reached() {
            return 0;
        }
        let empty = self.empty();
        match self.side {
            Side::Goat if self.in_hand > 0 => empty.len(),
            Side::Goat => Direction::ALL
                .into_iter()
                .map(|direction| (direction.shift(self.goats) & empty).len())
                .sum(),
            Side::Tiger => {
                let captures = count_captures(self.tigers, self.goats);
                if self.rules.mandatory_capture && captures > 0 {
                    return captures;
                }
                captures + self.count_tiger_steps(empty)
            }
        }
    }

    fn count_tiger_steps(&self, empty: PointSet) -> usize {
        let mut count = 0;
        for direction in Direction::ALL {
            let mut reached = direction.shift(self.tigers) & empty;
            count += reached.len();
            if self.rules.tiger_moves == TigerMoves::Slide {
                while !reached.is_empty() {
                    reached = direction.shift(reached) & empty;
                    count += reached.len();
                }
            }
        }
        count
    }

    /// Whether the side to move has any legal move (cheaper than counting).
    pub fn has_legal_move(&self) -> bool {
        if self.is_capture_target_reached() {
            return false;
        }
        let empty = self.empty();
        let movers = match self.side {
            Side::Goat if self.in_hand > 0 => return !empty.is_empty(),
            Side::Goat => self.goats,
            Side::Tiger => self.tigers,
        };
        Direction::ALL.into_iter().any(|direction| {
            let ahead = direction.shift(movers);
            !(ahead & empty).is_empty()
                || (self.side == Side::Tiger
                    && !(direction.shift(ahead & self.goats) & empty).is_empty())
        })
    }
}
