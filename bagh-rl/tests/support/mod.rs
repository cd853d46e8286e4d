//! What the benchmark's tests share: the tables of a small rule set, built
//! in a temporary directory, the options of a short measurement, and the
//! agents whose reports a test can foretell.
#![allow(dead_code)]

use std::sync::Arc;

use bagh_core::{Game, Move, Ruleset};
use bagh_engine::PerfectPlayer;
use bagh_rl::benchmark::{BenchmarkOptions, BenchmarkReport, Rate};
use bagh_tablebase::{BuildOptions, Tablebase};
use tempfile::TempDir;

/// The tables of `rules` (a rule set's text form), built in a directory
/// that lasts as long as the value returned with them.
pub fn tables(rules: &str) -> (TempDir, Arc<Tablebase>) {
    let rules: Ruleset = rules.parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let tables = Tablebase::build(rules, dir.path(), &BuildOptions::default()).unwrap();
    (dir, Arc::new(tables))
}

/// A short measurement: `positions` critical positions, `games` games
/// against each opponent, the agent asked `batch` boards at a time.
pub fn options(positions: usize, games: usize, seed: u64, batch: usize) -> BenchmarkOptions {
    BenchmarkOptions {
        positions,
        games,
        seed,
        batch,
        ..BenchmarkOptions::default()
    }
}

/// An agent that plays a best move of the tables among each game's legal
/// moves (which leave out the ones the history bans).
pub fn perfect(tables: &Tablebase) -> impl FnMut(&[&Game]) -> Result<Vec<Move>, ()> + '_ {
    move |games: &[&Game]| {
        Ok(games
            .iter()
            .map(|g| PerfectPlayer::perfect_moves(tables, g).unwrap()[0])
            .collect())
    }
}

/// An agent that plays each game's first legal move.
pub fn first(games: &[&Game]) -> Result<Vec<Move>, ()> {
    Ok(games.iter().map(|g| g.legal_moves()[0]).collect())
}

/// Checks what a perfect agent's report must say: every one of the
/// `positions` critical positions kept, no slip.
pub fn assert_perfect(report: &BenchmarkReport, positions: u64) {
    assert_eq!(
        report.critical_all(),
        Rate {
            count: positions,
            total: positions
        }
    );
    assert_eq!(report.losing_moves.count, 0);
}
