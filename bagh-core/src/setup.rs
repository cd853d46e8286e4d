//! A position built from its parts: where the tigers and goats stand, the
//! side to move and the two goat counters, checked against a rule set.
//!
//! ```
//! use bagh_core::{Point, PointSet, Position, Ruleset, Setup, SetupError, Side};
//!
//! let rules = Ruleset::default();
//! let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5].into_iter().collect();
//! let setup = Setup {
//!     tigers: corners,
//!     goats: PointSet::single(Point::C3),
//!     side: Side::Tiger,
//!     goats_in_hand: 19,
//!     goats_captured: 0,
//! };
//! let position = Position::from_setup(setup, rules)?;
//! assert_eq!(position.to_string(), "T3T/5/2G2/5/T3T t 19 0");
//! assert_eq!(position.setup(), setup);
//!
//! // The rule set checks the parts; the error names the field at fault.
//! let error = Position::from_setup(Setup { goats_in_hand: 20, ..setup }, rules).unwrap_err();
//! assert_eq!(error.field(), "goats_in_hand");
//! assert!(matches!(error, SetupError::GoatCount { .. }));
//! # Ok::<(), SetupError>(())
//! ```

use std::fmt;

use crate::{Point, PointSet, Position, Ruleset, Side};

/// The parts of a position, with nothing checked: the points of the tigers
/// and of the goats, the side to move, the goats in hand and the goats
/// captured. [`Position::from_setup`] checks them against a rule set, and
/// [`Position::setup`] takes a position apart.
///
/// With the `serde` feature it serializes through its fields, the point sets
/// as lists of point names in board order and the side as `goat` or `tiger`:
/// `{"tigers": ["a1", "e1", "a5", "e5"], "goats": [], "side": "goat",
/// "goats_in_hand": 20, "goats_captured": 0}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(deny_unknown_fields)
)]
pub struct Setup {
    /// The points holding a tiger.
    pub tigers: PointSet,
    /// The points holding a goat.
    pub goats: PointSet,
    /// The side to move.
    pub side: Side,
    /// Goats still to be placed.
    pub goats_in_hand: u8,
    /// Goats captured so far.
    pub goats_captured: u8,
}

/// Parts that do not make a position under a rule set. Each variant names the
/// [`Setup`] field at fault ([`SetupError::field`]) and says why; the position
/// string reader makes the same checks, in the same order, and reports them
/// against its own fields.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// Not as many tigers on the board as the rule set has.
    TigerCount {
        /// The tigers on the board.
        found: usize,
        /// The rule set's tiger count.
        expected: usize,
    },
    /// A point that holds a tiger and a goat.
    Overlap {
        /// The lowest such point.
        point: Point,
    },
    /// Goats on the board + in hand + captured differ from the rule set's goat count.
    GoatCount {
        /// The goats on the board.
        on_board: usize,
        /// The goats in hand.
        in_hand: u8,
        /// The goats captured.
        captured: u8,
        /// The rule set's goat count.
        expected: u8,
    },
    /// More goats captured than the capture target (which ends the game).
    CapturedAboveTarget {
        /// The goats captured.
        captured: u8,
        /// The rule set's capture target.
        target: u8,
    },
}

impl SetupError {
    /// The name of the [`Setup`] field at fault: `tigers`, `goats`,
    /// `goats_in_hand` or `goats_captured`.
    pub fn field(&self) -> &'static str {
        match self {
            SetupError::TigerCount { .. } => "tigers",
            SetupError::Overlap { .. } => "goats",
            SetupError::GoatCount { .. } => "goats_in_hand",
            SetupError::CapturedAboveTarget { .. } => "goats_captured",
        }
    }

    /// Why, without the field's name: the message for a reader that names the
    /// field its own way, as the position string reader does.
    ///
    /// ```
    /// use bagh_core::{Point, SetupError};
    ///
    /// let error = SetupError::Overlap { point: Point::C3 };
    /// assert_eq!(error.reason(), "c3 holds a tiger too");
    /// assert_eq!(error.to_string(), "goats: c3 holds a tiger too");
    /// ```
    pub fn reason(&self) -> String {
        match *self {
            SetupError::TigerCount { found, expected } => {
                format!("{found} tigers on the board, the rule set has {expected}")
            }
            SetupError::Overlap { point } => format!("{point} holds a tiger too"),
            SetupError::GoatCount {
                on_board,
                in_hand,
                captured,
                expected,
            } => {
                let total = on_board + usize::from(in_hand) + usize::from(captured);
                format!(
                    "{on_board} goats on the board + {in_hand} in hand + {captured} captured \
                     make {total}, the rule set has {expected}"
                )
            }
            SetupError::CapturedAboveTarget { captured, target } => {
                format!("{captured} is above the capture target {target}")
            }
        }
    }
}

impl fmt::Display for SetupError {
    /// The field's name and why, e.g. `tigers: 3 tigers on the board, the rule set has 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field(), self.reason())
    }
}

impl Position {
    /// The position with these parts under `rules`, which checks them: the
    /// tiger count, no point holding two pieces, the goats on the board, in
    /// hand and captured adding up to the rule set's goat count, and at most
    /// the capture target captured (a finished game is a position too). These
    /// are the checks of [`Position::from_text`].
    pub fn from_setup(setup: Setup, rules: Ruleset) -> Result<Position, SetupError> {
        let Setup {
            tigers,
            goats,
            side,
            goats_in_hand,
            goats_captured,
        } = setup;
        if tigers.len() != rules.tiger_count() {
            return Err(SetupError::TigerCount {
                found: tigers.len(),
                expected: rules.tiger_count(),
            });
        }
        if let Some(point) = (tigers & goats).first() {
            return Err(SetupError::Overlap { point });
        }
        let total = goats.len() + usize::from(goats_in_hand) + usize::from(goats_captured);
        if total != usize::from(rules.goats()) {
            return Err(SetupError::GoatCount {
                on_board: goats.len(),
                in_hand: goats_in_hand,
                captured: goats_captured,
                expected: rules.goats(),
            });
        }
        if goats_captured > rules.capture_target() {
            return Err(SetupError::CapturedAboveTarget {
                captured: goats_captured,
                target: rules.capture_target(),
            });
        }
        Ok(Position {
            tigers,
            goats,
            rules,
            side,
            in_hand: goats_in_hand,
            captured: goats_captured,
        })
    }

    /// The parts of this position; [`Position::from_setup`] with them and
    /// [`Position::rules`] gives it back.
    pub const fn setup(&self) -> Setup {
        Setup {
            tigers: self.tigers,
            goats: self.goats,
            side: self.side,
            goats_in_hand: self.in_hand,
            goats_captured: self.captured,
        }
    }
}
