//! Perft: the number of leaves of the legal-move tree, the standard check of a
//! move generator.
//!
//! ```
//! use bagh_core::{perft, Position};
//!
//! assert_eq!(perft(&Position::default(), 3), 5_052); // the published reference figure
//! ```

use crate::{Move, Position};

/// The deepest perft the front ends accept (the command line, C and Node).
/// Depth 12 from the start already runs for hours, and a position knows no
/// history, so a larger depth in the movement phase would never end.
pub const MAX_PERFT_DEPTH: u32 = 32;

/// The number of move sequences of exactly `depth` plies from `position`
/// (1 at depth 0). It counts the history-free [`Position`]'s legal moves, so a
/// finished position has none. The last ply is counted, not played.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut next = *position;
                next.play_unchecked(mv);
                perft(&next, depth - 1)
            })
            .sum(),
    }
}

/// Perft of each legal move (at `depth - 1` after it), in move order.
/// Their sum is `perft(position, depth)`; `depth` 0 gives no moves.
pub fn perft_divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = *position;
            next.play_unchecked(mv);
            (mv, perft(&next, depth - 1))
        })
        .collect()
}

/// [`perft_divide`] with the subtrees shared among `threads` threads (0 means
/// one per core). Each root move's count is the same as the one-thread figure.
#[cfg(feature = "parallel")]
pub fn perft_divide_parallel(position: &Position, depth: u32, threads: usize) -> Vec<(Move, u64)> {
    use rayon::prelude::*;

    if depth == 0 {
        return Vec::new();
    }
    let work = || {
        let roots: Vec<Move> = position.legal_moves().to_vec();
        roots
            .par_iter()
            .map(|&mv| {
                let mut next = *position;
                next.play_unchecked(mv);
                // Split one level further so that 2..=8 threads stay busy with few roots.
                let count = if depth >= 3 {
                    next.legal_moves()
                        .to_vec()
                        .par_iter()
                        .map(|&reply| {
                            let mut leaf = next;
                            leaf.play_unchecked(reply);
                            perft(&leaf, depth - 2)
                        })
                        .sum()
                } else {
                    perft(&next, depth - 1)
                };
                (mv, count)
            })
            .collect()
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// [`perft`] on `threads` threads (0 means one per core).
#[cfg(feature = "parallel")]
pub fn perft_parallel(position: &Position, depth: u32, threads: usize) -> u64 {
    if depth <= 1 {
        return perft(position, depth);
    }
    perft_divide_parallel(position, depth, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}
