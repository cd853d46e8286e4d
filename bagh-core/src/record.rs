//! Game records: a PGN-like text with tag pairs and numbered moves, goats first.
//!
//! ```
//! use bagh_core::{Game, Move, Record, Ruleset};
//!
//! let mut game = Game::new(Ruleset::default());
//! for text in ["c3", "a1b2", "c2"] {
//!     game.push(text.parse::<Move>()?)?;
//! }
//! let mut record = Record::new(game.clone());
//! record.set_tag("Event", "Kathmandu club night");
//! let text = record.to_string();
//! assert_eq!(
//!     text,
//!     "[Rules \"bagh-chal\"]\n[Result \"*\"]\n[Event \"Kathmandu club night\"]\n\n1. c3 a1b2 2. c2 *\n"
//! );
//!
//! // Reading replays the moves against the rules, so the game comes back whole.
//! let read: Record = text.parse()?;
//! assert_eq!(read.game(), &game);
//! assert_eq!(read.tag("Event"), Some("Kathmandu club night"));
//!
//! // Errors give the line and column.
//! let error = "[Rules \"bagh-chal\"]\n\n1. c3 a1a3 *".parse::<Record>().unwrap_err();
//! assert_eq!((error.line(), error.column()), (3, 7));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The format:
//!
//! - Tag pairs first, one per line: `[Name "value"]`, the value with `\"` and
//!   `\\` escaped. `Rules` holds a preset id or a rule set's text form
//!   (`bagh-chal` when absent); `Position` a start other than the rule set's
//!   own; `Result` one of `1-0` (goats win), `0-1` (tigers win), `1/2-1/2`
//!   (drawn) or `*` (unfinished). Other tags are kept, in their order.
//! - Then the moves, numbered per pair of plies, goats first: `1. c3 a1a2
//!   2. b2 a2a3`. A game whose start has tigers to move opens with `1...`.
//! - The text ends with the result, which must agree with the `Result` tag
//!   and with the outcome of the replayed game.
//! - A capture is written with `x` (`a1xa3`); a capture written without it
//!   (`a1a3` where a goat stands on `a2`) is an error, and so is an `x` on a
//!   move that is not a capture.
//! - `{...}` comments may stand anywhere between tokens, over several lines;
//!   each belongs to the move before it (or to the start, before the first
//!   move), and is kept as written. Two comments after one move are joined
//!   with a space. A comment holds no `}` and no line starting with `[`.
//!
//! Every error gives the line, the column and what was expected there. Many
//! records in one stream are read lazily by a [`RecordReader`](crate::RecordReader).
//!
//! ```
//! use bagh_core::{Record, RecordErrorKind};
//!
//! let error = "1. a2 a1a3 *".parse::<Record>().unwrap_err();
//! assert!(matches!(error.kind(), RecordErrorKind::CaptureWithoutX { .. }));
//! assert_eq!(error.to_string(),
//!     "invalid game record at line 1, column 7: a1a3 is a capture here, written a1xa3");
//! ```

use std::collections::BTreeMap;
use std::fmt::{self, Write as _};
use std::str::FromStr;

use crate::{Game, IllegalMoveError, Move, ParseError, Position, Ruleset, Side};

/// The tags whose values follow from the game itself.
const GAME_TAGS: [&str; 3] = ["Rules", "Position", "Result"];

/// Lines of move text are broken before they pass this many characters.
const LINE_WIDTH: usize = 79;

/// A game with the tag pairs and comments of its record. The `Rules`,
/// `Position` and `Result` tags are not stored: they are written from the game.
///
/// A comment belongs to a ply count: comment 0 stands before the first move,
/// comment `n` after the `n`-th move.
///
/// ```
/// use bagh_core::{Game, Move, Record};
///
/// let record: Record = "{A quiet start} 1. c3 {the centre} a1b2 *".parse()?;
/// assert_eq!(record.comment(0), Some("A quiet start"));
/// assert_eq!(record.comment(1), Some("the centre"));
/// assert_eq!(record.comment(2), None);
/// assert_eq!(record.game().len(), 2);
/// # Ok::<(), bagh_core::RecordError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    game: Game,
    tags: Vec<(String, String)>,
    comments: BTreeMap<usize, String>,
}

impl From<Game> for Record {
    fn from(game: Game) -> Record {
        Record::new(game)
    }
}

impl Record {
    /// A record of `game` with no other tags.
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let record = Record::new(Game::default());
    /// assert!(record.tags().is_empty());
    /// assert_eq!(record.game(), &Game::default());
    /// ```
    pub fn new(game: Game) -> Record {
        Record {
            game,
            tags: Vec::new(),
            comments: BTreeMap::new(),
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, taken out of the record.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// let game = "1. c3 *".parse::<Record>()?.into_game();
    /// assert_eq!(game.len(), 1);
    /// # Ok::<(), bagh_core::RecordError>(())
    /// ```
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The result as written in the record: `1-0`, `0-1`, `1/2-1/2`, or `*`
    /// while the game is not over.
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// assert_eq!(Record::new(Game::default()).result(), "*");
    /// ```
    pub fn result(&self) -> &'static str {
        self.game.outcome().map_or("*", |outcome| outcome.result())
    }

    /// The tags other than `Rules`, `Position` and `Result`, in order.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// let record: Record = "[Rules \"bagh-chal\"]\n[Event \"e\"]\n[Round \"1\"]\n\n*".parse()?;
    /// assert_eq!(record.tags(), [("Event".into(), "e".into()), ("Round".into(), "1".into())]);
    /// # Ok::<(), bagh_core::RecordError>(())
    /// ```
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of a tag; `Rules`, `Position` and `Result` are read from the
    /// game (`Position` only when the start is not the rule set's own).
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let mut record = Record::new(Game::default());
    /// record.set_tag("White", "goats: Asha");
    /// assert_eq!(record.tag("White"), Some("goats: Asha"));
    /// assert_eq!(record.tag("Black"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets a tag, in place if it exists, otherwise at the end. Returns `false`
    /// and changes nothing if `name` is `Rules`, `Position` or `Result` (they
    /// follow from the game) or is not a tag name (letters, digits and `_`),
    /// or if `value` holds a line break (a tag is one line).
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let mut record = Record::new(Game::default());
    /// assert!(record.set_tag("Site", "Kathmandu"));
    /// assert!(!record.set_tag("Result", "1-0"));
    /// assert!(!record.set_tag("Site", "two\nlines"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> bool {
        if GAME_TAGS.contains(&name) || !is_tag_name(name) || value.contains(['\n', '\r']) {
            return false;
        }
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        true
    }
}

impl Record {
    /// The comment after the `ply`-th move (0: before the first move).
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let mut record = Record::new(Game::default());
    /// assert!(record.set_comment(0, "no moves yet"));
    /// assert_eq!(record.comment(0), Some("no moves yet"));
    /// ```
    pub fn comment(&self, ply: usize) -> Option<&str> {
        self.comments.get(&ply).map(String::as_str)
    }

    /// The comments with the ply count they follow, in order.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// let record: Record = "1. c3 {one} a1b2 {two} *".parse()?;
    /// let comments: Vec<_> = record.comments().collect();
    /// assert_eq!(comments, [(1, "one"), (2, "two")]);
    /// # Ok::<(), bagh_core::RecordError>(())
    /// ```
    pub fn comments(&self) -> impl Iterator<Item = (usize, &str)> + '_ {
        self.comments
            .iter()
            .map(|(ply, text)| (*ply, text.as_str()))
    }

    /// Sets the comment after the `ply`-th move (0: before the first), or
    /// removes it when `text` is empty. Returns `false` and changes nothing
    /// if `ply` is past the last move, if `text` holds a `}` or a carriage
    /// return, or if a line of it after the first starts with `[` (a tag line
    /// in a record).
    ///
    /// ```
    /// use bagh_core::{Game, Move, Record};
    ///
    /// let mut game = Game::default();
    /// game.push("c3".parse::<Move>()?)?;
    /// let mut record = Record::new(game);
    /// assert!(record.set_comment(1, "the centre"));
    /// assert!(!record.set_comment(2, "no such move"));
    /// assert!(!record.set_comment(1, "a } brace"));
    /// assert_eq!(record.to_string().lines().last(), Some("1. c3 {the centre} *"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_comment(&mut self, ply: usize, text: &str) -> bool {
        if ply > self.game.len()
            || text.contains(['}', '\r'])
            || text
                .lines()
                .skip(1)
                .any(|line| line.trim_start().starts_with('['))
        {
            return false;
        }
        if text.is_empty() {
            self.comments.remove(&ply);
        } else {
            self.comments.insert(ply, text.to_string());
        }
        true
    }
}

fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push_str("\"]\n");
}

/// The move number before ply `ply` of a game whose first ply is played by
/// `first`, and whether the ply is a goat's (`N.`) or a tiger's (`N...`).
fn move_number(first: Side, ply: usize) -> usize {
    let offset = usize::from(first == Side::Tiger);
    (ply + offset) / 2 + 1
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = *self.game.rules();
        let start = *self.game.start();
        let mut out = String::new();
        write_tag(&mut out, "Rules", &rules.to_string());
        if start != Position::new(rules) {
            write_tag(&mut out, "Position", &start.to_string());
        }
        write_tag(&mut out, "Result", self.result());
        for (name, value) in &self.tags {
            write_tag(&mut out, name, value);
        }
        out.push('\n');

        let first = start.side_to_move();
        let mut text = Wrapped {
            out,
            line: String::new(),
        };
        let mut token = String::new();
        text.comment(self.comments.get(&0));
        for (ply, mv) in self.game.moves().iter().enumerate() {
            token.clear();
            let number = move_number(first, ply);
            let goat_ply = (ply % 2 == 0) == (first == Side::Goat);
            if goat_ply {
                write!(token, "{number}. ")?;
            } else if ply == 0 {
                write!(token, "{number}... ")?;
            }
            write!(token, "{mv}")?;
            text.push(&token);
            text.comment(self.comments.get(&(ply + 1)));
        }
        text.push(self.result());
        let mut out = text.out;
        out.push_str(&text.line);
        out.push('\n');
        f.write_str(&out)
    }
}

/// Move text broken into lines of at most [`LINE_WIDTH`] characters, between tokens.
struct Wrapped {
    out: String,
    line: String,
}

impl Wrapped {
    fn push(&mut self, token: &str) {
        if !self.line.is_empty() && self.line.len() + 1 + token.len() > LINE_WIDTH {
            self.out.push_str(&self.line);
            self.out.push('\n');
            self.line.clear();
        }
        if !self.line.is_empty() {
            self.line.push(' ');
        }
        self.line.push_str(token);
    }

    fn comment(&mut self, text: Option<&String>) {
        if let Some(text) = text {
            self.push(&format!("{{{text}}}"));
        }
    }
}

/// Why a game record could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// A tag line that is not `[Name "value"]`.
    #[error("malformed tag: {reason}")]
    MalformedTag {
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The same tag twice.
    #[error("the tag {name} is given twice")]
    DuplicateTag {
        /// The tag's name.
        name: String,
    },
    /// The `Rules` tag does not name a rule set.
    #[error("Rules tag: {0}")]
    Rules(ParseError),
    /// The `Position` tag is not a position of the rule set.
    #[error("Position tag: {0}")]
    Position(ParseError),
    /// A token of the move text that is not a move.
    #[error("{0}")]
    Move(ParseError),
    /// A move that cannot be played where it stands.
    #[error("{0}")]
    IllegalMove(IllegalMoveError),
    /// A move number other than the one expected there.
    #[error("expected move number {expected}, found {found:?}")]
    MoveNumber {
        /// The number of the move at that point.
        expected: usize,
        /// The text found.
        found: String,
    },
    /// A `Result` tag that is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("unknown result {found:?} (expected 1-0, 0-1, 1/2-1/2 or *)")]
    UnknownResult {
        /// The value found.
        found: String,
    },
    /// A result that is not the outcome of the moves.
    #[error("the record says {written} but the moves give {actual}")]
    ResultMismatch {
        /// The result in the record.
        written: String,
        /// The result of the replayed game.
        actual: &'static str,
    },
    /// Text after the final result.
    #[error("unexpected text after the result (expected the end of the game)")]
    TextAfterResult,
    /// A capture written without its `x`.
    #[error("{found} is a capture here, written {expected}")]
    CaptureWithoutX {
        /// The move as written.
        found: String,
        /// The capture, with its `x`.
        expected: Move,
    },
    /// A move written with `x` that is not a capture.
    #[error("{found} is not a capture here (no goat between); expected {expected}")]
    NotACapture {
        /// The move as written.
        found: String,
        /// The move, without the `x`.
        expected: Move,
    },
    /// A `{` whose comment has no closing `}` before the end of the game.
    #[error("the comment has no closing }} (expected }} before the end of the game)")]
    UnclosedComment,
    /// Something that does not belong where it stands.
    #[error("unexpected {found:?}, expected {expected}")]
    Unexpected {
        /// The text found.
        found: String,
        /// What may stand there.
        expected: &'static str,
    },
    /// A line of a stream that is not UTF-8.
    #[error("the line is not valid UTF-8 (expected UTF-8 text)")]
    NotUtf8,
    /// The stream could not be read.
    #[error("cannot read the stream: {message}")]
    Io {
        /// What kind of I/O error.
        kind: std::io::ErrorKind,
        /// The I/O error's message.
        message: String,
    },
}

/// A game record that could not be read: the 1-based line and column (in
/// characters) where the problem is, and why.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("invalid game record at line {line}, column {column}: {kind}")]
pub struct RecordError {
    line: usize,
    column: usize,
    kind: RecordErrorKind,
}

impl RecordError {
    pub(crate) fn new(line: usize, column: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, column, kind }
    }

    /// The 1-based line of the problem.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// let error = "[Event \"e\"]\n\n1. c3 c3 *".parse::<Record>().unwrap_err();
    /// assert_eq!((error.line(), error.column()), (3, 7));
    /// ```
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column, in characters, of the problem.
    ///
    /// ```
    /// use bagh_core::Record;
    ///
    /// assert_eq!("1. é".parse::<Record>().unwrap_err().column(), 4);
    /// ```
    pub fn column(&self) -> usize {
        self.column
    }

    /// Why the record failed.
    ///
    /// ```
    /// use bagh_core::{Record, RecordErrorKind};
    ///
    /// let error = "1. c3 {open".parse::<Record>().unwrap_err();
    /// assert_eq!(error.kind(), &RecordErrorKind::UnclosedComment);
    /// ```
    pub fn kind(&self) -> &RecordErrorKind {
        &self.kind
    }
}

/// A tag read from a line: name, value, and the column of the value.
struct Tag {
    name: String,
    value: String,
    line: usize,
    value_column: usize,
}

/// Reads `[Name "value"]` from a line that starts (after blanks) with `[`.
fn parse_tag(text: &str, line: usize) -> Result<Tag, RecordError> {
    let chars: Vec<char> = text.chars().collect();
    let malformed = |index: usize, reason| {
        RecordError::new(line, index + 1, RecordErrorKind::MalformedTag { reason })
    };
    let mut i = chars.iter().take_while(|c| c.is_whitespace()).count() + 1;
    let name_start = i;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == name_start {
        return Err(malformed(i, "expected a tag name after ["));
    }
    let name: String = chars[name_start..i].iter().collect();
    while i < chars.len() && chars[i] == ' ' {
        i += 1;
    }
    if chars.get(i) != Some(&'"') {
        return Err(malformed(i, "expected a quoted value after the tag name"));
    }
    i += 1;
    let value_column = i + 1;
    let mut value = String::new();
    loop {
        match chars.get(i) {
            None => return Err(malformed(i, "the value has no closing quote")),
            Some('"') => break,
            Some('\\') => match chars.get(i + 1) {
                Some(&c @ ('"' | '\\')) => {
                    value.push(c);
                    i += 2;
                }
                _ => return Err(malformed(i, "only \\\" and \\\\ may be escaped")),
            },
            Some(&c) => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    while i < chars.len() && chars[i] == ' ' {
        i += 1;
    }
    if chars.get(i) != Some(&']') {
        return Err(malformed(i, "expected ] after the value"));
    }
    i += 1;
    if chars[i..].iter().any(|c| !c.is_whitespace()) {
        return Err(malformed(i, "one tag per line, nothing after it"));
    }
    Ok(Tag {
        name,
        value,
        line,
        value_column,
    })
}

/// A column-relative error from a core parser, moved to its place in the record.
fn shift(error: &ParseError, column: usize) -> usize {
    column + error.column() - 1
}

pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

impl FromStr for Record {
    type Err = RecordError;

    /// Reads one record: the tags, then the moves, each replayed and checked.
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let lines: Vec<&str> = s.lines().collect();
        parse_lines(&lines, 1)
    }
}

/// Reads one record from its lines; `first_line` is the 1-based number of
/// `lines[0]` in the text it came from, for the errors.
pub(crate) fn parse_lines(lines: &[&str], first_line: usize) -> Result<Record, RecordError> {
    let mut tags: Vec<Tag> = Vec::new();
    let mut first_move_line = lines.len();
    for (index, text) in lines.iter().enumerate() {
        let trimmed = text.trim_start();
        if trimmed.is_empty() {
            continue;
        }
        if !trimmed.starts_with('[') {
            first_move_line = index;
            break;
        }
        let tag = parse_tag(text, first_line + index)?;
        if tags.iter().any(|other| other.name == tag.name) {
            return Err(RecordError::new(
                tag.line,
                1,
                RecordErrorKind::DuplicateTag { name: tag.name },
            ));
        }
        tags.push(tag);
    }
    let find = |name: &str| tags.iter().find(|tag| tag.name == name);
    let rules = match find("Rules") {
        None => Ruleset::default(),
        Some(tag) => tag.value.parse::<Ruleset>().map_err(|e| {
            RecordError::new(
                tag.line,
                shift(&e, tag.value_column),
                RecordErrorKind::Rules(e),
            )
        })?,
    };
    let start = match find("Position") {
        None => Position::new(rules),
        Some(tag) => Position::from_text(&tag.value, rules).map_err(|e| {
            RecordError::new(
                tag.line,
                shift(&e, tag.value_column),
                RecordErrorKind::Position(e),
            )
        })?,
    };
    let result_tag = match find("Result") {
        Some(tag) if !RESULTS.contains(&tag.value.as_str()) => {
            return Err(RecordError::new(
                tag.line,
                tag.value_column,
                RecordErrorKind::UnknownResult {
                    found: tag.value.clone(),
                },
            ))
        }
        other => other,
    };

    let mut moves = MoveText::new(start);
    for (index, text) in lines.iter().enumerate().skip(first_move_line) {
        moves.line(text, first_line + index)?;
    }
    if let Some(comment) = moves.comment {
        return Err(RecordError::new(
            comment.line,
            comment.column,
            RecordErrorKind::UnclosedComment,
        ));
    }
    let game = moves.game;

    let actual = game.outcome().map_or("*", |outcome| outcome.result());
    let mismatch = |written: &str, line, column| {
        RecordError::new(
            line,
            column,
            RecordErrorKind::ResultMismatch {
                written: written.to_string(),
                actual,
            },
        )
    };
    if let Some(tag) = result_tag {
        if tag.value != actual {
            return Err(mismatch(&tag.value, tag.line, tag.value_column));
        }
    }
    if let Some((token, line, column)) = moves.result {
        if token != actual {
            return Err(mismatch(token, line, column));
        }
    }

    let mut record = Record::new(game);
    record.comments = moves.comments;
    record.tags = tags
        .into_iter()
        .filter(|tag| !GAME_TAGS.contains(&tag.name.as_str()))
        .map(|tag| (tag.name, tag.value))
        .collect();
    Ok(record)
}

/// A comment being read: where its `{` stands, and its text so far.
struct OpenComment {
    line: usize,
    column: usize,
    text: String,
}

/// The state of the move text while it is read, line by line.
struct MoveText {
    game: Game,
    first: Side,
    comments: BTreeMap<usize, String>,
    comment: Option<OpenComment>,
    result: Option<(&'static str, usize, usize)>,
}

/// What may stand in the move text where something else was found.
const MOVE_TEXT: &str = "a move number, a move, a {comment} or the result";

impl MoveText {
    fn new(start: Position) -> MoveText {
        MoveText {
            game: Game::from_position(start),
            first: start.side_to_move(),
            comments: BTreeMap::new(),
            comment: None,
            result: None,
        }
    }

    /// Reads one line of move text, numbered `line`.
    fn line(&mut self, text: &str, line: usize) -> Result<(), RecordError> {
        if let Some(comment) = &mut self.comment {
            if text.trim_start().starts_with('[') {
                // A tag line: the comment was never closed.
                return Err(RecordError::new(
                    comment.line,
                    comment.column,
                    RecordErrorKind::UnclosedComment,
                ));
            }
            comment.text.push('\n');
        }
        let mut chars = text.char_indices().enumerate().peekable();
        while let Some((index, (byte, c))) = chars.next() {
            let column = index + 1;
            if let Some(comment) = &mut self.comment {
                if c == '}' {
                    let text = std::mem::take(&mut comment.text);
                    self.comment = None;
                    self.add_comment(text);
                } else {
                    comment.text.push(c);
                }
                continue;
            }
            if c.is_whitespace() {
                continue;
            }
            if self.result.is_some() {
                return Err(RecordError::new(
                    line,
                    column,
                    RecordErrorKind::TextAfterResult,
                ));
            }
            match c {
                '{' => {
                    self.comment = Some(OpenComment {
                        line,
                        column,
                        text: String::new(),
                    });
                    continue;
                }
                '}' => {
                    return Err(RecordError::new(
                        line,
                        column,
                        RecordErrorKind::Unexpected {
                            found: c.to_string(),
                            expected: MOVE_TEXT,
                        },
                    ))
                }
                _ => {}
            }
            let mut end = text.len();
            while let Some(&(_, (next, c))) = chars.peek() {
                if c.is_whitespace() || c == '{' || c == '}' {
                    end = next;
                    break;
                }
                chars.next();
            }
            self.token(&text[byte..end], line, column)?;
        }
        Ok(())
    }

    fn add_comment(&mut self, text: String) {
        self.comments
            .entry(self.game.len())
            .and_modify(|old| {
                old.push(' ');
                old.push_str(&text);
            })
            .or_insert(text);
    }

    /// Reads a token of the move text: a result, or a move with or without
    /// its number, or a number alone.
    fn token(&mut self, token: &str, line: usize, column: usize) -> Result<(), RecordError> {
        if let Some(result) = RESULTS.iter().find(|result| **result == token) {
            self.result = Some((result, line, column));
            return Ok(());
        }
        let (number, rest) = split_number(token);
        if let Some(number) = number {
            let expected = move_number(self.first, self.game.len());
            let digits = number.trim_end_matches('.');
            if digits.parse::<usize>().ok() != Some(expected) {
                return Err(RecordError::new(
                    line,
                    column,
                    RecordErrorKind::MoveNumber {
                        expected,
                        found: number.to_string(),
                    },
                ));
            }
        }
        if rest.is_empty() {
            return Ok(());
        }
        let column = column + number.map_or(0, |n| n.chars().count());
        let mv = rest
            .parse::<Move>()
            .map_err(|e| RecordError::new(line, shift(&e, column), RecordErrorKind::Move(e)))?;
        let error = match self.game.push(mv) {
            Ok(()) => return Ok(()),
            Err(error) => error,
        };
        // A capture must be written with `x`, and `x` only for a capture.
        let kind = match mv {
            Move::Step { from, to } => match Move::capture(from, to) {
                Some(capture) if self.game.legal_moves().contains(&capture) => {
                    RecordErrorKind::CaptureWithoutX {
                        found: rest.to_string(),
                        expected: capture,
                    }
                }
                _ => RecordErrorKind::IllegalMove(error),
            },
            Move::Capture { from, to, .. } => {
                let step = Move::Step { from, to };
                if self.game.legal_moves().contains(&step) {
                    RecordErrorKind::NotACapture {
                        found: rest.to_string(),
                        expected: step,
                    }
                } else {
                    RecordErrorKind::IllegalMove(error)
                }
            }
            Move::Place { .. } => RecordErrorKind::IllegalMove(error),
        };
        Err(RecordError::new(line, column, kind))
    }
}

/// Splits a leading move number (`12.` or `12...`) off a token.
fn split_number(token: &str) -> (Option<&str>, &str) {
    let digits = token.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || token.as_bytes().get(digits) != Some(&b'.') {
        return (None, token);
    }
    let dots = token[digits..].bytes().take_while(|&b| b == b'.').count();
    let end = digits + dots;
    (Some(&token[..end]), &token[end..])
}
