//! What a record adds to its game: its tags and its comments. A board keeps
//! them from the record it loaded, so that the record it gives back has
//! them too.

use std::collections::BTreeMap;

use bagh_core::{Game, Record};

use crate::error::ApiError;

/// The tags (other than `Rules`, `Position` and `Result`, which follow
/// from the game) and the comments, by the ply they follow, of a board's
/// record.
#[derive(Clone, Default, Debug, PartialEq, Eq)]
pub struct Notes {
    tags: Vec<(String, String)>,
    comments: BTreeMap<usize, String>,
}

impl Notes {
    /// The notes of `record`.
    pub fn of(record: &Record) -> Notes {
        Notes {
            tags: record.tags().to_vec(),
            comments: record
                .comments()
                .map(|(ply, text)| (ply, text.to_string()))
                .collect(),
        }
    }

    /// The record of `game` with these notes; a comment on a move taken
    /// back is left out (it returns when the move is redone).
    pub fn record(&self, game: &Game) -> Result<Record, ApiError> {
        let mut record = Record::new(game.clone());
        // Both were read from a record, so both are valid: an error here
        // is the server's.
        for (name, value) in &self.tags {
            record.set_tag(name, value).map_err(ApiError::internal)?;
        }
        for (&ply, text) in self.comments.range(..=game.len()) {
            record.set_comment(ply, text).map_err(ApiError::internal)?;
        }
        Ok(record)
    }

    /// Forgets the comments after the first `plies` moves: those moves were
    /// replaced by others.
    pub fn line_replaced_after(&mut self, plies: usize) {
        self.comments.split_off(&(plies + 1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_comes_back_with_its_tags_and_comments() {
        let text = "[Rules \"bagh-chal\"]\n[Result \"*\"]\n[Event \"Club night\"]\n\n\
                    {before} 1. c3 {the centre} a1b2 2. d3 {out of reach} *\n";
        let read: Record = text.parse().unwrap();
        let notes = Notes::of(&read);
        let written = notes.record(read.game()).unwrap();
        assert_eq!(written, read);
        // Two moves taken back: their comments are left out, the first
        // move's stays.
        let mut game = read.game().clone();
        game.pop();
        game.pop();
        let shorter = notes.record(&game).unwrap();
        assert_eq!(shorter.comment(1), Some("the centre"));
        assert_eq!(shorter.comment(3), None);
        assert_eq!(shorter.tag("Event"), Some("Club night"));
        // A new second move: the comments of the old line after the first
        // move are gone.
        let mut replaced = notes.clone();
        replaced.line_replaced_after(1);
        assert_eq!(
            replaced
                .record(read.game())
                .unwrap()
                .comments()
                .collect::<Vec<_>>(),
            [(0, "before"), (1, "the centre")]
        );
    }
}
