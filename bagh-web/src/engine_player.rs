//! Who plays the engine's move: a level, full strength, or perfect play by
//! the server's tables; the request's fields checked before any search.
//!
//! A level (1 to 20) is for people: levels 1 to 19 search to a depth of
//! their own and choose with some noise, so the time asked for only bounds
//! them; level 20 searches for the whole time and plays its best move, with
//! no tables. Perfect play is full strength with the tables: where they
//! answer (every position, with a whole game's tables) the move is one they
//! rate best. Without a level or `perfect`, the engine plays at full
//! strength, with the tables when they are of the game's rule set.

use std::sync::Arc;
use std::time::Duration;

use bagh_core::Ruleset;
use bagh_engine::EngineOptions;
use bagh_tablebase::Tablebase;
use serde::Deserialize;

use crate::error::ApiError;

use crate::api_engine::{checked_time, MAX_MOVE_MS};

/// The lowest and highest levels.
pub const LEVELS: std::ops::RangeInclusive<i64> = 1..=20;
/// The engine's time when none is asked for, in milliseconds.
pub const DEFAULT_MOVE_MS: u64 = 500;

/// The body of `POST /api/games/{id}/engine`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct EngineMove {
    /// A level from 1 to 20 (read as any integer, so that one out of range
    /// is refused with the range rather than as a bad type).
    pub level: Option<i64>,
    /// Perfect play by the server's tables (not with a level).
    pub perfect: Option<bool>,
    /// Thinking time in milliseconds, 1 to 10000 (default 500).
    pub time_ms: Option<u64>,
}

/// The request's player, its fields checked: a level in range, not both a
/// level and perfect play, and a time in range.
pub struct Checked {
    level: Option<u8>,
    perfect: bool,
    /// The time the engine is given.
    pub time: Duration,
}

impl EngineMove {
    /// The request checked (400 with the field and its range otherwise).
    pub fn check(&self) -> Result<Checked, ApiError> {
        let time = checked_time(self.time_ms, DEFAULT_MOVE_MS, MAX_MOVE_MS)?;
        let level = match self.level {
            None => None,
            Some(level) => match u8::try_from(level) {
                Ok(level) if LEVELS.contains(&i64::from(level)) => Some(level),
                _ => {
                    return Err(ApiError::bad_request(format!(
                        "level: {level} is not in {}..={}",
                        LEVELS.start(),
                        LEVELS.end()
                    )))
                }
            },
        };
        let perfect = self.perfect.unwrap_or(false);
        if perfect && level.is_some() {
            return Err(ApiError::bad_request(
                "perfect: perfect play has no level; ask for one or the other",
            ));
        }
        Ok(Checked {
            level,
            perfect,
            time,
        })
    }
}

impl Checked {
    /// The engine's options for a game under `rules` on a server with
    /// `tables`, seeded by `seed`. Perfect play needs tables of the game's
    /// rule set (409 otherwise: the request is valid, the server cannot
    /// answer it); full strength uses them when they fit, a level never.
    pub fn options(
        &self,
        tables: Option<&Arc<Tablebase>>,
        rules: &Ruleset,
        seed: u64,
    ) -> Result<EngineOptions, ApiError> {
        let fitting = tables.filter(|t| t.rules() == rules).cloned();
        if self.perfect && fitting.is_none() {
            return Err(ApiError::conflict(match tables {
                None => "perfect: this server has no tables; start it with bagh serve --tables DIR"
                    .to_string(),
                Some(t) => format!(
                    "perfect: the server's tables are of {}, not of this game's rules ({rules})",
                    t.rules()
                ),
            }));
        }
        Ok(EngineOptions {
            level: self.level,
            seed,
            tablebase: if self.level.is_none() { fitting } else { None },
            ..EngineOptions::default()
        })
    }
}
