//! The caller's buffers, one row per environment, checked and split
//! among the worker threads.

use crate::{EnvError, NUM_ACTIONS, OBSERVATION_SIZE};

/// The caller's buffers, one row per environment: observations
/// (`num_envs` × [`OBSERVATION_SIZE`]), masks (`num_envs` × [`NUM_ACTIONS`]),
/// the side to move (0 goats, 1 tigers), rewards and the two flags.
#[derive(Debug)]
pub struct Buffers<'a> {
    /// Observations, flat.
    pub observations: &'a mut [f32],
    /// Legal-action masks, flat.
    pub masks: &'a mut [bool],
    /// The side to move: 0 goats, 1 tigers.
    pub to_play: &'a mut [i8],
    /// Rewards of the last step.
    pub rewards: &'a mut [f32],
    /// Whether the last step ended the game.
    pub terminated: &'a mut [bool],
    /// Whether the last step reached the ply limit.
    pub truncated: &'a mut [bool],
}

impl Buffers<'_> {
    pub(crate) fn check(&self, n: usize) -> Result<(), EnvError> {
        let lengths = [
            (
                "observations",
                self.observations.len(),
                n * OBSERVATION_SIZE,
            ),
            ("masks", self.masks.len(), n * NUM_ACTIONS),
            ("to_play", self.to_play.len(), n),
            ("rewards", self.rewards.len(), n),
            ("terminated", self.terminated.len(), n),
            ("truncated", self.truncated.len(), n),
        ];
        for (what, got, expected) in lengths {
            if got != expected {
                return Err(EnvError::Length {
                    what,
                    expected,
                    got,
                });
            }
        }
        Ok(())
    }
}

/// Splits buffers after `len` rows.
pub(crate) fn split(buffers: Buffers<'_>, len: usize) -> (Buffers<'_>, Buffers<'_>) {
    let (o1, o2) = buffers.observations.split_at_mut(len * OBSERVATION_SIZE);
    let (m1, m2) = buffers.masks.split_at_mut(len * NUM_ACTIONS);
    let (p1, p2) = buffers.to_play.split_at_mut(len);
    let (r1, r2) = buffers.rewards.split_at_mut(len);
    let (x1, x2) = buffers.terminated.split_at_mut(len);
    let (t1, t2) = buffers.truncated.split_at_mut(len);
    (
        Buffers {
            observations: o1,
            masks: m1,
            to_play: p1,
            rewards: r1,
            terminated: x1,
            truncated: t1,
        },
        Buffers {
            observations: o2,
            masks: m2,
            to_play: p2,
            rewards: r2,
            terminated: x2,
            truncated: t2,
        },
    )
}
