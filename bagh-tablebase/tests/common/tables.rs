//! Small rule sets, quiet build options and scratch paths for the table tests.

use std::path::PathBuf;

use bagh_core::{Point, Ruleset, TigerMoves};
use bagh_tablebase::BuildOptions;

/// Two threads, no callback.
pub fn quiet() -> BuildOptions {
    BuildOptions {
        threads: 2,
        ..BuildOptions::default()
    }
}

/// A rule set from the fields the table builds depend on.
pub fn rules(
    tigers: &[Point],
    goats: u8,
    target: u8,
    moves: TigerMoves,
    mandatory: bool,
    blocked_loses: bool,
) -> Ruleset {
    Ruleset::builder()
        .tigers(tigers.iter().copied())
        .goats(goats)
        .capture_target(target)
        .tiger_moves(moves)
        .mandatory_capture(mandatory)
        .blocked_side_loses(blocked_loses)
        .build()
        .unwrap()
}

/// A path for `name` in this test process's own scratch directory.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bagh-tablebase-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// [`temp_path`] with nothing there: what an earlier run left is removed.
pub fn fresh_path(name: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::remove_dir_all(&path).ok();
    path
}
