//! Legal-action masks: `true` at the action of every legal move.
//!
//! ```
//! use bagh_core::{Game, Position};
//! use bagh_rl::{legal_mask, NUM_ACTIONS};
//!
//! let start = Position::default();
//! let mask = legal_mask(&start);
//! assert_eq!(mask.len(), NUM_ACTIONS);
//! assert_eq!(mask.iter().filter(|legal| **legal).count(), 21); // 21 empty points
//!
//! // A game's mask honours its repetition policy and its end.
//! let mut out = [true; NUM_ACTIONS];
//! bagh_rl::write_game_mask(&Game::default(), &mut out);
//! assert_eq!(out, mask);
//! ```

use bagh_core::{Game, Move, Position};

use crate::{encode, NUM_ACTIONS};

/// Sets `out` (of length [`NUM_ACTIONS`]) to the mask of `moves`: `true`
/// at each move's action, `false` elsewhere.
#[inline]
pub fn write_mask(moves: &[Move], out: &mut [bool]) {
    out.fill(false);
    for mv in moves {
        if let Some(slot) = out.get_mut(encode(*mv)) {
            *slot = true;
        }
    }
}

/// Sets `out` to the mask of the position's legal moves (no history: see
/// [`write_game_mask`]).
pub fn write_position_mask(position: &Position, out: &mut [bool]) {
    write_mask(&position.legal_moves(), out);
}

/// Sets `out` to the mask of the game's legal moves: none once the game is
/// over, and without the moves the repetition policy forbids.
pub fn write_game_mask(game: &Game, out: &mut [bool]) {
    write_mask(&game.legal_moves(), out);
}

/// The mask of a position's legal moves, as an array.
pub fn legal_mask(position: &Position) -> [bool; NUM_ACTIONS] {
    let mut mask = [false; NUM_ACTIONS];
    write_position_mask(position, &mut mask);
    mask
}
