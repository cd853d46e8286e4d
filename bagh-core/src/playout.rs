//! Random playouts: a game of uniformly random legal moves, reproducible
//! from a seed, for statistics, tests and as a baseline opponent.
//!
//! ```
//! use bagh_core::{random_game, Position, Ruleset};
//!
//! let game = random_game(Position::new(Ruleset::default()), 7, 1_000);
//! assert!(game.len() <= 1_000);
//! assert_eq!(game, random_game(Position::new(Ruleset::default()), 7, 1_000));
//! if let Some(outcome) = game.outcome() {
//!     println!("{} after {} plies", outcome, game.len());
//! }
//! ```

use crate::{Game, Position, SplitMix64};

/// A game of uniformly random legal moves from `start` (the repetition
/// policy honoured), until it ends or `max_plies` plies are played.
pub fn random_game(start: Position, seed: u64, max_plies: u32) -> Game {
    let mut rng = SplitMix64::new(seed);
    let mut game = Game::from_position(start);
    for _ in 0..max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.push_unchecked(moves[rng.below(moves.len())]);
    }
    game
}
