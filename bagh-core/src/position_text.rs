//! The position string: `<board> <side> <goats in hand> <goats captured>`.
//!
//! ```
//! use bagh_core::{Position, Ruleset};
//!
//! let rules = Ruleset::preset("two-tigers").unwrap();
//! let position = Position::from_text("5/5/1T1T1/5/5 g 18 0", rules)?;
//! assert_eq!(position, Position::new(rules));
//!
//! // Read against a rule set, which checks the counts:
//! let error = Position::from_text("T3T/5/5/5/T3T g 19 0", Ruleset::default()).unwrap_err();
//! assert_eq!(error.column(), 17);
//! assert!(error.to_string().contains("goats in hand"));
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::error::{ParseError, ParseErrorKind, TextKind};
use crate::{Point, PointSet, Position, Ruleset, Setup, SetupError, Side};

type Failure = (usize, ParseErrorKind);

/// Reads the board field, starting at 1-based `column`.
fn parse_board(board: &str, column: usize) -> Result<(PointSet, PointSet), Failure> {
    let mut tigers = PointSet::EMPTY;
    let mut goats = PointSet::EMPTY;
    let mut rank_index = 0usize; // 0 is rank 5
    let mut file = 0usize;
    let mut last_was_digit = false;
    for (offset, c) in board.char_indices() {
        let at = column + offset;
        let rank_number = 5 - rank_index.min(4) as u8;
        match c {
            '/' => {
                if file != 5 {
                    return Err((
                        at,
                        ParseErrorKind::RankLength {
                            rank: rank_number,
                            points: file,
                        },
                    ));
                }
                rank_index += 1;
                if rank_index >= 5 {
                    return Err((
                        at,
                        ParseErrorKind::RankCount {
                            ranks: rank_index + 1,
                        },
                    ));
                }
                file = 0;
                last_was_digit = false;
            }
            'T' | 'G' => {
                if file >= 5 {
                    return Err((
                        at,
                        ParseErrorKind::RankLength {
                            rank: rank_number,
                            points: file + 1,
                        },
                    ));
                }
                let point = Point::from_index_unchecked(((4 - rank_index) * 5 + file) as u32);
                if c == 'T' {
                    tigers.insert(point);
                } else {
                    goats.insert(point);
                }
                file += 1;
                last_was_digit = false;
            }
            '1'..='5' => {
                if last_was_digit {
                    return Err((
                        at,
                        ParseErrorKind::Unexpected {
                            found: c,
                            expected: "T, G or / after a run of empty points",
                        },
                    ));
                }
                file += (c as u8 - b'0') as usize;
                if file > 5 {
                    return Err((
                        at,
                        ParseErrorKind::RankLength {
                            rank: rank_number,
                            points: file,
                        },
                    ));
                }
                last_was_digit = true;
            }
            _ => {
                return Err((
                    at,
                    ParseErrorKind::Unexpected {
                        found: c,
                        expected: "T, G, a digit 1-5 or /",
                    },
                ))
            }
        }
    }
    if rank_index < 4 {
        return Err((
            column + board.len(),
            ParseErrorKind::RankCount {
                ranks: rank_index + 1,
            },
        ));
    }
    if file != 5 {
        return Err((
            column + board.len(),
            ParseErrorKind::RankLength {
                rank: 1,
                points: file,
            },
        ));
    }
    Ok((tigers, goats))
}

fn parse_count(text: &str, column: usize, field: &'static str) -> Result<u8, Failure> {
    if text.is_empty() || text.len() > 3 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err((
            column,
            ParseErrorKind::BadNumber {
                field,
                found: text.to_string(),
            },
        ));
    }
    text.parse::<u8>().map_err(|_| {
        (
            column,
            ParseErrorKind::BadNumber {
                field,
                found: text.to_string(),
            },
        )
    })
}

impl Position {
    /// Reads a position string against a rule set, which checks it as
    /// [`Position::from_setup`] checks a [`Setup`]: the tiger count, goats on
    /// board + in hand + captured equal to the rule set's goat count, and at
    /// most the capture target captured. The error names the field and its
    /// column.
    pub fn from_text(text: &str, rules: Ruleset) -> Result<Position, ParseError> {
        Position::parse(text, rules)
            .map_err(|(column, kind)| ParseError::new(TextKind::Position, text, column, kind))
    }

    fn parse(text: &str, rules: Ruleset) -> Result<Position, Failure> {
        if text.is_empty() {
            return Err((1, ParseErrorKind::Empty));
        }
        const FIELDS: [&str; 4] = ["board", "side to move", "goats in hand", "goats captured"];
        let mut fields = [("", 0usize); 4];
        let mut column = 1;
        let mut parts = text.split(' ');
        for (slot, name) in fields.iter_mut().zip(FIELDS) {
            let part = parts
                .next()
                .ok_or((text.len() + 1, ParseErrorKind::MissingField { field: name }))?;
            if part.is_empty() {
                let found = text[column - 1..].chars().next().unwrap_or(' ');
                return Err((
                    column,
                    ParseErrorKind::Unexpected {
                        found,
                        expected: "one space between fields",
                    },
                ));
            }
            *slot = (part, column);
            column += part.len() + 1;
        }
        if parts.next().is_some() {
            return Err((column - 1, ParseErrorKind::TrailingInput));
        }
        let [(board, board_at), (side, side_at), (hand, hand_at), (captured, captured_at)] = fields;
        let (tigers, goats) = parse_board(board, board_at)?;
        let side = match side {
            "g" => Side::Goat,
            "t" => Side::Tiger,
            _ => {
                let found = side.chars().next().unwrap_or(' ');
                return Err((
                    side_at,
                    ParseErrorKind::Unexpected {
                        found,
                        expected: "g or t",
                    },
                ));
            }
        };
        let in_hand = parse_count(hand, hand_at, "goats in hand")?;
        let captured = parse_count(captured, captured_at, "goats captured")?;

        let setup = Setup {
            tigers,
            goats,
            side,
            goats_in_hand: in_hand,
            goats_captured: captured,
        };
        Position::from_setup(setup, rules).map_err(|error| {
            // The same checks, reported against the position string's fields.
            let (column, field) = match error {
                SetupError::GoatCount { .. } => (hand_at, "goats in hand"),
                SetupError::CapturedAboveTarget { .. } => (captured_at, "goats captured"),
                SetupError::TigerCount { .. } | SetupError::Overlap { .. } => (board_at, "board"),
            };
            let reason = error.reason();
            (column, ParseErrorKind::Inconsistent { field, reason })
        })
    }
}

impl fmt::Display for Position {
    /// The position string, e.g. `T3T/5/5/5/T3T g 20 0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..5u8).rev() {
            let mut run = 0;
            for file in 0..5u8 {
                let point = Point::from_index_unchecked(u32::from(rank * 5 + file));
                match self.piece_at(point) {
                    None => run += 1,
                    Some(side) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{}", side.piece_char())?;
                    }
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side.char(),
            self.in_hand,
            self.captured
        )
    }
}

impl FromStr for Position {
    type Err = ParseError;

    /// Reads a position string against the default rule set, `bagh-chal`;
    /// use [`Position::from_text`] for another.
    fn from_str(s: &str) -> Result<Position, ParseError> {
        Position::from_text(s, Ruleset::default())
    }
}
