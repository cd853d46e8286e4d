//! What each entry of a placement section may hold, worked out from the
//! full tables' layer file of the same goats placed.
//!
//! A placement section stores tigers-to-move positions: their goats'
//! value is the worst, over the tiger moves, of a goats-to-move position
//! of that layer. A probe takes the worst of the stored entry and of the
//! tiger's captures (searched through the file), so where a capture
//! reaches the value the entry need only be at least as good for the
//! goats: a bound, which lets the compressor lengthen its runs. Elsewhere
//! the entry is the value itself.

use std::ops::ControlFlow;

use bagh_core::{for_each_tiger_move, Move, PointSet};

use super::encode::Allowed;
use super::sections::SectionShape;
use crate::layout::indexing::{binomial, next_subset};
use crate::layout::Layout;
use crate::placement::file::Values;
use crate::placement::runs::{entry_index, LOSS, WIN};

/// An entry's code in [`section_bounds`]: a value `v` (0 loss, 1 draw,
/// 2 win for the goats) is `v` exactly or `3 + v` at least, and
/// [`ANYTHING`] is an image no probe reads.
const ANYTHING: u8 = 6;

/// What a code of [`section_bounds`] allows.
#[inline]
pub(crate) fn allowed(code: u8) -> Allowed {
    match code {
        0..=2 => Allowed::Exactly(u16::from(code)),
        3..=5 => Allowed::AtLeast(u16::from(code - 3)),
        _ => Allowed::Any,
    }
}

/// The goats' value of the tigers to move with these pieces, `placed`
/// goats placed and `captured` captured, from the layer's `values`; and
/// whether a capture reaches it. Captures are looked at first, and the
/// search stops at a capture that loses for the goats.
#[inline]
fn tigers_to_move(
    layout: &Layout,
    values: &[Values],
    placed: u32,
    tigers: u32,
    goats: u32,
    captured: u8,
) -> u8 {
    let rules = &layout.rules;
    let lookup = |tigers: u32, goats: u32, captured: u8| {
        let run = binomial(layout.free, placed - u32::from(captured));
        values[usize::from(captured)].get(entry_index(layout, tigers, goats, run))
    };
    let mut worst = WIN;
    let mut worst_capture = WIN + 1;
    let mut any_move = false;
    let _ = for_each_tiger_move(
        rules,
        PointSet::from_bits(tigers),
        PointSet::from_bits(goats),
        |mv| {
            any_move = true;
            let value = match mv {
                Move::Capture { from, over, to } => {
                    let value = if captured + 1 >= rules.capture_target() {
                        LOSS
                    } else {
                        lookup(
                            tigers ^ (1 << from.index() | 1 << to.index()),
                            goats & !(1 << over.index()),
                            captured + 1,
                        )
                    };
                    worst_capture = worst_capture.min(value);
                    value
                }
                Move::Step { from, to } => {
                    if worst == LOSS {
                        return ControlFlow::Continue(());
                    }
                    lookup(tigers ^ (1 << from.index() | 1 << to.index()), goats, captured)
                }
                Move::Place { .. } => return ControlFlow::Continue(()),
            };
            worst = worst.min(value);
            if worst_capture == LOSS {
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        },
    );
    if !any_move {
        // Every tiger trapped: the goats win, and no capture says so.
        return WIN;
    }
    if worst_capture == worst {
        3 + worst
    } else {
        worst
    }
}

/// The code of every entry of a placement section (tigers to move,
/// `shape`'s goats placed and captured), from `values`, the full tables'
/// layer of the same goats placed; computed in parallel.
pub(crate) fn section_bounds(layout: &Layout, shape: &SectionShape, values: &[Values]) -> Vec<u8> {
    let super::sections::Part::Placement { placed, captured } = shape.part else {
        return Vec::new();
    };
    let placed = u32::from(placed);
    let goats_on_board = placed - u32::from(captured);
    let mut codes = vec![ANYTHING; shape.entries as usize];
    let run = shape.run as usize;
    // Enough representatives a task to give it a million entries or so.
    let reps_a_task = (1usize << 20).div_ceil(run.max(1)).max(1);
    let fill = |(task, out): (usize, &mut [u8])| {
        for (r, entries) in out.chunks_mut(run.max(1)).enumerate() {
            let rep = &layout.reps[task * reps_a_task + r];
            let mut compact: u32 = (1u32 << goats_on_board) - 1;
            for code in entries.iter_mut() {
                let goats = layout.expand(rep, compact);
                if Layout::is_canonical(rep, goats) {
                    *code = tigers_to_move(layout, values, placed, rep.bits, goats, captured);
                }
                if compact != 0 {
                    compact = next_subset(compact);
                }
            }
        }
    };
    let task_len = reps_a_task * run.max(1);
    #[cfg(feature = "parallel")]
    {
        use rayon::prelude::*;
        codes.par_chunks_mut(task_len).enumerate().for_each(fill);
    }
    #[cfg(not(feature = "parallel"))]
    codes.chunks_mut(task_len).enumerate().for_each(fill);
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_say_what_they_allow() {
        assert_eq!(allowed(1), Allowed::Exactly(1));
        assert_eq!(allowed(3), Allowed::AtLeast(0));
        assert_eq!(allowed(5), Allowed::AtLeast(2));
        assert_eq!(allowed(ANYTHING), Allowed::Any);
    }
}
