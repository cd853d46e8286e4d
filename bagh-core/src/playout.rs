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
///
/// Returns the [`Game`]: its start, the moves played (`game.moves()`,
/// `game.len()` plies), and its [`Game::outcome`], `None` when it stopped
/// unfinished at `max_plies`. The same `start`, `seed` and `max_plies`
/// give the same game.
///
/// ```
/// use bagh_core::{random_game, Position, Ruleset};
///
/// let game = random_game(Position::new(Ruleset::default()), 1, 4);
/// assert_eq!(game.len(), 4); // no game of bagh-chal ends that soon
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.position().goats_in_hand(), 18); // two moves each side
/// ```
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
