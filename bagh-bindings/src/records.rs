//! Records with their tags and comments, and many records read from one
//! text (`readRecordsText`).

use std::io::Cursor;

use bagh_core::{Record, RecordReader};

use crate::errors::{ErrorClass, Failure};

/// What `readRecordsText` does with a game that cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnError {
    /// Throw its error (the default).
    Raise,
    /// Leave it out.
    Skip,
    /// Put its error in its place.
    Collect,
}

impl OnError {
    /// The policy named `"raise"` (also for none), `"skip"` or `"collect"`;
    /// another name is a `ParseError`.
    pub fn of(name: Option<&str>) -> Result<OnError, Failure> {
        match name {
            None | Some("raise") => Ok(OnError::Raise),
            Some("skip") => Ok(OnError::Skip),
            Some("collect") => Ok(OnError::Collect),
            Some(other) => Err(Failure::new(
                ErrorClass::Parse,
                format!("errors: expected \"raise\", \"skip\" or \"collect\", found {other:?}"),
            )),
        }
    }
}

/// The records of `text`, one or many games, in order: a game that cannot
/// be read is its failure, with `game` (its 1-based number), `line`
/// (counted over the whole text) and `column`.
pub fn read_records(text: String) -> impl Iterator<Item = Result<Record, Failure>> {
    RecordReader::new(Cursor::new(text.into_bytes()))
        .enumerate()
        .map(|(index, read)| {
            read.map_err(|error| Failure::from(error).with("game", Some(index + 1)))
        })
}

/// Sets the tags `(name, value)` on `record`, in order.
pub fn set_tags(record: &mut Record, tags: Vec<(String, String)>) -> Result<(), Failure> {
    for (name, value) in tags {
        record.set_tag(&name, &value)?;
    }
    Ok(())
}

/// Sets the comments `(ply, text)` on `record`; a ply that is no number is
/// a `RecordContentError` as a ply past the end is.
pub fn set_comments(record: &mut Record, comments: Vec<(String, String)>) -> Result<(), Failure> {
    for (ply, text) in comments {
        let ply: usize = ply.parse().map_err(|_| {
            Failure::new(
                ErrorClass::RecordContent,
                format!("comments: {ply:?} is not a ply number"),
            )
            .with("cause", Some("comment-past-end"))
        })?;
        record.set_comment(ply, &text)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Detail;

    #[test]
    fn a_bad_game_among_good_ones_is_numbered() {
        let text = "1. c3 *\n\n1. c3 c3 *\n\n1. d3 *\n".to_string();
        let read: Vec<_> = read_records(text).collect();
        assert_eq!(read.len(), 3);
        assert!(read[0].is_ok() && read[2].is_ok());
        let error = read[1].as_ref().unwrap_err();
        assert_eq!(error.class, ErrorClass::IllegalMove);
        assert_eq!(error.detail("game"), Some(&Detail::Number(2.0)));
        assert_eq!(error.detail("line"), Some(&Detail::Number(3.0)));
        assert_eq!(OnError::of(None), Ok(OnError::Raise));
        assert_eq!(OnError::of(Some("collect")), Ok(OnError::Collect));
        assert!(OnError::of(Some("ignore")).is_err());
    }

    #[test]
    fn tags_and_comments_are_set_in_order_and_checked() {
        let mut record: Record = "1. c3 a1a2 *\n".parse().unwrap();
        let pairs = |items: &[(&str, &str)]| {
            items
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect::<Vec<_>>()
        };
        set_tags(&mut record, pairs(&[("Event", "Club"), ("Site", "Patan")])).unwrap();
        assert_eq!(record.tag("Site"), Some("Patan"));
        set_comments(&mut record, pairs(&[("0", "before"), ("2", "after")])).unwrap();
        assert_eq!(record.comment(2), Some("after"));
        let error = set_comments(&mut record, pairs(&[("one", "x")])).unwrap_err();
        assert_eq!(error.class, ErrorClass::RecordContent);
        assert_eq!(error.message, "comments: \"one\" is not a ply number");
        let error = set_comments(&mut record, pairs(&[("3", "x")])).unwrap_err();
        assert_eq!(error.class, ErrorClass::RecordContent);
    }
}
