//! With the `serde` feature, values serialize through their text forms as
//! human-readable JSON, and bad JSON is an error, not a panic.
#![cfg(feature = "serde")]

use bagh_core::{Move, Point, Position, Ruleset};

#[test]
fn values_serialize_as_their_text_forms() {
    let start = Position::new(Ruleset::preset("two-tigers").unwrap());
    let json = serde_json::to_string(&start).unwrap();
    assert_eq!(
        json,
        r#"{"rules":"two-tigers","position":"5/5/1T1T1/5/5 g 18 0"}"#
    );
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), start);

    let mv: Move = "a1xa3".parse().unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#""a1xa3""#);
    assert_eq!(serde_json::from_str::<Move>(r#""a1xa3""#).unwrap(), mv);
    assert_eq!(serde_json::to_string(&Point::C3).unwrap(), r#""c3""#);

    let custom = Ruleset::builder().mandatory_capture(true).build().unwrap();
    let json = serde_json::to_string(&custom).unwrap();
    assert_eq!(serde_json::from_str::<Ruleset>(&json).unwrap(), custom);
    // A position without rules is read against bagh-chal.
    let default: Position = serde_json::from_str(r#"{"position":"T3T/5/5/5/T3T g 20 0"}"#).unwrap();
    assert_eq!(default, Position::default());
}

#[test]
fn bad_json_is_an_error_that_quotes_the_text() {
    let error = serde_json::from_str::<Move>(r#""a1a9""#).unwrap_err();
    assert!(
        error
            .to_string()
            .contains("invalid move \"a1a9\" at column 4"),
        "{error}"
    );
    let error = serde_json::from_str::<Position>(
        r#"{"rules":"two-tigers","position":"T3T/5/5/5/T3T g 20 0"}"#,
    )
    .unwrap_err();
    assert!(
        error
            .to_string()
            .contains("board: 4 tigers on the board, the rule set has 2"),
        "{error}"
    );
    assert!(serde_json::from_str::<Position>(r#"{"position":"x","colour":1}"#).is_err());
    assert!(serde_json::from_str::<Ruleset>("17").is_err());
}
