//! The full tables' entries, section by section, as the compressor and the
//! comparison read them: one placement layer file held at a time.

use std::ops::Range;

use bagh_core::Side;

use super::encode::Source;
use super::sections::{Part, SectionShape};
use crate::layout::indexing::{colex_unrank, next_subset};
use crate::layout::Layout;
use crate::movement::entry::{tag, UNUSED};
use crate::placement::file::Values;
use crate::{MovementTable, PlacementTable, Tablebase, TablebaseError};

/// The full tables of a tablebase, read a section at a time.
pub(crate) struct FullEntries<'a> {
    layout: &'a Layout,
    movement: &'a MovementTable,
    placement: &'a PlacementTable,
    /// The layer file last read whole: its goats placed and its values.
    layer: Option<(u8, Vec<Values>)>,
}

impl<'a> FullEntries<'a> {
    /// The entries of `tables`, which must be the full ones (the movement
    /// table and every placement layer); `what` says what they are for.
    pub fn of(tables: &'a Tablebase, what: &str) -> Result<FullEntries<'a>, TablebaseError> {
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

    /// Hands `use_entries` the entries of section `shape`, reading (and
    /// checking) its placement layer file whole when it is not the one
    /// read last.
    pub fn with_section<T>(
        &mut self,
        shape: &SectionShape,
        use_entries: impl FnOnce(Source<'_>) -> T,
    ) -> Result<T, TablebaseError> {
        match shape.part {
            Part::Movement { captured, side } => {
                let l = &self.layout.layers[captured as usize];
                let base = l.offset + if side == Side::Tiger { l.block } else { 0 };
                Ok(use_entries(&movement_source(self.movement, base)))
            }
            Part::Placement { placed, captured } => {
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
                let source = placement_source(self.layout, shape, &values[captured as usize]);
                Ok(use_entries(&source))
            }
        }
    }
}

/// The entries of a movement section starting at entry `base` of the
/// movement table: don't-care where unused.
fn movement_source(
    movement: &MovementTable,
    base: u64,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Option<u16>)) + Sync + '_ {
    move |range, visit| {
        for i in range {
            let e = movement.entry(base + i);
            visit((tag(e) != UNUSED).then_some(e));
        }
    }
}

/// The entries of a placement run, read from the layer's values:
/// don't-care where the goats are not the canonical image of their
/// position under a symmetric tiger set.
fn placement_source<'a>(
    layout: &'a Layout,
    shape: &'a SectionShape,
    values: &'a Values,
) -> impl Fn(Range<u64>, &mut dyn FnMut(Option<u16>)) + Sync + 'a {
    let goats_on_board = match shape.part {
        Part::Placement { placed, captured } => u32::from(placed - captured),
        Part::Movement { .. } => 0,
    };
    move |range, visit| {
        let mut i = range.start;
        while i < range.end {
            let rep_index = (i / shape.run) as usize;
            let rep = &layout.reps[rep_index];
            let end = range.end.min((rep_index as u64 + 1) * shape.run);
            if rep.stabilizer == 1 {
                (i..end).for_each(|i| visit(Some(u16::from(values.get(i)))));
                i = end;
                continue;
            }
            // A symmetric tiger set: walk the goat sets to find the images.
            let base = rep_index as u64 * shape.run;
            let mut compact = colex_unrank(i - base, layout.free, goats_on_board);
            for index in i..end {
                let goats = layout.expand(rep, compact);
                let canonical = Layout::is_canonical(rep, goats);
                visit(canonical.then(|| u16::from(values.get(index))));
                if compact != 0 {
                    compact = next_subset(compact);
                }
            }
            i = end;
        }
    }
}
