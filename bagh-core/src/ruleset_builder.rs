//! Building a rule set field by field, validated once at the end.
//!
//! ```
//! use bagh_core::{Point, Ruleset, RulesetError, TigerMoves};
//!
//! let rules = Ruleset::builder()
//!     .tigers([Point::C3])
//!     .goats(12)
//!     .capture_target(3)
//!     .tiger_moves(TigerMoves::Slide)
//!     .build()?;
//! assert_eq!(rules.tiger_count(), 1);
//!
//! // Points may be given as text; a bad one is an error of the `tigers` field.
//! let corners = Ruleset::builder().tigers(["a1", "e1", "a5", "e5"]).build()?;
//! assert_eq!(corners, Ruleset::default());
//! let error = Ruleset::builder().tigers(["a1", "z9"]).build().unwrap_err();
//! assert_eq!(error.field(), "tigers");
//!
//! let error = Ruleset::builder().capture_target(0).build().unwrap_err();
//! assert_eq!(error, RulesetError::CaptureTargetZero);
//! assert_eq!(error.field(), "capture_target");
//! # Ok::<(), RulesetError>(())
//! ```

use std::num::NonZeroU16;

use crate::error::{ParseError, RepeatedPoint, RulesetError};
use crate::{Point, PointSet, Repetition, Ruleset, TigerMoves};

/// A point, or the text of one (`"c3"`): what [`RulesetBuilder::tigers`]
/// takes, so that start points can be written either way.
pub trait IntoPoint {
    /// The point, or why the text is not one.
    fn into_point(self) -> Result<Point, ParseError>;
}

impl IntoPoint for Point {
    fn into_point(self) -> Result<Point, ParseError> {
        Ok(self)
    }
}

impl IntoPoint for &str {
    fn into_point(self) -> Result<Point, ParseError> {
        self.parse()
    }
}

impl IntoPoint for &String {
    fn into_point(self) -> Result<Point, ParseError> {
        self.parse()
    }
}

impl IntoPoint for String {
    fn into_point(self) -> Result<Point, ParseError> {
        self.parse()
    }
}

/// Collects the fields of a [`Ruleset`]; [`RulesetBuilder::build`] checks them.
/// Start from [`Ruleset::builder`] (the `bagh-chal` values) or
/// [`Ruleset::to_builder`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct RulesetBuilder {
    /// The start points, or the first text that is not a point.
    tigers: Result<Vec<Point>, ParseError>,
    goats: u32,
    capture_target: u32,
    tiger_moves: TigerMoves,
    mandatory_capture: bool,
    blocked_side_loses: bool,
    repetition: Repetition,
    draw_count: u32,
    no_progress_limit: Option<u32>,
}

impl From<Ruleset> for RulesetBuilder {
    fn from(rules: Ruleset) -> RulesetBuilder {
        RulesetBuilder {
            tigers: Ok(rules.tiger_starts.iter().collect()),
            goats: rules.goats.into(),
            capture_target: rules.capture_target.into(),
            tiger_moves: rules.tiger_moves,
            mandatory_capture: rules.mandatory_capture,
            blocked_side_loses: rules.blocked_side_loses,
            repetition: rules.repetition,
            draw_count: match rules.repetition {
                Repetition::Draw(n) => n.into(),
                _ => 0,
            },
            no_progress_limit: rules.no_progress_limit.map(|n| n.get().into()),
        }
    }
}

impl RulesetBuilder {
    /// The tigers' start points ([`Point`]s or their text); their number
    /// is the tiger count. A text that is not a point makes
    /// [`RulesetBuilder::build`] fail with [`RulesetError::NotAPoint`].
    pub fn tigers<P: IntoPoint>(mut self, points: impl IntoIterator<Item = P>) -> RulesetBuilder {
        self.tigers = points.into_iter().map(P::into_point).collect();
        self
    }

    /// The number of goats, all in hand at the start.
    pub fn goats(self, goats: u8) -> RulesetBuilder {
        self.goats_wide(goats.into())
    }

    /// [`RulesetBuilder::goats`] with a count wider than the field, so that
    /// an out-of-range count read from text is reported rather than cut.
    pub(crate) fn goats_wide(mut self, goats: u32) -> RulesetBuilder {
        self.goats = goats;
        self
    }

    /// The number of captures with which the tigers win.
    pub fn capture_target(self, target: u8) -> RulesetBuilder {
        self.capture_target_wide(target.into())
    }

    /// [`RulesetBuilder::capture_target`], wide as [`RulesetBuilder::goats_wide`].
    pub(crate) fn capture_target_wide(mut self, target: u32) -> RulesetBuilder {
        self.capture_target = target;
        self
    }

    /// Step or slide.
    pub fn tiger_moves(mut self, moves: TigerMoves) -> RulesetBuilder {
        self.tiger_moves = moves;
        self
    }

    /// Whether a tiger side that can capture must capture.
    pub fn mandatory_capture(mut self, mandatory: bool) -> RulesetBuilder {
        self.mandatory_capture = mandatory;
        self
    }

    /// Whether goats without a legal move lose rather than draw.
    pub fn blocked_side_loses(mut self, loses: bool) -> RulesetBuilder {
        self.blocked_side_loses = loses;
        self
    }

    /// The repetition policy.
    pub fn repetition(self, policy: Repetition) -> RulesetBuilder {
        let n = match policy {
            Repetition::Draw(n) => n.into(),
            _ => 0,
        };
        self.repetition_count(policy, n)
    }

    /// The policy with a draw count wider than `u8`, so that an out-of-range
    /// count read from text is reported rather than cut.
    pub(crate) fn repetition_count(mut self, policy: Repetition, n: u32) -> RulesetBuilder {
        self.repetition = policy;
        self.draw_count = n;
        self
    }

    /// Plies without progress after which the game is drawn, or `None`.
    pub fn no_progress_limit(self, limit: Option<u16>) -> RulesetBuilder {
        self.no_progress_limit_wide(limit.map(u32::from))
    }

    /// [`RulesetBuilder::no_progress_limit`], wide as [`RulesetBuilder::goats_wide`].
    pub(crate) fn no_progress_limit_wide(mut self, limit: Option<u32>) -> RulesetBuilder {
        self.no_progress_limit = limit;
        self
    }

    /// Checks the fields and makes the rule set; the error names the field.
    pub fn build(&self) -> Result<Ruleset, RulesetError> {
        let points = self
            .tigers
            .as_ref()
            .map_err(|error| RulesetError::NotAPoint {
                found: error.input().to_string(),
                reason: error.kind().to_string(),
            })?;
        let tiger_starts = PointSet::from_distinct(points.iter().copied())
            .map_err(|RepeatedPoint { point }| RulesetError::RepeatedStart { point })?;
        if tiger_starts.is_empty() {
            return Err(RulesetError::NoTigers);
        }
        if self.goats == 0 {
            return Err(RulesetError::NoGoats);
        }
        let tigers = tiger_starts.len();
        if tigers as u64 + u64::from(self.goats) > 25 {
            return Err(RulesetError::TooManyPieces {
                tigers,
                goats: self.goats,
            });
        }
        if self.capture_target == 0 {
            return Err(RulesetError::CaptureTargetZero);
        }
        if self.capture_target > self.goats {
            return Err(RulesetError::CaptureTargetAboveGoats {
                target: self.capture_target,
                goats: self.goats,
            });
        }
        if let Repetition::Draw(_) = self.repetition {
            if self.draw_count < 2 {
                return Err(RulesetError::DrawCountTooSmall { n: self.draw_count });
            }
            if self.draw_count > 255 {
                return Err(RulesetError::DrawCountTooLarge { n: self.draw_count });
            }
        }
        let no_progress_limit = match self.no_progress_limit {
            None => None,
            Some(0) => return Err(RulesetError::NoProgressZero),
            Some(limit) => Some(
                u16::try_from(limit)
                    .ok()
                    .and_then(NonZeroU16::new)
                    .ok_or(RulesetError::NoProgressTooLarge { limit })?,
            ),
        };
        Ok(Ruleset {
            tiger_starts,
            goats: self.goats as u8,
            capture_target: self.capture_target as u8,
            tiger_moves: self.tiger_moves,
            mandatory_capture: self.mandatory_capture,
            blocked_side_loses: self.blocked_side_loses,
            repetition: match self.repetition {
                Repetition::Draw(_) => Repetition::Draw(self.draw_count as u8),
                other => other,
            },
            no_progress_limit,
        })
    }
}
