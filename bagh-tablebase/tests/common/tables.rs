//! Small rule sets and quiet build options for the table tests.

use bagh_core::{BuildOptions, Point, Ruleset, TigerMoves};

/// Two threads, no progress bar.
pub fn quiet() -> BuildOptions {
    BuildOptions {
        progress_bar: false,
        threads: 2,
        ..BuildOptions::default()
    }
}

/// A rule set from the fields the table builds depend on.
pub fn rules(
    tigers: &[Point],
    goats: u32,
    target: u32,
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
