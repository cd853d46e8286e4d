//! `bagh match`: two players of the engine (each a level or full
//! strength) play pairs of games from varied openings, each opening once
//! with either side (`bagh_engine::play_match`); the wins, draws and
//! losses of the first player give an Elo difference with a 95% interval.

use std::io::Write;
use std::time::Duration;

use bagh_engine::{
    format_elo, play_match, Engine, EngineOptions, EnginePlayer, Limits, MatchError, MatchGame,
    MatchOptions, Openings, Player,
};

use crate::engine_setup::{limits_of, open_tables, rules_of};
use crate::error::CliError;
use crate::MatchArgs;

/// A game longer than this is stopped and counted as a draw.
const MAX_PLIES: usize = 1_000;
/// The move time when no limit is given.
const DEFAULT_TIME: Duration = Duration::from_millis(100);

/// Player `label` at `level` (0: full strength, with the tables if any).
fn player(
    label: &str,
    level: u8,
    tables: Option<&std::sync::Arc<bagh_tablebase::Tablebase>>,
    limits: Limits,
) -> Result<EnginePlayer, CliError> {
    let level = (level > 0).then_some(level);
    let name = match level {
        Some(level) => format!("{label} (level {level})"),
        None if tables.is_some() => format!("{label} (full strength, tables)"),
        None => format!("{label} (full strength)"),
    };
    let engine = Engine::new(EngineOptions {
        level,
        tablebase: tables.cloned(),
        ..EngineOptions::default()
    })?;
    Ok(EnginePlayer::new(engine, limits).named(name))
}

/// Runs `bagh match`.
pub fn run(args: &MatchArgs) -> Result<(), CliError> {
    let tables = open_tables(args.tables.as_deref())?;
    let rules = rules_of(args.rules, tables.as_deref())?;
    let limits = limits_of(args.depth, args.nodes, args.time, DEFAULT_TIME);
    let mut a = player("A", args.level_a, tables.as_ref(), limits)?;
    let mut b = player("B", args.level_b, tables.as_ref(), limits)?;
    let mut records = match &args.out {
        Some(path) => Some(std::io::BufWriter::new(std::fs::File::create(path)?)),
        None => None,
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{} against {}, rules {rules}", a.name(), b.name())?;
    let options = MatchOptions {
        games: args.games,
        openings: Openings::Random {
            plies: args.opening_plies,
        },
        seed: args.seed,
        max_plies: MAX_PLIES,
    };
    let mut on_game = |played: &MatchGame| -> Result<(), MatchError> {
        let result = match played.game.outcome() {
            Some(outcome) => outcome.to_string(),
            None => format!("stopped after {MAX_PLIES} plies, counted as a draw"),
        };
        let output = |message: String| MatchError::Player {
            player: "bagh match".into(),
            message,
        };
        writeln!(
            out,
            "game {}: {} goats, {} tigers, {} opening plies: {result} in {} plies",
            played.round,
            played.goats,
            played.tigers,
            played.opening_plies,
            played.game.len()
        )
        .map_err(|e| output(format!("cannot write the report: {e}")))?;
        if let Some(file) = &mut records {
            let record = played.record().map_err(|e| output(e.to_string()))?;
            writeln!(file, "{record}")
                .map_err(|e| output(format!("cannot write the records: {e}")))?;
        }
        Ok(())
    };
    let report = play_match(rules, &mut a, &mut b, &options, &mut on_game)?;
    if let Some(mut file) = records {
        file.flush()?;
    }
    let tally = report.tally;
    let estimate = tally.elo();
    writeln!(
        out,
        "{} games, for A: {} wins, {} draws, {} losses, score {:.1}%",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score()
    )?;
    writeln!(
        out,
        "Elo difference A - B: {} (95% interval {} to {})",
        format_elo(estimate.difference),
        format_elo(estimate.low),
        format_elo(estimate.high)
    )?;
    Ok(())
}
