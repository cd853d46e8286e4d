//! The rule set: every difference between the variants, as one validated value.
//!
//! ```
//! use bagh_core::{Repetition, Ruleset, TigerMoves};
//!
//! let two_tigers = Ruleset::preset("two-tigers").unwrap();
//! assert_eq!(two_tigers.tiger_moves(), TigerMoves::Slide);
//! assert_eq!(two_tigers.to_string(), "two-tigers");
//!
//! // Build a variant: standard bagh-chal with mandatory captures and threefold repetition.
//! let custom = Ruleset::builder()
//!     .mandatory_capture(true)
//!     .repetition(Repetition::Draw(3))
//!     .build()?;
//! let text = custom.to_string();
//! assert_eq!(text, "tigers=a1,e1,a5,e5 goats=20 capture_target=5 tiger_moves=step \
//!                   mandatory_capture=yes blocked_side_loses=no repetition=draw(3) no_progress_limit=none");
//! assert_eq!(text.parse::<Ruleset>()?, custom);
//! // The text may also start from a preset and change some fields.
//! assert_eq!("bagh-chal mandatory_capture=yes repetition=draw(3)".parse::<Ruleset>()?, custom);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::num::NonZeroU16;
use std::str::FromStr;

use crate::error::{ParseError, ParseErrorKind, TextKind};
use crate::{Point, PointSet, RulesetBuilder};

/// How tigers move when they do not capture.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TigerMoves {
    /// One point along a line.
    Step,
    /// Any distance along one straight line, over empty points only.
    Slide,
}

impl TigerMoves {
    /// The name in the text form: `step` or `slide`.
    pub const fn name(self) -> &'static str {
        match self {
            TigerMoves::Step => "step",
            TigerMoves::Slide => "slide",
        }
    }
}

impl fmt::Display for TigerMoves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a repeated position does (the [rules guide](crate::guide::rules#repetition)).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Repetition {
    /// A move that recreates an earlier position of the game is illegal.
    Forbidden,
    /// The game is drawn when a position occurs for the n-th time (n ≥ 2;
    /// the start counts as an occurrence).
    Draw(u8),
    /// Repetition has no effect; the game still counts repetitions.
    Allowed,
}

impl fmt::Display for Repetition {
    /// `forbidden`, `allowed` or `draw(n)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Repetition::Forbidden => f.write_str("forbidden"),
            Repetition::Allowed => f.write_str("allowed"),
            Repetition::Draw(n) => write!(f, "draw({n})"),
        }
    }
}

impl Repetition {
    /// Reads `forbidden`, `allowed`, `draw(n)` or `draw:n`; `None` if it is
    /// none of these. The count is checked when the rule set is built.
    pub(crate) fn parse_unchecked(s: &str) -> Option<(Repetition, u32)> {
        match s {
            "forbidden" => Some((Repetition::Forbidden, 0)),
            "allowed" => Some((Repetition::Allowed, 0)),
            _ => {
                let digits = s
                    .strip_prefix("draw(")
                    .and_then(|rest| rest.strip_suffix(')'))
                    .or_else(|| s.strip_prefix("draw:"))?;
                if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let n: u32 = digits.parse().unwrap_or(u32::MAX);
                Some((Repetition::Draw(n.min(255) as u8), n))
            }
        }
    }
}

/// A validated rule set: `Copy`, 16 bytes, so that it travels inside every
/// [`Position`](crate::Position).
///
/// Build one with [`Ruleset::builder`], take a preset with [`Ruleset::preset`],
/// or parse its text form. Its `Display` prints a preset as its id and any other
/// rule set as `key=value` fields, and `FromStr` reads both back.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Ruleset {
    pub(crate) tiger_starts: PointSet,
    pub(crate) goats: u8,
    pub(crate) capture_target: u8,
    pub(crate) tiger_moves: TigerMoves,
    pub(crate) mandatory_capture: bool,
    pub(crate) blocked_side_loses: bool,
    pub(crate) repetition: Repetition,
    pub(crate) no_progress_limit: Option<NonZeroU16>,
}

const CORNERS: PointSet = PointSet::from_bits(
    1 << Point::A1.index()
        | 1 << Point::E1.index()
        | 1 << Point::A5.index()
        | 1 << Point::E5.index(),
);

/// `bagh-chal` (source 002): the default rule set.
const BAGH_CHAL: Ruleset = Ruleset {
    tiger_starts: CORNERS,
    goats: 20,
    capture_target: 5,
    tiger_moves: TigerMoves::Step,
    mandatory_capture: false,
    blocked_side_loses: false,
    repetition: Repetition::Forbidden,
    no_progress_limit: None,
};

/// The presets, by id, in the order of the [rules guide](crate::guide::rules).
const PRESETS: [(&str, Ruleset); 3] = [
    ("bagh-chal", BAGH_CHAL),
    (
        "bagh-chal-blocked-loses",
        Ruleset {
            blocked_side_loses: true,
            repetition: Repetition::Allowed,
            ..BAGH_CHAL
        },
    ),
    (
        "two-tigers",
        Ruleset {
            tiger_starts: PointSet::from_bits(1 << Point::B3.index() | 1 << Point::D3.index()),
            goats: 18,
            capture_target: 9,
            tiger_moves: TigerMoves::Slide,
            mandatory_capture: false,
            blocked_side_loses: true,
            repetition: Repetition::Draw(3),
            no_progress_limit: None,
        },
    ),
];

impl Default for Ruleset {
    /// `bagh-chal`.
    fn default() -> Ruleset {
        BAGH_CHAL
    }
}

impl Ruleset {
    /// The preset with this id (see [`Ruleset::preset_ids`]); an unknown id
    /// is an error that lists the presets.
    ///
    /// ```
    /// use bagh_core::Ruleset;
    ///
    /// assert_eq!(Ruleset::preset("two-tigers")?.tiger_count(), 2);
    /// let error = Ruleset::preset("bagh-chall").unwrap_err();
    /// assert!(error.to_string().contains("presets: bagh-chal, bagh-chal-blocked-loses, two-tigers"));
    /// # Ok::<(), bagh_core::ParseError>(())
    /// ```
    pub fn preset(id: &str) -> Result<Ruleset, ParseError> {
        PRESETS
            .iter()
            .find(|(name, _)| *name == id)
            .map(|(_, rules)| *rules)
            .ok_or_else(|| {
                let found = id.to_string();
                ParseError::new(
                    TextKind::Ruleset,
                    id,
                    1,
                    ParseErrorKind::UnknownPreset { found },
                )
            })
    }

    /// The ids of the presets: `bagh-chal`, `bagh-chal-blocked-loses`, `two-tigers`.
    pub fn preset_ids() -> impl Iterator<Item = &'static str> {
        PRESETS.iter().map(|(name, _)| *name)
    }

    /// Every preset with its id.
    pub fn presets() -> impl Iterator<Item = (&'static str, Ruleset)> {
        PRESETS.iter().copied()
    }

    /// The id of the preset equal to this rule set, if there is one.
    pub fn preset_id(&self) -> Option<&'static str> {
        PRESETS
            .iter()
            .find(|(_, rules)| rules == self)
            .map(|(name, _)| *name)
    }

    /// A builder that starts from `bagh-chal`.
    pub fn builder() -> RulesetBuilder {
        RulesetBuilder::from(BAGH_CHAL)
    }

    /// A builder that starts from this rule set.
    pub fn to_builder(&self) -> RulesetBuilder {
        RulesetBuilder::from(*self)
    }

    /// The tigers' start points.
    pub const fn tigers(&self) -> PointSet {
        self.tiger_starts
    }

    /// The number of tigers.
    pub const fn tiger_count(&self) -> usize {
        self.tiger_starts.len()
    }

    /// The number of goats, all in hand at the start.
    pub const fn goats(&self) -> u8 {
        self.goats
    }

    /// The tigers win when they have captured this many goats.
    pub const fn capture_target(&self) -> u8 {
        self.capture_target
    }

    /// Step or slide.
    pub const fn tiger_moves(&self) -> TigerMoves {
        self.tiger_moves
    }

    /// Whether a tiger side that can capture must capture.
    pub const fn mandatory_capture(&self) -> bool {
        self.mandatory_capture
    }

    /// Whether goats left without a legal move lose (otherwise it is a draw).
    pub const fn blocked_side_loses(&self) -> bool {
        self.blocked_side_loses
    }

    /// The repetition policy.
    pub const fn repetition(&self) -> Repetition {
        self.repetition
    }

    /// Plies without progress after which the game is drawn, if any.
    pub const fn no_progress_limit(&self) -> Option<NonZeroU16> {
        self.no_progress_limit
    }

    fn parse(s: &str) -> Result<Ruleset, (usize, ParseErrorKind)> {
        let mut tokens = s
            .split_ascii_whitespace()
            .map(|token| (token.as_ptr() as usize - s.as_ptr() as usize + 1, token))
            .peekable();
        let mut builder = match tokens.peek() {
            None => return Err((1, ParseErrorKind::Empty)),
            Some(&(column, token)) if !token.contains('=') => {
                tokens.next();
                Ruleset::preset(token)
                    .map_err(|error| (column, error.kind().clone()))?
                    .to_builder()
            }
            Some(_) => Ruleset::builder(),
        };
        let mut seen: Vec<&str> = Vec::new();
        for (column, token) in tokens {
            let Some((key, value)) = token.split_once('=') else {
                return Err((
                    column,
                    ParseErrorKind::Unexpected {
                        found: token.chars().next().unwrap_or(' '),
                        expected: "a key=value field",
                    },
                ));
            };
            // A field given twice is a mistake, not an override.
            if seen.contains(&key) {
                let found = key.to_string();
                return Err((column, ParseErrorKind::RepeatedField { found }));
            }
            seen.push(key);
            let value_column = column + key.len() + 1;
            let bad = |field: &'static str, expected: &'static str| {
                (
                    value_column,
                    ParseErrorKind::BadValue {
                        field,
                        found: value.to_string(),
                        expected,
                    },
                )
            };
            let yes_no = |field| match value {
                "yes" | "true" => Ok(true),
                "no" | "false" => Ok(false),
                _ => Err(bad(field, "yes or no")),
            };
            builder = match key {
                "tigers" => {
                    let mut points = Vec::new();
                    let mut at = value_column;
                    for name in value.split(',') {
                        let point = name
                            .parse::<Point>()
                            .map_err(|e| (at + e.column() - 1, e.kind().clone()))?;
                        points.push(point);
                        at += name.len() + 1;
                    }
                    builder.tigers(points)
                }
                "goats" => builder.goats_wide(value.parse().map_err(|_| bad("goats", "a number"))?),
                "capture_target" => builder.capture_target_wide(
                    value
                        .parse()
                        .map_err(|_| bad("capture_target", "a number"))?,
                ),
                "tiger_moves" => builder.tiger_moves(match value {
                    "step" => TigerMoves::Step,
                    "slide" => TigerMoves::Slide,
                    _ => return Err(bad("tiger_moves", "step or slide")),
                }),
                "mandatory_capture" => builder.mandatory_capture(yes_no("mandatory_capture")?),
                "blocked_side_loses" => builder.blocked_side_loses(yes_no("blocked_side_loses")?),
                "repetition" => {
                    let (policy, n) = Repetition::parse_unchecked(value)
                        .ok_or_else(|| bad("repetition", "forbidden, allowed or draw(n)"))?;
                    builder.repetition_count(policy, n)
                }
                "no_progress_limit" => builder.no_progress_limit_wide(match value {
                    "none" => None,
                    _ => Some(
                        value
                            .parse()
                            .map_err(|_| bad("no_progress_limit", "a number or none"))?,
                    ),
                }),
                _ => {
                    return Err((
                        column,
                        ParseErrorKind::UnknownField {
                            found: key.to_string(),
                        },
                    ))
                }
            };
        }
        builder.build().map_err(|e| (1, ParseErrorKind::Ruleset(e)))
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(id) = self.preset_id() {
            return f.write_str(id);
        }
        f.write_str("tigers=")?;
        for (i, point) in self.tiger_starts.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{point}")?;
        }
        let yes_no = |b: bool| if b { "yes" } else { "no" };
        write!(
            f,
            " goats={} capture_target={} tiger_moves={} mandatory_capture={} blocked_side_loses={} repetition={} no_progress_limit=",
            self.goats,
            self.capture_target,
            self.tiger_moves,
            yes_no(self.mandatory_capture),
            yes_no(self.blocked_side_loses),
            self.repetition
        )?;
        match self.no_progress_limit {
            Some(limit) => write!(f, "{limit}"),
            None => f.write_str("none"),
        }
    }
}

impl FromStr for Ruleset {
    type Err = ParseError;

    /// Reads a preset id, or `key=value` fields separated by spaces (fields
    /// not given keep the values of `bagh-chal`), or a preset id followed by
    /// the fields that differ from it.
    fn from_str(s: &str) -> Result<Ruleset, ParseError> {
        Ruleset::parse(s)
            .map_err(|(column, kind)| ParseError::new(TextKind::Ruleset, s, column, kind))
    }
}
