//! The package's own repetition rule: the third occurrence of a board.

use std::collections::HashMap;

use crate::{Game, Position, Side};

/// Whether the package's repetition rule ends `game` at its current board:
/// counting boards (the pieces alone, whichever side is to move) from the
/// one reached by the twentieth goat ply on, and the start board once, the
/// current board has occurred for the third time.
///
/// ```
/// use bagh_core::interop::baghchal;
/// use bagh_core::{Game, Move, Position};
///
/// // All goats placed, the tiger on e5 and the goat on b2 walk back and forth.
/// let start = Position::from_text("GGGTT/GGGG1/GGGGG/TG1GG/GTGGG t 0 1", baghchal::rules())?;
/// let mut game = Game::from_position(start);
/// for text in ["e5e4", "b2c2", "e4e5", "c2b2", "e5e4", "b2c2", "e4e5", "c2b2"] {
///     assert!(!baghchal::is_repetition_draw(&game));
///     game.push(text.parse::<Move>()?)?;
/// }
/// assert!(baghchal::is_repetition_draw(&game));
/// assert!(!game.is_game_over());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn is_repetition_draw(game: &Game) -> bool {
    let board = |position: &Position| (position.tigers().bits(), position.goats().bits());
    let goats = u32::from(game.rules().goats());
    let start = game.start();
    let mut goat_plies = goats - u32::from(start.goats_in_hand());
    let mut counts: HashMap<(u32, u32), usize> = HashMap::new();
    *counts.entry(board(start)).or_default() += 1;
    for (before, after) in game.positions().iter().zip(&game.positions()[1..]) {
        if before.side_to_move() == Side::Goat {
            goat_plies += 1;
        }
        if goat_plies >= goats {
            *counts.entry(board(after)).or_default() += 1;
        }
    }
    counts
        .get(&board(game.position()))
        .is_some_and(|count| *count >= 3)
}
