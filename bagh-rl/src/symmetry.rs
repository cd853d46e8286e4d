//! The eight board symmetries as index maps over observations and actions,
//! for augmenting (observation, policy) pairs by fancy indexing.
//!
//! ```
//! use bagh_core::{Position, Symmetry};
//! use bagh_rl::{legal_mask, observation, symmetries};
//!
//! let position: Position = "T3T/5/2G2/5/T3T t 19 0".parse()?;
//! for maps in symmetries() {
//!     let image = maps.symmetry.apply_position(&position);
//!     // The image's mask and observation are the original's, re-indexed.
//!     let (mask, obs) = (legal_mask(&position), observation(&position));
//!     assert!(maps.actions.iter().zip(legal_mask(&image)).all(|(&a, m)| mask[a as usize] == m));
//!     assert!(maps.observation.iter().zip(observation(&image)).all(|(&i, o)| obs[i as usize] == o));
//! }
//! # Ok::<(), bagh_core::ParseError>(())
//! ```

use bagh_core::{Point, Symmetry};

use crate::{action_points, points_action, ActionPoints, NUM_ACTIONS, OBSERVATION_SIZE};

/// One symmetry's index maps. For a position `p` and its image
/// `q = symmetry.apply_position(p)`:
/// `observation(q)[i] == observation(p)[observation[i]]` and
/// `mask(q)[a] == mask(p)[actions[a]]`, and so for a policy over actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryMaps {
    /// The symmetry.
    pub symmetry: Symmetry,
    /// `points[i]`: the point whose image is point `i`.
    pub points: [u16; 25],
    /// The map over the flat observation (planes × 25 points).
    pub observation: Vec<u16>,
    /// The map over actions.
    pub actions: Vec<u16>,
}

/// The maps of one symmetry.
pub fn symmetry_maps(symmetry: Symmetry) -> SymmetryMaps {
    let inverse = symmetry.inverse();
    let source = |point: Point| inverse.apply(point);
    let points: [u16; 25] = std::array::from_fn(|i| source(Point::ALL[i]).index() as u16);
    let observation = (0..OBSERVATION_SIZE)
        .map(|i| (i / 25 * 25) as u16 + points[i % 25])
        .collect();
    let actions = (0..NUM_ACTIONS)
        .map(|action| {
            let original = match action_points(action) {
                Some(ActionPoints::Place(to)) => ActionPoints::Place(source(to)),
                Some(ActionPoints::Pair { from, to }) => ActionPoints::Pair {
                    from: source(from),
                    to: source(to),
                },
                None => return action as u16,
            };
            // Symmetries map lines onto lines, so the pair has an action.
            points_action(original).unwrap_or(action) as u16
        })
        .collect();
    SymmetryMaps {
        symmetry,
        points,
        observation,
        actions,
    }
}

/// The maps of all eight symmetries, identity first (in the order of
/// [`Symmetry::ALL`]).
pub fn symmetries() -> Vec<SymmetryMaps> {
    Symmetry::ALL.into_iter().map(symmetry_maps).collect()
}
