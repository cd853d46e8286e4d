//! The symmetry maps: the mask and the observation of a transformed
//! position are the original's, re-indexed.

use bagh_core::{Game, Ruleset, SplitMix64, Symmetry};
use bagh_rl::{legal_mask, observation, symmetries, NUM_ACTIONS, OBSERVATION_SIZE};

#[test]
fn maps_are_permutations_and_identity_comes_first() {
    let maps = symmetries();
    assert_eq!(maps.len(), 8);
    assert_eq!(maps[0].symmetry, Symmetry::Identity);
    assert!(maps[0]
        .actions
        .iter()
        .enumerate()
        .all(|(i, a)| usize::from(*a) == i));
    for map in &maps {
        let mut actions: Vec<u16> = map.actions.clone();
        actions.sort_unstable();
        assert!(actions
            .iter()
            .enumerate()
            .all(|(i, a)| usize::from(*a) == i));
        assert_eq!(actions.len(), NUM_ACTIONS);
        let mut obs = map.observation.clone();
        obs.sort_unstable();
        assert!(obs.iter().enumerate().all(|(i, o)| usize::from(*o) == i));
        assert_eq!(obs.len(), OBSERVATION_SIZE);
    }
}

#[test]
fn masks_map_to_the_masks_of_transformed_positions() {
    let maps = symmetries();
    let mut rng = SplitMix64::new(11);
    for (_, rules) in Ruleset::presets() {
        for _ in 0..30 {
            let mut game = Game::new(rules);
            for _ in 0..rng.below(80) {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.push_unchecked(moves[rng.below(moves.len())]);
            }
            for position in game.positions() {
                let (mask, obs) = (legal_mask(position), observation(position));
                for map in &maps {
                    let image = map.symmetry.apply_position(position);
                    let image_mask = legal_mask(&image);
                    for (a, &from) in map.actions.iter().enumerate() {
                        assert_eq!(image_mask[a], mask[usize::from(from)]);
                    }
                    let image_obs = observation(&image);
                    for (i, &from) in map.observation.iter().enumerate() {
                        assert_eq!(image_obs[i], obs[usize::from(from)]);
                    }
                    // And a move's image has the mapped action.
                    for mv in position.legal_moves() {
                        let moved = bagh_rl::encode(map.symmetry.apply_move(mv));
                        assert_eq!(usize::from(map.actions[moved]), bagh_rl::encode(mv));
                    }
                }
            }
        }
    }
}
