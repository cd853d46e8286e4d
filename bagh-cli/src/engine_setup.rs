//! What the engine commands share: the tables, the rule set they imply, and
//! a game read from a start and moves.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use bagh_core::{Game, Move, Position, Ruleset};
use bagh_engine::{EngineError, Limits};
use bagh_tablebase::Tablebase;

use crate::error::CliError;
use crate::position_arg::read_position;

/// Opens the tables in `dir` (a failure, exit code 1, when they cannot be read).
pub fn open_tables(dir: Option<&Path>) -> Result<Option<Arc<Tablebase>>, CliError> {
    dir.map(|dir| Ok(Arc::new(Tablebase::open(dir)?)))
        .transpose()
}

/// The rule set given, else the tables', else bagh-chal. Tables of another
/// rule set than the one given are bad usage, refused before any move (the
/// engine would refuse them at its first search).
pub fn rules_of(rules: Option<Ruleset>, tables: Option<&Tablebase>) -> Result<Ruleset, CliError> {
    let rules = rules.unwrap_or_else(|| tables.map_or_else(Ruleset::default, |t| *t.rules()));
    match tables {
        Some(tables) if *tables.rules() != rules => {
            Err(CliError::usage(EngineError::RulesMismatch {
                game_rules: rules.to_string(),
                table_rules: tables.rules().to_string(),
            }))
        }
        _ => Ok(rules),
    }
}

/// The game from `position` (or the rule set's start) after `moves`; a
/// position or a move that does not read or is illegal is bad usage (exit
/// code 2).
pub fn game_from(
    rules: Ruleset,
    position: Option<&str>,
    moves: &[String],
) -> Result<Game, CliError> {
    let start = match position {
        Some(text) => read_position(text, rules)?,
        None => Position::new(rules),
    };
    let mut game = Game::from_position(start);
    for text in moves {
        let mv: Move = text.parse().map_err(CliError::usage)?;
        game.push(mv).map_err(CliError::usage)?;
    }
    Ok(game)
}

/// The limits of a command's search: the depth, nodes and time given, and
/// `default_time` when neither a depth nor a node count is.
pub fn limits_of(
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<Duration>,
    default_time: Duration,
) -> Limits {
    Limits {
        depth,
        nodes,
        time: time.or(match (depth, nodes) {
            (None, None) => Some(default_time),
            _ => None,
        }),
        infinite: false,
    }
}
