//! With the `serde` feature, values serialize through their text forms as
//! human-readable JSON, and bad JSON is an error, not a panic.
#![cfg(feature = "serde")]

use bagh_core::{Move, Point, Position, Ruleset, Setup};

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

#[test]
fn a_setup_serializes_through_its_fields() {
    let position = Position::from_text("T3T/5/2G2/5/T3T t 19 0", Ruleset::default()).unwrap();
    let setup = position.setup();
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(
        json,
        r#"{"tigers":["a1","e1","a5","e5"],"goats":["c3"],"side":"tiger","goats_in_hand":19,"goats_captured":0}"#
    );
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    // Points in any order; a setup is read without a rule set, so nothing
    // but the shape is checked here.
    let any_order = r#"{"tigers":["e5","a1","a5","e1"],"goats":["c3"],"side":"tiger","goats_in_hand":19,"goats_captured":0}"#;
    assert_eq!(serde_json::from_str::<Setup>(any_order).unwrap(), setup);

    let bad = [
        (
            r#"{"tigers":["a1","a1"],"goats":[],"side":"goat","goats_in_hand":0,"goats_captured":0}"#,
            "point a1 is given twice",
        ),
        (
            r#"{"tigers":["a6"],"goats":[],"side":"goat","goats_in_hand":0,"goats_captured":0}"#,
            "invalid point \"a6\"",
        ),
        (
            r#"{"tigers":[],"goats":[],"side":"g","goats_in_hand":0,"goats_captured":0}"#,
            "unknown variant `g`, expected `goat` or `tiger`",
        ),
        (
            r#"{"tigers":[],"goats":[],"side":"goat","goats_in_hand":256,"goats_captured":0}"#,
            "256",
        ),
        (
            r#"{"tigers":[],"goats":[],"side":"goat","goats_in_hand":0}"#,
            "missing field `goats_captured`",
        ),
        (
            r#"{"tigers":[],"goats":[],"side":"goat","goats_in_hand":0,"goats_captured":0,"rules":"bagh-chal"}"#,
            "unknown field `rules`",
        ),
    ];
    for (json, message) in bad {
        let error = serde_json::from_str::<Setup>(json).unwrap_err();
        assert!(error.to_string().contains(message), "{json}: {error}");
    }

    // All 25 points, then one of them again and more: the repeat is named
    // wherever it comes, even in a list longer than the board.
    let mut names: Vec<String> = (0..25)
        .map(|index| Point::from_index(index).unwrap().to_string())
        .collect();
    names.extend(["c3", "a1", "a2"].map(String::from));
    let json = format!(
        r#"{{"tigers":[],"goats":{},"side":"goat","goats_in_hand":0,"goats_captured":0}}"#,
        serde_json::to_string(&names).unwrap()
    );
    let error = serde_json::from_str::<Setup>(&json).unwrap_err();
    assert!(
        error.to_string().contains("point c3 is given twice"),
        "{error}"
    );
}
