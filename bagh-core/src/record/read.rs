//! Reading a record: the tags, then the move text, replayed and checked.

use std::str::FromStr;

use super::error::shift;
use super::move_text::MoveText;
use super::tags::{parse_tag, Tag};
use super::{Record, RecordError, RecordErrorKind, GAME_TAGS, RESULTS};
use crate::{Position, Ruleset};

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
