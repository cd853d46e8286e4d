//! The tigers' moves on bitboards: the one generator that the position's
//! legal moves, perft and the table kernels share.
//!
//! Each direction is a shift of the whole bitboard, so one shift finds every
//! step of every tiger in that direction at once; slides repeat the shift
//! over empty points; captures shift twice (over a goat, onto an empty
//! point). Callers that only need the boards after a move (the tablebase
//! kernels) call it without building a [`Position`](crate::Position).
//!
//! ```
//! use std::ops::ControlFlow;
//! use bagh_core::{for_each_tiger_move, goats_under_attack, Move, Position, Ruleset};
//!
//! let rules = Ruleset::default();
//! let position = Position::from_text("T3T/5/5/G4/T3T t 19 0", rules)?;
//! let mut captures = Vec::new();
//! let _ = for_each_tiger_move(&rules, position.tigers(), position.goats(), |mv| {
//!     if let Move::Capture { .. } = mv {
//!         captures.push(mv.to_string());
//!     }
//!     ControlFlow::<()>::Continue(())
//! });
//! assert_eq!(captures, ["a1xa3"]);
//! assert_eq!(goats_under_attack(position.tigers(), position.goats()).len(), 1);
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use std::ops::ControlFlow;

use crate::{Direction, Move, Point, PointSet, Ruleset, TigerMoves};

/// The point `distance` steps back from `to` along `direction`.
#[inline(always)]
pub(crate) fn back(to: Point, direction: Direction, distance: i32) -> Point {
    Point::from_index_unchecked((to.index() as i32 - direction.offset() * distance) as u32)
}

/// Calls `visit` with every move of the tigers on these boards under
/// `rules`: captures first, then steps (or slides), which are left out when
/// captures are mandatory and one exists. Stops early when `visit` breaks.
///
/// The capture target is the caller's business: a position where it is
/// reached has no moves at all.
#[inline(always)]
pub fn for_each_tiger_move<B>(
    rules: &Ruleset,
    tigers: PointSet,
    goats: PointSet,
    mut visit: impl FnMut(Move) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let empty = !(tigers | goats);
    let mut any_capture = false;
    for direction in Direction::ALL {
        let over = direction.shift(tigers) & goats;
        for to in direction.shift(over) & empty {
            any_capture = true;
            visit(Move::Capture {
                from: back(to, direction, 2),
                over: back(to, direction, 1),
                to,
            })?;
        }
    }
    if any_capture && rules.mandatory_capture {
        return ControlFlow::Continue(());
    }
    let slide = rules.tiger_moves == TigerMoves::Slide;
    for direction in Direction::ALL {
        let mut reached = direction.shift(tigers) & empty;
        let mut distance = 1;
        while !reached.is_empty() {
            for to in reached {
                visit(Move::Step {
                    from: back(to, direction, distance),
                    to,
                })?;
            }
            if !slide {
                break;
            }
            reached = direction.shift(reached) & empty;
            distance += 1;
        }
    }
    ControlFlow::Continue(())
}

/// The goats that some tiger could capture at once if the tigers were to
/// move: those with a tiger on one side and an empty point on the other.
#[inline]
pub fn goats_under_attack(tigers: PointSet, goats: PointSet) -> PointSet {
    let empty = !(tigers | goats);
    let mut out = PointSet::EMPTY;
    for direction in Direction::ALL {
        let over = direction.shift(tigers) & goats;
        out |= over & direction.opposite().shift(empty);
    }
    out
}

/// The number of captures the tigers have (a goat taken from two sides
/// counts twice).
#[inline]
pub(crate) fn count_captures(tigers: PointSet, goats: PointSet) -> usize {
    let empty = !(tigers | goats);
    Direction::ALL
        .into_iter()
        .map(|direction| (direction.shift(direction.shift(tigers) & goats) & empty).len())
        .sum()
}
