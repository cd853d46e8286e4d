//! The formats of the `baghchal` Python package (version 1.0.1): its
//! position string and its game text.
//!
//! ```
//! use bagh_core::interop::baghchal;
//! use bagh_core::{Game, Move};
//!
//! let game = baghchal::read_game(" 1. G33 B1112 2. G44 B5142", baghchal::rules())?;
//! assert_eq!(game.moves()[1], "a5b5".parse::<Move>()?);
//! assert_eq!(baghchal::write_game(&game)?, " 1. G33 B1112 2. G44 B5142");
//!
//! let read = baghchal::read_position("B3B/3G1/5/5/1B2B G 1", baghchal::rules())?;
//! assert_eq!(read.position.to_string(), "T3T/3G1/5/5/1T2T g 19 0");
//! assert_eq!(read.goat_plies, 1);
//! assert_eq!(baghchal::write_position(&read.position, None), "B3B/3G1/5/5/1B2B G 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The two formats
//!
//! A point is two digits: its row counted from the top (1-5), then its
//! column counted from the left (1-5). So `11` is bagh's `a5`, `15` is `e5`,
//! `51` is `a1` and `33` is `c3`.
//!
//! The position string has three fields, `B3B/5/5/5/B3B G 0`: the board, its
//! rows from the top down (`B` a tiger, `G` a goat, a digit a run of empty
//! points, as in bagh's board field); the side to move, `G` or `B`; and the
//! number of goat plies played so far (placements and goat moves). Goats in
//! hand and goats captured follow from that count and the board: after `n`
//! goat plies `max(20 - n, 0)` goats are in hand, and the goats neither in
//! hand nor on the board were captured.
//!
//! The game text numbers each pair of plies, goats first:
//! ` 1. G33 B1112 2. G44 Bx1113 ... 21. G3233# 1-0`. `G` and a point is a
//! placement, `G` and two points a goat move, `B` and two points a tiger
//! step, `Bx` and two points a capture. A finished game marks its last move
//! with `#` and ends with the result: `1-0` the goats won, `0-1` the tigers
//! won, `1/2-1/2` a draw. The text holds no start position: every game starts
//! with the four tigers in the corners and twenty goats in hand.
//!
//! # How an imported game maps onto a rule set
//!
//! The package plays the rules of the `bagh-chal-blocked-loses` preset
//! ([`rules`]): four tigers in the corners, twenty goats, five captures win,
//! tigers step and capture by a jump, captures optional, and goats left
//! without a move lose. Its repetition rule is its own: once the twentieth
//! goat ply has been played, it counts boards (the pieces alone, whichever
//! side is to move; the start board counts once) and the third occurrence of
//! one board is a draw. No bagh rule set has that rule, and the preset allows
//! repetition, so:
//!
//! - a game read under the preset goes on where the package would stop at a
//!   repeated board; [`is_repetition_draw`] tells whether the package's rule
//!   ends the game at its current board, so that a caller can adjudicate;
//! - a text whose result is `1/2-1/2` is read without error when the moves
//!   end in such a draw (bagh sees an unfinished game there), and
//!   [`write_game`] writes `# 1/2-1/2` after a game that ends so;
//! - every other result must be the outcome that the moves reach under the
//!   rule set given to [`read_game`], or the text is an error.
//!
//! Up to the first repeated board the two rule sets agree move for move and
//! on the result; this is checked against the package itself by the
//! project's differential test.

use std::collections::HashMap;
use std::fmt;

use crate::error::{IllegalMoveError, IllegalMoveReason};
use crate::{Game, Move, ParseError, Point, PointSet, Position, Ruleset, Side};

/// The rule set that the `baghchal` package plays: the
/// `bagh-chal-blocked-loses` preset (see the module docs for repetition).
///
/// ```
/// use bagh_core::interop::baghchal;
///
/// assert_eq!(baghchal::rules().preset_id(), Some("bagh-chal-blocked-loses"));
/// ```
pub fn rules() -> Ruleset {
    Ruleset::preset("bagh-chal-blocked-loses").expect("a preset of this crate")
}

/// Which of the two texts a [`BaghchalError`] was reading or writing.
///
/// ```
/// use bagh_core::interop::baghchal::BaghchalText;
///
/// assert_eq!(BaghchalText::Position.to_string(), "position string");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum BaghchalText {
    /// A position string such as `B3B/5/5/5/B3B G 0`.
    Position,
    /// A game text such as ` 1. G33 B1112`.
    Game,
}

impl fmt::Display for BaghchalText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BaghchalText::Position => "position string",
            BaghchalText::Game => "game text",
        })
    }
}

/// Why a text of the `baghchal` package could not be read, or a game not
/// written in its format.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BaghchalErrorKind {
    /// Something other than what may stand there.
    #[error("expected {expected}, found {found:?}")]
    Expected {
        /// What may stand there.
        expected: &'static str,
        /// What was found (empty at the end of the text).
        found: String,
    },
    /// The fields read, but the rule set rejects the position they describe.
    #[error("{reason}")]
    Inconsistent {
        /// Why, naming the field.
        reason: String,
    },
    /// The position described, refused by the rule set.
    #[error("{0}")]
    Position(ParseError),
    /// A move number other than the one expected there.
    #[error("expected move number {expected}., found {found:?}")]
    MoveNumber {
        /// The number expected (only goat plies are numbered).
        expected: usize,
        /// The text found.
        found: String,
    },
    /// A goat move (`G`) where the tigers are to move, or the other way round.
    #[error("{found} moves the wrong side: it is the {}s' turn", to_move.name())]
    WrongSide {
        /// The move as written.
        found: String,
        /// The side to move.
        to_move: Side,
    },
    /// A move that cannot be played where it stands.
    #[error("{0}")]
    IllegalMove(IllegalMoveError),
    /// A capture written `B` instead of `Bx`.
    #[error("{found} is a capture here, written {expected}")]
    CaptureWithoutX {
        /// The move as written.
        found: String,
        /// The capture as it is written.
        expected: String,
    },
    /// A move written `Bx` that is not a capture.
    #[error("{found} is not a capture here; expected {expected}")]
    NotACapture {
        /// The move as written.
        found: String,
        /// The move as it is written.
        expected: String,
    },
    /// A result that is not the outcome of the moves.
    #[error("the text says {written} but the moves give {actual}")]
    ResultMismatch {
        /// The result in the text.
        written: String,
        /// The result of the replayed game (`*` if it is not over).
        actual: &'static str,
    },
    /// Text after the end of the game (`#` and the result).
    #[error("unexpected {found:?} after the end of the game")]
    TextAfterEnd {
        /// The text found.
        found: String,
    },
    /// A game that cannot be written: the format has no start position, and
    /// this game does not start with four tigers in the corners and twenty
    /// goats in hand.
    #[error("the game starts from {start}, not from four tigers in the corners and twenty goats in hand")]
    NotTheStandardStart {
        /// The start's position string (bagh's).
        start: String,
    },
}

/// A text of the `baghchal` package that could not be read (or a game that
/// cannot be written in its format): which text, the 1-based column (in
/// characters) of the problem, and why.
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
///
/// let error = baghchal::read_game(" 1. G33 B1113", baghchal::rules()).unwrap_err();
/// assert_eq!(error.column(), 9);
/// assert!(matches!(error.kind(), BaghchalErrorKind::IllegalMove(_)));
/// let error = baghchal::read_position("B3B/5/5/5/B3B X 0", baghchal::rules()).unwrap_err();
/// assert_eq!(error.to_string(),
///     "invalid baghchal position string at column 15: expected G or B, found \"X\"");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid baghchal {what} at column {column}: {kind}")]
pub struct BaghchalError {
    what: BaghchalText,
    column: usize,
    kind: BaghchalErrorKind,
}

impl BaghchalError {
    fn new(what: BaghchalText, column: usize, kind: BaghchalErrorKind) -> BaghchalError {
        BaghchalError { what, column, kind }
    }

    /// Which text it was.
    ///
    /// ```
    /// use bagh_core::interop::baghchal::{self, BaghchalText};
    ///
    /// let error = baghchal::read_game("G66", baghchal::rules()).unwrap_err();
    /// assert_eq!(error.what(), BaghchalText::Game);
    /// ```
    pub fn what(&self) -> BaghchalText {
        self.what
    }

    /// The 1-based column, in characters, of the problem (1 for a game that
    /// cannot be written).
    ///
    /// ```
    /// use bagh_core::interop::baghchal;
    ///
    /// let error = baghchal::read_game(" 1. G66", baghchal::rules()).unwrap_err();
    /// assert_eq!(error.column(), 6);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why.
    ///
    /// ```
    /// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
    ///
    /// let error = baghchal::read_game(" 1. G33 G44", baghchal::rules()).unwrap_err();
    /// assert!(matches!(error.kind(), BaghchalErrorKind::WrongSide { .. }));
    /// ```
    pub fn kind(&self) -> &BaghchalErrorKind {
        &self.kind
    }
}

/// A position read from the package's position string, with its count of
/// goat plies (which bagh's history-free [`Position`] does not keep once
/// every goat is placed).
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalPosition};
/// use bagh_core::Position;
///
/// let read = baghchal::read_position("B3B/5/5/5/B3B G 0", baghchal::rules())?;
/// assert_eq!(read, BaghchalPosition { position: Position::new(baghchal::rules()), goat_plies: 0 });
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BaghchalPosition {
    /// The position, under the rule set it was read against.
    pub position: Position,
    /// The goat plies played before it (placements and goat moves).
    pub goat_plies: u32,
}

/// The point written `rc` (row from the top, column from the left, both 1-5).
fn point(row: u8, column: u8) -> Option<Point> {
    if (1..=5).contains(&row) && (1..=5).contains(&column) {
        Point::new(column - 1, 5 - row)
    } else {
        None
    }
}

/// A point in the package's notation: row from the top, then column.
fn write_point(out: &mut String, point: Point) {
    out.push(char::from(b'5' - point.rank()));
    out.push(char::from(b'1' + point.file()));
}

fn expected(
    what: BaghchalText,
    column: usize,
    expected: &'static str,
    found: &str,
) -> BaghchalError {
    BaghchalError::new(
        what,
        column,
        BaghchalErrorKind::Expected {
            expected,
            found: found.to_string(),
        },
    )
}

/// Reads the package's position string against `rules` (normally
/// [`rules`]), which checks it as it checks bagh's own position strings.
///
/// ```
/// use bagh_core::interop::baghchal;
///
/// let read = baghchal::read_position("GBGGB/1GGG1/1GGGG/BG2G/1GGGB G 31", baghchal::rules())?;
/// assert_eq!(read.position.to_string(), "GTGGT/1GGG1/1GGGG/TG2G/1GGGT g 0 5");
/// assert_eq!(read.goat_plies, 31);
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
pub fn read_position(text: &str, rules: Ruleset) -> Result<BaghchalPosition, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Position;
    let fields: Vec<&str> = text.split(' ').collect();
    let columns: Vec<usize> = fields
        .iter()
        .scan(1, |column, field| {
            let at = *column;
            *column += field.chars().count() + 1;
            Some(at)
        })
        .collect();
    let field = |index: usize| fields.get(index).copied().unwrap_or("");
    let column = |index: usize| {
        columns
            .get(index)
            .copied()
            .unwrap_or_else(|| text.chars().count() + 1)
    };
    if fields.len() > 3 {
        return Err(expected(
            WHAT,
            column(3) - 1,
            "the end after three fields",
            field(3),
        ));
    }
    let board = field(0);
    if board.is_empty() {
        return Err(expected(WHAT, 1, "the board", ""));
    }
    if let Some((index, c)) = board
        .chars()
        .enumerate()
        .find(|(_, c)| !matches!(c, 'B' | 'G' | '/' | '0'..='9'))
    {
        return Err(expected(
            WHAT,
            index + 1,
            "B, G, a digit or /",
            &c.to_string(),
        ));
    }
    let to_move = match field(1) {
        "G" => Side::Goat,
        "B" => Side::Tiger,
        found => return Err(expected(WHAT, column(1), "G or B", found)),
    };
    let plies_text = field(2);
    let goat_plies: u32 = match plies_text.parse() {
        Ok(n) if plies_text.bytes().all(|b| b.is_ascii_digit()) => n,
        _ => {
            return Err(expected(
                WHAT,
                column(2),
                "the number of goat plies",
                plies_text,
            ))
        }
    };
    let goats_on_board = board.matches('G').count() as u32;
    let goats = u32::from(rules.goats());
    let in_hand = goats.saturating_sub(goat_plies);
    let inconsistent = |column, reason| {
        Err(BaghchalError::new(
            WHAT,
            column,
            BaghchalErrorKind::Inconsistent { reason },
        ))
    };
    let Some(captured) = goats.checked_sub(in_hand + goats_on_board) else {
        return inconsistent(
            column(2),
            format!(
                "goat plies: {goat_plies} goat plies leave {in_hand} of {goats} goats in hand, \
                 and {goats_on_board} are on the board"
            ),
        );
    };
    if to_move == Side::Tiger && goat_plies == 0 {
        return inconsistent(
            column(1),
            "side to move: the tigers cannot move before the first goat ply".to_string(),
        );
    }
    let ours = format!(
        "{} {} {in_hand} {captured}",
        board.replace('B', "T"),
        to_move.char()
    );
    let position = Position::from_text(&ours, rules).map_err(|error| {
        // The board field is the same in both strings; the other errors are
        // about the counts, which come from the goat plies.
        let column = if error.column() <= board.chars().count() {
            error.column()
        } else {
            column(2)
        };
        BaghchalError::new(WHAT, column, BaghchalErrorKind::Position(error))
    })?;
    Ok(BaghchalPosition {
        position,
        goat_plies,
    })
}

/// Writes `position` as the package's position string. `goat_plies` is the
/// last field; `None` takes the fewest goat plies that reach the position:
/// the goats placed so far (which is exact while goats are being placed).
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::Position;
///
/// assert_eq!(baghchal::write_position(&Position::default(), None), "B3B/5/5/5/B3B G 0");
/// let later = Position::from_text("GTGGT/1GGG1/1GGGG/TG2G/1GGGT g 0 5", baghchal::rules())?;
/// assert_eq!(baghchal::write_position(&later, Some(31)), "GBGGB/1GGG1/1GGGG/BG2G/1GGGB G 31");
/// # Ok::<(), bagh_core::ParseError>(())
/// ```
pub fn write_position(position: &Position, goat_plies: Option<u32>) -> String {
    let text = position.to_string();
    let board = text.split(' ').next().unwrap_or_default().replace('T', "B");
    let side = match position.side_to_move() {
        Side::Goat => 'G',
        Side::Tiger => 'B',
    };
    let plies = goat_plies.unwrap_or_else(|| {
        u32::from(position.rules().goats()) - u32::from(position.goats_in_hand())
    });
    format!("{board} {side} {plies}")
}

/// The results of the format.
const RESULTS: [&str; 3] = ["1-0", "0-1", "1/2-1/2"];

/// Reads the package's game text against `rules` (normally [`rules`]): the
/// moves are replayed from the start of `rules` and checked, and a result
/// must be the outcome they reach (or, for `1/2-1/2`, a draw by the package's
/// repetition rule; see the module docs).
///
/// ```
/// use bagh_core::interop::baghchal::{self, BaghchalErrorKind};
///
/// let game = baghchal::read_game(" 1. G24 B5152 2. G44", baghchal::rules())?;
/// assert_eq!(game.len(), 3);
/// // A capture must be written Bx, as the package itself requires.
/// let error = baghchal::read_game(" 1. G12 B1113", baghchal::rules()).unwrap_err();
/// assert!(matches!(error.kind(), BaghchalErrorKind::CaptureWithoutX { .. }));
/// # Ok::<(), baghchal::BaghchalError>(())
/// ```
pub fn read_game(text: &str, rules: Ruleset) -> Result<Game, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Game;
    let mut game = Game::new(rules);
    let mut goat_plies = 0usize;
    let mut ended = false;
    let mut result: Option<(&str, usize)> = None;
    let mut column = 0;
    let mut rest = text;
    loop {
        // The next token and its column.
        let blanks = rest.len() - rest.trim_start().len();
        column += rest[..blanks].chars().count();
        rest = &rest[blanks..];
        if rest.is_empty() {
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let token = &rest[..end];
        let at = column + 1;
        column += token.chars().count();
        rest = &rest[end..];

        if result.is_some() {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::TextAfterEnd {
                    found: token.to_string(),
                },
            ));
        }
        if let Some(written) = RESULTS.iter().find(|r| **r == token) {
            result = Some((written, at));
            continue;
        }
        if ended {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::TextAfterEnd {
                    found: token.to_string(),
                },
            ));
        }
        if let Some(digits) = token.strip_suffix('.') {
            let expected = goat_plies + 1;
            let goat_turn = game.position().side_to_move() == Side::Goat;
            if !goat_turn || digits.parse::<usize>().ok() != Some(expected) {
                return Err(BaghchalError::new(
                    WHAT,
                    at,
                    BaghchalErrorKind::MoveNumber {
                        expected,
                        found: token.to_string(),
                    },
                ));
            }
            continue;
        }
        let (body, last) = match token.strip_suffix('#') {
            Some(body) => (body, true),
            None => (token, false),
        };
        let mv = parse_move(&game, body, at)?;
        let mover = game.position().side_to_move();
        play(&mut game, mv, body, at)?;
        if mover == Side::Goat {
            goat_plies += 1;
        }
        ended = last;
    }

    let actual = game.outcome().map_or("*", |outcome| outcome.result());
    match result {
        Some((written, _)) if written == actual => {}
        Some(("1/2-1/2", _)) if actual == "*" && is_repetition_draw(&game) => {}
        Some((written, at)) => {
            return Err(BaghchalError::new(
                WHAT,
                at,
                BaghchalErrorKind::ResultMismatch {
                    written: written.to_string(),
                    actual,
                },
            ))
        }
        None if ended => {
            return Err(expected(
                WHAT,
                text.chars().count() + 1,
                "the result after #",
                "",
            ))
        }
        None => {}
    }
    Ok(game)
}

/// Reads one move (without its `#`) at column `at`.
fn parse_move(game: &Game, body: &str, at: usize) -> Result<Move, BaghchalError> {
    const WHAT: BaghchalText = BaghchalText::Game;
    let (side, capture, digits, digits_at) = if let Some(digits) = body.strip_prefix("Bx") {
        (Side::Tiger, true, digits, at + 2)
    } else if let Some(digits) = body.strip_prefix('B') {
        (Side::Tiger, false, digits, at + 1)
    } else if let Some(digits) = body.strip_prefix('G') {
        (Side::Goat, false, digits, at + 1)
    } else {
        return Err(expected(
            WHAT,
            at,
            "a move number, a move (G, B or Bx and points) or the result",
            body,
        ));
    };
    let mut points = Vec::with_capacity(2);
    let mut chars = digits.chars().enumerate();
    while let Some((index, row)) = chars.next() {
        let column = chars.next();
        let parsed = match (row.to_digit(10), column.and_then(|(_, c)| c.to_digit(10))) {
            (Some(r @ 1..=5), Some(c @ 1..=5)) => point(r as u8, c as u8),
            _ => None,
        };
        match parsed {
            Some(p) => points.push(p),
            None => {
                return Err(expected(
                    WHAT,
                    digits_at + index,
                    "a point: a row 1-5 then a column 1-5",
                    &digits.chars().skip(index).take(2).collect::<String>(),
                ))
            }
        }
    }
    let mv = match (side, capture, points.as_slice()) {
        (Side::Goat, false, [to]) => Move::Place { to: *to },
        (_, false, [from, to]) => Move::Step {
            from: *from,
            to: *to,
        },
        (Side::Tiger, true, [from, to]) => match Move::capture(*from, *to) {
            Some(capture) => capture,
            None => {
                let step = Move::Step {
                    from: *from,
                    to: *to,
                };
                let kind = if game.legal_moves().contains(&step) {
                    BaghchalErrorKind::NotACapture {
                        found: body.to_string(),
                        expected: write_move(game.position(), step),
                    }
                } else {
                    BaghchalErrorKind::IllegalMove(IllegalMoveError::new(
                        step,
                        game.position().to_string(),
                        IllegalMoveReason::NotLegal,
                    ))
                };
                return Err(BaghchalError::new(WHAT, at, kind));
            }
        },
        _ => {
            return Err(expected(
                WHAT,
                at,
                match side {
                    Side::Goat => "G and one point (a placement) or two (a move)",
                    Side::Tiger => "B or Bx and two points",
                },
                body,
            ))
        }
    };
    let to_move = game.position().side_to_move();
    if side != to_move {
        return Err(BaghchalError::new(
            WHAT,
            at,
            BaghchalErrorKind::WrongSide {
                found: body.to_string(),
                to_move,
            },
        ));
    }
    Ok(mv)
}

/// Plays `mv`, written `body` at column `at`, or says why it cannot be played.
fn play(game: &mut Game, mv: Move, body: &str, at: usize) -> Result<(), BaghchalError> {
    let error = match game.push(mv) {
        Ok(()) => return Ok(()),
        Err(error) => error,
    };
    let kind = match mv {
        Move::Step { from, to } => match Move::capture(from, to) {
            Some(capture) if game.legal_moves().contains(&capture) => {
                BaghchalErrorKind::CaptureWithoutX {
                    found: body.to_string(),
                    expected: write_move(game.position(), capture),
                }
            }
            _ => BaghchalErrorKind::IllegalMove(error),
        },
        Move::Capture { from, to, .. } => {
            let step = Move::Step { from, to };
            if game.legal_moves().contains(&step) {
                BaghchalErrorKind::NotACapture {
                    found: body.to_string(),
                    expected: write_move(game.position(), step),
                }
            } else {
                BaghchalErrorKind::IllegalMove(error)
            }
        }
        Move::Place { .. } => BaghchalErrorKind::IllegalMove(error),
    };
    Err(BaghchalError::new(BaghchalText::Game, at, kind))
}

/// A move of `position` in the package's notation.
fn write_move(position: &Position, mv: Move) -> String {
    let mut out = String::with_capacity(6);
    match mv {
        Move::Place { to } => {
            out.push('G');
            write_point(&mut out, to);
        }
        Move::Step { from, to } => {
            out.push(match position.side_to_move() {
                Side::Goat => 'G',
                Side::Tiger => 'B',
            });
            write_point(&mut out, from);
            write_point(&mut out, to);
        }
        Move::Capture { from, to, .. } => {
            out.push_str("Bx");
            write_point(&mut out, from);
            write_point(&mut out, to);
        }
    }
    out
}

/// The start of every game of the package: tigers on a1, e1, a5, e5, twenty
/// goats in hand, goats to move.
fn is_standard_start(start: &Position) -> bool {
    let corners: PointSet = [Point::A1, Point::E1, Point::A5, Point::E5]
        .into_iter()
        .collect();
    start.tigers() == corners
        && start.goats().is_empty()
        && start.goats_in_hand() == 20
        && start.goats_captured() == 0
        && start.side_to_move() == Side::Goat
}

/// Writes `game` as the package's game text, exactly as the package writes
/// it: a space before every move number, `#` and the result after the last
/// move of a finished game (finished under the game's rule set, or drawn by
/// the package's repetition rule, see [`is_repetition_draw`]). A game that
/// does not start from the package's start cannot be written.
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::{Game, Move, Position, Ruleset};
///
/// let mut game = Game::new(baghchal::rules());
/// for text in ["b4", "a5b5", "c2"] {
///     game.push(text.parse::<Move>()?)?;
/// }
/// assert_eq!(baghchal::write_game(&game)?, " 1. G22 B1112 2. G43");
///
/// let two_tigers = Game::new(Ruleset::preset("two-tigers").unwrap());
/// assert!(baghchal::write_game(&two_tigers).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_game(game: &Game) -> Result<String, BaghchalError> {
    if !is_standard_start(game.start()) {
        return Err(BaghchalError::new(
            BaghchalText::Game,
            1,
            BaghchalErrorKind::NotTheStandardStart {
                start: game.start().to_string(),
            },
        ));
    }
    let mut out = String::with_capacity(game.len() * 7);
    let mut goat_plies = 0;
    for (position, mv) in game.positions().iter().zip(game.moves()) {
        out.push(' ');
        if position.side_to_move() == Side::Goat {
            goat_plies += 1;
            out.push_str(&goat_plies.to_string());
            out.push_str(". ");
        }
        out.push_str(&write_move(position, *mv));
    }
    let result = match game.outcome() {
        Some(outcome) => Some(outcome.result()),
        None if is_repetition_draw(game) => Some("1/2-1/2"),
        None => None,
    };
    if let Some(result) = result {
        if !game.is_empty() {
            out.push('#');
        }
        out.push(' ');
        out.push_str(result);
    }
    Ok(out)
}

/// Whether the package's repetition rule ends `game` at its current board:
/// counting boards (the pieces alone, whichever side is to move) from the
/// one reached by the twentieth goat ply on, and the start board once, the
/// current board has occurred for the third time.
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::{Game, Move, Position};
///
/// // All goats placed, the tiger on e5 and the goat on b2 walk back and forth.
/// let start = Position::from_text("GGGTT/GGGG1/GGGGG/TG1GG/GTGGG t 0 1", baghchal::rules())?;
/// let mut game = Game::from_position(start);
/// for text in ["e5e4", "b2c2", "e4e5", "c2b2", "e5e4", "b2c2", "e4e5", "c2b2"] {
///     assert!(!baghchal::is_repetition_draw(&game));
///     game.push(text.parse::<Move>()?)?;
/// }
/// assert!(baghchal::is_repetition_draw(&game));
/// assert!(!game.is_game_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_repetition_draw(game: &Game) -> bool {
    let board = |position: &Position| (position.tigers().bits(), position.goats().bits());
    let goats = u32::from(game.rules().goats());
    let start = game.start();
    let mut goat_plies = goats - u32::from(start.goats_in_hand());
    let mut counts: HashMap<(u32, u32), usize> = HashMap::new();
    *counts.entry(board(start)).or_default() += 1;
    for (before, after) in game.positions().iter().zip(&game.positions()[1..]) {
        if before.side_to_move() == Side::Goat {
            goat_plies += 1;
        }
        if goat_plies >= goats {
            *counts.entry(board(after)).or_default() += 1;
        }
    }
    counts
        .get(&board(game.position()))
        .is_some_and(|count| *count >= 3)
}
