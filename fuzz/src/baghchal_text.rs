//! The `baghchal` package's texts: its position string (`B3B/5/5/5/B3B G 0`)
//! and its game text (` 1. G24 B5152 2. G44`).

use bagh_core::interop::baghchal;

use super::round_trip::as_text;

/// Reads the text as the package's position string and as its game text;
/// what reads writes back to text that reads to the same value, and the
/// written text is a fixed point.
pub fn run(data: &[u8]) {
    let Some(text) = as_text(data) else { return };
    let rules = baghchal::rules();
    if let Ok(read) = baghchal::read_position(text, rules) {
        let written = baghchal::write_position(&read.position, Some(read.goat_plies));
        let again = baghchal::read_position(&written, rules)
            .unwrap_or_else(|error| panic!("{written:?} does not read: {error}"));
        assert_eq!(again, read, "{written:?} reads to another position");
        assert_eq!(
            baghchal::write_position(&again.position, Some(again.goat_plies)),
            written
        );
    }
    if let Ok(game) = baghchal::read_game(text, rules) {
        let written = baghchal::write_game(&game)
            .unwrap_or_else(|error| panic!("a game read does not write: {error}"));
        let again = baghchal::read_game(&written, rules)
            .unwrap_or_else(|error| panic!("{written:?} does not read: {error}"));
        assert_eq!(again, game, "{written:?} reads to another game");
        assert_eq!(baghchal::write_game(&again).ok(), Some(written));
        let _ = baghchal::is_repetition_draw(&game);
    }
}
