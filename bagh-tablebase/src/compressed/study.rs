//! What the compressor sees of a section, open to the design studies of
//! the `bagh-research` crate, which ask whether another coding of the same
//! entries would be smaller: a placement section's allowed values (its
//! `prediction_runs` example) and a movement section's size under the
//! file's own coder, in either order and with or without the distances
//! (its `movement_orders` example).
//!
//! Hidden from the documentation and outside the semantic-versioning
//! promise: these are the format's internals, which change with its
//! version. A study reads them through here rather than re-deriving them,
//! so that it measures the entries the compressor codes.

use std::path::Path;

use bagh_core::{Position, Side};

use super::encode::{compress_section, Allowed, Source};
use super::full_entries::{in_door_order, movement_source};
use super::sections::{shapes, Part, RunOrder, SectionShape};
use super::tiger_bounds::{allowed, section_bounds};
use super::tokens::{class_of, MAX_RUN};
use crate::layout::indexing::colex_unrank;
use crate::layout::{position_of, Layout};
use crate::movement::entry::tag;
use crate::placement::expected;
use crate::placement::file::{layer_path, read_layer};
use crate::{CompressedTables, MovementTable, TablebaseError};

/// How the entries of each tiger set's run are numbered.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Colex order over the free points, as the full tables number them.
    Colex,
    /// Revolving-door order, as compressed files number the placement runs
    /// from format 4 and the movement runs from format 5.
    RevolvingDoor,
}

/// One placement section (the tigers to move, `placed` goats placed and
/// `captured` captured) as the compressor codes it.
pub struct PlacementSection<'a> {
    /// Goats placed.
    pub placed: u8,
    /// Goats captured.
    pub captured: u8,
    /// What each entry may hold, in the section's order: bit 0 the goats'
    /// loss, bit 1 a draw, bit 2 a win. More than one bit where a capture
    /// recovers the value (a bound), all three where no probe reads the
    /// entry.
    pub allowed: Vec<u8>,
    layout: &'a Layout,
    shape: SectionShape,
    order: Order,
}

impl PlacementSection<'_> {
    /// The position of entry `entry`, where the section is numbered in
    /// colex order; `None` in revolving-door order or past the end.
    pub fn position(&self, entry: u64) -> Option<Position> {
        if self.order != Order::Colex || entry >= self.shape.entries {
            return None;
        }
        let rules = &self.layout.rules;
        let on_board = u32::from(self.placed - self.captured);
        let rep = &self.layout.reps[(entry / self.shape.run) as usize];
        let compact = colex_unrank(entry % self.shape.run, self.layout.free, on_board);
        let goats = self.layout.expand(rep, compact);
        let in_hand = rules.goats() - self.placed;
        Some(position_of(
            rules,
            rep.bits,
            goats,
            Side::Tiger,
            in_hand,
            self.captured,
        ))
    }
}

/// Calls `each` with every placement section of `placed` goats placed,
/// numbered in `order`, from the full tables in `dir` (the movement table
/// and the layer file, which is read whole into memory).
pub fn for_each_placement_section(
    dir: &Path,
    placed: u8,
    order: Order,
    mut each: impl FnMut(&PlacementSection<'_>),
) -> Result<(), TablebaseError> {
    let movement = MovementTable::open(dir.join("movement.tb"))?;
    let layout = movement.layout();
    if placed == 0 || placed >= layout.rules.goats() {
        return Err(TablebaseError::InvalidArgument {
            name: "placed",
            value: placed.to_string(),
            expected: "from 1 to one below the rule set's goats",
        });
    }
    let expect = expected(layout, u32::from(placed), &movement);
    let layer = read_layer(&layer_path(dir, u32::from(placed)), &expect)?;
    let run_order = match order {
        Order::Colex => RunOrder::Colex,
        Order::RevolvingDoor => RunOrder::Door,
    };
    for shape in shapes(layout) {
        let Part::Placement {
            placed: p,
            captured,
        } = shape.part
        else {
            continue;
        };
        if p != placed {
            continue;
        }
        let codes = section_bounds(layout, &shape, &layer, run_order);
        let allowed = codes.iter().map(|&code| values_allowed(code)).collect();
        each(&PlacementSection {
            placed,
            captured,
            allowed,
            layout,
            shape,
            order,
        });
    }
    Ok(())
}

/// The values (bits 0 to 2: the goats' loss, draw, win) a code of
/// [`section_bounds`] allows.
fn values_allowed(code: u8) -> u8 {
    match allowed(code) {
        Allowed::Exactly(v) => 1 << v,
        Allowed::AtLeast(v) => (0b111 << v) & 0b111,
        _ => 0b111,
    }
}

/// The class the file codes a run of `length` entries in and the number of
/// extra bits that follow it; `None` for a length of 0 or above the longest
/// run the format codes.
pub fn run_length_class(length: u64) -> Option<(u32, u32)> {
    (1..=MAX_RUN).contains(&length).then(|| {
        let (class, extra, _) = class_of(length);
        (class, extra)
    })
}

/// One movement section of the full tables (`captured` goats captured,
/// `side` to move), which the file's own coder compresses on demand.
pub struct MovementSection<'a> {
    /// Goats captured.
    pub captured: u8,
    /// The side to move.
    pub side: Side,
    /// Entries.
    pub entries: u64,
    movement: &'a MovementTable,
    layout: &'a Layout,
    base: u64,
}

impl MovementSection<'_> {
    /// The bytes the section's data would take in a compressed file (code,
    /// block starts and blocks, blocks of
    /// [`CompressedTables::BLOCK_BYTES`]) with its runs numbered in
    /// `order`; without `distances`, each entry's value alone, as an entry
    /// of distance 0, which says what the distances cost.
    pub fn compressed_bytes(&self, order: Order, distances: bool) -> usize {
        let l = &self.layout.layers[usize::from(self.captured)];
        let colex = movement_source(self.movement, self.captured, self.base, self.side);
        let door = in_door_order(self.layout, l, &colex);
        let ordered: Source<'_> = match order {
            Order::Colex => &colex,
            Order::RevolvingDoor => &door,
        };
        let values = |range: std::ops::Range<u64>, visit: &mut dyn FnMut(Allowed)| {
            ordered(range, &mut |allowed| {
                visit(match allowed {
                    Allowed::Exactly(e) => Allowed::Exactly(tag(e)),
                    Allowed::NoBetter(e) => Allowed::NoBetter(tag(e)),
                    other => other,
                })
            })
        };
        let source = if distances { ordered } else { &values };
        let data = compress_section(
            source,
            self.entries,
            CompressedTables::BLOCK_BYTES,
            0,
            &|_| {},
        );
        // As a file of format 3 or later stores it (2-byte symbols, 4-byte starts).
        2 * data.symbols.len() + data.lengths.len() + 4 * data.starts.len() + data.blocks.len()
    }
}

/// Calls `each` with every movement section, in file order, of the full
/// tables in `dir` (their movement table).
pub fn for_each_movement_section(
    dir: &Path,
    mut each: impl FnMut(&MovementSection<'_>),
) -> Result<(), TablebaseError> {
    let movement = MovementTable::open(dir.join("movement.tb"))?;
    let layout = movement.layout();
    for shape in shapes(layout) {
        let Part::Movement { captured, side } = shape.part else {
            continue;
        };
        let l = &layout.layers[usize::from(captured)];
        each(&MovementSection {
            captured,
            side,
            entries: shape.entries,
            movement: &movement,
            layout,
            base: l.offset + if side == Side::Tiger { l.block } else { 0 },
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_runs_have_a_class_each_and_long_ones_extra_bits() {
        // The format's classes (docs/tablebase.md, the compressed file):
        // m = n - 1; m below 8 is its own class; else class 8 + 2(j - 3) + h
        // for an m of j + 1 bits whose second-highest bit is h, then its
        // j - 1 low bits.
        assert_eq!(run_length_class(1), Some((0, 0)));
        assert_eq!(run_length_class(8), Some((7, 0)));
        assert_eq!(run_length_class(9), Some((8, 2))); // m = 0b1000
        assert_eq!(run_length_class(13), Some((9, 2))); // m = 0b1100
        assert_eq!(run_length_class(17), Some((10, 3))); // m = 0b10000
        assert_eq!(run_length_class(0), None);
        assert_eq!(run_length_class(MAX_RUN + 1), None);
    }

    #[test]
    fn every_entry_allows_the_value_a_probe_gives() {
        let (dir, full) = super::super::tests::two_corner_tigers();
        let full_dir = dir.path().join("full");
        let goats = full.rules().goats();
        let (mut sections, mut bounds) = (0, 0);
        for placed in 1..goats {
            for_each_placement_section(&full_dir, placed, Order::Colex, |section| {
                sections += 1;
                for (entry, &mask) in section.allowed.iter().enumerate() {
                    let position = section.position(entry as u64).unwrap();
                    assert_eq!(position.side_to_move(), Side::Tiger);
                    assert_eq!(position.goats_captured(), section.captured);
                    assert_eq!(position.goats_in_hand(), goats - placed);
                    // The goats' value: the tigers' loss is their win.
                    let goats_value = match full.probe(&position).unwrap().value {
                        crate::Value::Loss => 2,
                        crate::Value::Draw => 1,
                        crate::Value::Win => 0,
                    };
                    assert_ne!(mask & (1 << goats_value), 0, "{position:?}");
                    bounds += usize::from(mask.count_ones() > 1);
                }
                assert_eq!(section.position(section.allowed.len() as u64), None);
            })
            .unwrap();
        }
        assert!(sections > 0 && bounds > 0);
        let door = for_each_placement_section(&full_dir, 1, Order::RevolvingDoor, |section| {
            assert_eq!(section.position(0), None);
        });
        assert!(door.is_ok());
        assert!(matches!(
            for_each_placement_section(&full_dir, goats, Order::Colex, |_| {}),
            Err(TablebaseError::InvalidArgument { .. })
        ));
    }

    #[test]
    fn movement_sections_in_door_order_take_the_bytes_the_file_gives_them() {
        // The file (format 5) numbers movement runs in revolving-door order
        // and stores values with their distances: the study's size of that
        // coding must be the file's own, section by section.
        let (dir, made) = super::super::tests::two_corner_tigers_compressed();
        let in_file: Vec<(String, u64)> = made
            .section_sizes()
            .into_iter()
            .filter(|s| s.movement)
            .map(|s| (s.name, s.bytes))
            .collect();
        let mut measured = Vec::new();
        let mut smaller_alone = 0;
        for_each_movement_section(&dir.path().join("full"), |section| {
            let name = Part::Movement {
                captured: section.captured,
                side: section.side,
            }
            .to_string();
            let door = section.compressed_bytes(Order::RevolvingDoor, true);
            let alone = section.compressed_bytes(Order::RevolvingDoor, false);
            assert!(section.compressed_bytes(Order::Colex, true) > 0);
            smaller_alone += usize::from(alone < door);
            measured.push((name, door as u64));
        })
        .unwrap();
        // captured 0 and 1 (the tigers win at 2), each side to move.
        assert_eq!(measured.len(), 4);
        assert_eq!(measured, in_file);
        // Dropping the distances loses information wherever a section holds
        // more than one distance of a value.
        assert!(smaller_alone > 0);
        assert!(matches!(
            for_each_movement_section(&dir.path().join("nowhere"), |_| {}),
            Err(TablebaseError::Io { .. })
        ));
    }
}
