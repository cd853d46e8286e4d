//! Tigers-to-move entries that a capture recovers, and so may be stored
//! as bounds.
//!
//! A probe of a tigers-to-move position takes the best, for the tigers,
//! of its stored entry and of its captures: in the movement phase the
//! entries of the goats to move after them (stored as they are), in
//! placement a search through the file. So where a capture reaches the
//! value (and, in the movement phase, the distance) the stored entry need
//! only be no better for the tigers: a bound, which lets the compressor
//! lengthen its runs. Elsewhere the entry is the value itself.
//!
//! A placement section stores tigers-to-move positions: their goats'
//! value is the worst, over the tiger moves, of a goats-to-move position
//! of the layer file of the same goats placed, from which
//! [`section_bounds`] works out what each entry may hold.

use std::ops::ControlFlow;

use bagh_core::{for_each_tiger_move, PointSet, Position};

use super::encode::{goodness, Allowed};
use super::sections::{RunOrder, SectionShape};
use crate::layout::door::DoorSets;
use crate::layout::indexing::{binomial, next_subset};
use crate::layout::{after_tiger_move, Layout};
use crate::movement::entry;
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
            let Some((after_tigers, after_goats, capture)) = after_tiger_move(tigers, goats, mv)
            else {
                return ControlFlow::Continue(());
            };
            any_move = true;
            let value = if capture {
                let value = if captured + 1 >= rules.capture_target() {
                    LOSS
                } else {
                    lookup(after_tigers, after_goats, captured + 1)
                };
                worst_capture = worst_capture.min(value);
                value
            } else if worst == LOSS {
                return ControlFlow::Continue(());
            } else {
                lookup(after_tigers, after_goats, captured)
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
/// `shape`'s goats placed and captured), numbered in `order`, from
/// `values`, the full tables' layer of the same goats placed; computed in
/// parallel.
pub(crate) fn section_bounds(
    layout: &Layout,
    shape: &SectionShape,
    values: &[Values],
    order: RunOrder,
) -> Vec<u8> {
    let super::sections::Part::Placement { placed, captured } = shape.part else {
        return Vec::new();
    };
    let placed = u32::from(placed);
    let goats_on_board = placed - u32::from(captured);
    let mut codes = vec![ANYTHING; shape.entries as usize];
    let run = shape.run as usize;
    // Enough representatives a task to give it a million entries or so.
    let reps_a_task = (1usize << 20).div_ceil(run.max(1)).max(1);
    let door = (order == RunOrder::Door).then(|| DoorSets::new(layout, goats_on_board));
    let fill = |(task, out): (usize, &mut [u8])| {
        for (r, entries) in out.chunks_mut(run.max(1)).enumerate() {
            let rep_index = task * reps_a_task + r;
            let rep = &layout.reps[rep_index];
            let code_of = |code: &mut u8, goats: u32| {
                if Layout::is_canonical(rep, goats) {
                    *code = tigers_to_move(layout, values, placed, rep.bits, goats, captured);
                }
            };
            match &door {
                None => {
                    let mut compact: u32 = (1u32 << goats_on_board) - 1;
                    for code in entries.iter_mut() {
                        code_of(code, layout.expand(rep, compact));
                        if compact != 0 {
                            compact = next_subset(compact);
                        }
                    }
                }
                Some(door) => {
                    for (rank, code) in entries.iter_mut().enumerate() {
                        code_of(code, door.set(rep_index, rank as u64));
                    }
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

/// The best movement entry for the tigers to move in `position` (no goats
/// in hand) that a capture gives, if they have one: a win in one where it
/// reaches the capture target, else one ply more than the entry of the
/// goats to move after it, which `goats_entry(tigers, goats, captured)`
/// reads.
pub(crate) fn best_capture<E>(
    layout: &Layout,
    position: &Position,
    mut goats_entry: impl FnMut(u32, u32, u8) -> Result<u16, E>,
) -> Result<Option<u16>, E> {
    let rules = &layout.rules;
    let captured = position.goats_captured();
    let mut best: Option<u16> = None;
    let (tigers, goats) = (position.tigers().bits(), position.goats().bits());
    let search = for_each_tiger_move(rules, position.tigers(), position.goats(), |mv| {
        let Some((after_tigers, after_goats, true)) = after_tiger_move(tigers, goats, mv) else {
            return ControlFlow::Continue(());
        };
        let entry = if captured + 1 >= rules.capture_target() {
            entry::win(1)
        } else {
            let after = match goats_entry(after_tigers, after_goats, captured + 1) {
                Ok(after) => after,
                Err(e) => return ControlFlow::Break(e),
            };
            match entry::tag(after) {
                entry::TAG_LOSS => entry::win(entry::distance(after) + 1),
                entry::TAG_WIN => entry::loss(entry::distance(after) + 1),
                _ => entry::DRAW,
            }
        };
        if best.is_none_or(|b| goodness(entry) > goodness(b)) {
            best = Some(entry);
        }
        ControlFlow::Continue(())
    });
    match search {
        ControlFlow::Break(e) => Err(e),
        ControlFlow::Continue(()) => Ok(best),
    }
}

#[cfg(test)]
mod tests {
    use bagh_core::{Move, Position, Side};

    use super::*;
    use crate::compressed::sections::{shapes, Part};
    use crate::layout::position_of;
    use crate::Value;

    #[test]
    fn codes_say_what_they_allow() {
        assert_eq!(allowed(1), Allowed::Exactly(1));
        assert_eq!(allowed(3), Allowed::AtLeast(0));
        assert_eq!(allowed(5), Allowed::AtLeast(2));
        assert_eq!(allowed(ANYTHING), Allowed::Any);
    }

    /// Every placement entry's code, checked with the full tables' probes
    /// of the tigers-to-move position and of its captures: the goats'
    /// value exactly, or a bound where a capture reaches it; and bounds
    /// are common.
    #[test]
    fn bounds_stand_where_a_capture_reaches_the_value() {
        let (_dir, full) = crate::compressed::tests::two_corner_tigers();
        let rules = *full.rules();
        let layout = Layout::new(rules);
        let goats_value = |position: &Position| {
            let probe = full.probe(position).unwrap().value;
            match position.side_to_move() {
                Side::Goat => probe,
                Side::Tiger => probe.flip(),
            }
        };
        let (mut bounds, mut entries) = (0, 0);
        for shape in shapes(&layout) {
            let Part::Placement { placed, captured } = shape.part else {
                continue;
            };
            let values = full
                .placement()
                .unwrap()
                .read_layer(u32::from(placed))
                .unwrap();
            let codes = section_bounds(&layout, &shape, &values, RunOrder::Colex);
            assert_eq!(codes.len() as u64, shape.entries);
            for (index, &code) in codes.iter().enumerate() {
                let rep = &layout.reps[index / shape.run as usize];
                let compact = crate::layout::indexing::colex_unrank(
                    index as u64 % shape.run,
                    layout.free,
                    u32::from(placed - captured),
                );
                let goats = layout.expand(rep, compact);
                if !Layout::is_canonical(rep, goats) {
                    assert_eq!(allowed(code), Allowed::Any);
                    continue;
                }
                let in_hand = rules.goats() - placed;
                let position = position_of(&rules, rep.bits, goats, Side::Tiger, in_hand, captured);
                let value = goats_value(&position);
                let best_capture = position
                    .legal_moves()
                    .into_iter()
                    .filter(|mv| matches!(mv, Move::Capture { .. }))
                    .map(|mv| {
                        let after = position.play(mv).unwrap();
                        if after.is_capture_target_reached() {
                            Value::Loss
                        } else {
                            goats_value(&after)
                        }
                    })
                    .min();
                let stored = match value {
                    Value::Loss => 0,
                    Value::Draw => 1,
                    Value::Win => 2,
                };
                let expected = if best_capture == Some(value) {
                    Allowed::AtLeast(stored)
                } else {
                    Allowed::Exactly(stored)
                };
                assert_eq!(allowed(code), expected, "{position}");
                entries += 1;
                bounds += u32::from(matches!(expected, Allowed::AtLeast(_)));
            }
        }
        assert!(bounds * 4 > entries, "{bounds} bounds of {entries} entries");
    }
}
