//! Tag pairs: `[Name "value"]`, one per line.

use super::{RecordError, RecordErrorKind};

pub(super) fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A tag read from a line: name, value, and the column of the value.
pub(super) struct Tag {
    pub(super) name: String,
    pub(super) value: String,
    pub(super) line: usize,
    pub(super) value_column: usize,
}

/// Reads `[Name "value"]` from a line that starts (after blanks) with `[`.
pub(super) fn parse_tag(text: &str, line: usize) -> Result<Tag, RecordError> {
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
