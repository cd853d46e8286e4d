//! Game records: a PGN-like text with tag pairs and numbered moves, goats first.
//! The format, with an example of every case, is also in the
//! [records guide](crate::guide::records).
//!
//! ```
//! use bagh_core::{Game, Move, Record, Ruleset};
//!
//! let mut game = Game::new(Ruleset::default());
//! for text in ["c3", "a1b2", "c2"] {
//!     game.push(text.parse::<Move>()?)?;
//! }
//! let mut record = Record::new(game.clone());
//! record.set_tag("Event", "Kathmandu club night")?;
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

mod content_error;
mod error;
mod move_text;
mod read;
mod tags;
mod write;

use std::collections::BTreeMap;

use crate::{Game, Side};

pub use content_error::RecordContentError;
pub use error::{RecordError, RecordErrorKind};
pub(crate) use read::parse_lines;
use tags::is_tag_name;

/// The tags whose values follow from the game itself.
const GAME_TAGS: [&str; 3] = ["Rules", "Position", "Result"];

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

    /// The value of one of the other tags ([`Record::tags`]); `None` for
    /// `Rules`, `Position` and `Result`, which are not kept as tags: read
    /// them from the game ([`Game::rules`], [`Game::start`]) and
    /// [`Record::result`].
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let mut record = Record::new(Game::default());
    /// record.set_tag("White", "goats: Asha")?;
    /// assert_eq!(record.tag("White"), Some("goats: Asha"));
    /// assert_eq!(record.tag("Black"), None);
    /// assert_eq!(record.tag("Rules"), None);
    /// assert_eq!(record.game().rules().to_string(), "bagh-chal");
    /// # Ok::<(), bagh_core::RecordContentError>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets a tag, in place if it exists, otherwise at the end. Refuses, and
    /// changes nothing, a `name` that is `Rules`, `Position` or `Result`
    /// (they follow from the game) or not a tag name (ASCII letters, digits
    /// and `_`), and a `value` with a line break (a tag is one line).
    ///
    /// ```
    /// use bagh_core::{Game, Record, RecordContentError};
    ///
    /// let mut record = Record::new(Game::default());
    /// assert_eq!(record.set_tag("Site", "Kathmandu"), Ok(()));
    /// assert_eq!(record.set_tag("Result", "1-0").unwrap_err().cause(), "reserved-tag");
    /// assert_eq!(
    ///     record.set_tag("Site", "two\nlines"),
    ///     Err(RecordContentError::TagLineBreak { name: "Site".into() })
    /// );
    /// assert_eq!(record.set_tag("My Site", "x").unwrap_err().cause(), "tag-name");
    /// assert_eq!(record.tag("Site"), Some("Kathmandu"));
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordContentError> {
        let name_text = || name.to_string();
        if GAME_TAGS.contains(&name) {
            return Err(RecordContentError::ReservedTag { name: name_text() });
        }
        if !is_tag_name(name) {
            return Err(RecordContentError::TagName { name: name_text() });
        }
        if value.contains(['\n', '\r']) {
            return Err(RecordContentError::TagLineBreak { name: name_text() });
        }
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => *old = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }
}

impl Record {
    /// The comment after the `ply`-th move (0: before the first move).
    ///
    /// ```
    /// use bagh_core::{Game, Record};
    ///
    /// let mut record = Record::new(Game::default());
    /// record.set_comment(0, "no moves yet")?;
    /// assert_eq!(record.comment(0), Some("no moves yet"));
    /// # Ok::<(), bagh_core::RecordContentError>(())
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
    /// removes it when `text` is empty. Refuses, and changes nothing, a
    /// `ply` past the last move, and a `text` with a `}`, a carriage return,
    /// or a line after the first that starts with `[` (a tag line in a
    /// record).
    ///
    /// ```
    /// use bagh_core::{Game, Move, Record, RecordContentError};
    ///
    /// let mut game = Game::default();
    /// game.push("c3".parse::<Move>()?)?;
    /// let mut record = Record::new(game);
    /// record.set_comment(1, "the centre")?;
    /// assert_eq!(
    ///     record.set_comment(2, "no such move"),
    ///     Err(RecordContentError::CommentPastEnd { ply: 2, plies: 1 })
    /// );
    /// assert_eq!(record.set_comment(1, "a } brace").unwrap_err().cause(), "comment-brace");
    /// assert_eq!(record.to_string().lines().last(), Some("1. c3 {the centre} *"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_comment(&mut self, ply: usize, text: &str) -> Result<(), RecordContentError> {
        let plies = self.game.len();
        if ply > plies {
            return Err(RecordContentError::CommentPastEnd { ply, plies });
        }
        if text.contains('}') {
            return Err(RecordContentError::CommentBrace { ply });
        }
        if text.contains('\r') {
            return Err(RecordContentError::CommentCarriageReturn { ply });
        }
        if text
            .lines()
            .skip(1)
            .any(|line| line.trim_start().starts_with('['))
        {
            return Err(RecordContentError::CommentTagLine { ply });
        }
        if text.is_empty() {
            self.comments.remove(&ply);
        } else {
            self.comments.insert(ply, text.to_string());
        }
        Ok(())
    }
}

/// The move number before ply `ply` of a game whose first ply is played by
/// `first`, and whether the ply is a goat's (`N.`) or a tiger's (`N...`).
fn move_number(first: Side, ply: usize) -> usize {
    let offset = usize::from(first == Side::Tiger);
    (ply + offset) / 2 + 1
}

/// The results a record may end with.
pub(crate) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];
