//! The move text of a record, read token by token: move numbers, moves,
//! `{...}` comments and the result.

use std::collections::BTreeMap;

use super::error::shift;
use super::{move_number, RecordError, RecordErrorKind, RESULTS};
use crate::{Game, IllegalMoveReason, Move, Position, Side};

/// A comment being read: where its `{` stands, and its text so far.
pub(super) struct OpenComment {
    pub(super) line: usize,
    pub(super) column: usize,
    text: String,
}

/// The state of the move text while it is read, line by line.
pub(super) struct MoveText {
    pub(super) game: Game,
    first: Side,
    pub(super) comments: BTreeMap<usize, String>,
    pub(super) comment: Option<OpenComment>,
    pub(super) result: Option<(&'static str, usize, usize)>,
}

/// What may stand in the move text where something else was found.
const MOVE_TEXT: &str = "a move number, a move, a {comment} or the result";

impl MoveText {
    pub(super) fn new(start: Position) -> MoveText {
        MoveText {
            game: Game::from_position(start),
            first: start.side_to_move(),
            comments: BTreeMap::new(),
            comment: None,
            result: None,
        }
    }

    /// Reads one line of move text, numbered `line`.
    pub(super) fn line(&mut self, text: &str, line: usize) -> Result<(), RecordError> {
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
                match c {
                    '}' => {
                        let text = std::mem::take(&mut comment.text);
                        self.comment = None;
                        self.add_comment(text);
                    }
                    // A comment's lines end with `\n` alone (as
                    // `Record::set_comment` requires): a carriage return left
                    // in a line, such as the first of `\r\r\n`, is dropped,
                    // so that the record writes back to text that reads the
                    // same.
                    '\r' => {}
                    _ => comment.text.push(c),
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

    /// Keeps a comment, joined with a space to one already in its place.
    fn add_comment(&mut self, text: String) {
        self.comments
            .entry(self.game.len())
            .and_modify(|old| {
                // After a line end and blanks, a text that starts with `[`
                // would begin a line that reads as a tag (which a comment's
                // later lines may not): the blank line end goes.
                let blank_last_line = old
                    .rsplit_once('\n')
                    .is_some_and(|(_, last)| last.trim().is_empty());
                if blank_last_line && text.trim_start().starts_with('[') {
                    old.truncate(old.trim_end().len());
                }
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
        // A capture must be written with `x`, and `x` only for a capture: the
        // diagnosis of the refusal tells, and names the move meant.
        let kind = match (error.reason(), error.suggestion()) {
            (IllegalMoveReason::CaptureWithoutX, Some(expected)) => {
                RecordErrorKind::CaptureWithoutX {
                    found: rest.to_string(),
                    expected,
                }
            }
            (IllegalMoveReason::NotACapture, Some(expected)) => RecordErrorKind::NotACapture {
                found: rest.to_string(),
                expected,
            },
            _ => RecordErrorKind::IllegalMove(error),
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
