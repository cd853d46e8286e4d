//! One fixed action space for every rule set: 25 placements, then every
//! ordered pair of distinct points on one straight line of the board.
//!
//! ```
//! use bagh_core::{Move, Position};
//! use bagh_rl::{decode, encode, NUM_ACTIONS};
//!
//! assert_eq!(NUM_ACTIONS, 289);
//! let start = Position::default();
//! let c3: Move = "c3".parse()?;
//! assert_eq!(encode(c3), 12); // a placement is its point's index
//! assert_eq!(decode(12, &start)?, c3);
//! // A pair action is a step, a slide or a capture, as the position says.
//! let step: Move = "a1a2".parse()?;
//! assert!(encode(step) >= 25);
//! assert!(decode(encode(step), &start).is_err()); // goats are to move
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Why this encoding
//!
//! A move of bagh is a placement (one point) or a piece going from one point
//! to another along a line: a step, a slide, or a capture, whose captured
//! goat is the point between. In one position at most one move joins a
//! given pair of points (a capture needs a goat between them, a slide an
//! empty point), so the pair alone names the move once the position is
//! known. Pairs on one line are 264 (200 along ranks and files, 64 along
//! the diagonals), which gives 25 + 264 = 289 actions for every rule set,
//! slides included, against 650 for all 25 × 25 pairs: every index is a move
//! of some position, so a policy head wastes no outputs on impossible ones.
//! The board's symmetries map lines onto lines, so they permute the actions.

use bagh_core::{Game, Move, Point, Position};

use crate::error::ActionError;

/// Placement actions: one per point, in point order (`a1` = 0, `e5` = 24).
pub const NUM_PLACEMENTS: usize = Point::COUNT;

/// Whether the points with indices `from` and `to` are distinct and lie on
/// one straight line of the board (a rank, a file, or a diagonal through
/// points whose file + rank is even).
const fn on_one_line(from: usize, to: usize) -> bool {
    if from == to {
        return false;
    }
    let (f1, r1) = ((from % 5) as i32, (from / 5) as i32);
    let (f2, r2) = ((to % 5) as i32, (to / 5) as i32);
    if f1 == f2 || r1 == r2 {
        return true;
    }
    // A diagonal step keeps the parity of file + rank, so a diagonal through
    // an even point stays on even points.
    (f1 - f2).abs() == (r1 - r2).abs() && (f1 + r1) % 2 == 0
}

const fn count_pairs() -> usize {
    let mut count = 0;
    let mut from = 0;
    while from < 25 {
        let mut to = 0;
        while to < 25 {
            if on_one_line(from, to) {
                count += 1;
            }
            to += 1;
        }
        from += 1;
    }
    count
}

/// Pair actions: ordered pairs of distinct points on one line.
pub const NUM_PAIRS: usize = count_pairs();

/// The number of actions: 25 placements and 264 pairs, 289.
pub const NUM_ACTIONS: usize = NUM_PLACEMENTS + NUM_PAIRS;

/// No action: the entry of a pair that is not on one line.
const NONE: u16 = u16::MAX;

/// `PAIR_ACTION[from][to]`: the action of a pair, or `NONE`.
static PAIR_ACTION: [[u16; 25]; 25] = {
    let mut table = [[NONE; 25]; 25];
    let mut next = NUM_PLACEMENTS as u16;
    let mut from = 0;
    while from < 25 {
        let mut to = 0;
        while to < 25 {
            if on_one_line(from, to) {
                table[from][to] = next;
                next += 1;
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// `ACTION_PAIR[a - 25]`: the (from, to) point indices of pair action `a`.
static ACTION_PAIR: [(u8, u8); NUM_PAIRS] = {
    let mut pairs = [(0u8, 0u8); NUM_PAIRS];
    let mut from = 0;
    while from < 25 {
        let mut to = 0;
        while to < 25 {
            let action = PAIR_ACTION[from][to];
            if action != NONE {
                pairs[action as usize - NUM_PLACEMENTS] = (from as u8, to as u8);
            }
            to += 1;
        }
        from += 1;
    }
    pairs
};

/// What an action names, before a position says which move it is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ActionPoints {
    /// A goat placed on the point.
    Place(Point),
    /// A piece from one point to another on the same line: a step, a slide
    /// or a capture.
    Pair {
        /// Where the piece starts.
        from: Point,
        /// Where it ends.
        to: Point,
    },
}

impl std::fmt::Display for ActionPoints {
    /// In the notation: `c3` for a placement, `a1a3` for a pair (a step or
    /// a slide; the capture over the same line is written `a1xa3`).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionPoints::Place(point) => write!(f, "{point}"),
            ActionPoints::Pair { from, to } => write!(f, "{from}{to}"),
        }
    }
}

/// The points of action `action`, or `None` when it is not below
/// [`NUM_ACTIONS`].
pub fn action_points(action: usize) -> Option<ActionPoints> {
    if action < NUM_PLACEMENTS {
        return Point::from_index(action).map(ActionPoints::Place);
    }
    let &(from, to) = ACTION_PAIR.get(action - NUM_PLACEMENTS)?;
    Some(ActionPoints::Pair {
        from: Point::from_index(usize::from(from))?,
        to: Point::from_index(usize::from(to))?,
    })
}

/// No point: the entry of a pair that is not two steps apart.
const NO_POINT: u8 = u8::MAX;

/// `ACTION_OVER[a - 25]`: for a pair two steps apart on its line, the index
/// of the point between (the goat a capture along it takes), else
/// `NO_POINT`. A table, so that turning an action into a move at every RL
/// step walks no line.
static ACTION_OVER: [u8; NUM_PAIRS] = {
    let mut over = [NO_POINT; NUM_PAIRS];
    let mut pair = 0;
    while pair < NUM_PAIRS {
        let (from, to) = ACTION_PAIR[pair];
        let (f1, r1) = ((from % 5) as i32, (from / 5) as i32);
        let (f2, r2) = ((to % 5) as i32, (to / 5) as i32);
        let (df, dr) = ((f2 - f1).abs(), (r2 - r1).abs());
        // On one line (the table holds no other pair), two steps apart.
        if (df == 2 || df == 0) && (dr == 2 || dr == 0) {
            over[pair] = ((r1 + r2) / 2 * 5 + (f1 + f2) / 2) as u8;
        }
        pair += 1;
    }
    over
};

/// The action of a placement on `to`, or of a pair (`from`, `to`) when
/// both points lie on one line.
pub fn points_action(points: ActionPoints) -> Option<usize> {
    match points {
        ActionPoints::Place(to) => Some(to.index()),
        ActionPoints::Pair { from, to } => {
            let action = PAIR_ACTION[from.index()][to.index()];
            (action != NONE).then_some(usize::from(action))
        }
    }
}

/// The action of a move: its point for a placement, its (from, to) pair for
/// a step, a slide or a capture. Every move has one, below [`NUM_ACTIONS`].
#[inline]
pub fn encode(mv: Move) -> usize {
    match mv {
        Move::Place { to } => to.index(),
        // A move's two points always lie on one line, so the entry is set.
        Move::Step { from, to } | Move::Capture { from, to, .. } => {
            usize::from(PAIR_ACTION[from.index()][to.index()])
        }
    }
}

/// The move `action` would be in `position`, from the geometry alone and
/// without checking that it is legal: a placement, a capture when the two
/// points are two steps apart with a goat between them and the tigers to
/// move, a step (or slide) otherwise. `None` out of range. For an action
/// known to be legal (from a mask) it is the move [`decode`] finds, without
/// generating the moves.
#[inline]
pub fn action_move(action: usize, position: &Position) -> Option<Move> {
    match action_points(action)? {
        ActionPoints::Place(to) => Some(Move::Place { to }),
        ActionPoints::Pair { from, to } => {
            if position.side_to_move() == bagh_core::Side::Tiger {
                let over = ACTION_OVER[action - NUM_PLACEMENTS];
                if let Some(over) = Point::from_index(usize::from(over)) {
                    if position.goats().contains(over) {
                        return Some(Move::Capture { from, over, to });
                    }
                }
            }
            Some(Move::Step { from, to })
        }
    }
}

/// The move of `moves` (the legal moves of a position) that `action` names.
#[inline]
pub fn find(action: usize, moves: &[Move]) -> Option<Move> {
    moves.iter().copied().find(|mv| encode(*mv) == action)
}

/// The move `action` names in `position`, or an error when the action is
/// out of range or names no legal move there.
pub fn decode(action: usize, position: &Position) -> Result<Move, ActionError> {
    find_or_error(action, &position.legal_moves(), || position.to_string())
}

/// The move `action` names in `game`: as [`decode`], with the repetition
/// policy and the end of the game honoured (see [`Game::legal_moves`]).
pub fn decode_in_game(action: usize, game: &Game) -> Result<Move, ActionError> {
    find_or_error(action, &game.legal_moves(), || game.position().to_string())
}

/// The move of `moves` that `action` names, or the error that says why
/// there is none (`position` gives the position's text for it).
pub fn find_or_error(
    action: usize,
    moves: &[Move],
    position: impl FnOnce() -> String,
) -> Result<Move, ActionError> {
    let Some(points) = action_points(action) else {
        return Err(ActionError::OutOfRange {
            action: action as i64,
        });
    };
    find(action, moves).ok_or_else(|| ActionError::Illegal {
        action,
        points,
        position: position(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_round_trip_through_the_tables() {
        for action in NUM_PLACEMENTS..NUM_ACTIONS {
            let points = action_points(action).unwrap();
            assert_eq!(points_action(points), Some(action));
        }
        assert_eq!(action_points(NUM_ACTIONS), None);
    }

    /// The table's points between agree with the rules' own captures
    /// (`Move::capture`, which walks the board's lines).
    #[test]
    fn the_point_between_is_the_captures() {
        let mut captures = 0;
        for (pair, &(from, to)) in ACTION_PAIR.iter().enumerate() {
            let (from, to) = (
                Point::from_index(usize::from(from)).unwrap(),
                Point::from_index(usize::from(to)).unwrap(),
            );
            let expected = Move::capture(from, to).and_then(Move::over_point);
            let table = Point::from_index(usize::from(ACTION_OVER[pair]));
            assert_eq!(table, expected, "{from}{to}");
            captures += usize::from(expected.is_some());
        }
        // Every segment of three points on a line, in both directions,
        // counted from the board: 5 ranks and 5 files of 3 segments each;
        // the two long diagonals of 3 each and the four short ones of 1.
        assert_eq!(captures, (5 * 3 + 5 * 3 + 2 * 3 + 4) * 2);
    }
}
