//! The round trip every text form promises: what reads, writes back to text
//! that reads to the same value, and writing that again changes nothing.

use std::fmt::{Debug, Display};

/// Asserts that `value` (already read from some text) survives a round
/// trip through its `Display` form and `read`, and that the written text is
/// a fixed point: read and written once more, it is the same text.
pub fn assert_text_round_trip<T, E>(value: &T, read: impl Fn(&str) -> Result<T, E>)
where
    T: Display + PartialEq + Debug,
    E: Display,
{
    let written = value.to_string();
    let again = match read(&written) {
        Ok(again) => again,
        Err(error) => panic!("the written form {written:?} of {value:?} does not read: {error}"),
    };
    assert_eq!(&again, value, "{written:?} reads to another value");
    assert_eq!(
        again.to_string(),
        written,
        "the written form is not a fixed point"
    );
}

/// The input as text, if it is UTF-8.
pub fn as_text(data: &[u8]) -> Option<&str> {
    std::str::from_utf8(data).ok()
}
