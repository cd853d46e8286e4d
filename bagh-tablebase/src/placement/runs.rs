//! How the placement layers number their entries.
//!
//! A layer holds the positions with `p` goats placed and the goats to move,
//! one run per captured count `c` (so `p - c` goats on the board). Inside a
//! run, positions are numbered like the movement table's (see `layout`): a
//! tiger set's representative under the eight symmetries, then the rank of
//! the goats' image among the points free of tigers. Every entry of a run
//! is stored, also those that are images of others under a symmetric tiger
//! set, so a lookup may use any symmetry that maps the tigers onto their
//! representative.

use crate::layout::fold::image;
use crate::layout::indexing::{binomial, colex_rank, rank_among_free};
use crate::layout::Layout;
use crate::Value;

/// Goats' values as stored: loss, draw, win for the goats.
pub(crate) const LOSS: u8 = 0;
pub(crate) const DRAW: u8 = 1;
pub(crate) const WIN: u8 = 2;

/// The value for the goats (to move) that a stored value stands for.
pub(crate) fn to_value(stored: u8) -> Value {
    match stored {
        LOSS => Value::Loss,
        DRAW => Value::Draw,
        _ => Value::Win,
    }
}

/// The shape of one run of a layer: captured count and goats on the board.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Run {
    pub captured: u8,
    pub goats: u32,
    /// Entries per tiger representative.
    pub len: u64,
}

/// The runs of the layer with `placed` goats placed (goats to move).
pub(crate) fn runs(layout: &Layout, placed: u32) -> Vec<Run> {
    (0..layout.rules.capture_target())
        .take_while(|&c| u32::from(c) <= placed)
        .map(|c| {
            let goats = placed - u32::from(c);
            Run {
                captured: c,
                goats,
                len: binomial(layout.free, goats),
            }
        })
        .collect()
}

/// The entries of each run of the layer with `placed` goats placed.
pub(crate) fn run_sizes(layout: &Layout, placed: u32) -> Vec<u64> {
    let reps = layout.reps.len() as u64;
    runs(layout, placed).iter().map(|r| r.len * reps).collect()
}

/// The number of entries of the layers with these numbers of goats placed.
pub(crate) fn count_entries(layout: &Layout, placed: impl Iterator<Item = u32>) -> u64 {
    placed.flat_map(|p| run_sizes(layout, p)).sum()
}

/// The bytes of the values of the layer with `placed` goats placed.
pub(crate) fn layer_bytes(layout: &Layout, placed: u32) -> u64 {
    run_sizes(layout, placed)
        .iter()
        .map(|entries| entries.div_ceil(32) * 8)
        .sum()
}

/// The entry of the goats-to-move position with these sets in a run of
/// `run_len` entries per tiger representative: the representative of the
/// tigers, then the rank of the goats' image among its free points.
#[inline]
pub(crate) fn entry_index(layout: &Layout, tigers: u32, goats: u32, run_len: u64) -> u64 {
    let code = layout.lookup[colex_rank(tigers) as usize];
    let rep = (code >> 8) as usize;
    let symmetry = (code as u8).trailing_zeros() as usize;
    rep as u64 * run_len + rank_among_free(layout.reps[rep].bits, image(symmetry, goats))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_values_decode() {
        assert_eq!(to_value(LOSS), Value::Loss);
        assert_eq!(to_value(DRAW), Value::Draw);
        assert_eq!(to_value(WIN), Value::Win);
    }
}
