//! Why a record refuses a tag or a comment: one variant per cause, with the
//! tag's name or the comment's ply.

/// A tag or a comment that a [`Record`](crate::Record) cannot hold.
///
/// ```
/// use bagh_core::{Game, Record, RecordContentError};
///
/// let mut record = Record::new(Game::default());
/// let error = record.set_tag("Result", "1-0").unwrap_err();
/// assert_eq!(error, RecordContentError::ReservedTag { name: "Result".into() });
/// assert_eq!(error.cause(), "reserved-tag");
/// assert_eq!(error.tag(), Some("Result"));
/// assert_eq!(error.to_string(), "tag Result: the record writes this tag itself, from the game");
/// ```
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordContentError {
    /// A tag name that is empty or holds something other than ASCII letters,
    /// digits and `_` (it could not be read back from `[Name "value"]`).
    #[error("tag {name:?}: a tag name is one or more ASCII letters, digits and _")]
    TagName {
        /// The name given.
        name: String,
    },
    /// `Rules`, `Position` or `Result`: the record writes them from the game.
    #[error("tag {name}: the record writes this tag itself, from the game")]
    ReservedTag {
        /// The name given.
        name: String,
    },
    /// A tag value with a line break: a tag is one line.
    #[error("tag {name}: the value holds a line break, and a tag is one line")]
    TagLineBreak {
        /// The tag's name.
        name: String,
    },
    /// A comment after a ply the game has not reached.
    #[error("comment after ply {ply}: the game has only {plies} plies")]
    CommentPastEnd {
        /// The ply given.
        ply: usize,
        /// The plies of the game.
        plies: usize,
    },
    /// A comment holding `}`, which would end it early.
    #[error("comment after ply {ply}: the text holds }}, which would end the comment")]
    CommentBrace {
        /// The comment's ply.
        ply: usize,
    },
    /// A comment holding a carriage return (lines end with `\n` alone).
    #[error("comment after ply {ply}: the text holds a carriage return; lines end with \\n")]
    CommentCarriageReturn {
        /// The comment's ply.
        ply: usize,
    },
    /// A comment with a line after the first starting with `[`, which a
    /// reader takes for the tags of the next game.
    #[error("comment after ply {ply}: a line of it starts with [, which would read as a tag")]
    CommentTagLine {
        /// The comment's ply.
        ply: usize,
    },
}

impl RecordContentError {
    /// The cause as a kebab-case name: `tag-name`, `reserved-tag`,
    /// `tag-line-break`, `comment-past-end`, `comment-brace`,
    /// `comment-carriage-return` or `comment-tag-line`.
    pub fn cause(&self) -> &'static str {
        match self {
            RecordContentError::TagName { .. } => "tag-name",
            RecordContentError::ReservedTag { .. } => "reserved-tag",
            RecordContentError::TagLineBreak { .. } => "tag-line-break",
            RecordContentError::CommentPastEnd { .. } => "comment-past-end",
            RecordContentError::CommentBrace { .. } => "comment-brace",
            RecordContentError::CommentCarriageReturn { .. } => "comment-carriage-return",
            RecordContentError::CommentTagLine { .. } => "comment-tag-line",
        }
    }

    /// The tag's name, for a refused tag.
    pub fn tag(&self) -> Option<&str> {
        match self {
            RecordContentError::TagName { name }
            | RecordContentError::ReservedTag { name }
            | RecordContentError::TagLineBreak { name } => Some(name),
            _ => None,
        }
    }

    /// The comment's ply, for a refused comment.
    pub fn ply(&self) -> Option<usize> {
        match *self {
            RecordContentError::CommentPastEnd { ply, .. }
            | RecordContentError::CommentBrace { ply }
            | RecordContentError::CommentCarriageReturn { ply }
            | RecordContentError::CommentTagLine { ply } => Some(ply),
            _ => None,
        }
    }
}
