#![allow(dead_code)]
//! Small rule sets, their tables built in a temporary directory, and
//! positions sampled from seeded random games.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use bagh_core::{random_game, Game, Move, Point, Position, Repetition, Ruleset, TigerMoves};
use bagh_tablebase::{BuildOptions, Tablebase};

/// A small rule set: `tigers`, `goats`, `target`, with repetition
/// allowed (where the tables' values are exact for games too).
pub fn small(
    tigers: &[Point],
    goats: u8,
    target: u8,
    moves: TigerMoves,
    blocked_loses: bool,
) -> Ruleset {
    Ruleset::builder()
        .tigers(tigers.iter().copied())
        .goats(goats)
        .capture_target(target)
        .tiger_moves(moves)
        .blocked_side_loses(blocked_loses)
        .repetition(Repetition::Allowed)
        .build()
        .unwrap()
}

/// `rules` under `forbidden`, bagh-chal's repetition policy.
pub fn forbidden(rules: Ruleset) -> Ruleset {
    rules
        .to_builder()
        .repetition(Repetition::Forbidden)
        .build()
        .unwrap()
}

/// The tables of `rules` (both phases), built into a fresh temporary
/// directory, which is removed when the guard drops.
pub fn tables(rules: Ruleset) -> (Arc<Tablebase>, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let options = BuildOptions {
        threads: 2,
        ..BuildOptions::default()
    };
    let tables = Tablebase::build(rules, dir.path(), &options).unwrap();
    (Arc::new(tables), dir)
}

/// The tables of `rules`, built once for all the tests of a process.
pub fn shared_tables(rules: Ruleset) -> Arc<Tablebase> {
    static BUILT: Mutex<Vec<(Ruleset, Arc<Tablebase>)>> = Mutex::new(Vec::new());
    let mut built = BUILT.lock().unwrap();
    if let Some((_, tables)) = built.iter().find(|(r, _)| *r == rules) {
        return tables.clone();
    }
    let (tables, dir) = tables(rules);
    // The movement table is in memory and the layer files stay open, so the
    // directory can go now (on Windows its removal fails quietly).
    drop(dir);
    built.push((rules, tables.clone()));
    tables
}

/// Distinct positions met in seeded random games that satisfy `keep` and
/// are not over, up to `count`.
pub fn sample(rules: Ruleset, count: usize, keep: impl Fn(&Position) -> bool) -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for seed in 0..10_000u64 {
        let game = random_game(Position::new(rules), seed, 200);
        for position in game.positions() {
            if out.len() >= count {
                return out;
            }
            if !position.is_game_over() && keep(position) && seen.insert(position.to_string()) {
                out.push(*position);
            }
        }
    }
    out
}

/// The reverse of a step.
pub fn back(mv: Move) -> Option<Move> {
    match mv {
        Move::Step { from, to } => Some(Move::Step { from: to, to: from }),
        _ => None,
    }
}

/// A game that makes `mv` (a step of the side to move in `position`)
/// recreate a position of its history: it starts at the position after
/// `mv`, the opponent steps away and back around `mv` being undone, and
/// ends at `position` again. `None` when no opponent step fits.
pub fn history_against(position: &Position, mv: Move) -> Option<Game> {
    let after = position.play(mv).ok()?;
    for reply in after.legal_moves() {
        let (Some(undo), Some(reply_back)) = (back(mv), back(reply)) else {
            continue;
        };
        let mut game = Game::from_position(after);
        if game.push(reply).is_ok()
            && game.push(undo).is_ok()
            && game.push(reply_back).is_ok()
            && game.position() == position
        {
            return Some(game);
        }
    }
    None
}
