//! `bagh_perft`: the number of move paths to a depth, the check that a
//! move generator counts what the rules allow (the figures of docs/rules.md, "Counting moves: perft").

use bagh_core::{perft, perft_divide};

use crate::bagh_result;
use crate::failure::{guard, Failure};
use crate::moves::{bagh_move, write_moves};
use crate::pointers::{borrow, Out};
use crate::position::bagh_position;

/// The deepest perft this call accepts: depth 12 from the start already
/// runs for hours.
pub const BAGH_MAX_PERFT_DEPTH: u32 = 32;
const _: () = assert!(BAGH_MAX_PERFT_DEPTH == bagh_core::MAX_PERFT_DEPTH);

/// The number of legal move sequences of `depth` plies from `position`
/// (a finished game has none), counted on this thread.
///
/// ```c
/// uint64_t nodes;
/// bagh_perft(start, 5, &nodes);  // 1304788 from the bagh-chal start
/// ```
///
/// # Safety
///
/// `position` is a live handle; `nodes_out` points to a `uint64_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_perft(
    position: *const bagh_position,
    depth: u32,
    nodes_out: *mut u64,
) -> bagh_result {
    guard(|| {
        let out = Out::new(nodes_out, "nodes_out")?;
        let position = unsafe { borrow(position, "position")? };
        if depth > BAGH_MAX_PERFT_DEPTH {
            return Err(Failure::invalid(format!(
                "depth {depth} is above BAGH_MAX_PERFT_DEPTH ({BAGH_MAX_PERFT_DEPTH})"
            )));
        }
        unsafe { out.write(perft(&position.0, depth)) };
        Ok(())
    })
}

/// Perft split by first move: each legal move into `moves` and the paths
/// of `depth` plies that start with it into `nodes` (same index), their
/// number into `count`, as `bagh_position_legal_moves` (both arrays of
/// `capacity`; `BAGH_MAX_MOVES` always suffices). `depth` is at least 1.
///
/// # Safety
///
/// `position` is a live handle; `moves` and `nodes` point to `capacity`
/// writable elements; `count` to a `size_t`.
#[no_mangle]
pub unsafe extern "C" fn bagh_perft_divide(
    position: *const bagh_position,
    depth: u32,
    moves: *mut bagh_move,
    nodes: *mut u64,
    capacity: usize,
    count: *mut usize,
) -> bagh_result {
    guard(|| {
        let position = unsafe { borrow(position, "position")? };
        if !(1..=BAGH_MAX_PERFT_DEPTH).contains(&depth) {
            return Err(Failure::invalid(format!(
                "depth {depth} is not in 1..=BAGH_MAX_PERFT_DEPTH ({BAGH_MAX_PERFT_DEPTH})"
            )));
        }
        if nodes.is_null() && capacity > 0 {
            return Err(Failure::null("nodes"));
        }
        let split = perft_divide(&position.0, depth);
        let first_moves: Vec<_> = split.iter().map(|&(mv, _)| mv).collect();
        unsafe { write_moves(&first_moves, moves, capacity, count)? };
        for (index, &(_, paths)) in split.iter().enumerate() {
            unsafe { nodes.add(index).write(paths) };
        }
        Ok(())
    })
}
