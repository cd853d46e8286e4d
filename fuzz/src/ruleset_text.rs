//! Rule-set texts: a preset id or `key=value` fields.

use bagh_core::{Position, Ruleset};

use super::round_trip::{as_text, assert_text_round_trip};

/// Reads the text as a rule set; what reads writes back to itself, is a
/// preset exactly when its text is a preset id, and survives the builder.
pub fn run(data: &[u8]) {
    let Some(text) = as_text(data) else { return };
    let Ok(rules) = text.parse::<Ruleset>() else {
        return;
    };
    assert_text_round_trip(&rules, str::parse::<Ruleset>);
    match rules.preset_id() {
        Some(id) => {
            assert_eq!(rules.to_string(), id);
            assert_eq!(Ruleset::preset(id).ok(), Some(rules));
        }
        None => assert!(Ruleset::preset(&rules.to_string()).is_err()),
    }
    assert_eq!(rules.to_builder().build(), Ok(rules));
    let start = Position::new(rules);
    assert_text_round_trip(&start, |written| Position::from_text(written, rules));
    assert_eq!(
        start.goats_in_hand(),
        rules.goats(),
        "every goat is in hand at the start"
    );
}
