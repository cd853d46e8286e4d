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

use crate::{Game, Position};

/// SplitMix64: a small, fast, well-mixed generator. It is part of the
/// contract that a seed gives the same game on every platform and version
/// of this crate's 0.x series, so it is written out here rather than taken
/// from a crate whose streams may change.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), by the multiply-shift reduction.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

/// A game of uniformly random legal moves from `start` (the repetition
/// policy honoured), until it ends or `max_plies` plies are played.
pub fn random_game(start: Position, seed: u64, max_plies: u32) -> Game {
    let mut rng = SplitMix64(seed);
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
