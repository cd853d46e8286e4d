//! The full tables' entries, section by section, as the compressor and the
//! comparison read them: one placement layer file held at a time, and what
//! each entry of the section at hand may hold.

use std::ops::Range;

use bagh_core::Side;

use super::encode::{Allowed, Source};
use super::sections::{Orders, Part, RunOrder, SectionShape};
use super::tiger_bounds::{allowed, best_capture, section_bounds};
use crate::layout::door::DoorSets;
use crate::layout::indexing::rank_among_free;
use crate::layout::{Layer, Layout};
use crate::movement::entry::{tag, UNUSED};
use crate::placement::file::Values;
use crate::{MovementTable, PlacementTable, Tablebase, TablebaseError};

/// The full tables of a tablebase, read a section at a time.
pub(crate) struct FullEntries<'a> {
    /// How the runs of each phase are numbered.
    orders: Orders,
    layout: &'a Layout,
    movement: &'a MovementTable,
    placement: &'a PlacementTable,
    /// The layer file last read whole: its goats placed and its values.
    layer: Option<(u8, Vec<Values>)>,
}

impl<'a> FullEntries<'a> {
    /// The entries of `tables`, which must be the full ones (the movement
    /// table and every placement layer), their runs numbered in `orders`;
    /// `what` says what they are for.
    pub fn of(
        tables: &'a Tablebase,
        orders: Orders,
        what: &str,
    ) -> Result<FullEntries<'a>, TablebaseError> {
        let (Some(movement), Some(placement)) = (tables.movement(), tables.placement()) else {
            return Err(TablebaseError::Unsupported {
                rules: tables.rules().to_string(),
                reason: format!(
                    "{} does not hold the full tables (the movement table and every placement layer) {what}",
                    tables.dir().display()
                ),
            });
        };
        Ok(FullEntries {
            orders,
            layout: movement.layout(),
            movement,
            placement,
            layer: None,
        })
    }

    /// The layout of the tables.
    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    /// The CRC-32 of the movement table's entries.
    pub fn movement_checksum(&self) -> u32 {
        self.movement.checksum()
    }

    /// Hands `use_entries` what each entry of section `shape` may hold,
    /// reading (and checking) its placement layer file whole when it is not
    /// the one read last.
    pub fn with_section<T>(
        &mut self,
        shape: &SectionShape,
        use_entries: impl FnOnce(Source<'_>) -> T,
    ) -> Result<T, TablebaseError> {
        match shape.part {
            Part::Movement { captured, side } => {
                let l = &self.layout.layers[captured as usize];
                let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
                let colex = movement_source(self.movement, captured, base, side);
                Ok(match self.orders.movement {
                    RunOrder::Colex => use_entries(&colex),
                    RunOrder::Door => {
                        let door = in_door_order(self.layout, l, &colex);
                        use_entries(&door)
                    }
                })
            }
            Part::Placement { placed, .. } => {
                if self.layer.as_ref().is_none_or(|(p, _)| *p != placed) {
                    drop(self.layer.take()); // free the last layer before reading the next
                    let values = self.placement.read_layer(u32::from(placed))?;
                    self.layer = Some((placed, values));
                }
                let Some((_, values)) = self.layer.as_ref() else {
                    return Err(TablebaseError::corrupt(
                        self.placement.dir(),
                        "no layer read",
                    ));
                };
                let codes = section_bounds(self.layout, shape, values, self.orders.placement);
                let source = move |range: Range<u64>, visit: &mut dyn FnMut(Allowed)| {
                    for &code in &codes[range.start as usize..range.end as usize] {
                        visit(allowed(code));
                    }
                };
                Ok(use_entries(&source))
            }
        }
    }
}

/// The entries of a movement section `colex` (in the movement table's
/// order) of layer `l`, each run's numbered sets taken in revolving-door
/// order instead.
pub(crate) fn in_door_order<'s>(
    layout: &'s Layout,
    l: &'s Layer,
    colex: Source<'s>,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Allowed)) + Sync + 's {
    let door = DoorSets::new(layout, l.k);
    move |range, visit| {
        for i in range {
            let rep = (i / l.run) as usize;
            let numbered = door.set(rep, i % l.run);
            let at = rep as u64 * l.run + rank_among_free(layout.reps[rep].bits, numbered);
            colex(at..at + 1, visit);
        }
    }
}

/// The entries of a movement section of `captured` goats captured, `side`
/// to move, starting at entry `base` of the movement table: anything where
/// unused, a bound where the tigers are to move and a capture reaches the
/// entry (see [`capture_bound`]).
pub(crate) fn movement_source(
    movement: &MovementTable,
    captured: u8,
    base: u64,
    side: Side,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Allowed)) + Sync + '_ {
    move |range, visit| {
        for i in range {
            let e = movement.entry(base + i);
            visit(if tag(e) == UNUSED {
                Allowed::Any
            } else if side == Side::Tiger && capture_bound(movement, captured, base + i, e) {
                Allowed::NoBetter(e)
            } else {
                Allowed::Exactly(e)
            });
        }
    }
}

/// Whether a capture of the tigers-to-move position at `index` of the
/// movement table (in the layer of `captured` goats captured) reaches its
/// entry `e`: then a probe, which takes the best of the stored entry and
/// of the captures, needs only an entry no better for the tigers.
fn capture_bound(movement: &MovementTable, captured: u8, index: u64, e: u16) -> bool {
    let layout = movement.layout();
    let layer = usize::from(captured);
    let position = layout.position(layer, index - layout.layers[layer].offset);
    let goats_entry = |tigers, goats, captured| {
        Ok::<_, std::convert::Infallible>(
            movement.entry(layout.slot(tigers, goats, Side::Goat, captured).index),
        )
    };
    best_capture(layout, &position, goats_entry) == Ok(Some(e))
}
