//! What the tablebase benchmarks share: positions from seeded random games.

use bagh_core::{Position, Ruleset};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// `count` positions with goats in hand and `count` without, met in random
/// games from `seed` (a quarter of the positions of a game are kept).
pub fn sample(rules: Ruleset, count: usize, seed: u64) -> (Vec<Position>, Vec<Position>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut placing, mut moving) = (Vec::new(), Vec::new());
    while placing.len() < count || moving.len() < count {
        let mut position = Position::new(rules);
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position
                .play(moves[rng.random_range(0..moves.len())])
                .unwrap();
            let list = if position.is_placement_phase() {
                &mut placing
            } else {
                &mut moving
            };
            if list.len() < count && rng.random_range(0..4) == 0 {
                list.push(position);
            }
            if !position.is_placement_phase() && rng.random_range(0..40) == 0 {
                break;
            }
        }
    }
    (placing, moving)
}
