//! A ready evaluator for [`Mcts`](crate::Mcts): the engine's evaluation
//! network, read from the observations the search hands out.
//!
//! ```
//! use bagh_core::{Position, Ruleset};
//! use bagh_rl::{write_position_observation, NetworkEvaluator, OBSERVATION_SIZE};
//!
//! let evaluator = NetworkEvaluator::shipped(Ruleset::default()).expect("bagh-chal ships a network");
//! let mut observations = vec![0.0; 2 * OBSERVATION_SIZE];
//! let start = Position::new(Ruleset::default());
//! write_position_observation(&start, &mut observations[..OBSERVATION_SIZE]);
//! write_position_observation(&start, &mut observations[OBSERVATION_SIZE..]);
//! let mut values = [0.0; 2];
//! evaluator.values(&observations, &mut values)?;
//! assert!(values[0] > -1.0 && values[0] < 1.0 && values[0] == values[1]);
//! # Ok::<(), bagh_rl::EnvError>(())
//! ```

use std::sync::Arc;

use bagh_core::{Point, PointSet, Position, Ruleset, Setup, Side};
use bagh_engine::network::Network;

use crate::observation::plane;
use crate::{EnvError, OBSERVATION_SIZE};

/// Values for the side to move (P(win) − P(loss) by the network) of a
/// batch of observations.
#[derive(Clone, Debug)]
pub struct NetworkEvaluator {
    network: Arc<Network>,
    rules: Ruleset,
}

impl NetworkEvaluator {
    /// The network that ships for `rules`, if any.
    pub fn shipped(rules: Ruleset) -> Option<NetworkEvaluator> {
        Network::shipped(&rules).map(|network| NetworkEvaluator { network, rules })
    }

    /// `network` for observations of `rules`.
    ///
    /// Errors: the network was trained for another rule set.
    pub fn new(network: Arc<Network>, rules: Ruleset) -> Result<NetworkEvaluator, EnvError> {
        if network.rules() != rules.to_string() {
            return Err(EnvError::Invalid {
                name: "network",
                reason: format!(
                    "trained for rule set {:?}, the observations are of {:?}",
                    network.rules(),
                    rules.to_string()
                ),
            });
        }
        Ok(NetworkEvaluator { network, rules })
    }

    /// The rule set of the observations.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Writes into `values[i]` the value of observation `i` of
    /// `observations` (each [`OBSERVATION_SIZE`] floats) for its side to
    /// move, from −1 (a sure loss) to 1 (a sure win).
    ///
    /// Errors: the lengths disagree, or an observation is not one of a
    /// position of the rule set (its index says which).
    pub fn values(&self, observations: &[f32], values: &mut [f32]) -> Result<(), EnvError> {
        if observations.len() != values.len() * OBSERVATION_SIZE {
            return Err(EnvError::Length {
                what: "observations",
                expected: values.len() * OBSERVATION_SIZE,
                got: observations.len(),
            });
        }
        for (i, (obs, value)) in observations
            .chunks_exact(OBSERVATION_SIZE)
            .zip(values.iter_mut())
            .enumerate()
        {
            let position =
                position_from_observation(obs, self.rules).ok_or_else(|| EnvError::Invalid {
                    name: "observations",
                    reason: format!("observation {i} is not a position of {}", self.rules),
                })?;
            let wdl = self.network.wdl(&position);
            *value = wdl.win - wdl.loss;
        }
        Ok(())
    }
}

/// The position an observation of [`write_position_observation`](crate::write_position_observation)
/// describes under `rules`, or `None` if it describes none.
pub fn position_from_observation(obs: &[f32], rules: Ruleset) -> Option<Position> {
    if obs.len() < OBSERVATION_SIZE {
        return None;
    }
    let set = |plane: usize| -> PointSet {
        (0..25)
            .filter(|&i| obs[plane * 25 + i] > 0.5)
            .filter_map(Point::from_index)
            .collect()
    };
    let count = |plane: usize, of: u8| (obs[plane * 25] * f32::from(of)).round();
    let in_hand = count(plane::IN_HAND, rules.goats());
    let captured = count(plane::CAPTURED, rules.capture_target());
    if !(0.0..=255.0).contains(&in_hand) || !(0.0..=255.0).contains(&captured) {
        return None;
    }
    let setup = Setup {
        tigers: set(plane::TIGERS),
        goats: set(plane::GOATS),
        side: if obs[plane::GOATS_TO_MOVE * 25] > 0.5 {
            Side::Goat
        } else {
            Side::Tiger
        },
        goats_in_hand: in_hand as u8,
        goats_captured: captured as u8,
    };
    Position::from_setup(setup, rules).ok()
}

#[cfg(test)]
mod tests {
    use bagh_core::random_game;

    use super::*;
    use crate::write_position_observation;

    #[test]
    fn observations_read_back_as_their_positions() {
        for id in ["bagh-chal", "two-tigers", "bagh-chal-blocked-loses"] {
            let rules = Ruleset::preset(id).unwrap();
            for seed in 0..20 {
                for position in random_game(Position::new(rules), seed, 120).positions() {
                    let mut obs = vec![0.0; OBSERVATION_SIZE];
                    write_position_observation(position, &mut obs);
                    assert_eq!(
                        position_from_observation(&obs, rules).as_ref(),
                        Some(position)
                    );
                }
            }
        }
    }

    #[test]
    fn values_are_the_networks_and_bad_input_is_an_error() {
        let rules = Ruleset::default();
        let evaluator = NetworkEvaluator::shipped(rules).unwrap();
        let network = Network::shipped(&rules).unwrap();
        let game = random_game(Position::new(rules), 5, 40);
        let positions = game.positions();
        let mut obs = vec![0.0; positions.len() * OBSERVATION_SIZE];
        for (p, chunk) in positions.iter().zip(obs.chunks_exact_mut(OBSERVATION_SIZE)) {
            write_position_observation(p, chunk);
        }
        let mut values = vec![0.0; positions.len()];
        evaluator.values(&obs, &mut values).unwrap();
        for (p, v) in positions.iter().zip(&values) {
            let wdl = network.wdl(p);
            assert_eq!(*v, wdl.win - wdl.loss);
        }
        assert!(matches!(
            evaluator.values(&obs[1..], &mut values),
            Err(EnvError::Length { .. })
        ));
        obs[..25].fill(1.0); // tigers everywhere
        let error = evaluator.values(&obs, &mut values).unwrap_err();
        assert!(error.to_string().contains("observation 0"), "{error}");
        let other = Ruleset::preset("two-tigers").unwrap();
        assert!(NetworkEvaluator::new(network, other).is_err());
    }
}
