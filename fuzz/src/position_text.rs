//! Position strings (`T3T/5/5/5/T3T g 20 0`) read against every preset and
//! against a rule set of the fuzzer's choice.

use bagh_core::{Position, Ruleset};

use super::arbitrary_rules::{presets, split_text_and_rules};
use super::round_trip::{as_text, assert_text_round_trip};

/// Reads the text against every rule set; each position read must write
/// back to itself, take apart into a [`Setup`](bagh_core::Setup) and put
/// back together, and have the Zobrist key of its twin read afresh.
pub fn run(data: &[u8]) {
    let (text, custom) = split_text_and_rules(data);
    let Some(text) = as_text(text) else { return };
    let _ = text.parse::<Position>();
    for rules in presets().into_iter().chain(custom) {
        check_against(text, rules);
    }
}

fn check_against(text: &str, rules: Ruleset) {
    let Ok(position) = Position::from_text(text, rules) else {
        return;
    };
    assert_eq!(position.rules(), &rules);
    assert_text_round_trip(&position, |written| Position::from_text(written, rules));
    let rebuilt = Position::from_setup(position.setup(), rules)
        .expect("the parts of a position read from text are a valid setup");
    assert_eq!(rebuilt, position);
    assert_eq!(rebuilt.zobrist(), position.zobrist());
    // Whatever the position, finding its moves and outcome must not panic.
    let moves = position.legal_moves();
    assert_eq!(moves.is_empty(), !position.has_legal_move());
    let _ = position.outcome();
}
