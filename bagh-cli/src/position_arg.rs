//! Position arguments: `start` or a position string, read against a rule set.

use bagh_core::{Position, Ruleset};

use crate::error::CliError;

/// Reads `start` (the rule set's start) or a position string. A string that
/// does not parse is bad input on the command line (exit code 2).
pub fn read_position(text: &str, rules: Ruleset) -> Result<Position, CliError> {
    if text == "start" {
        return Ok(Position::new(rules));
    }
    Position::from_text(text, rules).map_err(CliError::usage)
}
