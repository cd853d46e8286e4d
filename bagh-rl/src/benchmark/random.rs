//! Random play, the benchmark's lowest reference row.

use bagh_core::{Game, Move, SplitMix64};

/// A uniformly random legal move of `game`, drawn from `seed`, the game's
/// position key and its length: the same seed and game always give the same
/// move, whatever else the agent was asked before, so that a measurement
/// split into parts ([`super::Part`]) plays as the whole does. `None` when
/// the game has no legal move.
///
/// ```
/// use bagh_core::Game;
/// use bagh_rl::benchmark::random_move;
///
/// let game = Game::default();
/// let mv = random_move(7, &game).unwrap();
/// assert!(game.is_legal(mv));
/// assert_eq!(random_move(7, &game), Some(mv));
/// ```
pub fn random_move(seed: u64, game: &Game) -> Option<Move> {
    let moves = game.legal_moves();
    if moves.is_empty() {
        return None;
    }
    // The mix of the engine's levels, with the key turned another way so
    // that the two draws are not the same numbers.
    let mut rng = SplitMix64::new(
        seed ^ game.zobrist().rotate_left(29)
            ^ (game.len() as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93),
    );
    Some(moves[rng.below(moves.len())])
}
