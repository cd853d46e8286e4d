//! Property tests of the text readers: no text makes them panic, every
//! error points at a column within the text and quotes what it found there,
//! and every text they accept is written back and read again to the same value.
//!
//! The number of cases per property comes from `BAGH_PROPTEST_CASES`, as for
//! the invariants.

mod common;
use common::proptest_cases::config;
use common::strategies::*;

use bagh_core::{Move, ParseError, ParseErrorKind, Point, Position, Ruleset, TextKind};
use proptest::prelude::*;
use proptest::sample::Index;

proptest! {
    #![proptest_config(config())]

    /// 7a. Parsing arbitrary text never panics, and an error's column lies
    /// within the text (or just after its end).
    #[test]
    fn parsing_arbitrary_text_never_panics(text in any::<String>()) {
        check_parsers(&text)?;
    }

    /// 7b. The same over text made of the notation's own characters, which
    /// gets much further into the parsers.
    #[test]
    fn parsing_notation_like_text_never_panics(
        text in "[a-fTGx0-9/ gt=(),:_é-]{0,40}|(bagh-chal|two-tigers|tigers=|goats=|repetition=draw\\(|no_progress_limit=)[a-e0-9,=() _a-z]{0,30}"
    ) {
        check_parsers(&text)?;
    }

    /// 7c. The same over valid texts with a few characters inserted, deleted
    /// or replaced.
    #[test]
    fn parsing_mutated_text_never_panics(text in valid_text(), edits in prop::collection::vec(edit(), 1..6)) {
        check_parsers(&text)?;
        let mut chars: Vec<char> = text.chars().collect();
        for edit in edits {
            match edit {
                Edit::Insert(at, c) => chars.insert(at.index(chars.len() + 1), c),
                Edit::Delete(at) if !chars.is_empty() => {
                    chars.remove(at.index(chars.len()));
                }
                Edit::Replace(at, c) if !chars.is_empty() => {
                    let at = at.index(chars.len());
                    chars[at] = c;
                }
                _ => {}
            }
            check_parsers(&chars.iter().collect::<String>())?;
        }
    }
}

// ---------------------------------------------------------------------------
// Parsing helpers
// ---------------------------------------------------------------------------

/// A change to a text, at a character index.
#[derive(Clone, Debug)]
enum Edit {
    Insert(Index, char),
    Delete(Index),
    Replace(Index, char),
}

/// Characters that matter to the parsers most of the time, any character
/// otherwise.
fn edit_char() -> impl Strategy<Value = char> {
    prop_oneof![
        3 => prop::sample::select(
            "abcdefx12345609TGgt/ =,():_-é\u{0}\t\u{a0}".chars().collect::<Vec<_>>()
        ),
        1 => any::<char>(),
    ]
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), edit_char()).prop_map(|(at, c)| Edit::Insert(at, c)),
        any::<Index>().prop_map(Edit::Delete),
        (any::<Index>(), edit_char()).prop_map(|(at, c)| Edit::Replace(at, c)),
    ]
}

/// A valid text of one of the four kinds: a point, a move, a position string
/// reached in a random game, a rule set.
fn valid_text() -> impl Strategy<Value = String> {
    let moves: Vec<String> = candidates().iter().map(Move::to_string).collect();
    prop_oneof![
        prop::sample::select(Point::ALL.to_vec()).prop_map(|p| p.to_string()),
        prop::sample::select(moves),
        (
            rules(),
            prop::collection::vec(any::<Index>().prop_map(Pick::Any), 0..60)
        )
            .prop_map(|(rules, picks)| {
                let game = walk(rules, &picks, |_| Ok(())).expect("a random game");
                game.position().to_string()
            }),
        rules().prop_map(|rules| rules.to_string()),
        (preset(), spec()).prop_map(|(preset, spec)| {
            // A preset id followed by some fields of another rule set.
            let fields = spec.build().to_string();
            let mut text = preset.to_string();
            for field in fields.split(' ').filter(|f| f.contains('=')).step_by(2) {
                text.push(' ');
                text.push_str(field);
            }
            text
        }),
    ]
}

/// Checks an error: it is of the right kind, carries the text, its column is
/// within 1..=len+1 (in characters), and it can be displayed.
fn check_error(text: &str, error: &ParseError, what: TextKind) -> Result<(), TestCaseError> {
    let len = text.chars().count();
    prop_assert_eq!(error.what(), what, "{:?}: {}", text, error);
    prop_assert_eq!(error.input(), text);
    prop_assert!(
        (1..=len + 1).contains(&error.column()),
        "{:?} ({} chars): column {} in {}",
        text,
        len,
        error.column(),
        error
    );
    prop_assert!(!error.to_string().is_empty());
    if let Some(found) = quoted_char(error) {
        if error.column() <= len {
            let at = text.chars().nth(error.column() - 1);
            prop_assert_eq!(Some(found), at, "{:?}: {}", text, error);
        }
    }
    Ok(())
}

/// The character an error says it found, if it quotes one.
fn quoted_char(error: &ParseError) -> Option<char> {
    match *error.kind() {
        ParseErrorKind::ExpectedFile { found } | ParseErrorKind::ExpectedRank { found } => found,
        ParseErrorKind::Unexpected { found, .. } => Some(found),
        _ => None,
    }
}

/// An error that quotes the character it found quotes the one at its column,
/// also when that character is not ASCII (a regression test for the
/// point reader, which once quoted the first UTF-8 byte as a Latin-1 `Ã`).
#[test]
fn parse_errors_quote_the_character_at_their_column() {
    let cases: [(&str, TextKind, usize, char); 8] = [
        ("é1", TextKind::Point, 1, 'é'),
        ("aé", TextKind::Point, 2, 'é'),
        ("é", TextKind::Move, 1, 'é'),
        ("a1é", TextKind::Move, 3, 'é'),
        ("a1xé1", TextKind::Move, 4, 'é'),
        ("a1a→", TextKind::Move, 4, '→'),
        ("tigers=a1,b😀 goats=3", TextKind::Ruleset, 12, '😀'),
        ("T3T/5/5/5/T3T ü 20 0", TextKind::Position, 15, 'ü'),
    ];
    for (text, what, column, found) in cases {
        let error = match what {
            TextKind::Point => text.parse::<Point>().err(),
            TextKind::Move => text.parse::<Move>().err(),
            TextKind::Ruleset => text.parse::<Ruleset>().err(),
            _ => text.parse::<Position>().err(),
        };
        let error = error.unwrap_or_else(|| panic!("{text:?} should not parse"));
        assert_eq!(error.what(), what, "{text:?}");
        assert_eq!(error.column(), column, "{text:?}: {error}");
        assert_eq!(quoted_char(&error), Some(found), "{text:?}: {error}");
        assert!(error.to_string().contains(found), "{text:?}: {error}");
    }
}

/// Runs every parser on `text`: each either fails with a well-formed error or
/// gives a value whose text form reads back to the same value.
fn check_parsers(text: &str) -> Result<(), TestCaseError> {
    match text.parse::<Point>() {
        Ok(point) => prop_assert_eq!(point.to_string().parse::<Point>(), Ok(point)),
        Err(error) => check_error(text, &error, TextKind::Point)?,
    }
    match text.parse::<Move>() {
        Ok(mv) => prop_assert_eq!(mv.to_string().parse::<Move>(), Ok(mv)),
        Err(error) => check_error(text, &error, TextKind::Move)?,
    }
    match text.parse::<Position>() {
        Ok(position) => prop_assert_eq!(position.to_string().parse::<Position>(), Ok(position)),
        Err(error) => check_error(text, &error, TextKind::Position)?,
    }
    for (_, rules) in Ruleset::presets() {
        match Position::from_text(text, rules) {
            Ok(position) => {
                prop_assert_eq!(
                    Position::from_text(&position.to_string(), rules),
                    Ok(position)
                )
            }
            Err(error) => check_error(text, &error, TextKind::Position)?,
        }
    }
    match text.parse::<Ruleset>() {
        Ok(rules) => prop_assert_eq!(rules.to_string().parse::<Ruleset>(), Ok(rules)),
        Err(error) => check_error(text, &error, TextKind::Ruleset)?,
    }
    Ok(())
}
