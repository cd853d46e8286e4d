//! Win, draw and loss counts of the placement layers, up to symmetry.

use super::file::Values;
use super::runs::{runs, DRAW, LOSS, WIN};
use crate::layout::indexing::next_subset;
use crate::layout::Layout;

/// Wins, draws and losses of the goats to move, over the positions with one
/// number of goats placed and captured (distinct up to the board's
/// symmetries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementLayerStatistics {
    /// Goats placed.
    pub placed: u8,
    /// Goats captured.
    pub captured: u8,
    /// Positions up to symmetry.
    pub positions: u64,
    /// Positions the goats (to move) win.
    pub wins: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Positions the goats lose.
    pub losses: u64,
}

/// The counts of all the placement layers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacementStatistics {
    /// By goats placed, then goats captured.
    pub layers: Vec<PlacementLayerStatistics>,
    /// Positions up to symmetry, in all (goats to move).
    pub positions: u64,
}

/// Counts one layer's runs, each position once up to symmetry.
pub(super) fn count_layer(
    layout: &Layout,
    placed: u32,
    layer: &[Values],
) -> Vec<PlacementLayerStatistics> {
    let mut out = Vec::new();
    for (run, values) in runs(layout, placed).iter().zip(layer) {
        let count_rep = |rep: usize| -> [u64; 3] {
            let mut counts = [0u64; 3];
            let tigers = &layout.reps[rep];
            let base = rep as u64 * run.len;
            let mut compact: u32 = (1u32 << run.goats) - 1;
            for rank in 0..run.len {
                if tigers.stabilizer == 1
                    || Layout::is_canonical(tigers, layout.expand(tigers, compact))
                {
                    counts[usize::from(values.get(base + rank).min(WIN))] += 1;
                }
                if run.goats > 0 {
                    compact = next_subset(compact);
                }
            }
            counts
        };
        let add = |a: [u64; 3], b: [u64; 3]| [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
        #[cfg(feature = "parallel")]
        let counts = {
            use rayon::prelude::*;
            (0..layout.reps.len())
                .into_par_iter()
                .map(count_rep)
                .reduce(|| [0; 3], add)
        };
        #[cfg(not(feature = "parallel"))]
        let counts = (0..layout.reps.len()).map(count_rep).fold([0; 3], add);
        out.push(PlacementLayerStatistics {
            placed: placed as u8,
            captured: run.captured,
            positions: counts.iter().sum(),
            wins: counts[usize::from(WIN)],
            draws: counts[usize::from(DRAW)],
            losses: counts[usize::from(LOSS)],
        });
    }
    out
}
