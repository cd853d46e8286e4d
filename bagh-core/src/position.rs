//! The history-free position: two bitboards, the counters and the rule set.
//!
//! ```
//! use bagh_core::{Move, Point, Position, Ruleset, Side};
//!
//! let start = Position::new(Ruleset::default());
//! assert_eq!(start.to_string(), "T3T/5/5/5/T3T g 20 0");
//! assert_eq!(start.legal_moves().len(), 21);
//!
//! let after = start.play(Move::Place { to: Point::C3 })?;
//! assert_eq!(after.side_to_move(), Side::Tiger);
//! assert_eq!(after.goats_in_hand(), 19);
//! assert_eq!(after.to_string(), "T3T/5/2G2/5/T3T t 19 0");
//! # Ok::<(), bagh_core::IllegalMoveError>(())
//! ```

use std::fmt;

use crate::error::IllegalMoveError;
use crate::{Move, Outcome, Point, PointSet, Ruleset, Side, Termination};

/// A position: where the pieces stand, who is to move, the goats in hand and
/// captured, and the rule set that governs it. `Copy`, no heap, 28 bytes.
///
/// It has no history: repetition and the no-progress limit belong to
/// [`Game`](crate::Game). Equality compares everything, rule set included.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) tigers: PointSet,
    pub(crate) goats: PointSet,
    pub(crate) rules: Ruleset,
    pub(crate) side: Side,
    pub(crate) in_hand: u8,
    pub(crate) captured: u8,
}

impl Default for Position {
    /// The start of `bagh-chal`.
    fn default() -> Position {
        Position::new(Ruleset::default())
    }
}

impl Position {
    /// The start position of a rule set: tigers on their start points, every
    /// goat in hand, goats to move.
    pub const fn new(rules: Ruleset) -> Position {
        Position {
            tigers: rules.tiger_starts,
            goats: PointSet::EMPTY,
            rules,
            side: Side::Goat,
            in_hand: rules.goats,
            captured: 0,
        }
    }

    /// The rule set.
    pub const fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The points holding a tiger.
    pub const fn tigers(&self) -> PointSet {
        self.tigers
    }

    /// The points holding a goat.
    pub const fn goats(&self) -> PointSet {
        self.goats
    }

    /// The empty points.
    pub fn empty(&self) -> PointSet {
        !(self.tigers | self.goats)
    }

    /// The pieces of one side.
    pub const fn pieces_of(&self, side: Side) -> PointSet {
        match side {
            Side::Goat => self.goats,
            Side::Tiger => self.tigers,
        }
    }

    /// The piece on `point`, if any.
    pub const fn piece_at(&self, point: Point) -> Option<Side> {
        if self.tigers.contains(point) {
            Some(Side::Tiger)
        } else if self.goats.contains(point) {
            Some(Side::Goat)
        } else {
            None
        }
    }

    /// Every piece with its point, in point order (`a1` first).
    ///
    /// ```
    /// use bagh_core::{Point, Position, Side};
    ///
    /// let pieces: Vec<_> = Position::default().pieces().collect();
    /// assert_eq!(pieces[0], (Point::A1, Side::Tiger));
    /// assert_eq!(pieces.len(), 4);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Point, Side)> + '_ {
        (self.tigers | self.goats).iter().map(move |point| {
            let side = if self.tigers.contains(point) {
                Side::Tiger
            } else {
                Side::Goat
            };
            (point, side)
        })
    }

    /// The side to move.
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// Goats still to be placed.
    pub const fn goats_in_hand(&self) -> u8 {
        self.in_hand
    }

    /// Goats captured so far.
    pub const fn goats_captured(&self) -> u8 {
        self.captured
    }

    /// Whether goats remain in hand (goats then place rather than move).
    pub const fn is_placement_phase(&self) -> bool {
        self.in_hand > 0
    }

    /// Whether the tigers have reached the capture target.
    pub const fn is_capture_target_reached(&self) -> bool {
        self.captured >= self.rules.capture_target
    }

    /// Whether `mv` is one of the legal moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The position after `mv`, or an error naming the move, this position
    /// and why the move is refused (see [`IllegalMoveReason`](crate::IllegalMoveReason)),
    /// if `mv` is not legal here. `self` is left as it was either way.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(crate::illegal_move::in_position(self, mv));
        }
        let mut next = *self;
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays `mv` without checking it: the fast path for moves taken from
    /// [`legal_moves`](Position::legal_moves). An illegal move leaves a
    /// position that breaks the rules' invariants (but never panics).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        match mv {
            Move::Place { to } => {
                self.goats.insert(to);
                self.in_hand = self.in_hand.wrapping_sub(1);
            }
            Move::Step { from, to } => {
                let change = PointSet::single(from) | PointSet::single(to);
                match self.side {
                    Side::Goat => self.goats ^= change,
                    Side::Tiger => self.tigers ^= change,
                }
            }
            Move::Capture { from, over, to } => {
                self.tigers ^= PointSet::single(from) | PointSet::single(to);
                self.goats.remove(over);
                self.captured = self.captured.wrapping_add(1);
            }
        }
        self.side = !self.side;
    }

    /// How the game ends here, judged from this position alone: the capture
    /// target, then a side to move with no legal move. Repetition and the
    /// no-progress limit need the history; see [`Game::outcome`](crate::Game::outcome).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.is_capture_target_reached() {
            return Some(Outcome {
                winner: Some(Side::Tiger),
                reason: Termination::Captures,
            });
        }
        if self.has_legal_move() {
            return None;
        }
        Some(self.blocked_outcome())
    }

    /// The outcome when the side to move has no legal move.
    pub(crate) fn blocked_outcome(&self) -> Outcome {
        match self.side {
            Side::Tiger => Outcome {
                winner: Some(Side::Goat),
                reason: Termination::TigersTrapped,
            },
            Side::Goat => Outcome {
                winner: self.rules.blocked_side_loses.then_some(Side::Tiger),
                reason: Termination::GoatsBlocked,
            },
        }
    }

    /// The result as in game records: `1-0`, `0-1`, `1/2-1/2`, or `*` while
    /// the game goes on (see [`Position::outcome`]).
    pub fn result(&self) -> &'static str {
        self.outcome().map_or("*", |outcome| outcome.result())
    }

    /// Whether the game is over in this position (see [`Position::outcome`]).
    pub fn is_game_over(&self) -> bool {
        self.is_capture_target_reached() || !self.has_legal_move()
    }

    /// The board as an ASCII grid with coordinates, and the counters below it.
    ///
    /// ```
    /// use bagh_core::Position;
    ///
    /// let text = Position::default().ascii_board();
    /// assert!(text.starts_with("5 T . . . T\n"));
    /// assert!(text.ends_with("goats to move, 20 in hand, 0 captured"));
    /// ```
    pub fn ascii_board(&self) -> String {
        self.ascii_board_with(self.outcome())
    }

    /// [`Position::ascii_board`] with the game's outcome, which may add
    /// repetition or the no-progress limit to the position's own.
    pub(crate) fn ascii_board_with(&self, outcome: Option<Outcome>) -> String {
        let mut out = String::new();
        for rank in (0..5).rev() {
            out.push((b'1' + rank) as char);
            for file in 0..5 {
                let point = Point::new(file, rank).expect("file and rank below 5");
                out.push(' ');
                out.push(self.piece_at(point).map_or('.', Side::piece_char));
            }
            out.push('\n');
        }
        out.push_str("  a b c d e\n");
        out.push_str(&format!(
            "{}s to move, {} in hand, {} captured",
            self.side, self.in_hand, self.captured
        ));
        if let Some(outcome) = outcome {
            out.push_str(&format!("\ngame over: {}", outcome_words(outcome)));
        }
        out
    }
}

/// An outcome in words, e.g. `tigers win by captures (0-1)`.
pub(crate) fn outcome_words(outcome: Outcome) -> String {
    match outcome.winner {
        Some(side) => format!("{side}s win by {} ({})", outcome.reason, outcome.result()),
        None => format!("drawn by {} ({})", outcome.reason, outcome.result()),
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({:?}, rules={})", self.to_string(), self.rules)
    }
}
