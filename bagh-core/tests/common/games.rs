//! Seeded random games of the fast engine, for the tests that need games to
//! write, read or compare (this module, unlike `reference`, uses `bagh_core`).

use bagh_core::{Game, Position};

use super::reference::SplitMix64;

/// A game of uniformly random legal moves from `start`, at most `max_plies`
/// long, drawn from `rng`.
pub fn random_game(start: Position, rng: &mut SplitMix64, max_plies: usize) -> Game {
    let mut game = Game::from_position(start);
    while game.len() < max_plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.push(moves[rng.below(moves.len())])
            .expect("a listed move is legal");
    }
    game
}
