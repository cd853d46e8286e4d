//! Many game records from one stream, read lazily, one game at a time.
//!
//! ```
//! use bagh_core::{RecordErrorKind, RecordReader};
//!
//! let text = "\
//! [Event \"first\"]
//!
//! 1. c3 a1b2 *
//!
//! [Event \"second\"]
//!
//! 1. c3 a1a3 *
//!
//! [Event \"third\"]
//!
//! 1. b2 {a comment} *
//! ";
//! let mut reader = RecordReader::new(text.as_bytes());
//! assert_eq!(reader.next().unwrap()?.tag("Event"), Some("first"));
//! // An error names its line in the whole stream, and reading goes on with
//! // the next game.
//! let error = reader.next().unwrap().unwrap_err();
//! assert_eq!((error.line(), error.column()), (7, 7));
//! assert!(matches!(error.kind(), RecordErrorKind::IllegalMove(_)));
//! let third = reader.next().unwrap()?;
//! assert_eq!(third.comment(1), Some("a comment"));
//! assert!(reader.next().is_none());
//! # Ok::<(), bagh_core::RecordError>(())
//! ```
//!
//! Where one game ends and the next begins:
//!
//! - a game ends with the line that holds its result (`1-0`, `0-1`,
//!   `1/2-1/2` or `*`) outside a comment;
//! - or, failing that, before a line that starts with `[` once its move text
//!   has begun (the tags of the next game), or at the end of the stream.
//!
//! Blank lines between games are skipped. Only the lines of the current game
//! are held in memory, so a file of any number of games is read in the memory
//! of its longest game.

use std::io::BufRead;

use crate::record::{parse_lines, RESULTS};
use crate::{Record, RecordError, RecordErrorKind};

/// An iterator over the records of a stream (`std::io::BufRead`): one
/// `Result<Record, RecordError>` per game. A game that fails to read is an
/// error with its line (counted over the whole stream) and column, and the
/// reader goes on with the next game. An I/O error ends the iteration after
/// it is reported.
///
/// ```no_run
/// use std::fs::File;
/// use std::io::BufReader;
/// use bagh_core::RecordReader;
///
/// let file = BufReader::new(File::open("games.txt")?);
/// for record in RecordReader::new(file) {
///     match record {
///         Ok(record) => println!("{} plies, {}", record.game().len(), record.result()),
///         Err(error) => eprintln!("{error}"),
///     }
/// }
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct RecordReader<R> {
    reader: R,
    /// Lines read from the stream so far.
    line: usize,
    /// A line read that belongs to the next game, with its number.
    pending: Option<(usize, Line)>,
    buffer: Vec<u8>,
    done: bool,
}

/// A line of the stream: its text, or for a line that is not UTF-8 its
/// lossy text as `Err`.
type Line = Result<String, String>;

/// How the current game is read so far.
#[derive(Default)]
struct Scan {
    in_moves: bool,
    in_comment: bool,
    result_seen: bool,
}

impl Scan {
    /// Takes in one line of the game.
    fn line(&mut self, text: &str) {
        let trimmed = text.trim_start();
        if !self.in_moves {
            if trimmed.is_empty() || trimmed.starts_with('[') {
                return;
            }
            self.in_moves = true;
        }
        let mut rest = text;
        while !rest.is_empty() {
            if self.in_comment {
                match rest.find('}') {
                    Some(end) => {
                        self.in_comment = false;
                        rest = &rest[end + 1..];
                    }
                    None => return,
                }
                continue;
            }
            rest = rest.trim_start();
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{' || c == '}')
                .unwrap_or(rest.len());
            if end == 0 {
                if rest.starts_with('{') {
                    self.in_comment = true;
                }
                rest = rest.get(1..).unwrap_or("");
                continue;
            }
            if RESULTS.contains(&&rest[..end]) {
                self.result_seen = true;
            }
            rest = &rest[end..];
        }
    }

    /// Whether a line starting with `trimmed` begins the next game (inside
    /// a comment too: a comment never holds a tag line).
    fn ends_before(&self, trimmed: &str) -> bool {
        self.in_moves && trimmed.starts_with('[')
    }

    /// Whether the game is complete after the lines taken in.
    fn is_complete(&self) -> bool {
        self.result_seen && !self.in_comment
    }
}

impl<R: BufRead> RecordReader<R> {
    /// A reader of the records in `reader`.
    ///
    /// ```
    /// use std::io::BufReader;
    /// use bagh_core::RecordReader;
    ///
    /// let file = BufReader::new("1. c3 *\n1. b2 *\n".as_bytes());
    /// let games: Vec<_> = RecordReader::new(file).collect::<Result<_, _>>()?;
    /// assert_eq!(games.len(), 2);
    /// # Ok::<(), bagh_core::RecordError>(())
    /// ```
    pub fn new(reader: R) -> RecordReader<R> {
        RecordReader {
            reader,
            line: 0,
            pending: None,
            buffer: Vec::new(),
            done: false,
        }
    }

    /// The number of lines read from the stream so far.
    ///
    /// ```
    /// use bagh_core::RecordReader;
    ///
    /// let mut reader = RecordReader::new("1. c3 *\n\n1. b2 *\n".as_bytes());
    /// reader.next();
    /// assert_eq!(reader.lines_read(), 1);
    /// ```
    pub fn lines_read(&self) -> usize {
        self.line
    }

    /// The next line with its number, `None` at the end; an I/O error is
    /// returned as such.
    fn next_line(&mut self) -> Option<Result<(usize, Line), RecordError>> {
        if let Some(pending) = self.pending.take() {
            return Some(Ok(pending));
        }
        self.buffer.clear();
        match self.reader.read_until(b'\n', &mut self.buffer) {
            Ok(0) => None,
            Ok(_) => {
                self.line += 1;
                let mut bytes = &self.buffer[..];
                if let Some(rest) = bytes.strip_suffix(b"\n") {
                    bytes = rest;
                }
                if let Some(rest) = bytes.strip_suffix(b"\r") {
                    bytes = rest;
                }
                let text = std::str::from_utf8(bytes)
                    .map(str::to_string)
                    .map_err(|_| String::from_utf8_lossy(bytes).into_owned());
                Some(Ok((self.line, text)))
            }
            Err(error) => Some(Err(RecordError::new(
                self.line + 1,
                1,
                RecordErrorKind::Io {
                    kind: error.kind(),
                    message: error.to_string(),
                },
            ))),
        }
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        if self.done {
            return None;
        }
        let mut lines: Vec<String> = Vec::new();
        let mut first_line = 0;
        let mut scan = Scan::default();
        let mut not_utf8: Option<usize> = None;
        loop {
            let (number, text) = match self.next_line() {
                None => break,
                Some(Err(error)) => {
                    self.done = true;
                    return Some(Err(error));
                }
                Some(Ok(line)) => line,
            };
            let (text, utf8) = match text {
                Ok(text) => (text, true),
                Err(lossy) => (lossy, false),
            };
            let trimmed = text.trim_start();
            if lines.is_empty() {
                if trimmed.is_empty() {
                    continue;
                }
                first_line = number;
            } else if scan.ends_before(trimmed) {
                self.pending = Some((number, if utf8 { Ok(text) } else { Err(text) }));
                break;
            }
            if !utf8 {
                // Keep the place of the line and read on to the end of the game.
                not_utf8.get_or_insert(number);
            }
            scan.line(&text);
            lines.push(text);
            if scan.is_complete() {
                break;
            }
        }
        if lines.is_empty() {
            self.done = true;
            return None;
        }
        if let Some(line) = not_utf8 {
            return Some(Err(RecordError::new(line, 1, RecordErrorKind::NotUtf8)));
        }
        let lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        Some(parse_lines(&lines, first_line))
    }
}
